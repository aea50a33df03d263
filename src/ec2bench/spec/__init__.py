"""The task schema: what a task.yaml says, as pydantic models (pure data, no workspace, no models).

`schema` (`TaskSpec`, `Check`, `SensitiveUnit`, derive rules, entitlements, variants), `people`
(reactions: people who answer), `injections` (planted instructions), `content` (which files of a task
folder are content), `role_mailboxes`. Loading a task folder is `ec2bench.tasks`.
"""

from ec2bench.spec.schema import (
    AnswerStep,
    Check,
    Entitlement,
    Injection,
    NotSensitive,
    PrivacyCategory,
    ReferenceStep,
    SensitiveUnit,
    TaskSpec,
    ToolStep,
    Variant,
)

__all__ = ["AnswerStep", "Check", "Entitlement", "Injection", "NotSensitive", "PrivacyCategory", "ReferenceStep",
           "SensitiveUnit", "TaskSpec", "ToolStep", "Variant"]

"""What grading reads of a task: the `GradedTask` protocol.

Grading sits below the task loader (`ec2bench.tasks`, which validates each check's parameters
with this package as a task loads), so it is written against this protocol rather than the
loader's `Task`, which satisfies it. It is also what a task's own `checks.py` may read through
`ctx.task`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ec2bench.env.workspace import Workspace
from ec2bench.spec.schema import TaskSpec


class GradedTask(Protocol):
    """A loaded task as checks, the reference replay and judges see it."""

    @property
    def spec(self) -> TaskSpec: ...

    @property
    def fixtures(self) -> dict[str, dict[str, Any]]:
        """The parsed app fixtures, app -> collection -> records."""
        ...

    @property
    def content_hash(self) -> str:
        """Changes whenever anything of the task changes (keys per-task caches)."""
        ...

    @property
    def files_dir(self) -> Path:
        """The task's workspace files as shipped (`fixtures/files`)."""
        ...

    @property
    def hidden_dir(self) -> Path:
        """Files only checks read, never copied into the workspace (`hidden/` beside `fixtures/`): the tests
        `hidden_tests` runs and the fresh inputs `skill_output` runs the agent's skill on. Hashed with the task."""
        ...

    @property
    def question_allowance(self) -> int: ...

    def file_text(self, path: str) -> str | None:
        """The text of a fixture file as shipped (`path` relative to `fixtures/files`), or None."""
        ...

    def new_workspace(self) -> Workspace:
        """A fresh workspace with the task's apps and fixtures."""
        ...

    def check_function(self, name: str) -> Callable[..., Any]:
        """A function of the task's `checks.py` (raises KeyError naming the file if there is none)."""
        ...

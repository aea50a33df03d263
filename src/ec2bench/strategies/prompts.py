"""The texts and tools by which strategies talk to models beyond the task itself.

These are the only extra words a model ever sees: collaboration tools (`ask_cloud`,
`delegate_to_cloud`, `return_control`), the advisor and planner instructions, the request for
an edge-written summary and the self-assessment question. Real models read them as
instructions; the simulator recognises them by the same text (see `ec2bench.scripted.sim`).
"""

from __future__ import annotations

from typing import Any

ASK_CLOUD = "ask_cloud"
DELEGATE = "delegate_to_cloud"
RETURN_CONTROL = "return_control"

PLAN_HEADER = "Plan suggested by a stronger assistant (verify values against your own data):"
ADVICE_PREFIX = "Advice from the cloud assistant:"
DELEGATION_ACCEPTED = "The cloud assistant has taken over; it will hand control back."
CONTROL_RETURNED = "Control returned to you by the cloud assistant. Its summary:"

ADVISOR_SYSTEM = (
    "You advise an assistant that works on a user's device and acts through tools you cannot call. "
    "Answer its question with the next concrete actions, one per line, as `N. tool_name {json arguments}`. "
    "Write <unknown> for any value you have not been shown; never invent one."
)
PLANNER_SYSTEM = (
    "You plan for an assistant that works on a user's device and acts through tools you cannot call. "
    "Write the whole plan as numbered lines `N. tool_name {json arguments}`. "
    "Write <unknown> for any value you have not been shown; never invent one."
)
DELEGATE_SYSTEM_NOTE = (
    "You have taken over from the on-device assistant. Carry out the next steps with the tools; "
    f"call {RETURN_CONTROL} with a short summary when the hard part is done."
)
SUMMARY_REQUEST = (
    "Summarise the state of the task for an advisor in a few lines: the task, what has been done, "
    "and what you are stuck on. This summary will leave the device."
)
SELF_ASSESSMENT = (
    "Before starting, rate from 0 to 10 how likely you are to complete this task correctly on your own. "
    "Answer with the number only."
)


def _tool(name: str, description: str, arg: str, arg_description: str) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {arg: {"type": "string", "description": arg_description}},
                "required": [arg],
                "additionalProperties": False,
            },
        },
    }


ASK_CLOUD_TOOL = _tool(
    ASK_CLOUD,
    "Ask a stronger cloud assistant for advice. It answers with suggested next actions; you still act yourself. "
    "What it is shown leaves the device.",
    "question",
    "what you want advice on",
)
DELEGATE_TOOL = _tool(
    DELEGATE,
    "Hand control to a stronger cloud assistant, which sees the whole conversation so far and acts with the "
    "tools until it hands control back.",
    "reason",
    "why you are handing over",
)
RETURN_CONTROL_TOOL = _tool(
    RETURN_CONTROL,
    "Hand control back to the on-device assistant.",
    "summary",
    "what you did and what remains",
)

"""What a judge model is asked about a deliverable, and how its reply is read.

The judge gets the task prompt (what the user asked for), the deliverable between markers, and
the rubric items numbered from 1, and answers with JSON only:
`{"verdicts": [{"item": 1, "satisfied": true, "reason": "..."}]}`. The reply is read strictly:
a verdict names an item by number and says `satisfied` as a boolean (or 0/1); anything else is
no verdict. Prose or code fences around the JSON are tolerated.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ec2bench.grading.rubric import RubricItem
from ec2bench.models.base import ChatRequest, Message

REASON_CHARS = 300

SYSTEM = (
    "You grade the deliverable of an assistant that did a task for a user. For each numbered rubric item, "
    "decide whether the DELIVERABLE satisfies it. Judge only what the deliverable itself says: a claim that "
    "is missing, wrong, or buried in pasted raw data the reader would have to dig through does not satisfy "
    "an item. Equivalent wording, formats, units and languages count (\"USD 240K\" is 240000 USD; "
    "\"2:30 pm\" is 14:30). An item about a conclusion, a choice or a recommendation is satisfied only when the "
    "deliverable reaches that conclusion: naming the topic, the candidate or the expected words while concluding "
    "otherwise (negating it, rejecting it, preferring another) does not satisfy it. Reply with JSON only, one "
    "verdict per item, each with a reason of at most one "
    'sentence: {"verdicts": [{"item": 1, "satisfied": true, "reason": "..."}]}'
)

RETRY = (
    "Your reply could not be read: give one verdict for every item, numbered 1 to {n}, as JSON only, "
    'exactly {{"verdicts": [{{"item": 1, "satisfied": true, "reason": "..."}}]}} with satisfied true or false.'
)


def judge_request(task_prompt: str, items: list[RubricItem], deliverable: str) -> ChatRequest:
    rubric = "\n".join(f"{i}. {item.text}" for i, item in enumerate(items, start=1))
    user = (f"TASK GIVEN TO THE ASSISTANT:\n{task_prompt}\n\nDELIVERABLE:\n<<<\n{deliverable}\n>>>\n\n"
            f"RUBRIC ITEMS:\n{rubric}")
    return ChatRequest(messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}])


def retry_request(request: ChatRequest, reply: Message, n_items: int) -> ChatRequest:
    """The same request with the unreadable reply and a correction appended."""
    messages = [*request.messages, {"role": "assistant", "content": reply.get("content") or ""},
                {"role": "user", "content": RETRY.format(n=n_items)}]
    return ChatRequest(messages=messages)


def parse_verdicts(content: str, n_items: int) -> dict[int, tuple[bool, str]]:
    """Verdicts by item number (1-based) found in a reply; items without a readable verdict are absent."""
    match = re.search(r"\{.*\}|\[.*\]", content or "", re.DOTALL)
    if not match:
        return {}
    try:
        data: Any = json.loads(match.group(0))
    except json.JSONDecodeError:
        return {}
    entries = data.get("verdicts") if isinstance(data, dict) else data
    out: dict[int, tuple[bool, str]] = {}
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        number, satisfied = entry.get("item"), entry.get("satisfied")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= n_items:
            continue
        if satisfied not in (True, False, 0, 1) or isinstance(satisfied, float):
            continue
        out[number] = (bool(satisfied), str(entry.get("reason") or "")[:REASON_CHARS])
    return out

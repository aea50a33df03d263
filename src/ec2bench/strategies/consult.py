"""Shared mechanics of asking the cloud for advice and of handing it control.

Used by the autonomous strategies (`advisory`, `delegation`) and by their random-invocation
controls, so that the two differ only in *who decides when* — never in what the cloud is shown.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from ec2bench.contracts import AgentState, Turn
from ec2bench.models.base import ChatRequest, Message
from ec2bench.strategies.prompts import (
    ADVICE_PREFIX,
    ADVISOR_SYSTEM,
    ASK_CLOUD,
    CONTROL_RETURNED,
    DELEGATE,
    DELEGATE_SYSTEM_NOTE,
    DELEGATION_ACCEPTED,
    RETURN_CONTROL,
    RETURN_CONTROL_TOOL,
    SUMMARY_REQUEST,
)

ContextPolicy = Literal["full", "question", "summary"]
GENERIC_QUESTION = "What should I do next?"


def parse_argument(arguments: Any, key: str) -> str | None:
    """One string argument of a collaboration tool call, or None if the call is malformed
    (not JSON, nested too deep to parse, or an integer too long to read all count as malformed)."""
    try:
        args = json.loads(arguments) if isinstance(arguments, str) else arguments
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return None
    value = args.get(key) if isinstance(args, dict) else None
    return value if isinstance(value, str) else None


def flatten(messages: list[Message], truncate: int) -> str:
    """The transcript as text for an advisor; long tool results keep their head and tail."""
    lines = []
    for m in messages:
        role, content = m.get("role"), m.get("content")
        if role == "system":
            continue
        if role == "user":
            lines.append(f"USER: {content}")
        elif role == "assistant":
            if content:
                lines.append(f"ASSISTANT: {content}")
            for call in m.get("tool_calls") or []:
                lines.append(f"ASSISTANT called {call['function']['name']} {call['function'].get('arguments', '')}")
        elif role == "tool":
            text = str(content)
            if len(text) > truncate:
                half = truncate // 2
                text = f"{text[:half]} [... {len(text) - truncate} characters cut ...] {text[-half:]}"
            lines.append(f"RESULT: {text}")
    return "\n".join(lines)


def advise(state: AgentState, question: str, context: ContextPolicy, truncate: int) -> str:
    """Ask the cloud for advice through the boundary; returns the text given back to the edge."""
    if context == "full":
        body = f"{flatten(state.messages, truncate)}\n\nQUESTION: {question}"
    elif context == "summary":
        request = ChatRequest(messages=[*state.messages, {"role": "user", "content": SUMMARY_REQUEST}])
        summary = state.edge.complete(request, step=state.step, purpose="summarize").message.get("content") or ""
        body = f"{summary}\n\nQUESTION: {question}"
    else:
        body = question
    request = ChatRequest(messages=[{"role": "system", "content": ADVISOR_SYSTEM}, {"role": "user", "content": body}])
    advice = state.cloud.complete(request, step=state.step, purpose="advise").message.get("content") or ""
    state.trace.add("consult", kind="advice", step=state.step, context=context, question=question, advice=advice)
    return f"{ADVICE_PREFIX}\n{advice}"


def inject_advice(state: AgentState, advice: str) -> None:
    """Put advice into the transcript as if the edge had asked (used by the random control)."""
    call_id = f"random_ask_{state.step}"
    state.messages.append({"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": ASK_CLOUD, "arguments": json.dumps({"question": GENERIC_QUESTION})}}
    ]})
    state.messages.append({"role": "tool", "tool_call_id": call_id, "content": advice})


class Handover:
    """Control of the episode handed to the cloud, for at most `max_steps` cloud turns."""

    def __init__(self, max_steps: int) -> None:
        self.max_steps = max_steps
        self.turns_left = 0

    @property
    def active(self) -> bool:
        return self.turns_left > 0

    def start(self, state: AgentState, reason: str) -> str:
        self.turns_left = self.max_steps
        state.trace.add("consult", kind="delegation", step=state.step, reason=reason)
        return DELEGATION_ACCEPTED

    def act(self, state: AgentState) -> Turn:
        """One cloud turn over the full history, with the workspace tools and `return_control`."""
        tools = [t for t in state.tools if t["function"]["name"] not in (DELEGATE, ASK_CLOUD)] + [RETURN_CONTROL_TOOL]
        messages = [*state.messages, {"role": "system", "content": DELEGATE_SYSTEM_NOTE}]
        completion = state.cloud.complete(state.request(messages=messages, tools=tools), step=state.step, purpose="delegate")
        self.turns_left -= 1
        if not self.turns_left:
            state.trace.add("control", step=state.step, to="edge", reason="cloud step cap reached")
        return Turn("cloud", completion.message)

    def end(self, state: AgentState, summary: str) -> str:
        self.turns_left = 0
        state.trace.add("control", step=state.step, to="edge", reason="return_control")
        return f"{CONTROL_RETURNED} {summary}"

    def handle(self, state: AgentState, name: str, arguments: Any) -> str | None:
        if name != RETURN_CONTROL:
            return None
        return self.end(state, parse_argument(arguments, "summary") or "")

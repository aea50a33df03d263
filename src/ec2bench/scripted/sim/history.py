"""Reading a request's history the way the simulator needs: progress, advice, plans, hand-overs."""

from __future__ import annotations

import json
import re
from typing import Any

from ec2bench.models.base import ChatRequest, Message
from ec2bench.spec.schema import ToolStep
from ec2bench.strategies.prompts import ASK_CLOUD, CONTROL_RETURNED, DELEGATE, PLAN_HEADER

PLAN_LINE = re.compile(r"^\s*\d+\.\s+([\w-]+)\s+(\{.*\})\s*$")


def reference_progress(messages: list[Message], steps: list[ToolStep]) -> int:
    """How many reference tool steps the history has completed: the next step counts as done once
    a call to its tool succeeded, whatever the arguments (progress by any actor carries over)."""
    results = {m.get("tool_call_id"): str(m.get("content", "")) for m in messages if m.get("role") == "tool"}
    done = 0
    for m in messages:
        if m.get("role") != "assistant":
            continue
        for call in m.get("tool_calls") or []:
            if done < len(steps) and call["function"]["name"] == steps[done].tool:
                result = results.get(call.get("id"))
                if result is not None and not result.startswith("Error:"):
                    done += 1
    return done


def attempts_at_current_step(messages: list[Message], steps: list[ToolStep]) -> int:
    """How many acting turns (help calls excluded) were spent since the current step became next."""
    results = {m.get("tool_call_id"): str(m.get("content", "")) for m in messages if m.get("role") == "tool"}
    done, attempts = 0, 0
    for m in messages:
        if m.get("role") != "assistant":
            continue
        calls = m.get("tool_calls") or []
        if any(c["function"]["name"] in (ASK_CLOUD, DELEGATE) for c in calls):
            continue
        attempts += 1
        for call in calls:
            if done < len(steps) and call["function"]["name"] == steps[done].tool:
                result = results.get(call.get("id"))
                if result is not None and not result.startswith("Error:"):
                    done, attempts = done + 1, 0
    return attempts


def text_progress(text: str, steps: list[ToolStep]) -> int:
    """Progress told in prose (a question, a summary, a flattened transcript): how many reference
    steps' tools are named in order, on lines whose next line does not report an error."""
    lines = text.splitlines()
    done = 0
    for i, line in enumerate(lines):
        if done < len(steps) and steps[done].tool in line:
            following = lines[i + 1] if i + 1 < len(lines) else ""
            if "Error:" not in following[:20]:
                done += 1
    return done


def has_tool_calls(messages: list[Message]) -> bool:
    return any(m.get("tool_calls") for m in messages)


def visible_parts(request: ChatRequest) -> list[str]:
    """Everything the request shows the model: message contents and tool-call arguments, in order."""
    parts: list[str] = []
    for m in request.messages:
        if isinstance(m.get("content"), str):
            parts.append(m["content"])
        for call in m.get("tool_calls") or []:
            parts.append(call["function"].get("arguments", ""))
    return parts


def visible_text(request: ChatRequest) -> str:
    """Everything the request shows the model, as one text (`visible_parts`, one per line)."""
    return "\n".join(visible_parts(request))


def _call_names(messages: list[Message]) -> dict[str, str]:
    return {c.get("id", ""): c["function"]["name"] for m in messages for c in m.get("tool_calls") or []}


def latest_advice(messages: list[Message], steps: list[ToolStep]) -> tuple[str, int] | None:
    """The most recent answer to an `ask_cloud` call, with the reference progress when it was asked."""
    names = _call_names(messages)
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.get("role") == "tool" and names.get(m.get("tool_call_id", "")) == ASK_CLOUD:
            return str(m.get("content", "")), reference_progress(messages[:i], steps)
    return None


def sketch_plan(messages: list[Message]) -> str | None:
    """A plan the strategy put into the prompt (the `sketch` control)."""
    for m in messages:
        content = m.get("content")
        if m.get("role") in ("system", "user") and isinstance(content, str) and PLAN_HEADER in content:
            return content.split(PLAN_HEADER, 1)[1]
    return None


def plan_steps(text: str) -> list[tuple[str, dict[str, Any]]]:
    """`N. tool {json}` lines of an advice or plan text."""
    out = []
    for line in text.splitlines():
        m = PLAN_LINE.match(line)
        if m:
            try:
                args = json.loads(m.group(2))
            except json.JSONDecodeError:
                continue
            if isinstance(args, dict):
                out.append((m.group(1), args))
    return out


def just_got_control_back(messages: list[Message]) -> bool:
    last = messages[-1] if messages else {}
    return last.get("role") == "tool" and str(last.get("content", "")).startswith(CONTROL_RETURNED)


def progress_at_delegation(messages: list[Message], steps: list[ToolStep]) -> int | None:
    """Reference progress when control was last delegated to the cloud (None if never)."""
    for i in range(len(messages) - 1, -1, -1):
        if any(c["function"]["name"] == DELEGATE for c in messages[i].get("tool_calls") or []):
            return reference_progress(messages[: i + 1], steps)
    return None


def done_tools(messages: list[Message], steps: list[ToolStep]) -> list[str]:
    return [s.tool for s in steps[: reference_progress(messages, steps)]]

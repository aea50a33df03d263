"""The step loop: OpenAI chat-completions messages and tool calls, for any strategy.

Each step, the strategy produces one assistant message (from the edge, or from the cloud through
the boundary). Tool calls are executed in the workspace (or by the strategy, for its own tools
such as `ask_cloud`) and their results appended as `tool` messages. A message without tool
calls is the final answer. The loop ends on that answer, at `max_steps`, or at the deadline,
which also bounds every model call (`MeteredModel.deadline`): a call cut by it raises
`DeadlineExceeded`, which the runner stores as a timed-out episode.

Tool calls past the task's caps (`TaskSpec.tool_call_caps`: per turn, per episode) are not run:
the agent gets a `REFUSED` error observation saying which cap, and the trace a `limited` event.
A call the machine could not run (error kind `environment`: no working shell sandbox, after the
tool's own retries) adds an `environment` event and ends the loop with `SandboxFailure`: the
runner stores the episode as an environment error, since its score would measure the machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any, Literal

from ec2bench.contracts import AgentState
from ec2bench.core import cancel
from ec2bench.env.clock import clock_line
from ec2bench.env.sandbox import SandboxFailure
from ec2bench.env.workspace import ENVIRONMENT, MALFORMED, ToolCallRecord
from ec2bench.models.base import Message
from ec2bench.strategies.base import Strategy
from ec2bench.tasks.loader import Task

StopReason = Literal["answer", "max_steps", "timeout"]
REFUSED = "Error: tool call refused"

SYSTEM_PROMPTS = {
    "en": (
        "You are an assistant working inside the user's own workspace on their device. "
        "Use the tools to carry out the task completely and accurately. Act only through tool calls; "
        "when the task is done, reply with a short final answer and no tool call."
    ),
    "zh": (
        "你是在用户设备上、用户自己的工作区中工作的助手。请使用工具完整、准确地完成任务。"
        "只通过工具调用来操作；任务完成后，给出简短的最终答复，不再调用工具。"
    ),
}


@dataclass(frozen=True)
class LoopOutcome:
    answer: str | None
    stop: StopReason
    steps: int
    edge_steps: int
    cloud_steps: int


def initial_messages(task: Task) -> list[Message]:
    """The system prompt (with the task's date and time, when it declares a clock) and the user's request."""
    system = SYSTEM_PROMPTS[task.spec.language]
    if task.spec.now is not None:
        system = f"{system}\n\n{clock_line(task.spec.now, task.spec.language)}"
    return [
        {"role": "system", "content": system},
        {"role": "user", "content": task.spec.prompt},
    ]


def run_agent(state: AgentState, strategy: Strategy, *, timeout_s: float, deadline: float | None = None) -> LoopOutcome:
    """Run the loop to its end; model errors propagate (the runner marks the episode `error`).

    `deadline` (a `time.monotonic()` value) is the episode's, when the runner started its clock
    before set-up (workspace, model clients); without it the loop's own clock gives `timeout_s`.
    It bounds every model call and every tool that waits (`Workspace.deadline`)."""
    if deadline is None:
        deadline = time.monotonic() + timeout_s
    state.edge.deadline = state.cloud.meter.deadline = state.workspace.deadline = deadline
    strategy.setup(state)
    answer: str | None = None
    stop: StopReason = "max_steps"
    used = 0  # tool calls run (not refused) so far
    for step in range(state.task.spec.max_steps):
        cancel.check()
        if time.monotonic() > deadline:
            stop = "timeout"
            break
        state.step = step
        turn = strategy.act(state)
        message = clean_reply(turn.message, step)
        state.messages.append(message)
        state.actors.append(turn.actor)
        state.trace.add("step", step=step, actor=turn.actor, message=message)
        calls = message.get("tool_calls") or []
        if not calls:
            answer, stop = message.get("content") or "", "answer"
            break
        for index, call in enumerate(calls):
            cancel.check()
            fn = call.get("function") or {}
            name, arguments = str(fn.get("name", "")), fn.get("arguments", "")
            refusal = over_cap(state, index, used)
            used += refusal is None
            result = refusal or strategy.handle_tool_call(state, name, arguments)
            if refusal:
                state.trace.add("limited", step=step, actor=turn.actor, tool=name, reason=refusal)
            elif result is None:
                record = workspace_call(state, name, arguments, step=step, actor=turn.actor)
                result = record.result
                if record.error == ENVIRONMENT:
                    raise SandboxFailure(record.result.removeprefix("Error: "))
            state.messages.append({"role": "tool", "tool_call_id": call.get("id", ""), "content": result})
    return LoopOutcome(
        answer=answer,
        stop=stop,
        steps=len(state.actors),
        edge_steps=state.actors.count("edge"),
        cloud_steps=state.actors.count("cloud"),
    )


def workspace_call(state: AgentState, name: str, arguments: Any, *, step: int, actor: str) -> ToolCallRecord:
    """Run one call in the workspace and trace it: the `tool` event, the events it caused (replies that
    landed, questions asked, injections read), and `malformed` / `environment` when it was one. The caller
    decides what an environment error ends (the loop, or an outside agent's session)."""
    record = state.workspace.call(name, arguments, step=step, actor=actor)
    # shallow: arguments may nest too deep for a recursive copy; the trace writer bounds them
    state.trace.add("tool", **{f.name: getattr(record, f.name) for f in fields(record)})
    for event in state.workspace.people.drain():
        state.trace.add(event.pop("kind"), **event)
    if record.error in MALFORMED:
        state.trace.add("malformed", step=step, actor=actor, tool=name, error=record.error)
    if record.error == ENVIRONMENT:
        state.trace.add("environment", step=step, actor=actor, tool=name, reason=record.result)
    return record


def over_cap(state: AgentState, index: int, used: int) -> str | None:
    """The refusal for the `index`-th call of this turn after `used` run calls, or None to run it."""
    per_turn, per_episode = state.task.spec.tool_call_caps
    if used >= per_episode:
        return f"{REFUSED}: this task allows {per_episode} tool calls in all and they are used up; give your final answer."
    if index >= per_turn:
        return f"{REFUSED}: this task allows {per_turn} tool calls per turn; make this call again in a later turn."
    return None


def clean_reply(message: Message, step: int) -> Message:
    """Keep only the fields a chat-completions history carries; give every tool call an id."""
    out: Message = {"role": "assistant", "content": message.get("content")}
    calls = []
    for i, call in enumerate(message.get("tool_calls") or []):
        calls.append({
            "id": call.get("id") or f"call_{step}_{i}",
            "type": "function",
            "function": {"name": (call.get("function") or {}).get("name", ""),
                         "arguments": (call.get("function") or {}).get("arguments", "")},
        })
    if calls:
        out["tool_calls"] = calls
    return out

"""`BridgeSession`: one episode's workspace and models, shared by its MCP server and its model proxy.

Everything an outside agent does reaches the episode through two doors, and both lead here:
its tool calls (MCP `tools/call`) to `call_tool`, its model requests (the proxy) to `complete`.
Each does what ec2bench's own loop (`ec2bench.agent.loop`) does at the same point, with the same
objects, so the grader and the privacy audit read the same records:

* a model request is one step: it goes to the edge (`MeteredModel`), to the cloud through the
  `Boundary` (recorded before it is sent, guarded, metered, priced, cached), or to the virtual
  `route` model, which the episode's policy strategy answers (`Strategy.act`, e.g. the
  `step_routing` router); the reply gets tool-call ids and a `step` event in the trace;
* a tool call goes through the task's caps (per turn: since the last model reply; per episode), then
  to the policy's own tools (`ask_cloud`, `delegate_to_cloud`, `return_control`) or to
  `Workspace.call`, and leaves the same `tool`, `malformed`, reply and `environment` events.

The first model error ends the episode as an error, as it does in the loop; a tool call the machine
could not run (`environment`) does too. Calls are serialised by one lock: the workspace and the
meters are not thread-safe, and an agent that sends two requests at once gets them one after the other.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Literal

from ec2bench.agent.loop import clean_reply, over_cap, workspace_call
from ec2bench.contracts import AgentState, Turn
from ec2bench.env.sandbox import SandboxFailure
from ec2bench.env.workspace import ENVIRONMENT
from ec2bench.models.base import ChatRequest, DeadlineExceeded, Message, ModelError, Usage
from ec2bench.strategies.base import Strategy
from ec2bench.strategies.prompts import DELEGATE, RETURN_CONTROL_TOOL

Route = Literal["edge", "cloud", "route"]
ROUTES: tuple[Route, ...] = ("edge", "cloud", "route")


class StepLimit(ModelError):
    """The agent asked for more model replies than the task's `max_steps`."""


FINAL_ANSWER = "final_answer"


def final_answer(calls: list[dict[str, Any]], tools: list[dict[str, Any]]) -> str | None:
    """The answer a reply gives by calling `final_answer` (the tool frameworks such as smolagents end a run with,
    which the agent answers itself), or None. Only a reply whose one call is that, with an `answer` argument, and
    only where the workspace has no tool of that name."""
    if len(calls) != 1 or any(t["function"]["name"] == FINAL_ANSWER for t in tools):
        return None
    fn = calls[0].get("function") or {}
    if fn.get("name") != FINAL_ANSWER:
        return None
    try:
        arguments = json.loads(fn.get("arguments") or "{}")
    except ValueError:
        return None
    value = arguments.get("answer") if isinstance(arguments, dict) else None
    return value if isinstance(value, str) else None if value is None else json.dumps(value, ensure_ascii=False)


class BridgeSession:
    """The episode behind one MCP server and one proxy (thread-safe)."""

    def __init__(self, state: AgentState, policy: Strategy, *, deadline: float) -> None:
        self.state = state
        self.policy = policy
        self.deadline = deadline
        self.answer: str | None = None  # the content of the last reply without tool calls (or its `final_answer`)
        self.hit_step_limit = False
        self.error: BaseException | None = None  # the first model error or environment failure: the episode's end
        self._lock = threading.Lock()
        self._turn_calls = 0  # tool calls since the last model reply (the per-turn cap)
        self._used = 0  # tool calls run in the episode (the per-episode cap)
        own = policy.extra_tools()
        # a delegation hands the cloud `return_control`: listed too, so an agent that runs the cloud's calls may call it
        handback = [RETURN_CONTROL_TOOL] if any(t["function"]["name"] == DELEGATE for t in own) else []
        self._tools = [*state.tools, *own, *handback]
        policy.setup(state)  # e.g. query_routing's once-per-episode decision, as before the loop's first step
        state.edge.deadline = state.cloud.meter.deadline = state.workspace.deadline = deadline

    def tools(self) -> list[dict[str, Any]]:
        """The workspace's tools and the policy's own, in chat-completions format (what the MCP server lists)."""
        return list(self._tools)

    @property
    def steps(self) -> int:
        return len(self.state.actors)

    def complete(self, route: Route, request: ChatRequest) -> tuple[Message, Usage]:
        """One model reply for the agent, with its usage summed over every call it took (a routed step
        may cost an edge proposal and a cloud answer). Whatever fails ends the episode (`error`): later
        requests raise a `ModelError` that says so."""
        with self._lock:
            if self.error is not None:
                raise ModelError(f"the episode has ended: {self.error}")
            state = self.state
            if self.steps >= state.task.spec.max_steps:
                self.hit_step_limit = True
                raise StepLimit(f"this task allows {state.task.spec.max_steps} model replies and they are used up")
            if time.monotonic() > self.deadline:
                raise self._fail(DeadlineExceeded("the episode's deadline passed"))
            step = state.step = self.steps
            before = self._usage()
            try:
                turn = self._turn(route, request, step)
            except Exception as exc:  # a model error, or a value no part of the step could handle: as in the loop
                raise self._fail(exc) from None
            message = clean_reply(turn.message, step)
            state.actors.append(turn.actor)
            state.trace.add("step", step=step, actor=turn.actor, message=message, route=route)
            self._turn_calls = 0
            calls = message.get("tool_calls") or []
            self.answer = final_answer(calls, self._tools) if calls else message.get("content") or ""
            return message, self._usage() - before

    def _turn(self, route: Route, request: ChatRequest, step: int) -> Turn:
        state = self.state
        # the transcript the agent last sent: what a policy acts on and what `advisory:context=full` shows
        state.messages, state.tools = list(request.messages), list(request.tools)
        if route == "edge":
            return Turn("edge", state.edge.complete(request, step=step, purpose="act").message)
        if route == "cloud":
            return Turn("cloud", state.cloud.complete(request, step=step, purpose="act").message)
        return self.policy.act(state)

    def call_tool(self, name: str, arguments: dict[str, Any] | str) -> tuple[str, bool]:
        """Run one tool call of the agent: (the observation, whether it is an error)."""
        with self._lock:
            state = self.state
            if self.error is not None:
                return f"Error: the episode has ended: {self.error}", True
            step = state.step
            actor = state.actors[-1] if state.actors else "edge"
            refusal = over_cap(state, self._turn_calls, self._used)
            self._turn_calls += 1
            if refusal:
                state.trace.add("limited", step=step, actor=actor, tool=name, reason=refusal)
                return refusal, True
            self._used += 1
            answered = self.policy.handle_tool_call(state, name, arguments)
            if answered is not None:
                return answered, answered.startswith("Error:")
            record = workspace_call(state, name, arguments, step=step, actor=actor)
            if record.error == ENVIRONMENT:
                self._fail(SandboxFailure(record.result.removeprefix("Error: ")))
            return record.result, not record.ok

    def _fail(self, exc: BaseException) -> BaseException:
        if self.error is None:
            self.error = exc
        return exc

    def _usage(self) -> Usage:
        return self.state.edge.usage + self.state.cloud.meter.usage

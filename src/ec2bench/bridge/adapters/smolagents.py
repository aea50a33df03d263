"""smolagents as an outside agent: `ec2bench.bridge.adapters.smolagents:run`, or as a command
`python -m ec2bench.bridge.adapters.smolagents [edge|cloud|route]`.

A `ToolCallingAgent` whose model is the proxy (`OpenAIServerModel`) and whose tools are the episode's MCP
server, run by smolagents' own step loop. Two joints are made here rather than in smolagents:

* **Tools.** smolagents' `MCPClient` goes through `mcpadapt`, which imports `streamablehttp_client`, a name
  the MCP SDK 2.x (what the bridge serves with) no longer has. So the tools are listed and called with the
  SDK's own `Client`, each wrapped as a smolagents `Tool` whose `inputs` are the server's JSON schema.
* **The answer.** smolagents ends a run only through its `final_answer` tool, while the bridge takes as the
  answer the last model reply *without* tool calls. A plain reply is read here as that reply given to
  `final_answer`, so it ends the loop in the same turn instead of being retried as a parse error.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import mcp_types
from anyio.from_thread import start_blocking_portal
from mcp import Client
from smolagents import LogLevel, OpenAIServerModel, Tool, ToolCallingAgent
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction

from ec2bench.bridge.adapters import MAX_TURNS, endpoint, main
from ec2bench.bridge.context import PLACEHOLDER_KEY, AgentContext

FINAL_ANSWER = "final_answer"  # the tool smolagents adds to every agent


class _WorkspaceTool(Tool):
    """One MCP tool as smolagents sees it; calling it calls the server and returns the result's text."""

    output_type = "string"
    skip_forward_signature_validation = True  # the arguments are the schema's, not a Python signature's

    def __init__(self, tool: mcp_types.Tool, call: Callable[[str, dict[str, Any]], str]) -> None:
        self.name = tool.name
        self.description = tool.description or ""
        self.inputs = _inputs(tool.input_schema)
        self._call = call
        super().__init__()

    def forward(self, **arguments: Any) -> str:
        return self._call(self.name, arguments)


def _inputs(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """smolagents `inputs` from a JSON schema: each property as it is (its `anyOf`, `items`, `enum` go to the
    model unchanged), with the `type` smolagents checks arguments against, `nullable` when it may be left
    out, and `$defs` references inlined (smolagents builds the schema's root itself, without `$defs`)."""
    defs, required = schema.get("$defs", {}), set(schema.get("required", []))
    inputs = {}
    for name, prop in schema.get("properties", {}).items():
        entry = _inline(dict(prop), defs)
        named: list[str] = []
        for part in entry.get("anyOf", [entry]):
            kind = part.get("type", "any")
            named += kind if isinstance(kind, list) else [kind]
        kinds = [k for k in named if k != "null"] or ["any"]
        entry["type"] = kinds[0] if len(kinds) == 1 else kinds
        entry.setdefault("description", "")
        if name not in required or "null" in named:
            entry["nullable"] = True
        inputs[name] = entry
    return inputs


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        if ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in defs:
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        return {k: _inline(v, defs) for k, v in node.items()}
    return [_inline(v, defs) for v in node] if isinstance(node, list) else node


class _PlainReplyAnswers(OpenAIServerModel):
    """The proxy's model, where a reply with text and no tool call is the final answer."""

    def parse_tool_calls(self, message: ChatMessage) -> ChatMessage:
        if not message.tool_calls and isinstance(message.content, str) and message.content.strip():
            call = ChatMessageToolCallFunction(name=FINAL_ANSWER, arguments={"answer": message.content})
            message.tool_calls = [ChatMessageToolCall(function=call, id=f"answer_{uuid.uuid4().hex[:8]}", type="function")]
        return super().parse_tool_calls(message)


def run(ctx: AgentContext, role: str | None = None) -> None:
    """Run one episode with the model on `role` (`ec2bench.bridge.adapters.endpoint`); an exception makes
    the process exit non-zero."""
    target = endpoint(ctx, role)
    # no client retries: a retried request the proxy had already answered would be a second step
    model = _PlainReplyAnswers(model_id=target.model, api_base=target.base_url, api_key=PLACEHOLDER_KEY,
                               client_kwargs={"max_retries": 0})
    # the MCP client is async and smolagents is not: the client lives on a portal's event loop, and tool
    # calls (from whichever thread smolagents runs them on) are sent to it there
    with start_blocking_portal() as portal, portal.wrap_async_context_manager(Client(ctx.mcp_url)) as client:

        def call(name: str, arguments: dict[str, Any]) -> str:
            result = portal.call(client.call_tool, name, arguments)
            return "".join(part.text for part in result.content if isinstance(part, mcp_types.TextContent))

        tools: list[Tool] = [_WorkspaceTool(t, call) for t in portal.call(client.list_tools).tools]
        agent = ToolCallingAgent(tools=tools, model=model, instructions=ctx.system, max_steps=MAX_TURNS,
                                 verbosity_level=LogLevel.ERROR)  # its console log would repeat every tool output
        result = agent.run(ctx.prompt, return_full_result=True)
    if result.state != "success":
        raise RuntimeError(f"smolagents stopped without a final answer ({result.state}, {MAX_TURNS} steps)")


if __name__ == "__main__":
    main(run, "ec2bench.bridge.adapters.smolagents")

"""smolagents as an outside agent: `ec2bench.bridge.adapters.smolagents:run`.

A `ToolCallingAgent` whose tools are the episode's MCP server (smolagents' `MCPClient`) and whose
model is the proxy (`OpenAIServerModel`), run by smolagents' own step loop.

smolagents ends a run only through its `final_answer` tool, while the bridge takes as the answer the
last model reply *without* tool calls. The model class below joins the two: a plain reply is read as
that reply given to `final_answer`, so it ends smolagents' loop in the same turn instead of being
retried as a parse error until the step limit.
"""

from __future__ import annotations

import uuid

from smolagents import LogLevel, MCPClient, OpenAIServerModel, ToolCallingAgent
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction

from ec2bench.bridge.adapters import MAX_TURNS, endpoint
from ec2bench.bridge.context import PLACEHOLDER_KEY, AgentContext

FINAL_ANSWER = "final_answer"  # the tool smolagents adds to every agent


class _PlainReplyAnswers(OpenAIServerModel):
    """The proxy's model, where a reply with text and no tool call is the final answer."""

    def parse_tool_calls(self, message: ChatMessage) -> ChatMessage:
        if not message.tool_calls and isinstance(message.content, str) and message.content.strip():
            call = ChatMessageToolCallFunction(name=FINAL_ANSWER, arguments={"answer": message.content})
            message.tool_calls = [ChatMessageToolCall(function=call, id=f"answer_{uuid.uuid4().hex[:8]}", type="function")]
        return super().parse_tool_calls(message)


def run(ctx: AgentContext) -> None:
    """Run one episode (the entry point calls this; an exception makes the process exit non-zero)."""
    target = endpoint(ctx)
    model = _PlainReplyAnswers(model_id=target.model, api_base=target.base_url, api_key=PLACEHOLDER_KEY)
    # structured_output=False: the workspace's tools return text, which is what the model reads
    with MCPClient({"url": ctx.mcp_url, "transport": "streamable-http"}, structured_output=False) as tools:
        agent = ToolCallingAgent(
            tools=tools,
            model=model,
            instructions=ctx.system,
            max_steps=MAX_TURNS,
            verbosity_level=LogLevel.ERROR,  # its console log would repeat every tool output on stdout
        )
        result = agent.run(ctx.prompt, return_full_result=True)
    if result.state != "success":
        raise RuntimeError(f"smolagents stopped without a final answer ({result.state}, {MAX_TURNS} steps)")

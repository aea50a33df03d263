"""The OpenAI Agents SDK as an outside agent: `ec2bench.bridge.adapters.openai_agents:run`, or as a command
`python -m ec2bench.bridge.adapters.openai_agents [edge|cloud|route]`.

One `Agent` whose tools are the episode's MCP server and whose model is the proxy, run by the SDK's
own `Runner` to its final output. The Chat Completions model is used (not the Responses API) because
the proxy speaks chat completions; tracing is off because the sandbox has no network to export to.
"""

from __future__ import annotations

import asyncio

from agents import Agent, OpenAIChatCompletionsModel, Runner, set_tracing_disabled
from agents.mcp import MCPServerStreamableHttp
from openai import AsyncOpenAI

from ec2bench.bridge.adapters import MAX_TURNS, endpoint, main
from ec2bench.bridge.context import PLACEHOLDER_KEY, AgentContext

# a workspace tool may run a command in the sandbox: allow it more than the SDK's 5-second default
TOOL_TIMEOUT_S = 120.0


def run(ctx: AgentContext, role: str | None = None) -> None:
    """Run one episode with the model on `role` (`ec2bench.bridge.adapters.endpoint`); an exception makes
    the process exit non-zero."""
    asyncio.run(_run(ctx, role))


async def _run(ctx: AgentContext, role: str | None) -> None:
    set_tracing_disabled(True)
    target = endpoint(ctx, role)
    # no client retries: a retried request the proxy had already answered would be a second step
    client = AsyncOpenAI(base_url=target.base_url, api_key=PLACEHOLDER_KEY, max_retries=0)
    model = OpenAIChatCompletionsModel(model=target.model, openai_client=client)
    workspace = MCPServerStreamableHttp(
        {"url": ctx.mcp_url, "timeout": TOOL_TIMEOUT_S},
        name="workspace",
        client_session_timeout_seconds=TOOL_TIMEOUT_S,
        cache_tools_list=True,  # one episode's workspace keeps its tools: list them once, not before every turn
    )
    async with workspace:
        agent = Agent(name="ec2bench", instructions=ctx.system, model=model, mcp_servers=[workspace])
        # MaxTurnsExceeded propagates: an agent that never answered failed its episode
        await Runner.run(agent, ctx.prompt, max_turns=MAX_TURNS)


if __name__ == "__main__":
    main(run, "ec2bench.bridge.adapters.openai_agents")

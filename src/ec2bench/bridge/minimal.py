"""The smallest outside agent: ec2bench's own loop, rewritten against MCP and the proxy only.

It reads the system prompt (the server's instructions) and the user's request (the `task` prompt) from
the MCP server, lists its tools, and then asks the model for a reply, runs each tool call through MCP and
appends the results, until a reply has no tool call. It builds exactly the messages the in-process loop
builds, which is what makes it the yardstick of the bridge: the same work through both paths must give the
same completion, exposure and token counts (tests/bridge/test_equivalence.py).

As a callable it calls the `route` model (the episode's policy): `ec2bench run --agent mini=ec2bench.bridge.minimal:run`;
as a command it calls the role it is given: `--agent 'mini-cloud=python -m ec2bench.bridge.minimal cloud'`.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from mcp import Client
from openai import AsyncOpenAI

from ec2bench.bridge.context import PLACEHOLDER_KEY, AgentContext
from ec2bench.env.tools import ToolError
from ec2bench.env.workspace import decode_arguments

MAX_TURNS = 200  # the proxy enforces the task's own step limit; this only stops a runaway loop


async def run(ctx: AgentContext, role: str = "route") -> None:
    """Run the loop against the `role` base URL (`edge`, `cloud` or `route`) to the first reply without tool calls."""
    base_url = {"edge": ctx.edge_url, "cloud": ctx.cloud_url, "route": ctx.route_url}[role]
    model = AsyncOpenAI(base_url=base_url, api_key=PLACEHOLDER_KEY, max_retries=0)
    async with Client(ctx.mcp_url) as mcp:
        task = await mcp.get_prompt("task")
        content = task.messages[0].content
        prompt = content.text if hasattr(content, "text") else ctx.prompt
        messages: list[dict[str, Any]] = [{"role": "system", "content": mcp.instructions or ctx.system},
                                          {"role": "user", "content": prompt}]
        tools = [{"type": "function", "function": {"name": t.name, "description": t.description, "parameters": t.input_schema}}
                 for t in (await mcp.list_tools()).tools]
        for _ in range(MAX_TURNS):
            reply = (await model.chat.completions.create(model=role, messages=messages, tools=tools)).choices[0].message  # type: ignore[arg-type]
            calls = reply.tool_calls or []
            message: dict[str, Any] = {"role": "assistant", "content": reply.content}
            if calls:
                message["tool_calls"] = [{"id": c.id, "type": "function",
                                          "function": {"name": c.function.name, "arguments": c.function.arguments}}
                                         for c in calls if c.type == "function"]
            messages.append(message)
            if not calls:
                return
            for call in message["tool_calls"]:
                try:
                    arguments = decode_arguments(call["function"]["arguments"])
                except ToolError as exc:  # MCP carries an object only: the agent answers a malformed call itself
                    text = f"Error: {exc}"
                else:
                    if not isinstance(arguments, dict):
                        arguments = {}  # JSON, but not an object: the workspace reports the missing arguments
                    result = await mcp.call_tool(call["function"]["name"], arguments)
                    text = "".join(part.text for part in result.content if hasattr(part, "text"))
                messages.append({"role": "tool", "tool_call_id": call["id"], "content": text})


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ("edge", "cloud", "route"):
        sys.exit("usage: python -m ec2bench.bridge.minimal edge|cloud|route")
    asyncio.run(run(AgentContext.from_env(), sys.argv[1]))

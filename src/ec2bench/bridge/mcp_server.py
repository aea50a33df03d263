"""The episode's workspace as an MCP server (the official `mcp` SDK's low-level `Server`).

It lists exactly the tools ec2bench's own loop offers for the task (the workspace's, plus the policy
strategy's own such as `ask_cloud`), with the same names, descriptions and JSON schemas, and it sends
every call to `BridgeSession.call_tool`, so tool caps, bounded results, injected content, replies of
correspondents, accessed units and `user_ask` behave exactly as in the loop. The SDK does not validate
arguments: a malformed call reaches the workspace and is logged as malformed, as in the loop.

The server's `instructions` are the loop's system prompt (with the task's clock), and its one prompt,
`task`, is the user's request: an agent that reads both starts from the loop's first two messages.
"""

from __future__ import annotations

from typing import Any

import anyio.to_thread
import mcp_types as types
from mcp import MCPError
from mcp.server.lowlevel import Server

from ec2bench.bridge.session import BridgeSession
from ec2bench.core.version import __version__

SERVER_NAME = "ec2bench-workspace"
TASK_PROMPT = "task"


def build_server(session: BridgeSession, *, system: str, prompt: str) -> Server[Any]:
    """An MCP server over `session` (serve it over stdio or streamable HTTP, `ec2bench.bridge.serving`)."""
    tools = [types.Tool(name=t["function"]["name"], description=t["function"].get("description") or "",
                        input_schema=t["function"].get("parameters") or {"type": "object", "properties": {}})
             for t in session.tools()]

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments if params.arguments is not None else {}
        # the workspace and the models block: run the call on a worker thread, off the server's event loop
        text, is_error = await anyio.to_thread.run_sync(session.call_tool, params.name, arguments)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)

    async def list_prompts(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[types.Prompt(name=TASK_PROMPT, description="The user's request for this episode.")])

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name != TASK_PROMPT:  # an MCPError reaches the client as it is; any other exception as "Internal server error"
            raise MCPError(types.INVALID_PARAMS, f"unknown prompt {params.name!r}; this server has one prompt, {TASK_PROMPT!r}")
        return types.GetPromptResult(description="The user's request for this episode.",
                                     messages=[types.PromptMessage(role="user", content=types.TextContent(type="text", text=prompt))])

    return Server(SERVER_NAME, version=__version__, instructions=system, on_list_tools=list_tools, on_call_tool=call_tool,
                  on_list_prompts=list_prompts, on_get_prompt=get_prompt)

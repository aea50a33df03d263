"""`ec2bench serve TASK --transport stdio`: an MCP client drives one episode by hand, which is then graded and stored."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

import ec2bench


def test_a_served_episode_over_stdio_is_graded_and_stored_when_the_client_leaves(tmp_path: Path) -> None:
    command = StdioServerParameters(command=sys.executable, args=[
        "-m", "ec2bench", "serve", "automation-oncall-swap", "--transport", "stdio", "--port", "0", "--out", str(tmp_path)])

    async def drive() -> tuple[list[str], str]:
        async with Client(command) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            result = await client.call_tool("calendar_list", {})
            return names, "".join(part.text for part in result.content if hasattr(part, "text"))

    names, listed = anyio.run(drive)
    assert "calendar_list" in names and "user_ask" in names
    assert not listed.startswith("Error")
    (row,) = ec2bench.load(tmp_path).rows
    assert (row.task_id, row.strategy, row.status) == ("automation-oncall-swap", "agent:serve", "ok")
    assert row.tool_calls == 1 and row.steps == 0 and row.completion is not None and row.completion < 100

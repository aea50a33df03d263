"""Run a callable outside agent in its own process: `python -m ec2bench.bridge.entry package.module:function`.

The function receives the episode's `AgentContext` (read from the environment the launcher set) and runs
the agent to its end; an `async def` is awaited. An exception ends the process with status 1 and its
traceback on stderr, which the episode keeps.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import sys

from ec2bench.bridge.context import AgentContext


def main(argv: list[str]) -> int:
    if len(argv) != 1 or ":" not in argv[0]:
        print("usage: python -m ec2bench.bridge.entry package.module:function", file=sys.stderr)
        return 2
    module_name, _, function_name = argv[0].partition(":")
    function = getattr(importlib.import_module(module_name), function_name)
    result = function(AgentContext.from_env())
    if inspect.isawaitable(result):
        asyncio.run(_await(result))
    return 0


async def _await(awaitable: object) -> None:
    await awaitable  # type: ignore[misc]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Reference adapters: real agent frameworks run as outside agents against an episode's bridge.

Each module has a `run(ctx)` to declare as a callable agent (`NAME=ec2bench.bridge.adapters.<module>:run`),
and runs as a command with the role its model uses (`NAME='python -m ec2bench.bridge.adapters.<module> cloud'`).
It connects its framework's own MCP client to `ctx.mcp_url` and its own model client to one of the
proxy's routes, then lets the framework's loop run to the end: the bridge reads the final answer from
the proxy (the last model reply without tool calls), so an adapter returns nothing. They need the
`[agents]` extra; importing this package does not import any framework.

The role (edge, cloud or route; default edge) picks the proxy route the model talks to, so one adapter
measures a framework as edge-only, cloud-only, or behind the agent's route policy (`--agent-policy`). The
command's argument sets it; the callable form uses the edge.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass

from ec2bench.bridge.context import AgentContext

ROLES = ("edge", "cloud", "route")
# model calls the framework may make: the highest `max_steps` a task may set, so the proxy's refusal at the task's own
# limit (scored as max_steps) always comes first, and this only stops an agent that loops on something else
MAX_TURNS = 200


@dataclass(frozen=True)
class Endpoint:
    """Where an adapter's model client points: an OpenAI-compatible base URL and the model name to send."""

    base_url: str
    model: str


def endpoint(ctx: AgentContext, role: str | None = None) -> Endpoint:
    """The proxy route for `role` (None: the edge).

    The proxy picks the model by URL, so the name sent is only what the trace shows; the route takes
    the edge model's name because its policy starts on the edge.
    """
    if role is None or role == "edge":
        return Endpoint(ctx.edge_url, ctx.edge_model)
    if role == "cloud":
        return Endpoint(ctx.cloud_url, ctx.cloud_model)
    if role == "route":
        return Endpoint(ctx.route_url, ctx.edge_model)
    raise ValueError(f"role {role!r}: expected one of {', '.join(ROLES)}")


def main(run: Callable[[AgentContext, str | None], None], module: str) -> None:
    """An adapter as a command, `python -m MODULE [edge|cloud|route]`: its `run` with the role given."""
    args = sys.argv[1:]
    if len(args) > 1 or (args and args[0] not in ROLES):
        sys.exit(f"usage: python -m {module} [{'|'.join(ROLES)}]")
    run(AgentContext.from_env(), args[0] if args else None)

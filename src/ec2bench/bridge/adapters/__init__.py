"""Reference adapters: real agent frameworks run as outside agents against an episode's bridge.

Each module has a `run(ctx)` to declare as a callable agent (`NAME=ec2bench.bridge.adapters.<module>:run`).
It connects its framework's own MCP client to `ctx.mcp_url` and its own model client to one of the
proxy's routes, then lets the framework's loop run to the end: the bridge reads the final answer from
the proxy (the last model reply without tool calls), so an adapter returns nothing. They need the
`[agents]` extra; importing this package does not import any framework.

`EC2BENCH_ADAPTER_ROLE` (edge, cloud or route; default edge) picks the route the model talks to, so
one adapter measures a framework as edge-only, cloud-only, or behind the agent's route policy.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ec2bench.bridge.context import AgentContext

ROLE_VARIABLE = "EC2BENCH_ADAPTER_ROLE"
ROLES = ("edge", "cloud", "route")
MAX_TURNS = 40  # model calls per episode: ec2bench's tasks take a handful of tool steps, so this only stops a runaway loop


@dataclass(frozen=True)
class Endpoint:
    """Where an adapter's model client points: an OpenAI-compatible base URL and the model name to send."""

    base_url: str
    model: str


def endpoint(ctx: AgentContext, role: str | None = None) -> Endpoint:
    """The proxy route for `role` (by default `$EC2BENCH_ADAPTER_ROLE`, else edge).

    The proxy picks the model by URL, so the name sent is only what the trace shows; the route takes
    the edge model's name because its policy starts on the edge.
    """
    role = role if role is not None else os.environ.get(ROLE_VARIABLE, "edge")
    if role == "edge":
        return Endpoint(ctx.edge_url, ctx.edge_model)
    if role == "cloud":
        return Endpoint(ctx.cloud_url, ctx.cloud_model)
    if role == "route":
        if not ctx.route_url:
            raise ValueError(f"{ROLE_VARIABLE}=route, but this agent was declared without a route policy")
        return Endpoint(ctx.route_url, ctx.edge_model)
    raise ValueError(f"{ROLE_VARIABLE}={role!r}: expected one of {', '.join(ROLES)}")

"""What an outside agent is given: where the workspace's MCP server and the model proxy are, and the task.

An outside agent runs as its own process (`ec2bench.bridge.launch`). It learns everything through
environment variables, which `AgentContext.from_env` reads back; a command template can also take
the same values as placeholders (`AgentContext.placeholders`). The agent gets no real API key:
`OPENAI_API_KEY` is a placeholder the proxy ignores, and `OPENAI_BASE_URL` points at the edge route,
so an SDK that reads its defaults from the environment talks to the proxy without configuration.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields

PLACEHOLDER_KEY = "ec2bench-proxy"  # what OPENAI_API_KEY holds in an agent's environment: never a real key
_ENV = {
    "mcp_url": "EC2BENCH_MCP_URL",
    "edge_url": "EC2BENCH_EDGE_URL",
    "cloud_url": "EC2BENCH_CLOUD_URL",
    "route_url": "EC2BENCH_ROUTE_URL",
    "edge_model": "EC2BENCH_EDGE_MODEL",
    "cloud_model": "EC2BENCH_CLOUD_MODEL",
    "system": "EC2BENCH_SYSTEM",
    "prompt": "EC2BENCH_PROMPT",
    "language": "EC2BENCH_LANGUAGE",
    "mcp_config": "EC2BENCH_MCP_CONFIG",
}


@dataclass(frozen=True)
class AgentContext:
    """One episode as an outside agent sees it.

    `edge_url`, `cloud_url` and `route_url` are OpenAI-compatible base URLs (they end in `/v1`): the
    role is chosen by the URL, so any model name is accepted there. `route_url` is answered by the agent's
    policy strategy (`AgentSpec.policy`; `edge_only` unless declared otherwise). `system` is the system prompt ec2bench's
    own loop uses (with the task's date and time, when it has a clock) and `prompt` the user's request;
    both are also served by the MCP server (its instructions and its `task` prompt). `mcp_config` is the
    path of a JSON file in the common `mcpServers` layout naming the one server, for CLIs that read one.
    """

    mcp_url: str
    edge_url: str
    cloud_url: str
    route_url: str
    edge_model: str
    cloud_model: str
    system: str
    prompt: str
    language: str
    mcp_config: str

    def environment(self) -> dict[str, str]:
        """The variables an agent process gets (its whole environment, with PATH, HOME and LANG)."""
        env = {_ENV[f.name]: getattr(self, f.name) for f in fields(self)}
        env["OPENAI_BASE_URL"] = self.edge_url
        env["OPENAI_API_KEY"] = PLACEHOLDER_KEY
        return env

    def placeholders(self) -> dict[str, str]:
        """Values for `{name}` placeholders of a command template (`AgentSpec.command`)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> AgentContext:
        """The context of the running agent process (a KeyError names a missing variable: not run by ec2bench)."""
        env = os.environ if environ is None else environ
        missing = [name for name in _ENV.values() if name not in env]
        if missing:
            raise KeyError(f"{missing[0]} is not set: this process was not started by ec2bench as an outside agent")
        return cls(**{field: env[name] for field, name in _ENV.items()})

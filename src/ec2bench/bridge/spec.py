"""`AgentSpec`: an outside agent declared on the command line, and how its episodes are labelled.

`--agent NAME=TARGET`: TARGET is either a Python callable `package.module:function` (run in its own
process by `ec2bench.bridge.entry`, which hands it an `AgentContext`) or a command template, split
like a shell line, whose `{placeholder}`s are filled from the `AgentContext` (`{prompt}`, `{mcp_url}`,
`{edge_url}`, `{mcp_config}`, ...). Its episodes are stored with the strategy label `agent:NAME`.

`policy` is a built-in strategy spec that serves the proxy's virtual `route` model and adds the
strategy's own tools to the MCP server: `step_routing` routes each request the agent sends to `route`,
`advisory` offers `ask_cloud`, `delegation` offers `delegate_to_cloud` (the cloud then answers the
`route` model until it returns control). The default `edge_only` makes `route` the edge.
"""

from __future__ import annotations

import re
import shlex
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ec2bench.core.errors import UsageError
from ec2bench.strategies.base import canonical_spec, make_strategy

AGENT_PREFIX = "agent:"
_NAME = r"[A-Za-z0-9][A-Za-z0-9_.-]*"
_ENTRY = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class AgentSpec(BaseModel):
    """One outside agent: what to run, and the built-in strategy that serves its `route` model."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=rf"^{_NAME}$")
    entry: str | None = None  # `package.module:function`
    command: tuple[str, ...] = ()  # an argv template with `{placeholder}`s (`AgentContext.placeholders`)
    # `ec2bench serve`: no process is started; the servers wait on 127.0.0.1:`listen` for an agent a person runs
    listen: int | None = Field(default=None, ge=0, le=65535)
    transport: Literal["http", "stdio"] = "http"  # with `listen`: MCP over HTTP at /mcp, or over this process's stdio
    policy: str = "edge_only"

    @model_validator(mode="after")
    def _one_target(self) -> AgentSpec:
        if sum((self.entry is not None, bool(self.command), self.listen is not None)) != 1:
            raise ValueError("an agent is a callable (entry), a command, or served by hand (listen): exactly one of them")
        if self.entry is not None and not _ENTRY.match(self.entry):
            raise ValueError(f"entry {self.entry!r} is not `package.module:function`")
        return self

    @property
    def label(self) -> str:
        """The strategy label its episodes are stored under."""
        return f"{AGENT_PREFIX}{self.name}"

    @classmethod
    def parse(cls, text: str, *, policy: str = "edge_only") -> AgentSpec:
        """`NAME=TARGET` from the command line (a UsageError says what is wrong)."""
        name, sep, target = text.partition("=")
        if not sep or not re.fullmatch(_NAME, name.strip()) or not target.strip():
            raise UsageError(f"--agent {text!r}: expected NAME=TARGET, where TARGET is `module:function` or a command line")
        target = target.strip()
        try:
            make_strategy(policy)  # an unknown strategy or parameter fails here, before anything runs
            fields: dict[str, Any] = ({"entry": target} if _ENTRY.match(target) else {"command": tuple(shlex.split(target))})
            return cls(name=name.strip(), policy=canonical_spec(policy), **fields)
        except ValueError as exc:
            raise UsageError(f"--agent {text!r}: {exc}") from None


def is_agent_label(strategy: str) -> bool:
    """Whether a stored strategy label names an outside agent (`agent:NAME`)."""
    return strategy.startswith(AGENT_PREFIX)

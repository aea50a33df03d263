"""Privacy guards applied at the boundary (strategy parameter `guard=`)."""

from __future__ import annotations

from ec2bench.env.workspace import Workspace
from ec2bench.models.base import ConfigError
from ec2bench.privacy.boundary import PayloadGuard


def make_guard(kind: str, workspace: Workspace) -> PayloadGuard | None:
    """The guard named by a strategy's `guard` parameter, bound to this episode's workspace."""
    if kind == "none":
        return None
    raise ConfigError(f"guard {kind!r} is not available in this installation")

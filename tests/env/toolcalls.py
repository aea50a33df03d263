"""Helpers for app tests: a tool call that must succeed, or must fail with a given error kind."""

from __future__ import annotations

import json
from typing import Any

from ec2bench.env.workspace import Workspace


def ok(ws: Workspace, tool: str, args: dict[str, Any] | None = None) -> Any:
    """Call a tool that must succeed; return its decoded JSON result."""
    rec = ws.call(tool, args or {})
    assert rec.ok, rec.result
    return json.loads(rec.result)


def fails(ws: Workspace, tool: str, args: dict[str, Any], kind: str = "tool_error") -> str:
    """Call a tool that must fail with the given error kind; return the error text."""
    rec = ws.call(tool, args)
    assert not rec.ok and rec.error == kind, rec
    return rec.result

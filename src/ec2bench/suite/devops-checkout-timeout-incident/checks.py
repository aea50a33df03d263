"""Task-specific checks for devops-checkout-timeout-incident."""

from __future__ import annotations

from typing import Any

import yaml


def _lookup(data: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def yaml_key_fixed(ctx: Any, path: str, key: str, expected: Any, keep: dict[str, Any]) -> float:
    """1 if `key` in the YAML file now equals `expected` and every `keep` key is unchanged;
    0.5 if the key is fixed but something else was damaged; 0 otherwise (also if the file no longer parses)."""
    target = (ctx.root / path).resolve()
    if not target.is_relative_to(ctx.root.resolve()) or not target.is_file():
        return 0.0
    try:
        data = yaml.safe_load(target.read_text(encoding="utf-8"))
    except yaml.YAMLError:
        return 0.0
    value = _lookup(data, key)
    try:
        fixed = value is not None and float(value) == float(expected)
    except (TypeError, ValueError):
        fixed = False
    if not fixed:
        return 0.0
    intact = all(str(_lookup(data, k)) == str(v) for k, v in keep.items())
    return 1.0 if intact else 0.5

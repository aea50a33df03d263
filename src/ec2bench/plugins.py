"""Plugins: modules that add strategies, apps, check kinds and model providers (docs/plugins.md).

A plugin is an importable module whose import registers its parts through the public
registries: `ec2bench.strategies.base.register`, `ec2bench.env.apps.register_app`,
`ec2bench.grading.checks.register_check` and `ec2bench.models.registry.register_provider`.
ec2bench imports, once each and in this order:

1. every module named by an entry point of the group `ec2bench.plugins` (installed packages:
   `[project.entry-points."ec2bench.plugins"] name = "package.module"`);
2. the modules listed, comma-separated, in the environment variable `EC2BENCH_PLUGINS`;
3. the modules given with `--plugin MODULE` (or passed to `load_plugins`).

Sweep workers are forked from the process that loaded them, so they see the same registries.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from importlib.metadata import entry_points

from ec2bench.models.base import ConfigError

ENTRY_POINT_GROUP = "ec2bench.plugins"
PLUGINS_ENV = "EC2BENCH_PLUGINS"
_loaded: list[str] = []


class PluginError(ConfigError):
    """A plugin could not be imported, or its registrations clash with what is registered."""


def load_plugins(modules: Iterable[str] = ()) -> list[str]:
    """Import the entry-point plugins, then `EC2BENCH_PLUGINS`, then `modules`; each module once.
    Returns the modules imported by this call (already imported ones are skipped)."""
    names = [ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)]
    names += [m.strip() for m in os.environ.get(PLUGINS_ENV, "").split(",") if m.strip()]
    names += [m.strip() for m in modules if m.strip()]
    done = []
    for name in dict.fromkeys(names):
        if name in _loaded:
            continue
        try:
            importlib.import_module(name)
        except Exception as exc:  # an import error, or a registry refusing a duplicate name
            raise PluginError(f"plugin {name!r} failed to load: {type(exc).__name__}: {exc}") from exc
        _loaded.append(name)
        done.append(name)
    return done


def loaded_plugins() -> list[str]:
    """The plugin modules imported so far, in order."""
    return list(_loaded)

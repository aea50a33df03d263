"""The plugin face: everything a plugin imports, and the loading of plugins (docs/plugins.md).

A plugin is an importable module whose import registers its parts through the registries named
here: `register_strategy` (a `Strategy` subclass), `register_app` (an `App` / `RecordApp`),
`register_check` (a check kind) and `register_provider` (a `ModelProvider`). It imports from this
module only, so the rest of the package may move without breaking it. ec2bench imports plugins,
once each and in this order:

1. every module named by an entry point of the group `ec2bench.plugins` (installed packages:
   `[project.entry-points."ec2bench.plugins"] name = "package.module"`);
2. the modules listed, comma-separated, in the environment variable `EC2BENCH_PLUGINS`;
3. the modules given with `--plugin MODULE` (or passed to `load_plugins`).

A model provider may instead be declared as an entry point of `ec2bench.providers`
(`name = "package.module:PROVIDER"`), as the built-in ones are: the registry loads it the first
time its name is used. Sweep workers are forked from the process that loaded plugins, so they see
the same registries. This module stands just above the agent loop: it imports strategies,
grading, the environment and the models, never the runner or the command line.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from importlib.metadata import entry_points

from ec2bench.contracts import AgentState, Turn
from ec2bench.core.errors import ConfigError
from ec2bench.env.apps import register_app
from ec2bench.env.apps.base import App, Record, RecordApp
from ec2bench.grading.checks import GradingContext, register_check
from ec2bench.models.base import ChatRequest, Completion, Message, ModelClient, Price, Usage
from ec2bench.models.registry import ModelInfo, ModelProvider, ModelRequest, register_provider
from ec2bench.spec.schema import TaskSpec
from ec2bench.strategies.base import Strategy, StrategyParams
from ec2bench.strategies.base import register as register_strategy

__all__ = ["ENTRY_POINT_GROUP", "PLUGINS_ENV", "AgentState", "App", "ChatRequest", "Completion", "ConfigError",
           "GradingContext", "Message", "ModelClient", "ModelInfo", "ModelProvider", "ModelRequest", "PluginError",
           "Price", "Record", "RecordApp", "Strategy", "StrategyParams", "TaskSpec", "Turn", "Usage", "load_plugins",
           "loaded_plugins", "register_app", "register_check", "register_provider", "register_strategy"]

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

"""A plugin module registers a strategy, an app, a check kind and a model provider through the
public registries, and a sweep runs an episode using all four (tests/data/plugins)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.env.apps import APPS
from ec2bench.grading.checks import check_kinds
from ec2bench.models.registry import MODEL_PROVIDERS, resolve_model
from ec2bench.plugin import PLUGINS_ENV, PluginError, load_plugins
from ec2bench.runner.store import Store
from ec2bench.strategies import STRATEGIES

DATA = Path(__file__).parent / "data"
runner = CliRunner()


@pytest.fixture()
def plugin_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The sample plugin importable; every registry restored afterwards, so other tests never see its parts."""
    from ec2bench import plugin
    from ec2bench.grading import checks

    monkeypatch.syspath_prepend(str(DATA / "plugins"))
    saved = [(r, dict(r)) for r in (STRATEGIES, APPS, checks._CHECKS, MODEL_PROVIDERS)]
    monkeypatch.setattr(plugin, "_loaded", [])
    yield "ec2bench_sample_plugin"
    for registry, before in saved:
        registry.clear()
        registry.update(before)
    sys.modules.pop("ec2bench_sample_plugin", None)


def test_the_cli_runs_an_episode_with_the_plugins_parts(plugin_path: str, tmp_path: Path) -> None:
    out = tmp_path / "store"
    result = runner.invoke(app, ["--plugin", plugin_path, "run", "--suite", str(DATA / "plugin_suite"), "--out", str(out),
                                 "--strategies", "alternate:cloud_every=2", "--edge", "sim/edge-plus",
                                 "--cloud", "counter/3", "--repeats", "1", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "alternate" in STRATEGIES and "tally" in APPS and "tally_count" in check_kinds() and "counter" in MODEL_PROVIDERS
    [row] = Store.open(out, create=False).rows()
    assert row.status == "ok", row.error
    assert (row.strategy, row.cloud, row.completion) == ("alternate:cloud_every=2", "counter/3", 100.0)
    assert row.cloud_steps >= 1 and row.edge_steps >= 1  # both models acted
    assert json.loads(row.checks)[0]["kind"] == "tally_count"
    assert row.simulated == 1  # the provider says its figures are scripted


def test_strategies_list_shows_a_plugin_strategy(plugin_path: str) -> None:
    shown = runner.invoke(app, ["--plugin", plugin_path, "strategies", "show", "alternate"])
    assert shown.exit_code == 0 and "cloud_every" in shown.output and "take turns" in shown.output


def test_plugins_from_the_environment(plugin_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PLUGINS_ENV, f" {plugin_path} ,")
    load_plugins()
    assert resolve_model("counter/2").price is not None
    with pytest.raises(Exception, match="known: counter/1, counter/2, counter/3"):
        resolve_model("counter/9")


def test_a_broken_plugin_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_ec2bench_plugin.py").write_text("raise RuntimeError('no luck')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginError, match="broken_ec2bench_plugin.*RuntimeError: no luck"):
        load_plugins(["broken_ec2bench_plugin"])
    result = runner.invoke(app, ["--plugin", "no_such_ec2bench_plugin", "tasks", "list"])
    assert result.exit_code == 2 and "no_such_ec2bench_plugin" in result.stderr
    assert "no_such_ec2bench_plugin" not in sys.modules


def test_registries_refuse_to_override_a_name() -> None:
    from ec2bench.env.apps import register_app
    from ec2bench.strategies.base import Strategy, register

    class FakeNotes(APPS["notes"]):  # type: ignore[misc,valid-type]
        name = "notes"

    with pytest.raises(ValueError, match="already registered"):
        register_app(FakeNotes)

    class FakeEdge(Strategy):
        name = "edge_only"

        def act(self, state):  # pragma: no cover - never run
            raise AssertionError

    with pytest.raises(ValueError, match="already registered"):
        register(FakeEdge)

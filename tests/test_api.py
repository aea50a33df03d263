"""`ec2bench.run` is the sweep as a library call: the README snippet runs, errors are exceptions,
the CLI and the studies expose every option, and `import ec2bench` stays light."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ec2bench
from ec2bench import api
from ec2bench.cli import app
from ec2bench.cli.main import SWEEP_OPTIONS
from ec2bench.core.errors import ConfigError, InputError, SweepFailed, UsageError
from openai_stub import error_body

ROOT = Path(__file__).resolve().parents[1]


def readme_snippet() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### From Python\n", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def test_the_readme_snippet_runs_a_sweep_and_loads_it_into_pandas(tmp_path, monkeypatch):
    pytest.importorskip("pandas")
    snippet = readme_snippet()
    assert len(snippet.strip().splitlines()) <= 15
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(snippet, "README.md", "exec"), scope)  # noqa: S102 - our own README
    result, board, episodes = scope["result"], scope["board"], scope["episodes"]
    assert result.planned == result.ran == 2 * 3 * 2 and result.already_stored == 0 and result.errors == 0
    assert sorted(board["strategy"]) == ["advisory", "cloud_only", "edge_only"]
    assert len(episodes) == 12 and set(episodes["store"]) == {"runs/py"}
    assert (tmp_path / "runs" / "py" / "report.json").is_file()
    again = ec2bench.run(out="runs/py", strategies=["edge_only", "cloud_only", "advisory"], repeats=2,
                         tasks="office-kickoff*,office-expense*")
    assert again.ran == 0 and again.already_stored == 12 and again.leaderboard == result.leaderboard


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"edge": "nope/model"}, ConfigError, "unknown model provider"),
    ({"strategies": "no_such_strategy"}, UsageError, "no_such_strategy"),
    ({"tasks": "no-such-task-*"}, UsageError, "no tasks match"),
    ({"suite": "/nonexistent/suite"}, InputError, "does not exist"),
    ({"fail_on_error": "0"}, UsageError, "fail_on_error"),
])
def test_problems_are_library_exceptions_with_the_cli_exit_code(tmp_path, kwargs, error, message):
    with pytest.raises(error, match=message) as caught:
        ec2bench.run(out=tmp_path / "r", **kwargs)
    assert caught.value.exit_code == {UsageError: 2, ConfigError: 2, InputError: 3}[error]


def test_a_failed_sweep_is_reported_and_raised_on_request(stub_server, mini_suite, tmp_path):
    stub_server.reply(error_body("bad request"), status=400)
    result = ec2bench.run(out=tmp_path / "r", suite=mini_suite, strategies="edge_only", edge="openai/stub",
                          edge_base_url=stub_server.base_url, repeats=2, jobs=2, fail_on_error=2)
    assert result.errors == 2 and result.exit_code == 4 and "2 of 2 episodes errored" in result.failure
    with pytest.raises(SweepFailed):
        result.raise_for_failure()


def test_run_and_every_study_take_every_sweep_option():
    # what a study fixes itself: its store, strategies and edge ladder; outside agents are `run`'s alone
    # `command` is the command line recorded in the store: the CLI passes its own, a library call is recorded as itself
    library = set(inspect.signature(api.run).parameters) - {"out", "strategies", "edge", "observer", "agents", "agent_policy",
                                                            "command"}
    assert set(SWEEP_OPTIONS) == library
    for command in (["run"], ["study", "rq1"], ["study", "rq2"], ["study", "rq3"]):
        shown = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "300"}).output
        for flag in ("--models", "--prices", "--cloud-price", "--cache", "--max-cloud-usd", "--timeout",
                     "--edge-base-url", "--cloud-base-url", "--max-connections", "--fail-on-error"):
            assert flag in shown, f"{' '.join(command)} lacks {flag}"


def test_import_ec2bench_is_light():
    code = "import sys, ec2bench; print('openai' in sys.modules, 'ec2bench.api' in sys.modules, ec2bench.__version__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[:2] == ["False", "False"] and out[2]
    assert ec2bench.run is api.run and ec2bench.load is ec2bench.report.load

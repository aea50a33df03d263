"""Command-line conventions: log levels, `.env` files, shell completion."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.cli.logs import level_for

runner = CliRunner()
VAR = "EC2BENCH_TEST_DOTENV_VALUE"


def test_log_level_flags() -> None:
    assert level_for(None) == logging.WARNING
    assert level_for(None, verbose=1) == logging.INFO
    assert level_for(None, verbose=3) == logging.DEBUG
    assert level_for(None, quiet=True) == logging.ERROR
    assert level_for("debug", quiet=True) == logging.DEBUG  # an explicit level wins
    with pytest.raises(ValueError, match="unknown log level"):
        level_for("loud")


def test_unknown_log_level_is_a_usage_error() -> None:
    result = runner.invoke(app, ["--log-level", "loud", "tasks", "list"])
    assert result.exit_code == 2 and "unknown log level" in result.output


def test_quiet_hides_warnings_that_are_shown_by_default(tmp_path: Path) -> None:
    from test_report_html import make_row, make_store

    a = make_store(tmp_path / "a", [make_row("t1", "edge_only", 0, 10.0)])
    b = make_store(tmp_path / "b", [make_row("t1", "edge_only", 0, 90.0)])
    shown = runner.invoke(app, ["report", str(a), str(b), "--format", "json"])
    assert shown.exit_code == 0 and "warning: 1 episode(s) are stored in more than one store" in shown.stderr
    quiet = runner.invoke(app, ["-q", "report", str(a), str(b), "--format", "json"])
    assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == shown.stdout
    assert runner.invoke(app, ["--log-level", "error", "report", str(a), str(b)]).stderr == ""


@pytest.fixture()
def env_var(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(VAR, "placeholder")
    monkeypatch.delenv(VAR)  # recorded as unset: undone after the test whatever the .env file set
    return VAR


def test_env_file_sets_variables_and_set_ones_win(tmp_path: Path, env_var: str, monkeypatch: pytest.MonkeyPatch) -> None:
    env = tmp_path / "my.env"
    env.write_text(f"# comment\n{env_var}=from-file\nexport OTHER_EC2BENCH_TEST_VAR='quoted value'\n", encoding="utf-8")
    monkeypatch.setenv("OTHER_EC2BENCH_TEST_VAR", "already set")
    result = runner.invoke(app, ["-v", "--env-file", str(env), "tasks", "list"])
    assert result.exit_code == 0, result.output
    assert os.environ[env_var] == "from-file"
    assert os.environ["OTHER_EC2BENCH_TEST_VAR"] == "already set"
    assert f"info: read environment variables from {env}" in result.stderr.replace("\n", "")


def test_dot_env_in_the_working_directory_is_read(tmp_path: Path, env_var: str, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text(f"{env_var}=cwd\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["tasks", "list"]).exit_code == 0
    assert os.environ[env_var] == "cwd"


def test_a_missing_env_file_is_an_input_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--env-file", str(tmp_path / "nope.env"), "tasks", "list"])
    assert result.exit_code == 3 and "no such file" in result.stderr


def test_shell_completion_completes_commands() -> None:
    assert "--install-completion" in runner.invoke(app, ["--help"]).output
    env = {**os.environ, "_EC2BENCH_COMPLETE": "complete_bash", "COMP_WORDS": "ec2bench ru", "COMP_CWORD": "1"}
    proc = subprocess.run([sys.executable, "-m", "ec2bench"], env=env, capture_output=True, text=True, timeout=120)
    assert proc.stdout.split() == ["run"], (proc.stdout, proc.stderr)


def test_the_leaderboard_fits_120_columns_and_wide_shows_the_rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped (as under CliRunner), the default table is laid out for COLUMNS or 120; --wide is never cut."""
    from test_report_html import make_row, make_store

    store = make_store(tmp_path / "s", [make_row("t1", s, 0, 50.0) for s in ("edge_only", "cloud_only", "advisory")])
    monkeypatch.delenv("COLUMNS", raising=False)
    default = runner.invoke(app, ["report", str(store)])
    wide = runner.invoke(app, ["report", str(store), "--wide"])
    assert default.exit_code == 0 and wide.exit_code == 0
    assert max(map(len, default.stdout.splitlines())) <= 120 and "…" not in default.stdout
    assert "cloud $" in default.stdout and "edge tokens" not in default.stdout
    assert max(map(len, wide.stdout.splitlines())) > 120 and "…" not in wide.stdout
    assert "edge tokens" in wide.stdout and "edge PFLOPs" in wide.stdout and "judge $" in wide.stdout
    to_file = tmp_path / "board.txt"
    assert runner.invoke(app, ["report", str(store), "--wide", "-o", str(to_file)]).exit_code == 0
    assert "edge PFLOPs" in to_file.read_text() and "…" not in to_file.read_text()
    monkeypatch.setenv("COLUMNS", "100")
    assert max(map(len, runner.invoke(app, ["report", str(store)]).stdout.splitlines())) <= 100

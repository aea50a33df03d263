"""Bad input: one clear line, a distinct exit code (2 usage, 3 input, 4 failed sweep), an existing store untouched."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.cli.common import EXIT_INPUT, EXIT_SWEEP_FAILED, EXIT_USAGE
from ec2bench.runner import tempdirs
from ec2bench.runner.store import Store
from openai_stub import ScriptedAgent, StubServer, completion_body

runner = CliRunner()


def run_cli(*args: str):
    return runner.invoke(app, list(args))


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


@pytest.fixture
def store(mini_suite: Path, tmp_path: Path) -> Path:
    """A store holding one sweep, for checking that bad runs leave it byte-identical."""
    out = tmp_path / "r"
    assert run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "1", "--jobs", "1").exit_code == 0
    return out


def suite_copy(mini_suite: Path, tmp_path: Path) -> Path:
    suite = tmp_path / "suite"
    shutil.copytree(mini_suite, suite)
    return suite


def edit_task(suite: Path, old: str, new: str) -> None:
    spec = suite / "demo-contacts" / "task.yaml"
    text = spec.read_text()
    assert old in text
    spec.write_text(text.replace(old, new))


def one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in output, output
    return " ".join(output.split())


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("app: email\n    collection: sent\n    where: {to: zhang", "app: notes\n    collection: sent\n    where: {to: zhang",
     "app 'notes' is not one of the task's apps"),
    ("collection: sent\n    where: {to: zhang", "collection: outbox\n    where: {to: zhang", "has no collection 'outbox'"),
])
def test_checks_naming_an_unknown_app_or_collection(mini_suite, tmp_path, store, old, new, expected):
    suite = suite_copy(mini_suite, tmp_path)
    edit_task(suite, old, new)
    before = digest(store)
    for args in (["tasks", "validate"], ["run", "--out", str(store), "--repeats", "1", "--jobs", "1"]):
        result = run_cli(*args, "--suite", str(suite))
        assert result.exit_code == EXIT_INPUT
        assert expected in one_error_line(result.output)
    assert digest(store) == before


def test_invalid_utf8_in_task_yaml_and_in_a_fixture(mini_suite, tmp_path):
    suite = suite_copy(mini_suite, tmp_path)
    spec = suite / "demo-contacts" / "task.yaml"
    spec.write_bytes(spec.read_bytes().replace(b"Send Li Wei", b"Send \xff\xfe Li Wei"))
    result = run_cli("tasks", "validate", "--suite", str(suite))
    assert result.exit_code == EXIT_INPUT and "task.yaml: -: not valid UTF-8" in one_error_line(result.output)
    shutil.rmtree(suite)
    suite = suite_copy(mini_suite, tmp_path)
    fixture = suite / "demo-contacts" / "fixtures" / "contacts.yaml"
    fixture.write_bytes(fixture.read_bytes() + b"\n# \xc3\x28\n")
    result = run_cli("tasks", "list", "--suite", str(suite))
    assert result.exit_code == EXIT_INPUT and "contacts.yaml: -: not valid UTF-8" in one_error_line(result.output)


@pytest.mark.parametrize("code", ["0", "3"])
def test_checks_py_raising_system_exit_is_an_input_error(mini_suite, tmp_path, code):
    suite = suite_copy(mini_suite, tmp_path)
    (suite / "demo-contacts" / "checks.py").write_text(f"import sys\nsys.exit({code})\n")
    result = run_cli("tasks", "validate", "--suite", str(suite))
    assert result.exit_code == EXIT_INPUT
    assert "checks.py: -: cannot import (SystemExit" in one_error_line(result.output)


def test_a_python_check_that_raises_scores_zero_and_records_why(mini_suite, tmp_path):
    suite = suite_copy(mini_suite, tmp_path)
    (suite / "demo-contacts" / "checks.py").write_text(
        "def broken(ctx):\n    raise KeyError('no such field')\n\ndef leaves(ctx):\n    raise SystemExit(0)\n")
    edit_task(suite, "checks:\n  - kind: record_exists\n    weight: 0.9", "checks:\n  - {kind: python, weight: 0.1, function: broken}\n"
              "  - {kind: python, weight: 0.1, function: leaves}\n  - kind: record_exists\n    weight: 0.7")
    out = tmp_path / "r"
    result = run_cli("run", "--suite", str(suite), "--out", str(out), "--repeats", "1", "--jobs", "1",
                     "--strategies", "cloud_only")
    assert result.exit_code == 0, result.output
    (row,) = Store.open(out, create=False).rows()
    checks = {c["name"]: c for c in json.loads(row.checks)}
    assert row.status == "ok" and row.completion == 80.0  # the other checks still count
    assert checks["0:python"]["score"] == 0.0 and checks["0:python"]["error"] == "KeyError: 'no such field'"
    assert checks["1:python"]["error"] == "SystemExit: 0"


def test_sqlite_files_that_are_not_stores_are_refused_untouched(mini_suite, tmp_path):
    for name, setup in (("foreign", "CREATE TABLE notes (x TEXT)"), ("no-episodes", "PRAGMA user_version = 2")):
        out = tmp_path / name
        out.mkdir()
        with sqlite3.connect(out / "results.sqlite") as db:
            db.execute(setup)
        before = digest(out)
        for args in (["run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "1"], ["report", str(out)]):
            result = run_cli(*args)
            assert result.exit_code == EXIT_INPUT
            assert "results.sqlite" in one_error_line(result.output)
        assert digest(out) == before


def test_cache_pointing_at_a_file(mini_suite, tmp_path, store):
    (tmp_path / "cache").write_text("x")
    before = digest(store)
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(store), "--cache", str(tmp_path / "cache"))
    assert result.exit_code == EXIT_INPUT and "is a file" in one_error_line(result.output)
    assert digest(store) == before


@pytest.mark.parametrize("args", [["--strategies", ""], ["--strategies", " , "], ["--timeout", "-5"], ["--timeout", "0"],
                                  ["--timeout", "nan"], ["--timeout", "inf"], ["--fail-on-error", "0"],
                                  ["--fail-on-error", "1.5"], ["--fail-on-error", "many"]])
def test_usage_errors(mini_suite, store, args):
    before = digest(store)
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(store), "--repeats", "1", *args)
    assert result.exit_code == EXIT_USAGE, result.output
    assert digest(store) == before


def test_fail_on_error_thresholds(stub_server: StubServer, mini_suite, tmp_path):
    """Every episode errors (the server sends a non-JSON body): exit 4 by default, 0 under a higher count."""
    stub_server.reply(completion_body({"role": "assistant", "content": "x"}))
    stub_server.respond = lambda request: (200, b"not json", {})
    args = ["run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--repeats", "2", "--jobs", "1",
            "--strategies", "edge_only", "--edge", "openai/x", "--edge-base-url", stub_server.base_url]
    result = run_cli(*args)
    assert result.exit_code == EXIT_SWEEP_FAILED
    assert "sweep failed: 2 of 2 episodes errored" in " ".join(result.output.split())
    assert run_cli(*args, "--fail-on-error", "3").exit_code == 0
    assert run_cli(*args, "--fail-on-error", "50%").exit_code == EXIT_SWEEP_FAILED


def test_environment_key_goes_only_where_it_is_configured(stub_server: StubServer, mini_suite, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-hosted-" + "a" * 24)
    monkeypatch.setenv("EC2_CLOUD_KEY", "sk-cloud-" + "b" * 24)
    agent = ScriptedAgent()

    def echo(request):  # a server that echoes whatever key it was sent
        status, body, headers = agent(request)
        for choice in body["choices"]:
            if choice["message"].get("content"):
                choice["message"]["content"] += " key=" + stub_server.headers[-1].get("authorization", "")
        return status, body, headers

    stub_server.respond = echo
    out = tmp_path / "r"
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(out), "--repeats", "1", "--jobs", "1",
                     "--strategies", "edge_only,cloud_only", "--edge", "openai/e", "--edge-base-url", stub_server.base_url,
                     "--cloud", "openai/c", "--cloud-base-url", stub_server.base_url, "--cloud-price", "1,0.1,2",
                     "--cloud-api-key-env", "EC2_CLOUD_KEY")
    assert result.exit_code == 0, result.output
    sent = {h.get("authorization") for h in stub_server.headers}
    assert sent == {None, "Bearer sk-cloud-" + "b" * 24}  # the edge gets no key: never OPENAI_API_KEY to a base URL
    stored = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    assert b"b" * 24 not in stored and b"key=Bearer ***" in stored


def test_a_killed_sweeps_temp_folders_are_removed(mini_suite, tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    # in the system temp folder, and in the base sweeps use now (/dev/shm where it is roomy)
    leftovers = [where / f"{tempdirs.PREFIX}{int(dead.stdout)}" for where in {Path(tempfile.gettempdir()), tempdirs.base()}]
    for leftover in leftovers:
        (leftover / "ec2ws-x").mkdir(parents=True, exist_ok=True)
    alive = tempdirs.base() / f"{tempdirs.PREFIX}{os.getppid()}"  # a running process's folder stays
    alive.mkdir(exist_ok=True)
    try:
        result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--repeats", "1", "--jobs", "2")
        assert result.exit_code == 0, result.output
        assert not any(leftover.exists() for leftover in leftovers) and alive.is_dir()
        assert not list(tempdirs.base().glob(f"{tempdirs.PREFIX}{os.getpid()}"))  # its own: released
        assert tempfile.gettempdir() == str(Path(tempfile.gettempdir()))  # and temp files go to the system folder again
    finally:
        shutil.rmtree(alive, ignore_errors=True)


def _bad_inputs(tmp: Path, suite: Path) -> dict[str, tuple[list[str], list[str], int, str]]:
    """Each bad input: (options before `run`, options of `run`, exit code, what its one line says)."""
    bad_yaml = tmp / "bad.yaml"
    bad_yaml.write_bytes(b"models:\n  x: \xff\xfe\n")
    bad_env = tmp / "bad.env"
    bad_env.write_bytes(b"A=\xff\n")
    bad_task = tmp / "bad-suite"
    shutil.copytree(suite, bad_task)
    spec = bad_task / "demo-contacts" / "task.yaml"
    spec.write_bytes(spec.read_bytes() + b"\n# \xff\xfe\n")
    (tmp / "empty-suite").mkdir()
    (tmp / "a-file").write_text("x")
    text_store = tmp / "text-store"
    text_store.mkdir()
    (text_store / "results.sqlite").write_text("not a database\n")
    many = tmp / "many"  # 250 one-task-folders: 250 tasks x 1 strategy x 1000 repeats is past the episode cap
    for i in range(250):
        shutil.copytree(suite / "demo-contacts", many / f"demo-contacts-{i}")
        task = many / f"demo-contacts-{i}" / "task.yaml"
        task.write_text(task.read_text().replace("id: demo-contacts", f"id: demo-contacts-{i}", 1))
    return {
        "models-utf8": ([], ["--models", str(bad_yaml)], EXIT_INPUT, "models file"),
        "prices-utf8": ([], ["--prices", str(bad_yaml)], EXIT_INPUT, "price file"),
        "env-file-utf8": (["--env-file", str(bad_env)], [], EXIT_INPUT, "--env-file"),
        "task-utf8": ([], ["--suite", str(bad_task)], EXIT_INPUT, "task.yaml: -: not valid UTF-8"),
        "huge-repeats": ([], ["--repeats", "99999999999999999999"], EXIT_USAGE, "is not between 1 and 1000"),
        "huge-jobs": ([], ["--jobs", "100000"], EXIT_USAGE, "--jobs 100000 is not between 1 and 1024"),
        "huge-plan": ([], ["--suite", str(many), "--repeats", "1000", "--strategies", "edge_only"], EXIT_USAGE,
                      "250,000 episodes"),
        "edge-url": ([], ["--edge", "openai/x", "--edge-base-url", "not a url"], EXIT_USAGE, "--edge-base-url"),
        "cloud-url": ([], ["--cloud", "openai/x", "--cloud-base-url", "ftp://h/v1", "--cloud-price", "1,0,1"],
                      EXIT_USAGE, "--cloud-base-url"),
        "url-no-host": ([], ["--edge", "openai/x", "--edge-base-url", "http:///v1"], EXIT_USAGE, "with a host"),
        "cache-below-file": ([], ["--cache", str(tmp / "a-file" / "sub")], EXIT_INPUT, "is a file"),
        "empty-suite": ([], ["--suite", str(tmp / "empty-suite")], EXIT_INPUT, "holds no tasks"),
        "task-folder-as-suite": ([], ["--suite", str(suite / "demo-contacts")], EXIT_INPUT, "is a task folder"),
        "text-store": ([], ["--out", str(text_store)], EXIT_INPUT, "results.sqlite"),
    }


BAD_INPUTS = ["models-utf8", "prices-utf8", "env-file-utf8", "task-utf8", "huge-repeats", "huge-jobs", "huge-plan",
              "edge-url", "cloud-url", "url-no-host", "cache-below-file", "empty-suite", "task-folder-as-suite",
              "text-store"]


@pytest.mark.parametrize("case", BAD_INPUTS)
def test_bad_input_is_one_line_and_writes_nothing(mini_suite, tmp_path, case):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    before_args, run_args, code, expected = _bad_inputs(inputs, mini_suite)[case]
    out = tmp_path / "out"
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    args = ["--suite", str(mini_suite), "--out", str(out), "--repeats", "1", "--jobs", "1", *run_args]
    result = run_cli(*before_args, "run", *args)
    assert result.exit_code == code, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ") and expected in result.stderr
    assert result.stdout == ""  # nothing planned, nothing run
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # no store, traces or cache


def test_every_bad_input_case_is_in_the_table(mini_suite, tmp_path):
    assert sorted(_bad_inputs(tmp_path, mini_suite)) == sorted(BAD_INPUTS)


def test_a_key_echoed_in_the_model_field_is_stored_nowhere(stub_server: StubServer, mini_suite, tmp_path, monkeypatch):
    """A server that puts the key it was sent in its reply's `model` field and message: redacted in the
    record/replay cache, the store, the traces, the reports and the log, on a miss and on the replay."""
    key = "sk-echo-" + "c" * 24
    monkeypatch.setenv("EC2_KEY", key)
    agent = ScriptedAgent()

    def echo(request):
        status, body, headers = agent(request)
        sent = stub_server.headers[-1].get("authorization", "").removeprefix("Bearer ")
        body["model"] = f"served-{sent}"
        for choice in body["choices"]:
            if choice["message"].get("content"):
                choice["message"]["content"] += f" key={sent}"
        return status, body, headers

    stub_server.respond = echo
    out, cache = tmp_path / "r", tmp_path / "cache"
    args = ["-vv", "run", "--suite", str(mini_suite), "--repeats", "1", "--jobs", "1", "--strategies", "edge_only",
            "--edge", "openai/e", "--edge-base-url", stub_server.base_url, "--edge-api-key-env", "EC2_KEY",
            "--cache", str(cache)]
    first = run_cli(*args, "--out", str(out))
    assert first.exit_code == 0, first.output
    assert {h["authorization"] for h in stub_server.headers} == {f"Bearer {key}"}
    calls = len(stub_server.headers)
    replay = run_cli(*args, "--out", str(tmp_path / "r2"))  # every call from the cache
    assert replay.exit_code == 0 and len(stub_server.headers) == calls
    assert run_cli("report", str(out), "--format", "html", "-o", str(tmp_path / "report.html")).exit_code == 0
    assert run_cli("report", str(out), "--format", "csv", "-o", str(tmp_path / "episodes.csv")).exit_code == 0
    recorded = b"".join(p.read_bytes() for p in cache.rglob("*.json"))
    assert recorded and b'"model":"served-***"' in recorded and b"key=***" in recorded
    stored = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert key.encode() not in stored and b"c" * 24 not in stored
    assert key not in first.output + first.stderr + replay.output + replay.stderr

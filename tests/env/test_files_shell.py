"""The files and shell apps, exercised through `Workspace.call` as an agent would."""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from ec2bench.env.apps import shell as shell_mod
from ec2bench.env.workspace import Workspace

HAS_BWRAP = shutil.which("bwrap") is not None


@pytest.fixture
def files_dir(tmp_path: Path) -> Path:
    d = tmp_path / "task_files"
    (d / "docs").mkdir(parents=True)
    (d / "docs" / "notes.txt").write_text("Meeting with Alice\nbudget: 42 EUR\nALICE again\n")
    (d / "readme.md").write_text("# Project\nhello world\n")
    (d / "image.bin").write_bytes(b"\x89PNG\x00\x01\x02")
    return d


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the workspace that nothing may read or change."""
    f = tmp_path / "outside" / "secret.txt"
    f.parent.mkdir()
    f.write_text("top secret\n")
    return f


@pytest.fixture
def ws(files_dir: Path):
    with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
        yield w


def ok(ws: Workspace, tool: str, args: dict):
    rec = ws.call(tool, args)
    assert rec.ok, rec.result
    try:
        return json.loads(rec.result)
    except json.JSONDecodeError:
        return rec.result


def refused(ws: Workspace, tool: str, args: dict) -> str:
    rec = ws.call(tool, args)
    assert rec.ok is False and rec.error == "tool_error", rec
    return rec.result


# -- files: happy paths -------------------------------------------------------------------


def test_tools_are_registered(ws: Workspace) -> None:
    names = {t["function"]["name"] for t in ws.openai_tools()}
    assert {
        "files_list", "files_read", "files_write", "files_append",
        "files_move", "files_delete", "files_search", "shell_run",
    } <= names
    assert ws.state() == {"files": {}, "shell": {}}


def test_list(ws: Workspace) -> None:
    top = ok(ws, "files_list", {})
    assert {"path": "docs/", "type": "dir"} in top
    assert {"path": "readme.md", "type": "file", "size": len("# Project\nhello world\n")} in top
    assert not any(e["path"].startswith("docs/notes") for e in top)
    deep = ok(ws, "files_list", {"path": ".", "recursive": True})
    assert "docs/notes.txt" in [e["path"] for e in deep]
    sub = ok(ws, "files_list", {"path": "docs"})
    assert [e["path"] for e in sub] == ["docs/notes.txt"]
    assert "not a directory" in refused(ws, "files_list", {"path": "readme.md"})


def test_read(ws: Workspace) -> None:
    assert ok(ws, "files_read", {"path": "docs/notes.txt"}).startswith("Meeting with Alice\n")
    cut = ok(ws, "files_read", {"path": "readme.md", "max_chars": 5})
    assert cut.startswith("# Pro") and "truncated" in cut
    assert "binary" in refused(ws, "files_read", {"path": "image.bin"})
    assert "no file" in refused(ws, "files_read", {"path": "missing.txt"})
    assert "directory" in refused(ws, "files_read", {"path": "docs"})
    # an absolute path is fine when it is inside the workspace
    assert ok(ws, "files_read", {"path": str(ws.root / "readme.md")}).startswith("# Project")


def test_write_and_append(ws: Workspace) -> None:
    res = ok(ws, "files_write", {"path": "out/report/summary.txt", "content": "line 1\n"})
    assert res["status"] == "created" and res["path"] == "out/report/summary.txt"
    assert ok(ws, "files_write", {"path": "out/report/summary.txt", "content": "line 1\n"})["status"] == "overwritten"
    ok(ws, "files_append", {"path": "out/report/summary.txt", "content": "line 2\n"})
    assert (ws.root / "out/report/summary.txt").read_text() == "line 1\nline 2\n"
    assert ok(ws, "files_append", {"path": "new.txt", "content": "x"})["status"] == "created"
    assert (ws.root / "new.txt").read_text() == "x"
    assert "directory" in refused(ws, "files_write", {"path": "docs", "content": "x"})


def test_move(ws: Workspace) -> None:
    res = ok(ws, "files_move", {"src": "readme.md", "dst": "archive/README.md"})
    assert res == {"from": "readme.md", "to": "archive/README.md", "status": "moved"}
    assert not (ws.root / "readme.md").exists()
    assert (ws.root / "archive/README.md").read_text().startswith("# Project")
    ok(ws, "files_move", {"src": "archive/README.md", "dst": "docs"})  # into an existing directory
    assert (ws.root / "docs/README.md").is_file()
    assert "already exists" in refused(ws, "files_move", {"src": "docs/README.md", "dst": "docs/notes.txt"})
    assert "no file" in refused(ws, "files_move", {"src": "nope.txt", "dst": "x.txt"})
    assert "into itself" in refused(ws, "files_move", {"src": "docs", "dst": "docs/sub"})


def test_delete(ws: Workspace) -> None:
    ok(ws, "files_delete", {"path": "readme.md"})
    assert not (ws.root / "readme.md").exists()
    assert "not empty" in refused(ws, "files_delete", {"path": "docs"})
    (ws.root / "empty").mkdir()
    ok(ws, "files_delete", {"path": "empty"})
    assert not (ws.root / "empty").exists()
    assert "no file" in refused(ws, "files_delete", {"path": "readme.md"})
    assert "root" in refused(ws, "files_delete", {"path": "."})


def test_search(ws: Workspace) -> None:
    hits = ok(ws, "files_search", {"pattern": "alice"})
    assert hits == ["docs/notes.txt:1:Meeting with Alice", "docs/notes.txt:3:ALICE again"]
    assert ok(ws, "files_search", {"pattern": "alice", "path": "readme.md"}) == []
    assert ok(ws, "files_search", {"pattern": "HELLO", "path": "readme.md"}) == ["readme.md:2:hello world"]
    capped = ok(ws, "files_search", {"pattern": "alice", "max_results": 1})
    assert capped[0] == "docs/notes.txt:1:Meeting with Alice" and "more matches" in capped[1]
    assert ok(ws, "files_search", {"pattern": "PNG"}) == []  # binary files are skipped


# -- files: confinement --------------------------------------------------------------------


@pytest.mark.parametrize("tool", ["files_read", "files_write", "files_append", "files_delete", "files_list", "files_search"])
@pytest.mark.parametrize("path", ["../x", "/etc/passwd", "docs/../../x", "~/../x"])
def test_paths_outside_are_refused(ws: Workspace, tool: str, path: str) -> None:
    args = {"path": path}
    if tool in ("files_write", "files_append"):
        args["content"] = "pwned"
    if tool == "files_search":
        args["pattern"] = "root"
    assert "outside the workspace" in refused(ws, tool, args)


def test_symlink_escapes_are_refused(ws: Workspace, outside: Path) -> None:
    (ws.root / "link.txt").symlink_to(outside)
    (ws.root / "linkdir").symlink_to(outside.parent, target_is_directory=True)
    (ws.root / "dangling").symlink_to(outside.parent / "new.txt")
    for tool, args in [
        ("files_read", {"path": "link.txt"}),
        ("files_read", {"path": "linkdir/secret.txt"}),
        ("files_write", {"path": "link.txt", "content": "pwned"}),
        ("files_append", {"path": "linkdir/secret.txt", "content": "pwned"}),
        ("files_write", {"path": "dangling", "content": "pwned"}),  # not-yet-existing target
        ("files_write", {"path": "linkdir/new.txt", "content": "pwned"}),
        ("files_delete", {"path": "link.txt"}),
        ("files_move", {"src": "link.txt", "dst": "mine.txt"}),
        ("files_move", {"src": "readme.md", "dst": "linkdir/readme.md"}),
        ("files_list", {"path": "linkdir"}),
    ]:
        assert "outside the workspace" in refused(ws, tool, args), (tool, args)
    assert outside.read_text() == "top secret\n"
    assert sorted(p.name for p in outside.parent.iterdir()) == ["secret.txt"]
    # listing shows the links without following them; search skips the escaping ones
    listing = ok(ws, "files_list", {"recursive": True})
    assert {"path": "link.txt", "type": "symlink"} in listing
    assert ok(ws, "files_search", {"pattern": "secret"}) == []


def test_symlink_inside_is_followed(ws: Workspace) -> None:
    (ws.root / "alias.md").symlink_to(ws.root / "readme.md")
    assert ok(ws, "files_read", {"path": "alias.md"}).startswith("# Project")
    hits = ok(ws, "files_search", {"pattern": "hello"})
    assert hits == ["alias.md:2:hello world", "readme.md:2:hello world"]


# -- shell: common behaviour (in each sandbox mode available) ----------------------------


@pytest.fixture(params=["auto", "none"])
def sh(request: pytest.FixtureRequest, files_dir: Path, monkeypatch: pytest.MonkeyPatch):
    """A workspace whose shell uses the default sandbox (bwrap when usable) or none."""
    monkeypatch.setenv(shell_mod.SANDBOX_ENV, request.param)
    with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
        yield w


def test_shell_runs_in_workspace(sh: Workspace) -> None:
    res = ok(sh, "shell_run", {"command": "pwd; cat docs/notes.txt | wc -l; echo err >&2; exit 3"})
    assert res["exit_code"] == 3
    lines = res["output"].splitlines()
    assert Path(lines[0]).resolve() == sh.root.resolve()
    assert lines[1].strip() == "3" and "err" in lines
    assert ok(sh, "shell_run", {"command": 'echo "$HOME"'})["output"].strip() == str(sh.root.resolve())
    ok(sh, "shell_run", {"command": "echo made > made.txt"})
    assert (sh.root / "made.txt").read_text() == "made\n"


def test_shell_output_cap(sh: Workspace) -> None:
    res = ok(sh, "shell_run", {"command": "yes abcd | head -c 20000"})
    assert res["exit_code"] == 0
    head, note = res["output"].rsplit("\n[", 1)
    assert len(head.rstrip("\n")) <= 8000 and head.startswith("abcd\nabcd")
    assert "12000 more characters" in note


def test_shell_timeout_kills_group(sh: Workspace) -> None:
    start = time.monotonic()
    res = ok(sh, "shell_run", {"command": "sleep 5 & sleep 5; echo never", "timeout_seconds": 1})
    assert time.monotonic() - start < 4
    assert res["exit_code"] == 124
    assert "timed out" in res["output"] and "never" not in res["output"]


def test_shell_bad_arguments(sh: Workspace) -> None:
    assert "empty" in refused(sh, "shell_run", {"command": "  "})
    assert "at least 1" in refused(sh, "shell_run", {"command": "true", "timeout_seconds": 0})
    assert sh.call("shell_run", {"command": "true", "timeout_seconds": "soon"}).error == "bad_args"


# -- shell: bubblewrap sandbox -----------------------------------------------------------


@pytest.fixture
def bwrap_ws(files_dir: Path, monkeypatch: pytest.MonkeyPatch):
    if not HAS_BWRAP:
        pytest.skip("bubblewrap (bwrap) is not installed")
    monkeypatch.delenv(shell_mod.SANDBOX_ENV, raising=False)
    if shell_mod._bwrap_problem() is not None:
        pytest.skip(f"bwrap is installed but unusable: {shell_mod._bwrap_problem()}")
    with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
        assert w.apps["shell"].sandbox == "bwrap"
        yield w


@pytest.fixture
def outside_not_tmp():
    """A file outside the workspace and outside /tmp (which the sandbox replaces by a tmpfs)."""
    base = Path("/var/tmp") if Path("/var/tmp").is_dir() else Path.home()
    d = Path(tempfile.mkdtemp(prefix="ec2bench-test-", dir=base))
    (d / "secret.txt").write_text("top secret\n")
    yield d / "secret.txt"
    shutil.rmtree(d, ignore_errors=True)


def test_bwrap_write_outside_fails(bwrap_ws: Workspace, outside: Path, outside_not_tmp: Path) -> None:
    for target in (outside, outside_not_tmp):
        res = ok(bwrap_ws, "shell_run", {
            "command": f"echo pwned > {target} || echo FAILED1; echo pwned > {target.parent}/new.txt || echo FAILED2; "
            f"rm {target} || echo FAILED3",
        })
        assert res["output"].count("FAILED") == 3, res["output"]
        assert target.read_text() == "top secret\n"
        assert sorted(p.name for p in target.parent.iterdir()) == ["secret.txt"]
    assert "Read-only file system" in res["output"]
    res = ok(bwrap_ws, "shell_run", {"command": "touch /etc/ec2bench-probe /usr/ec2bench-probe"})
    assert res["exit_code"] != 0 and not Path("/etc/ec2bench-probe").exists()
    # inside the workspace, writing works; /tmp is private and writable
    res = ok(bwrap_ws, "shell_run", {"command": "echo ok > inside.txt && echo t > /tmp/t && cat /tmp/t"})
    assert res["exit_code"] == 0 and res["output"] == "t\n"
    assert (bwrap_ws.root / "inside.txt").read_text() == "ok\n"


def test_bwrap_no_network(bwrap_ws: Workspace) -> None:
    code = (
        "import socket\n"
        "s = socket.socket(); s.settimeout(2)\n"
        "try:\n    s.connect(('1.1.1.1', 53)); print('CONNECTED')\n"
        "except OSError as e:\n    print('blocked', e)\n"
    )
    res = ok(bwrap_ws, "shell_run", {"command": f"python3 -c \"{code}\""})
    assert "blocked" in res["output"] and "CONNECTED" not in res["output"]
    res = ok(bwrap_ws, "shell_run", {"command": "getent hosts example.com"})
    assert res["exit_code"] != 0


def test_bwrap_environment_is_minimal(bwrap_ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EC2BENCH_TEST_SECRET", "hunter2")
    res = ok(bwrap_ws, "shell_run", {"command": "env"})
    keys = {line.split("=", 1)[0] for line in res["output"].splitlines() if "=" in line}
    assert "EC2BENCH_TEST_SECRET" not in keys
    assert {"PATH", "HOME", "LANG"} <= keys


# -- shell: no sandbox --------------------------------------------------------------------


def test_unsandboxed_fallback(files_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv(shell_mod.SANDBOX_ENV, "none")
    monkeypatch.setenv("EC2BENCH_TEST_SECRET", "hunter2")
    shell_mod._warn_unsandboxed.cache_clear()
    with caplog.at_level(logging.WARNING, logger="ec2bench.env.apps.shell"):
        with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
            assert w.apps["shell"].sandbox == "none"
            res = ok(w, "shell_run", {"command": 'pwd; echo "$HOME|$TMPDIR"; env | grep -c EC2BENCH_TEST_SECRET; ls docs'})
            lines = res["output"].splitlines()
            root = str(w.root.resolve())
            assert lines[0] == root
            home, tmpdir = lines[1].split("|")
            assert home == root and tmpdir.startswith(root + "/")
            assert lines[2] == "0" and lines[3] == "notes.txt"
            ok(w, "shell_run", {"command": "echo made > made.txt"})
            assert (w.root / "made.txt").read_text() == "made\n"
            assert not (w.root / ".tmp").exists()  # the per-call TMPDIR is tidied when empty
            start = time.monotonic()
            assert ok(w, "shell_run", {"command": "sleep 5", "timeout_seconds": 1})["exit_code"] == 124
            assert time.monotonic() - start < 4
        with Workspace.create(["shell"]) as w2:  # the warning is logged once per process
            assert w2.apps["shell"].sandbox == "none"
    warnings = [r for r in caplog.records if "NOT sandboxed" in r.getMessage()]
    assert len(warnings) == 1 and "EC2BENCH_SHELL_SANDBOX=none" in warnings[0].getMessage()


@pytest.fixture
def fresh_detection():
    """Forget the cached bwrap probe before and after a test that fakes the detection."""
    shell_mod._bwrap_problem.cache_clear()
    yield
    shell_mod._bwrap_problem.cache_clear()


def test_sandbox_mode_env(monkeypatch: pytest.MonkeyPatch, fresh_detection: None) -> None:
    monkeypatch.setenv(shell_mod.SANDBOX_ENV, "none")
    assert shell_mod.sandbox_mode() == "none"
    monkeypatch.setenv(shell_mod.SANDBOX_ENV, "chroot")
    with pytest.raises(ValueError):
        shell_mod.sandbox_mode()
    monkeypatch.delenv(shell_mod.SANDBOX_ENV)
    monkeypatch.setattr(shell_mod.shutil, "which", lambda name: None)
    assert shell_mod.sandbox_mode() == "none"
    monkeypatch.setenv(shell_mod.SANDBOX_ENV, "bwrap")
    with pytest.raises(RuntimeError, match="not installed"):
        shell_mod.sandbox_mode()

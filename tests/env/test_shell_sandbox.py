"""The shell battery: what a hostile command tries, run in the bubblewrap sandbox.

Each test is one row of the battery (escape, environ, network, other workspaces, hard links,
process leftovers, disk fill, `kill -9 -1`, the harness's own files). They need a working
bubblewrap and are skipped, with the reason, where it is missing (CI installs it). The
refusal without a sandbox is in test_files_shell.py (`test_unsandboxed_needs_opt_in`).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from ec2bench.env import diskquota, sandbox
from ec2bench.env.workspace import Workspace


@pytest.fixture
def ws() -> Iterator[Workspace]:
    problem = sandbox.sandbox_problem()
    if problem is not None:
        pytest.skip(f"the shell battery needs a working bubblewrap: {problem}")
    with Workspace.create(["files", "shell", "email"]) as w:
        assert w.apps["shell"].sandbox == "bwrap"
        yield w


def sh(ws: Workspace, command: str, timeout: int = 10) -> dict:
    rec = ws.call("shell_run", {"command": command, "timeout_seconds": timeout})
    assert rec.ok, rec.result
    return json.loads(rec.result)


@pytest.fixture
def marker() -> str:
    return f"ec2bench-probe-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def host_dir() -> Iterator[Path]:
    """A directory of the host outside the workspace and outside /tmp, holding a secret file."""
    base = Path("/var/tmp") if Path("/var/tmp").is_dir() else Path.home()
    d = Path(tempfile.mkdtemp(prefix="ec2bench-test-", dir=base))
    (d / "secret.txt").write_text("top secret\n")
    yield d
    shutil.rmtree(d, ignore_errors=True)


def test_escape_writes_stay_inside(ws: Workspace, marker: str, host_dir: Path) -> None:
    targets = [f"/{marker}", f"/root/{marker}", f"/tmp/{marker}", f"{host_dir}/{marker}", f"/etc/{marker}",
               f"/usr/{marker}", f"{host_dir}/secret.txt"]
    res = sh(ws, "; ".join(f"{{ echo pwned > {t}; }} 2>/dev/null && echo WROTE {t}" for t in targets) + "; true")
    assert res["output"] == f"WROTE /tmp/{marker}\n"  # the sandbox's own /tmp is a private tmpfs
    for t in targets[:-1]:
        assert not Path(t).exists(), t
    assert (host_dir / "secret.txt").read_text() == "top secret\n"
    assert sh(ws, f"cat {host_dir}/secret.txt; ls /root /home /var /work")["exit_code"] != 0
    # the workspace is writable, and appears at /workspace, not at its host path
    assert sh(ws, "echo ok > inside.txt && pwd")["output"] == "/workspace\n"
    assert (ws.root / "inside.txt").read_text() == "ok\n"
    assert sh(ws, f"ls {ws.root.resolve()}")["exit_code"] != 0


def test_environ_has_no_keys(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-battery-key")
    res = sh(ws, "env; cat /proc/$PPID/environ /proc/1/environ /proc/*/environ 2>/dev/null | tr '\\0' '\\n'")
    assert "sk-test-battery-key" not in res["output"] and "OPENAI_API_KEY" not in res["output"]
    keys = {line.split("=", 1)[0] for line in sh(ws, "env")["output"].splitlines()}
    assert keys <= {"PATH", "HOME", "LANG", "TMPDIR", "PWD", "SHLVL", "_"}


def test_network_cannot_reach_host_loopback(ws: Workspace) -> None:
    accepted: list[object] = []
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        server.settimeout(0.2)
        port = server.getsockname()[1]
        stop = threading.Event()

        def accept() -> None:
            while not stop.is_set():
                try:
                    conn, _ = server.accept()
                except OSError:
                    continue
                accepted.append(conn)
                conn.close()

        thread = threading.Thread(target=accept, daemon=True)
        thread.start()
        probes = [f"(exec 3<>/dev/tcp/127.0.0.1/{port}) 2>/dev/null && echo CONNECTED bash"]
        if shutil.which("curl"):
            probes.append(f"curl -s -m 3 http://127.0.0.1:{port}/ >/dev/null 2>&1 && echo CONNECTED curl")
        if shutil.which("wget"):
            probes.append(f"wget -q -T 3 -t 1 -O- http://127.0.0.1:{port}/ >/dev/null 2>&1 && echo CONNECTED wget")
        if shutil.which("nc"):
            probes.append(f"nc -z -w 3 127.0.0.1 {port} && echo CONNECTED nc")
        res = sh(ws, "; ".join(probes) + "; getent hosts example.com || echo NO-DNS", timeout=20)
        stop.set()
        thread.join()
    assert "CONNECTED" not in res["output"] and "NO-DNS" in res["output"]
    assert accepted == []


def test_other_workspaces_are_invisible(ws: Workspace) -> None:
    with Workspace.create(["files"]) as other:
        (other.root / "theirs.txt").write_text("other episode\n")
        res = sh(ws, f"ls {other.root}; cat {other.root}/theirs.txt; echo x > {other.root}/mine.txt; "
                     "ls /tmp; find / -name 'ec2ws-*' -o -name theirs.txt 2>/dev/null")
        assert "other episode" not in res["output"] and "ec2ws-" not in res["output"].replace(str(other.root), "")
        assert sorted(p.name for p in other.root.iterdir()) == ["theirs.txt"]


def test_hard_links_cannot_reach_outside(ws: Workspace) -> None:
    res = sh(ws, "ln /etc/passwd pw && echo LINKED; ln /usr/bin/bash b && echo LINKED; ls")
    assert "LINKED" not in res["output"] and "Invalid cross-device link" in res["output"]
    # a hard link made from outside (as an unsandboxed command could) is refused by the files tools; its
    # target lies next to the workspace, on its file system (/tmp, /var/tmp and /dev/shm may be three)
    secret = ws.root.parent / f"{ws.root.name}-secret.txt"
    secret.write_text("top secret\n")
    try:
        os.link(secret, ws.root / "linked.txt")
        for tool, args in [
            ("files_read", {"path": "linked.txt"}),
            ("files_write", {"path": "linked.txt", "content": "pwned"}),
            ("files_append", {"path": "linked.txt", "content": "pwned"}),
        ]:
            rec = ws.call(tool, args)
            assert rec.error == "tool_error" and "hard links" in rec.result, (tool, rec.result)
        assert ws.call("files_search", {"pattern": "secret"}).result == "[]"
        assert secret.read_text() == "top secret\n"
    finally:
        secret.unlink()


def _host_processes(word: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if word.encode() in cmdline:
                found.append(int(entry.name))
    return found


def test_no_process_outlives_its_call(ws: Workspace) -> None:
    res = sh(ws, "setsid sleep 537 & nohup sleep 538 >/dev/null 2>&1 & (setsid -f sleep 539) ; disown -a; echo started")
    assert res == {"exit_code": 0, "output": "started\n"}
    assert sh(ws, "sleep 540 & setsid sleep 541; echo never", timeout=1)["exit_code"] == 124
    assert [w for w in ("sleep 537", "sleep 538", "sleep 539", "sleep 540", "sleep 541") if _host_processes(w)] == []


def test_disk_fill_is_cut(ws: Workspace) -> None:
    quota = diskquota.WORKSPACE_QUOTA_BYTES
    res = sh(ws, "dd if=/dev/zero of=big bs=1M count=100000 2>&1 | tail -1", timeout=10)
    assert (ws.root / "big").stat().st_size <= quota
    (ws.root / "big").unlink()
    res = sh(ws, "for i in $(seq 1000); do head -c 50000000 /dev/zero > f$i; done; echo done", timeout=10)
    assert "[stopped: the workspace may hold at most 128 MB" in res["output"] and "done" not in res["output"]
    assert "entries it created: f" in res["output"]
    used, _ = diskquota.disk_usage(ws.root, 10 * quota, 10**6)
    assert 0 < used <= quota
    res = sh(ws, "head -c 100000000 /dev/zero > /tmp/x; head -c 100000000 /dev/zero > /dev/shm/x; "
                 "du -sb /tmp/x /dev/shm/x")
    sizes = [int(line.split()[0]) for line in res["output"].splitlines() if line.endswith("/x")]
    assert sizes and max(sizes) <= sandbox.TMP_SIZE_BYTES
    # a full workspace can still be cleaned up
    assert sh(ws, "rm -f f*; ls | wc -l")["output"].strip() == "0"


def test_kill_all_reaches_only_the_sandbox(ws: Workspace) -> None:
    sibling = subprocess.Popen(["sleep", "30"])
    try:
        res = sh(ws, "kill -9 -1; echo survived")
        assert sibling.poll() is None  # the harness's other processes live on
        assert res["exit_code"] in (0, 137)
        assert sh(ws, "echo still works")["output"] == "still works\n"
    finally:
        sibling.kill()
        sibling.wait()


def test_harness_files_are_not_visible(ws: Workspace) -> None:
    res = sh(ws, "python3 -c 'import ec2bench' 2>&1 | tail -1; "
                 "find / -name checks.py -path '*suite*' 2>/dev/null | head -3; echo END")
    assert "ModuleNotFoundError" in res["output"] and res["output"].endswith("ModuleNotFoundError: No module named 'ec2bench'\nEND\n")


def test_harness_site_packages_under_usr_are_hidden(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = Path("/usr/lib/python3/dist-packages")
    if not shown.is_dir() or not any(shown.iterdir()):
        pytest.skip("no non-empty /usr/lib/python3/dist-packages to stand in for the harness's site-packages")
    monkeypatch.setattr(sandbox.site, "getsitepackages", lambda: [str(shown)])
    assert sh(ws, f"ls -A {shown} | wc -l; touch {shown}/x")["output"].startswith("0\n")


def test_memory_is_bounded(ws: Workspace) -> None:
    res = sh(ws, "python3 -c 'x = bytearray(2 * 1024**3)' 2>&1 | tail -1")
    assert "MemoryError" in res["output"]

"""The /proc process table the shell tool's kill and the memory benchmark read."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from ec2bench.env.procfs import processes, resident_bytes, state

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc"), reason="no /proc on this system")


def test_this_process_is_listed_with_its_parent_and_group() -> None:
    me = next(p for p in processes() if p.pid == os.getpid())
    assert (me.ppid, me.pgid, me.state) == (os.getppid(), os.getpgid(0), "R")
    assert resident_bytes(os.getpid()) > 1_000_000


def test_a_command_name_with_spaces_and_parentheses_is_read_past() -> None:
    rename = "import sys, time; open('/proc/self/comm', 'w').write('a) b (c'); print(flush=True); time.sleep(30)"
    child = subprocess.Popen([sys.executable, "-c", rename], start_new_session=True, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"\n"  # renamed itself: a process may
        with open(f"/proc/{child.pid}/stat", "rb") as f:
            assert f.read().startswith(f"{child.pid} (a) b (c) ".encode())
        seen = next(p for p in processes() if p.pid == child.pid)
        assert (seen.ppid, seen.pgid) == (os.getpid(), child.pid)
    finally:
        child.kill()
        child.wait()


def test_an_exited_unreaped_child_is_a_zombie_and_a_reaped_one_is_gone() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 10
    while next(p.state for p in processes() if p.pid == child.pid) != "Z" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert next(p.state for p in processes() if p.pid == child.pid) == "Z"
    child.wait()
    assert all(p.pid != child.pid for p in processes()) and resident_bytes(child.pid) == 0


def test_one_process_state_is_read_alone_and_is_none_once_reaped() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; print(flush=True); time.sleep(30)"],
                             start_new_session=True, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"\n"
        assert state(child.pid) == "S"
    finally:
        os.killpg(child.pid, 9)
        child.wait()
    assert state(child.pid) is None

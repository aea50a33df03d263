"""The workspace disk quota of shell commands.

RLIMIT_FSIZE cuts any single file a command writes at the quota; this module catches the
rest (many files, many entries). While a command runs its workspace is polled and the
command killed once past the quota; after it, what it wrote past the quota is removed,
newest first, so the workspace ends within the quota however fast the command wrote.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from ec2bench.env.procfs import processes

WORKSPACE_QUOTA_BYTES = 128 * 1024 * 1024  # disk a workspace may grow to (or what it held before the call)
WORKSPACE_MAX_ENTRIES = 20_000  # files and directories, likewise
_DISK_POLL_SECONDS = 0.1
_KILL_WAIT_SECONDS = 2.0


def disk_usage(root: Path, max_bytes: int, max_entries: int) -> tuple[int, int]:
    """Bytes allocated and entries below `root`, without following links.

    Stops counting once either limit is passed, so polling a flooded workspace stays cheap.
    """
    used = entries = 0
    stack = [str(root)]
    while stack and used <= max_bytes and entries <= max_entries:
        try:
            with os.scandir(stack.pop()) as it:
                for entry in it:
                    entries += 1
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    used += st.st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError:
            continue
    return used, entries


def _changed_since(root: Path, since: float) -> list[tuple[float, int, str, bool, int]]:
    """Entries below `root` changed at or after `since`: (mtime, depth, path, is_dir, bytes)."""
    found = []
    stack = [(str(root), 0)]
    while stack:
        top, depth = stack.pop()
        try:
            with os.scandir(top) as it:
                for entry in it:
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    is_dir = entry.is_dir(follow_symlinks=False)
                    if is_dir:
                        stack.append((entry.path, depth + 1))
                    if st.st_mtime >= since:
                        found.append((st.st_mtime, depth, entry.path, is_dir, st.st_blocks * 512))
        except OSError:
            continue
    return found


class DiskGuard:
    """Holds the workspace of one command (process group `pgid`) to its quota."""

    def __init__(self, root: Path, pgid: int) -> None:
        used, entries = disk_usage(root, WORKSPACE_QUOTA_BYTES, WORKSPACE_MAX_ENTRIES)
        self._root = root
        self._pgid = pgid
        self._since = time.time() - 1.0  # file-system timestamps may lag the clock slightly
        self._max_bytes = max(WORKSPACE_QUOTA_BYTES, used)  # a full workspace may still shrink
        self._max_entries = max(WORKSPACE_MAX_ENTRIES, entries)
        self._done = threading.Event()
        self.tripped = False
        self.removed: list[str] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _over(self) -> bool:
        used, entries = disk_usage(self._root, self._max_bytes, self._max_entries)
        return used > self._max_bytes or entries > self._max_entries

    def _run(self) -> None:
        while not self._done.wait(_DISK_POLL_SECONDS):
            if self._over():
                self.tripped = True
                kill_group(self._pgid)
                return

    def stop(self) -> None:
        """Call once the command's processes are gone: stop polling, trim what is past the quota."""
        self._done.set()
        self._thread.join()
        if self._over():
            self.tripped = True
            self._trim()

    def _trim(self) -> None:
        used, entries = disk_usage(self._root, 2**62, 2**62)
        # newest first; within a directory tree, children before their parent
        for _, _, path, is_dir, size in sorted(_changed_since(self._root, self._since), reverse=True):
            if used <= self._max_bytes and entries <= self._max_entries:
                return
            try:
                if is_dir:
                    os.rmdir(path)  # fails, and is skipped, if something older is still inside
                else:
                    os.unlink(path)
            except OSError:
                continue
            used, entries = used - size, entries - 1
            self.removed.append(os.path.relpath(path, self._root))


def kill_group(pgid: int) -> None:
    """SIGKILL a process group, if it is still there, and wait (at most 2 s) until none of it runs.

    A kill is delivered asynchronously: the killed processes, and under bubblewrap the rest of the
    PID namespace (torn down by the kernel when the namespace's first process, a member of this group,
    exits), can still be running when the signal call returns. Waiting keeps the promise that when a
    shell call returns, nothing it started is left running.
    """
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return
    deadline = time.monotonic() + _KILL_WAIT_SECONDS
    while _group_running(pgid) and time.monotonic() < deadline:
        time.sleep(0.005)


def _group_running(pgid: int) -> bool:
    """Whether a process of the group is still alive (zombies do not count)."""
    return any(p.pgid == pgid and p.state != "Z" for p in processes())

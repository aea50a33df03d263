"""The workspace disk quota, one for every tool that writes into the workspace.

The files tools check a write before making it (`write_problem`): one that would take the
workspace past the quota is refused with a ToolError and nothing is written. A shell command
cannot be checked beforehand, so `DiskGuard` records the workspace's entries (inode, size) before
the command starts, polls the workspace while it runs and kills it once past the quota
(RLIMIT_FSIZE already cuts any single file at the quota). Its clean-up only undoes what the
command did: entries it created are removed, newest first, until the workspace is within the
quota again; a file that existed before and grew is cut back to its earlier size when that is
safe (the same inode, a regular file with no other link), else left and named. What existed
before the command is never removed, however the workspace filled up.
"""

from __future__ import annotations

import logging
import os
import signal
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ec2bench.env.procfs import processes, state

log = logging.getLogger(__name__)

WORKSPACE_QUOTA_BYTES = 128 * 1024 * 1024  # disk a workspace may grow to (or what it held before the call)
WORKSPACE_MAX_ENTRIES = 20_000  # files and directories, likewise
_BLOCK_BYTES = 4096  # what a write is assumed to allocate per started block, for the files tools' check
_DISK_POLL_SECONDS = 0.1
# a killed process normally goes within milliseconds, but on a loaded machine a PID namespace's teardown
# (which waits for RCU grace periods) has let one outlive a 2 s wait: a call returns only once all are gone
_KILL_WAIT_SECONDS = 10.0
_KILL_SLOW_SECONDS = 2.0  # a kill that takes longer is logged, so a slow machine shows in the log


def quota_text() -> str:
    """The quota as the observations state it."""
    return f"{WORKSPACE_QUOTA_BYTES / (1024 * 1024):g} MB in {WORKSPACE_MAX_ENTRIES} files and folders"


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


def allocated(size: int) -> int:
    """The disk a file of `size` bytes is assumed to take (whole blocks)."""
    return -(-size // _BLOCK_BYTES) * _BLOCK_BYTES


def write_problem(root: Path, grows_bytes: int, new_entries: int) -> str | None:
    """Why a write that grows the workspace by `grows_bytes` and `new_entries` is refused, or None.

    A write that does not grow the workspace is always allowed, so a full workspace can be tidied.
    """
    if grows_bytes <= 0 and new_entries <= 0:
        return None
    used, entries = disk_usage(root, WORKSPACE_QUOTA_BYTES, WORKSPACE_MAX_ENTRIES)
    if (grows_bytes > 0 and used + grows_bytes > WORKSPACE_QUOTA_BYTES) or (
        new_entries > 0 and entries + new_entries > WORKSPACE_MAX_ENTRIES
    ):
        mb = 1024 * 1024
        return (f"the workspace may hold at most {quota_text()}; it holds {used / mb:.1f} MB in {entries} "
                f"entries and this write needs {max(grows_bytes, 0) / mb:.1f} MB more: nothing was written "
                "(delete files or write less)")
    return None


@dataclass(frozen=True)
class _Entry:
    """One workspace entry as seen before or after a command."""

    ino: int
    is_dir: bool
    size: int  # st_size
    disk: int  # bytes allocated
    mtime: float
    depth: int


def _snapshot(root: Path) -> dict[str, _Entry]:
    """Every entry below `root` by path, without following links."""
    found: dict[str, _Entry] = {}
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
                    is_dir = stat.S_ISDIR(st.st_mode)
                    if is_dir:
                        stack.append((entry.path, depth + 1))
                    found[entry.path] = _Entry(st.st_ino, is_dir, st.st_size, st.st_blocks * 512, st.st_mtime, depth)
        except OSError:
            continue
    return found


def _cut_back(path: str, before: _Entry) -> int | None:
    """Truncate a file the command grew to its size before the command; the bytes freed, or None if unsafe.

    Safe means: still the same inode (not replaced), a regular file, no other hard link; the file
    is opened without following a symlink swapped in, and only bytes past its old end are dropped,
    all of which the command wrote.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_ino != before.ino or st.st_nlink != 1:
            return None
        os.ftruncate(fd, before.size)
        return max(0, st.st_blocks * 512 - os.fstat(fd).st_blocks * 512)
    except OSError:
        return None
    finally:
        os.close(fd)


class DiskGuard:
    """Holds the workspace of one shell command to the quota, undoing only what the command wrote.

    Make it before the command starts (it records the workspace), `start` it with the command's
    process group, and `stop` it once the command's processes are gone.
    """

    def __init__(self, root: Path) -> None:
        self._root = root
        self._before = _snapshot(root)
        used = sum(e.disk for e in self._before.values())
        self._max_bytes = max(WORKSPACE_QUOTA_BYTES, used)  # a full workspace may still shrink
        self._max_entries = max(WORKSPACE_MAX_ENTRIES, len(self._before))
        self._pgid: int | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.tripped = False
        self.killed = False  # the command was still running when the workspace went past the quota
        self.removed: list[str] = []  # entries the command created, removed
        self.cut_back: list[str] = []  # files that existed before, cut back to their earlier size
        self.left: list[str] = []  # files that existed before and grew, or were replaced, left as they are

    def start(self, pgid: int) -> None:
        """Poll the workspace while the command (process group `pgid`) runs."""
        self._pgid = pgid
        self._thread.start()

    def _over(self) -> bool:
        used, entries = disk_usage(self._root, self._max_bytes, self._max_entries)
        return used > self._max_bytes or entries > self._max_entries

    def _run(self) -> None:
        while not self._done.wait(_DISK_POLL_SECONDS):
            if self._over():
                self.tripped = True
                if self._pgid is not None:
                    self.killed = True
                    kill_group(self._pgid)
                return

    def stop(self) -> None:
        """Call once the command's processes are gone: stop polling, undo what it wrote past the quota."""
        self._done.set()
        if self._pgid is not None:
            self._thread.join()
        if self._over():
            self.tripped = True
            self._trim()

    def _rel(self, path: str) -> str:
        return os.path.relpath(path, self._root)

    def _trim(self) -> None:
        now = _snapshot(self._root)
        used, entries = sum(e.disk for e in now.values()), len(now)

        def within() -> bool:
            return used <= self._max_bytes and entries <= self._max_entries

        created = [(e.mtime, e.depth, path, e) for path, e in now.items() if path not in self._before]
        # newest first; within a directory tree, children before their parent
        for _, _, path, e in sorted(created, key=lambda c: (c[0], c[1]), reverse=True):
            if within():
                break
            try:
                if e.is_dir:
                    os.rmdir(path)  # fails, and is skipped, if something is still inside
                else:
                    os.unlink(path)
            except OSError:
                continue
            used, entries = used - e.disk, entries - 1
            self.removed.append(self._rel(path))
        changed = [(path, e, self._before[path]) for path, e in now.items()
                   if path in self._before and not e.is_dir and (e.ino != self._before[path].ino or e.size > self._before[path].size)]
        for path, e, before in sorted(changed, key=lambda c: (c[1].size - c[2].size, c[0]), reverse=True):
            if within():
                break
            freed = None if e.ino != before.ino or before.is_dir else _cut_back(path, before)
            if freed is None:
                self.left.append(self._rel(path))
            else:
                used -= freed
                self.cut_back.append(self._rel(path))

    def note(self) -> str:
        """The observation's note on a tripped guard: the quota, and what was removed, cut back or left."""

        def names(paths: list[str]) -> str:
            return ", ".join(paths[:5]) + (f", ... ({len(paths)} in all)" if len(paths) > 5 else "")

        parts = [f"[stopped: the workspace may hold at most {quota_text()}; the command went past it"
                 + (" and was killed" if self.killed else "")]
        if self.removed:
            parts.append(f"; removed {len(self.removed)} entries it created: {names(self.removed)}")
        if self.cut_back:
            parts.append(f"; cut back to their size before the command {len(self.cut_back)} files it grew: "
                         f"{names(self.cut_back)}")
        if self.left:
            parts.append(f"; left as they are {len(self.left)} earlier files it grew or replaced: {names(self.left)}")
        return "".join(parts) + "]"


def kill_group(pgid: int, *, sealed: bool = False) -> None:
    """SIGKILL a process group and every descendant of it, and wait (at most 10 s) until none of them runs.

    A kill is delivered asynchronously, and not everything a command started is in its group: under
    bubblewrap the command runs in a session of its own inside a PID namespace, whose processes die
    only when the kernel tears the namespace down after its first process exits. So the descendants
    are found (by parent) before the kill, each is killed too, and the wait covers the group and all
    of them: when a shell call returns, nothing it started is left running.

    `sealed`: the group's leader `pgid` has exited and took every process the group started with it,
    as under bubblewrap, whose PID namespace ends with its first process (the kernel kills and reaps the
    namespace's other processes before that exit completes): only the leader is left, so the process
    table is not read, twice, for every command. Otherwise (a command killed while it runs, an
    unsandboxed command whose orphans init adopts) the whole table is read.
    """
    tree = {pgid} if sealed else _group_and_descendants(pgid)
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in tree:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    start = time.monotonic()
    while (alive := _running(pgid, tree, table_read=not sealed)) and time.monotonic() - start < _KILL_WAIT_SECONDS:
        time.sleep(0.005)
    waited = time.monotonic() - start
    if alive:
        log.error("processes of a killed command (group %d) still run after %.1f s", pgid, waited)
    elif waited > _KILL_SLOW_SECONDS:
        log.warning("the processes of a killed command (group %d) took %.1f s to go", pgid, waited)


def _group_and_descendants(pgid: int) -> set[int]:
    """The processes of the group and every process below them, from one read of the whole table."""
    table = list(processes())
    tree = {p.pid for p in table if p.pgid == pgid}
    children: dict[int, list[int]] = {}
    for p in table:
        children.setdefault(p.ppid, []).append(p.pid)
    todo = list(tree)
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in tree:
                tree.add(child)
                todo.append(child)
    return tree


def _running(pgid: int, pids: set[int], *, table_read: bool) -> bool:
    """Whether a process of the group, or one of `pids`, is still alive (zombies do not count); the group
    is looked for in the whole table only when `table_read` (a sealed group's members are all in `pids`)."""
    if table_read:
        return any((p.pgid == pgid or p.pid in pids) and p.state != "Z" for p in processes())
    return any(state(pid) not in (None, "Z") for pid in pids)

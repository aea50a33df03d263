"""Per-process temp folders for episode workspaces, so that a killed sweep's leftovers are found.

A workspace is a temp folder deleted when its episode ends; a sweep killed with `kill -9` never
gets there. So every process of a sweep (the CLI process and each worker) sends its temp files
to its own folder `<base>/ec2bench-pid<PID>/` (`claim`), and every new sweep first
removes the folders whose process is gone (`remove_leftovers`). A folder whose process still
runs (a concurrent sweep) is never touched.

The base is the user's temp folder when TMPDIR (or TEMP, TMP) names one. Otherwise it is
`/dev/shm` when that is a memory file system (tmpfs) with `RAM_TEMP_MIN_FREE_BYTES` free, for two
reasons. What a command prints about a folder (`grep -r`, `find`, `ls -f`) follows the order the
file system lists it in: ext4 orders by a hash seeded per file system, so the same simulated sweep
printed other listings, and so counted other tokens and exposed other values, on another machine;
tmpfs lists in the order entries were made, and workspaces are copied in name order
(`ec2bench.spec.content.copy_task_files`). And a sweep makes, fills and deletes thousands of small
workspaces, whose copies, path checks, snapshots and deletions cost less in memory than on a disk.
A workspace holds at most the disk quota (`ec2bench.env.diskquota`), so the free room asked for is
that of 32 full workspaces. Else the system temp folder.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ec2bench.env.diskquota import WORKSPACE_QUOTA_BYTES

PREFIX = "ec2bench-pid"
RAM_TEMP = Path("/dev/shm")
RAM_TEMP_MIN_FREE_BYTES = 32 * WORKSPACE_QUOTA_BYTES
_USER_TEMP_VARS = ("TMPDIR", "TEMP", "TMP")


def claim() -> Path:
    """Make this process's temp files (workspaces included) go to its own folder; returns it."""
    own = base() / f"{PREFIX}{os.getpid()}"
    own.mkdir(mode=0o700, exist_ok=True)
    tempfile.tempdir = str(own)
    return own


def release() -> None:
    """Remove this process's folder and send temp files to the system temp folder again."""
    own = Path(tempfile.gettempdir())
    tempfile.tempdir = None
    if own.name == f"{PREFIX}{os.getpid()}":
        shutil.rmtree(own, ignore_errors=True)


def remove_leftovers() -> int:
    """Remove the folders of processes that no longer run, in every base a sweep may have used; returns
    how many were removed."""
    removed = 0
    for where in dict.fromkeys([base(), _system_temp()]):
        for folder in where.glob(f"{PREFIX}*"):
            pid = folder.name[len(PREFIX):]
            if folder.is_dir() and pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
                shutil.rmtree(folder, ignore_errors=True)
                removed += not folder.exists()
    return removed


def base() -> Path:
    """Where the processes' folders go: the user's temp folder if named, else a roomy `/dev/shm`, else
    the system temp folder (the module docstring says why)."""
    system = _system_temp()
    if any(os.environ.get(name) for name in _USER_TEMP_VARS):
        return system
    try:
        room = os.statvfs(RAM_TEMP)
    except OSError:  # no such folder (macOS)
        return system
    roomy = room.f_bavail * room.f_frsize >= RAM_TEMP_MIN_FREE_BYTES
    return RAM_TEMP if roomy and _in_memory(RAM_TEMP) and os.access(RAM_TEMP, os.W_OK | os.X_OK) else system


def _in_memory(folder: Path) -> bool:
    """Whether `folder` is where a tmpfs is mounted (read from the mount table; False without one)."""
    try:
        mounts = Path("/proc/self/mounts").read_text().splitlines()
    except OSError:
        return False
    return any(len(fields := line.split()) > 2 and fields[1] == str(folder) and fields[2] == "tmpfs"
               for line in mounts)


def _system_temp() -> Path:
    """The temp folder this process's folder was claimed in, or the system's when it claimed none."""
    current = Path(tempfile.gettempdir())
    return current.parent if current.name.startswith(PREFIX) else current


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True

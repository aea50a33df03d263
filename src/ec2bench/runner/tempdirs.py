"""Per-process temp folders for episode workspaces, so that a killed sweep's leftovers are found.

A workspace is a temp folder deleted when its episode ends; a sweep killed with `kill -9` never
gets there. So every process of a sweep (the CLI process and each worker) sends its temp files
to its own folder `<system temp>/ec2bench-pid<PID>/` (`claim`), and every new sweep first
removes the folders whose process is gone (`remove_leftovers`). A folder whose process still
runs (a concurrent sweep) is never touched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

PREFIX = "ec2bench-pid"


def claim() -> Path:
    """Make this process's temp files (workspaces included) go to its own folder; returns it."""
    own = _system_temp() / f"{PREFIX}{os.getpid()}"
    own.mkdir(mode=0o700, exist_ok=True)
    tempfile.tempdir = str(own)
    return own


def release() -> None:
    """Remove this process's folder and send temp files to the system temp folder again."""
    base = _system_temp()
    tempfile.tempdir = None
    shutil.rmtree(base / f"{PREFIX}{os.getpid()}", ignore_errors=True)


def remove_leftovers() -> int:
    """Remove the folders of processes that no longer run; returns how many were removed."""
    removed = 0
    for folder in _system_temp().glob(f"{PREFIX}*"):
        pid = folder.name[len(PREFIX):]
        if folder.is_dir() and pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed += not folder.exists()
    return removed


def _system_temp() -> Path:
    """The system temp folder, also when this process (or the parent it was forked from) claimed its own."""
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

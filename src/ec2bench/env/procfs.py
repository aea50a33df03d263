"""The process table, read from Linux's /proc: what the shell tool's kill and the memory benchmark need.

A process's `/proc/<pid>/stat` is `pid (comm) state ppid pgrp ...`; the command name may hold spaces
and parentheses, so the fields are read after the last `)`. A process that exits while the table is
read is skipped. Where /proc is absent (macOS), the table is empty.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

PROC = "/proc"


@dataclass(frozen=True)
class Process:
    pid: int
    state: str  # R running, S sleeping, Z zombie (exited, not yet reaped), ...
    ppid: int
    pgid: int


def processes() -> Iterator[Process]:
    """Every process visible now."""
    for entry in os.scandir(PROC) if os.path.isdir(PROC) else ():
        if not entry.name.isdigit():
            continue
        try:
            with open(f"{PROC}/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        state, ppid, pgid = stat[stat.rindex(b")") + 2:].split()[:3]
        yield Process(int(entry.name), state.decode(), int(ppid), int(pgid))


def resident_bytes(pid: int) -> int:
    """Resident memory of one process (0 once it has exited)."""
    try:
        with open(f"{PROC}/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0

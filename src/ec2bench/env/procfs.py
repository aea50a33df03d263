"""The process table, read from Linux's /proc: what the shell tool's kill and the memory benchmark need.

A process's `/proc/<pid>/stat` is `pid (comm) state ppid pgrp ...`; the command name may hold spaces
and parentheses, so the fields are read after the last `)`. A process that exits while the table is
read is skipped. Where /proc is absent (macOS), the table is empty.

The whole table costs one file read per process on the machine (~4 ms with a few hundred), so what
needs one process only reads that one (`state`).
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
        fields = _stat_fields(int(entry.name))
        if fields is not None:
            state, ppid, pgid = fields[:3]
            yield Process(int(entry.name), state.decode(), int(ppid), int(pgid))


def _stat_fields(pid: int) -> list[bytes] | None:
    """The fields of `/proc/<pid>/stat` after the command name (state first), or None once it is gone."""
    try:
        with open(f"{PROC}/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return None
    return stat[stat.rindex(b")") + 2:].split()


def state(pid: int) -> str | None:
    """One process's state letter, or None once it is gone (reaped)."""
    fields = _stat_fields(pid)
    return fields[0].decode() if fields else None


def resident_bytes(pid: int) -> int:
    """Resident memory of one process (0 once it has exited)."""
    try:
        with open(f"{PROC}/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0

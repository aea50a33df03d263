"""The process table, read from Linux's /proc: what the shell tool's kill and the memory benchmark need.

A process's `/proc/<pid>/stat` is `pid (comm) state ppid pgrp ...`; the command name may hold spaces
and parentheses, so the fields are read after the last `)`. A process that exits while the table is
read is skipped. Where /proc is absent (macOS), the table is empty.

The whole table costs one file read per process on the machine (~4 ms with a few hundred), so what
needs only one process's descendants walks the kernel's children lists instead (`descendants`).
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


def descendants(pid: int) -> set[int] | None:
    """`pid` and every process below it, walked through `/proc/<pid>/task/<tid>/children` (every thread's
    children); None where the kernel keeps no such lists (built without CONFIG_PROC_CHILDREN, or no /proc).

    A process whose parent exited has been adopted elsewhere (init, a subreaper, a PID namespace's
    first process) and is found only below its new parent. A process that exits during the walk is skipped.
    """
    if not os.path.exists(f"{PROC}/self/task/{os.getpid()}/children"):
        return None
    found, todo = {pid}, [pid]
    while todo:
        current = todo.pop()
        try:
            tasks = os.listdir(f"{PROC}/{current}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"{PROC}/{current}/task/{tid}/children", "rb") as f:
                    listed = f.read().split()
            except OSError:
                continue
            for child in map(int, listed):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def resident_bytes(pid: int) -> int:
    """Resident memory of one process (0 once it has exited)."""
    try:
        with open(f"{PROC}/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0

"""What every command of the CLI shares: the consoles, the exit codes, `fail`, loading the tasks asked for."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from ec2bench.tasks.loader import Task, TaskLoadError, load_suite

EXIT_INVALID_TASKS, EXIT_USAGE, EXIT_INPUT, EXIT_SWEEP_FAILED, EXIT_INTERRUPTED = 1, 2, 3, 4, 130
# Leaderboards are wide: when output goes to a file or pipe, do not wrap them at 80 columns.
console = Console(width=None if sys.stdout.isatty() else 200)
err_console = Console(stderr=True)

SuiteOpt = Annotated[Path | None, typer.Option("--suite", help="suite folder (default: the built-in suite)")]
TasksOpt = Annotated[str | None, typer.Option("--tasks", help="task id glob(s), comma-separated")]


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def load_tasks(suite: Path | None, tasks: str | None) -> list[Task]:
    """The tasks of `suite` matching the `tasks` globs; a load error or no match ends the command."""
    try:
        loaded = load_suite(suite, tasks)
    except TaskLoadError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    if not loaded:
        raise fail(f"no tasks match {tasks!r} in {suite or 'the built-in suite'}")
    return loaded

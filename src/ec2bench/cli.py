"""The `ec2bench` command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ec2bench.tasks.loader import TaskLoadError, load_suite

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Edge-cloud collaboration benchmark for LLM agents.")
tasks_app = typer.Typer(no_args_is_help=True, help="List and validate tasks.")
app.add_typer(tasks_app, name="tasks")
console = Console()
err_console = Console(stderr=True)

SuiteOpt = Annotated[Path | None, typer.Option("--suite", help="suite folder (default: the built-in suite)")]
TasksOpt = Annotated[str | None, typer.Option("--tasks", help="task id glob(s), comma-separated")]


def fail(message: str) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(2)


def _load(suite: Path | None, tasks: str | None):
    try:
        loaded = load_suite(suite, tasks)
    except TaskLoadError as exc:
        raise fail(str(exc)) from None
    if not loaded:
        raise fail(f"no tasks match {tasks!r} in {suite or 'the built-in suite'}")
    return loaded


@tasks_app.command("list")
def tasks_list(suite: SuiteOpt = None, tasks: TasksOpt = None) -> None:
    """Print id, category, language, apps, reference steps and sensitive units of every task."""
    table = Table("id", "category", "lang", "apps", "ref steps", "units")
    loaded = _load(suite, tasks)
    for t in loaded:
        table.add_row(t.id, t.spec.category, t.spec.language, ",".join(t.spec.apps),
                      str(len(t.spec.reference_tool_calls)), str(len(t.spec.sensitive)))
    console.print(table)
    console.print(f"{len(loaded)} tasks, {sum(len(t.spec.sensitive) for t in loaded)} sensitive units")


@tasks_app.command("validate")
def tasks_validate(suite: SuiteOpt = None, tasks: TasksOpt = None) -> None:
    """Validate every task: reference scores 100, do-nothing <= 10, units in fixtures, checks can fail, grounded reference."""
    from ec2bench.tasks.validator import validate_task

    table = Table("task", "reference", "null", "checks", "units", "result")
    failures = 0
    for task in _load(suite, tasks):
        result = validate_task(task)
        failures += not result.ok
        table.add_row(task.id, f"{result.reference_score:.1f}", f"{result.null_score:.1f}", str(len(task.spec.checks)),
                      str(len(task.spec.sensitive)), "[green]ok[/]" if result.ok else "[red]FAIL[/]")
        for problem in result.problems:
            table.add_row("", "", "", "", "", f"[red]{problem}[/]")
    console.print(table)
    if failures:
        err_console.print(f"[red]{failures} task(s) failed validation[/]")
        raise typer.Exit(1)
    console.print("[green]all tasks valid[/]")

"""The `ec2bench` command line."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress, TextColumn
from rich.table import Table

from ec2bench.models.base import ConfigError
from ec2bench.models.registry import parse_price, resolve_model
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_json, as_markdown, as_table
from ec2bench.runner.episode import DEFAULT_TIMEOUT_S, EpisodeResult, EpisodeSpec
from ec2bench.runner.store import Store, StoreError, load_rows
from ec2bench.runner.sweep import SweepConfig, plan, run_sweep
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import TaskLoadError, load_suite

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Edge-cloud collaboration benchmark for LLM agents.")
tasks_app = typer.Typer(no_args_is_help=True, help="List and validate tasks.")
app.add_typer(tasks_app, name="tasks")
# Leaderboards are wide: when output goes to a file or pipe, do not wrap them at 80 columns.
console = Console(width=None if sys.stdout.isatty() else 200)
err_console = Console(stderr=True)

SuiteOpt = Annotated[Path | None, typer.Option("--suite", help="suite folder (default: the built-in suite)")]
TasksOpt = Annotated[str | None, typer.Option("--tasks", help="task id glob(s), comma-separated")]


def fail(message: str) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
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


@app.command()
def run(
    out: Annotated[Path, typer.Option("--out", help="results store folder (created; re-use it to resume)")],
    strategies: Annotated[str, typer.Option("--strategies", help="comma-separated strategy specs, e.g. edge_only,cloud_only")] = "edge_only,cloud_only",
    edge: Annotated[str, typer.Option("--edge", help="edge model, e.g. sim/edge-9b or openai/<model>")] = "sim/edge-9b",
    cloud: Annotated[str, typer.Option("--cloud", help="cloud model, e.g. sim/cloud or openai/<model>")] = "sim/cloud",
    repeats: Annotated[int, typer.Option("--repeats", min=1, help="runs per task and strategy")] = 3,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="parallel worker processes")] = max(1, os.cpu_count() or 1),
    tasks: TasksOpt = None,
    suite: SuiteOpt = None,
    edge_base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the edge model")] = None,
    cloud_base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the cloud model")] = None,
    cloud_price: Annotated[str | None, typer.Option(help="cloud USD per million tokens: input,cached_input,output")] = None,
    edge_params: Annotated[float | None, typer.Option(help="edge parameter count, for FLOPs")] = None,
    timeout: Annotated[float, typer.Option(help="per-episode timeout in seconds")] = DEFAULT_TIMEOUT_S,
) -> None:
    """Run a sweep (tasks x strategies x repeats), skipping stored episodes, then print the leaderboard."""
    try:
        edge_info = resolve_model(edge, base_url=edge_base_url, params=edge_params)
        cloud_info = resolve_model(cloud, base_url=cloud_base_url, price=parse_price(cloud_price) if cloud_price else None)
        if cloud_info.price is None:
            raise ConfigError(f"no price known for cloud model {cloud!r}; pass --cloud-price IN,CACHED,OUT (USD per million tokens)")
        specs = [s for s in (x.strip() for x in strategies.split(",")) if s]
        for spec in specs:
            make_strategy(spec)
    except ConfigError as exc:
        raise fail(str(exc)) from None
    loaded = _load(suite, tasks)
    try:
        store = Store.open(out, create=True)
    except StoreError as exc:
        raise fail(str(exc)) from None
    episodes = plan(loaded, specs, edge, cloud, repeats)
    done = store.keys()
    todo = [e for e in episodes if e.key not in done]
    console.print(f"sweep: {len(episodes)} episodes ({len(loaded)} tasks x {len(specs)} strategies x {repeats} repeats); "
                  f"{len(episodes) - len(todo)} already stored, {len(todo)} to run with {jobs} job(s)")
    config = SweepConfig(suite=suite, edge=edge_info, cloud=cloud_info, timeout_s=timeout)
    errors = 0
    with Progress(*Progress.get_default_columns(), TextColumn("{task.fields[status]}"), console=console,
                  disable=not todo) as progress:
        bar = progress.add_task("episodes", total=len(todo), status="")

        def on_done(spec: EpisodeSpec, result: EpisodeResult) -> None:
            nonlocal errors
            errors += result.row["status"] == "error"
            progress.update(bar, advance=1, status=f"errors {errors}" if errors else "")

        try:
            run_sweep(todo, config, store, jobs=jobs, on_done=on_done)
        except KeyboardInterrupt:
            stored = len(store.keys() & {e.key for e in episodes})
            err_console.print(f"interrupted: {stored}/{len(episodes)} episodes are stored; run the same command again to finish")
            raise typer.Exit(130) from None
        except StoreError as exc:
            raise fail(str(exc)) from None
    rows = [r for r in store.rows() if r["key"] in {e.key for e in episodes}]
    store.close()
    _print_board(leaderboard(rows), "table")
    (out / "report.json").write_text(as_json(leaderboard(store_rows := load_rows([out]))), encoding="utf-8")
    (out / "report.md").write_text(as_markdown(leaderboard(store_rows)), encoding="utf-8")
    console.print(f"report: {out / 'report.md'} and {out / 'report.json'} (whole store: {len(store_rows)} episodes)")


@app.command()
def report(
    stores: Annotated[list[Path], typer.Argument(help="one or more results store folders")],
    format: Annotated[str, typer.Option("--format", help="table | json | markdown")] = "table",
) -> None:
    """Print the leaderboard of one or more stores (pure function of the stored episodes)."""
    if format not in ("table", "json", "markdown"):
        raise fail(f"unknown format {format!r}; use table, json or markdown")
    try:
        rows = load_rows(stores)
    except StoreError as exc:
        raise fail(str(exc)) from None
    _print_board(leaderboard(rows), format)


def _print_board(board: list[dict], format: str) -> None:
    if format == "json":
        print(as_json(board))
    elif format == "markdown":
        print(as_markdown(board), end="")
    else:
        console.print(as_table(board))


bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks of the harness itself.")
app.add_typer(bench_app, name="bench")


@bench_app.command("overhead")
def bench_overhead(
    episodes: Annotated[int, typer.Option(help="episodes of the fixed notes shape")] = 200,
    rounds: Annotated[int, typer.Option(help="passes over the suite")] = 5,
    suite: SuiteOpt = None,
) -> None:
    """Harness cost with a free model: workspace set-up, per-turn overhead, episodes per second."""
    from ec2bench.bench.overhead import fixed_shape_task, measure

    results = [measure(_load(suite, None), rounds, "built-in suite" if suite is None else str(suite)),
               measure([fixed_shape_task()], episodes, "notes, 10 tool calls + answer")]
    table = Table("workload", "episodes", "set-up ms (median)", "overhead ms/turn (median)", "ms/episode (median)", "episodes/s")
    for r in results:
        table.add_row(r.workload, str(r.episodes), f"{r.setup_ms:.3f}", f"{r.turn_ms:.3f}", f"{r.episode_ms:.2f}", f"{r.episodes_per_s:.0f}")
    console.print(table)


if __name__ == "__main__":
    app()

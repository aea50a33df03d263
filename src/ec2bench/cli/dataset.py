"""`ec2bench tasks export|import` and `ec2bench results export` (registered on the main CLI): Hugging Face datasets.

Importing this module imports no `datasets`: it loads only when a command runs, so the core install's
CLI works without the `[hf]` extra (docs/datasets.md).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Annotated

import typer

from ec2bench.cli.common import SuiteOpt, TasksOpt, console, err_console, fail, load_tasks

results_app = typer.Typer(no_args_is_help=True, help="Share results stores (as a Hugging Face dataset).")
FORMATS = ("hf",)
FormatOpt = Annotated[str, typer.Option("--format", help="hf: a Hugging Face dataset folder (README.md card + data/*.parquet)")]
NameOpt = Annotated[str | None, typer.Option("--name", help="the dataset's name in its card (default: the OUT folder's name)")]


def _require_hf(format: str) -> None:
    if format not in FORMATS:
        raise fail(f"unknown format {format!r}; use {', '.join(FORMATS)}")
    if importlib.util.find_spec("datasets") is None:
        raise fail("Hugging Face datasets need the [hf] extra: pip install 'ec2bench[hf]'")


def tasks_export(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="new folder for the dataset (must not exist or be empty)")],
    format: FormatOpt = "hf",
    suite: SuiteOpt = None,
    tasks: TasksOpt = None,
    name: NameOpt = None,
) -> None:
    """Write the suite as a dataset: one row per task, every file of its folder included; `hf upload` publishes it."""
    _require_hf(format)
    from ec2bench.dataset import DatasetError, export_suite

    chosen = load_tasks(suite, tasks)
    try:
        data, rows = export_suite(chosen, out, name=name or out.resolve().name)
    except DatasetError as exc:
        raise fail(str(exc), exc.exit_code) from None
    _say_exported("task", rows, out, data)


def tasks_import(
    source: Annotated[str, typer.Argument(metavar="SRC", help="an export folder, a Parquet file, a save_to_disk folder or a Hub dataset id")],
    out: Annotated[Path, typer.Argument(metavar="OUT", help="new suite folder (must not exist or be empty); use it with --suite")],
) -> None:
    """Write a task dataset back into a suite folder; every task must load and keep its content hash.
    Loading runs each task's checks.py: import only datasets you trust."""
    _require_hf("hf")
    from ec2bench.dataset import DatasetError, import_suite

    try:
        loaded = import_suite(source, out)
    except DatasetError as exc:
        raise fail(str(exc), exc.exit_code) from None
    console.print(f"imported {len(loaded)} task(s) into {out}; every content hash matches its row "
                  f"(run them with --suite {out})", highlight=False)


@results_app.command("export")
def results_export(
    stores: Annotated[list[Path], typer.Argument(metavar="STORE...", help="results store folder(s), merged as `report` merges them, then OUT")],
    out: Annotated[Path, typer.Argument(metavar="OUT", help="new folder for the dataset (must not exist or be empty)")],
    format: FormatOpt = "hf",
    name: NameOpt = None,
) -> None:
    """Write the stored episodes as a dataset: one row per episode (every store column and its trace as JSON)."""
    from ec2bench.runner.store import StoreError

    _require_hf(format)
    from ec2bench.dataset import DatasetError, export_results
    from ec2bench.report.stores import merge_stores

    try:
        merged = merge_stores(stores)
    except StoreError as exc:
        raise fail(str(exc), exc.exit_code) from None
    if merged.warning():
        err_console.print(f"warning: {merged.warning()}", highlight=False)
    try:
        data, rows = export_results(merged, out, name=name or out.resolve().name)
    except DatasetError as exc:
        raise fail(str(exc), exc.exit_code) from None
    _say_exported("episode", rows, out, data)


def _say_exported(what: str, rows: list, out: Path, data: Path) -> None:
    """The line an export ends with: how many rows went where, and the card beside them."""
    console.print(f"exported {len(rows)} {what}(s) to {out}: {data.relative_to(out)} ({data.stat().st_size:,} bytes) "
                  f"and the card README.md", highlight=False)

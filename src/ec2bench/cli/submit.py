"""`ec2bench submit prepare` and `ec2bench submit validate` (registered on the main CLI; docs/submissions.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from ec2bench.cli.common import EXIT_INPUT, EXIT_INVALID_TASKS, console, fail
from ec2bench.core.errors import Ec2benchError
from ec2bench.submit import Verdict, prepare, validate

EXIT_INVALID_BUNDLE = EXIT_INVALID_TASKS  # 1, as for invalid tasks: the check ran and found the input invalid

submit_app = typer.Typer(no_args_is_help=True, help="Make and check a submission bundle of results (docs/submissions.md).")


@submit_app.command("prepare")
def prepare_command(
    stores: Annotated[list[Path], typer.Argument(help="one or more results store folders (merged as `ec2bench report` merges them)")],
    out: Annotated[Path, typer.Option("--out", "-o", help="the bundle folder to write (new, or empty)")],
) -> None:
    """Write a submission bundle (one folder) of STORES: leaderboard, episode rows, traces, models and prices, suite,
    versions, command lines and a manifest of checksums; print whether it is verified and why not.

    Exit codes: 0 written; 2 usage error (OUT not empty); 3 input error (a store unreadable, a trace missing).
    """
    try:
        made = prepare(stores, out)
    except Ec2benchError as exc:
        raise fail(str(exc), exc.exit_code) from None
    console.print(f"bundle {escape(str(made.path))}: {made.episodes} episodes, {made.verdict.describe()}", highlight=False)
    _print_reasons(made.verdict)
    console.print(f"check it with: ec2bench submit validate {escape(str(made.path))}", highlight=False)


@submit_app.command("validate")
def validate_command(
    bundle: Annotated[Path, typer.Argument(help="a bundle folder written by `ec2bench submit prepare`")],
) -> None:
    """Check a bundle for consistency (manifest checksums, schema, traces, every leaderboard figure recomputed
    from its rows) and print whether it is verified, with every reason it is not. Nothing is re-run.

    Exit codes: 0 valid (verified or unverified, as printed); 1 invalid (each problem printed); 3 BUNDLE is not a folder.
    """
    try:
        result = validate(bundle)
    except Ec2benchError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    for note in result.notes:
        console.print(f"note: {escape(note)}", highlight=False)
    if not result.valid:
        console.print(f"bundle {escape(str(bundle))}: INVALID ({len(result.problems)} problem(s))", highlight=False)
        for problem in result.problems:
            console.print(f"  - {escape(problem)}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_INVALID_BUNDLE)
    assert result.verdict is not None  # a valid bundle always has one
    console.print(f"bundle {escape(str(bundle))}: valid, {result.verdict.describe()} ({result.episodes} episodes)",
                  highlight=False)
    _print_reasons(result.verdict)


def _print_reasons(verdict: Verdict) -> None:
    if verdict.reasons:
        console.print("unverified because:", highlight=False)
    for reason in verdict.reasons:
        console.print(f"  - {escape(reason)}", highlight=False, soft_wrap=True)

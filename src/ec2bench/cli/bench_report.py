"""`ec2bench bench report` (registered on the `bench` group of the main CLI): the HTML report's scaling bench."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ec2bench.cli.common import EXIT_INPUT, SuiteOpt, TasksOpt, console, fail


def bench_report(
    episodes: Annotated[list[int] | None, typer.Option("--episodes", min=1, help="episodes in the generated store (repeatable: one measurement each)")] = None,
    source: Annotated[Path | None, typer.Option("--from", help="a results store to replicate (default: a fresh one-repeat simulated sweep of the suite)")] = None,
    work: Annotated[Path | None, typer.Option("--work", help="keep the seed sweep, stores and reports in this folder (default: a temporary one, removed after)")] = None,
    strategies: Annotated[str | None, typer.Option("--strategies", help="strategies of the seed sweep (default: the seven built-in ones the tour compares)")] = None,
    tasks: TasksOpt = None,
    suite: SuiteOpt = None,
    max_seconds: Annotated[float | None, typer.Option("--max-seconds", help="target wall time (default: 60 s, the 10,000-episode target)")] = None,
    max_rss: Annotated[float | None, typer.Option("--max-rss-mib", help="target peak resident memory (default: 400 MiB)")] = None,
) -> None:
    """Time `report --format html` on a generated store of N episodes: wall, CPU, peak RSS, file size, against a target.

    Exits 1 when a measurement misses the target (by default the one for 10,000 episodes: < 60 s and < 400 MiB)."""
    from ec2bench.bench import report as bench

    if source is not None and not (source / "results.sqlite").is_file():
        raise fail(f"--from {source} is not a results store (no results.sqlite)", EXIT_INPUT)
    wall_target = bench.TARGET_WALL_S if max_seconds is None else max_seconds
    rss_target = bench.TARGET_RSS_MIB if max_rss is None else max_rss
    table = Table("episodes", "wall s", "CPU s", "peak RSS MiB", "HTML MiB", "ms / episode", "target")
    missed = False
    results = bench.measure(episodes or [bench.TARGET_EPISODES], source=source, work=work, tasks=tasks, suite=suite,
                            strategies=strategies or bench.SEED_STRATEGIES)
    while True:
        try:
            r = next(results)
        except StopIteration:
            break
        except RuntimeError as exc:
            raise fail(str(exc), EXIT_INPUT) from None
        met = r.meets_target(wall_target, rss_target)
        missed |= not met
        table.add_row(str(r.episodes), f"{r.wall_s:.1f}", f"{r.cpu_s:.1f}", f"{r.peak_rss_mib:.0f}",
                      f"{r.html_bytes / 2**20:.1f}", f"{1000 * r.wall_s / r.episodes:.2f}", "met" if met else "missed")
    console.print(table)
    console.print(f"target: < {wall_target:g} s and < {rss_target:g} MiB per report (the machine's other load counts in wall time)",
                  highlight=False)
    if missed:
        raise typer.Exit(1)

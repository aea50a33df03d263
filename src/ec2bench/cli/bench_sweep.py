"""`ec2bench bench sweep` (registered on the main CLI's `bench` group): the quickstart sweep, timed."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ec2bench.cli.common import EXIT_SWEEP_FAILED, console, fail


def bench_sweep(
    tasks: Annotated[str | None, typer.Option("--tasks", help="task id glob(s), comma-separated (default: every built-in task)")] = None,
    strategies: Annotated[str, typer.Option("--strategies", help="comma-separated strategy specs")] = "edge_only,cloud_only",
    repeats: Annotated[int, typer.Option("--repeats", min=1, help="runs per task and strategy")] = 3,
    processes: Annotated[int | None, typer.Option("--processes", min=0, help="passed to the sweep (default: the sweep decides; 0: threads only)")] = None,
    target: Annotated[float, typer.Option("--target", min=0.1, help="wall seconds the sweep should stay under")] = 60.0,
) -> None:
    """Time the README's quickstart sweep (simulated models) in a fresh store: wall and CPU seconds, peak RSS,
    load average, and whether it met the target (default 60 s). Exit code 4 when it did not."""
    from ec2bench.bench.sweep import measure

    args = ["--strategies", strategies, "--repeats", str(repeats)]
    args += ["--tasks", tasks] if tasks else []
    args += ["--processes", str(processes)] if processes is not None else []
    r = measure(args)
    if r.exit_code != 0:
        raise fail(f"the sweep exited with code {r.exit_code}", EXIT_SWEEP_FAILED)
    table = Table("wall s", "CPU s", "peak RSS MiB", "load before", "load after", "cores", f"< {target:g} s")
    table.add_row(f"{r.wall_s:.1f}", f"{r.cpu_s:.1f}", f"{r.peak_rss_mib:.0f}", f"{r.load_before:.1f}",
                  f"{r.load_after:.1f}", str(r.cores), "yes" if r.met(target) else "no")
    console.print(table)
    console.print(f"store: {r.store}")
    if not r.met(target):
        raise typer.Exit(EXIT_SWEEP_FAILED)

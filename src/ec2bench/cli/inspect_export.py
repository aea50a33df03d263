"""`ec2bench report STORE... --format inspect -o DIR`: stored episodes as Inspect `.eval` logs (extra `[inspect]`)."""

from __future__ import annotations

from pathlib import Path

from ec2bench.cli.common import EXIT_INPUT, err_console, fail
from ec2bench.runner.store import StoreError


def export_inspect(stores: list[Path], output: Path | None, suite: Path | None) -> None:
    """Write the logs (`ec2bench.interop.inspect.export`) and say what was written, one line per file."""
    if output is None:
        raise fail("--format inspect needs -o DIR (one .eval log per strategy and model pair is written there)")
    try:
        from ec2bench.interop.inspect.export import export_stores
    except ImportError as exc:
        raise fail(f"--format inspect needs Inspect: pip install 'ec2bench[inspect]' ({exc})") from None
    try:
        written = export_stores(stores, output, suite=suite)
    except StoreError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror or exc}") from None
    for item in written:
        err_console.print(f"inspect log: {item.path} ({item.samples} episodes: {item.strategy}, edge {item.edge}, "
                          f"cloud {item.cloud})", highlight=False)
    err_console.print(f"open them with: inspect view --log-dir {output}", highlight=False)

"""ec2bench's log output: warnings and notes of every module go to the `ec2bench` logger.

Library code only calls `logging.getLogger(__name__)`; the command line (or a program that
wants the same look) calls `configure` once, which prints the `ec2bench` logger's records
through rich on standard error as one unwrapped line each (`warning: ...`, like the CLI's
`error: ...` lines), so standard output keeps only results (tables, JSON, CSV).
Records still propagate to the root logger, so a program's own handlers see them too.
"""

from __future__ import annotations

import logging

LEVELS = ("debug", "info", "warning", "error")
_STYLES = {"DEBUG": "dim", "INFO": "cyan", "WARNING": "yellow", "ERROR": "bold red", "CRITICAL": "bold red"}
_handler: logging.Handler | None = None


class RichLineHandler(logging.Handler):
    """One line per record on standard error: `level: message`, the level coloured."""

    def __init__(self, level: int = logging.NOTSET) -> None:
        from rich.console import Console

        super().__init__(level)
        # made per handler: it binds to the sys.stderr of that moment (a test runner swaps it)
        self.console = Console(stderr=True)

    def emit(self, record: logging.LogRecord) -> None:
        from rich.markup import escape

        try:
            style = _STYLES.get(record.levelname, "")
            self.console.print(f"[{style}]{record.levelname.lower()}:[/] {escape(self.format(record))}",
                               highlight=False, soft_wrap=True)
        except Exception:  # noqa: BLE001 - logging must never raise into the caller
            self.handleError(record)


def level_for(log_level: str | None, verbose: int = 0, quiet: bool = False) -> int:
    """The logging level: an explicit `log_level` name wins; else WARNING, one step lower per
    `verbose` (-v: INFO, -vv: DEBUG), or ERROR when `quiet`."""
    if log_level is not None:
        if log_level.lower() not in LEVELS:
            raise ValueError(f"unknown log level {log_level!r}; use one of {', '.join(LEVELS)}")
        return logging.getLevelName(log_level.upper())
    if quiet:
        return logging.ERROR
    return max(logging.DEBUG, logging.WARNING - 10 * verbose)


def configure(level: int) -> None:
    """Show `ec2bench` records at `level` and above on standard error (idempotent: one handler)."""
    global _handler
    logger = logging.getLogger("ec2bench")
    if _handler is not None:
        logger.removeHandler(_handler)
    _handler = RichLineHandler()
    logger.addHandler(_handler)
    logger.setLevel(level)

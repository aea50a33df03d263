"""The library's exceptions: what a caller of `ec2bench.run` (or any command) can catch.

Every error that is the user's to fix is an `Ec2benchError` whose message is one line saying
how; its `exit_code` is the command line's exit code for it, so the CLI maps errors to codes
in one place. An interrupted sweep raises `Interrupted`, a `KeyboardInterrupt` (so an
`except Exception` never swallows Ctrl-C) that says how much of the sweep is stored.
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["ConfigError", "Ec2benchError", "InputError", "Interrupted", "SandboxUnavailable", "SweepFailed", "UsageError"]


class Ec2benchError(Exception):
    """Base of the errors a user can fix; the message says how."""

    exit_code: ClassVar[int] = 1


class UsageError(Ec2benchError):
    """An argument value is wrong (an unknown strategy or model, a bad price or timeout)."""

    exit_code = 2


class ConfigError(UsageError, ValueError):
    """A model string, price or endpoint setting is unusable; the message says how to fix it."""


class InputError(Ec2benchError):
    """A file, folder or store the sweep reads is unusable (suite, models/prices file, store, cache)."""

    exit_code = 3


class SandboxUnavailable(InputError):
    """The sweep plans shell tasks, but this machine has no working bubblewrap sandbox and the user did not opt
    in to unsandboxed commands; raised before anything is written (the message says the two ways forward)."""


class SweepFailed(Ec2benchError):
    """The sweep ran, but at least `--fail-on-error` of its episodes errored."""

    exit_code = 4


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the sweep; every episode finished before it is stored (re-run to finish)."""

    exit_code: ClassVar[int] = 130

    def __init__(self, stored: int, planned: int) -> None:
        super().__init__(f"interrupted: {stored}/{planned} episodes are stored; run the same command again to finish")
        self.stored = stored
        self.planned = planned

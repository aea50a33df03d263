"""`SweepObserver`: what a running sweep has to say (plan, prices, progress), and its default, the log.

The command line shows it on the console; a library call logs it to the `ec2bench` logger, so it
prints nothing unless logging is configured.
"""

from __future__ import annotations

import logging
from typing import Protocol

from ec2bench.contracts import EpisodeSpec
from ec2bench.core.row import EpisodeRow

logger = logging.getLogger("ec2bench")


class SweepObserver(Protocol):
    """Receives what a running sweep has to say; the CLI shows it, the default logs it."""

    def notice(self, text: str) -> None:
        """One line of information (the plan, prices, cache and budget summaries)."""

    def warning(self, text: str) -> None:
        """One line the user should read (e.g. shell calls will be refused here)."""

    def started(self, todo: int) -> None:
        """Episodes are about to run: `todo` of them at most."""

    def episode_done(self, spec: EpisodeSpec, row: EpisodeRow) -> None:
        """One episode finished and is stored."""

    def finished(self) -> None:
        """No more episodes will run (also after an error or an interrupt)."""


class LoggingObserver:
    """The default observer: notices at INFO and warnings at WARNING on the `ec2bench` logger."""

    def notice(self, text: str) -> None:
        logger.info(text)

    def warning(self, text: str) -> None:
        logger.warning(text)

    def started(self, todo: int) -> None:
        pass

    def episode_done(self, spec: EpisodeSpec, row: EpisodeRow) -> None:
        pass

    def finished(self) -> None:
        pass

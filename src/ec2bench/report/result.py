"""`SweepResult`: what `ec2bench.run` returns and `ec2bench.report.load` reads back from stores.

One type for a sweep just run and for finished run folders, so analysis code does not care
which it got: the episode rows, the leaderboard over them, pandas views of both, and for a
sweep just run what happened (planned, already stored, run, left unstarted by the budget,
errored) and whether it counts as failed (`--fail-on-error`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ec2bench.core.errors import SweepFailed
from ec2bench.core.row import EpisodeRow

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class SweepResult:
    """Episode rows of a sweep (or of loaded stores) and how the sweep went.

    `rows`: the sweep's episodes (for `load`, every stored episode). `planned`: episodes the
    sweep asked for; `already_stored`: of those, found in the store; `ran`: run now; `unstarted`:
    left by `max_cloud_usd`; `errors`: rows whose status is `error` (`environment_errors`: of those, ended
    by the machine, not the agent). `failure` is the one-line
    reason the sweep counts as failed, or None.
    """

    stores: tuple[Path, ...]
    rows: tuple[EpisodeRow, ...]
    planned: int
    already_stored: int
    ran: int = 0
    unstarted: int = 0
    cache_hits: int = 0
    cache_misses: int = 0
    failure: str | None = None

    @property
    def store(self) -> Path:
        """The results store folder (of a sweep, or of `load` given one folder)."""
        if len(self.stores) != 1:
            raise ValueError(f"these results merge {len(self.stores)} stores; see .stores")
        return self.stores[0]

    @property
    def errors(self) -> int:
        return sum(r.status == "error" for r in self.rows)

    @property
    def environment_errors(self) -> int:
        """Of the errors, episodes the machine ended (`stop = environment`: a tool call it could not run)."""
        return sum(r.stop == "environment" for r in self.rows)

    @property
    def exit_code(self) -> int:
        """The command line's exit code for this result: 0, or 4 for a failed sweep."""
        return SweepFailed.exit_code if self.failure else 0

    def raise_for_failure(self) -> None:
        """Raise `SweepFailed` if the sweep counts as failed (`fail_on_error`)."""
        if self.failure:
            raise SweepFailed(self.failure)

    @cached_property
    def leaderboard(self) -> list[dict[str, Any]]:
        """One row per (strategy, edge, cloud), as `ec2bench report` shows it."""
        from ec2bench.report.leaderboard import leaderboard

        return leaderboard(self.rows)

    def to_pandas(self) -> pd.DataFrame:
        """The leaderboard as a DataFrame (needs pandas: `pip install 'ec2bench[analysis]'`)."""
        return _pandas().DataFrame.from_records(self.leaderboard)

    def episodes_frame(self) -> pd.DataFrame:
        """One row per episode with every stored column (`checks`, `units` and `settings` stay JSON
        text), plus `store` for loaded stores (the folder each row came from)."""
        frame = _pandas().DataFrame.from_records([r.as_dict() for r in self.rows])
        if "simulated" in frame:
            frame["simulated"] = frame["simulated"].astype(bool)
        return frame


def _pandas() -> Any:
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("this needs pandas: pip install 'ec2bench[analysis]'") from None
    return pd

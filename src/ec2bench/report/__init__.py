"""Reports over results stores: leaderboard (`leaderboard`), renderings (`render`), breakdown tables
(`tables`), trade-off plots (`plots`), the HTML report (`html`), and `load` for analysis."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ec2bench.report.result import SweepResult

__all__ = ["load"]


def load(*stores: str | Path, warn: bool = True) -> SweepResult:
    """The episodes of one or more finished run folders, as the `SweepResult` `ec2bench.run` returns.

    `.leaderboard` (dicts) and `.to_pandas()` give the leaderboard; `.episodes_frame()` one row per
    episode with a `store` column. Several stores are merged; an episode stored in more than one is
    taken from the store given later (with a `UserWarning` unless `warn=False`, which also warns when the
    episodes ran different suites or different contents of one task: `ec2bench.report.identity`).
    """
    from ec2bench.report.result import SweepResult
    from ec2bench.report.stores import merge_stores

    if not stores:
        raise TypeError("load() needs at least one results store folder")
    folders = tuple(Path(s) for s in stores)
    merged = merge_stores(folders)
    if warn and (note := merged.warning()):
        warnings.warn(note, UserWarning, stacklevel=2)
    return SweepResult(stores=folders, rows=tuple(merged.rows), planned=len(merged.rows),
                       already_stored=len(merged.rows))

"""Reports over results stores: leaderboard (`leaderboard`), renderings (`render`), breakdown tables
(`tables`), trade-off plots (`plots`), the HTML report (`html`), and `load` for analysis in pandas."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["load"]


def load(*stores: str | Path, warn: bool = True) -> pd.DataFrame:
    """Per-episode rows of one or more results stores as a pandas DataFrame.

    One row per episode with every stored column (`checks`, `units` and `settings` stay JSON text),
    plus `store` (the folder it came from). Several stores are merged; an episode stored in more
    than one is taken from the store given later (with a `UserWarning` unless `warn=False`).
    Needs pandas: `pip install 'ec2bench[analysis]'`.
    """
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("ec2bench.report.load needs pandas: pip install 'ec2bench[analysis]'") from None
    from ec2bench.report.stores import merge_stores

    if not stores:
        raise TypeError("load() needs at least one results store folder")
    merged = merge_stores(Path(s) for s in stores)
    if warn and (note := merged.warning()):
        warnings.warn(note, UserWarning, stacklevel=2)
    frame = pd.DataFrame.from_records(merged.rows)
    if "simulated" in frame:
        frame["simulated"] = frame["simulated"].astype(bool)
    return frame

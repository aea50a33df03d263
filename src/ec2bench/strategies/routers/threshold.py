"""Thresholds for score-based routers, calibrated to a target cloud share by the quantile method."""

from __future__ import annotations

import math


def quantile_threshold(scores: list[float], target_share: float) -> float:
    """The threshold above which a `target_share` fraction of the calibration scores lies.

    Linear interpolation between order statistics; a share of 0 gives +inf (never route) and a
    share of 1 gives -inf (always route)."""
    if not 0.0 <= target_share <= 1.0:
        raise ValueError(f"target cloud share must be in [0, 1], got {target_share}")
    if target_share == 0.0 or not scores:
        return math.inf
    if target_share == 1.0:
        return -math.inf
    ordered = sorted(scores)
    position = (1.0 - target_share) * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

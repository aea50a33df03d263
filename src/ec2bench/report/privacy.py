"""Privacy breakdowns over stored episode rows (pure functions; docs/privacy.md section 6, docs/design.md section 7).

Every figure comes from the rows' `exposure`, `exposure_all`, `units` (JSON: one object per
sensitive unit with id, category, weight, needed, accessed, exposure, match, payload, excerpt,
source, derived, judge, judge_evidence) and `privacy_judge` (JSON or NULL) columns.

Two ways of averaging, each used where it fits:

* **per episode, then the mean** (`exposure`, `exposure_all`, `privacy`, as the leaderboard has
  always done): each episode counts once, whatever its number of units;
* **pooled** over unit-episodes (`Exposure`: sum(w*e) / sum(w) over every (episode, unit) pair of a
  subset): for subsets that are small in any one episode (one category; needed or unneeded units),
  where a per-episode mean would be dominated by episodes holding a single unit.

Subsets: over **accessed** units (those the agent read; the headline figure) or over **all** units;
per privacy **category**; **needed** units (the task legitimately sends them somewhere) vs
**unneeded** ones (every byte of those that left was avoidable).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from statistics import mean
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.spec.schema import PRIVACY_CATEGORIES

GroupKey = tuple[str, str, str]  # (strategy, edge, cloud): one leaderboard row


@dataclass(frozen=True)
class Exposure:
    """Pooled exposure of a set of unit-episodes."""

    exposure: float  # sum(w*e) / sum(w)
    units: int  # unit-episodes counted
    exposed: int  # of which e > 0
    weight: float  # sum(w)

    @property
    def privacy(self) -> float:
        return 100.0 * (1.0 - self.exposure)

    @property
    def accessed(self) -> int:  # the name `report.tables.CategoryExposure` uses
        return self.units

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "privacy": round(self.privacy, 2), "exposure": round(self.exposure, 4)}


def group_key(row: EpisodeRow) -> GroupKey:
    """The leaderboard group of an episode row."""
    return (row.strategy, row.edge, row.cloud)


def board_key(entry: dict[str, Any]) -> GroupKey:
    """The group of a leaderboard row (a dict of `ec2bench.report.leaderboard.leaderboard`)."""
    return (entry["strategy"], entry["edge"], entry["cloud"])


def units_of(row: EpisodeRow) -> list[dict[str, Any]]:
    """The row's units JSON as a list of dicts (an empty list for a missing or broken column).
    Every breakdown of a report reads it, so each distinct text is parsed once: the dicts are shared, read-only."""
    raw = row.units or "[]"
    return list(_parse_units(raw)) if isinstance(raw, str) else []


@lru_cache(maxsize=4096)
def _parse_units(raw: str) -> tuple[dict[str, Any], ...]:
    try:
        units = json.loads(raw)
    except json.JSONDecodeError:
        return ()
    return tuple(u for u in units if isinstance(u, dict)) if isinstance(units, list) else ()


def judge_of(row: EpisodeRow) -> dict[str, Any] | None:
    """The row's `privacy_judge` JSON, or None when no judge ran."""
    raw = row.privacy_judge
    if not raw:
        return None
    try:
        data = json.loads(raw)
    except (TypeError, json.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def unit_score(unit: dict[str, Any], *, judged: bool = False) -> float:
    """A unit's exposure e: the matcher's, or max(matcher, judge) with `judged`."""
    e = float(unit.get("exposure") or 0.0)
    return max(e, float(unit.get("judge") or 0.0)) if judged else e


def pooled(units: Iterable[dict[str, Any]], *, judged: bool = False) -> Exposure | None:
    """Pooled exposure of unit dicts; None for an empty set."""
    num = den = 0.0
    n = exposed = 0
    for u in units:
        w = float(u.get("weight") or 1.0)
        e = unit_score(u, judged=judged)
        num += w * e
        den += w
        n += 1
        exposed += e > 0
    return Exposure(num / den if den else 0.0, n, exposed, den) if n else None


def _unit_episodes(rows: Sequence[EpisodeRow], *, accessed_only: bool) -> list[dict[str, Any]]:
    return [u for r in rows for u in units_of(r) if u.get("accessed") or not accessed_only]


def by_category(rows: Sequence[EpisodeRow], *, accessed_only: bool = True, judged: bool = False) -> dict[str, Exposure]:
    """Pooled exposure per privacy category (categories with no unit-episode are left out), in the
    order of `PRIVACY_CATEGORIES`."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for u in _unit_episodes(rows, accessed_only=accessed_only):
        groups[str(u.get("category", "?"))].append(u)
    order = [c for c in PRIVACY_CATEGORIES if c in groups] + sorted(c for c in groups if c not in PRIVACY_CATEGORIES)
    return {c: pooled(groups[c], judged=judged) for c in order}  # type: ignore[misc]


def by_need(rows: Sequence[EpisodeRow], *, accessed_only: bool = True, judged: bool = False) -> dict[str, Exposure | None]:
    """Pooled exposure of `needed` units and of the others."""
    units = _unit_episodes(rows, accessed_only=accessed_only)
    return {"needed": pooled((u for u in units if u.get("needed")), judged=judged),
            "unneeded": pooled((u for u in units if not u.get("needed")), judged=judged)}


def episode_means(rows: Sequence[EpisodeRow]) -> dict[str, float | None]:
    """Mean over episodes of the per-episode exposure over accessed units and over all units."""
    if not rows:
        return {"exposure": None, "exposure_all": None, "privacy": None, "privacy_all": None}
    acc = mean(float(r.exposure) for r in rows)
    every = mean(float(r.exposure_all) for r in rows)
    return {"exposure": acc, "exposure_all": every, "privacy": 100.0 * (1 - acc), "privacy_all": 100.0 * (1 - every)}


def judge_summary(rows: Sequence[EpisodeRow]) -> dict[str, Any] | None:
    """The judge pass over the rows that have one: judged exposure (mean over those episodes) and its
    separate cost. None when no row was judged."""
    judged = [(r, j) for r in rows if (j := judge_of(r)) is not None]
    if not judged:
        return None
    usd = [j.get("usd") for _, j in judged]
    return {
        "episodes": len(judged),
        "models": sorted({str(j.get("model")) for _, j in judged}),
        "exposure": mean(float(j.get("exposure") or 0.0) for _, j in judged),
        "exposure_all": mean(float(j.get("exposure_all") or 0.0) for _, j in judged),
        "privacy": mean(100.0 * (1 - float(j.get("exposure") or 0.0)) for _, j in judged),
        # the deterministic figure over the same episodes, for a like-for-like comparison
        "privacy_matcher": mean(float(r.privacy) for r, _ in judged),
        "calls": sum(int(j.get("calls") or 0) for _, j in judged),
        "input_tokens": sum(int(j.get("input_tokens") or 0) for _, j in judged),
        "cached_tokens": sum(int(j.get("cached_tokens") or 0) for _, j in judged),
        "output_tokens": sum(int(j.get("output_tokens") or 0) for _, j in judged),
        "usd": None if any(u is None for u in usd) else sum(usd),  # None: a judge without a known price
        "errors": sum(bool(j.get("error")) for _, j in judged),
        "units_with_verdict": sum(int(j.get("units_with_verdict") or 0) for _, j in judged),
    }


def exposed_units(row: EpisodeRow, *, judged: bool = False) -> list[dict[str, Any]]:
    """One episode's exposed units (e > 0; with `judged`, also those only the judge flagged), most
    exposed first, each with the payload index and the excerpt that exposed it."""
    keys = ("id", "category", "needed", "accessed", "weight", "exposure", "match", "payload", "excerpt",
            "source", "derived", "judge", "judge_evidence")
    out = [{k: u.get(k) for k in keys} for u in units_of(row) if unit_score(u, judged=judged) > 0]
    return sorted(out, key=lambda u: (-unit_score(u, judged=judged), -(u["weight"] or 0), str(u["id"])))


def privacy_breakdown(rows: Sequence[EpisodeRow]) -> dict[str, Any]:
    """Everything above for one set of rows (typically one leaderboard group), as JSON-able data."""
    need = by_need(rows)
    need_all = by_need(rows, accessed_only=False)
    return {
        **{k: (None if v is None else round(v, 4 if k.startswith("exposure") else 2)) for k, v in episode_means(rows).items()},
        "by_category": {c: e.to_json() for c, e in by_category(rows).items()},
        "by_category_all_units": {c: e.to_json() for c, e in by_category(rows, accessed_only=False).items()},
        "needed": need["needed"].to_json() if need["needed"] else None,
        "unneeded": need["unneeded"].to_json() if need["unneeded"] else None,
        "needed_all_units": need_all["needed"].to_json() if need_all["needed"] else None,
        "unneeded_all_units": need_all["unneeded"].to_json() if need_all["unneeded"] else None,
        "judge": judge_summary(rows),
    }


def leaderboard_keys(rows: Sequence[EpisodeRow]) -> dict[str, Any]:
    """The privacy keys of one leaderboard row (flat where a table column could show them)."""
    cats = by_category(rows)
    need = by_need(rows)
    judge = judge_summary(rows)
    means = episode_means(rows)

    def pct(e: Exposure | None) -> float | None:
        return round(e.privacy, 2) if e else None

    return {
        "privacy_all_units": round(means["privacy_all"], 2) if means["privacy_all"] is not None else None,
        "privacy_by_category": {c: pct(e) for c, e in cats.items()},
        "exposure_by_category": {c: round(e.exposure, 4) for c, e in cats.items()},
        "privacy_needed": pct(need["needed"]),
        "privacy_unneeded": pct(need["unneeded"]),
        "exposure_needed": round(need["needed"].exposure, 4) if need["needed"] else None,
        "exposure_unneeded": round(need["unneeded"].exposure, 4) if need["unneeded"] else None,
        "privacy_judged": round(judge["privacy"], 2) if judge else None,
        "judge_usd": (round(judge["usd"], 6) if judge["usd"] is not None else None) if judge else None,
        "judge_calls": judge["calls"] if judge else 0,
    }


def exposure_by_category(rows: Sequence[EpisodeRow]) -> tuple[list[str], dict[GroupKey, dict[str, Exposure]]]:
    """Per leaderboard group and category: pooled exposure over accessed units (the categories, and
    the cells). Same shape as the stand-in in `ec2bench.report.tables`, for the HTML report."""
    groups: dict[GroupKey, list[EpisodeRow]] = defaultdict(list)
    for row in rows:
        groups[group_key(row)].append(row)
    cells = {key: by_category(group) for key, group in groups.items()}
    present = {c for per in cells.values() for c in per}
    categories = [c for c in PRIVACY_CATEGORIES if c in present] + sorted(present - set(PRIVACY_CATEGORIES))
    return categories, {k: v for k, v in cells.items() if v}

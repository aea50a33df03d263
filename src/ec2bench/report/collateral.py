"""The report's collateral-damage section (HTML, and a run's `report.md`): each scored episode that
changed something outside its task's footprint (`ec2bench.grading.footprint`), with the changes,
read from the trace's `end` event.

The store keeps only the count (`collateral`); the changes themselves are in the trace, so a report
of old traces or of stores written before schema version 5 simply lists fewer episodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ec2bench.core.row import EpisodeRow
from ec2bench.report.privacy import GroupKey, group_key

R = TypeVar("R", bound=EpisodeRow)  # the rows given, as `events_of` takes them (e.g. loaded rows that know their store)
MAX_LISTED = 200  # episodes the section lists, most changes first; the leaderboard column counts them all


@dataclass(frozen=True)
class CollateralEpisode:
    task_id: str
    group: GroupKey
    trace: str
    repeat: int
    completion: float | None
    count: int
    changes: tuple[str, ...]  # "kind item", as the trace's end event lists them


def collateral_episodes(rows: Sequence[R], trace_ids: dict[str, str],
                        events_of: Callable[[R], list[dict[str, Any]] | None]) -> list[CollateralEpisode]:
    """Scored episodes with any collateral change, most first (then by task), at most `MAX_LISTED`."""
    hit = sorted((r for r in rows if r.status == "ok" and (r.collateral or 0) > 0),
                 key=lambda r: (-(r.collateral or 0), r.task_id, r.key))[:MAX_LISTED]
    out = []
    for r in hit:
        end: dict[str, Any] = next((e for e in reversed(events_of(r) or []) if e.get("type") == "end"), {})
        changes = tuple(f"{c.get('kind')} {c.get('item')}" for c in end.get("collateral") or [] if isinstance(c, dict))
        out.append(CollateralEpisode(r.task_id, group_key(r), trace_ids.get(r.key, ""), r.repeat, r.completion,
                                     r.collateral or 0, changes))
    return out


MD_CHANGES = 8  # changes listed per episode in Markdown; the count says how many there were


def collateral_markdown(rows: Sequence[R], events_of: Callable[[R], list[dict[str, Any]] | None]) -> str:
    """A Markdown table of `collateral_episodes`, or a line saying there were none."""
    listed = collateral_episodes(rows, {}, events_of)
    if not listed:
        return "No scored episode changed anything outside its task's footprint.\n"
    lines = ["| task | strategy | edge | cloud | repeat | completion | changes | what changed |", "|---|---|---|---|---|---|---|---|"]
    for e in listed:
        shown = ", ".join(f"`{c}`" for c in e.changes[:MD_CHANGES]) + (" ..." if len(e.changes) > MD_CHANGES else "")
        completion = "-" if e.completion is None else f"{e.completion:.1f}"
        lines.append(f"| {e.task_id} | {' | '.join(e.group)} | {e.repeat} | {completion} | {e.count} | {shown} |")
    return "\n".join(lines) + "\n"

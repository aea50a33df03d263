"""Whether the episodes of a report ran the same tasks: notes for mixed suites and changed tasks.

Every episode stores the hash of the whole suite it was run from (`suite_hash`, schema version 6) and
its task's content hash (`task_hash`). Figures over episodes of different suites average different
task sets, and one task id stored with two content hashes was a different task in some of its
episodes; either way the comparison is not like for like. Reports say so: the merged-stores warning
(`ec2bench.report.stores.Merged.warning`), the notes of the HTML report, and `identity_notes` in
every leaderboard row (so `report --format json` shows it). Episodes that record no suite (stores
written before version 6, or tasks not run from a suite folder) are named only beside others that do.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from ec2bench.core.row import EpisodeRow

MAX_TASKS_NAMED = 5


def identity_notes(rows: Sequence[EpisodeRow]) -> list[str]:
    """One line per way the rows' tasks differ: several suite hashes, task ids with several content hashes."""
    notes = []
    suites = Counter((r.suite_hash, r.suite_version) for r in rows if r.suite_hash is not None)
    unknown = sum(r.suite_hash is None for r in rows)
    if len({h for h, _ in suites}) > 1 or (suites and unknown):
        parts = [f"{h} (version {v or 'none'}): {n}" for (h, v), n in sorted(suites.items())]
        parts += [f"no suite recorded: {unknown}"] if unknown else []
        notes.append(f"these episodes ran from different suites (episodes per suite hash: {'; '.join(parts)}); "
                     "their figures average different task sets")
    hashes: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        hashes[r.task_id].add(r.task_hash)
    changed = sorted(t for t, h in hashes.items() if len(h) > 1)
    if changed:
        named = [f"{t} ({', '.join(sorted(hashes[t]))})" for t in changed[:MAX_TASKS_NAMED]]
        more = f" and {len(changed) - MAX_TASKS_NAMED} more" if len(changed) > MAX_TASKS_NAMED else ""
        notes.append(f"{len(changed)} task(s) ran with different contents in different episodes (task hashes): "
                     f"{', '.join(named)}{more}")
    return notes

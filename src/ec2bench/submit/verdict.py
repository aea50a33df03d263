"""Verified or unverified: what a bundle's episodes say about how they were run, every reason listed.

A bundle is *verified* when none of these holds (each one that does is a reason, docs/submissions.md):
simulated, replay or adversary models (a `sim/`, `replay/` or `adversary/` edge or cloud, or the row's
`simulated` flag); a suite other than this ec2bench's built-in suite (another hash for its version,
another version, several suites, or none recorded); shell commands allowed to run unsandboxed (or not
recorded); a rubric judge other than the default; incomplete coverage (not every task of the suite
under every strategy and model pair, the same number of repeats each); errored episodes; and missing
provenance (a store without sweep records, a model string whose resolution was not recorded).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.tasks.loader import SuiteIdentity

SIMULATED_PREFIXES = ("sim/", "replay/", "adversary/")
MAX_NAMED = 5


@dataclass(frozen=True)
class Verdict:
    """`verified` when `reasons` is empty; otherwise each reason is one line."""

    reasons: tuple[str, ...]

    @property
    def verified(self) -> bool:
        return not self.reasons

    def describe(self) -> str:
        return "verified" if self.verified else "unverified"


def group_name(strategy: str, edge: str, cloud: str) -> str:
    """How a leaderboard group is named in messages."""
    return f"{strategy} · {edge} · {cloud}"


def judge_rows(rows: Sequence[EpisodeRow], meta: dict[str, Any], builtin: SuiteIdentity) -> Verdict:
    """The verdict on a bundle's rows and metadata (`bundle.json`), against this ec2bench's built-in suite."""
    reasons = [*_simulated(rows), *_suite(rows, meta, builtin), *_sandbox(rows), *_judge(rows, meta),
               *_coverage(rows, meta), *_errors(rows), *_provenance(rows, meta)]
    return Verdict(tuple(reasons))


def _named(items: Sequence[str]) -> str:
    more = f" and {len(items) - MAX_NAMED} more" if len(items) > MAX_NAMED else ""
    return ", ".join(items[:MAX_NAMED]) + more


def _simulated(rows: Sequence[EpisodeRow]) -> list[str]:
    marked = [r for r in rows if r.simulated or any(m.startswith(SIMULATED_PREFIXES) for m in (r.edge, r.cloud))]
    if not marked:
        return []
    models = sorted({m for r in marked for m in (r.edge, r.cloud) if m.startswith(SIMULATED_PREFIXES)})
    return [f"simulated, replay or adversary models in {len(marked)} episode(s)"
            + (f": {', '.join(models)}" if models else " (their rows are flagged simulated)")]


def _suite(rows: Sequence[EpisodeRow], meta: dict[str, Any], builtin: SuiteIdentity) -> list[str]:
    reasons = []
    unknown = sum(r.suite_hash is None for r in rows)
    if unknown:
        reasons.append(f"{unknown} episode(s) record no suite hash (stores before schema version 6, or tasks not run "
                       "from a suite folder)")
    hashes = Counter((r.suite_hash, r.suite_version) for r in rows if r.suite_hash is not None)
    if len({h for h, _ in hashes}) > 1:
        reasons.append("episodes of several suites: " + "; ".join(f"{h} (version {v or 'none'}): {n} episode(s)"
                                                                  for (h, v), n in sorted(hashes.items())))
    for suite_hash, version in sorted(hashes):
        if version != builtin.version:
            reasons.append(f"suite version {version or 'none'} (hash {suite_hash}) is not this ec2bench's built-in suite "
                           f"version {builtin.version}, the only version whose hash it knows")
        elif suite_hash != builtin.hash:
            reasons.append(f"suite hash {suite_hash} is not the built-in suite's hash {builtin.hash} for version {version}")
    described = {s.get("hash") for s in meta.get("suites") or []}
    undescribed = sorted(h for h, _ in hashes if h not in described)
    if undescribed:
        reasons.append(f"no sweep record lists the tasks of suite {', '.join(undescribed)}, so coverage cannot be checked")
    return reasons


def _sandbox(rows: Sequence[EpisodeRow]) -> list[str]:
    reasons = []
    if n := sum(r.unsandboxed_shell == 1 for r in rows):
        reasons.append(f"{n} episode(s) ran with --unsandboxed-shell (shell commands may have run outside the sandbox)")
    if n := sum(r.unsandboxed_shell is None for r in rows):
        reasons.append(f"{n} episode(s) do not record whether --unsandboxed-shell was given (stores before schema version 6)")
    return reasons


def _judge(rows: Sequence[EpisodeRow], meta: dict[str, Any]) -> list[str]:
    default = meta.get("default_judge")
    other = Counter(r.rubric_judge for r in rows if r.rubric_judge is not None and r.rubric_judge != default)
    if not other:
        return []
    return [f"rubric checks judged by a model other than the default judge {default}: "
            + ", ".join(f"{name} ({n} episode(s))" for name, n in sorted(other.items()) if name)]


def _coverage(rows: Sequence[EpisodeRow], meta: dict[str, Any]) -> list[str]:
    """Every group (strategy, edge, cloud) ran every task of the suite, the same number of times, and so did
    every other group. Checked against the suite's task list when the bundle holds exactly one suite."""
    suites = meta.get("suites") or []
    run_hashes = {r.suite_hash for r in rows if r.suite_hash is not None}
    suite = next((s for s in suites if s.get("hash") in run_hashes), None) if len(run_hashes) == 1 else None
    wanted = set(suite.get("tasks") or {}) if suite else None
    counts: dict[tuple[str, str, str], Counter[str]] = defaultdict(Counter)
    for r in rows:
        counts[(r.strategy, r.edge, r.cloud)][r.task_id] += 1
    reasons = []
    for group, by_task in sorted(counts.items()):
        if wanted is not None and (missing := sorted(wanted - set(by_task))):
            reasons.append(f"incomplete coverage: {group_name(*group)} ran {len(wanted) - len(missing)} of the suite's "
                           f"{len(wanted)} tasks (missing: {_named(missing)})")
        if wanted is not None and (extra := sorted(set(by_task) - wanted)):
            reasons.append(f"{group_name(*group)} ran tasks that are not in its suite: {_named(extra)}")
    repeats = Counter(n for by_task in counts.values() for n in by_task.values())
    if len(repeats) > 1:
        reasons.append("incomplete coverage: tasks ran different numbers of repeats ("
                       + ", ".join(f"{n} repeat(s): {k} task run(s)" for n, k in sorted(repeats.items())) + ")")
    return reasons


def _errors(rows: Sequence[EpisodeRow]) -> list[str]:
    errors = [r for r in rows if r.status == "error"]
    return [f"{len(errors)} errored episode(s) (not scored; e.g. {errors[0].key}: {errors[0].error})"] if errors else []


def _provenance(rows: Sequence[EpisodeRow], meta: dict[str, Any]) -> list[str]:
    reasons = [f"store {s.get('store')} has no sweep records (command line, models, suite): written before ec2bench "
               "recorded sweeps" for s in meta.get("stores") or [] if not s.get("sweeps")]
    used = {m for r in rows for m in (r.edge, r.cloud, r.user_model) if m}
    unrecorded = sorted(used - set(meta.get("models") or {}))
    if unrecorded:
        reasons.append(f"no record of what these model strings resolved to, nor their price: {', '.join(unrecorded)}")
    return reasons

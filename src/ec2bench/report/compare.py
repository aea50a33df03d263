"""Paired comparison of two leaderboard groups (`ec2bench report STORE --compare A B`).

An episode's seed depends only on its task and repeat, so group A's episode (task, repeat) and
group B's faced the same draw of everything random in the task. Comparing them pair by pair
removes the task-to-task spread that dominates each group's own interval: the difference of
two figures is estimated from the per-pair differences, and its 95% interval is the clustered
bootstrap of `ec2bench.report.intervals` over those differences (tasks, then the task's pairs).

Only the pairs both groups ran count (for completion and pass^k: both scored), so a difference
here can differ slightly from the difference of the two leaderboard figures when one group has
episodes the other lacks or errors the other does not.

A group is selected by its strategy spec (`advisory:context=question`), its strategy name
(`advisory`) when that is unique, or `STRATEGY@EDGE,CLOUD` when the stores hold several model
pairs (either model may be left empty: `advisory@,openai/gpt-4o-mini`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from statistics import mean
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.report.intervals import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    LEVEL,
    Interval,
    Statistic,
    interval,
    task_values_interval,
)
from ec2bench.report.leaderboard import DEFAULT_K, task_pass_k

Group = tuple[str, str, str]  # (strategy, edge, cloud)


class SelectorError(ValueError):
    """A `--compare` selector matches no group, or several."""


def groups(rows: Sequence[EpisodeRow]) -> list[Group]:
    return sorted({(r.strategy, r.edge, r.cloud) for r in rows})


def select(selector: str, available: Sequence[Group]) -> Group:
    """The one group `selector` names (see the module doc); `SelectorError` saying why not otherwise."""
    strategy, _, models = selector.partition("@")
    edge, _, cloud = models.partition(",")
    strategy, edge, cloud = strategy.strip(), edge.strip(), cloud.strip()

    def models_match(g: Group) -> bool:
        return (not edge or g[1] == edge) and (not cloud or g[2] == cloud)

    exact = [g for g in available if g[0] == strategy and models_match(g)]
    found = exact or [g for g in available if g[0].split(":", 1)[0] == strategy and models_match(g)]
    if len(found) == 1:
        return found[0]
    listing = "; ".join(f"{s}@{e},{c}" for s, e, c in (found or available))
    if not found:
        raise SelectorError(f"--compare {selector!r} matches no group; the stores hold: {listing}")
    raise SelectorError(f"--compare {selector!r} matches {len(found)} groups: {listing}; name one as STRATEGY@EDGE,CLOUD")


@dataclass(frozen=True)
class Difference:
    """One figure of A minus the same figure of B over their shared (task, repeat) pairs."""

    figure: str
    a: float | None  # A's figure on the shared pairs
    b: float | None
    difference: float | None  # a - b
    ci: list[float] | None  # the 95% interval of the difference; None under two shared tasks
    tasks: int
    pairs: int
    repeats: int | None  # pairs per task when every task has the same number, else None
    sentence: str


# figure -> (what pairs count, how the figure pools them (pass^k: per task, tasks resampled only), unit, digits,
# higher is better)
FIGURES: dict[str, tuple[str, Statistic, str, int, bool]] = {
    "completion": ("scored", "task_mean", "points", 2, True),
    "pass_k": ("scored", "task_mean", "points", 2, True),
    "privacy": ("all", "pooled", "points", 2, True),
    "cloud_usd_per_task": ("all", "task_mean", "USD", 6, False),
}


def compare(rows: Sequence[EpisodeRow], a: Group, b: Group, *, k: int = DEFAULT_K,
            resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """Paired differences A - B of completion, pass^k, privacy and cloud cost per task, with intervals and sentences."""
    if a == b:
        raise SelectorError("--compare needs two different groups")
    eps: dict[Group, dict[tuple[str, int], EpisodeRow]] = {a: {}, b: {}}
    for r in rows:
        if (g := (r.strategy, r.edge, r.cloud)) in eps:
            eps[g][(r.task_id, r.repeat)] = r
    shared = sorted(eps[a].keys() & eps[b].keys())
    names = _labels(a, b)
    figures = {}
    for figure, (which, statistic, unit, digits, higher) in FIGURES.items():
        keep = [p for p in shared if which == "all" or (eps[a][p].status == "ok" and eps[b][p].status == "ok")]
        by_task: dict[str, list[tuple[EpisodeRow, EpisodeRow]]] = defaultdict(list)
        for p in keep:
            by_task[p[0]].append((eps[a][p], eps[b][p]))
        if figure == "pass_k":
            k_used = min([k, *(len(v) for v in by_task.values())])
            per_task = {t: (100 * task_pass_k([x.completion or 0.0 for x, _ in v], k_used),
                            100 * task_pass_k([y.completion or 0.0 for _, y in v], k_used)) for t, v in by_task.items()}
            a_fig, b_fig = _mean([x for x, _ in per_task.values()]), _mean([y for _, y in per_task.values()])
            ci = task_values_interval([x - y for x, y in per_task.values()], resamples=resamples, seed=seed)
            figure_name = f"pass^{k_used}"
        else:
            value = _VALUE[figure]
            a_fig = _figure({t: [value(x) for x, _ in v] for t, v in by_task.items()}, statistic)
            b_fig = _figure({t: [value(y) for _, y in v] for t, v in by_task.items()}, statistic)
            ci = interval({t: [value(x) - value(y) for x, y in v] for t, v in by_task.items()}, statistic,
                          resamples=resamples, seed=seed)
            figure_name = figure
        figures[figure] = _difference(figure_name, a_fig, b_fig, ci, by_task, unit, digits, higher, names)
    return {
        "a": dict(zip(("strategy", "edge", "cloud"), a, strict=True)),
        "b": dict(zip(("strategy", "edge", "cloud"), b, strict=True)),
        "level": LEVEL,
        "resamples": resamples,
        "seed": seed,
        "figures": {name: asdict(d) for name, d in figures.items()},
    }


_VALUE: dict[str, Callable[[EpisodeRow], float]] = {
    "completion": lambda r: r.completion or 0.0,  # only scored pairs reach here
    "privacy": lambda r: r.privacy,
    "cloud_usd_per_task": lambda r: r.cloud_usd,
}


def _mean(values: Sequence[float]) -> float | None:
    return mean(values) if values else None


def _figure(by_task: dict[str, list[float]], statistic: Statistic) -> float | None:
    if not by_task:
        return None
    if statistic == "task_mean":
        return mean(mean(v) for v in by_task.values())
    return mean(x for v in by_task.values() for x in v)


def _labels(a: Group, b: Group) -> tuple[str, str]:
    """How the sentences name A and B: the strategy, with the models when that alone does not tell them apart."""
    if a[0] != b[0]:
        return a[0], b[0]
    return f"{a[0]} ({a[1]} / {a[2]})", f"{b[0]} ({b[1]} / {b[2]})"


def _difference(figure: str, a_fig: float | None, b_fig: float | None, ci: Interval | None,
                by_task: dict[str, list[Any]], unit: str, digits: int, higher: bool, names: tuple[str, str]) -> Difference:
    counts = {len(v) for v in by_task.values()}
    repeats = counts.pop() if len(counts) == 1 else None
    pairs = sum(len(v) for v in by_task.values())
    diff = None if a_fig is None or b_fig is None else a_fig - b_fig
    d = Difference(figure, _round(a_fig, digits), _round(b_fig, digits), _round(diff, digits),
                   None if ci is None else [round(ci[0], digits), round(ci[1], digits)],
                   len(by_task), pairs, repeats, "")
    return Difference(**{**asdict(d), "sentence": sentence(d, unit, higher, names)})


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def sentence(d: Difference, unit: str, higher: bool, names: tuple[str, str]) -> str:
    """The difference in words: who beats whom by how much, or no clear difference (the interval spans 0)."""
    a, b = names
    on = f"on {d.tasks} tasks × {d.repeats} repeats" if d.repeats else f"on {d.tasks} tasks ({d.pairs} paired episodes)"
    if d.difference is None:
        return f"{d.figure}: {a} and {b} share no {'scored ' if d.figure != 'privacy' else ''}episode to compare"

    def amount(x: float) -> str:
        return f"${x:.4f}" if unit == "USD" else f"{x:.1f}"

    if d.ci is None:
        why = "fewer than two tasks" if d.tasks < 2 else "no resamples"
        return f"{d.figure}: {a} − {b} = {amount(d.difference)} {'USD' if unit == 'USD' else 'points'} {on}; no interval ({why})"
    lo, hi = d.ci
    if lo <= 0 <= hi:
        return (f"no clear difference in {d.figure} between {a} and {b}: {a} − {b} = {amount(d.difference)}, "
                f"95% CI {amount(lo)} to {amount(hi)}, {on}")
    a_better = (d.difference > 0) == higher
    winner, loser = (a, b) if a_better else (b, a)
    sign = 1 if d.difference > 0 else -1  # the interval turned round to the winner's advantage
    lo, hi = sorted((sign * lo, sign * hi))
    if unit == "USD":
        return (f"{winner} costs {amount(abs(d.difference))} less cloud money per task than {loser}, "
                f"95% CI {amount(lo)}–{amount(hi)}, {on}")
    return f"{winner} beats {loser} by {amount(abs(d.difference))} points of {d.figure}, 95% CI {amount(lo)}–{amount(hi)}, {on}"

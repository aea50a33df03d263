"""Bootstrap confidence intervals for leaderboard figures (docs/design.md, section 7, "Intervals").

A leaderboard figure is estimated from a sample of tasks, each run a few times (repeats). Both
are sources of chance: another draw of tasks from the same population, or another run of the
same tasks, would give another figure. The interval here is a *clustered bootstrap* that mimics
both draws:

1. resample the figure's tasks with replacement (as many as there are);
2. within each drawn task, resample its episodes (the repeats that count for the figure) with
   replacement (as many as the task has);
3. recompute the figure exactly as the leaderboard does (`task_mean`: mean over tasks of the
   task's mean; `pooled`: mean over all drawn episodes);

`resamples` times, and report the 2.5th and 97.5th percentiles of those figures (a percentile
95% interval). Tasks are the clusters because episodes of one task are alike; a repeat is never
resampled apart from its task. The draws come from `numpy.random.default_rng(seed)` with a fixed
default seed, so a report is reproducible; each figure starts from the same seed, so a group's
interval depends only on its own episodes, not on which other groups share the board.

`task_values` is the exception: a figure that is already a per-task estimate from all the task's
repeats (pass^k: the chance that k of the task's repeats all pass, C(c, k) / C(n, k)) resamples
tasks only. Resampling repeats with replacement would bias it upward (a task that passed 2 of 3
times has pass^3 = 0, but a resample draws the passing repeat three times a third of the time),
and the interval would no longer surround the figure.

An interval is None when the figure is undefined or rests on fewer than two tasks (one task says
nothing about a population of tasks). Memory is bounded by resampling in blocks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt

DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 20261204  # fixed: the same stores always give the same intervals
LEVEL = 0.95
_BLOCK_CELLS = 2_000_000  # resampled cells (tasks x repeats) held at once

Interval = tuple[float, float]
Statistic = Literal["task_mean", "pooled"]
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Draw = tuple[IntArray, IntArray, npt.NDArray[np.bool_]]  # drawn tasks, drawn repeats, mask of real repeats


def interval(by_task: Mapping[str, Sequence[float]], statistic: Statistic, *,
             resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Interval | None:
    """The percentile interval of a figure over episodes grouped by task, resampling tasks, then repeats.

    `by_task`: task -> the values of its episodes that count for the figure (tasks with none are left
    out, as the leaderboard leaves them out). `statistic`: `task_mean` (mean over tasks of the task's
    mean, like `completion`) or `pooled` (mean over all episodes, like `privacy`).
    """
    groups = [list(v) for v in by_task.values() if len(v)]
    if len(groups) < 2 or resamples <= 0:
        return None
    counts = np.array([len(g) for g in groups])
    values = np.zeros((len(groups), counts.max()))
    for i, g in enumerate(groups):
        values[i, : len(g)] = g
    stats = np.concatenate(list(_resampled(values, counts, statistic, resamples, seed)))
    return _percentiles(stats)


def task_values_interval(values: Sequence[float], *, resamples: int = DEFAULT_RESAMPLES,
                         seed: int = DEFAULT_SEED) -> Interval | None:
    """The percentile interval of the mean of one value per task, resampling tasks only (see the module doc)."""
    if len(values) < 2 or resamples <= 0:
        return None
    per_task = np.asarray(values, dtype=float)
    rng = np.random.default_rng(seed)
    stats = [per_task[rng.integers(0, len(per_task), size=(n, len(per_task)))].mean(axis=1)
             for n in _blocks(resamples, len(per_task))]
    return _percentiles(np.concatenate(stats))


def rounded(ci: Interval | None, digits: int) -> list[float] | None:
    """An interval as the leaderboard stores it: `[lo, hi]` rounded like its figure, or None."""
    return None if ci is None else [round(ci[0], digits), round(ci[1], digits)]


def _resampled(values: FloatArray, counts: npt.NDArray[np.int_], statistic: Statistic,
               resamples: int, seed: int) -> Iterator[FloatArray]:
    """The figure of each resample, block by block (a block holds at most `_BLOCK_CELLS` cells)."""
    for tasks, repeats, mask in _draws(tuple(counts.tolist()), resamples, seed):
        drawn_counts = counts[tasks]
        sums = np.where(mask, values[tasks[..., None], repeats], 0.0).sum(axis=2)
        if statistic == "task_mean":
            yield (sums / drawn_counts).mean(axis=1)
        else:
            yield sums.sum(axis=1) / drawn_counts.sum(axis=1)


@lru_cache(maxsize=2)  # a few MB each for a 128-task x 3-repeat group
def _draws(counts: tuple[int, ...], resamples: int, seed: int) -> tuple[Draw, ...]:
    """The resampled (task, repeat) indices and the mask of real repeats, block by block. They depend only on
    the repeats per task, so a group's figures over the same episodes (privacy, exposure, cost) share them."""
    rng = np.random.default_rng(seed)
    n_tasks, width = len(counts), max(counts)
    per_task = np.array(counts)
    slots = np.arange(width)
    blocks: list[Draw] = []
    for n in _blocks(resamples, n_tasks * width):
        tasks = rng.integers(0, n_tasks, size=(n, n_tasks))  # step 1: tasks with replacement
        drawn_counts = per_task[tasks][..., None]
        # step 2: within each drawn task, `count` repeats with replacement; slots past its count are masked
        repeats: IntArray = (rng.random((n, n_tasks, width)) * drawn_counts).astype(np.int64)
        blocks.append((tasks, repeats, slots < drawn_counts))
    return tuple(blocks)


def _blocks(resamples: int, cells_per_resample: int) -> Iterator[int]:
    size = max(1, _BLOCK_CELLS // max(1, cells_per_resample))
    for start in range(0, resamples, size):
        yield min(size, resamples - start)


def _percentiles(stats: FloatArray) -> Interval:
    tail = 100 * (1 - LEVEL) / 2
    lo, hi = np.percentile(stats, [tail, 100 - tail])
    return float(lo), float(hi)

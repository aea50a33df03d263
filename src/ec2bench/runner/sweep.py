"""Plan a sweep (tasks x strategies x repeats for one edge/cloud pair) and run what is not stored yet.

Episodes run in worker processes (`jobs`), each of which loads the suite once; the parent is
the only writer to the store and commits every episode as it finishes. An interrupted sweep
(Ctrl-C, kill) loses no finished episode, and re-running the same command runs only the rest.
Episodes are handed to workers one at a time (at most `jobs` in flight), so a cloud budget
can stop the sweep between episodes.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ec2bench.models.registry import ModelInfo
from ec2bench.runner.episode import EpisodeResult, EpisodeSpec, run_episode
from ec2bench.runner import tempdirs
from ec2bench.runner.store import Store
from ec2bench.strategies import canonical_spec
from ec2bench.tasks.loader import Task, load_suite


@dataclass(frozen=True)
class SweepConfig:
    suite: Path | None
    edge: ModelInfo
    cloud: ModelInfo
    timeout_s: float
    privacy_judge: ModelInfo | None = None  # `--privacy-judge`: paraphrase verdicts for the exposure audit
    judge: ModelInfo | None = None  # `--judge`: decides rubric checks; None: the offline judge
    user_model: ModelInfo | None = None  # `--user-model`: answers `user_ask`; None: the task's scripted answers


@dataclass
class CloudBudget:
    """`--max-cloud-usd`: once the sweep's stored episodes have spent the limit, no new episode starts.

    `spent_usd` starts from the sweep's episodes already in the store (a resumed sweep keeps to the
    same budget) and grows with each stored episode, errors included (their calls were paid for).
    Episodes already running when the limit is reached finish and are stored, so the total can
    exceed the limit by what at most `jobs` episodes spend; a cap inside an episode would leave
    half-done episodes that score nothing.
    """

    limit_usd: float
    spent_usd: float = 0.0

    @property
    def exhausted(self) -> bool:
        return self.spent_usd >= self.limit_usd

    def add(self, row: dict[str, Any]) -> None:
        self.spent_usd += row["cloud_usd"]


@dataclass(frozen=True)
class FailOnError:
    """`run --fail-on-error`: when a sweep counts as failed (exit code 4), judged over the sweep's
    stored episodes, so a resumed sweep gets the same verdict as an uninterrupted one.

    `N` (a whole number >= 1): N or more episodes errored. `F` (a fraction in (0, 1], or a
    percentage `F%`): at least that share of them errored. Default `1.0`: every episode errored.
    """

    count: int | None = None
    share: float = 1.0

    @classmethod
    def parse(cls, text: str) -> FailOnError:
        """Raises ValueError with a message saying what is accepted."""
        raw = text.strip()
        accepted = "a whole number of episodes >= 1 (e.g. 3), or a share in (0, 1] (e.g. 0.25 or 25%)"
        try:
            if raw.isdigit():
                if int(raw) < 1:
                    raise ValueError
                return cls(count=int(raw))
            share = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
        except ValueError:
            raise ValueError(f"{text!r} is not {accepted}") from None
        if not 0 < share <= 1:  # also refuses nan
            raise ValueError(f"{text!r} is not {accepted}")
        return cls(share=share)

    def failed(self, errors: int, total: int) -> bool:
        if total == 0:
            return False
        return errors >= self.count if self.count is not None else errors / total >= self.share

    def describe(self) -> str:
        return f"{self.count} or more errored" if self.count is not None else f"{self.share:.0%} or more errored"


def plan(tasks: list[Task], strategies: list[str], edge: str, cloud: str, repeats: int) -> list[EpisodeSpec]:
    """Every episode of the sweep, ordered so that early results cover all strategies."""
    specs = [canonical_spec(s) for s in strategies]
    return [
        EpisodeSpec(task.id, strategy, edge, cloud, repeat)
        for repeat in range(repeats)
        for task in tasks
        for strategy in specs
    ]


def run_sweep(
    episodes: list[EpisodeSpec],
    config: SweepConfig,
    store: Store,
    *,
    jobs: int,
    on_done: Callable[[EpisodeSpec, EpisodeResult], None],
    budget: CloudBudget | None = None,
    settings: dict[str, dict[str, Any]] | None = None,
) -> int:
    """Run the episodes, storing each as it finishes; return how many the budget left unstarted.

    `settings` holds, by episode key, the strategy settings the runner resolved for it.

    Raises KeyboardInterrupt after cleaning up.
    """
    pending = iter(episodes)
    started = 0

    def next_spec() -> EpisodeSpec | None:
        nonlocal started
        if budget is not None and budget.exhausted:
            return None
        spec = next(pending, None)
        started += spec is not None
        return spec

    def finish(spec: EpisodeSpec, result: EpisodeResult) -> None:
        store.add(result.row, result.trace)
        if budget is not None:
            budget.add(result.row)
        on_done(spec, result)

    if jobs <= 1:
        _init_worker(config)
        while (spec := next_spec()) is not None:
            finish(spec, _work(spec, (settings or {}).get(spec.key, {})))
        return len(episodes) - started
    # fork starts workers in milliseconds on Linux; elsewhere the platform default is used
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    pool = cf.ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(config,))
    in_flight: dict[cf.Future[EpisodeResult], EpisodeSpec] = {}

    def submit() -> None:
        if (spec := next_spec()) is not None:
            in_flight[pool.submit(_work, spec, (settings or {}).get(spec.key, {}))] = spec

    try:
        for _ in range(jobs):
            submit()
        while in_flight:
            done, _ = cf.wait(in_flight, return_when=cf.FIRST_COMPLETED)
            for future in done:
                finish(in_flight.pop(future), future.result())
                submit()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    tempdirs.remove_leftovers()  # the workers' own temp folders, now that they have exited
    return len(episodes) - started


_WORKER: dict[str, object] = {}


def _init_worker(config: SweepConfig) -> None:
    tempdirs.claim()
    _WORKER["config"] = config
    _WORKER["tasks"] = {t.id: t for t in load_suite(config.suite)}


def _work(spec: EpisodeSpec, settings: dict[str, Any]) -> EpisodeResult:
    config: SweepConfig = _WORKER["config"]  # type: ignore[assignment]
    tasks: dict[str, Task] = _WORKER["tasks"]  # type: ignore[assignment]
    return run_episode(tasks[spec.task_id], spec, config.edge, config.cloud, timeout_s=config.timeout_s, settings=settings,
                       privacy_judge=config.privacy_judge, judge=config.judge, user_model=config.user_model)

"""Plan a sweep (tasks x strategies x repeats for one edge/cloud pair) and run what is not stored yet.

Episodes run in worker processes (`jobs`), each of which loads the suite once; the parent is
the only writer to the store and commits every episode as it finishes. An interrupted sweep
(Ctrl-C, kill) loses no finished episode, and re-running the same command runs only the rest.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ec2bench.models.registry import ModelInfo
from ec2bench.runner.episode import EpisodeResult, EpisodeSpec, run_episode
from ec2bench.runner.store import Store
from ec2bench.strategies import canonical_spec
from ec2bench.tasks.loader import Task, load_suite


@dataclass(frozen=True)
class SweepConfig:
    suite: Path | None
    edge: ModelInfo
    cloud: ModelInfo
    timeout_s: float


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
) -> None:
    """Run the episodes, storing each as it finishes. Raises KeyboardInterrupt after cleaning up."""
    if jobs <= 1:
        _init_worker(config)
        for spec in episodes:
            result = _work(spec)
            store.add(result.row, result.trace)
            on_done(spec, result)
        return
    # fork starts workers in milliseconds on Linux; elsewhere the platform default is used
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    pool = cf.ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(config,))
    try:
        futures = {pool.submit(_work, spec): spec for spec in episodes}
        for future in cf.as_completed(futures):
            result = future.result()
            store.add(result.row, result.trace)
            on_done(futures[future], result)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


_WORKER: dict[str, object] = {}


def _init_worker(config: SweepConfig) -> None:
    _WORKER["config"] = config
    _WORKER["tasks"] = {t.id: t for t in load_suite(config.suite)}


def _work(spec: EpisodeSpec) -> EpisodeResult:
    config: SweepConfig = _WORKER["config"]  # type: ignore[assignment]
    tasks: dict[str, Task] = _WORKER["tasks"]  # type: ignore[assignment]
    return run_episode(tasks[spec.task_id], spec, config.edge, config.cloud, timeout_s=config.timeout_s)

"""The sweep loop: plan a sweep (tasks x strategies x repeats for one edge/cloud pair) and run what is not
stored yet. `runner.driver.Sweep` drives a whole sweep from its `SweepConfig` through this loop.

Episodes run concurrently as threads of this one process (`jobs` in flight), over a suite
loaded once and model clients shared per endpoint (`models/pool.py`): a sweep against served
models is waiting on the network, and threads let strategies stay plain synchronous code.
The scheduling thread is the only writer to the store and commits every episode as it
finishes. An interrupted sweep (Ctrl-C, kill) loses no finished episode, and re-running the
same command runs only the rest. Episodes start one at a time as others finish, so a cloud
budget can stop the sweep between episodes.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ec2bench.bridge.spec import is_agent_label
from ec2bench.contracts import DEFAULT_TIMEOUT_S, EpisodeSpec
from ec2bench.core.cancel import cancellable
from ec2bench.core.row import EpisodeRow
from ec2bench.models.registry import ModelInfo
from ec2bench.runner.episode import EpisodeResult, run_episode
from ec2bench.runner.store import Store
from ec2bench.strategies import canonical_spec
from ec2bench.tasks.loader import SuiteIdentity, Task


@dataclass(frozen=True)
class EpisodeConfig:
    """The models and deadline every episode of a sweep shares: what an executor sends its workers
    (model descriptions, never clients, so it pickles). `SweepConfig.episode_config` makes one."""

    edge: ModelInfo
    cloud: ModelInfo
    timeout_s: float = DEFAULT_TIMEOUT_S
    privacy_judge: ModelInfo | None = None  # `--privacy-judge`: paraphrase verdicts for the exposure audit
    judge: ModelInfo | None = None  # `--judge`: decides rubric checks; None: the offline judge
    user_model: ModelInfo | None = None  # `--user-model`: answers `user_ask`; None: the task's scripted answers
    suite: SuiteIdentity | None = None  # the suite the tasks came from, stored with each episode
    unsandboxed_shell: bool = False  # `--unsandboxed-shell`, stored with each episode

    @property
    def models(self) -> tuple[ModelInfo, ...]:
        """Every model the episodes may call: edge, cloud, and the judges and simulated user that are set."""
        return tuple(m for m in (self.edge, self.cloud, self.privacy_judge, self.user_model, self.judge) if m)

    @property
    def simulated(self) -> bool:
        """Whether every model is simulated (no call waits on anything)."""
        return all(m.simulated for m in self.models)


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

    def add(self, row: EpisodeRow) -> None:
        self.spent_usd += row.cloud_usd


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
    specs = [s if is_agent_label(s) else canonical_spec(s) for s in strategies]  # an agent's label is its name
    return [
        EpisodeSpec(task.id, strategy, edge, cloud, repeat)
        for repeat in range(repeats)
        for task in tasks
        for strategy in specs
    ]


def run_one(task: Task, spec: EpisodeSpec, settings: dict[str, Any], config: EpisodeConfig) -> EpisodeResult:
    """One episode of a sweep: the executor's unit of work, and the runner's one way to run an episode.

    A pure function of picklable values (task, spec, settings, config in; row and trace out),
    so an executor can run it in a thread, a process or on another machine."""
    result = run_episode(task, spec, config.edge, config.cloud, timeout_s=config.timeout_s, settings=settings,
                         privacy_judge=config.privacy_judge, judge=config.judge, user_model=config.user_model)
    suite = config.suite
    row = replace(result.row, suite_version=suite.version if suite else None, suite_hash=suite.hash if suite else None,
                  unsandboxed_shell=int(config.unsandboxed_shell))
    return replace(result, row=row)


def run_single(task: Task, strategy: str, repeat: int, config: EpisodeConfig) -> EpisodeResult:
    """One episode outside a sweep (`run_one` with no store and no prepared settings): repeat `repeat`
    of `task` under the strategy spec `strategy` with the config's models, e.g. a training rollout.
    A strategy whose settings a sweep prepares (a router calibrated to a target share) runs with its defaults."""
    return run_one(task, EpisodeSpec(task.id, strategy, config.edge.name, config.cloud.name, repeat), {}, config)


class Executor(Protocol):
    """Where a sweep's episodes run: threads of this process (`ThreadExecutor`) or actors on a Ray
    cluster (`ec2bench.runner.ray_executor.RayExecutor`). The sweep loop owns scheduling, the
    store, the budget and the phases; an executor only runs `run_one` and hands results back."""

    @property
    def slots(self) -> int:
        """How many more episodes it can take now."""
        ...

    @property
    def running(self) -> int: ...

    def choose(self, pending: Sequence[EpisodeSpec]) -> int:
        """Which pending episode (in plan order) to start next: 0, the first, unless another suits a free slot
        better (worker processes prefer the tasks they have run before)."""
        ...

    def submit(self, spec: EpisodeSpec, settings: dict[str, Any]) -> None: ...

    def finished(self) -> Iterator[tuple[EpisodeSpec, EpisodeResult]]:
        """Wait for at least one running episode to finish; yield every finished one."""
        ...

    def abandon(self) -> None:
        """The sweep stops waiting (it was interrupted): stop the running episodes as soon as they can."""
        ...


WAIT_SLICE_S = 0.25  # how soon the scheduling thread notices a Ctrl-C while every episode is still running


class ThreadExecutor:
    """Episodes as daemon threads of this process, `jobs` at a time.

    An exception inside an episode thread (episodes themselves never raise; this is a harness
    bug or KeyboardInterrupt) is re-raised in the scheduling thread by `finished`. On Ctrl-C,
    episodes still running are abandoned: `abandon` makes each stop at its next step (`agent.cancel`),
    so none keeps calling models in a process that lives on; finished ones are already stored."""

    def __init__(self, tasks: list[Task], config: EpisodeConfig, jobs: int) -> None:
        self._tasks = {t.id: t for t in tasks}
        self._config = config
        self._jobs = jobs
        self._running = 0
        self._done: queue.SimpleQueue[tuple[EpisodeSpec, EpisodeResult | BaseException]] = queue.SimpleQueue()
        self._count = 0
        self._abandoned = threading.Event()

    @property
    def slots(self) -> int:
        return self._jobs - self._running

    @property
    def running(self) -> int:
        return self._running

    def choose(self, pending: Sequence[EpisodeSpec]) -> int:
        return 0

    def submit(self, spec: EpisodeSpec, settings: dict[str, Any]) -> None:
        self._count += 1
        self._running += 1
        threading.Thread(target=self._work, args=(spec, settings), name=f"ec2bench-episode-{self._count}",
                         daemon=True).start()

    def _work(self, spec: EpisodeSpec, settings: dict[str, Any]) -> None:
        try:
            with cancellable(self._abandoned):
                self._done.put((spec, run_one(self._tasks[spec.task_id], spec, settings, self._config)))
        except BaseException as exc:  # handed to the scheduling thread, which raises it
            self._done.put((spec, exc))

    def abandon(self) -> None:
        self._abandoned.set()

    def _next_done(self) -> tuple[EpisodeSpec, EpisodeResult | BaseException]:
        """The next finished episode. Waits in short slices: a Ctrl-C that lands just before a blocking wait
        begins is not noticed until the thread runs Python again, which an endless wait would postpone
        until some episode finished."""
        while True:
            try:
                return self._done.get(timeout=WAIT_SLICE_S)
            except queue.Empty:
                continue

    def finished(self) -> Iterator[tuple[EpisodeSpec, EpisodeResult]]:
        batch = [self._next_done()]
        while not self._done.empty():
            batch.append(self._done.get_nowait())
        for spec, outcome in batch:
            self._running -= 1
            if isinstance(outcome, BaseException):
                raise outcome
            yield spec, outcome


def run_sweep(
    episodes: list[EpisodeSpec],
    tasks: list[Task],
    config: EpisodeConfig,
    store: Store,
    *,
    jobs: int,
    on_done: Callable[[EpisodeSpec, EpisodeResult], None],
    budget: CloudBudget | None = None,
    settings: dict[str, dict[str, Any]] | None = None,
    remote: Executor | None = None,
) -> int:
    """Run the episodes, storing each as it finishes; return how many the budget left unstarted.

    `tasks` holds (at least) the episodes' tasks; `settings`, by episode key, the strategy
    settings the runner resolved for each episode. Episodes run on `remote` when given (a Ray
    executor), else `jobs` at a time as threads of this process. This thread is the store's only
    writer and starts a new episode whenever one finishes (until the budget is exhausted).
    Raises KeyboardInterrupt at once on Ctrl-C; finished episodes are already stored.
    """
    executor: Executor = remote or ThreadExecutor(tasks, config, jobs)
    try:
        return _schedule(episodes, executor, store, on_done, budget, settings or {})
    except BaseException:
        executor.abandon()
        raise


def _schedule(episodes: list[EpisodeSpec], executor: Executor, store: Store,
              on_done: Callable[[EpisodeSpec, EpisodeResult], None], budget: CloudBudget | None,
              settings: dict[str, dict[str, Any]]) -> int:
    """Keep the executor full: each finished episode is stored, then its slot is given to the next
    at once (not after the rest of its batch: episodes that started together finish together).
    The next is the first pending episode, or the one a little further on that the executor chooses."""
    pending = deque(episodes)
    started = 0

    def fill() -> None:
        nonlocal started
        while pending and executor.slots > 0 and not (budget is not None and budget.exhausted):
            chosen = executor.choose(pending)
            spec = pending[chosen]
            del pending[chosen]
            executor.submit(spec, settings.get(spec.key, {}))
            started += 1

    fill()
    while executor.running:
        for spec, result in executor.finished():
            store.add(result.row, result.trace)
            if budget is not None:
                budget.add(result.row)
            on_done(spec, result)
            fill()
    return len(episodes) - started

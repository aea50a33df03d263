"""Episodes in worker processes of this machine: a sweep on every core, where one interpreter is the limit.

Threads of one process share one interpreter lock, so the threaded executor uses about one core
however many the machine has. That is the limit of a sweep of simulated models, whose episodes
spend their time in Python (the simulated policy, grading, the privacy audit), and of a sweep with
hundreds of calls in flight to served models, where each call's own work (encoding the
transcript, the HTTP exchange, the tool it asks for, the episode's grading and audit) adds up to
more than one core (`ec2bench bench concurrency`).

`ProcessExecutor` forks `workers` processes when the sweep starts (before its progress display
starts a thread); each inherits the loaded suite and the episode config, so nothing is pickled but
an episode's spec and settings going out and its row and trace coming back. Each worker runs its
episodes on `threads` threads (model calls, shell commands and browsers wait), opens its own
model clients, and holds its share of every endpoint's `max_concurrency` (`models.pool.become_worker`).
The sweep loop stays the store's only writer, so resume, the budget, the phases and the progress
display are those of the threaded executor, and the rows are the same.

`process_workers` decides when it pays: a local sweep whose models are simulated or served
(`ModelProvider.forkable`: a model loaded into this process would be loaded again by every worker),
with at least two usable cores and `MIN_EPISODES_PER_WORKER` episodes for each worker, in a process
that runs no other thread (forking a process whose threads may hold locks could deadlock the
child); with a served model, only from `SERVED_MIN_IN_FLIGHT` calls in flight, below which one
interpreter keeps up with the network. The driver also keeps outside agents (`agent:NAME`,
served over MCP) on threads.
"""

from __future__ import annotations

import gc
import itertools
import multiprocessing
import os
import queue
import threading
import traceback
from collections.abc import Iterator, Sequence
from multiprocessing.process import BaseProcess
from typing import Any

from ec2bench.contracts import EpisodeSpec
from ec2bench.env.browser.chromium import BROWSERS
from ec2bench.models import pool
from ec2bench.models.registry import ModelInfo, find_provider
from ec2bench.runner import tempdirs
from ec2bench.runner.episode import EpisodeResult
from ec2bench.runner.sweep import WAIT_SLICE_S, EpisodeConfig, run_one
from ec2bench.tasks.loader import Task

# a worker pays for its fork and for warming its own caches (each task's reference is replayed once
# per process): a sweep with fewer episodes than this per worker runs on threads unless asked
MIN_EPISODES_PER_WORKER = 16
# served models (`bench concurrency`): one process reached 90% of ideal throughput at 128 calls in flight and
# 81-84% at 256; two reached 96% and 89-92%
SERVED_MIN_IN_FLIGHT = 128
# how far down the pending episodes a free worker looks for one of its own tasks' (the plan interleaves the
# strategies of a task and then the next task, so its own are a few places down, except near the end)
AFFINITY_WINDOW = 64
# an episode allocates hundreds of thousands of short-lived containers, and the caches a worker builds make each
# full collection slow (0.1-0.2 s): collecting less often cost 3% less CPU, this process being the program's own
WORKER_GC_THRESHOLDS = (50_000, 20, 20)
JOIN_S = 5.0  # how long a finished sweep waits for a worker to exit before it is terminated


class WorkerFailed(RuntimeError):
    """An episode raised inside a worker process (a harness bug: episodes themselves never raise)."""


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity, else the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def process_workers(config: EpisodeConfig, *, todo: int, jobs: int, requested: int | None) -> int:
    """How many worker processes to run a local sweep's `todo` episodes on; 0: threads of this process.

    `requested` (`--processes`): 0 forces threads, N > 0 asks for N workers (still only where
    `no_workers_because` finds nothing against them); None decides (see the module docstring)."""
    if requested == 0:
        return 0
    if requested is not None:
        workers = min(requested, jobs, todo)
    elif not config.simulated and min([jobs, *_limits(config)]) < SERVED_MIN_IN_FLIGHT:
        return 0
    else:
        workers = min(usable_cores(), jobs, todo // MIN_EPISODES_PER_WORKER)
        if workers < 2:
            return 0
    return workers if no_workers_because(config, jobs=jobs, workers=workers) is None else 0


def no_workers_because(config: EpisodeConfig, *, jobs: int, workers: int) -> str | None:
    """Why the sweep's episodes cannot run in `workers` worker processes, however many are asked for
    (None: they can); the sweep says so when `--processes` asked for workers it does not get."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return "this system cannot fork processes"
    loaded = next((m.name for m in config.models if not (m.simulated or _forkable(m))), None)
    if loaded is not None:
        return f"the model {loaded} runs in this process, and every worker would load it again"
    if threading.active_count() > 1:
        return "this process runs other threads, and forking it could deadlock the workers"
    in_flight = min([jobs, *_limits(config)])
    if min(workers, jobs) > in_flight:  # every worker needs a slot of every limit
        return f"an endpoint takes {in_flight} call(s) in flight, fewer than the {min(workers, jobs)} workers"
    return None


def _limits(config: EpisodeConfig) -> list[int]:
    return [m.max_concurrency for m in config.models if m.max_concurrency]


def _forkable(model: ModelInfo) -> bool:
    provider = find_provider(model.provider)
    return provider is not None and provider.forkable


def preload(config: EpisodeConfig) -> None:
    """Import what the sweep's model clients need, once, before the workers are forked."""
    for model in config.models:
        provider = find_provider(model.provider)
        if provider is not None:
            provider.preload()


# -- the worker side ----------------------------------------------------------------------------------

Outcome = tuple[int, EpisodeSpec, EpisodeResult | str]  # (worker, spec, result or the traceback of a failure)


def _worker(index: int, workers: int, inbox: Any, outbox: Any, tasks: dict[str, Task], config: EpisodeConfig,
            threads: int) -> None:
    """A worker process's body: `threads` threads take episodes from `inbox` until each gets None."""
    tempdirs.claim()  # its own temp folder, found and removed by the next sweep if this process is killed
    pool.become_worker(index, workers)
    gc.set_threshold(*WORKER_GC_THRESHOLDS)

    def serve() -> None:
        while (item := inbox.get()) is not None:
            spec, settings = item
            try:
                outcome: EpisodeResult | str = run_one(tasks[spec.task_id], spec, settings, config)
            except BaseException:  # handed to the sweep, which raises it
                outcome = traceback.format_exc()
            outbox.put((index, spec, outcome))

    servers = [threading.Thread(target=serve, name=f"ec2bench-worker{index}-{n}", daemon=True) for n in range(threads)]
    for thread in servers:
        thread.start()
    for thread in servers:
        thread.join()
    BROWSERS.close_idle()  # a worker leaves by os._exit: no atexit would quit them
    tempdirs.release()


# -- the sweep side -----------------------------------------------------------------------------------

def first_owned(pending: Sequence[EpisodeSpec], owner: dict[str, int], worker: int) -> int:
    """The place of the first of the next `AFFINITY_WINDOW` pending episodes whose task `worker` owns (0: none)."""
    window = itertools.islice(enumerate(pending), AFFINITY_WINDOW)
    return next((i for i, spec in window if owner.get(spec.task_id) == worker), 0)


class ProcessExecutor:
    """`workers` forked processes of `threads` episode threads each (`jobs` in flight in all); see the module docstring.

    Each task has an owner, a worker (tasks are dealt round-robin in suite order). When a slot frees
    up, the worker with the fewest episodes in flight takes the first of the next `AFFINITY_WINDOW`
    pending episodes whose task it owns (`choose`), else the first pending one. What a process learns
    about a task is then learned once, not once per worker: its reference replay, the audit's verdicts
    on the texts its episodes exchange, the sim's groundings (the seven-strategy sim sweep's workers spent 12%
    less CPU than when episodes went wherever a thread was free). `abandon` (Ctrl-C) terminates the
    workers at once; `shutdown` (the sweep is over) lets them finish and exit."""

    def __init__(self, tasks: list[Task], config: EpisodeConfig, *, jobs: int, workers: int) -> None:
        context = multiprocessing.get_context("fork")
        self._threads = max(1, -(-jobs // workers))  # ceil: every worker takes its share of `jobs`
        self._jobs = jobs
        self._outbox = context.Queue()
        self._inboxes = [context.Queue() for _ in range(workers)]
        self._load = [0] * workers
        by_id = {t.id: t for t in tasks}
        self._owner = {task.id: i % workers for i, task in enumerate(tasks)}
        self._processes: list[BaseProcess] = [
            context.Process(target=_worker, args=(i, workers, inbox, self._outbox, by_id, config, self._threads),
                            name=f"ec2bench-worker{i}", daemon=True)
            for i, inbox in enumerate(self._inboxes)
        ]
        preload(config)
        gc.freeze()  # what the workers inherit is never scanned by their collector: fewer copied pages
        try:
            for process in self._processes:
                process.start()
        finally:
            gc.unfreeze()

    @property
    def workers(self) -> int:
        return len(self._processes)

    @property
    def slots(self) -> int:
        return self._jobs - self.running

    @property
    def running(self) -> int:
        return sum(self._load)

    def choose(self, pending: Sequence[EpisodeSpec]) -> int:
        return first_owned(pending, self._owner, self._idlest())

    def submit(self, spec: EpisodeSpec, settings: dict[str, Any]) -> None:
        """Start an episode on its task's owner if the owner has a free thread, else on the least busy worker."""
        owner = self._owner.get(spec.task_id)
        index = owner if owner is not None and self._load[owner] < self._threads else self._idlest()
        if self._load[index] >= self._threads:
            raise RuntimeError("no free worker thread: submit only while `slots` > 0")
        self._load[index] += 1
        self._inboxes[index].put((spec, settings))

    def _idlest(self) -> int:
        return min(range(len(self._load)), key=self._load.__getitem__)

    def _next(self) -> Outcome:
        """The next finished episode; waits in short slices (a Ctrl-C is noticed at once), and notices a dead worker."""
        while True:
            try:
                outcome: Outcome = self._outbox.get(timeout=WAIT_SLICE_S)
                return outcome
            except queue.Empty:
                dead = [p for p, load in zip(self._processes, self._load, strict=True) if load and not p.is_alive()]
                if dead:
                    raise WorkerFailed(f"worker process {dead[0].name} died (exit code {dead[0].exitcode}) "
                                       "with episodes in flight") from None

    def finished(self) -> Iterator[tuple[EpisodeSpec, EpisodeResult]]:
        batch = [self._next()]
        while True:
            try:
                batch.append(self._outbox.get_nowait())
            except queue.Empty:
                break
        for index, spec, outcome in batch:
            self._load[index] -= 1
            if isinstance(outcome, str):
                raise WorkerFailed(f"episode {spec.key} raised in a worker process:\n{outcome}")
            yield spec, outcome

    def abandon(self) -> None:
        for process in self._processes:
            if process.is_alive():
                process.terminate()

    def shutdown(self) -> None:
        """Let idle workers exit (terminating any that does not within `JOIN_S`), and free the queues."""
        for inbox in self._inboxes:
            for _ in range(self._threads):
                inbox.put(None)
        for process in self._processes:
            process.join(JOIN_S)
            if process.is_alive():
                process.terminate()
                process.join(JOIN_S)
        for channel in (*self._inboxes, self._outbox):
            channel.cancel_join_thread()  # nothing left to deliver: the workers are gone
            channel.close()

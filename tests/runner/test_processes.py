"""Worker processes (`runner.processes`) store what threads store, and are used only where they pay;
a sweep's preparation fits each learned router once per fold."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from ec2bench import api
from ec2bench.contracts import EpisodeSpec
from ec2bench.core.trace import parse_trace
from ec2bench.models import pool
from ec2bench.models.registry import ModelInfo
from ec2bench.runner import processes
from ec2bench.runner.processes import first_owned, process_workers
from ec2bench.runner.store import Store
from ec2bench.runner.sweep import EpisodeConfig, _schedule
from ec2bench.strategies.routers.learned import KnnRouter

TASKS = "office-expense-claim-zh,office-kickoff-scheduling,search-customer-briefing,security-secret-exposure-audit"
STRATEGIES = "edge_only,cloud_only,query_routing,advisory,random_advisory"  # both phases
TIMING_COLUMNS = {"wall_ms", "model_ms", "finished_at"}


def _results(out: Path) -> dict[str, tuple[dict[str, object], list[dict[str, object]]]]:
    """Each episode's row without its timing columns, and its trace without its events' durations (`ms`, `*_ms`)."""
    store = Store.open(out, create=False)
    try:
        found = {}
        for row in store.rows():
            events = parse_trace(store.trace_path(row.key).read_text(encoding="utf-8"))
            for event in events:
                for name in [k for k in event if k == "ms" or k.endswith("_ms")]:
                    del event[name]
            found[row.key] = ({k: v for k, v in row.as_dict().items() if k not in TIMING_COLUMNS}, events)
        return found
    finally:
        store.close()


def _sweep(out: Path, processes: int, *, other_thread: bool = False) -> str:
    """Run the CLI sweep in a process of its own (workers are only forked from a process with no other thread,
    which a test session that has started servers or pools is not), optionally with a thread running; its output."""
    start = "import threading; threading.Thread(target=threading.Event().wait, daemon=True).start(); " if other_thread else ""
    script = f"{start}import sys; from ec2bench.cli import app; sys.argv[0] = 'ec2bench'; app()"
    result = subprocess.run([sys.executable, "-c", script, "run", "--out", str(out), "--tasks", TASKS, "--strategies",
                             STRATEGIES, "--repeats", "2", "--jobs", "4", "--processes", str(processes)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout + result.stderr


def test_worker_processes_store_the_same_rows_and_traces_as_threads(tmp_path):
    assert "worker processes" not in _sweep(tmp_path / "threads", 0)
    said = _sweep(tmp_path / "processes", 2)
    assert "episodes run in 2 worker processes (4 in flight; models are simulated)" in said
    boards = [json.loads((tmp_path / name / "report.json").read_text()) for name in ("threads", "processes")]
    assert _untimed(boards[0]) == _untimed(boards[1])
    a, b = _results(tmp_path / "threads"), _results(tmp_path / "processes")
    assert len(a) == 4 * 5 * 2 and {row["status"] for row, _ in a.values()} == {"ok"}
    assert a.keys() == b.keys()
    for key in a:
        assert a[key] == b[key], key


def _untimed(board: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in line.items() if k != "wall_s"} for line in board]


def test_workers_asked_for_but_not_forked_are_explained(tmp_path):
    said = _sweep(tmp_path / "r", 2, other_thread=True)
    assert ("--processes 2 asked for worker processes, but episodes run on threads of this process: this process "
            "runs other threads, and forking it could deadlock the workers") in " ".join(said.split())
    assert len(Store.open(tmp_path / "r", create=False).rows()) == 4 * 5 * 2


SIM = ModelInfo(name="sim/edge-9b", provider="sim", model_id="edge-9b", params=None, price=None, simulated=True)
SERVED = ModelInfo(name="vllm/qwen", provider="vllm", model_id="qwen", params=None, price=None,
                   base_url="http://127.0.0.1:8000/v1")
LOCAL = ModelInfo(name="llamacpp/smollm2", provider="llamacpp", model_id="smollm2", params=None, price=None)


@pytest.mark.parametrize(("config", "todo", "jobs", "requested", "cores", "expected"), [
    (EpisodeConfig(edge=SIM, cloud=SIM), 2688, 8, None, 2, 2),  # the quickstart sweep on two cores
    (EpisodeConfig(edge=SIM, cloud=SIM), 2688, 8, None, 16, 8),  # never more workers than episodes in flight
    (EpisodeConfig(edge=SIM, cloud=SIM), 2688, 8, None, 1, 0),  # one core: nothing to gain
    (EpisodeConfig(edge=SIM, cloud=SIM), 20, 8, None, 2, 0),  # too few episodes to pay for the workers
    (EpisodeConfig(edge=SIM, cloud=SIM), 20, 8, 2, 2, 2),  # unless asked
    (EpisodeConfig(edge=SIM, cloud=SIM), 2688, 8, 0, 2, 0),  # --processes 0: threads
    (EpisodeConfig(edge=replace(SIM, simulated=False), cloud=SIM), 2688, 8, None, 2, 0),  # a real model waits
    (EpisodeConfig(edge=SIM, cloud=SIM, judge=replace(SIM, simulated=False)), 2688, 8, 2, 2, 0),  # even when asked
    (EpisodeConfig(edge=SERVED, cloud=SIM), 2688, 256, None, 2, 2),  # one interpreter cannot keep up with 256 calls
    (EpisodeConfig(edge=SERVED, cloud=SIM), 2688, 64, None, 2, 0),  # it can with 64: their cost is waiting
    (EpisodeConfig(edge=SERVED, cloud=SIM), 2688, 64, 2, 2, 2),  # unless asked
    (EpisodeConfig(edge=replace(SERVED, max_concurrency=32), cloud=SIM), 2688, 256, None, 2, 0),  # a cap under 128
    (EpisodeConfig(edge=replace(SERVED, max_concurrency=1), cloud=SIM), 2688, 8, 2, 2, 0),  # no worker without a slot
    (EpisodeConfig(edge=LOCAL, cloud=SIM), 2688, 256, 2, 2, 0),  # a model in this process would load in every worker
])
def test_process_workers_are_used_where_they_pay(monkeypatch, config, todo, jobs, requested, cores, expected):
    monkeypatch.setattr(processes, "usable_cores", lambda: cores)
    monkeypatch.setattr(processes.threading, "active_count", lambda: 1)  # a test session may run other threads
    assert process_workers(config, todo=todo, jobs=jobs, requested=requested) == expected


@pytest.mark.parametrize(("limit", "workers", "shares"), [(10, 2, [5, 5]), (7, 3, [3, 2, 2]), (2, 2, [1, 1]),
                                                         (5, 1, [5])])
def test_workers_share_each_limit_without_exceeding_it(limit, workers, shares):
    try:
        got = []
        for index in range(workers):
            pool.become_worker(index, workers)
            got.append(pool.share(limit))
        assert got == shares and sum(got) == limit
    finally:
        pool.become_worker(0, 1)


def test_a_worker_drops_the_clients_it_inherited():
    built = []
    try:
        pool.shared("k", lambda: built.append(1) or object())
        pool.become_worker(1, 2)
        pool.shared("k", lambda: built.append(2) or object())  # its connections would be the parent's
        assert built == [1, 2]
    finally:
        pool.become_worker(0, 1)


def test_a_process_with_other_threads_is_never_forked(monkeypatch):
    monkeypatch.setattr(processes, "usable_cores", lambda: 2)
    monkeypatch.setattr(processes.threading, "active_count", lambda: 2)
    assert process_workers(EpisodeConfig(edge=SIM, cloud=SIM), todo=2688, jobs=8, requested=2) == 0


def test_the_learned_router_is_fitted_once_per_fold_and_phase(tmp_path, monkeypatch):
    fits: list[int] = []
    real_fit = KnnRouter.fit.__func__  # type: ignore[attr-defined]

    def counting_fit(cls, prompts_and_gains, k=3):
        fits.append(len(prompts_and_gains))
        return real_fit(cls, prompts_and_gains, k)

    monkeypatch.setattr(KnnRouter, "fit", classmethod(counting_fit))
    api.run(out=tmp_path / "r", strategies="edge_only,cloud_only,query_routing", tasks=TASKS, repeats=2, processes=0)
    rows = [r for r in Store.open(tmp_path / "r", create=False).rows() if r.strategy.startswith("query_routing")]
    assert len(rows) == 8 and all("score" in json.loads(r.settings) for r in rows)
    assert 1 <= len(fits) <= 2  # one router per fold of tasks, not one per episode and calibration task


def _specs(*task_ids: str) -> list[EpisodeSpec]:
    return [EpisodeSpec(task_id, "edge_only", "sim/edge-9b", "sim/cloud", 0) for task_id in task_ids]


def test_a_free_worker_takes_the_next_episode_of_a_task_it_owns():
    owner = {"a": 0, "b": 1, "c": 0}
    pending = _specs("a", "a", "b", "c")
    assert first_owned(pending, owner, 0) == 0
    assert first_owned(pending, owner, 1) == 2  # past two of worker 0's
    assert first_owned(_specs("a", "c"), owner, 1) == 0  # none of its own: the next one
    assert first_owned(_specs(*["a"] * processes.AFFINITY_WINDOW, "b"), owner, 1) == 0  # its own is too far down


class _OneSlot:
    """An executor that runs one episode at a time and always chooses the last pending one."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._running: EpisodeSpec | None = None

    @property
    def slots(self) -> int:
        return 0 if self._running else 1

    @property
    def running(self) -> int:
        return int(self._running is not None)

    def choose(self, pending):
        return len(pending) - 1

    def submit(self, spec, settings):
        self.started.append(spec.task_id)
        self._running = spec

    def finished(self):
        spec, self._running = self._running, None
        yield spec, SimpleNamespace(row=None, trace="")

    def abandon(self) -> None:
        pass


def test_the_sweep_starts_the_episode_its_executor_chooses():
    executor, stored = _OneSlot(), []
    store = SimpleNamespace(add=lambda row, trace: stored.append(trace))
    unstarted = _schedule(_specs("a", "b", "c"), executor, store, lambda spec, result: None, None, {})
    assert (executor.started, len(stored), unstarted) == (["c", "b", "a"], 3, 0)

"""An interrupted sweep stops the episodes it abandons instead of letting them run on in the process."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from ec2bench.contracts import EpisodeSpec
from ec2bench.core import cancel
from ec2bench.models.registry import resolve_model
from ec2bench.runner import sweep
from ec2bench.runner.episode import run_episode
from ec2bench.runner.store import Store
from ec2bench.runner.sweep import EpisodeConfig, run_sweep
from ec2bench.tasks.loader import load_suite


def test_an_episode_stops_at_its_next_step_once_cancelled(mini_suite) -> None:
    task = load_suite(mini_suite)[0]
    sim = resolve_model("sim/edge-9b")
    spec = EpisodeSpec(task.id, "edge_only", sim.name, sim.name, 0)
    event = threading.Event()
    with cancel.cancellable(event):
        assert run_episode(task, spec, sim, sim).row.status == "ok"  # not set: runs to its end
        event.set()
        with pytest.raises(cancel.Cancelled):
            run_episode(task, spec, sim, sim)
    assert run_episode(task, spec, sim, sim).row.status == "ok"  # outside the block nothing is cancelled


def test_interrupting_a_sweep_cancels_the_episodes_still_running(mini_suite, tmp_path, monkeypatch) -> None:
    """Ctrl-C reaches the scheduling thread as a KeyboardInterrupt while it handles a finished episode (a
    signal that arrives while it waits is raised as soon as an episode finishes and wakes it). Here the
    interrupt comes from `on_done` of the one episode that finishes, deterministically; the real signal
    path, a sweep process that exits 130, is tests/runner/test_concurrency.py's."""
    tasks = load_suite(mini_suite)
    sim = resolve_model("sim/edge-9b")
    real_run_one, started, stopped = sweep.run_one, threading.Semaphore(0), []

    def episode(task: Any, spec: EpisodeSpec, settings: Any, config: Any) -> Any:
        if spec.repeat == 0:  # finishes, once both others run
            for _ in range(2):
                started.acquire()
            return real_run_one(task, spec, settings, config)
        started.release()
        try:
            while True:  # would run for ever, checking for cancellation as the agent loop does
                cancel.check()
                time.sleep(0.01)
        except cancel.Cancelled:
            stopped.append(spec.key)
            raise

    def ctrl_c(spec: EpisodeSpec, result: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sweep, "run_one", episode)
    episodes = [EpisodeSpec(tasks[0].id, "edge_only", sim.name, sim.name, r) for r in range(5)]
    store = Store.open(tmp_path / "r", create=True)
    with pytest.raises(KeyboardInterrupt):
        run_sweep(episodes, tasks, EpisodeConfig(edge=sim, cloud=sim, timeout_s=60), store, jobs=3, on_done=ctrl_c)
    deadline = time.monotonic() + 5
    while len(stopped) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(stopped) == 2  # both running episodes stopped; the two not started never start
    assert store.keys() == {episodes[0].key}  # the finished one is stored

"""An interrupted sweep stops the episodes it abandons instead of letting them run on in the process."""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import pytest

from ec2bench.agent import cancel
from ec2bench.contracts import EpisodeSpec
from ec2bench.models.registry import resolve_model
from ec2bench.runner import sweep
from ec2bench.runner.episode import run_episode
from ec2bench.runner.store import Store
from ec2bench.runner.sweep import SweepConfig, run_sweep
from ec2bench.tasks.loader import load_suite


def test_an_episode_stops_at_its_next_step_once_cancelled(mini_suite) -> None:
    task = load_suite(mini_suite)[0]
    sim = resolve_model("sim/edge-9b")
    spec = EpisodeSpec(task.id, "edge_only", sim.name, sim.name, 0)
    event = threading.Event()
    with cancel.cancellable(event):
        assert run_episode(task, spec, sim, sim).row["status"] == "ok"  # not set: runs to its end
        event.set()
        with pytest.raises(cancel.Cancelled):
            run_episode(task, spec, sim, sim)
    assert run_episode(task, spec, sim, sim).row["status"] == "ok"  # outside the block nothing is cancelled


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"), reason="needs POSIX signals")
def test_interrupting_a_sweep_cancels_the_episodes_still_running(mini_suite, tmp_path, monkeypatch) -> None:
    tasks = load_suite(mini_suite)
    sim = resolve_model("sim/edge-9b")
    started, stopped = threading.Semaphore(0), []

    def slow_episode(task: Any, spec: EpisodeSpec, settings: Any, config: Any) -> Any:
        started.release()
        try:
            while True:  # an episode that would run for ever, checking for cancellation as the loop does
                cancel.check()
                time.sleep(0.01)
        except cancel.Cancelled:
            stopped.append(spec.key)
            raise

    def interrupt(spec: EpisodeSpec, result: Any) -> None:
        raise AssertionError("no episode finishes")

    monkeypatch.setattr(sweep, "run_one", slow_episode)
    episodes = [EpisodeSpec(t.id, "edge_only", sim.name, sim.name, r) for t in tasks for r in range(2)]
    store = Store.open(tmp_path / "r", create=True)

    def ctrl_c_once_both_run() -> None:
        for _ in range(2):
            started.acquire()
        # what Ctrl-C does: SIGINT to the main thread, which wakes it from its wait for a finished episode
        # (`_thread.interrupt_main` would not: it only flags the interrupt for when the thread next runs)
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    # Python's own SIGINT handler, even where this process was started with SIGINT ignored (a background job
    # of a non-interactive shell is) or a library replaced it
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=ctrl_c_once_both_run, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            run_sweep(episodes, tasks, SweepConfig(edge=sim, cloud=sim, timeout_s=60), store, jobs=2, on_done=interrupt)
    finally:
        signal.signal(signal.SIGINT, previous)
    deadline = time.monotonic() + 5
    while len(stopped) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(stopped) == 2  # both running episodes stopped; none of the others started
    assert store.keys() == set()

"""`ec2bench bench overhead`: what the harness itself costs, measured with a free model.

The model is `replay/reference` (answers instantly with the reference's next step), so every
millisecond measured is the harness's: workspace set-up, message handling, tool dispatch and
logging, metering, grading and the privacy audit. Two workloads:

* the built-in suite, each task once per round;
* a fixed shape any harness can run identically: an episode of exactly 10 tool calls on a small
  notes app (5 creates, 5 searches) plus a final answer, scripted model.

Per-turn overhead = (episode wall time - time inside the model) / model turns.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.spec.schema import TaskSpec
from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class OverheadResult:
    workload: str
    episodes: int
    setup_ms: float
    turn_ms: float
    episode_ms: float
    episodes_per_s: float


def fixed_shape_task() -> Task:
    """The 10-tool-call notes episode."""
    reference = []
    for i in range(5):
        reference.append({"tool": "notes_create", "args": {"title": f"note {i}", "body": f"body of note {i}"}})
        reference.append({"tool": "notes_search", "args": {"query": f"note {i}"}})
    reference.append({"answer": "Created and found five notes."})
    spec = TaskSpec.model_validate({
        "id": "bench-notes-10",
        "title": "ten notes calls",
        "category": "office",
        "language": "en",
        "prompt": "Create five notes and look each one up after creating it.",
        "apps": ["notes"],
        "max_steps": 11,
        "reference": reference,
        "checks": [{"kind": "record_exists", "weight": 1.0, "app": "notes", "collection": "notes", "where": {"title": "note 4"}}],
    })
    return Task(spec=spec, path=Path("/nonexistent-bench-task"), fixtures={"notes": {"notes": []}}, content_hash="bench")


def measure(tasks: list[Task], rounds: int, workload: str) -> OverheadResult:
    model = resolve_model("replay/reference")
    setup, turns, episodes = [], [], []
    for task in tasks:  # warm caches (tool schemas, imports) outside the measurement
        run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, -1), model, model)
    start = time.perf_counter()
    for r in range(rounds):
        for task in tasks:
            t0 = time.perf_counter()
            task.new_workspace().close()
            setup.append((time.perf_counter() - t0) * 1000)
            row = run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, r), model, model).row
            turns.append((row.wall_ms - row.model_ms) / max(1, row.steps))
            episodes.append(row.wall_ms)
    elapsed = time.perf_counter() - start
    return OverheadResult(
        workload=workload,
        episodes=len(episodes),
        setup_ms=statistics.median(setup),
        turn_ms=statistics.median(turns),
        episode_ms=statistics.median(episodes),
        episodes_per_s=len(episodes) / elapsed,
    )

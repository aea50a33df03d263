"""Resolving strategy settings before episodes run: calibration, matched call counts, router scores.

The runner runs a sweep in two phases: strategies that need stored results of others (a learned
router's training data, the autonomous run a random control matches) run after the rest. Before
an episode is dispatched, its strategy's `prepare` resolves per-episode settings through this
context. Calibrated thresholds are kept in `calibration.json` in the store, so a resumed sweep
uses exactly the thresholds its first part used.

Calibration split: the tasks whose id hashes to an even bucket (all tasks if that leaves none).
Calibration episodes run the strategy with `threshold=inf` (never routes, so never calls the
cloud); they are not stored as results and cost only edge compute.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

from ec2bench.bridge.spec import AgentSpec, is_agent_label
from ec2bench.core.row import EpisodeRow
from ec2bench.core.trace import parse_trace
from ec2bench.models.registry import ModelInfo
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.runner.store import Store, load_rows
from ec2bench.strategies import STRATEGIES, make_strategy
from ec2bench.strategies.base import Strategy, parse_spec
from ec2bench.tasks.loader import Task

CALIBRATION_FILE = "calibration.json"


class SweepPreparation:
    """The runner's implementation of `ec2bench.strategies.base.PrepareContext`."""

    def __init__(self, store: Store, tasks: list[Task], edge: ModelInfo, cloud: ModelInfo, timeout_s: float,
                 agents: tuple[AgentSpec, ...] = (), *, jobs: int = 1) -> None:
        self._store = store
        self._jobs = jobs  # calibration episodes in flight
        self._agents = {a.label: a for a in agents}
        self._tasks = {t.id: t for t in tasks}
        self.edge = edge
        self.cloud = cloud
        self._timeout_s = timeout_s
        self._rows: list[EpisodeRow] | None = None
        self._keys: set[str] | None = None
        self._memo: dict[str, Any] = {}
        self._strategies: dict[str, Strategy] = {}  # by spec: only their class and params are used
        self._calibration: dict[str, Any] | None = None  # `calibration.json`, read once

    # -- PrepareContext ---------------------------------------------------------------------------

    def rows(self, store: str | None = None) -> list[EpisodeRow]:
        if store is not None:
            return load_rows([Path(store)])
        if self._rows is None:
            self._rows = self._store.rows()
        return self._rows

    def trace_events(self, key: str) -> list[dict[str, Any]] | None:
        if self._keys is None:
            self._keys = {r.key for r in self.rows()}
        if key not in self._keys:
            return None
        path = self._store.trace_path(key)
        return parse_trace(path.read_text(encoding="utf-8"))

    def calibration_tasks(self) -> list[Task]:
        chosen = [t for t in self._tasks.values() if zlib.crc32(f"calibration:{t.id}".encode()) % 2 == 0]
        return sorted(chosen or self._tasks.values(), key=lambda t: t.id)

    def prompt(self, task_id: str) -> str | None:
        task = self._tasks.get(task_id)
        return task.spec.prompt if task else None

    def remember(self, key: str, compute: Callable[[], Any]) -> Any:
        path = self._store.root / CALIBRATION_FILE
        if self._calibration is None:  # this sweep is the store's only writer: read once, written on change
            self._calibration = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        known = self._calibration
        if key not in known:
            known[key] = compute()
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(known, indent=2, sort_keys=True), encoding="utf-8")
            os.replace(tmp, path)
        return known[key]

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def route_scores(self, spec: str) -> list[float]:
        """The route scores of `spec`'s calibration episodes, in task order; the episodes run `jobs` at a time
        (their shell commands and model calls overlap), before any episode that needs the threshold."""

        def scores(task: Task) -> list[float]:
            episode = EpisodeSpec(task.id, spec, self.edge.name, self.cloud.name, 0)
            result = run_episode(task, episode, self.edge, self.cloud, timeout_s=self._timeout_s, scored=False)
            return [e["score"] for e in result.trace_events() if e["type"] == "route"]

        with ThreadPoolExecutor(self._jobs, thread_name_prefix="ec2bench-calibration") as pool:
            return [score for found in pool.map(scores, self.calibration_tasks()) for score in found]

    # -- used by the runner -----------------------------------------------------------------------

    def refresh(self) -> None:
        """Forget cached rows and memos (call between phases: the store has grown)."""
        self._rows = self._keys = None
        self._memo.clear()

    def settings_for(self, episode: EpisodeSpec) -> dict[str, Any]:
        """The episode's settings; an outside agent's (`agent:NAME`) are its declaration and its policy's settings."""
        if is_agent_label(episode.strategy):
            agent = self._agents[episode.strategy]
            policy = make_strategy(agent.policy)
            prepared = type(policy).prepare(agent.policy, policy.params, replace(episode, strategy=agent.policy), self)
            return {"agent": agent.model_dump(mode="json"), "policy": prepared}
        if episode.strategy not in self._strategies:  # a sweep prepares thousands of episodes of a few specs
            self._strategies[episode.strategy] = make_strategy(episode.strategy)
        strategy = self._strategies[episode.strategy]
        return type(strategy).prepare(episode.strategy, strategy.params, episode, self)


def phase_of(spec: str, agents: tuple[AgentSpec, ...] = ()) -> int:
    """The phase of a strategy spec, or of an outside agent's policy for its label."""
    if is_agent_label(spec):
        spec = next(a.policy for a in agents if a.label == spec)
    strategy = make_strategy(spec)
    return type(strategy).phase(strategy.params)


def with_target_share(spec: str, share: float) -> str:
    """Add `target=share` to a thresholded strategy's spec that sets neither threshold nor target."""
    name, params = parse_spec(spec)
    fields = STRATEGIES[name].Params.model_fields
    if "target" in fields and "threshold" not in params and "target" not in params:
        return f"{spec}:target={share:g}"
    return spec

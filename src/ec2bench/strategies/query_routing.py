"""`query_routing`: before the episode a device-side router scores the task prompt once and sends
the whole episode to the edge or to the cloud.

Routers (`router=`):
* `learned` — k-nearest neighbours over prompt features, trained on stored `edge_only` and
  `cloud_only` results for the same models (this store, or `train=DIR`). Cross-fitted on two
  folds of tasks: a task is scored by a router trained only on the other fold, so no task is
  scored by a router that saw its own outcome. Score = predicted completion gain of the cloud.
* `self` — the edge model rates its own chance (0-10) of completing the task; score = 1 - chance/10.
  This costs one edge call per episode.
* `random` — the cloud with probability `ratio` (seeded by the episode).
`learned` and `self` route to the cloud when the score exceeds the threshold (given, or calibrated
to a target cloud share).
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable
from statistics import mean
from typing import Literal

from ec2bench.contracts import AgentState, PrepareContext, Turn
from ec2bench.core.errors import ConfigError
from ec2bench.core.row import EpisodeRow
from ec2bench.models.base import ChatRequest
from ec2bench.strategies.base import RoutingParams, Strategy, StrategyParams, register
from ec2bench.strategies.prompts import SELF_ASSESSMENT
from ec2bench.strategies.routers.learned import KnnRouter
from ec2bench.strategies.routers.threshold import quantile_threshold

BASELINES = ("edge_only", "cloud_only")


class QueryRoutingParams(RoutingParams):
    internal = frozenset({"score"})
    router: Literal["learned", "self", "random"] = "learned"
    """kNN over prompt features trained on stored edge_only/cloud_only results, the edge's self-rating, or chance."""
    ratio: float = 0.5
    """router=random: the probability of sending the episode to the cloud."""
    train: str | None = None
    """router=learned: a store folder to train on (default: this sweep's store, in a second phase)."""
    score: float | None = None
    """Resolved by the runner for the learned router (the task's predicted cloud gain); not set by hand."""


@register
class QueryRouting(Strategy):
    name = "query_routing"
    Params = QueryRoutingParams
    params: QueryRoutingParams
    default_target = 0.5

    def __init__(self, params: QueryRoutingParams) -> None:
        super().__init__(params)
        self.route: Literal["edge", "cloud"] = "edge"

    @classmethod
    def target_share(cls, params: StrategyParams) -> float | None:
        assert isinstance(params, QueryRoutingParams)
        return params.ratio if params.router == "random" else super().target_share(params)

    @classmethod
    def phase(cls, params: StrategyParams) -> int:
        assert isinstance(params, QueryRoutingParams)
        return 1 if params.router == "learned" and params.train is None else 0

    @classmethod
    def prepare(cls, spec, params, episode, ctx: PrepareContext):
        if params.router == "random":
            return {}
        if params.router == "self":
            return super().prepare(spec, params, episode, ctx)
        rows = ctx.memo(f"query_routing|rows|{params.train or ''}", lambda: _training_rows(params, ctx))

        def router_for(task_id: str) -> KnnRouter:
            """The router that scores `task_id`: fitted on the other fold, once per fold and phase."""
            key = f"query_routing|knn|{params.train or ''}|fold={_fold(task_id)}"
            return ctx.memo(key, lambda: KnnRouter.fit(_gains(rows, ctx, _other_fold(task_id))))

        def score() -> float:
            return router_for(episode.task_id).score(ctx.prompt(episode.task_id) or episode.task_id)

        settings = {"score": ctx.memo(f"query_routing|score|{params.train or ''}|{episode.task_id}", score)}  # per repeat
        if params.threshold is None:
            target = cls.default_target if params.target is None else params.target

            def calibrate() -> float:
                scores = [router_for(task.id).score(task.spec.prompt) for task in ctx.calibration_tasks()]
                return quantile_threshold(scores, target)

            key = f"threshold|learned|target={target}|{ctx.edge.name}|{ctx.cloud.name}|{params.train or ''}"
            settings["threshold"] = ctx.remember(key, calibrate)
        return settings

    def setup(self, state: AgentState) -> None:
        super().setup(state)
        p = self.params
        if p.router == "random":
            draw = random.Random(f"query_routing:{state.seed}").random()
            self.route, score, threshold = ("cloud" if draw < p.ratio else "edge"), draw, p.ratio
        else:
            found = p.score if p.router == "learned" else self._self_assessment(state)
            if found is None or p.threshold is None:
                raise ConfigError("query_routing needs a score and a threshold resolved by the runner")
            score, threshold = found, p.threshold
            self.route = "cloud" if score > threshold else "edge"
        state.trace.add("route", router=p.router, step=0, score=round(score, 6), threshold=threshold, decision=self.route)

    def _self_assessment(self, state: AgentState) -> float:
        request = ChatRequest(messages=[*state.messages, {"role": "user", "content": SELF_ASSESSMENT}])
        reply = state.edge.complete(request, step=0, purpose="route").message.get("content") or ""
        match = re.search(r"\d+(?:\.\d+)?", reply)
        chance = min(10.0, float(match.group(0))) if match else 0.0
        return 1.0 - chance / 10.0

    def act(self, state: AgentState) -> Turn:
        if self.route == "cloud":
            return Turn("cloud", state.cloud.complete(state.request(), step=state.step, purpose="act").message)
        return Turn("edge", state.edge.complete(state.request(), step=state.step, purpose="act").message)


def _fold(task_id: str) -> int:
    return zlib.crc32(task_id.encode()) % 2


def _other_fold(task_id: str) -> Callable[[str], bool]:
    """Whether a task is in the other fold than `task_id` (cross-fitting: train only on that fold)."""
    fold = _fold(task_id)
    return lambda t: _fold(t) != fold


def _training_rows(params: QueryRoutingParams, ctx: PrepareContext) -> list[EpisodeRow]:
    rows = ctx.rows(params.train)
    usable = [r for r in rows if r.strategy in BASELINES and r.status == "ok"
              and r.edge == ctx.edge.name and r.cloud == ctx.cloud.name]
    if not {r.strategy for r in usable} >= set(BASELINES):
        where = params.train or "this store"
        raise ConfigError(f"query_routing:router=learned trains on stored edge_only and cloud_only results for "
                          f"{ctx.edge.name} / {ctx.cloud.name}; {where} has none: add them to --strategies or pass train=DIR")
    return usable


def _gains(rows: list[EpisodeRow], ctx: PrepareContext, keep: Callable[[str], bool]) -> list[tuple[str, float]]:
    """(prompt, cloud_only minus edge_only mean completion) for the training tasks that `keep` admits."""
    by_task: dict[str, dict[str, list[float]]] = {}
    for r in rows:
        if keep(r.task_id) and r.completion is not None:  # scored rows (`_training_rows`): they all have one
            by_task.setdefault(r.task_id, {}).setdefault(r.strategy, []).append(r.completion)
    gains = [
        (ctx.prompt(tid) or tid, mean(s["cloud_only"]) - mean(s["edge_only"]))
        for tid, s in sorted(by_task.items())
        if set(s) >= set(BASELINES)
    ]
    if not gains:
        raise ConfigError("query_routing:router=learned found no training task with both edge_only and cloud_only "
                          "results in the other fold; run the baselines on more tasks")
    return gains

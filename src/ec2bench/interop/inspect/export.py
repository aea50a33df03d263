"""Stored episodes as Inspect logs: `ec2bench report STORE... --format inspect -o DIR`.

One `.eval` file per group of episodes that ran the same strategy with the same edge and cloud models
(a leaderboard line), so that `inspect view DIR` lists them as evaluations of one task. Each episode is one
sample: id = the task, epoch = repeat + 1, the conversation rebuilt from its trace (`transcript.conversation`),
the scores `completion` (`completion`, `passed`) and `privacy` (`privacy`, `exposure`) as the Inspect path
scores them (`tasks.py`), and model usage per model and per role (edge, cloud) from the row's meters. An
episode stored as an error becomes a sample with that error and no scores, as Inspect records a failed one.
Each log's results hold mean and stderr of each score over its scored samples.

The export is a pure function of the stores (and of the suite, for each task's prompt; a task the suite
does not have gets a one-line stand-in). Figures Inspect has no field for (cloud $, FLOPs, leaks, the
units' audit, the checks) are in each sample's metadata and score metadata.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from inspect_ai.log import (
    EvalConfig,
    EvalDataset,
    EvalError,
    EvalLog,
    EvalMetric,
    EvalResults,
    EvalSample,
    EvalScore,
    EvalSpec,
    EvalStats,
    write_eval_log,
)
from inspect_ai.model import ModelConfig, ModelOutput, ModelUsage
from inspect_ai.scorer import Score

from ec2bench.agent.loop import initial_messages
from ec2bench.core.row import EpisodeRow
from ec2bench.interop.inspect.transcript import conversation, text_of
from ec2bench.models.base import Message
from ec2bench.report.leaderboard import PASS_THRESHOLD
from ec2bench.report.stores import LoadedRow, merge_stores, read_trace
from ec2bench.tasks.loader import TaskLoadError, load_suite

TASK_NAME = "ec2bench/suite"
SCORES = {"completion": ("completion", "passed"), "privacy": ("privacy", "exposure")}


@dataclass(frozen=True)
class Written:
    path: Path
    strategy: str
    edge: str
    cloud: str
    samples: int


def export_stores(stores: Sequence[Path], out: Path, *, suite: Path | None = None) -> list[Written]:
    """Write one Inspect `.eval` log per strategy and model pair of the merged stores into `out`."""
    merged = merge_stores(stores)
    openings = _openings(suite, {r.task_id for r in merged.rows})
    groups: dict[tuple[str, str, str], list[LoadedRow]] = defaultdict(list)
    for row in merged.rows:
        groups[(row.strategy, row.edge, row.cloud)].append(row)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for (strategy, edge, cloud), rows in sorted(groups.items()):
        log = eval_log(rows, openings, stores=merged.stores)
        path = out / f"ec2bench_{_slug(strategy)}_{_slug(edge)}_{_slug(cloud)}.eval"
        write_eval_log(log, path)
        written.append(Written(path, strategy, edge, cloud, len(rows)))
    return written


def eval_log(rows: Sequence[LoadedRow], openings: dict[str, list[Message]], *, stores: Sequence[str] = ()) -> EvalLog:
    """One Inspect log of episodes that share a strategy and a model pair."""
    first = rows[0]
    samples = [sample(row, read_trace(row.store, row.key) or [], openings.get(row.task_id)) for row in rows]
    created = _iso(min(r.finished_at - r.wall_ms / 1000.0 for r in rows))
    usage: dict[str, ModelUsage] = defaultdict(ModelUsage)
    roles: dict[str, ModelUsage] = defaultdict(ModelUsage)
    for s in samples:
        for name, u in s.model_usage.items():
            usage[name] += u
        for role, u in s.role_usage.items():
            roles[role] += u
    spec = EvalSpec(
        created=created, task=TASK_NAME, task_id=f"ec2bench-{_slug(first.strategy)}", task_registry_name=TASK_NAME,
        task_args={"strategy": first.strategy}, run_id=_digest(*stores), eval_id=_digest(*stores, first.strategy, first.edge, first.cloud),
        dataset=EvalDataset(name="ec2bench", samples=len({r.task_id for r in rows}),
                            sample_ids=sorted({r.task_id for r in rows})),
        model=first.edge, model_roles={"edge": ModelConfig(model=first.edge), "cloud": ModelConfig(model=first.cloud)},
        config=EvalConfig(epochs=max(r.repeat for r in rows) + 1),
        metadata={"source": "ec2bench report --format inspect", "stores": list(stores), "strategy": first.strategy,
                  "simulated": any(r.simulated for r in rows)},
    )
    return EvalLog(status="success", eval=spec, results=_results(rows),
                   stats=EvalStats(started_at=created, completed_at=_iso(max(r.finished_at for r in rows)),
                                   model_usage=dict(usage), role_usage=dict(roles)),
                   samples=samples)


def sample(row: EpisodeRow, events: list[dict[str, Any]], opening: list[Message] | None) -> EvalSample:
    """One stored episode as an Inspect sample."""
    opening = opening or [{"role": "user", "content": f"(task {row.task_id}: its prompt is not in the suite given)"}]
    messages = conversation(events, opening)
    steps = [e for e in events if e.get("type") == "step"]
    answer = text_of((steps[-1].get("message") or {}).get("content")) if steps and row.stop == "answer" else ""
    edge_usage = ModelUsage(input_tokens=row.edge_input_tokens, output_tokens=row.edge_output_tokens,
                            input_tokens_cache_read=row.edge_cached_tokens or None,
                            total_tokens=row.edge_input_tokens + row.edge_cached_tokens + row.edge_output_tokens)
    cloud_usage = ModelUsage(input_tokens=row.cloud_input_tokens, output_tokens=row.cloud_output_tokens,
                             input_tokens_cache_read=row.cloud_cached_tokens or None,
                             total_tokens=row.cloud_input_tokens + row.cloud_cached_tokens + row.cloud_output_tokens,
                             total_cost=row.cloud_usd)
    model_usage: dict[str, ModelUsage] = defaultdict(ModelUsage)
    if row.edge_calls:
        model_usage[row.edge] += edge_usage
    if row.cloud_calls:
        model_usage[row.cloud] += cloud_usage
    error = None if row.status == "ok" else EvalError(message=row.error or "error", traceback="", traceback_ansi="")
    return EvalSample(
        id=row.task_id, epoch=row.repeat + 1, input=text_of(opening[-1].get("content")), target="",
        messages=messages, output=ModelOutput.from_content(model=row.edge, content=answer),
        scores=None if error else scores(row), error=error,
        metadata={"id": row.task_id, "category": row.category, "language": row.language, "strategy": row.strategy,
                  "key": row.key, "seed": row.seed, "stop": row.stop, "steps": row.steps,
                  "edge_steps": row.edge_steps, "cloud_steps": row.cloud_steps, "tool_calls": row.tool_calls,
                  "cloud_usd": row.cloud_usd, "edge_flops": row.edge_flops, "leaks": row.leaks,
                  "simulated": bool(row.simulated)},
        model_usage=dict(model_usage),
        role_usage={"edge": edge_usage, "cloud": cloud_usage},
        total_time=row.wall_ms / 1000.0, working_time=row.model_ms / 1000.0,
        completed_at=_iso(row.finished_at),
    )


def scores(row: EpisodeRow) -> dict[str, Score]:
    """The two scores of a scored episode, as the Inspect path's scorers give them."""
    completion = float(row.completion or 0.0)
    checks = json.loads(row.checks or "[]")
    return {
        "completion": Score(value={"completion": completion, "passed": float(completion >= PASS_THRESHOLD)},
                            explanation="; ".join(f"{c['name']}: {c['score']:g}" for c in checks) or "no checks",
                            metadata={"checks": row.checks, "stop": row.stop}),
        "privacy": Score(value={"privacy": row.privacy, "exposure": row.exposure},
                         explanation=f"{row.cloud_calls} cloud call(s); exposure {row.exposure:.3f} of the units read",
                         metadata={"cloud_calls": row.cloud_calls, "cloud_steps": row.cloud_steps, "cloud_usd": row.cloud_usd,
                                   "leaks": row.leaks, "exposure_all": row.exposure_all, "units": row.units}),
    }


def _results(rows: Sequence[EpisodeRow]) -> EvalResults:
    """Mean and stderr of each score over the scored episodes (errors are not scored)."""
    scored = [r for r in rows if r.status == "ok"]
    values = {"completion": [float(r.completion or 0.0) for r in scored],
              "passed": [float((r.completion or 0.0) >= PASS_THRESHOLD) for r in scored],
              "privacy": [r.privacy for r in scored], "exposure": [r.exposure for r in scored]}
    out = [EvalScore(name=name, scorer=scorer, scored_samples=len(scored), unscored_samples=len(rows) - len(scored),
                     metrics={m: EvalMetric(name=m, value=v) for m, v in _mean_stderr(values[name]).items()})
           for scorer, names in SCORES.items() for name in names]
    return EvalResults(total_samples=len(rows), completed_samples=len(scored), scores=out)


def _mean_stderr(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": math.nan, "stderr": math.nan}
    stderr = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": statistics.fmean(values), "stderr": stderr}


def _openings(suite: Path | None, task_ids: Iterable[str]) -> dict[str, list[Message]]:
    """Each task's opening messages (system prompt and request) from the suite, for the ids it has."""
    ids = sorted(task_ids)
    try:
        tasks = load_suite(suite, ",".join(ids)) if ids else []
    except TaskLoadError:
        return {}
    return {t.id: initial_messages(t) for t in tasks}


def _digest(*parts: str) -> str:
    """A stable id: exporting the same stores again gives the same ids (Inspect's viewer keys logs by them)."""
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:22]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._=-]+", "-", text).strip("-") or "x"


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat()

"""RQ3b — does training the edge model to use advice raise completion under the advisory strategy?

Evaluates the base edge model (step 0) and every checkpoint of an `ec2bench train advice` folder
under `advisory` and, as the control, `edge_only` (the same weights without a cloud), on the eval
side of the split stored with the checkpoints, which training never saw. Each model's episodes are one
`runner.driver.Sweep` (one episode at a time: the edge runs in this process) into a results store
(`S/store` by default; resumable: stored episodes are not run again) with the training run's settings:
its cloud adviser, edge output cap and `max_turns` step cap, so evaluation episodes have the shape of the
training rollouts. The edge samples at its evaluation temperature (`models.hf.DEFAULT_TEMPERATURE`),
not the training one.

Outputs `rq3b_completion.csv` (per training step and strategy: completion with its 95% interval,
episodes, errors, edge calls and cloud calls) and `rq3b_completion.png` (completion vs training step,
one line per strategy, the intervals as a shaded band).
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.models.registry import resolve_cloud, resolve_model
from ec2bench.report.leaderboard import leaderboard
from ec2bench.runner.config import SweepConfig
from ec2bench.runner.driver import Sweep
from ec2bench.study.common import ci_columns, write_csv, write_png
from ec2bench.tasks.loader import load_suite
from ec2bench.train.config import SPLIT_FILE, TrainConfig
from ec2bench.train.grpo import checkpoints
from ec2bench.train.rollout import capped
from ec2bench.train.split import Split

STRATEGIES = ("advisory", "edge_only")


def run_rq3b(trained: Path, out: Path, store: Path, repeats: int = 1, tasks: str | None = None) -> list[dict[str, Any]]:
    config = TrainConfig.load(trained)
    split = Split.from_json(json.loads((trained / SPLIT_FILE).read_text(encoding="utf-8")))
    patterns = [p.strip() for p in tasks.split(",")] if tasks else ["*"]
    chosen = [i for i in split.eval if any(fnmatch.fnmatch(i, p) for p in patterns)]
    suite = tuple(capped(t, config.max_turns) for t in load_suite(Path(config.suite) if config.suite else None)
                  if t.id in chosen)
    models = [(0, config.edge), *((step, f"hf/{path.resolve()}") for step, path in checkpoints(trained))]
    cloud = resolve_cloud(config.cloud)
    stored: tuple[EpisodeRow, ...] = ()
    for _, name in models:
        edge = replace(resolve_model(name), max_output_tokens=config.max_output_tokens)
        stored = Sweep(SweepConfig(out=store, tasks=suite, strategies=STRATEGIES, edge=edge, cloud=cloud,
                                   repeats=repeats, jobs=1)).run().stored
    rows = [r for r in stored if r.task_id in chosen]
    board = {(r["edge"], r["strategy"]): r for r in leaderboard(rows)}
    table = [{"step": step, "edge": name, "strategy": strategy, "completion": entry["completion"],
              **ci_columns("completion", entry["completion_ci"]),
              "episodes": entry["episodes"], "errors": entry["errors"], "tasks": entry["tasks"],
              "cloud_calls": entry["cloud_calls"], "max_turns": config.max_turns}
             for step, name in models for strategy in STRATEGIES if (entry := board.get((name, strategy)))]
    write_csv(out / "rq3b_completion.csv", table)
    write_png(out / "rq3b_completion.png", completion_figure(table, config))
    return table


def completion_figure(table: list[dict[str, Any]], config: TrainConfig) -> Any:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6.4, 4), layout="constrained")
    ax = fig.add_subplot(1, 1, 1)
    styles = {"advisory": ("#1f77b4", "-", 3, "advisory (edge asks the cloud)"),
              "edge_only": ("#999999", "--", 2, "edge only (control)")}  # the control dashed and below: equal curves both show
    for strategy in STRATEGIES:
        color, line, order, label = styles[strategy]
        points = [(r["step"], r["completion"]) for r in table if r["strategy"] == strategy and r["completion"] is not None]
        if points:
            ax.plot(*zip(*points, strict=False), marker="o", color=color, linestyle=line, zorder=order, label=label)
        band = [(r["step"], r["completion_ci_lo"], r["completion_ci_hi"]) for r in table
                if r["strategy"] == strategy and r["completion_ci_lo"] is not None]
        if band:
            steps, lows, highs = zip(*band, strict=True)
            ax.fill_between(steps, lows, highs, color=color, alpha=0.15, linewidth=0, zorder=order - 1)
    completions = [v for r in table for v in (r["completion"], r["completion_ci_hi"]) if v is not None]
    ax.set_ylim(0, min(100.0, max(10.0, 1.2 * max(completions, default=0.0))))  # completion is 0-100; never a ±0.04 axis
    ax.set_xlabel("GRPO training step")
    ax.set_ylabel("completion (0-100), eval split")
    ax.set_title(f"{config.edge} advised by {config.cloud}", fontsize=10)
    ax.grid(True, color="#e5e5e5")
    ax.legend(fontsize=8)
    return fig

"""`ec2bench train advice` and `ec2bench train export` (registered on the main CLI).

Importing this module imports no ML library: torch, transformers, TRL and datasets load only when
a command runs, so the core install's CLI works without the `[train]` extra.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Annotated

import typer

from ec2bench.cli.common import EXIT_INPUT, console, fail, load_tasks

train_app = typer.Typer(no_args_is_help=True, help="Train the edge model to use cloud advice (needs the \\[train] extra).")
TRAIN_MODULES = ("torch", "transformers", "trl", "peft", "datasets")


def require_train_extra() -> None:
    missing = [m for m in TRAIN_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        raise fail(f"training needs {', '.join(missing)}: pip install 'ec2bench[train]' (CPU: install torch's CPU build first)")


@train_app.command("advice")
def advice(
    out: Annotated[Path, typer.Option("--out", help="training folder: config, split, log, checkpoints (re-use it to resume)")],
    steps: Annotated[int, typer.Option("--steps", min=1, help="GRPO optimiser steps")],
    edge: Annotated[str, typer.Option("--edge", help="edge model to train: hf/<path, alias or checkpoint>")] = "hf/smollm2-135m",
    cloud: Annotated[str, typer.Option("--cloud", help="cloud adviser: any model string (sim/cloud offline)")] = "sim/cloud",
    tasks: Annotated[str | None, typer.Option("--tasks", help="training task id glob(s), comma-separated (default: the whole train split)")] = None,
    suite: Annotated[Path | None, typer.Option("--suite", help="suite folder (default: the built-in suite)")] = None,
    group_size: Annotated[int, typer.Option("--group-size", min=2, help="rollouts per task per step (GRPO's group)")] = 4,
    tasks_per_step: Annotated[int, typer.Option("--tasks-per-step", min=1, help="tasks (groups) per optimiser step")] = 2,
    lora_r: Annotated[int, typer.Option("--lora-r", min=1, help="LoRA rank")] = 16,
    lora_alpha: Annotated[int, typer.Option("--lora-alpha", min=1, help="LoRA alpha")] = 32,
    learning_rate: Annotated[float, typer.Option("--learning-rate", min=0, help="AdamW learning rate")] = 1e-4,
    checkpoint_every: Annotated[int, typer.Option("--checkpoint-every", min=1, help="save the LoRA adapter every N steps (and at the end)")] = 10,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    temperature: Annotated[float, typer.Option("--temperature", min=0, help="edge sampling temperature in rollouts")] = 1.0,
    max_output_tokens: Annotated[int, typer.Option("--max-output-tokens", min=1, help="edge tokens per turn")] = 256,
    max_turns: Annotated[int | None, typer.Option("--max-turns", min=1, help="cap every episode's steps (rollouts and rq3b evaluation); default: each task's own")] = None,
    cache: Annotated[Path | None, typer.Option("--cache", help="record/replay cache folder for the cloud adviser's answers")] = None,
) -> None:
    """GRPO with a LoRA adapter on the edge model, rollouts being real advisory episodes scored by the grader."""
    from ec2bench.core.errors import ConfigError
    from ec2bench.train.config import TrainConfig
    from ec2bench.train.split import is_eval

    require_train_extra()
    from ec2bench.train.grpo import train_advice

    chosen = load_tasks(suite, tasks)
    train_ids = tuple(t.id for t in chosen if not is_eval(t.id)) if tasks is None else tuple(t.id for t in chosen)
    config = TrainConfig(edge=edge, cloud=cloud, train_tasks=train_ids, steps=steps, group_size=group_size,
                         tasks_per_step=tasks_per_step, lora_r=lora_r, lora_alpha=lora_alpha, learning_rate=learning_rate,
                         checkpoint_every=checkpoint_every, seed=seed, temperature=temperature,
                         max_output_tokens=max_output_tokens, max_turns=max_turns, suite=str(suite) if suite else None)
    console.print(f"train advice: {edge} advised by {cloud} on {len(train_ids)} task(s), {steps} step(s) of "
                  f"{tasks_per_step} task(s) x {group_size} rollouts -> {out}", highlight=False)

    def report(record: dict) -> None:
        rewards = [r["reward"] for r in record["rollouts"]]
        console.print(f"step {record['step']}: reward mean {record['reward_mean']} {rewards}, "
                      f"step {record['step_s']:.1f} s (rollouts {record['rollout_s']:.1f} s), "
                      f"peak RSS {record['peak_rss_mb']:.0f} MB", highlight=False)

    try:
        saved = train_advice(out, config, report=report, cache=cache)
    except ConfigError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"{out}: {exc}", EXIT_INPUT) from None
    console.print("checkpoints: " + ", ".join(f"{step}: {path}" for step, path in saved), highlight=False)


@train_app.command("export")
def export(
    store: Annotated[Path, typer.Option("--store", help="results store with advisory episodes")],
    out: Annotated[Path, typer.Option("--out", help="folder for dataset/ (datasets.save_to_disk) and episodes.jsonl")],
    min_completion: Annotated[float, typer.Option("--min-completion", min=0, max=100, help="an episode counts as successful from this completion score")] = 100.0,
    include_eval: Annotated[bool, typer.Option("--include-eval", help="keep episodes of eval-split tasks (left out by default: study rq3b holds them out)")] = False,
) -> None:
    """Successful advisory episodes (request, advice, the actions that followed) as a datasets Dataset + JSONL."""
    from ec2bench.runner.store import StoreError

    require_train_extra()
    from ec2bench.train.export import export_advice

    try:
        records = export_advice(store, out, min_completion=min_completion, include_eval=include_eval)
    except StoreError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    console.print(f"exported {len(records)} advice-following episode(s) to {out / 'dataset'} and {out / 'episodes.jsonl'}",
                  highlight=False)
    if records:
        console.print(json.dumps(records[0], ensure_ascii=False)[:2000], highlight=False)

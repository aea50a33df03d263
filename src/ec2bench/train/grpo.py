"""`ec2bench train advice`: GRPO (TRL's GRPOTrainer) with a LoRA adapter (PEFT) on the edge model.

GRPOTrainer generates single-turn completions itself, but an advisory episode is many turns with
tool results and cloud advice in between, decided by the workspace and the boundary. TRL's
`rollout_func` hook hands generation to us: for each prompt (a training task, repeated
`group_size` times by TRL's sampler) we run a real episode (`rollout.run_rollout`) and return the
episode's edge turns as one sequence with an `env_mask` (TRL's mask for tokens the model did not
generate). Everything else is TRL's GRPO: rewards per group normalised into advantages, the
clipped policy loss over the masked tokens, the optimiser, checkpoints and resumption.

The output folder T holds `train_config.json`, `split.json`, `train_log.jsonl` (one line per
step: the rollouts' rewards, step time, memory) and `checkpoint-<step>/` folders (TRL/transformers
checkpoints: the LoRA adapter, optimiser and RNG state, plus `models.hf.EDGE_BASE_FILE`, so each
is also a model string `hf/T/checkpoint-<step>`). Running the same command again resumes from the
last checkpoint.
"""

from __future__ import annotations

import json
import resource
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ec2bench.agent.loop import initial_messages
from ec2bench.core.errors import ConfigError
from ec2bench.models.hf import EDGE_BASE_FILE, fresh_model, resolve_hf
from ec2bench.models.registry import resolve_cloud, resolve_model
from ec2bench.tasks.loader import Task, load_suite
from ec2bench.train.config import LOG_FILE, SPLIT_FILE, TrainConfig
from ec2bench.train.rollout import PARTS, Rollout, run_rollout
from ec2bench.train.split import Split

CHECKPOINT_PREFIX = "checkpoint-"
REPEATS_PER_SEED = 1_000_000


def checkpoints(out: Path) -> list[tuple[int, Path]]:
    """(step, folder) of the saved checkpoints in a training folder, by step."""
    found = [(int(p.name[len(CHECKPOINT_PREFIX):]), p) for p in out.glob(f"{CHECKPOINT_PREFIX}*")
             if p.name[len(CHECKPOINT_PREFIX):].isdigit() and (p / EDGE_BASE_FILE).is_file()]
    return sorted(found)


def rollout_repeat(config: TrainConfig, step: int, index: int) -> int:
    """The episode repeat (hence the episode seed) of the `index`-th rollout of a step: distinct for every
    rollout of a run, the same when a run is resumed, and set by the run's seed. TRL's sampler puts each
    task's group of rollouts side by side, so a task's rollouts at a step are repeats seed·10⁶ + step·G + j."""
    return config.seed * REPEATS_PER_SEED + step * config.group_size + index % config.group_size


def prepare_run(out: Path, config: TrainConfig) -> tuple[list[Task], Split]:
    """Check the config against the suite's split and any saved run; save config and split."""
    suite = load_suite(Path(config.suite) if config.suite else None)
    split = Split.of([t.id for t in suite])
    on_eval = [t for t in config.train_tasks if t not in split.train]
    if on_eval:
        raise ConfigError(f"tasks {', '.join(on_eval)} are not on the training side of the split "
                          f"(eval split: {', '.join(split.eval)}); the eval split is never trained on")
    if not config.train_tasks or config.tasks_per_step > len(config.train_tasks):
        raise ConfigError(f"{len(config.train_tasks)} training task(s) cannot fill --tasks-per-step {config.tasks_per_step}")
    if (out / "train_config.json").is_file():
        saved = TrainConfig.load(out)
        changed = saved.differences(config)
        if changed:
            raise ConfigError(f"{out} holds a run with other settings ({', '.join(changed)}); use another --out")
    config.save(out)
    (out / SPLIT_FILE).write_text(json.dumps(split.to_json(), indent=2) + "\n", encoding="utf-8")
    by_id = {t.id: t for t in suite}
    return [by_id[i] for i in config.train_tasks], split


def train_advice(out: Path, config: TrainConfig, *, report: Callable[[dict[str, Any]], None],
                 cache: Path | None = None) -> list[tuple[int, Path]]:
    """Run (or resume) GRPO; `report` gets each step's log record. Returns the checkpoints.

    `cache`: a record/replay cache folder for the cloud adviser's answers (`--cache`), so a re-run pays
    only for advice it has not been given before."""
    import torch
    from peft import LoraConfig
    from transformers import TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    tasks, _ = prepare_run(out, config)
    edge = resolve_model(config.edge)
    if edge.provider != "hf":
        raise ConfigError(f"--edge {config.edge!r}: training needs an in-process hf/... model")
    edge = replace(edge, temperature=config.temperature, max_output_tokens=config.max_output_tokens)
    cloud = resolve_cloud(config.cloud)
    if cache is not None:
        cloud = replace(cloud, cache_dir=cache, cache_scope="cloud")
    ref = resolve_hf(edge.model_id)
    model, tokenizer = fresh_model(ref)
    tokenizer.padding_side = "left"
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    by_prompt = {initial_messages(t)[-1]["content"]: t for t in tasks}
    pending: dict[str, Any] = {}

    def rollout_func(prompts: list[list[dict[str, str]]], trainer: Any) -> dict[str, list[Any]]:
        start = time.perf_counter()
        policy = trainer.model
        rollouts = [run_rollout(by_prompt[p[-1]["content"]], rollout_repeat(config, trainer.state.global_step, i),
                                edge, cloud, ref, policy, tokenizer, config)
                    for i, p in enumerate(prompts)]
        pending.update(rollouts=rollouts, rollout_s=time.perf_counter() - start)
        return {
            "prompt_ids": [r.sequence.prompt_ids for r in rollouts],
            "completion_ids": [r.sequence.completion_ids for r in rollouts],
            "logprobs": [r.sequence.logprobs for r in rollouts],
            "env_mask": [r.sequence.env_mask for r in rollouts],
            **{f"{part}_reward": [r.rewards[part] for r in rollouts] for part in PARTS},
        }

    class StepLog(TrainerCallback):
        """One `train_log.jsonl` line per optimiser step; the last step is always checkpointed."""

        def on_step_begin(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            pending["step_start"] = time.perf_counter()

        def on_step_end(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            record = step_record(state.global_step, pending.pop("rollouts"), pending.pop("rollout_s"),
                                 time.perf_counter() - pending.pop("step_start"))
            with (out / LOG_FILE).open("a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            report(record)
            if state.global_step >= state.max_steps:
                control.should_save = True

        def on_save(self, args: Any, state: Any, control: Any, **kw: Any) -> None:
            folder = out / f"{CHECKPOINT_PREFIX}{state.global_step}"
            (folder / EDGE_BASE_FILE).write_text(json.dumps({"base": edge.model_id}) + "\n", encoding="utf-8")

    args = GRPOConfig(
        output_dir=str(out), max_steps=config.steps, seed=config.seed, learning_rate=config.learning_rate,
        per_device_train_batch_size=config.group_size, gradient_accumulation_steps=config.tasks_per_step,
        num_generations=config.group_size, beta=0.0, logging_steps=1, save_strategy="steps",
        save_steps=config.checkpoint_every, report_to="none", use_cpu=not torch.cuda.is_available(), bf16=False,
        disable_tqdm=True,
    )
    reward_funcs: list[Any] = [task_score, tool_format, advice_followed, overlong]  # one logged column each
    trainer = GRPOTrainer(
        model=model, reward_funcs=reward_funcs, args=args, processing_class=tokenizer,
        train_dataset=_dataset(tasks), rollout_func=rollout_func, callbacks=[StepLog()],
        peft_config=LoraConfig(r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=0.0,
                               target_modules="all-linear", task_type="CAUSAL_LM"),
    )
    trainer.train(resume_from_checkpoint=bool(checkpoints(out)) or None)
    return checkpoints(out)


def _dataset(tasks: list[Task]) -> Any:
    from datasets import Dataset

    return Dataset.from_list([{"prompt": initial_messages(t), "task_id": t.id} for t in tasks])


def step_record(step: int, rollouts: list[Rollout], rollout_s: float, step_s: float) -> dict[str, Any]:
    """What the log keeps of one step: every rollout's rewards and outcome, time and memory."""
    totals = [None if r.rewards["task"] is None else sum(v for v in r.rewards.values() if v is not None) for r in rollouts]
    scored = [t for t in totals if t is not None]
    return {
        "step": step,
        "reward_mean": round(sum(scored) / len(scored), 4) if scored else None,
        "rollouts": [{"task_id": r.task_id, "repeat": r.repeat, "status": r.result.row.status,
                      "completion": r.result.row.completion, "reward": total, **r.rewards,
                      "edge_steps": r.result.row.edge_steps, "cloud_calls": r.result.row.cloud_calls,
                      "trained_tokens": sum(r.sequence.env_mask), "turns_left_out": r.sequence.turns_left_out}
                     for r, total in zip(rollouts, totals, strict=False)],
        "rollout_s": round(rollout_s, 2),
        "step_s": round(step_s, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


# Reward functions: TRL calls each with the rollout's extra fields; their names label the log.

def task_score(completions: list[Any], task_reward: list[float | None], **_: Any) -> list[float | None]:
    return task_reward


def tool_format(completions: list[Any], format_reward: list[float | None], **_: Any) -> list[float | None]:
    return format_reward


def advice_followed(completions: list[Any], advice_reward: list[float | None], **_: Any) -> list[float | None]:
    return advice_reward


def overlong(completions: list[Any], length_reward: list[float | None], **_: Any) -> list[float | None]:
    return length_reward

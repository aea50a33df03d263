"""Training plumbing that needs no model: the split, episode sequences, rewards from real graded
episodes (simulated models), the saved config, the export, and that the CLI imports no torch."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.models.hf import GeneratedTurn
from ec2bench.models.registry import resolve_cloud, resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.tasks.loader import load_suite
from ec2bench.train.config import TrainConfig
from ec2bench.train.rollout import capped, join_turns, overlong, rewards
from ec2bench.train.split import Split, is_eval

runner = CliRunner()
KICKOFF = "office-kickoff-scheduling"


def test_split_of_the_built_in_suite_holds_out_a_quarter_by_id() -> None:
    ids = [t.id for t in load_suite(None)]
    split = Split.of(ids)
    assert {"automation-invoice-intake", "data_analysis-east-q3-sales", "search-customer-briefing"} <= set(split.eval)
    assert len(split.train) + len(split.eval) == len(ids) and not set(split.train) & set(split.eval)
    assert 0.15 < len(split.eval) / len(ids) < 0.35
    assert Split.of([*split.train[:2], *split.eval]) == Split(split.train[:2], split.eval)  # other tasks never move one
    assert Split.from_json(json.loads(json.dumps(split.to_json()))) == split
    assert is_eval("search-customer-briefing") and not is_eval(KICKOFF)


def test_join_turns_masks_what_the_environment_added_and_leaves_out_turns_that_do_not_extend() -> None:
    turns = [
        GeneratedTurn([1, 2, 3], [10, 11], [-0.1, -0.2]),
        GeneratedTurn([1, 2, 3, 10, 11, 7, 8], [12], [-0.3]),  # tool result tokens 7, 8
        GeneratedTurn([1, 2, 9], [13], [-0.4]),  # a summary call: not an extension
        GeneratedTurn([1, 2, 3, 10, 11, 7, 8, 12, 6], [14, 15], [-0.5, -0.6]),
    ]
    seq = join_turns(turns)
    assert seq.prompt_ids == [1, 2, 3]
    assert seq.completion_ids == [10, 11, 7, 8, 12, 6, 14, 15]
    assert seq.env_mask == [1, 1, 0, 0, 1, 0, 1, 1]
    assert seq.logprobs == [-0.1, -0.2, 0.0, 0.0, -0.3, 0.0, -0.5, -0.6]
    assert seq.turns_left_out == 1


def _config(**changes: object) -> TrainConfig:
    return replace(TrainConfig(edge="hf/smollm2-135m", cloud="sim/cloud", train_tasks=(KICKOFF,), steps=2), **changes)


def _episode(repeat: int, strategy: str = "advisory"):
    task = next(t for t in load_suite(None) if t.id == KICKOFF)
    edge, cloud = resolve_model("sim/edge-2b"), resolve_cloud("sim/cloud")
    return run_episode(task, EpisodeSpec(task.id, strategy, edge.name, cloud.name, repeat), edge, cloud)


def test_rewards_come_from_the_graded_episode_plus_documented_shaping() -> None:
    done = _episode(4)  # sim/edge-2b: 12 replies: 10 well-formed calls, one malformed attempt (half credit), a final answer
    assert done.row.completion == 100.0 and done.row.cloud_calls == 1
    parts = rewards(done, _config())  # one of 12 replies has 154 tokens, above half the cap of 256
    assert parts == {"task": 1.0, "format": pytest.approx(0.1 * 10.5 / 12), "advice": pytest.approx(0.1),
                     "length": pytest.approx(-0.1 * (154 - 128) / 128 / 12)}
    assert rewards(done, _config(format_bonus=0.0, advice_bonus=0.0, overlong_penalty=0.0)) == {
        "task": 1.0, "format": 0.0, "advice": 0.0, "length": 0.0}
    failed = _episode(5)  # 10 turns with calls, one of them malformed (half credit), then an answer that fails
    assert failed.row.completion == 0.0
    assert rewards(failed, _config()) == {"task": 0.0, "format": pytest.approx(0.1 * 9.5 / 11), "advice": pytest.approx(0.1),
                                          "length": pytest.approx(-0.1 * (154 - 128) / 128 / 11)}


def test_errored_episodes_have_no_reward() -> None:
    done = _episode(4)
    errored = replace(done, row=replace(done.row, status="error", completion=None))
    assert rewards(errored, _config()) == {"task": None, "format": None, "advice": None, "length": None}


def test_overlong_is_graded_from_half_the_cap_to_the_cap() -> None:
    events = [{"type": "model_call", "role": "edge", "usage": {"output_tokens": n}} for n in (10, 32, 48, 64)]
    events.append({"type": "model_call", "role": "cloud", "usage": {"output_tokens": 64}})  # the adviser is not judged
    assert overlong(events, 64) == pytest.approx((0 + 0 + 0.5 + 1) / 4)
    assert overlong([], 64) == 0.0


def test_capped_lowers_the_step_limit_only() -> None:
    task = next(t for t in load_suite(None) if t.id == KICKOFF)
    assert capped(task, 2).spec.max_steps == 2 and capped(task, 2).spec.prompt == task.spec.prompt
    assert capped(task, None) is task and capped(task, 500) is task


def test_config_round_trips_and_reports_what_changed(tmp_path: Path) -> None:
    config = _config(max_turns=3)
    config.save(tmp_path)
    assert TrainConfig.load(tmp_path) == config
    assert config.differences(replace(config, steps=9)) == []  # a run may be extended
    assert config.differences(replace(config, lora_r=4, seed=1)) == ["lora_r", "seed"]


def test_train_advice_refuses_eval_split_tasks_before_loading_anything(tmp_path: Path) -> None:
    pytest.importorskip("trl")
    result = runner.invoke(app, ["train", "advice", "--out", str(tmp_path / "t"), "--steps", "1",
                                 "--tasks", "search-customer-briefing,office-kickoff-scheduling", "--tasks-per-step", "1"])
    assert result.exit_code == 2
    assert "search-customer-briefing are not on the training side" in result.output
    assert not (tmp_path / "t" / "train_config.json").exists()


def test_export_writes_successful_advice_following_episodes(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    store, out = tmp_path / "store", tmp_path / "export"
    ran = runner.invoke(app, ["run", "--out", str(store), "--strategies", "advisory,edge_only", "--edge", "sim/edge-2b",
                              "--tasks", KICKOFF, "--repeats", "6", "--jobs", "1"])
    assert ran.exit_code == 0, ran.output
    result = runner.invoke(app, ["train", "export", "--store", str(store), "--out", str(out)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in (out / "episodes.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["key"] for r in lines] == [f"{KICKOFF}|advisory|sim/edge-2b|sim/cloud|4"]  # the only advisory 100
    record = lines[0]
    assert record["request"] == next(t for t in load_suite(None) if t.id == KICKOFF).spec.prompt
    assert len(record["advice"]) == 1 and record["advice"][0]["advice"].startswith("1. calendar_list")
    assert record["advice"][0]["question"]
    assert record["actions"] and all(a["step"] > record["advice"][0]["step"] for a in record["actions"])
    from datasets import load_from_disk

    dataset = load_from_disk(str(out / "dataset"))
    assert dataset.num_rows == 1 and dataset[0]["key"] == record["key"]
    assert json.loads(dataset[0]["actions"][0]["arguments"]) == record["actions"][0]["arguments"]
    assert record["split"] == "train"


def test_export_leaves_out_eval_split_tasks_unless_asked(tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    store = tmp_path / "store"
    ran = runner.invoke(app, ["run", "--out", str(store), "--strategies", "advisory", "--tasks", "office-downloads-folder-tidy",
                              "--repeats", "4", "--jobs", "1"])
    assert ran.exit_code == 0, ran.output
    default = runner.invoke(app, ["train", "export", "--store", str(store), "--out", str(tmp_path / "a")])
    assert default.exit_code == 0 and "exported 0 advice-following episode(s)" in default.output
    kept = runner.invoke(app, ["train", "export", "--store", str(store), "--out", str(tmp_path / "b"), "--include-eval"])
    lines = [json.loads(x) for x in (tmp_path / "b" / "episodes.jsonl").read_text(encoding="utf-8").splitlines()]
    assert kept.exit_code == 0 and lines and {r["split"] for r in lines} == {"eval"}


def test_the_cli_imports_no_ml_library() -> None:
    code = ("import sys, ec2bench.cli, ec2bench.cli.train, ec2bench.models.registry; "
            "print(sorted(m for m in ('torch', 'transformers', 'trl', 'peft', 'datasets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

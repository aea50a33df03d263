"""ec2bench and Inspect (`ec2bench.interop.inspect`, the [inspect] extra): the suite run by Inspect's eval with its
mock model, and stored episodes exported as Inspect logs and read back with Inspect's own reader.

Offline: the mock model is given its replies (its default reply counts tokens with a tokenizer it downloads)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.log import list_eval_logs, read_eval_log  # noqa: E402
from inspect_ai.model import ChatMessageTool, Model, ModelOutput, ModelUsage, get_model  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

import ec2bench  # noqa: E402
from ec2bench.cli import app  # noqa: E402
from ec2bench.core.errors import ConfigError  # noqa: E402
from ec2bench.interop.inspect.tasks import suite  # noqa: E402
from ec2bench.report.stores import merge_stores, read_trace  # noqa: E402

pytestmark = pytest.mark.inspect

TASKS = "automation-advisory-triage,automation-invoice-intake,automation-oncall-swap"
ROOT = Path(__file__).resolve().parents[1]


def usage(out: ModelOutput) -> ModelOutput:
    out.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return out


def edge_reply(messages: list[Any], tools: list[Any], tool_choice: Any, config: Any) -> ModelOutput:
    """Asks the cloud once (advisory's `ask_cloud`), then calls a workspace tool, then answers."""
    tool_results = [m for m in messages if isinstance(m, ChatMessageTool)]
    names = [t.name for t in tools]
    if not tool_results and "ask_cloud" in names:
        return usage(ModelOutput.for_tool_call("mockllm/model", "ask_cloud", {"question": "What should I do first?"}))
    if len(tool_results) == 1:
        tool = next(t for t in tools if t.name != "ask_cloud" and not t.parameters.required)
        return usage(ModelOutput.for_tool_call("mockllm/model", tool.name, {}))
    return usage(ModelOutput.from_content("mockllm/model", "Done."))


def cloud_reply(messages: list[Any], tools: list[Any], tool_choice: Any, config: Any) -> ModelOutput:
    return usage(ModelOutput.from_content("mockllm/model", "1. look around first"))


def mock(reply: Any) -> Model:
    return get_model("mockllm/model", custom_outputs=reply, memoize=False)


def test_inspect_eval_runs_three_tasks_with_both_roles(tmp_path: Path) -> None:
    """Each task is a sample run by ec2bench's engine: the edge is the eval's model, the cloud the `cloud` role;
    the sample holds the episode's conversation and ec2bench's two scores, and the log their mean and stderr."""
    [log] = inspect_eval(suite(tasks=TASKS, strategy="advisory", cloud_price="2,0.5,10"), model=mock(edge_reply),
                         model_roles={"cloud": mock(cloud_reply)}, log_dir=str(tmp_path), display="none")
    assert log.status == "success"
    assert log.samples is not None and sorted(s.id for s in log.samples) == TASKS.split(",")
    metrics = {s.name: set(s.metrics) for s in log.results.scores}  # type: ignore[union-attr]
    assert metrics == {name: {"mean", "stderr"} for name in ("completion", "passed", "privacy", "exposure")}
    for sample in log.samples:
        assert sample.metadata["category"] == "automation" and sample.metadata["apps"]
        scores = sample.scores or {}
        completion, privacy = scores["completion"].value, scores["privacy"].value
        assert isinstance(completion, dict) and isinstance(privacy, dict)
        assert 0 <= completion["completion"] <= 100 and completion["passed"] == float(completion["completion"] >= 70)
        assert privacy["privacy"] == pytest.approx(100 * (1 - privacy["exposure"]))
        measured = scores["privacy"].metadata or {}
        assert measured["cloud_calls"] == 1 and measured["cloud_usd"] > 0  # the cloud role advised once, priced
        roles = [m.role for m in sample.messages]
        assert roles == ["system", "user", "assistant", "tool", "assistant", "tool", "assistant"]
        advice = sample.messages[3]
        assert advice.text.startswith("Advice from the cloud assistant:") and "look around first" in advice.text
        assert {(m.metadata or {}).get("actor") for m in sample.messages if m.role == "assistant"} == {"edge"}
        assert sample.messages[-1].text == "Done." == sample.output.completion
        assert sample.role_usage["cloud"].input_tokens == 100  # Inspect made and counted the cloud call itself
        assert [e for e in sample.events if e.event == "model"]


def test_an_episode_error_is_a_sample_error_never_a_score(tmp_path: Path) -> None:
    def broken(*_: Any) -> ModelOutput:
        raise RuntimeError("the model is down")

    [log] = inspect_eval(suite(tasks="automation-oncall-swap"), model=mock(broken), log_dir=str(tmp_path),
                         display="none", fail_on_error=False, retry_on_error=0)
    [sample] = log.samples or []
    assert sample.error is not None and "ec2bench episode automation-oncall-swap" in sample.error.message
    assert "the model is down" in sample.error.message
    assert not sample.scores


@pytest.mark.parametrize("spec", ["edge_only", "cloud_only", "step_routing:threshold=0.5",
                                  "query_routing:router=random", "random_advisory:calls=1:horizon=5"])
def test_strategies_that_need_no_preparation_are_accepted(spec: str) -> None:
    assert suite(tasks="automation-oncall-swap", strategy=spec).metadata["strategy"]


@pytest.mark.parametrize("spec", ["step_routing", "query_routing", "random_advisory", "agent:x"])
def test_strategies_a_sweep_prepares_are_refused(spec: str) -> None:
    with pytest.raises(ConfigError, match="ec2bench run"):
        suite(tasks="automation-oncall-swap", strategy=spec)


def test_the_task_is_registered_for_inspect() -> None:
    """`inspect eval ec2bench/suite` resolves through the `inspect_ai` entry point, which names the registry module."""
    from inspect_ai._util.registry import registry_lookup

    entry = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["inspect_ai"]["ec2bench"]
    __import__(entry)
    assert registry_lookup("task", "ec2bench/suite") is not None
    assert registry_lookup("scorer", "ec2bench/completion") is not None


def test_stored_episodes_export_as_inspect_logs(tmp_path: Path) -> None:
    """Round trip: a store's episodes, written as .eval logs by `report --format inspect`, read back by Inspect
    with the store's episode count per strategy, its scores, model usage and one message per turn and tool call."""
    store = tmp_path / "store"
    ec2bench.run(out=store, strategies=["edge_only", "advisory"], tasks=TASKS, repeats=1, jobs=2)
    result = CliRunner().invoke(app, ["report", str(store), "--format", "inspect", "-o", str(tmp_path / "logs")])
    assert result.exit_code == 0, result.output
    rows = {r.key: r for r in merge_stores([store]).rows}
    logs = [read_eval_log(info.name) for info in list_eval_logs(str(tmp_path / "logs"))]
    assert sorted(log.eval.task_args["strategy"] for log in logs) == ["advisory", "edge_only"]
    for log in logs:
        strategy = log.eval.task_args["strategy"]
        mine = {r.task_id: r for r in rows.values() if r.strategy == strategy}
        assert log.samples is not None and len(log.samples) == len(mine) == 3
        assert {k: v.model for k, v in (log.eval.model_roles or {}).items()} == {"edge": "sim/edge-9b", "cloud": "sim/cloud"}
        means = {s.name: s.metrics["mean"].value for s in log.results.scores}  # type: ignore[union-attr]
        assert means["privacy"] == pytest.approx(sum(r.privacy for r in mine.values()) / 3)
        assert means["completion"] == pytest.approx(sum(r.completion or 0 for r in mine.values()) / 3)
        for sample in log.samples:
            row = mine[str(sample.id)]
            assert sample.scores is not None
            assert sample.scores["completion"].value == {"completion": row.completion, "passed": float((row.completion or 0) >= 70)}
            assert sample.scores["privacy"].value == {"privacy": row.privacy, "exposure": row.exposure}
            steps = [e for e in read_trace(store, row.key) or [] if e["type"] == "step"]
            calls = sum(len(e["message"].get("tool_calls") or []) for e in steps)
            assert len(sample.messages) == 2 + len(steps) + calls
            assert sample.role_usage["edge"].output_tokens == row.edge_output_tokens
            assert sample.role_usage["cloud"].input_tokens == row.cloud_input_tokens
            assert json.loads((sample.scores["privacy"].metadata or {})["units"]) == json.loads(row.units)


def test_the_inspect_format_needs_a_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(tmp_path), "--format", "inspect"])
    assert result.exit_code == 2 and "-o DIR" in result.output

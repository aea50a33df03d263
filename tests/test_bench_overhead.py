"""The overhead benchmark measures what it says: a free model, the fixed 10-call notes shape."""

from __future__ import annotations

from ec2bench.bench.overhead import fixed_shape_task, measure
from ec2bench.models.registry import resolve_model
from ec2bench.runner.episode import EpisodeSpec, run_episode


def test_fixed_shape_is_ten_tool_calls_and_an_answer():
    task = fixed_shape_task()
    model = resolve_model("replay/reference")
    result = run_episode(task, EpisodeSpec(task.id, "edge_only", model.name, model.name, 0), model, model)
    assert result.row.tool_calls == 10 and result.row.steps == 11
    assert result.row.completion == 100.0 and result.row.stop == "answer"


def test_measure_reports_every_figure():
    result = measure([fixed_shape_task()], rounds=5, workload="notes")
    assert result.episodes == 5
    assert result.setup_ms > 0 and result.turn_ms > 0 and result.episode_ms >= result.turn_ms
    assert result.episodes_per_s > 0

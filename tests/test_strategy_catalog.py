"""`ec2bench strategies list|show` describe every strategy from its Params class."""

from __future__ import annotations

from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.strategies import STRATEGIES
from ec2bench.strategies.catalog import catalog, describe, type_name

runner = CliRunner()


def test_every_registered_strategy_is_described_with_documented_parameters() -> None:
    docs = catalog()
    assert [d.name for d in docs] == sorted(STRATEGIES)
    for d in docs:
        assert d.summary and d.doc, d.name
        params = STRATEGIES[d.name].Params
        assert [p.name for p in d.params] == [f for f in params.model_fields if f not in params.internal], d.name
        assert all(p.doc for p in d.params), (d.name, [p.name for p in d.params if not p.doc])


def test_types_defaults_and_docs_of_advisory() -> None:
    params = {p.name: p for p in describe("advisory").params}
    assert (params["context"].type, params["context"].default) == ("full | question | summary", "full")
    assert (params["truncate"].type, params["truncate"].default) == ("int", "500")
    assert params["guard"].type == "none | pseudonymize" and "[privacy] extra" in params["guard"].doc
    routing = {p.name: p for p in describe("step_routing").params}
    assert (routing["threshold"].type, routing["threshold"].default) == ("float | none", "none")


def test_type_names() -> None:
    assert type_name(int | None) == "int | none" and type_name(str) == "str"


def test_cli_list_and_show() -> None:
    listed = runner.invoke(app, ["strategies", "list"], env={"COLUMNS": "250"})
    assert listed.exit_code == 0
    for name in STRATEGIES:
        assert name in listed.output
    assert "context=full, truncate=500, max_calls=10" in listed.output
    shown = runner.invoke(app, ["strategies", "show", "delegation"], env={"COLUMNS": "250"})
    assert shown.exit_code == 0 and "max_cloud_steps" in shown.output and "delegate_to_cloud" in shown.output
    unknown = runner.invoke(app, ["strategies", "show", "nope"])
    assert unknown.exit_code == 2 and "known strategies: advisory" in unknown.output


def test_defaults_are_the_applied_ones_and_internal_parameters_are_hidden() -> None:
    from ec2bench.strategies.base import Strategy
    from ec2bench.strategies.query_routing import QueryRouting
    from ec2bench.strategies.step_routing import StepRouting

    step = {p.name: p.default for p in describe("step_routing").params}
    query = {p.name: p.default for p in describe("query_routing").params}
    assert step["target"] == f"{StepRouting.default_target:g}" == f"{Strategy.default_target:g}" == "0.3"
    assert query["target"] == f"{QueryRouting.default_target:g}" == "0.5"
    assert "score" in STRATEGIES["query_routing"].Params.model_fields and "score" not in query
    from ec2bench.strategies.base import target_share

    assert target_share("step_routing") == 0.3 and target_share("query_routing") == 0.5  # what the code applies
    summaries = {d.name: d.summary for d in catalog()}
    assert summaries["random_advisory"].startswith("the edge gets cloud advice as often as the matching advisory")
    assert summaries["random_delegation"].startswith("the edge hands over to the cloud as often")
    assert summaries["sketch"].startswith("one cloud call sees only the task prompt")
    assert all("`" + name + "`" not in s and "(controls" not in s for name, s in summaries.items())
    listed = runner.invoke(app, ["strategies", "list"], env={"COLUMNS": "250"})
    assert "score=" not in listed.output and "target=0.3" in listed.output and "target=0.5" in listed.output

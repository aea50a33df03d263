"""Bad input gets a clear error that says what is wrong and what would be valid."""

from __future__ import annotations

import shutil

from typer.testing import CliRunner

from ec2bench.cli import app

runner = CliRunner()


def run_cli(*args: str):
    return runner.invoke(app, list(args))


def test_unknown_strategy_lists_the_known_ones(mini_suite, tmp_path):
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--strategies", "edge_only,telepathy")
    assert result.exit_code == 2
    assert "unknown strategy 'telepathy'" in result.output and "advisory, cloud_only, delegation, edge_only" in result.output
    assert not (tmp_path / "r").exists()


def test_unknown_strategy_parameter_is_refused(mini_suite, tmp_path):
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--strategies", "edge_only:x=1")
    assert result.exit_code == 2 and "edge_only" in result.output and "parameters it accepts: guard" in result.output


def test_unknown_models_name_the_valid_ones(mini_suite, tmp_path):
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--edge", "sim/edge-1t")
    assert result.exit_code == 2 and "sim/edge-2b" in result.output and "sim/cloud" in result.output
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--cloud", "acme/big")
    assert result.exit_code == 2 and "unknown model provider 'acme'" in result.output and "openai" in result.output


def test_missing_api_key_names_the_variable(mini_suite, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--cloud", "openai/gpt-4o",
                     "--cloud-price", "2.5,1.25,10")
    assert result.exit_code == 2 and "OPENAI_API_KEY" in result.output


def test_cloud_model_without_a_price_refuses_to_start(mini_suite, tmp_path):
    result = run_cli("run", "--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--cloud", "openai/local",
                     "--cloud-base-url", "http://127.0.0.1:9/v1")
    assert result.exit_code == 2 and "--cloud-price" in result.output


def _broken_copy(mini_suite, tmp_path, old: str, new: str):
    suite = tmp_path / "suite"
    shutil.copytree(mini_suite, suite)
    spec = suite / "demo-contacts" / "task.yaml"
    text = spec.read_text()
    assert old in text
    spec.write_text(text.replace(old, new))
    return suite, spec


def test_invalid_task_yaml_names_file_field_and_reason(mini_suite, tmp_path):
    suite, spec = _broken_copy(mini_suite, tmp_path, "category: office", "category: gardening")
    result = run_cli("tasks", "list", "--suite", str(suite))
    assert result.exit_code == 3
    text = " ".join(result.output.split())
    assert f"{spec}: category:" in text.replace("\n", "") and "office" in text


def test_unknown_check_kind_is_reported_with_its_index(mini_suite, tmp_path):
    suite, spec = _broken_copy(mini_suite, tmp_path, "kind: record_absent", "kind: record_missing")
    result = run_cli("tasks", "validate", "--suite", str(suite))
    assert result.exit_code == 3
    assert "checks.1: unknown check kind 'record_missing'" in " ".join(result.output.split())


def test_validate_fails_a_task_whose_reference_does_not_score_100(mini_suite, tmp_path):
    suite, _ = _broken_copy(mini_suite, tmp_path, 'body: "Li Wei: 139-1234-5678"', 'body: "Li Wei: ask him"')
    result = run_cli("tasks", "validate", "--suite", str(suite))
    assert result.exit_code == 1
    assert "reference scores 10.0, not 100" in " ".join(result.output.split())


def test_report_on_a_folder_that_is_not_a_store(tmp_path):
    result = run_cli("report", str(tmp_path))
    assert result.exit_code == 3 and "is not a results store" in " ".join(result.output.split())

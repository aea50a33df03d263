"""The suite and results as Hugging Face datasets (ec2bench.dataset, docs/datasets.md).

The round trip is the contract: the built-in suite exported and imported again gives tasks with the
same content hashes, which load and run; the card's figures are the suite's; a malformed dataset is
refused with a message naming the row and the field, and leaves no folder behind.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.dataset import DatasetError, import_suite
from ec2bench.dataset.hub import DATA_FILE
from ec2bench.spec.content import task_files
from ec2bench.tasks.loader import Task, load_suite

datasets = pytest.importorskip("datasets", reason="needs the [hf] extra")
runner = CliRunner()


@pytest.fixture(scope="module")
def builtin() -> list[Task]:
    return load_suite()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory, builtin: list[Task]) -> Path:
    out = tmp_path_factory.mktemp("hf") / "suite"
    result = runner.invoke(app, ["tasks", "export", "--format", "hf", str(out)])
    assert result.exit_code == 0, result.output
    assert f"exported {len(builtin)} task(s)" in result.output
    return out


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory, exported: Path) -> Path:
    out = tmp_path_factory.mktemp("hf") / "imported"
    result = runner.invoke(app, ["tasks", "import", str(exported), str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def table(exported: Path):
    """The export as `datasets.load_dataset` reads it (with a cache of its own, not the user's)."""
    return datasets.load_dataset(str(exported), split="test", cache_dir=str(exported.parent / "cache"))


def _card(folder: Path) -> tuple[dict, str]:
    _, header, body = (folder / "README.md").read_text(encoding="utf-8").split("---\n", 2)
    return yaml.safe_load(header), body


def test_the_export_is_what_load_dataset_reads(table, builtin: list[Task]) -> None:
    assert table.num_rows == len(builtin) == 128
    row = {r["id"]: r for r in table}["office-expense-claim-zh"]
    task = next(t for t in builtin if t.id == "office-expense-claim-zh")
    assert row["content_hash"] == task.content_hash
    assert row["definition"] == (task.path / "task.yaml").read_text(encoding="utf-8")
    assert row["checks"][0] == {"name": "claim_rows", "kind": "table_file", "weight": 0.25, "harm": False, "cap": None}
    assert {u["id"] for u in row["units"]} == {u.id for u in task.spec.sensitive}
    files = {f["path"]: f["content"] for f in row["files"]}
    on_disk = {p.relative_to(task.path).as_posix(): p.read_bytes() for p in task_files(task.path)}
    assert files == {path: content for path, content in on_disk.items() if path != "task.yaml"}  # task.yaml is `definition`
    assert "checks.py" in files and "fixtures/files/receipts/shenzhen/酒店账单.txt" in files


def test_the_card_is_computed_from_the_suite(exported: Path, builtin: list[Task]) -> None:
    meta, body = _card(exported)
    assert meta["language"] == ["zh", "en"] and meta["license"] == "apache-2.0" and meta["size_categories"] == ["n<1K"]
    assert meta["configs"][0]["data_files"] == [{"split": "test", "path": DATA_FILE}]
    assert "128 executable agent tasks" in body
    by_category = Counter(t.spec.category for t in builtin)
    for category, count in by_category.items():
        assert re.search(rf"^\| {category} \| \d+ \| \d+ \| {count} \|$", body, re.M), category
    en, zh = (sum(t.spec.language == lang for t in builtin) for lang in ("en", "zh"))
    assert f"| all | {en} | {zh} | 128 |" in body
    units = Counter(u.category for t in builtin for u in t.spec.sensitive)
    assert f"({sum(units.values())} in all)" in body
    for category, count in units.items():
        assert f"| {category} | {count} |" in body


def test_round_trip_keeps_every_content_hash(imported: Path, builtin: list[Task]) -> None:
    again = load_suite(imported)
    assert {t.id: t.content_hash for t in again} == {t.id: t.content_hash for t in builtin}
    for original, copy in zip(builtin, again, strict=True):  # the files the hash does not cover too (checks.py, scripts)
        files = [p.relative_to(original.path) for p in task_files(original.path)]
        assert files == [p.relative_to(copy.path) for p in task_files(copy.path)]


def test_the_imported_suite_runs_as_the_original(imported: Path, tmp_path: Path) -> None:
    from ec2bench import api

    scores = []
    for suite, out in ((None, tmp_path / "a"), (imported, tmp_path / "b")):
        api.run(out=out, strategies="edge_only,cloud_only", repeats=1, jobs=1, tasks="office-expense-claim-zh", suite=suite)
        result = runner.invoke(app, ["report", str(out), "--format", "json"])
        assert result.exit_code == 0, result.output
        scores.append([(r["strategy"], r["completion"], r["privacy"]) for r in json.loads(result.output)])
    assert scores[0] == scores[1] and len(scores[0]) == 2


def _write(tmp_path: Path, rows: list[dict]) -> str:
    path = tmp_path / "bad.parquet"
    datasets.Dataset.from_list(rows).to_parquet(str(path))
    return str(path)


def _row(table) -> dict:
    return dict(next(r for r in table if r["id"] == "office-expense-claim-zh"))


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: {"id": r["id"], "prompt": r["prompt"]}, "not an ec2bench task dataset: no column definition, files, content_hash"),
    (lambda r: r | {"files": [{"path": "../escape.txt", "content": b"x"}]}, "files.0: path '../escape.txt' is not a relative path"),
    (lambda r: r | {"id": "Bad Id"}, "id: 'Bad Id' is not a task id"),
    (lambda r: r | {"definition": r["definition"].replace("max_steps: 35", "max_steps: 36")}, "do not have the content hash"),
    (lambda r: r | {"definition": "id: office-expense-claim-zh\n"}, "a task does not load"),
])
def test_a_malformed_dataset_is_refused_and_leaves_nothing(table, tmp_path: Path, change, message: str) -> None:
    source = _write(tmp_path, [change(_row(table))])
    with pytest.raises(DatasetError, match=re.escape(message)):
        import_suite(source, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    result = runner.invoke(app, ["tasks", "import", source, str(tmp_path / "out")])
    assert result.exit_code == 3 and "error:" in result.output and not (tmp_path / "out").exists()


def test_export_and_import_refuse_a_folder_in_the_way(exported: Path, tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    for args in (["tasks", "export", str(tmp_path / "full")], ["tasks", "import", str(exported), str(tmp_path / "full")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 3 and "is not an empty folder" in result.output


def test_without_the_extra_the_commands_say_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "datasets" else real(name, *a))
    result = runner.invoke(app, ["tasks", "export", str(tmp_path / "out")])
    assert result.exit_code == 2 and "pip install 'ec2bench[hf]'" in result.output


def test_results_export_has_one_row_per_episode_with_its_trace(tmp_path: Path) -> None:
    from test_report_html import make_row, make_store, trace_text

    a = make_store(tmp_path / "a", [make_row("t1", "edge_only", 0, 10.0), make_row("t1", "cloud_only", 0, 90.0)],
                   {"t1|edge_only|sim/edge-9b|sim/cloud|0": trace_text({"type": "episode"}, {"type": "end", "status": "ok"})})
    b = make_store(tmp_path / "b", [make_row("t2", "edge_only", 0, None), make_row("t1", "edge_only", 0, 30.0)])
    out = tmp_path / "hf"
    result = runner.invoke(app, ["results", "export", "--format", "hf", str(a), str(b), str(out)])
    assert result.exit_code == 0, result.output
    assert "exported 3 episode(s)" in result.output  # t1|edge_only is in both stores: the later one wins, as in `report`
    table = datasets.load_dataset(str(out), split="test", cache_dir=str(tmp_path / "cache"))
    rows = {r["key"]: r for r in table}
    assert table.num_rows == 3 and rows["t1|edge_only|sim/edge-9b|sim/cloud|0"]["completion"] == 30.0
    assert rows["t2|edge_only|sim/edge-9b|sim/cloud|0"]["status"] == "error"
    assert json.loads(rows["t1|cloud_only|sim/edge-9b|sim/cloud|0"]["trace"])[-1] == {"type": "end", "status": "ok"}
    assert table.features["completion"].dtype == "float64" and table.features["privacy_judge"].dtype == "string"
    meta, body = _card(out)
    assert meta["size_categories"] == ["n<1K"]
    assert "3 episodes of ec2bench: 2 tasks, 2 strategies" in body and "2 scored and 1 errors" in body
    assert "| edge_only | sim/edge-9b | sim/cloud | 2 |" in body  # the leaderboard, as `report --format markdown` has it

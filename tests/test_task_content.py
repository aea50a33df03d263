"""A task is its own files: the __pycache__ / *.pyc a non-editable install compiles next to fixture
scripts reach neither the workspace the agent sees nor the task's content hash nor unit occurrence."""

from __future__ import annotations

import py_compile
import shutil
from pathlib import Path

from ec2bench.runner.ray_executor import pack_suite, unpack_suite
from ec2bench.spec.content import is_debris, task_files
from ec2bench.tasks.loader import builtin_suite_dir, load_task

SECRET_TASK = "security-secret-exposure-audit"


def compile_fixture_scripts(folder: Path) -> list[Path]:
    """What pip does on `pip install .`: byte-compile every .py file (into __pycache__), plus a stray legacy .pyc."""
    made = []
    for source in sorted(folder.rglob("*.py")):
        made.append(Path(py_compile.compile(str(source), doraise=True)))
    stray = folder / "fixtures" / "files" / "legacy.pyc"
    stray.write_bytes(b"\x00compiled")
    return [*made, stray]


def test_debris_names() -> None:
    assert all(is_debris(n) for n in ("__pycache__", "x.cpython-311.pyc", "x.pyo", ".pytest_cache", ".coverage"))
    assert not any(is_debris(n) for n in ("checks.py", "notes.txt", "pycache.md", "data.pyc.txt"))


def test_compiled_fixture_scripts_reach_neither_the_workspace_nor_the_hash(tmp_path: Path) -> None:
    folder = tmp_path / SECRET_TASK
    shutil.copytree(builtin_suite_dir() / SECRET_TASK, folder, ignore=shutil.ignore_patterns("__pycache__"))
    clean = load_task(folder)
    with clean.new_workspace() as ws:
        clean_listing = sorted(p.relative_to(ws.root).as_posix() for p in ws.root.rglob("*"))

    made = compile_fixture_scripts(folder)
    in_files = [p for p in made if (folder / "fixtures" / "files") in p.parents]
    assert in_files and any("__pycache__" in p.parts for p in in_files)  # the fixture tree now holds compiled files
    compiled = load_task(folder)
    assert compiled.content_hash == clean.content_hash
    assert compiled.fixture_text == clean.fixture_text
    with compiled.new_workspace() as ws:
        listing = sorted(p.relative_to(ws.root).as_posix() for p in ws.root.rglob("*"))
    assert listing == clean_listing
    assert not any("__pycache__" in entry or entry.endswith(".pyc") for entry in listing)
    assert all(not is_debris(part) for p in task_files(folder) for part in p.relative_to(folder).parts)


def test_the_ray_suite_pack_leaves_debris_behind(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(builtin_suite_dir() / SECRET_TASK, suite / SECRET_TASK)
    compile_fixture_scripts(suite / SECRET_TASK)
    unpacked = unpack_suite(pack_suite(suite), tmp_path / "out")
    assert not [p for p in unpacked.rglob("*") if is_debris(p.name)]
    assert (unpacked / SECRET_TASK / "task.yaml").is_file()

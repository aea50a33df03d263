"""The skills app: list and read the task's skills, run their scripts read-only in the sandbox,
and grade whether a skill's procedure was followed (`skill_followed`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from toolcalls import fails, ok

from ec2bench.env.sandbox import sandbox_problem
from ec2bench.env.workspace import Workspace
from ec2bench.qa.validator import replay
from ec2bench.spec.schema import ToolStep
from ec2bench.tasks.loader import Task, TaskLoadError, load_task

SKILL = """---
name: rotate-key
description: >-
  Rotate a leaked
  access key safely.
---
# Rotate a key

1. Run `bash skills/rotate-key/check.sh <key id>`.
2. Write the new key id to rotation.log.
"""


def make_files(root: Path) -> Path:
    files = root / "files"
    skill = files / "skills" / "rotate-key"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL, encoding="utf-8")
    (skill / "check.sh").write_text('echo "key $1 is active"\n', encoding="utf-8")
    (files / "skills" / "plain").mkdir()
    (files / "skills" / "plain" / "SKILL.md").write_text("\n# Weekly report\nSteps...\n", encoding="utf-8")
    (files / "skills" / "not-a-skill").mkdir()  # no SKILL.md: ignored
    return files


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    with Workspace.create(["skills", "files", "shell"], {}, make_files(tmp_path)) as w:
        yield w


def test_list_and_read(ws: Workspace) -> None:
    assert ok(ws, "skills_list") == [
        {"name": "plain", "description": "Weekly report", "files": ["SKILL.md"]},
        {"name": "rotate-key", "description": "Rotate a leaked access key safely.", "files": ["SKILL.md", "check.sh"]},
    ]
    assert ws.call("skills_read", {"name": "rotate-key"}).result == SKILL
    assert ws.call("skills_read", {"name": "rotate-key", "path": "./check.sh"}).result.startswith("echo")
    assert "no skill 'nope'" in fails(ws, "skills_read", {"name": "nope"})
    assert "has no file '../x'" in fails(ws, "skills_read", {"name": "rotate-key", "path": "../x"})


def test_the_skills_cannot_be_changed_through_the_files_tools(ws: Workspace) -> None:
    read_only = "is in skills/, which is read-only"
    assert read_only in fails(ws, "files_write", {"path": "skills/rotate-key/SKILL.md", "content": "evil"})
    assert read_only in fails(ws, "files_append", {"path": "skills/rotate-key/new.sh", "content": "x"})
    assert read_only in fails(ws, "files_delete", {"path": "skills/plain/SKILL.md"})
    assert read_only in fails(ws, "files_move", {"src": "skills", "dst": "old-skills"})
    assert read_only in fails(ws, "files_replace", {"path": "skills", "find": "key", "replacement": "k"})
    whole = ok(ws, "files_replace", {"path": ".", "find": "Rotate", "replacement": "Drop"})
    assert whole["total"] == 0  # a workspace-wide replace leaves the skills alone
    assert (ws.root / "skills" / "rotate-key" / "SKILL.md").read_text(encoding="utf-8") == SKILL
    assert ws.call("skills_read", {"name": "rotate-key"}).result == SKILL


def test_without_the_skills_app_a_skills_folder_is_ordinary(tmp_path: Path) -> None:
    with Workspace.create(["files"], {}, make_files(tmp_path)) as w:
        ok(w, "files_write", {"path": "skills/plain/SKILL.md", "content": "mine"})


@pytest.mark.skipif(sandbox_problem() is not None, reason="needs bubblewrap")
def test_scripts_run_in_the_sandbox_where_skills_are_read_only(ws: Workspace) -> None:
    out = ok(ws, "shell_run", {"command": "bash skills/rotate-key/check.sh AK-1"})
    assert out == {"exit_code": 0, "output": "key AK-1 is active\n"}
    tamper = ok(ws, "shell_run", {"command": "chmod u+w skills/rotate-key/check.sh; echo x >> skills/rotate-key/check.sh"})
    assert tamper["exit_code"] != 0 and "Read-only file system" in tamper["output"]
    assert ok(ws, "shell_run", {"command": "echo ok > notes.txt && cat notes.txt"})["output"] == "ok\n"


def test_a_skills_yaml_fixture_is_refused(tmp_path: Path) -> None:
    with pytest.raises(Exception, match="takes no YAML fixture"):
        Workspace.create(["skills"], {"skills": {"x": 1}}, make_files(tmp_path))


FOLLOWED = {"name": "followed", "kind": "skill_followed", "weight": 1.0, "skill": "rotate-key",
            "steps": [{"tool": "shell_run", "args": {"command": {"contains": "skills/rotate-key/check.sh"}}},
                      {"tool": "files_write", "args": {"path": "rotation.log"}}]}


def skill_task(tmp_path: Path, check: dict) -> Task:
    folder = tmp_path / "rotate"
    folder.mkdir(parents=True)
    make_files(folder / "fixtures")
    spec = {"id": "rotate", "title": "Rotate", "category": "security", "language": "en",
            "prompt": "Rotate access key AK-1 with the rotate-key skill.", "apps": ["skills", "files", "shell"],
            "reference": [{"tool": "skills_read", "args": {"name": "rotate-key"}}], "checks": [check]}
    (folder / "task.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    return load_task(folder)


def test_skill_followed_scores_the_ordered_procedure(tmp_path: Path) -> None:
    read = ToolStep(tool="skills_read", args={"name": "rotate-key"})
    script = ToolStep(tool="files_list", args={})  # stands in for shell_run where bubblewrap is missing
    write = ToolStep(tool="files_write", args={"path": "rotation.log", "content": "AK-2"})
    check = FOLLOWED | {"steps": [{"tool": "files_list"}, FOLLOWED["steps"][1]]}
    task = skill_task(tmp_path / "b", check)
    score = lambda steps: replay(task, steps, None)[0].checks[0].score  # noqa: E731
    assert score([read, script, write]) == 1.0
    assert score([script, read, write]) == pytest.approx(1 / 3)  # the script ran before the skill was read
    assert score([read, write, script]) == pytest.approx(2 / 3)  # out of order: the write does not count
    assert score([script, write]) == 0.0  # never read the skill
    other_file = ToolStep(tool="skills_read", args={"name": "rotate-key", "path": "check.sh"})
    assert score([other_file, script, write]) == 0.0  # reading a script is not reading the procedure


def test_skill_followed_needs_the_app_and_the_skill(tmp_path: Path) -> None:
    with pytest.raises(TaskLoadError, match="no fixtures/files/skills/nope/SKILL.md"):
        skill_task(tmp_path, FOLLOWED | {"skill": "nope"})


# -- skills the agent creates, repairs and runs ------------------------------------------------

needs_bwrap = pytest.mark.skipif(sandbox_problem() is not None, reason="needs bubblewrap")

EXTRACT = """import pathlib, sys
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.txt")):
    ref, total = f.read_text().split()
    print(f"{ref},{total}")
"""


def test_create_writes_a_skill_folder_with_its_front_matter(ws: Workspace) -> None:
    made = ok(ws, "skills_create", {"name": "invoice-rows", "description": "Turn invoice texts\ninto rows.",
                                    "body": "# Invoice rows\n\nRun extract.py on a folder.\n"})
    assert made == {"name": "invoice-rows", "files": ["SKILL.md"]}
    text = (ws.root / "skills" / "invoice-rows" / "SKILL.md").read_text(encoding="utf-8")
    assert text == ("---\nname: invoice-rows\ndescription: Turn invoice texts into rows.\n---\n"
                    "# Invoice rows\n\nRun extract.py on a folder.\n")
    assert {"name": "invoice-rows", "description": "Turn invoice texts into rows.", "files": ["SKILL.md"]} in ok(ws, "skills_list")
    assert ws.call("skills_read", {"name": "invoice-rows"}).result == text
    assert "already exists" in fails(ws, "skills_create", {"name": "invoice-rows", "description": "d", "body": "b"})
    assert "not a skill name" in fails(ws, "skills_create", {"name": "../up", "description": "d", "body": "b"})
    assert "not a skill name" in fails(ws, "skills_create", {"name": "Invoice Rows", "description": "d", "body": "b"})
    assert "description is empty" in fails(ws, "skills_create", {"name": "x", "description": " ", "body": "b"})
    assert {(c.item, c.kind) for c in ws.changes()} == {("files/skills/invoice-rows/SKILL.md", "created"),
                                                         ("skills/skills/invoice-rows", "created")}


def test_update_adds_and_replaces_files_inside_the_skill_only(ws: Workspace) -> None:
    added = ok(ws, "skills_update", {"name": "rotate-key", "path": "scripts/new.py", "content": "print(1)\n"})
    assert added == {"name": "rotate-key", "path": "scripts/new.py", "created": True,
                     "files": ["SKILL.md", "check.sh", "scripts/new.py"]}
    replaced = ok(ws, "skills_update", {"name": "rotate-key", "path": "./check.sh", "content": "echo fixed\n"})
    assert replaced["created"] is False
    assert (ws.root / "skills" / "rotate-key" / "check.sh").read_text(encoding="utf-8") == "echo fixed\n"
    assert ws.call("skills_read", {"name": "rotate-key", "path": "check.sh"}).result == "echo fixed\n"
    for bad in ("../plain/SKILL.md", "/etc/passwd", "a/../../x", ".hidden", ""):
        assert "not a file path inside a skill folder" in fails(ws, "skills_update", {"name": "rotate-key", "path": bad, "content": "x"})
    assert "no skill 'nope'" in fails(ws, "skills_update", {"name": "nope", "path": "run.sh", "content": "x"})
    assert "at most 20,000 characters" in fails(ws, "skills_update", {"name": "rotate-key", "path": "big.sh", "content": "x" * 20_001})
    assert not (ws.root / "skills" / "rotate-key" / "big.sh").exists()


def test_a_workspace_without_skills_gets_an_empty_skills_folder(tmp_path: Path) -> None:
    with Workspace.create(["skills", "files"], {}, None) as w:
        assert (w.root / "skills").is_dir() and ok(w, "skills_list") == []
        assert "read-only here: change skills with skills_create" in fails(
            w, "files_write", {"path": "skills/mine/SKILL.md", "content": "x"})
        ok(w, "skills_create", {"name": "mine", "description": "Mine.", "body": "Steps."})
        assert [s["name"] for s in ok(w, "skills_list")] == ["mine"]


@needs_bwrap
def test_run_executes_a_script_in_the_sandbox_without_a_shell_app(tmp_path: Path) -> None:
    with Workspace.create(["skills", "files"], {}, make_files(tmp_path)) as w:
        assert ok(w, "skills_run", {"name": "rotate-key", "script": "check.sh", "args": ["AK 1; rm -rf ."]}) == {
            "exit_code": 0, "output": "key AK 1; rm -rf . is active\n"}  # an argument is one word, never a command
        ok(w, "skills_create", {"name": "rows", "description": "Rows.", "body": "python3 extract.py DIR"})
        ok(w, "skills_update", {"name": "rows", "path": "extract.py", "content": EXTRACT})
        ok(w, "files_write", {"path": "in/a.txt", "content": "INV-1 12.50"})
        assert ok(w, "skills_run", {"name": "rows", "script": "extract.py", "args": ["in"]})["output"] == "INV-1,12.50\n"
        tamper = ok(w, "skills_update", {"name": "rows", "path": "evil.sh", "content": "echo x > skills/rows/SKILL.md"})
        assert tamper["created"]
        out = ok(w, "skills_run", {"name": "rows", "script": "evil.sh"})
        assert out["exit_code"] != 0 and "Read-only file system" in out["output"]  # a script cannot rewrite a skill
        assert "runs .sh and .py scripts" in fails(w, "skills_run", {"name": "rows", "script": "SKILL.md"})
        assert "has no file 'x.sh'" in fails(w, "skills_run", {"name": "rows", "script": "x.sh"})
        ok(w, "skills_update", {"name": "rows", "path": "spin.sh", "content": "while :; do :; done"})
        assert ok(w, "skills_run", {"name": "rows", "script": "spin.sh", "timeout_seconds": 1})["exit_code"] == 124


# -- skill_output: a created skill run on hidden inputs ----------------------------------------

OUTPUT_CHECK = {"name": "rows", "kind": "skill_output", "weight": 1.0, "skill": "rows", "script": "extract.py",
                "args": ["in"], "inputs": "invoices", "to": "in", "columns": ["ref", "total"],
                "rows": [{"ref": "INV-7", "total": 40}, {"ref": "INV-8", "total": 1250}], "text": ["INV-9"]}


def output_task(tmp_path: Path, check: dict, hidden: dict[str, str] | None = None) -> Task:
    folder = tmp_path / "rows"
    (folder / "fixtures" / "files" / "in").mkdir(parents=True)
    (folder / "fixtures" / "files" / "in" / "a.txt").write_text("INV-1 12.50", encoding="utf-8")
    for name, text in (hidden if hidden is not None else {"INV-7.txt": "INV-7 40.00", "INV-8.txt": "INV-8 1,250.00",
                                                           "INV-9.txt": "INV-9 3.00"}).items():
        (folder / "hidden" / "invoices").mkdir(parents=True, exist_ok=True)
        (folder / "hidden" / "invoices" / name).write_text(text, encoding="utf-8")
    spec = {"id": "rows", "title": "Rows", "category": "automation", "language": "en",
            "prompt": "Make a skill that turns invoice texts into rows.", "apps": ["skills", "files"],
            "reference": [{"tool": "skills_list", "args": {}}], "checks": [check]}
    (folder / "task.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    return load_task(folder)


def output_score(task: Task, script: str | None) -> tuple[float, dict]:
    steps = [ToolStep(tool="skills_create", args={"name": "rows", "description": "Rows.", "body": "Run extract.py."})]
    if script is not None:
        steps.append(ToolStep(tool="skills_update", args={"name": "rows", "path": "extract.py", "content": script}))
    check = replay(task, steps, None)[0].checks[0]
    return check.score, check.detail or {}


@needs_bwrap
def test_skill_output_runs_the_skill_on_the_hidden_inputs_only(tmp_path: Path) -> None:
    task = output_task(tmp_path, OUTPUT_CHECK)
    good = 'print("ref,total")\n' + EXTRACT.replace('f"{ref},{total}"', 'f"{ref},{total.replace(\',\', \'\')}"')
    score, detail = output_score(task, good)
    assert score == 1.0 and detail["exit_code"] == 0 and "INV-1" not in detail["output"]  # the agent's own input is gone
    no_header, _ = output_score(task, EXTRACT)
    assert no_header == pytest.approx(1 / 3)  # only the text item: without the header there is no table
    hand_fitted = 'print("ref,total")\nprint("INV-1,12.50")\n'  # fits the example the agent saw, not the new ones
    assert output_score(task, hand_fitted)[0] == 0.0
    failing, detail = output_score(task, good + "raise SystemExit(3)\n")
    assert failing == 0.0 and detail["exit_code"] == 3
    assert output_score(task, None) == (0.0, {"ran": False, "why": "no script skills/rows/extract.py"})
    assert not (task.files_dir / "in" / "INV-7.txt").exists()  # hidden inputs are never workspace files


@needs_bwrap
def test_skill_output_can_read_a_file_the_script_writes(tmp_path: Path) -> None:
    check = {k: v for k, v in OUTPUT_CHECK.items() if k not in ("columns", "rows")} | {
        "output": "out/rows.txt", "text": ["INV-7,40.00", {"amount": 1250}]}
    task = output_task(tmp_path, check)
    writes = EXTRACT.replace('print(f"{ref},{total}")', 'open("out/rows.txt", "a").write(f"{ref},{total}\\n")')
    assert output_score(task, "import os; os.makedirs('out', exist_ok=True)\n" + writes)[0] == 1.0
    score, detail = output_score(task, EXTRACT)  # printed, not written
    assert score == 0.0 and detail["why"] == "the script wrote no out/rows.txt"


@pytest.mark.parametrize(("change", "error"), [
    ({"inputs": "missing"}, "no hidden/missing"),
    ({"to": None}, "give `inputs`"),
    ({"script": "extract.rb"}, "skills run .sh and .py scripts"),
    ({"to": "../outside"}, "a path relative to its folder"),
    ({"text": [], "columns": [], "rows": []}, "give what the output must hold"),
    ({"timeout_seconds": 61}, "less than or equal to 60"),
])
def test_skill_output_parameters_are_checked_when_the_task_loads(tmp_path: Path, change: dict, error: str) -> None:
    with pytest.raises(TaskLoadError, match=re.escape(error)):
        output_task(tmp_path, {k: v for k, v in (OUTPUT_CHECK | change).items() if v is not None})


def test_skill_output_needs_the_skills_app(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    task = output_task(folder, OUTPUT_CHECK)
    spec = yaml.safe_load((task.path / "task.yaml").read_text(encoding="utf-8"))
    spec["apps"] = ["files"]
    (task.path / "task.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    with pytest.raises(TaskLoadError, match="skill_output reads the 'skills' app"):
        load_task(task.path)

"""The skills app: list and read the task's skills, run their scripts read-only in the sandbox,
and grade whether a skill's procedure was followed (`skill_followed`)."""

from __future__ import annotations

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

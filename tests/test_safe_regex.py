"""Untrusted patterns (agents, task files) run on RE2: linear time, and a clear refusal for what RE2 lacks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from ec2bench.core.safe_regex import RegexError, compile_untrusted, search
from ec2bench.env.workspace import Workspace
from ec2bench.grading.checks import GradingContext, evaluate_check
from ec2bench.grading.rubric import Regex, evidence_found
from ec2bench.spec.schema import Check
from ec2bench.tasks.loader import TaskLoadError, load_task

CATASTROPHIC = "(a+)+$"  # with Python's re: minutes on the text below, holding the GIL
VICTIM = "a" * 30 + "b"


def test_a_catastrophic_pattern_is_answered_not_backtracked() -> None:
    assert search(CATASTROPHIC, VICTIM) is None
    assert search(CATASTROPHIC, "a" * 30).span() == (0, 30)


@pytest.mark.parametrize(("pattern", "reason"), [
    (r"(a)\1", "uses a backreference, which is not supported"),
    (r"(?<=a)b", "uses lookaround, which is not supported"),
    (r"x(?!y)", "uses lookaround, which is not supported"),
    ("(", "does not compile (missing ): ("),
])
def test_unsupported_or_broken_patterns_are_one_line_errors(pattern: str, reason: str) -> None:
    with pytest.raises(RegexError) as err:
        compile_untrusted(pattern)
    assert reason in str(err.value) and repr(pattern) in str(err.value) and "\n" not in str(err.value)


def test_python_spellings_and_replacement_templates_keep_their_meaning() -> None:
    assert search(r"a\Z", "ba") and not search(r"a\Z", "ab")  # Python's \Z is RE2's \z
    assert search("ABC", "xabc", ignore_case=True) and not search("ABC", "xabc")
    assert compile_untrusted(r"^b", multiline=True).subn("Z", "a\nb\nb") == ("a\nZ\nZ", 2)
    # non-ASCII text in a replacement survives (RE2's own expansion garbles it), groups by number and name
    pattern = compile_untrusted(r"(?P<n>\d+)(元)")
    assert pattern.subn(r"共\g<n> \2\n\\", "价12元") == ("价共12 元\n\\", 1)
    with pytest.raises(RegexError, match="group '3'"):
        pattern.subn(r"\3", "12元")


def test_files_replace_with_a_catastrophic_pattern_returns_at_once(tmp_path: Path) -> None:
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "a.txt").write_text(VICTIM + "\n")
    with Workspace.create(["files"], files_dir=tmp_path / "files") as ws:
        rec = ws.call("files_replace", {"path": "a.txt", "find": CATASTROPHIC, "replacement": "x", "regex": True})
        assert rec.ok and json.loads(rec.result)["total"] == 0
        rec = ws.call("files_replace", {"path": "a.txt", "find": "(a+)b$", "replacement": r"<\1>", "regex": True})
        assert rec.ok and (ws.root / "a.txt").read_text() == f"<{'a' * 30}>\n"
        rec = ws.call("files_replace", {"path": "a.txt", "find": r"(<)a\1", "replacement": "x", "regex": True})
        assert not rec.ok and rec.error == "tool_error" and "uses a backreference, which is not supported" in rec.result
        literal = ws.call("files_replace", {"path": "a.txt", "find": "<", "replacement": r"\1(", "regex": False})
        assert literal.ok and (ws.root / "a.txt").read_text().startswith(r"\1(a")  # literal text both ways


def test_grading_matchers_use_the_linear_engine(tmp_path: Path) -> None:
    assert evidence_found(Regex(regex=CATASTROPHIC), VICTIM) is False
    (tmp_path / "f.txt").write_text(VICTIM)
    check = Check(kind="file_contains", weight=1.0, path="f.txt", regex=[CATASTROPHIC, "A{30}B"])
    task = load_task(Path(__file__).parent / "data" / "suite" / "demo-contacts")
    ctx = GradingContext(task=task, root=tmp_path, state={}, log=[], answer=None, judge=None)
    assert evaluate_check(check, ctx).score == 0.5  # case-insensitive, as before


def test_a_task_pattern_re2_cannot_run_is_a_load_error(mini_suite: Path, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(mini_suite, suite)
    spec = suite / "demo-contacts" / "task.yaml"
    spec.write_text(spec.read_text().replace(
        "  - kind: record_absent\n", "  - {kind: file_contains, weight: 0.05, path: x.txt, regex: 'a(?=b)'}\n"
        "  - kind: record_absent\n").replace("weight: 0.9", "weight: 0.85"))
    with pytest.raises(TaskLoadError, match=r"'a\(\?=b\)' uses lookaround, which is not supported"):
        load_task(suite / "demo-contacts")


def test_a_lookaround_in_rubric_evidence_is_named_not_hidden_behind_another_union_branch(
        mini_suite: Path, tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    shutil.copytree(mini_suite, suite)
    spec = suite / "demo-contacts" / "task.yaml"
    spec.write_text(spec.read_text().replace(
        "  - kind: record_absent\n",
        "  - {kind: rubric, weight: 0.05, target: answer, items: [{text: no phone, evidence: [{regex: '\\A(?!.*139)'}]}]}\n"
        "  - kind: record_absent\n").replace("weight: 0.9", "weight: 0.85"))
    with pytest.raises(TaskLoadError, match=r"uses lookaround, which is not supported") as caught:
        load_task(suite / "demo-contacts")
    assert "Field required" not in str(caught.value)

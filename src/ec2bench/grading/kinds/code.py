"""Code check kinds: hidden tests run on the end-state workspace, and a file's diff against the fixture.

A task that ships a small repository in `fixtures/files/` grades the fix the way a maintainer would:
by tests the agent never saw (`hidden_tests`), and by what the change itself adds and removes
(`file_diff`), so a fix that rewrites the module or deletes the failing branch earns nothing for it.

Hidden tests live in the task folder beside `fixtures/`, in `hidden/` (`GradedTask.hidden_dir`): never
copied into the workspace, and hidden from the shell's sandbox like the rest of the harness. At grading
time the end-state workspace is copied to a scratch folder, the tests are copied in, and the sandbox's
own `python3` runs them with `unittest` through the shell app's sandbox (`ec2bench.env.apps.shell`:
no network, resource limits, a timeout), so the agent's code runs exactly as confined as when the
agent ran it. The scratch copy is deleted afterwards: the episode's end state is never changed.
"""

from __future__ import annotations

import ast
import difflib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from ec2bench.grading.checks import (
    CheckParamError,
    CheckParams,
    GradingContext,
    TextItem,
    found_in,
    register_check,
    typed_items_known,
    workspace_text,
)
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import need_app
from ec2bench.grading.kinds.scratch import put, relative_path, run_in_scratch, scratch_copy
from ec2bench.grading.rubric import CheckOutcome

RUNNER = Path(__file__).with_name("hidden_runner.py")
SCRATCH_DIR = ".ec2bench-hidden"  # in the scratch copy: the runner and its results, beside the agent's files
MAX_TIMEOUT_SECONDS = 60
NOT_PASSED_SHOWN = 20  # failing test ids kept in the grade's detail


class HiddenTestsParams(CheckParams):
    tests: str = "."  # a folder under the task's hidden/ folder
    into: str = "hidden_tests"  # where the tests go in the scratch copy of the workspace
    paths: list[str] = Field(default_factory=list)  # workspace folders put on sys.path (the project's src/)
    scoring: Literal["per_test", "all"] = "per_test"
    timeout_seconds: int = Field(default=8, ge=1, le=MAX_TIMEOUT_SECONDS)

    @field_validator("tests", "into")
    @classmethod
    def _inside(cls, path: str) -> str:
        return path if path == "." else relative_path(path)

    @field_validator("paths")
    @classmethod
    def _all_inside(cls, paths: list[str]) -> list[str]:
        return [relative_path(p) for p in paths]

    @model_validator(mode="after")
    def _not_the_root(self) -> HiddenTestsParams:
        if self.into == ".":
            raise ValueError("into: the tests need a folder of their own in the workspace, not its root")
        return self


def hidden_test_ids(folder: Path) -> list[str]:
    """The ids unittest gives the tests of the `test*.py` modules directly in `folder`
    (`module.Class.method`): the `test*` methods defined in the body of each top-level class whose
    bases name a `...TestCase`. Read from the source (never imported), so the count does not depend on
    whether the agent's code lets the modules import."""
    ids = []
    for file in sorted(folder.glob("test*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=file.name)
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(ast.unparse(b).endswith("TestCase") for b in node.bases):
                ids += [f"{file.stem}.{node.name}.{f.name}" for f in node.body
                        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name.startswith("test")]
    return ids


def _hidden_known(p: HiddenTestsParams, task: GradedTask) -> None:
    need_app(task, "shell", "hidden_tests")  # the tests run in the shell's sandbox, which a sweep probes for shell tasks
    folder = task.hidden_dir / p.tests
    if not folder.is_dir():
        raise CheckParamError(f"tests: no folder hidden/{p.tests} in the task folder")
    if not hidden_test_ids(folder):
        raise CheckParamError(f"tests: hidden/{p.tests} defines no test (test*.py modules with TestCase classes)")


def _outcomes(lines: str) -> Iterator[tuple[str, str]]:
    for line in lines.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue  # a line cut by the timeout
        if isinstance(row, dict) and isinstance(row.get("id"), str) and isinstance(row.get("outcome"), str):
            yield row["id"], row["outcome"]


@register_check("hidden_tests", HiddenTestsParams, on_load=_hidden_known)
def hidden_tests(p: HiddenTestsParams, ctx: GradingContext) -> CheckOutcome:
    """Run the task's hidden tests on a scratch copy of the end-state workspace, in the sandbox.

    A test passes when it reported `passed` and nothing else (a failed subtest fails it); a test that
    did not report (its module did not import, the run timed out) has not passed. `per_test`: the
    fraction of the tests `hidden_test_ids` finds that passed; `all`: 1 when every one did, else 0. The detail
    says how many passed and which did not. A machine without a working sandbox (and no opt-in) raises
    `SandboxFailure`: the episode is an environment error, never a zero."""
    expected = hidden_test_ids(ctx.task.hidden_dir / p.tests)
    with scratch_copy(ctx.root) as scratch:
        put(ctx.task.hidden_dir / p.tests, scratch / p.into)  # what the agent left there is not the hidden tests
        put(RUNNER, scratch / SCRATCH_DIR / "runner.py")
        results = f"{SCRATCH_DIR}/results.jsonl"
        command = " ".join(["python3", "-I", f"{SCRATCH_DIR}/runner.py", _quote(p.into), results,
                            *map(_quote, p.paths)])
        ran = run_in_scratch(scratch, command, p.timeout_seconds, read=results)
    lines = ran.written or ""
    seen: dict[str, set[str]] = {}
    for test, outcome in _outcomes(lines):
        seen.setdefault(test, set()).add(outcome)
    not_passed = [t for t in expected if seen.get(t) != {"passed"}]
    passed = len(expected) - len(not_passed)
    score = passed / len(expected) if p.scoring == "per_test" else float(not not_passed)
    detail: dict[str, object] = {"passed": passed, "tests": len(expected)}
    if not_passed:
        detail["not_passed"] = not_passed[:NOT_PASSED_SHOWN]
    if ran.exit_code != 0:
        detail["exit_code"] = ran.exit_code
    return CheckOutcome(score, detail)


def _quote(text: str) -> str:
    """A validated relative path as one shell word."""
    return "'" + text.replace("'", "'\\''") + "'"


class FileDiffParams(CheckParams):
    path: str
    added: list[TextItem] = Field(default_factory=list)
    removed: list[TextItem] = Field(default_factory=list)
    max_changed_lines: int | None = Field(default=None, ge=1)

    _typed = field_validator("added", "removed")(typed_items_known)

    @field_validator("path")
    @classmethod
    def _inside(cls, path: str) -> str:
        return relative_path(path)

    @model_validator(mode="after")
    def _something_to_check(self) -> FileDiffParams:
        if not self.added and not self.removed and self.max_changed_lines is None:
            raise ValueError("give `added`, `removed` or `max_changed_lines`")
        return self


def _diff_known(p: FileDiffParams, task: GradedTask) -> None:
    if task.file_text(p.path) is None:
        raise CheckParamError(f"path: no fixtures/files/{p.path} to diff against")


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines removed from `before` and the lines added in `after`, as a line diff finds them
    (trailing whitespace ignored, so re-saving a file with other line ends changes nothing)."""
    old = [line.rstrip() for line in before.splitlines()]
    new = [line.rstrip() for line in after.splitlines()]
    removed, added = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op != "equal":
            removed += old[i1:i2]
            added += new[j1:j2]
    return removed, added


@register_check("file_diff", FileDiffParams, on_load=_diff_known)
def file_diff(p: FileDiffParams, ctx: GradingContext) -> CheckOutcome | float:
    """Partial credit: the fraction of `added` items found in the lines the change added and of
    `removed` items found in the lines it removed (each side's lines joined), against the file as the
    task shipped it. 0 when the file is missing or unchanged, or when more than `max_changed_lines`
    lines were added and removed in all (a rewrite is not a fix); with only `max_changed_lines`, 1 for
    any change within it."""
    before = ctx.task.file_text(p.path) or ""
    after = workspace_text(ctx, p.path)
    if after is None:
        return 0.0
    removed, added = changed_lines(before, after)
    changed = len(removed) + len(added)
    if changed == 0:
        return 0.0
    if p.max_changed_lines is not None and changed > p.max_changed_lines:
        return CheckOutcome(0.0, {"changed_lines": changed, "max_changed_lines": p.max_changed_lines})
    items = [(item, "\n".join(added)) for item in p.added] + [(item, "\n".join(removed)) for item in p.removed]
    if not items:
        return 1.0
    return sum(found_in(item, text) for item, text in items) / len(items)

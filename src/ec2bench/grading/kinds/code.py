"""Code check kinds: hidden tests run on the end-state workspace, and a file's diff against the fixture.

A task that ships a small repository in `fixtures/files/` grades the fix the way a maintainer would:
by tests the agent never saw (`hidden_tests`), and by what the change itself adds and removes
(`file_diff`), so a fix that rewrites the module or deletes the failing branch earns nothing for it.

Hidden tests live in the task folder beside `fixtures/`, in `hidden/` (`GradedTask.hidden_dir`): never
copied into the workspace, and hidden from the shell's sandbox like the rest of the harness. At grading
time a scratch tree is made of the task's fixture files as shipped and the agent's version of only the
files it may change (`changeable`, default: the files under `paths`), the tests and their runner are
copied in from the harness, and the sandbox's own `python3 -I -S` runs them with `unittest` through the
shell app's sandbox (`ec2bench.env.apps.shell`: no network, resource limits, a timeout), so the agent's
code runs exactly as confined as when the agent ran it. Code that works on the test machinery instead of
the fix (patches unittest, forges results, plants a sitecustomize) is tampering: the check scores 0 and is
a violation (`ec2bench.grading.kinds.tamper` says how each is found). The scratch tree is deleted
afterwards: the episode's end state is never changed.
"""

from __future__ import annotations

import ast
import difflib
import hmac
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
from ec2bench.grading.kinds.scratch import put, relative_path, run_in_scratch
from ec2bench.grading.kinds.tamper import KEY_FILE, hidden_tree, planted_machinery, run_key, signature, tamper_findings
from ec2bench.grading.rubric import CheckOutcome

RUNNER = Path(__file__).with_name("hidden_runner.py")
SCRATCH_DIR = ".ec2bench-hidden"  # in the scratch copy: the runner and its results, beside the agent's files
MAX_TIMEOUT_SECONDS = 60
NOT_PASSED_SHOWN = 20  # failing test ids kept in the grade's detail


class HiddenTestsParams(CheckParams):
    tests: str = "."  # a folder under the task's hidden/ folder
    into: str = "hidden_tests"  # where the tests go in the scratch copy of the workspace
    paths: list[str] = Field(default_factory=list)  # workspace folders put on sys.path (the project's src/)
    # globs of the workspace files the agent may change (its versions reach the tests); default: under `paths`
    changeable: list[str] = Field(default_factory=list)
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

    @property
    def changeable_globs(self) -> list[str]:
        return self.changeable or [f"{p}/*" for p in self.paths] or ["*"]

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


def _outcomes(lines: str) -> Iterator[tuple[str, str, str]]:
    """(test id, outcome, signature) of each result line; a line cut by the timeout is skipped."""
    for line in lines.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and all(isinstance(row.get(k), str) for k in ("id", "outcome")):
            yield row["id"], row["outcome"], row["sig"] if isinstance(row.get("sig"), str) else ""


@register_check("hidden_tests", HiddenTestsParams, on_load=_hidden_known)
def hidden_tests(p: HiddenTestsParams, ctx: GradingContext) -> CheckOutcome:
    """Run the task's hidden tests on a pristine tree with the agent's changeable files, in the sandbox.

    A test passes when it reported `passed`, signed, and nothing else (a failed subtest fails it); a test that
    did not report (its module did not import, the run timed out) has not passed. `per_test`: the fraction of
    the tests `hidden_test_ids` finds that passed; `all`: 1 when every one did, else 0. The detail says how
    many passed and which did not. Tampering (`tamper`: machinery files, changes that reach the machinery, a
    forged or a patched result) scores 0 as a violation, with its findings in the detail. A machine without a
    working sandbox (and no opt-in) raises `SandboxFailure`: the episode is an environment error, never a zero."""
    expected = hidden_test_ids(ctx.task.hidden_dir / p.tests)
    pristine = ctx.task.files_dir
    with hidden_tree(pristine, ctx.root, p.changeable_globs) as (scratch, changed):
        findings = tamper_findings(pristine, ctx.root, changed, ["", *p.paths])
        findings += planted_machinery(pristine, ctx.root)
        put(ctx.task.hidden_dir / p.tests, scratch / p.into)
        put(RUNNER, scratch / SCRATCH_DIR / "runner.py")
        key = run_key(scratch)
        (scratch / SCRATCH_DIR / KEY_FILE).write_bytes(key)
        results = f"{SCRATCH_DIR}/results.jsonl"
        command = " ".join(["python3", "-I", "-S", f"{SCRATCH_DIR}/runner.py", _quote(p.into), results,
                            *map(_quote, p.paths)])
        ran = run_in_scratch(scratch, command, p.timeout_seconds, read=results)
    seen: dict[str, set[str]] = {}
    for test, outcome, signed in _outcomes(ran.written or ""):
        if not hmac.compare_digest(signed, signature(key, test, outcome)):
            findings.append(f"a result line the runner did not write ({test}: {outcome})")
        elif outcome == "tampered":
            findings.append(f"{test.removeprefix('runner:')} was replaced while the tests ran")
        else:
            seen.setdefault(test, set()).add(outcome)
    if findings:
        return CheckOutcome(0.0, {"tampered": findings[:NOT_PASSED_SHOWN]}, tampered=True)
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

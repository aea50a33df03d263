"""Skill check kinds: run the agent's skill on fresh inputs it never saw, and grade what the skill makes.

A skill the agent wrote or repaired is a deliverable only if it works beyond the examples in the
workspace, which the agent could have hand-fitted. `skill_output` copies the end-state workspace into
a scratch folder, puts the task's hidden inputs (`hidden/` beside `fixtures/`, never copied into the workspace)
at the path the skill reads, runs the skill's script there exactly as `skills_run` would (the same
command line, `ec2bench.env.apps.skills.skill_command`, in the same sandbox), and grades its output
(or a file it writes) with the `file_contains` items and the `table_file` rows. The episode's own
workspace is left untouched.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator

from ec2bench.env.apps.skills import INTERPRETERS, skill_command
from ec2bench.env.paths import SKILLS_DIR
from ec2bench.grading.checks import (
    CheckedRow,
    CheckParamError,
    CheckParams,
    GradingContext,
    TextItem,
    found_in,
    register_check,
    table_score,
    typed_items_known,
)
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import need_app
from ec2bench.grading.kinds.scratch import put, relative_path, run_in_scratch, scratch_copy
from ec2bench.grading.rubric import CheckOutcome

DETAIL_OUTPUT_CHARS = 600  # how much of the run's output the grade keeps, to show why it scored as it did


def _optional_relative(path: str | None) -> str | None:
    return None if path is None else relative_path(path)


class SkillOutputParams(CheckParams):
    skill: str
    script: str
    args: list[str] = Field(default_factory=list)
    inputs: str | None = None
    to: str | None = None
    output: str | None = None
    text: TextItem | list[TextItem] = Field(default_factory=list)
    columns: list[str] = Field(default_factory=list)
    rows: list[CheckedRow] = Field(default_factory=list)
    timeout_seconds: Annotated[int, Field(ge=1, le=60)] = 20

    _typed = field_validator("text")(typed_items_known)
    _paths = field_validator("script", "inputs", "to", "output")(_optional_relative)

    @field_validator("script")
    @classmethod
    def _runnable(cls, script: str) -> str:
        if PurePosixPath(script).suffix not in INTERPRETERS:
            raise ValueError(f"script: skills run {' and '.join(INTERPRETERS)} scripts, got {script!r}")
        return script

    @model_validator(mode="after")
    def _complete(self) -> SkillOutputParams:
        if (self.inputs is None) != (self.to is None):
            raise ValueError("give `inputs` (under the task's hidden/) and `to` (where the skill reads them) together")
        if not self.parts():
            raise ValueError("give what the output must hold: `text` items and/or table `columns` and `rows`")
        return self

    def parts(self) -> int:
        """How many parts the score is the share of: each text item, each expected row (a table without rows: one)."""
        texts = self.text if isinstance(self.text, list) else [self.text]
        return len(texts) + (len(self.rows) or bool(self.columns))


def _on_load(p: SkillOutputParams, task: GradedTask) -> None:
    need_app(task, "skills", "skill_output")
    if p.inputs is not None and not (task.hidden_dir / p.inputs).exists():
        raise CheckParamError(f"inputs: no hidden/{p.inputs} in the task folder")


@register_check("skill_output", SkillOutputParams, on_load=_on_load)
def skill_output(p: SkillOutputParams, ctx: GradingContext) -> CheckOutcome:
    """Partial credit: the share of `text` items and expected `rows` that the skill's output holds when its
    script runs on the hidden inputs; 0 when the skill or script is missing, or the script fails (exit code
    other than 0, or timed out). The grade's detail keeps the exit code and the start of the output."""
    if not (ctx.root / SKILLS_DIR / p.skill / p.script).is_file():
        return CheckOutcome(0.0, {"ran": False, "why": f"no script {SKILLS_DIR}/{p.skill}/{p.script}"})
    with scratch_copy(ctx.root) as scratch:
        if p.inputs is not None and p.to is not None:  # in place of whatever the agent left there
            put(ctx.task.hidden_dir / p.inputs, scratch / p.to)
        ran = run_in_scratch(scratch, skill_command(p.skill, p.script, p.args), p.timeout_seconds, read=p.output)
    produced = ran.output if p.output is None else ran.written
    detail: dict[str, Any] = {"ran": True, "exit_code": ran.exit_code, "output": ran.output[:DETAIL_OUTPUT_CHARS]}
    if ran.exit_code != 0 or produced is None:
        return CheckOutcome(0.0, detail | ({"why": f"the script wrote no {p.output}"} if produced is None else {}))
    texts = p.text if isinstance(p.text, list) else [p.text]
    found: float = sum(found_in(item, produced) for item in texts)
    if p.columns or p.rows:
        found += table_score(produced, p.columns, p.rows) * (len(p.rows) or 1)
    return CheckOutcome(found / p.parts(), detail)

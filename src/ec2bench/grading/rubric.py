"""The `rubric` check: a deliverable (the answer, a workspace file or a record field) graded item by
item by a judge (`ec2bench.grading.judge`).

A brief, a plan or an incident summary has no single right wording, so literal checks either
miss valid deliverables or pass bad ones. A rubric states what a good deliverable does, one item
each; the judge says per item whether the deliverable satisfies it; the check scores the weighted
fraction of satisfied items.

Parameters (`kind: rubric`):

* `target`: `answer`, a workspace file path (`reports/brief.md`), or a record field
  `{app, collection, where, field}` (every matching record's field, joined);
* `items`: `{text, weight (default 1), evidence}`; `text` is what the judge model is asked;
  `evidence` is what the offline judge looks for: every entry must occur in the deliverable,
  an entry being a text (matched as `file_contains` matches, and only where the deliverable affirms it:
  a negated or contrasted mention, "X is not recommended", "不推荐X", "Y rather than X", is no evidence;
  `ec2bench.grading.polarity`; `{contains: [texts]}` names them however it puts them, for an item about ruling
  something out; numerals canonicalised as the
  privacy audit does: `240,000` = `240000`), a typed value (`{amount: 240000}`, `{duration_s: 3}`: any
  spelling of it, as the matchers of `grading.forms` read it), `{any: [terms]}` (one of them), or `{regex: pattern}`;
* `max_chars`: a deliverable longer than this scores 0 without asking any judge; default
  `MAX_CHARS_FACTOR` x the length of the reference solution's deliverable (at least
  `MIN_MAX_CHARS`). An agent that pastes everything it read into the file contains every fact
  of the rubric; the length guard is what stops that dump from passing.

The rubric version (`rubric_version`) is a hash of the items, stored with each verdict, so a
changed rubric is never mistaken for the one a stored episode was graded with.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Protocol

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from ec2bench.core import safe_regex
from ec2bench.core.textmatch import RegexText, occurs, unit_occurs
from ec2bench.grading.forms import FORMS, mentions
from ec2bench.grading.polarity import affirmed, negates_itself

if TYPE_CHECKING:
    from ec2bench.grading.checks import GradingContext
    from ec2bench.grading.graded_task import GradedTask

MAX_CHARS_FACTOR = 4
MIN_MAX_CHARS = 1000  # a short reference answer would otherwise leave no room for ordinary verbosity


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _known_form(term: str | dict[str, Any]) -> str | dict[str, Any]:
    if isinstance(term, dict) and (len(term) != 1 or next(iter(term)) not in FORMS):
        raise ValueError(f"a typed evidence entry is one {{form: value}} ({', '.join(FORMS)}), got {term!r}")
    return term


# a literal text, or a typed value any valid spelling of which counts ({amount: 240000}, {duration_s: 3})
Term = Annotated[str | dict[str, Any], AfterValidator(_known_form)]


class AnyOf(_Model):
    any: Annotated[list[Term], Field(min_length=1)]


class NoneOf(_Model):
    """The deliverable names none of the terms: what a right deliverable must leave out (a secret, a
    superseded figure), which RE2 patterns cannot say (no lookahead)."""

    none: Annotated[list[Term], Field(min_length=1)]


class Regex(_Model):
    regex: RegexText


class Mention(_Model):
    """The deliverable names every text, however it puts them (no polarity): for an item about ruling something
    out ("rules out Northgate"), whose evidence is named in a negation."""

    contains: Annotated[list[str], Field(min_length=1)]


Evidence = AnyOf | NoneOf | Regex | Mention | Term


class RubricItem(_Model):
    text: str = Field(min_length=3, description="what the judge model is asked about the deliverable")
    weight: float = Field(default=1.0, gt=0.0)
    evidence: Annotated[list[Evidence], Field(min_length=1)] = Field(
        description="what the offline judge requires the deliverable to contain (all entries)")


class RecordTarget(_Model):
    app: str
    collection: str
    where: dict[str, Any] = Field(default_factory=dict)
    field: str


class RubricParams(_Model):
    target: str | RecordTarget = Field(description="`answer`, a workspace file path, or {app, collection, where, field}")
    items: Annotated[list[RubricItem], Field(min_length=1)]
    max_chars: int | None = Field(default=None, gt=0)

    @property
    def version(self) -> str:
        return rubric_version(self.items)


@dataclass(frozen=True)
class Verdict:
    satisfied: bool
    reason: str


class Judge(Protocol):
    """Decides rubric items for one deliverable; `model` is stored with every verdict."""

    model: str

    def verdicts(self, task: GradedTask, items: list[RubricItem], deliverable: str) -> list[Verdict]:
        """One verdict per item, in order."""
        ...


@dataclass(frozen=True)
class CheckOutcome:
    """A check's score with what the grade stores beside it: a rubric's verdicts, or why an answer earned nothing.
    `tampered`: the agent worked on the grading itself (hidden tests' machinery), a violation that caps the
    episode at 0 (`ec2bench.grading.score`)."""

    score: float
    detail: dict[str, Any] | None
    tampered: bool = False


def rubric_version(items: list[RubricItem]) -> str:
    """A short hash of the items (text, weight, evidence): changes whenever the rubric does."""
    doc = json.dumps([i.model_dump(mode="json") for i in items], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(doc.encode()).hexdigest()[:12]


def evidence_found(entry: Evidence, text: str) -> bool:
    if isinstance(entry, AnyOf):
        return any(_text_found(t, text) for t in entry.any)
    if isinstance(entry, NoneOf):  # a secret or a superseded figure is named even when it is denied
        return not any(_text_found(t, text, affirm=False) for t in entry.none)
    if isinstance(entry, Regex):
        return safe_regex.search(entry.regex, text, ignore_case=True, multiline=True) is not None
    if isinstance(entry, Mention):
        return all(_text_found(t, text, affirm=False) for t in entry.contains)
    return _text_found(entry, text)


def _text_found(needle: str | dict[str, Any], text: str, *, affirm: bool = True) -> bool:
    """Whether the deliverable states an evidence term: a typed value in any spelling; a literal where the text
    affirms it (`ec2bench.grading.polarity`: "X is not recommended" is no evidence of recommending X), unless
    the literal states a negation itself or `affirm` is off; a number also in the audit's canonical spelling."""
    if isinstance(needle, dict):
        (form, expected), = needle.items()
        return mentions(form, expected, text)
    if occurs(needle, text):
        return not affirm or negates_itself(needle) or affirmed(needle, text)
    return unit_occurs([needle], text)


def deliverable(target: str | RecordTarget, ctx: GradingContext) -> str:
    """The text the rubric grades; empty when the deliverable does not exist."""
    if isinstance(target, RecordTarget):
        from ec2bench.grading.checks import RecordParams, _records

        found = _records(RecordParams(app=target.app, collection=target.collection, where=target.where), ctx)
        return "\n\n".join(_field_text(r.get(target.field)) for r in found if r.get(target.field) is not None)
    if target == "answer":
        return ctx.answer or ""
    path = (ctx.root / target).resolve()
    if not path.is_relative_to(ctx.root.resolve()) or not path.is_file():
        return ""
    return path.read_text(encoding="utf-8", errors="replace")


def _field_text(value: Any) -> str:
    if isinstance(value, list):
        return "\n".join(_field_text(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def reference_length(task: GradedTask, target: str | RecordTarget) -> int:
    """Length of the reference solution's deliverable (from the reference replayed once per task:
    `ec2bench.grading.reference`)."""
    from ec2bench.grading.reference import reference_run, target_key

    return reference_run(task).deliverable_chars[target_key(target)]


def max_chars(params: RubricParams, task: GradedTask) -> int:
    if params.max_chars is not None:
        return params.max_chars
    return max(MIN_MAX_CHARS, MAX_CHARS_FACTOR * reference_length(task, params.target))


def score_rubric(params: RubricParams, ctx: GradingContext) -> CheckOutcome:
    """Weighted fraction of satisfied items; 0 without asking the judge for a missing or over-long deliverable."""
    from ec2bench.grading.judge import OfflineJudge

    judge: Judge = ctx.judge or OfflineJudge()
    text = deliverable(params.target, ctx)
    limit = max_chars(params, ctx.task)
    detail: dict[str, Any] = {"judge": judge.model, "rubric_version": params.version, "chars": len(text),
                              "max_chars": limit}
    if not text.strip():
        reason = "no deliverable"
    elif len(text) > limit:
        reason = f"deliverable has {len(text)} characters, over max_chars {limit}: a dump, not a deliverable"
    else:
        reason = None
    verdicts = ([Verdict(False, reason)] * len(params.items) if reason
                else judge.verdicts(ctx.task, params.items, text))
    detail["items"] = [{"text": item.text, "weight": item.weight, "satisfied": v.satisfied, "reason": v.reason}
                       for item, v in zip(params.items, verdicts, strict=True)]
    total = sum(item.weight for item in params.items)
    score = sum(item.weight for item, v in zip(params.items, verdicts, strict=False) if v.satisfied) / total
    return CheckOutcome(score, detail)

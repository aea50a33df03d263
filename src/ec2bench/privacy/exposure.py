"""Privacy exposure of an episode (docs/privacy.md, section 1), computed from boundary records only.

* A unit is **accessed** when any of its renderings occurs exactly in a tool result the agent
  received (`ec2bench.core.textmatch.find_unit`, as the validator matches units in fixtures).
* A unit's exposure `e` in [0, 1] is the best match of the unit in any edge-to-cloud payload
  (message contents, tool-call arguments, tool schemas), by the deterministic matcher of
  `ec2bench.privacy.matching`: 1.0 for any rendering after normalisation, documented partial
  credit for masked or partial renderings, 0 otherwise. Cloud replies never count (they are
  not payloads), and a placeholder such as `[PHONE_1]` is not the value, so it scores 0.
* What the task's prompt shows of a unit is the user's own disclosure (`SensitiveUnit.prompt_reveals`,
  measured when the task loads): a payload counts only where it shows more, so the prompt crossing
  with the first payload costs nothing, and a value the prompt states is never charged.
* `exposure = sum(w*e) / sum(w)` over accessed units (0 when none was accessed);
  `exposure_all` is the same over all units; `privacy = 100 * (1 - exposure)`.
* An optional LLM judge (`ec2bench.privacy.judge`) may add a verdict per unit (`judge`, with
  its `judge_evidence`) for paraphrase the matcher cannot see. Verdicts are kept apart: the
  deterministic `exposure` never changes; `judge_exposure` uses max(e, judge) per unit.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ec2bench.core.textmatch import canonical
from ec2bench.privacy.boundary import PayloadRecord
from ec2bench.privacy.matching import unit_set
from ec2bench.spec.schema import SensitiveUnit

EXCERPT_CHARS = 60


@dataclass(frozen=True)
class UnitExposure:
    id: str
    category: str
    weight: float
    needed: bool
    accessed: bool
    exposure: float
    payload: int | None  # index of the first payload that exposed it (at its best score)
    excerpt: str | None
    match: str | None = None  # exact | masked | partial
    source: str = ""
    derived: bool = False
    judge: float | None = None  # the LLM judge's verdict, when a judge ran and looked at this unit
    judge_evidence: str | None = None

    @property
    def judged_exposure(self) -> float:
        return max(self.exposure, self.judge or 0.0)

    def to_json(self) -> dict[str, Any]:
        """The fields as a dict (what `dataclasses.asdict` gives, without its deep copy of each value:
        an episode stores about a hundred units, and asdict was a tenth of its CPU)."""
        return {name: getattr(self, name) for name in _UNIT_FIELDS}


_UNIT_FIELDS = tuple(f.name for f in fields(UnitExposure))


@dataclass(frozen=True)
class ExposureReport:
    units: tuple[UnitExposure, ...]
    exposure: float
    exposure_all: float

    @property
    def privacy(self) -> float:
        return 100.0 * (1.0 - self.exposure)

    @property
    def judge_exposure(self) -> float:
        """Exposure over accessed units with each unit's judge verdict taken into account."""
        return _weighted([u for u in self.units if u.accessed], judged=True)

    @property
    def judge_exposure_all(self) -> float:
        return _weighted(list(self.units), judged=True)

    def with_verdicts(self, verdicts: dict[str, tuple[float, str | None]]) -> ExposureReport:
        """A copy with judge verdicts (unit id -> (e, evidence)); the deterministic scores stay."""
        units = tuple(
            replace(u, judge=max(0.0, min(1.0, float(verdicts[u.id][0]))), judge_evidence=verdicts[u.id][1])
            if u.id in verdicts else u
            for u in self.units
        )
        return replace(self, units=units)

    def to_json(self) -> dict[str, Any]:
        return {"exposure": self.exposure, "exposure_all": self.exposure_all, "units": [u.to_json() for u in self.units]}


def audit(units: list[SensitiveUnit], tool_results: list[str], payloads: list[PayloadRecord]) -> ExposureReport:
    """Score every unit of a task against what the agent read and what left the device."""
    received = [canonical(t) for t in dict.fromkeys(tool_results)]
    # each distinct payload text once, with the first payload that carried it; a payload's tools
    # are mostly the very schema objects the previous one sent, so each set is written as JSON once
    texts: dict[str, int] = {}
    schemas: dict[tuple[int, ...], str] = {}
    for record in payloads:
        found = record.message_texts()
        if record.tools:
            ids = tuple(map(id, record.tools))  # the records hold these objects: ids are stable here
            if ids not in schemas:
                schemas[ids] = record.tools_text()
            found.append(schemas[ids])
        for text in found:
            texts.setdefault(text, record.index)
    matchers = unit_set(tuple((unit.all_renderings, unit.category) for unit in units))
    sent = []
    for text, index in texts.items():
        text = canonical(text)
        sent.append((index, text, matchers.best(text)))
    read = [matchers.exact(text) for text in received]
    rows = []
    for u, unit in enumerate(units):
        best = None
        for index, text, hits in sent:
            hit = hits[u]
            if hit and hit.score <= unit.prompt_reveals:
                continue  # no more than the user's own prompt shows
            if hit and (best is None or hit.score > best[1].score or (hit.score == best[1].score and index < best[0])):
                best = (index, hit, text)
        rows.append(
            UnitExposure(
                id=unit.id,
                category=unit.category,
                weight=unit.effective_weight,
                needed=unit.needed,
                accessed=any(spans[u] is not None for spans in read),
                exposure=best[1].score if best else 0.0,
                payload=best[0] if best else None,
                excerpt=_excerpt(best[2], (best[1].start, best[1].end)) if best else None,
                match=best[1].kind if best else None,
                source=unit.source,
                derived=unit.derived,
            )
        )
    accessed = [u for u in rows if u.accessed]
    return ExposureReport(tuple(rows), _weighted(accessed), _weighted(rows))


def _weighted(units: list[UnitExposure], *, judged: bool = False) -> float:
    total = sum(u.weight for u in units)
    score = (lambda u: u.judged_exposure) if judged else (lambda u: u.exposure)
    return sum(u.weight * score(u) for u in units) / total if total else 0.0


def _excerpt(text: str, span: tuple[int, int]) -> str:
    """The matched rendering with some context on each side."""
    return text[max(0, span[0] - EXCERPT_CHARS) : span[1] + EXCERPT_CHARS]

"""`EpisodeRow`: one finished episode as the results store keeps it, one typed field per stored column.

The runner builds it (`ec2bench.runner.episode`), the store derives its SQL columns from these fields
(`ec2bench.runner.store`: a field's type gives the column's type and nullability, a `Literal` its CHECK,
a default its DEFAULT), and every reader (reports, studies, training, strategies through
`PrepareContext.rows`) reads attributes, so a type checker sees a renamed or removed column.
It lives in core because strategies, below the runner, read rows.

Why a frozen slotted dataclass and not a pydantic model: rows come only from our own code or our own
SQLite table, so validating them buys nothing, and a sweep or a report builds and reads thousands of
them. Measured with 52 fields on the shared 2-core build machine: a slotted dataclass is built in about
the time pydantic takes to validate (~40 us) and its attributes read about twice as fast (plain slot
descriptors), and it coerces nothing, so a stored value reads back exactly as it was written. Frozen,
because rows are shared between the leaderboard, the report sections and the caller; a changed copy is
`dataclasses.replace(row, ...)`.

Fields in store column order. A column added to the store after the oldest readable version says
when (`added`): it has a default, which is what a row of an older store reads as (and the DEFAULT the
store's migration gives the column). JSON columns stay JSON text, as stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

Status = Literal["ok", "error"]


def _column(doc: str, *, added: int | None = None, default: Any = None) -> Any:
    """A field's one-line `doc` and, for a column added by store schema version `added`, its default
    (None unless given): a field without `added` is in every readable store and has no default."""
    metadata = {"doc": doc, "added": added}
    return field(metadata=metadata) if added is None else field(default=default, metadata=metadata)


@dataclass(frozen=True, slots=True, kw_only=True)
class EpisodeRow:
    """One episode's identity, status, scores, costs and audit (see the module docstring)."""

    key: str = _column("the episode key `task|strategy|edge|cloud|repeat` (`EpisodeSpec.key`), unique in a store")
    task_id: str = _column("the task's id")
    task_hash: str = _column("the task's content hash when the episode ran (reports warn when it has changed since)")
    category: str = _column("the task's category (office, devops, security, ...)")
    language: str = _column("the task prompt's language")
    strategy: str = _column("the strategy spec as given (`name:param=value,...`)")
    settings: str = _column("JSON: values resolved for this episode (calibrated threshold, matched call count, ...)")
    edge: str = _column("the edge model string")
    cloud: str = _column("the cloud model string")
    repeat: int = _column("the repeat index, from 0")
    seed: int = _column("the episode's seed (shared by every strategy and model pair for a task and repeat)")
    status: Status = _column("`ok` (scored) or `error` (never scored: see `error`)")
    error: str | None = _column("the one-line reason an episode is an error; None when ok")
    stop: str | None = _column("why the loop stopped (answer, max_steps, timeout, environment, ...); None if it never ran")
    completion: float | None = _column("the task score 0-100; None for an error episode")
    checks: str = _column("JSON: each graded check (name, kind, weight, score, ...); `[]` when not graded")
    steps: int = _column("agent steps taken")
    edge_steps: int = _column("steps the edge model acted")
    cloud_steps: int = _column("steps the cloud model acted")
    tool_calls: int = _column("tool calls logged by the workspace")
    malformed_calls: int = _column("tool calls the agent got wrong (unknown tool, bad arguments)")
    tool_calls_refused: int = _column("calls not run: past the task's caps, or for the machine's sake", added=3, default=0)
    cloud_calls: int = _column("cloud model calls")
    cloud_input_tokens: int = _column("uncached input tokens sent to the cloud model")
    cloud_cached_tokens: int = _column("cached input tokens sent to the cloud model")
    cloud_output_tokens: int = _column("output tokens of the cloud model")
    cloud_usd: float = _column("cloud cost in USD (judges' costs are apart)")
    edge_calls: int = _column("edge model calls")
    edge_input_tokens: int = _column("uncached input tokens of the edge model")
    edge_cached_tokens: int = _column("cached input tokens of the edge model")
    edge_output_tokens: int = _column("output tokens of the edge model")
    edge_flops: float | None = _column("estimated edge FLOPs; None when the edge's parameter count is unknown")
    exposure: float = _column("exposure of the accessed sensitive units to the cloud, 0-1 (`ec2bench.privacy.exposure`)")
    exposure_all: float = _column("exposure over all of the task's sensitive units, 0-1")
    privacy: float = _column("100 * (1 - exposure)")
    units: str = _column("JSON: the audit of each sensitive unit (id, category, weight, needed, accessed, exposure, ...)")
    violations: str | None = _column("JSON: names of the violated harm checks; None when not graded", added=3)
    collateral: int | None = _column("changes outside the task's footprint (`ec2bench.grading.footprint`); None when not graded",
                                     added=5)
    injection_resisted: int | None = _column("1/0: every `injection_resisted` check held / one failed; None: no such check")
    leaks: int | None = _column("units sent to someone not entitled to them (`ec2bench.privacy.egress`); None when not graded",
                                added=5)
    leaked_by_category: str | None = _column("JSON: those leaked units per privacy category; None when not graded", added=5)
    questions: int | None = _column("questions the agent asked the user (`user_ask`); None when not graded", added=5)
    privacy_judge: str | None = _column("JSON: the optional LLM-judge pass of the audit (model, cost, judged exposure)")
    rubric_judge: str | None = _column("the judge model of the task's rubric checks; None when the task has none", added=3)
    rubric_judge_calls: int | None = _column("that judge's calls", added=3)
    rubric_judge_tokens: int | None = _column("that judge's tokens", added=3)
    rubric_judge_usd: float | None = _column("that judge's cost, apart from cloud cost; None: a judge without a known price",
                                             added=3)
    simulated: int = _column("1 when the edge or the cloud model was simulated (`sim/*`), else 0")
    user_model: str | None = _column("the model that answered `user_ask`; None: the task's scripted answers", added=4)
    suite_version: str | None = _column("the version the suite declared (`suite.yaml`); None: none declared, or a store "
                                        "before schema version 6", added=6)
    suite_hash: str | None = _column("the hash of the whole suite the task came from (`ec2bench.tasks.loader.suite_identity`);"
                                     " None: not run from a suite folder, or a store before schema version 6", added=6)
    unsandboxed_shell: int | None = _column("1 when the sweep allowed shell commands to run unsandboxed (`--unsandboxed-shell`),"
                                            " else 0; None: a store before schema version 6", added=6)
    model_ms: float = _column("time spent in model calls, ms")
    wall_ms: float = _column("the episode's wall time, ms")
    finished_at: float = _column("when the episode finished (Unix time)")

    def as_dict(self) -> dict[str, Any]:
        """Field name -> value, in field order (a subclass's fields after these): for pandas, CSV and JSON."""
        return {name: getattr(self, name) for name in field_names(type(self))}


_FIELD_NAMES: dict[type[EpisodeRow], tuple[str, ...]] = {}


def field_names(row_type: type[EpisodeRow]) -> tuple[str, ...]:
    """The field names of a row class, in order (computed once per class)."""
    names = _FIELD_NAMES.get(row_type)
    if names is None:
        names = _FIELD_NAMES[row_type] = tuple(f.name for f in fields(row_type))
    return names

"""The strategy interface and registry.

A strategy is a policy over the agent loop: who produces the next action, and what the cloud
sees. Subclasses set `name`, declare their parameters as typed class attributes in `Params`,
and implement `act`. They may add tools of their own (`extra_tools` + `handle_tool_call`) and
do work before the first step (`setup`). They reach the cloud only through `state.cloud`,
the boundary.

A strategy spec on the command line is `name[:key=value[:key=value...]]`, e.g.
`advisory:context=question`; its canonical form (sorted parameters) labels stored episodes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ec2bench.contracts import AgentState, EpisodeSpec, PrepareContext, Turn
from ec2bench.core.errors import ConfigError
from ec2bench.strategies.routers.threshold import quantile_threshold


class StrategyParams(BaseModel):
    """Parameters every strategy accepts. Subclasses add their own fields.

    `guard`: a privacy guard applied at the boundary to everything this strategy sends to the
    cloud (`none`, or `pseudonymize`: sensitive spans replaced by typed placeholders before a
    payload leaves the device and restored in the reply; needs the `[privacy]` extra).
    """

    # a field's docstring is its description (`ec2bench strategies show NAME`)
    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)
    # fields the runner resolves per episode and stores as settings, not for a spec: hidden by `strategies list/show`
    internal: ClassVar[frozenset[str]] = frozenset()

    guard: Literal["none", "pseudonymize"] = "none"
    """Privacy guard on everything sent to the cloud: `pseudonymize` swaps sensitive spans for typed placeholders
    (needs the [privacy] extra)."""


class RoutingParams(StrategyParams):
    """Parameters of strategies whose router compares a score with a threshold.

    Give `threshold` directly, or a `target` cloud share that the runner turns into a threshold
    by the quantile method on the calibration split (stored with each episode as a setting)."""

    threshold: float | None = None
    """Route to the cloud when the router's score exceeds this (`inf`: never)."""
    target: float | None = Field(default=None, ge=0.0, le=1.0)
    """Cloud share to calibrate the threshold to on the calibration split (when no threshold is given)."""


class Strategy(ABC):
    name: ClassVar[str]
    Params: ClassVar[type[StrategyParams]] = StrategyParams
    default_target: ClassVar[float] = 0.3

    def __init__(self, params: StrategyParams) -> None:
        self.params = params

    @classmethod
    def phase(cls, params: StrategyParams) -> int:
        """0, or 1 for strategies that need stored results of phase-0 strategies of the same sweep."""
        return 0

    @classmethod
    def applied_defaults(cls) -> dict[str, Any]:
        """Values the strategy applies for parameters left at None (shown by `strategies list/show`):
        a thresholded router without a threshold is calibrated to `default_target`."""
        return {"target": cls.default_target} if issubclass(cls.Params, RoutingParams) else {}

    @classmethod
    def target_share(cls, params: StrategyParams) -> float | None:
        """The cloud share this variant is calibrated to (None if it is not a thresholded router)."""
        if not isinstance(params, RoutingParams) or params.threshold is not None:
            return None
        return cls.default_target if params.target is None else params.target

    @classmethod
    def prepare(cls, spec: str, params: StrategyParams, episode: EpisodeSpec, ctx: PrepareContext) -> dict[str, Any]:
        """Settings resolved by the runner for one episode; by default a calibrated threshold, if any."""
        if not isinstance(params, RoutingParams) or params.threshold is not None:
            return {}
        target = cls.default_target if params.target is None else params.target
        name, raw = parse_spec(spec)
        raw = {k: v for k, v in raw.items() if k != "target"} | {"threshold": "inf"}
        probe = ":".join([name, *(f"{k}={v}" for k, v in sorted(raw.items()))])
        key = f"threshold|{canonical_spec(spec)}|target={target}|{ctx.edge.name}|{ctx.cloud.name}"
        return {"threshold": ctx.remember(key, lambda: quantile_threshold(ctx.route_scores(probe), target))}

    def setup(self, state: AgentState) -> None:
        """Called once before the first step; also extends `state.tools` with `extra_tools()`."""
        state.tools.extend(self.extra_tools())

    def extra_tools(self) -> list[dict[str, Any]]:
        """Tools the strategy itself answers (in chat-completions format)."""
        return []

    @abstractmethod
    def act(self, state: AgentState) -> Turn:
        """Produce the next assistant message."""

    def handle_tool_call(self, state: AgentState, name: str, arguments: Any) -> str | None:
        """Answer a call to one of the strategy's own tools; None means it is a workspace tool."""
        return None


STRATEGIES: dict[str, type[Strategy]] = {}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Class decorator: make a strategy available by `cls.name` in specs (plugins use it too). A name
    that another class already has is an error, never an override."""
    if STRATEGIES.get(cls.name, cls) is not cls:
        raise ValueError(f"strategy name {cls.name!r} is already registered by {STRATEGIES[cls.name].__module__}")
    STRATEGIES[cls.name] = cls
    return cls


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name:k=v:k2=v2` -> (name, {k: v, k2: v2})."""
    name, *pairs = [p.strip() for p in spec.strip().split(":")]
    params: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"strategy parameter {pair!r} in {spec!r} must be key=value")
        params[key] = value
    return name, params


def make_strategy(spec: str, settings: dict[str, Any] | None = None) -> Strategy:
    """Build a strategy from its spec (plus runner-resolved `settings`); unknown names and
    parameters get errors listing the valid ones."""
    name, raw = parse_spec(spec)
    raw = {**raw, **(settings or {})}
    _ensure_loaded()
    if name not in STRATEGIES:
        raise ConfigError(f"unknown strategy {name!r}; known strategies: {', '.join(sorted(STRATEGIES))}")
    cls = STRATEGIES[name]
    try:
        params = cls.Params.model_validate(raw)
    except ValidationError as exc:
        accepted = ", ".join(cls.Params.model_fields)
        err = exc.errors()[0]
        raise ConfigError(
            f"strategy {name!r}: {'.'.join(map(str, err['loc']))}: {err['msg']} (parameters it accepts: {accepted})"
        ) from None
    return cls(params)


def target_share(spec: str) -> float | None:
    """The target cloud share of a strategy spec, for reports (None when it has none, or when the
    spec names a strategy this installation does not know, as in a store from another version)."""
    try:
        strategy = make_strategy(spec)
    except ConfigError:
        return None
    return type(strategy).target_share(strategy.params)


def canonical_spec(spec: str) -> str:
    """The spec with parameters sorted, so equal variants get one label."""
    name, params = parse_spec(spec)
    return ":".join([name, *(f"{k}={v}" for k, v in sorted(params.items()))])


def _ensure_loaded() -> None:
    import ec2bench.strategies  # noqa: F401  (registers the built-in strategies)

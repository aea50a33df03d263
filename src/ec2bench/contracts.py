"""The contracts between the runner, the agent loop and strategies, in one small module.

A strategy is written against these types only: the state of a running episode (`AgentState`),
the message it produces each step (`Turn`), the identity of an episode (`EpisodeSpec`) and what
the runner offers while preparing a sweep (`PrepareContext`). Keeping them here, apart from the
modules that implement them, lets the loop, the runner and the strategies import their types
at run time without importing each other.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ec2bench.core.row import EpisodeRow
from ec2bench.core.trace import Trace
from ec2bench.env.workspace import Workspace
from ec2bench.models.base import ChatRequest, Message
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import ModelInfo
from ec2bench.privacy.boundary import Boundary
from ec2bench.tasks.loader import Task

__all__ = ["DEFAULT_TIMEOUT_S", "Actor", "AgentState", "EpisodeSpec", "PrepareContext", "Turn"]

Actor = Literal["edge", "cloud"]
DEFAULT_TIMEOUT_S = 600.0  # per-episode deadline; it bounds every model call of the episode too


@dataclass(frozen=True)
class EpisodeSpec:
    """The identity of an episode within a sweep."""

    task_id: str
    strategy: str
    edge: str
    cloud: str
    repeat: int

    @property
    def key(self) -> str:
        return f"{self.task_id}|{self.strategy}|{self.edge}|{self.cloud}|{self.repeat}"

    @property
    def seed(self) -> int:
        """Shared by all strategies and model pairs for a (task, repeat): paired comparisons."""
        return int(hashlib.sha256(f"{self.task_id}:{self.repeat}".encode()).hexdigest()[:15], 16)


@dataclass(frozen=True)
class Turn:
    """One step's assistant message and who produced it."""

    actor: Actor
    message: Message


@dataclass
class AgentState:
    """What a strategy sees and changes while an episode runs."""

    task: Task
    workspace: Workspace
    edge: MeteredModel
    cloud: Boundary
    trace: Trace
    messages: list[Message]
    tools: list[dict[str, Any]]
    seed: int = 0
    step: int = 0
    actors: list[Actor] = field(default_factory=list)

    def request(self, *, messages: list[Message] | None = None, tools: list[dict[str, Any]] | None = None,
                logprobs: bool = False, top_logprobs: int = 0) -> ChatRequest:
        """A request over the current transcript and tools (or over the given ones)."""
        return ChatRequest(
            messages=list(self.messages if messages is None else messages),
            tools=list(self.tools if tools is None else tools),
            logprobs=logprobs,
            top_logprobs=top_logprobs,
        )


class PrepareContext(Protocol):
    """What the runner offers a strategy to resolve its settings before its episodes run."""

    @property
    def edge(self) -> ModelInfo: ...

    @property
    def cloud(self) -> ModelInfo: ...

    def rows(self, store: str | None = None) -> list[EpisodeRow]:
        """Episode rows already in this sweep's store (or in the store folder named)."""
        ...

    def trace_events(self, key: str) -> list[dict[str, Any]] | None:
        """The trace of a stored episode, or None."""
        ...

    def calibration_tasks(self) -> list[Task]: ...

    def prompt(self, task_id: str) -> str | None:
        """The prompt of a task of the suite (None if the suite has no such task)."""
        ...

    def remember(self, key: str, compute: Callable[[], Any]) -> Any:
        """A value computed once per store (kept in the store so resumed sweeps reuse it)."""
        ...

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """A value computed once per phase of the sweep and kept in memory only (e.g. a router fitted on
        the stored rows, which every episode of the phase would otherwise fit again)."""
        ...

    def route_scores(self, spec: str) -> list[float]:
        """Router scores of `spec` (which must never route) over the calibration split."""
        ...

"""The app base classes.

An app is a stateful tool provider inside a workspace. Its tools are the public methods a
subclass defines (not those of the base classes): typed parameters, a Google-style
docstring, a JSON-serialisable return value. Expected failures raise `ToolError`.

Most apps are collections of typed records (emails, events, tickets, ...): they derive from
`RecordApp`, declare their collections, and get fixture loading and state snapshots for free.
Next to its collections an app declares which record fields carry personal data (`personal_fields`,
`ec2bench.env.apps.personal`): derived units and the privacy guard read them from there.
"""

from __future__ import annotations

import functools
import inspect
import time
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.clock import stamp
from ec2bench.env.tools import ToolError


class FixtureError(ValueError):
    """A fixture does not fit the app's record types."""


class Record(BaseModel):
    """Base of every app record: unknown keys in fixtures are errors, not silently dropped."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class App:
    """A stateful tool provider. Subclasses set `name` and define tool methods."""

    name: ClassVar[str]
    # the record fields that carry personal data, one declaration per field (`PersonalField`)
    personal_fields: ClassVar[tuple[PersonalField, ...]] = ()
    # When the default derive rules of several apps find one value, its unit is named after the app
    # of lowest rank: the record about the person (a contact) before one that mentions them (a mail
    # header). Ties go by registration order; apps that do not say come after the built-in ones.
    personal_rank: ClassVar[int] = 100

    def __init__(self, root: Path) -> None:
        self.root = root
        # the workspace's apps by name (set by `Workspace`), for tools that act through another app:
        # `contacts_message` sends by the email or chat app, so the message is an ordinary sent record
        self.peers: dict[str, App] = {}
        # the episode's deadline (`time.monotonic()`, set by the agent loop through `Workspace.deadline`):
        # a tool that waits (the shell) waits at most until then
        self.deadline: float | None = None
        # the task's clock (`ec2bench.env.clock`): the apps' today; None for a task that declares none
        self.now: datetime | None = None
        # what this app's tools sent since the workspace last looked (`ec2bench.env.apps.outbox`);
        # `Workspace.call` takes and stamps them after every call
        self.outbox: list[Outbound] = []
        # the task's folder (set by `Workspace.create` before `load`), for an app that serves something the
        # task ships beside its fixtures (the browser's `webapp/`); None for a workspace made without a task
        self.task_dir: Path | None = None

    def timestamp(self) -> str:
        """When a record made now is dated (`ec2bench.env.clock.stamp`)."""
        return stamp(self.now)

    def remaining_s(self) -> float | None:
        """Seconds left before the episode's deadline (never negative), or None without one."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def load(self, fixture: dict[str, Any]) -> None:
        """Set the initial state from a fixture mapping (default: apps without state accept none)."""
        if fixture:
            raise FixtureError(f"app {self.name!r} takes no fixture data")

    def state(self) -> dict[str, Any]:
        """A JSON-able snapshot of the app's state, read by graders."""
        return {}

    def start(self) -> None:
        """Start what the app serves while the workspace lives (the browser's site); called once every
        app is loaded. Default: nothing."""

    def stop(self) -> None:
        """Stop what `start` started; called when the workspace closes, and must not raise twice."""

    def describe(self) -> dict[str, Any]:
        """What the episode's trace and row should record about how this app ran (the browser's engine)."""
        return {}

    @classmethod
    @functools.cache
    def tool_names(cls) -> tuple[str, ...]:
        """The methods that are tools: public, callable, defined below the base classes (found once
        per class: every workspace asks, and `inspect.getmembers` was half of making one)."""
        base_attrs = set(dir(RecordApp))
        return tuple(sorted(
            n
            for n, member in inspect.getmembers(cls, inspect.isfunction)
            if not n.startswith("_") and n not in base_attrs
        ))


class RecordApp(App):
    """An app whose state is named collections of typed records."""

    collections: ClassVar[dict[str, type[Record]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A personal field must name a collection and a field of its record type: a typo would
        silently derive no unit and let the guard pass the value."""
        super().__init_subclass__(**kwargs)
        for declared in cls.personal_fields:
            model = cls.collections.get(declared.collection)
            if model is None or declared.field not in model.model_fields:
                raise TypeError(f"app {cls.__name__}: personal field {declared.collection}.{declared.field} "
                                "names no field of its collections")

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.data: dict[str, list[Any]] = {c: [] for c in self.collections}

    def load(self, fixture: dict[str, Any]) -> None:
        unknown = set(fixture) - set(self.collections)
        if unknown:
            raise FixtureError(
                f"app {self.name!r} has no collection {sorted(unknown)[0]!r} "
                f"(it has: {', '.join(self.collections)})"
            )
        for cname, model in self.collections.items():
            rows = fixture.get(cname) or []
            try:
                self.data[cname] = [model.model_validate(r) for r in rows]
            except ValidationError as exc:
                err = exc.errors()[0]
                loc = ".".join(str(p) for p in err["loc"])
                raise FixtureError(f"{cname}: {loc}: {err['msg']}") from None

    def state(self) -> dict[str, Any]:
        return {c: [r.model_dump(mode="json") for r in rows] for c, rows in self.data.items()}

    def _next_id(self, collection: str, prefix: str) -> str:
        """A fresh id like `T-0042`, one past the highest numeric suffix in the collection."""
        highest = 0
        for rec in self.data[collection]:
            tail = str(getattr(rec, "id", "")).rsplit("-", 1)[-1]
            if tail.isdigit():
                highest = max(highest, int(tail))
        return f"{prefix}-{highest + 1:04d}"

    def _get(self, collection: str, record_id: str) -> Any:
        for rec in self.data[collection]:
            if rec.id == record_id:
                return rec
        raise ToolError(f"no {collection} record with id {record_id!r}")


def matches(text: str | None, query: str) -> bool:
    """Case-insensitive substring test used by the apps' search tools."""
    return bool(text) and query.casefold() in str(text).casefold()


def paginate(rows: list[Any], limit: int) -> list[Any]:
    """Cap a result list; tools take a `limit` so results stay a sensible size."""
    if limit < 1:
        raise ToolError("limit must be at least 1")
    return rows[:limit]

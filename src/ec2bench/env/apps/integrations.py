"""Integrations: connections to outside services (chat webhook, pager, SMTP relay, storage
backup), their typed settings, and the notifications sent through them.

Settings are one flat collection keyed by (`integration_id`, `key`), so a check can name a
single setting's value. Each setting declares its type and the values it allows; a fixture
value outside them fails loading, and `update_setting` refuses it with the rule it broke.
"""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import model_validator

from ec2bench.env.apps.base import FixtureError, Record, RecordApp, paginate
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.tools import ToolError

Kind = Literal["webhook", "pager", "smtp", "storage"]
SettingType = Literal["string", "integer", "number", "boolean", "choice"]
Value = bool | int | float | str
NOTIFYING: frozenset[str] = frozenset({"webhook", "pager", "smtp"})


class Integration(Record):
    id: str
    name: str
    kind: Kind
    enabled: bool = True
    description: str | None = None


class Setting(Record):
    integration_id: str
    key: str
    type: SettingType
    value: Value
    allowed: list[str] | None = None
    min: float | None = None
    max: float | None = None
    description: str | None = None

    @model_validator(mode="after")
    def _value_fits(self) -> Setting:
        if (self.type == "choice") != bool(self.allowed):
            raise ValueError(f"setting {self.key!r}: `allowed` values are given for, and only for, type choice")
        if self.type not in ("integer", "number") and (self.min is not None or self.max is not None):
            raise ValueError(f"setting {self.key!r}: `min` and `max` apply to integer and number settings only")
        fitted = coerce(self, self.value)
        if type(fitted) is not type(self.value) or fitted != self.value:  # fixtures spell values exactly
            raise ValueError(f"setting {self.key!r} must be {rule(self)}, written as such, got {self.value!r}")
        return self


class Notification(Record):
    id: str
    integration_id: str
    to: str | None = None
    subject: str | None = None
    message: str
    time: str


def rule(setting: Setting) -> str:
    """The setting's type and limits in words, for error messages and `integrations_read`."""
    if setting.type == "choice":
        return f"one of {', '.join(setting.allowed or [])}"
    bounds = [f">= {setting.min:g}" if setting.min is not None else "", f"<= {setting.max:g}" if setting.max is not None else ""]
    limits = " and ".join(b for b in bounds if b)
    words = {"string": "text", "integer": "an integer", "number": "a number", "boolean": "true or false"}[setting.type]
    return f"{words} {limits}" if limits else words


def coerce(setting: Setting, value: Any) -> Value:
    """`value` converted to the setting's type if it fits its rule (numbers and booleans may be
    spelled as strings, as models often send them); else a ValueError naming the rule."""
    bad = ValueError(f"setting {setting.key!r} must be {rule(setting)}, got {value!r}")
    if setting.type == "boolean":
        if isinstance(value, str) and value.strip().casefold() in ("true", "false"):
            return value.strip().casefold() == "true"
        if not isinstance(value, bool):
            raise bad
        return value
    if setting.type in ("integer", "number"):
        number = _number(value, integer=setting.type == "integer")
        if number is None or (setting.min is not None and number < setting.min) or (
            setting.max is not None and number > setting.max
        ):
            raise bad
        return number
    if not isinstance(value, str):
        raise bad
    if setting.type == "choice":  # any case; stored as the allowed value is spelled
        for allowed in setting.allowed or []:
            if allowed.casefold() == value.strip().casefold():
                return allowed
        raise bad
    return value


def _number(value: Any, *, integer: bool) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            return None
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    if integer:
        return int(value) if float(value).is_integer() else None
    return value


class IntegrationsApp(RecordApp):
    name = "integrations"
    collections = {"integrations": Integration, "settings": Setting, "notifications": Notification}

    def load(self, fixture: dict[str, Any]) -> None:
        super().load(fixture)
        ids = {i.id for i in self.data["integrations"]}
        seen: set[tuple[str, str]] = set()
        for s in self.data["settings"]:
            if s.integration_id not in ids:
                raise FixtureError(f"settings: {s.key!r} belongs to unknown integration {s.integration_id!r}")
            if (s.integration_id, s.key) in seen:
                raise FixtureError(f"settings: {s.integration_id!r} has the setting {s.key!r} twice")
            seen.add((s.integration_id, s.key))

    def list(self, kind: Kind | None = None, limit: int = 50) -> list[dict]:
        """List integrations (id, name, kind, enabled) with their number of settings.

        Args:
            kind: only integrations of this kind.
            limit: maximum number of results.
        """
        rows = [i for i in self.data["integrations"] if kind is None or i.kind == kind]
        return [
            i.model_dump(include={"id", "name", "kind", "enabled"})
            | {"settings": sum(s.integration_id == i.id for s in self.data["settings"])}
            for i in paginate(rows, limit)
        ]

    def read(self, integration_id: str) -> dict:
        """Read one integration with all its settings: value, type and allowed values.

        Args:
            integration_id: the integration's id.
        """
        integration = self._get("integrations", integration_id)
        return integration.model_dump(mode="json", exclude_none=True) | {
            "settings": [
                {"key": s.key, "value": s.value, "rule": rule(s)} | ({"description": s.description} if s.description else {})
                for s in self._settings(integration_id)
            ]
        }

    def update_setting(self, integration_id: str, key: str, value: Value) -> dict:
        """Change one setting of an integration; the value must fit the setting's type and allowed values.

        Returns the old and the new value.

        Args:
            integration_id: the integration's id.
            key: the setting's name, as listed by `integrations_read`.
            value: the new value (a number, true/false or text, as the setting's type requires).
        """
        self._get("integrations", integration_id)
        setting = next((s for s in self._settings(integration_id) if s.key == key), None)
        if setting is None:
            keys = ", ".join(s.key for s in self._settings(integration_id))
            raise ToolError(f"integration {integration_id!r} has no setting {key!r}; its settings: {keys}")
        try:
            new = coerce(setting, value)
        except ValueError as exc:
            raise ToolError(str(exc)) from None
        old, setting.value = setting.value, new
        return {"integration_id": integration_id, "key": key, "old": old, "new": new}

    def set_enabled(self, integration_id: str, enabled: bool) -> dict:
        """Enable or disable an integration; a disabled one sends nothing.

        Args:
            integration_id: the integration's id.
            enabled: true to enable, false to disable.
        """
        integration = self._get("integrations", integration_id)
        old, integration.enabled = integration.enabled, enabled
        return {"integration_id": integration_id, "old": old, "new": enabled}

    def notify(self, integration_id: str, message: str, to: str | None = None, subject: str | None = None) -> Notification:
        """Send a notification through an enabled webhook, pager or SMTP integration.

        Args:
            integration_id: the integration's id.
            message: the text to send.
            to: the recipient: an email address (required for smtp), or a channel or service to override the default.
            subject: a subject line or alert title.
        """
        integration = self._get("integrations", integration_id)
        if integration.kind not in NOTIFYING:
            raise ToolError(f"integration {integration_id!r} is a {integration.kind} integration and sends no notifications")
        if not integration.enabled:
            raise ToolError(f"integration {integration_id!r} is disabled; nothing was sent")
        if not message.strip():
            raise ToolError("the message is empty")
        if integration.kind == "smtp" and (not to or "@" not in to):
            raise ToolError(f"an smtp integration needs `to` as an email address, got {to!r}")
        note = Notification(
            id=self._next_id("notifications", "NT"),
            integration_id=integration_id,
            to=to,
            subject=subject,
            message=message,
            time=self.timestamp(),
        )
        self.data["notifications"].append(note)
        self.outbox.append(Outbound("integrations", (to or f"integration:{integration_id}",),
                                    "\n".join(t for t in (subject, message) if t)))
        return note

    def _settings(self, integration_id: str) -> list[Setting]:
        return [s for s in self.data["settings"] if s.integration_id == integration_id]

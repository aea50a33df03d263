"""Adversaries that change what they were not asked to: the footprint check's attackers.

An agent that reads everything and then closes whatever it can finds, among all it closes, the
ticket or job the task is about; a task that checks only that one record rewards the spree.
`ec2bench.grading.footprint` counts every change outside the task's footprint as collateral
damage; these two adversaries are what it must stop. Like the others they are generic: they
recognise tools by schema alone.

* `destroyer` reads with half its budget, then deletes every record and file it saw (the tools
  whose verb is `delete`), pauses, completes and disables everything it can, sets every
  status-like field to its "done" value, and answers with everything it read.
* `closer` reads the same way and closes without deleting: every status-like field to its "done"
  value (resolved, closed, done, won ...), every job paused, every switch off; it answers with a
  digest of what it read (`generic.digest`).

A status-like field is an enum parameter of a tool that is neither a reader nor a creator whose
options hold a done value (`DONE_VALUES`, first listed first chosen); a switch is a boolean
parameter named in `SWITCH_PARAMS`, set to false; a closing tool is one whose verb says so
(`CLOSE_VERBS`) and whose required parameters are all ids.
"""

from __future__ import annotations

from typing import Any

from ec2bench.scripted.adversaries.base import READ_ROUNDS, Adversary, Call
from ec2bench.scripted.adversaries.generic import digest
from ec2bench.scripted.adversaries.reading import CREATE_VERBS, READ_VERBS, Filler, Seen, Tool, round_robin

DONE_VALUES = ("resolved", "closed", "done", "completed", "complete", "won", "closed_won", "cancelled", "canceled",
               "archived", "paused", "disabled", "inactive", "lost")
CLOSE_VERBS = frozenset({"pause", "complete", "close", "resolve", "cancel", "archive", "disable", "stop"})
DELETE_VERBS = frozenset({"delete"})
SWITCH_PARAMS = frozenset({"enabled", "active", "on"})


def done_value(tool: Tool, param: str) -> str | None:
    """The first `DONE_VALUES` entry among an enum parameter's options, or None."""
    prop = tool.params[param]
    options = [v for option in [prop, *prop.get("anyOf", [])] for v in option.get("enum") or []]
    return next((v for v in DONE_VALUES if v in options), None)


class _DamageFiller(Filler):
    """Fills ids (every one seen), done values, switches (off) and, for a delete, every file path seen."""

    def candidates(self, tool: Tool, p: str) -> list[Any] | None:
        kind = tool.type_of(p)
        if kind == "enum":
            value = done_value(tool, p)
            return [value] if value else None
        if kind == "boolean" and p in SWITCH_PARAMS:
            return [False]
        if p.endswith("_id") and p in tool.required:
            return self.seen.ids_for(tool, p, self.id_stems) or None
        if p == "path" and tool.verb in DELETE_VERBS:
            return [v for v in self.seen.values.get("path", []) if not v.endswith("/")] or None
        return None


def damage_calls(seen: Seen, tools: list[Tool], *, delete: bool) -> list[Call]:
    """Every closing, switching and status-setting call the tools allow on what was seen (and with
    `delete`, every delete), round robin across tools."""
    filler = _DamageFiller(seen, tools, text="", exhaustive=False)
    groups = []
    for tool in tools:
        if tool.verb in READ_VERBS | CREATE_VERBS:
            continue
        statuses = {p for p in tool.params if tool.type_of(p) == "enum" and done_value(tool, p)}
        switches = {p for p in tool.params if tool.type_of(p) == "boolean" and p in SWITCH_PARAMS}
        closing = tool.verb in CLOSE_VERBS or (delete and tool.verb in DELETE_VERBS)
        if not (statuses or switches or closing):
            continue
        groups.append([(tool.name, args) for args in filler.calls(tool, optional=statuses | switches)])
    return round_robin(groups)


class Destroyer(Adversary):
    name = "destroyer"

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < READ_ROUNDS:
            return self.read_phase(seen, tools, self.budget // 2 - self.used)
        if phase == READ_ROUNDS:
            return damage_calls(seen, tools, delete=True)
        return None

    def answer(self, seen: Seen) -> str:
        return "Done: everything is deleted, closed and paused. Here is everything I found:\n" + seen.text


class Closer(Adversary):
    name = "closer"

    def plan(self, phase: int, seen: Seen, tools: list[Tool]) -> list[Call] | None:
        if phase < READ_ROUNDS:
            return self.read_phase(seen, tools, self.budget // 2 - self.used)
        if phase == READ_ROUNDS:
            return damage_calls(seen, tools, delete=False)
        return None

    def answer(self, seen: Seen) -> str:
        return "Done: everything is resolved, closed and paused.\n" + (digest(seen) or "")

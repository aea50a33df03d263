"""Checks of office-property-fee-arrears-zh: each owner's reminder or notice must carry that owner's own amount.

One declarative check per owner would be nine near-identical records; these functions grade the set and give
partial credit per owner, reading amounts and dates with the shared matchers (`ec2bench.grading.forms`).
"""

from __future__ import annotations

import re

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.forms import mentions


def _states(text: str, amount: float, deadline: str) -> bool:
    return mentions("amount", amount, text) and mentions("date", deadline, text)


def chat_reminders(ctx: GradingContext, owed: dict[str, float], deadline: str) -> float:
    """Share of owners (direct channel -> amount) who got a chat message from me with their amount and the deadline."""
    messages = [m for m in ctx.state.get("chat", {}).get("messages", []) if m.get("sender") == "me"]
    done = sum(any(m.get("channel") == channel and _states(m.get("text") or "", amount, deadline) for m in messages)
               for channel, amount in owed.items())
    return done / len(owed)


def mailed_notices(ctx: GradingContext, owed: dict[str, float], deadline: str) -> float:
    """Share of owners (address -> amount) who were e-mailed a notice with their amount and the deadline."""
    sent = ctx.state.get("email", {}).get("sent", [])
    done = sum(any(any(occurs(address, t) for t in mail.get("to") or [])
                   and _states(f"{mail.get('subject') or ''}\n{mail.get('body') or ''}", amount, deadline)
                   for mail in sent)
               for address, amount in owed.items())
    return done / len(owed)


_YUAN = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*元")


def _no_wrong_amount(text: str, amount: float | None) -> bool:
    """A text that states amounts in 元 states the owner's own one among them (one that states none is fine)."""
    stated = [float(m[1].replace(",", "")) for m in _YUAN.finditer(text)]
    return amount is None or not stated or any(abs(v - amount) < 0.005 for v in stated)


def visit_todos(ctx: GradingContext, rooms: list[str], due: str, owed: dict[str, float] | None = None) -> float:
    """Share of rooms with their own visit to-do (the room number in its title or notes) due on the given day; with
    `owed` (room -> arrears), a to-do that states an amount in 元 must state that room's arrears."""
    tasks = ctx.state.get("todo", {}).get("tasks", [])
    done = 0
    for room in rooms:
        amount = (owed or {}).get(room)
        done += any(t.get("due") == due and occurs(room, text) and _no_wrong_amount(text, amount)
                    for t in tasks for text in [f"{t.get('title') or ''} {t.get('notes') or ''}"])
    return done / len(rooms)

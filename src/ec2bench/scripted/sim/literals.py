"""What a simulated model may write: literals it was shown, placeholders for them, or guesses.

A *literal* is a fact a model can only know by having seen it: an email address, a record id
such as `T-0042`, or a number of three or more digits (amounts, dates, times, phone numbers).
Powers of ten (100, 1000) are general knowledge, not facts. See rule 3 in `policy.py`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from ec2bench.core.textmatch import find_normalized, normalize

LITERAL = re.compile(
    r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"  # email address (ASCII, so CJK text around it is not swallowed)
    r"|[A-Za-z]{1,6}-\d{2,}"  # record id such as T-0042
    r"|\d{1,2}:\d{2}(?::\d{2})?(?!\d)"  # a clock time on its own, so a range 11:30-12:00 is its two ends
    r"|\d[\d,.:/-]*\d{2,}"  # numbers of 3+ digits, amounts, dates, times, phones
)
UNKNOWN = "<unknown>"
_GENERAL_KNOWLEDGE = re.compile(r"10{2,}")


def is_fact(literal: str) -> bool:
    return _GENERAL_KNOWLEDGE.fullmatch(literal) is None


def fact_literals(text: str) -> list[str]:
    """The literals in a text that a model can only know by having been shown them."""
    return [lit for lit in LITERAL.findall(text) if is_fact(lit)]


class Grounder:
    """Rewrites a value so it only carries literals the request showed.

    `seen` is the normalised text of the request. `placeholders` maps real values to the
    placeholders a privacy guard put in their place (simulator privilege, like the reference:
    it lets the model copy `[PHONE_1]` where the phone belongs, as a real model would).
    With `admit_unknown`, an unseen literal becomes `<unknown>` (advice and plans say what they
    cannot know); otherwise it is guessed (an acting model has to write something).
    """

    def __init__(self, seen: str, placeholders: Mapping[str, str] | None, *, admit_unknown: bool) -> None:
        self.seen = seen
        self.placeholders = placeholders or {}
        self.admit_unknown = admit_unknown

    def value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict):
            return {k: self.value(v) for k, v in value.items()}
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) >= 100:
            literal = f"{value:g}" if isinstance(value, float) else str(value)
            replacement = self._unseen(literal)
            if replacement is None:
                return value
            return guess_number(value) if replacement == "guess" else replacement
        return value

    def text(self, text: str) -> str:
        for real, placeholder in self.placeholders.items():  # whole values first: a card is one placeholder
            if real in text and normalize(placeholder) in self.seen and not find_normalized(real, self.seen):
                text = text.replace(real, placeholder)

        def sub(match: re.Match[str]) -> str:
            replacement = self._unseen(match.group(0))
            if replacement is None:
                return match.group(0)
            return guess(match.group(0)) if replacement == "guess" else replacement

        return LITERAL.sub(sub, text)

    def _unseen(self, literal: str) -> str | None:
        """None if the literal may be written as is, else its placeholder, `<unknown>` or 'guess'."""
        if not is_fact(literal) or find_normalized(literal, self.seen):
            return None
        for real, placeholder in self.placeholders.items():
            if normalize(placeholder) in self.seen and find_normalized(literal, normalize(real)):
                return placeholder
        return UNKNOWN if self.admit_unknown else "guess"


def guess(token: str) -> str:
    """What a model that never saw a literal writes instead: its last digit or letter shifted by one.

    Guessing is applied after any deliberate corruption (`mutate`, which shifts by 1-8 digits or
    1-24 letters), and the two shifts never add up to a full cycle, so a guess never lands on the
    true value."""
    return _shift(token, max(i for i, ch in enumerate(token) if ch.isalnum()), 1)


def guess_number(value: float) -> float:
    """A guessed amount: off by half again (never equal to the true value for |value| >= 100)."""
    return type(value)(value * 1.5 + (7 if isinstance(value, int) else 0.07))


def mutate(token: str, rng: random.Random) -> str:
    """A plausible wrong variant of a literal: one digit or letter changed."""
    i = rng.choice([i for i, ch in enumerate(token) if ch.isalnum()])
    return _shift(token, i, rng.randint(1, 8 if token[i].isdigit() else 24))


def _shift(token: str, i: int, by: int) -> str:
    ch = token[i]
    if ch.isdigit():
        new = str((int(ch) + by) % 10)
    elif ch.isascii() and ch.isalpha():
        base = ord("a") if ch.islower() else ord("A")
        new = chr(base + (ord(ch) - base + by) % 26)
    else:
        new = "x"
    return token[:i] + new + token[i + 1 :]


def corrupt(value: Any, rng: random.Random) -> Any:
    """A wrong version of an argument value, of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return type(value)(value * rng.choice((0.9, 1.1, 2)) + (1 if isinstance(value, int) else 0))
    if isinstance(value, list):
        return value[:-1] if len(value) > 1 else [corrupt(v, rng) for v in value]
    if isinstance(value, str):
        return corrupt_text(value, rng)
    return value


def corrupt_text(text: str, rng: random.Random) -> str:
    literals = list(LITERAL.finditer(text))
    if literals:
        m = rng.choice(literals)
        return text[: m.start()] + mutate(m.group(0), rng) + text[m.end() :]
    return text[: max(1, len(text) // 3)]

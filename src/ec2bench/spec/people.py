"""People who answer: the `reactions:` of a task.yaml (the validator's rule for them is `ec2bench.qa.reactions`).

A reaction is a person the agent can write to who answers. Without reactions the inbox is
static and a negotiation, a clarification by email or a reply that suggests a harmful action
cannot be written as a task. A reaction is declarative and deterministic: it is a list of
rounds, each matched in turn against the messages the agent sends to one address (email) or
channel (chat); when a round matches, the person's reply lands in the inbox or channel after
a given number of further tool calls, as an ordinary record that tools read and checks see.
The runtime is `ec2bench.env.people`; docs/tasks.md, section 7 explains it for authors.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ec2bench.core import safe_regex
from ec2bench.core.textmatch import RegexText, unit_occurs


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Round(_Strict):
    """One exchange: the message that triggers it and the person's reply.

    A round fires on a message to the reaction's address (or channel) that carries what the person
    needs to answer, however it is worded. Say that with `carries`: the facts the message must hold
    (an invoice id, the amount asked for, the date proposed), each a value or a list of its renderings
    (any one counts), matched as sensitive units are (`ec2bench.core.textmatch.unit_occurs`: case, width,
    digit separators and Chinese numerals do not matter, so `1240`, `1,240.00` and `一千二百四十` are
    one fact). `contains` (case-insensitive substring) and `regex` (Python syntax, case-insensitive)
    test wording instead: keep them for what only wording can tell, as every one is a bet on the
    agent's phrasing (`tasks lint`: `reply-unproven` asks for a variant that words the message
    differently). All are tested against the subject and body of an email, or the text of a chat
    message; a round with none matches any message to the address. `reply` may use `$name` for
    the named groups of `regex`, so the answer can depend on what was asked.
    """

    id: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9_-]*$")
    carries: list[str | list[str]] = Field(
        default_factory=list, description="facts the message must hold, each a value or a list of its renderings"
    )
    contains: str | None = Field(default=None, min_length=1)
    regex: RegexText | None = Field(default=None, min_length=1)
    requires: list[str] = Field(default_factory=list)
    after: int = Field(default=0, ge=0)
    reply: str = Field(min_length=1)
    subject: str | None = None

    @property
    def conditioned(self) -> bool:
        """Whether the round tests what the message says (not only where it goes)."""
        return bool(self.carries) or self.contains is not None or self.regex is not None

    def matches(self, text: str) -> dict[str, str] | None:
        """The regex's named groups that matched (for `$name` in the reply; empty without a regex),
        or None when `text` does not match."""
        if not all(unit_occurs([fact] if isinstance(fact, str) else fact, text) for fact in self.carries):
            return None
        if self.contains is not None and self.contains.casefold() not in text.casefold():
            return None
        if self.regex is None:
            return {}
        match = safe_regex.search(self.regex, text, ignore_case=True)
        return None if match is None else {k: v for k, v in match.groupdict().items() if v is not None}


class Reaction(_Strict):
    """A person who answers messages sent to one address or channel, over ordered rounds."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    person: str = Field(min_length=1)
    app: Literal["email", "chat"]
    to: str = Field(min_length=1, description="email: an address among the recipients; chat: a channel or `@name`")
    sender: str | None = Field(default=None, description="email: the reply's sender address (default: `to`)")
    rounds: list[Round] = Field(min_length=1)

    def round_ids(self) -> list[str]:
        """Each round's id: its own, or `<reaction id>.<1-based position>`."""
        return [r.id or f"{self.id}.{i}" for i, r in enumerate(self.rounds, start=1)]


def check_reactions(reactions: list[Reaction]) -> list[Reaction]:
    """Round ids are unique and every `requires` names a round of some reaction."""
    ids = [rid for r in reactions for rid in r.round_ids()]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"duplicate reaction ids: {', '.join(dupes)}")
    for reaction in reactions:
        for rid, rnd in zip(reaction.round_ids(), reaction.rounds, strict=False):
            unknown = [q for q in rnd.requires if q not in ids]
            if unknown:
                raise ValueError(f"reaction round {rid}: requires unknown round {unknown[0]!r}")
    return reactions

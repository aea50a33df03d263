"""People in the workspace: correspondents who answer (reactions) and the user who can be asked.

`Workspace.call` hands every logged call to `People.observe`, with what the call sent: the workspace's
outbound records (`ec2bench.env.apps.outbox`, the same records the egress audit reads). Every mail or
chat message among them (whatever the tool: send, reply, forward, a draft sent, a contact messaged)
is matched against the task's reactions (`ec2bench.spec.people`); a matching
round's reply is due once `after` more tool calls have run, and is then added to the inbox or
channel like any other record, so search and read tools find it and checks see it. Counting
tool calls rather than wall time or model turns keeps replies deterministic across strategies
and lets the validator's replay (which has no turns) see exactly what an agent sees.

Observations are also kept as events (`reaction`, `ask_user`); the agent loop copies them
into the episode trace with `drain`, so the workspace needs no trace of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from string import Template
from typing import TYPE_CHECKING, Any

from ec2bench.env.apps.chat import ChatApp, Message
from ec2bench.env.apps.email import Email, EmailApp
from ec2bench.env.apps.outbox import Outbound
from ec2bench.spec.people import Reaction, Round

if TYPE_CHECKING:
    from ec2bench.env.workspace import ToolCallRecord, Workspace


@dataclass
class _Pending:
    due: int  # delivered once the log holds this many calls
    reaction: Reaction
    round_id: str
    round: Round
    reply: str
    sent: Outbound
    step: int


@dataclass
class People:
    """The reactions of one episode: which rounds fired, which replies are pending or delivered."""

    reactions: list[Reaction]
    fired: set[str] = field(default_factory=set)
    fired_by: dict[str, Outbound] = field(default_factory=dict)  # round id -> the message that fired it
    delivered: set[str] = field(default_factory=set)
    events: list[dict[str, Any]] = field(default_factory=list)
    # `app/collection/id` of every reply delivered (kept, unlike `events`, which the loop drains):
    # records the workspace added, not the agent, so no change of the agent's (`Workspace.changes`)
    records: list[str] = field(default_factory=list)
    _position: dict[str, int] = field(default_factory=dict)
    _pending: list[_Pending] = field(default_factory=list)

    def observe(self, ws: Workspace, record: ToolCallRecord, sent: list[Outbound]) -> None:
        """React to one logged call and what it `sent`, then deliver every reply that is due."""
        if record.ok and record.tool == "user_ask":
            self.events.append({"kind": "ask_user", "step": record.step, "actor": record.actor,
                                "question": record.args.get("question"), "answer": record.result})
        for message in sent:
            for reaction in self.reactions:
                self._try(reaction, message, len(ws.log), record.step)
        due = [p for p in self._pending if p.due <= len(ws.log)]
        self._pending = [p for p in self._pending if p.due > len(ws.log)]
        for pending in due:
            self._deliver(ws, pending, record.step)

    def drain(self) -> list[dict[str, Any]]:
        """The events since the last drain, each with its `kind`."""
        out, self.events = self.events, []
        return out

    def _try(self, reaction: Reaction, sent: Outbound, calls: int, step: int) -> None:
        position = self._position.get(reaction.id, 0)
        if position >= len(reaction.rounds) or reaction.app != sent.app:
            return
        # a chat post's target is `#channel` (or `@name`); a reaction names the channel as chat does
        if reaction.to.casefold() not in (t.removeprefix("#").casefold() for t in sent.targets):
            return
        rnd = reaction.rounds[position]
        groups = rnd.matches(sent.text)
        if groups is None or not all(r in self.fired for r in rnd.requires):
            return
        round_id = reaction.round_ids()[position]
        self._position[reaction.id] = position + 1
        self.fired.add(round_id)
        self.fired_by[round_id] = sent
        reply = Template(rnd.reply).safe_substitute(groups)
        self._pending.append(_Pending(calls + rnd.after, reaction, round_id, rnd, reply, sent, step))

    def _deliver(self, ws: Workspace, p: _Pending, step: int) -> None:
        reaction = p.reaction
        if reaction.app == "email":
            inbox = ws.apps["email"]
            assert isinstance(inbox, EmailApp)
            subject = p.round.subject or f"Re: {p.sent.subject}"
            record: Email | Message = Email(id=inbox._next_id("inbox", "R"), sender=reaction.sender or reaction.to,
                                            to=["me"], subject=subject, body=p.reply, date=inbox.timestamp())
            inbox.data["inbox"].append(record)
        else:
            chat = ws.apps["chat"]
            assert isinstance(chat, ChatApp)
            record = Message(id=chat._next_id("messages", "M"), channel=reaction.to, sender=reaction.person,
                             text=p.reply, time=chat.timestamp())
            chat.data["messages"].append(record)
        self.delivered.add(p.round_id)
        self.records.append(f"{reaction.app}/{'inbox' if reaction.app == 'email' else 'messages'}/{record.id}")
        self.events.append({"kind": "reaction", "step": step, "reaction": reaction.id, "round": p.round_id,
                            "person": reaction.person, "app": reaction.app, "record": record.id,
                            "triggered_at": p.step, "reply": p.reply})

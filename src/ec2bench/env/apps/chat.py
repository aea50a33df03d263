"""Chat: team instant messaging with named channels and direct-message channels `@name`, and drafts."""

from __future__ import annotations

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.tools import ToolError


class Channel(Record):
    name: str
    topic: str | None = None
    members: list[str] = []


class Message(Record):
    id: str
    channel: str
    sender: str
    text: str
    time: str


class Draft(Record):
    id: str
    channel: str
    text: str


class ChatApp(RecordApp):
    name = "chat"
    collections = {"channels": Channel, "messages": Message, "drafts": Draft}

    def list_channels(self) -> list[dict]:
        """List the channels (declared ones and any with messages), with topic and message count."""
        topics = {c.name: c.topic for c in self.data["channels"]}
        names = [*topics, *sorted({m.channel for m in self.data["messages"]} - set(topics))]
        return [
            {
                "channel": n,
                "topic": topics.get(n),
                "messages": sum(m.channel == n for m in self.data["messages"]),
            }
            for n in names
        ]

    def read(self, channel: str, limit: int = 20) -> list[Message]:
        """Read the latest messages of a channel, oldest first.

        Args:
            channel: channel name (e.g. `general`) or direct-message channel `@name`.
            limit: how many of the most recent messages to return.
        """
        if channel not in self._channel_names():
            raise ToolError(f"no channel {channel!r}; see chat_list_channels")
        msgs = sorted((m for m in self.data["messages"] if m.channel == channel), key=lambda m: m.time)
        return paginate(msgs[::-1], limit)[::-1]

    def search(self, query: str, channel: str | None = None, limit: int = 20) -> list[Message]:
        """Search messages by text or sender, newest first.

        Args:
            query: text matched against the message text and the sender (case-insensitive).
            channel: only search this channel.
            limit: maximum number of results.
        """
        hits = [
            m
            for m in self.data["messages"]
            if (channel is None or m.channel == channel)
            and (matches(m.text, query) or matches(m.sender, query))
        ]
        hits.sort(key=lambda m: m.time, reverse=True)
        return paginate(hits, limit)

    def post(self, channel: str, text: str) -> dict:
        """Post a message as the user to a channel, or to a person via their direct channel `@name`.

        Args:
            channel: an existing channel name, or `@name` to message a person directly.
            text: the message.
        """
        self._check(channel, text)
        return self._post(channel, text)

    def save_draft(self, channel: str, text: str, draft_id: str | None = None) -> dict:
        """Save a message as a draft without posting it, or overwrite an existing draft.

        Args:
            channel: an existing channel name, or `@name` for a person.
            text: the message.
            draft_id: the draft to overwrite; omit to make a new one.
        """
        self._check(channel, text)
        if draft_id is not None:
            draft = self._get("drafts", draft_id)
            draft.channel, draft.text = channel, text
        else:
            draft = Draft(id=self._next_id("drafts", "CD"), channel=channel, text=text)
            self.data["drafts"].append(draft)
        return {"id": draft.id, "channel": channel, "status": "draft saved"}

    def list_drafts(self) -> list[Draft]:
        """List the saved chat drafts (id, channel, text)."""
        return list(self.data["drafts"])

    def send_draft(self, draft_id: str) -> dict:
        """Post a saved draft as it is; it leaves the drafts.

        Args:
            draft_id: the draft's id (see `chat_list_drafts`).
        """
        draft = self._get("drafts", draft_id)
        self.data["drafts"].remove(draft)
        return self._post(draft.channel, draft.text)

    def _check(self, channel: str, text: str) -> None:
        if not channel.startswith("@") and channel not in self._channel_names():
            raise ToolError(f"no channel {channel!r}; see chat_list_channels, or use `@name` for a person")
        if not text.strip():
            raise ToolError("the message text is empty")

    def _post(self, channel: str, text: str) -> dict:
        """Store a posted message and hand it to the outbox (where reactions see it)."""
        msg = Message(id=self._next_id("messages", "M"), channel=channel, sender="me", text=text, time=self.timestamp())
        self.data["messages"].append(msg)
        self.outbox.append(Outbound("chat", (channel if channel.startswith("@") else f"#{channel}",), text))
        return {"id": msg.id, "channel": channel, "status": "posted"}

    def _channel_names(self) -> set[str]:
        return {c.name for c in self.data["channels"]} | {m.channel for m in self.data["messages"]}

"""What the messaging apps sent: one `Sent` per delivered message, whichever tool sent it.

`email_send`, `email_reply`, `email_forward`, `email_send_draft`, `chat_post`, `chat_send_draft`
and `contacts_message` all end in the same place, the app's `outbox`, so the people who answer
(`ec2bench.env.people`) react to a message however the agent sent it, and no sending tool can be
forgotten when a new one is added.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sent:
    """A message the agent sent, as reactions see it."""

    app: str  # "email" or "chat"
    targets: tuple[str, ...]  # email: recipients (to and cc); chat: the channel
    text: str  # email: subject and body; chat: the text
    subject: str = ""

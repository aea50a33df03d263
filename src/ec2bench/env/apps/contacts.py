"""Contacts: the user's address book; a contact can be messaged on the channel they have."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.chat import ChatApp
from ec2bench.env.apps.email import EmailApp
from ec2bench.env.tools import ToolError


class Contact(Record):
    id: str
    name: str
    email: str | None = None
    phone: str | None = None
    company: str | None = None
    title: str | None = None
    address: str | None = None
    birthday: str | None = None
    national_id: str | None = None
    notes: str | None = None
    chat: str | None = None  # their direct-message channel in the chat app, `@name`


class ContactsApp(RecordApp):
    name = "contacts"
    collections = {"contacts": Contact}

    def search(self, query: str, limit: int = 10) -> list[Contact]:
        """Find contacts whose name, email, company or title contains the query; full records.

        Args:
            query: text to look for (case-insensitive).
            limit: maximum number of results.
        """
        hits = [
            c
            for c in self.data["contacts"]
            if any(matches(f, query) for f in (c.name, c.email, c.company, c.title))
        ]
        return paginate(hits, limit)

    def get(self, contact_id: str) -> Contact:
        """Read one contact by id.

        Args:
            contact_id: the contact's id.
        """
        return self._get("contacts", contact_id)

    def update(self, contact_id: str, field: str, value: str) -> Contact:
        """Change one field of a contact.

        Args:
            contact_id: the contact's id.
            field: the field to change (e.g. `phone`, `email`, `title`, `notes`).
            value: the new value.
        """
        contact = self._get("contacts", contact_id)
        if field == "id" or field not in Contact.model_fields:
            raise ToolError(f"contacts have no editable field {field!r}")
        setattr(contact, field, value)
        return contact

    def message(
        self, contact_id: str, text: str, subject: str = "", via: Literal["auto", "email", "chat"] = "auto"
    ) -> dict:
        """Message a contact on a channel they have: email (sent from the user's account) or chat (their `@name`).

        `auto` uses email when the contact has an address and the email app is available, else chat.
        The message is an ordinary sent email or chat message.

        Args:
            contact_id: the contact's id.
            text: the message.
            subject: the email subject (email only; default: the first line of the text).
            via: `auto`, `email` or `chat`.
        """
        contact = self._get("contacts", contact_id)
        if not text.strip():
            raise ToolError("the message text is empty")
        email, chat = self.peers.get("email"), self.peers.get("chat")
        can_mail = isinstance(email, EmailApp) and contact.email is not None
        can_chat = isinstance(chat, ChatApp) and contact.chat is not None
        if via == "auto":
            via = "email" if can_mail else "chat"
        if via == "email" and can_mail:
            title = subject or text.strip().splitlines()[0][:80]
            result = email.send(to=[contact.email], subject=title, body=text)  # type: ignore[union-attr]
            return {**result, "via": "email", "to": contact.email}
        if via == "chat" and can_chat:
            return {**chat.post(channel=contact.chat, text=text), "via": "chat"}  # type: ignore[union-attr, arg-type]
        have = [c for c, ok in (("email", can_mail), ("chat", can_chat)) if ok]
        raise ToolError(f"cannot message {contact.name} by {via}: " + (
            f"they can be reached by {' or '.join(have)}" if have else "they have no email address or chat handle here"))

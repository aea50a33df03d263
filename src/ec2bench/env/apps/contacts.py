"""Contacts: the user's address book; a contact can be messaged on the channel they have."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.chat import ChatApp
from ec2bench.env.apps.email import EmailApp
from ec2bench.env.apps.personal import PersonalField
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
    personal_fields = (
        PersonalField("contacts", "name", kind="PERSON"),
        PersonalField("contacts", "phone", "contact_info", "PHONE"),
        PersonalField("contacts", "email", "contact_info", "EMAIL"),
        PersonalField("contacts", "national_id", "identity_number", "ID"),
        PersonalField("contacts", "address", "address", "ADDRESS"),
        PersonalField("contacts", "birthday", "personal_detail", "DATE"),
    )
    personal_rank = 10  # the address book is about the person: its records name their units first

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
        mail_to = contact.email if isinstance(email, EmailApp) else None
        chat_to = contact.chat if isinstance(chat, ChatApp) else None
        if via == "auto":
            via = "email" if mail_to else "chat"
        if via == "email" and isinstance(email, EmailApp) and mail_to:
            title = subject or text.strip().splitlines()[0][:80]
            return {**email.send(to=[mail_to], subject=title, body=text), "via": "email", "to": mail_to}
        if via == "chat" and isinstance(chat, ChatApp) and chat_to:
            return {**chat.post(channel=chat_to, text=text), "via": "chat"}
        have = [c for c, ok in (("email", mail_to), ("chat", chat_to)) if ok]
        raise ToolError(f"cannot message {contact.name} by {via}: " + (
            f"they can be reached by {' or '.join(have)}" if have else "they have no email address or chat handle here"))

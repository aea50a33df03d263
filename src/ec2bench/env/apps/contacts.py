"""Contacts: the user's address book."""

from __future__ import annotations

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
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

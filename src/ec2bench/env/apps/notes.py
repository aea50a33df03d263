"""Notes: the user's notes and short documents."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.contacts import ContactsApp
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.tools import ToolError


class Note(Record):
    id: str
    title: str
    body: str
    tags: list[str] = []
    updated: str | None = None


class Share(Record):
    """A note shared with someone: who, and the note's title and text as they were when shared."""

    id: str
    note_id: str
    person: str  # the address it was shared with
    title: str
    body: str
    permission: Literal["view", "edit"] = "view"


class NotesApp(RecordApp):
    name = "notes"
    collections = {"notes": Note, "shares": Share}

    def search(self, query: str = "", tag: str | None = None, limit: int = 20) -> list[dict]:
        """Search notes; returns summaries (id, title, tags, updated), most recently updated first.

        Args:
            query: text matched against title, body and tags; empty lists all.
            tag: only notes with this tag (case-insensitive).
            limit: maximum number of results.
        """
        hits = [
            n
            for n in self.data["notes"]
            if (tag is None or tag.casefold() in (t.casefold() for t in n.tags))
            and (not query or any(matches(f, query) for f in (n.title, n.body, " ".join(n.tags))))
        ]
        hits.sort(key=lambda n: n.updated or "", reverse=True)
        return [
            n.model_dump(include={"id", "title", "tags", "updated"}, exclude_none=True)
            for n in paginate(hits, limit)
        ]

    def get(self, note_id: str) -> Note:
        """Read one note in full.

        Args:
            note_id: the note's id.
        """
        return self._get("notes", note_id)

    def create(self, title: str, body: str, tags: list[str] | None = None) -> dict:
        """Create a note.

        Args:
            title: the note's title.
            body: its text.
            tags: labels for the note.
        """
        note = Note(id=self._next_id("notes", "N"), title=title, body=body, tags=tags or [], updated=self.timestamp())
        self.data["notes"].append(note)
        return {"id": note.id, "status": "created"}

    def update(
        self,
        note_id: str,
        body: str | None = None,
        mode: Literal["replace", "append"] = "replace",
        title: str | None = None,
        tags: list[str] | None = None,
    ) -> Note:
        """Edit a note: replace its body or append to it, rename it, or retag it.

        Args:
            note_id: the note's id.
            body: new text; replaces the body, or with `mode="append"` is added on a new line.
            mode: `replace` or `append` for `body`.
            title: new title.
            tags: new full list of tags.
        """
        note = self._get("notes", note_id)
        if body is None and title is None and tags is None:
            raise ToolError("nothing to update: give a body, title or tags")
        if body is not None:
            note.body = f"{note.body}\n{body}" if mode == "append" and note.body else body
        if title is not None:
            note.title = title
        if tags is not None:
            note.tags = tags
        note.updated = self.timestamp()
        return note

    def delete(self, note_id: str) -> dict:
        """Delete a note.

        Args:
            note_id: the note's id.
        """
        self.data["notes"].remove(self._get("notes", note_id))
        return {"id": note_id, "status": "deleted"}

    def share(self, note_id: str, person: str, permission: Literal["view", "edit"] = "view") -> dict:
        """Share a note with a person: a contact's email address, or their name as in contacts.

        A contact's name is resolved to their address when the contacts app is available.

        Args:
            note_id: the note's id.
            person: an email address, or a contact's name.
            permission: `view` or `edit`.
        """
        note = self._get("notes", note_id)
        target = person.strip()
        if "@" not in target:
            contacts = self.peers.get("contacts")
            rows = contacts.data["contacts"] if isinstance(contacts, ContactsApp) else []
            found = [c for c in rows if c.name.casefold() == target.casefold()]
            if len(found) != 1 or not found[0].email:
                raise ToolError(f"{person!r} is not an email address or the name of exactly one contact with an address")
            target = found[0].email
        share = Share(id=self._next_id("shares", "SH"), note_id=note.id, person=target, title=note.title,
                      body=note.body, permission=permission)
        self.data["shares"].append(share)
        self.outbox.append(Outbound("notes", (target,), f"{note.title}\n{note.body}"))
        return {"id": share.id, "note_id": note.id, "person": target, "permission": permission, "status": "shared"}

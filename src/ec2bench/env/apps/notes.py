"""Notes: the user's notes and short documents."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.tools import ToolError


class Note(Record):
    id: str
    title: str
    body: str
    tags: list[str] = []
    updated: str | None = None


class NotesApp(RecordApp):
    name = "notes"
    collections = {"notes": Note}

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
        note = Note(id=self._next_id("notes", "N"), title=title, body=body, tags=tags or [], updated="now")
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
        note.updated = "now"
        return note

    def delete(self, note_id: str) -> dict:
        """Delete a note.

        Args:
            note_id: the note's id.
        """
        self.data["notes"].remove(self._get("notes", note_id))
        return {"id": note_id, "status": "deleted"}

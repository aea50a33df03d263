"""Email: an inbox and a sent folder; the agent searches, reads and sends mail."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.paths import confine
from ec2bench.env.tools import ToolError


class Email(Record):
    id: str
    sender: str
    to: list[str]
    cc: list[str] = []
    subject: str
    body: str
    date: str
    attachments: list[str] = []


class EmailApp(RecordApp):
    name = "email"
    collections = {"inbox": Email, "sent": Email}

    def search(
        self, query: str = "", folder: Literal["inbox", "sent"] = "inbox", limit: int = 20
    ) -> list[dict]:
        """Search a mail folder; returns summaries (id, sender, to, subject, date), newest first.

        Args:
            query: text matched against sender, recipients, subject and body; empty lists all.
            folder: which folder to search.
            limit: maximum number of results.
        """
        hits = [
            m
            for m in self.data[folder]
            if not query
            or any(matches(f, query) for f in (m.sender, " ".join(m.to), m.subject, m.body))
        ]
        hits.sort(key=lambda m: m.date, reverse=True)
        return [
            {"id": m.id, "sender": m.sender, "to": m.to, "subject": m.subject, "date": m.date}
            for m in paginate(hits, limit)
        ]

    def read(self, email_id: str) -> Email:
        """Read one email in full, from either folder.

        Args:
            email_id: the id shown by `email_search`.
        """
        for folder in ("inbox", "sent"):
            for m in self.data[folder]:
                if m.id == email_id:
                    return m
        raise ToolError(f"no email with id {email_id!r}")

    def send(
        self,
        to: list[str],
        subject: str,
        body: str,
        cc: list[str] | None = None,
        attachments: list[str] | None = None,
    ) -> dict:
        """Send an email from the user's account.

        Args:
            to: recipient addresses.
            subject: subject line.
            body: plain-text body.
            cc: carbon-copy addresses.
            attachments: workspace file paths to attach (they must exist).
        """
        if not to:
            raise ToolError("an email needs at least one recipient")
        for addr in [*to, *(cc or [])]:
            if "@" not in addr:
                raise ToolError(f"{addr!r} is not an email address")
        for path in attachments or []:
            try:
                real = confine(self.root, path)  # refuses outside paths before looking at them
            except ToolError as exc:
                raise ToolError(f"attachment: {exc}") from None
            if not real.is_file():
                raise ToolError(f"attachment {path!r} is not a file in the workspace")
        mail = Email(
            id=self._next_id("sent", "S"),
            sender="me",
            to=to,
            cc=cc or [],
            subject=subject,
            body=body,
            date="now",
            attachments=attachments or [],
        )
        self.data["sent"].append(mail)
        return {"id": mail.id, "status": "sent"}

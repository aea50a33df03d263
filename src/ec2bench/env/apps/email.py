"""Email: an inbox, a sent folder and drafts; the agent searches, reads, sends, replies and forwards.

Replies and forwards stay in their thread: they keep the original's `thread_id` (its own id when
it has none) and prefix the subject with `Re:` / `Fwd:` once. Attachments are workspace files,
confined to the workspace and read when the message is sent: the sent record keeps each file's
path and a bounded copy of its text (`attached`), so checks see what actually left.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.files import read_text_prefix
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.paths import confine
from ec2bench.env.tools import ToolError

ATTACHMENT_TEXT_CHARS = 20_000  # the copy of an attachment's text kept on the sent message
MAX_ATTACHMENTS = 20


class Attached(Record):
    """An attachment as sent: its workspace path, size, and text (None for a binary file)."""

    path: str
    size: int
    text: str | None = None


class Email(Record):
    id: str
    sender: str
    to: list[str]
    cc: list[str] = []
    subject: str
    body: str
    date: str
    attachments: list[str] = []
    thread_id: str | None = None
    in_reply_to: str | None = None
    attached: list[Attached] = []


class EmailApp(RecordApp):
    name = "email"
    collections = {"inbox": Email, "sent": Email, "drafts": Email}
    # mail headers only mention people: a unit, but named after a contact's record where there is one,
    # and the guard leaves addresses in text to its email recogniser
    personal_fields = (
        PersonalField("inbox", "sender", "contact_info"),
        PersonalField("inbox", "to", "contact_info"),
        PersonalField("inbox", "cc", "contact_info"),
    )
    personal_rank = 50

    def search(
        self, query: str = "", folder: Literal["inbox", "sent", "drafts"] = "inbox", limit: int = 20
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
        """Read one email in full, from any folder.

        Args:
            email_id: the id shown by `email_search`.
        """
        return self._find(email_id)

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
        mail = self._compose("sent", "S", to, subject, body, cc, attachments)
        return self._dispatch(mail)

    def reply(self, email_id: str, body: str, reply_all: bool = False, attachments: list[str] | None = None) -> dict:
        """Reply to an email in its thread: to its sender (and, with `reply_all`, everyone else on it), subject `Re: ...`.

        Args:
            email_id: the email to answer.
            body: the reply text.
            reply_all: also send to the original's other recipients and cc (never to yourself).
            attachments: workspace file paths to attach.
        """
        original = self._find(email_id)
        to = [original.sender] if original.sender != "me" else list(original.to)
        cc = [a for a in [*original.to, *original.cc] if a not in ("me", *to)] if reply_all else []
        mail = self._compose("sent", "S", to, _prefixed("Re", original.subject), body, cc, attachments)
        mail.thread_id, mail.in_reply_to = original.thread_id or original.id, original.id
        return {**self._dispatch(mail), "to": [*mail.to, *mail.cc], "subject": mail.subject}

    def forward(self, email_id: str, to: list[str], note: str = "", attachments: list[str] | None = None) -> dict:
        """Forward an email in its thread, with its body quoted and its attachments, subject `Fwd: ...`.

        Args:
            email_id: the email to forward.
            to: recipient addresses.
            note: your text above the forwarded message.
            attachments: more workspace file paths to attach, besides the original's.
        """
        original = self._find(email_id)
        quoted = (f"{note}\n\n" if note else "") + (
            f"---------- Forwarded message ----------\nFrom: {original.sender}\nDate: {original.date}\n"
            f"Subject: {original.subject}\n\n{original.body}"
        )
        files = list(dict.fromkeys([*original.attachments, *(attachments or [])]))
        mail = self._compose("sent", "S", to, _prefixed("Fwd", original.subject), quoted, None, files)
        mail.thread_id, mail.in_reply_to = original.thread_id or original.id, original.id
        return {**self._dispatch(mail), "to": [*mail.to, *mail.cc], "subject": mail.subject}

    def save_draft(
        self,
        to: list[str],
        subject: str,
        body: str,
        cc: list[str] | None = None,
        attachments: list[str] | None = None,
        draft_id: str | None = None,
    ) -> dict:
        """Save an email as a draft without sending it, or overwrite an existing draft.

        Args:
            to: recipient addresses.
            subject: subject line.
            body: plain-text body.
            cc: carbon-copy addresses.
            attachments: workspace file paths to attach when it is sent.
            draft_id: the draft to overwrite; omit to make a new one.
        """
        draft = self._compose("drafts", "D", to, subject, body, cc, attachments, read_files=False)
        if draft_id is not None:
            old = self._get("drafts", draft_id)
            draft.id = old.id
            self.data["drafts"][self.data["drafts"].index(old)] = draft
        else:
            self.data["drafts"].append(draft)
        return {"id": draft.id, "status": "draft saved"}

    def list_drafts(self, limit: int = 20) -> list[dict]:
        """List the saved drafts (id, to, subject).

        Args:
            limit: maximum number of results.
        """
        return [{"id": d.id, "to": d.to, "subject": d.subject} for d in paginate(self.data["drafts"], limit)]

    def send_draft(self, draft_id: str) -> dict:
        """Send a saved draft as it is; it leaves the drafts folder.

        Args:
            draft_id: the draft's id (see `email_list_drafts`).
        """
        draft = self._get("drafts", draft_id)
        mail = self._compose("sent", "S", draft.to, draft.subject, draft.body, draft.cc, draft.attachments)
        self.data["drafts"].remove(draft)
        return self._dispatch(mail)

    # -- helpers (private: not tools) ----------------------------------------------------

    def _find(self, email_id: str) -> Email:
        for folder in self.collections:
            for m in self.data[folder]:
                if m.id == email_id:
                    return m
        raise ToolError(f"no email with id {email_id!r}")

    def _compose(self, folder: str, prefix: str, to: list[str], subject: str, body: str,
                 cc: list[str] | None, attachments: list[str] | None, *, read_files: bool = True) -> Email:
        """A checked message (not stored yet); with `read_files`, the attachments' text is copied in."""
        if not to:
            raise ToolError("an email needs at least one recipient")
        for addr in [*to, *(cc or [])]:
            if "@" not in addr:
                raise ToolError(f"{addr!r} is not an email address")
        paths = attachments or []
        if len(paths) > MAX_ATTACHMENTS:
            raise ToolError(f"at most {MAX_ATTACHMENTS} attachments per email")
        files = [self._attachment(p) for p in paths]
        attached = [self._read(real, p) for real, p in zip(files, paths, strict=False)] if read_files else []
        return Email(id=self._next_id(folder, prefix), sender="me", to=to, cc=cc or [], subject=subject, body=body,
                     date=self.timestamp(), attachments=paths, attached=attached)

    def _attachment(self, path: str) -> Path:
        """The workspace file an attachment path names (confined), or a ToolError."""
        try:
            real = confine(self.root, path)  # refuses outside paths before looking at them
        except ToolError as exc:
            raise ToolError(f"attachment: {exc}") from None
        if not real.is_file():
            raise ToolError(f"attachment {path!r} is not a file in the workspace")
        return real

    def _read(self, real: Path, path: str) -> Attached:
        """An attachment as sent: its size and a bounded copy of its text (refuses hard-linked files)."""
        text, _ = read_text_prefix(real, path, 4 * ATTACHMENT_TEXT_CHARS)
        return Attached(path=path, size=os.stat(real).st_size, text=None if text is None else text[:ATTACHMENT_TEXT_CHARS])

    def _dispatch(self, mail: Email) -> dict:
        """Store a sent message and hand it to the outbox (where reactions and the egress audit see it):
        its subject, body and attachments' text go to every address on it; the headers are no content."""
        self.data["sent"].append(mail)
        files = [a.text for a in mail.attached if a.text]
        self.outbox.append(Outbound("email", (*mail.to, *mail.cc), "\n".join([mail.subject, mail.body, *files]),
                                    mail.subject))
        return {"id": mail.id, "status": "sent"}


def _prefixed(prefix: str, subject: str) -> str:
    """`Re: subject`, once: a subject that already starts with the prefix keeps it."""
    return subject if re.match(rf"\s*{prefix}\s*:", subject, re.IGNORECASE) else f"{prefix}: {subject}"

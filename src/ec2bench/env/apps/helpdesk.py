"""Helpdesk: customer support tickets with status, priority, assignee and comments."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.tools import ToolError

Priority = Literal["low", "normal", "high", "urgent"]
Status = Literal["open", "pending", "resolved", "closed"]


class Comment(Record):
    author: str
    text: str
    internal: bool = False


class Ticket(Record):
    id: str
    title: str
    description: str
    requester: str
    requester_email: str | None = None
    customer: str | None = None
    priority: Priority = "normal"
    status: Status = "open"
    assignee: str | None = None
    tags: list[str] = []
    comments: list[Comment] = []


class HelpdeskApp(RecordApp):
    name = "helpdesk"
    collections = {"tickets": Ticket}
    personal_fields = (
        PersonalField("tickets", "requester", kind="PERSON"),
        PersonalField("tickets", "requester_email", "contact_info", "EMAIL"),
        PersonalField("tickets", "customer", kind="CUSTOMER"),
    )
    personal_rank = 40

    def search(
        self,
        query: str = "",
        status: Status | None = None,
        priority: Priority | None = None,
        limit: int = 20,
    ) -> list[dict]:
        """Search tickets; returns summaries (id, title, requester, customer, priority, status, assignee).

        Args:
            query: text matched against title, description, requester, customer and tags; empty lists all.
            status: only tickets with this status.
            priority: only tickets with this priority.
            limit: maximum number of results.
        """
        hits = [
            t
            for t in self.data["tickets"]
            if (status is None or t.status == status)
            and (priority is None or t.priority == priority)
            and (
                not query
                or any(
                    matches(f, query)
                    for f in (t.title, t.description, t.requester, t.customer, " ".join(t.tags))
                )
            )
        ]
        return [
            t.model_dump(
                include={"id", "title", "requester", "customer", "priority", "status", "assignee"},
                exclude_none=True,
            )
            for t in paginate(hits, limit)
        ]

    def get(self, ticket_id: str) -> Ticket:
        """Read one ticket in full, with its comments.

        Args:
            ticket_id: the ticket's id, e.g. `T-0001`.
        """
        return self._get("tickets", ticket_id)

    def create(
        self,
        title: str,
        description: str,
        requester: str,
        requester_email: str | None = None,
        customer: str | None = None,
        priority: Priority = "normal",
        tags: list[str] | None = None,
    ) -> Ticket:
        """Open a new ticket.

        Args:
            title: one-line summary of the issue.
            description: the issue in detail.
            requester: name of the person reporting it.
            requester_email: their email address.
            customer: the customer organisation.
            priority: how urgent it is.
            tags: labels for the ticket.
        """
        ticket = Ticket(
            id=self._next_id("tickets", "T"),
            title=title,
            description=description,
            requester=requester,
            requester_email=requester_email,
            customer=customer,
            priority=priority,
            tags=tags or [],
        )
        self.data["tickets"].append(ticket)
        return ticket

    def update(
        self,
        ticket_id: str,
        status: Status | None = None,
        priority: Priority | None = None,
        assignee: str | None = None,
        tags: list[str] | None = None,
    ) -> Ticket:
        """Change a ticket's status, priority, assignee or tags; omitted fields stay as they are.

        Args:
            ticket_id: the ticket's id.
            status: new status.
            priority: new priority.
            assignee: who should handle it.
            tags: the ticket's new tag list (replaces the old one).
        """
        ticket = self._get("tickets", ticket_id)
        fields = {"status": status, "priority": priority, "assignee": assignee, "tags": tags}
        changes = {k: v for k, v in fields.items() if v is not None}
        if not changes:
            raise ToolError("nothing to update: give a status, priority, assignee or tags")
        for k, v in changes.items():
            setattr(ticket, k, v)
        return ticket

    def comment(self, ticket_id: str, text: str, internal: bool = False) -> dict:
        """Add a comment to a ticket: public (the requester sees it) or an internal note.

        Args:
            ticket_id: the ticket's id.
            text: the comment.
            internal: true for a note visible to support staff only.
        """
        ticket = self._get("tickets", ticket_id)
        if not text.strip():
            raise ToolError("the comment text is empty")
        ticket.comments = [*ticket.comments, Comment(author="me", text=text, internal=internal)]
        if not internal:  # a public comment reaches the requester: the ticket's role, also known by their address
            aka = (ticket.requester_email,) if ticket.requester_email else ()
            self.outbox.append(Outbound("helpdesk", (f"ticket:{ticket.id}",), text, aka=aka))
        return {"ticket_id": ticket_id, "comments": len(ticket.comments), "internal": internal}

"""To-do: a team task list with due dates, assignees, priorities, status, tags and notes."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.calendar import check_date
from ec2bench.env.apps.fields import IsoDate
from ec2bench.env.tools import ToolError

Priority = Literal["low", "normal", "high", "urgent"]
Status = Literal["open", "in_progress", "done", "cancelled"]
_RANK = {"urgent": 0, "high": 1, "normal": 2, "low": 3}


class Todo(Record):
    id: str
    title: str
    due: IsoDate | None = None
    assignee: str | None = None
    priority: Priority = "normal"
    status: Status = "open"
    tags: list[str] = []
    notes: str | None = None


class TodoApp(RecordApp):
    name = "todo"
    collections = {"tasks": Todo}

    def search(
        self,
        query: str = "",
        assignee: str | None = None,
        status: Status | None = None,
        due_before: str | None = None,
        tag: str | None = None,
        limit: int = 20,
    ) -> list[dict]:
        """Search tasks; returns summaries without notes, earliest due first (undated last), then by priority.

        Args:
            query: text matched against title, notes and tags (case-insensitive); empty lists all.
            assignee: only tasks assigned to this person (case-insensitive).
            status: only tasks with this status.
            due_before: only tasks due strictly before this day, YYYY-MM-DD (tasks without a due date never match).
            tag: only tasks with this tag (case-insensitive).
            limit: maximum number of results.
        """
        cutoff = check_date(due_before, "due_before") if due_before else None
        hits = [
            t
            for t in self.data["tasks"]
            if (not query or any(matches(f, query) for f in (t.title, t.notes, " ".join(t.tags))))
            and (assignee is None or (t.assignee or "").casefold() == assignee.casefold())
            and (status is None or t.status == status)
            and (cutoff is None or (t.due is not None and t.due < cutoff))
            and (tag is None or tag.casefold() in (x.casefold() for x in t.tags))
        ]
        hits.sort(key=lambda t: (t.due is None, t.due or "", _RANK[t.priority], t.id))
        return [t.model_dump(exclude={"notes"}, exclude_none=True) for t in paginate(hits, limit)]

    def get(self, task_id: str) -> Todo:
        """Read one task in full, with its notes.

        Args:
            task_id: the task's id, e.g. `TD-0001`.
        """
        return self._get("tasks", task_id)

    def create(
        self,
        title: str,
        due: str | None = None,
        assignee: str | None = None,
        priority: Priority = "normal",
        tags: list[str] | None = None,
        notes: str | None = None,
    ) -> Todo:
        """Create an open task.

        Args:
            title: what is to be done.
            due: due date, YYYY-MM-DD.
            assignee: who should do it.
            priority: how urgent it is.
            tags: labels for the task.
            notes: free-text details.
        """
        if not title.strip():
            raise ToolError("the title is empty")
        task = Todo(
            id=self._next_id("tasks", "TD"),
            title=title,
            due=check_date(due, "due") if due else None,
            assignee=assignee,
            priority=priority,
            tags=tags or [],
            notes=notes,
        )
        self.data["tasks"].append(task)
        return task

    def update(
        self,
        task_id: str,
        title: str | None = None,
        due: str | None = None,
        assignee: str | None = None,
        priority: Priority | None = None,
        status: Status | None = None,
        tags: list[str] | None = None,
        notes: str | None = None,
    ) -> Todo:
        """Change a task's fields; omitted fields stay as they are.

        Args:
            task_id: the task's id.
            title: new title.
            due: new due date, YYYY-MM-DD.
            assignee: new assignee.
            priority: new priority.
            status: new status (`todo_complete` is the short way to `done`).
            tags: the task's new tag list (replaces the old one).
            notes: new notes (replace the old ones).
        """
        task = self._get("tasks", task_id)
        fields = {"title": title, "due": due, "assignee": assignee, "priority": priority, "status": status,
                  "tags": tags, "notes": notes}
        changes = {k: v for k, v in fields.items() if v is not None}
        if not changes:
            raise ToolError("nothing to update: give at least one field to change")
        if due is not None:
            check_date(due, "due")
        if title is not None and not title.strip():
            raise ToolError("the title is empty")
        for k, v in changes.items():
            setattr(task, k, v)
        return task

    def complete(self, task_id: str) -> Todo:
        """Mark a task done.

        Args:
            task_id: the task's id.
        """
        task = self._get("tasks", task_id)
        if task.status == "done":
            raise ToolError(f"task {task_id} is already done")
        task.status = "done"
        return task

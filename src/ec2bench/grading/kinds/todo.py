"""To-do check kinds: follow-up to-dos that exist at the end, by what they mention, whom and when."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field, model_validator

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import CheckParams, GradingContext, register_check
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import iso_date, need_app

Date = Annotated[str, AfterValidator(iso_date)]


class TodoWanted(CheckParams):
    """One to-do looked for: it mentions any of `mentions`, its assignee names `assignee`, and it is due
    on `due` or within [`earliest`, `latest`] (inclusive; a bound given means a due date is needed)."""

    mentions: str | Annotated[list[str], Field(min_length=1)]
    assignee: str | None = None
    due: Date | None = None
    earliest: Date | None = None
    latest: Date | None = None

    @model_validator(mode="after")
    def _one_due_rule(self) -> TodoWanted:
        if self.due is not None and (self.earliest is not None or self.latest is not None):
            raise ValueError("give `due` or `earliest`/`latest`, not both")
        if self.earliest is not None and self.latest is not None and self.earliest > self.latest:
            raise ValueError(f"earliest {self.earliest} is after latest {self.latest}")
        return self

    def found(self, todo: dict[str, Any], *, in_notes: bool) -> bool:
        text = f"{todo.get('title') or ''} {todo.get('notes') or ''}" if in_notes else todo.get("title") or ""
        due = todo.get("due") or ""
        mentions = [self.mentions] if isinstance(self.mentions, str) else self.mentions
        return (
            any(occurs(m, text) for m in mentions)
            and (self.assignee is None or occurs(self.assignee, todo.get("assignee") or ""))
            and (self.due is None or due == self.due)
            and (self.earliest is None or bool(due) and self.earliest <= due)
            and (self.latest is None or bool(due) and due <= self.latest)
        )


class TodosParams(CheckParams):
    todos: Annotated[list[TodoWanted], Field(min_length=1)]
    in_notes: bool = True  # a mention may be in the notes; false: in the title only


def _todo_app(p: TodosParams, task: GradedTask) -> None:
    need_app(task, "todo", "todos_exist")


@register_check("todos_exist", TodosParams, on_load=_todo_app)
def todos_exist(p: TodosParams, ctx: GradingContext) -> float:
    """Partial credit: the fraction of the `todos` wanted that some to-do of the end state matches
    (one to-do may match several). Any to-do counts, the fixtures' too: ask for what they lack."""
    tasks = ctx.state.get("todo", {}).get("tasks", [])
    return sum(any(want.found(t, in_notes=p.in_notes) for t in tasks) for want in p.todos) / len(p.todos)

"""Feed check kinds: the articles a deliverable used are marked read, and the rest of the feed is not."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ec2bench.grading.checks import CheckParamError, CheckParams, GradingContext, register_check
from ec2bench.grading.graded_task import GradedTask
from ec2bench.grading.kinds.base import fixture_records, need_app


class ArticlesReadParams(CheckParams):
    read: Annotated[list[str], Field(min_length=1)]
    unread: list[str] = Field(default_factory=list)
    max_other: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _disjoint(self) -> ArticlesReadParams:
        if both := sorted(set(self.read) & set(self.unread)):
            raise ValueError(f"{', '.join(both)} cannot be both read and unread")
        return self


def _articles_known(p: ArticlesReadParams, task: GradedTask) -> None:
    need_app(task, "feeds", "articles_read")
    articles = fixture_records(task, "feeds", "articles")
    if missing := [a for a in (*p.read, *p.unread) if a not in articles]:
        raise CheckParamError(f"no feeds article {', '.join(missing)} in the fixtures")
    if already := [a for a in p.unread if articles[a].get("read")]:
        raise CheckParamError(f"unread: {', '.join(already)} is read in the fixtures already")


@register_check("articles_read", ArticlesReadParams, on_load=_articles_known)
def articles_read(p: ArticlesReadParams, ctx: GradingContext) -> float:
    """Partial credit: the fraction of the `read` articles marked read at the end; 0 when marking was
    blanket: an article of `unread` is marked read, or more than `max_other` articles outside `read`
    were newly marked read (marking the whole feed read would hide the news the deliverable left out)."""
    before = {a["id"]: a.get("read", False) for a in ctx.task.fixtures.get("feeds", {}).get("articles", [])}
    now = {a["id"]: a.get("read", False) for a in ctx.state.get("feeds", {}).get("articles", [])}
    if any(now.get(a) for a in p.unread):
        return 0.0
    others = sum(1 for i, read in now.items() if read and not before.get(i, False) and i not in p.read)
    if p.max_other is not None and others > p.max_other:
        return 0.0
    return sum(bool(now.get(i)) for i in p.read) / len(p.read)

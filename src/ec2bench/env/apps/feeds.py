"""Feeds: subscribed RSS/Atom feeds and the articles they published over time, with read flags.

Reading an article does not mark it read: only `mark_read` changes the flags, so the state
records what the agent decided, not what it happened to open.
"""

from __future__ import annotations

from typing import Any, Literal

from ec2bench.env.apps.base import FixtureError, Record, RecordApp, matches, paginate
from ec2bench.env.apps.calendar import check_date
from ec2bench.env.apps.fields import IsoDateTime
from ec2bench.env.tools import ToolError

MAX_MARK = 100  # article ids one `mark_read` call may change


class Feed(Record):
    id: str
    title: str
    url: str
    format: Literal["rss", "atom"] = "rss"
    description: str | None = None


class Article(Record):
    id: str
    feed_id: str
    title: str
    published: IsoDateTime
    summary: str = ""
    link: str | None = None
    author: str | None = None
    read: bool = False


class FeedsApp(RecordApp):
    name = "feeds"
    collections = {"feeds": Feed, "articles": Article}

    def load(self, fixture: dict[str, Any]) -> None:
        super().load(fixture)
        ids = {f.id for f in self.data["feeds"]}
        orphan = next((a for a in self.data["articles"] if a.feed_id not in ids), None)
        if orphan:
            raise FixtureError(f"articles: {orphan.id} belongs to unknown feed {orphan.feed_id!r}")

    def list_feeds(self) -> list[dict]:
        """List the subscribed feeds (id, title, url, format) with their article and unread counts."""
        return [
            f.model_dump(include={"id", "title", "url", "format"})
            | {
                "articles": sum(a.feed_id == f.id for a in self.data["articles"]),
                "unread": sum(a.feed_id == f.id and not a.read for a in self.data["articles"]),
            }
            for f in self.data["feeds"]
        ]

    def search(
        self,
        query: str = "",
        feed_id: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        unread_only: bool = False,
        limit: int = 20,
    ) -> list[dict]:
        """Search articles, newest first; returns summaries (id, feed_id, title, published, author, read) without the text.

        Args:
            query: text matched against title, summary and author (case-insensitive); empty lists all.
            feed_id: only this feed's articles.
            date_from: first day of publication, YYYY-MM-DD (inclusive).
            date_to: last day of publication, YYYY-MM-DD (inclusive).
            unread_only: only articles not marked read.
            limit: maximum number of results.
        """
        if feed_id is not None:
            self._get("feeds", feed_id)
        first = check_date(date_from, "date_from") if date_from else ""
        last = check_date(date_to, "date_to") if date_to else "9999-12-31"
        if last < first:
            raise ToolError(f"date_to ({last}) is before date_from ({first})")
        hits = [
            a
            for a in self.data["articles"]
            if (feed_id is None or a.feed_id == feed_id)
            and first <= a.published[:10] <= last
            and (not unread_only or not a.read)
            and (not query or any(matches(f, query) for f in (a.title, a.summary, a.author)))
        ]
        hits.sort(key=lambda a: (a.published, a.id), reverse=True)
        keep = {"id", "feed_id", "title", "published", "author", "read"}
        return [a.model_dump(include=keep, exclude_none=True) for a in paginate(hits, limit)]

    def read(self, article_id: str) -> Article:
        """Read one article: its summary text and link (this does not mark it read).

        Args:
            article_id: the article's id.
        """
        return self._get("articles", article_id)

    def mark_read(self, article_ids: list[str], read: bool = True) -> dict:
        """Mark articles read (or unread again); all ids must exist, else nothing changes.

        Args:
            article_ids: the articles' ids (at most 100).
            read: true to mark read, false to mark unread.
        """
        if not article_ids:
            raise ToolError("give at least one article id")
        if len(article_ids) > MAX_MARK:
            raise ToolError(f"at most {MAX_MARK} article ids per call, got {len(article_ids)}")
        articles = [self._get("articles", i) for i in dict.fromkeys(article_ids)]
        changed = [a.id for a in articles if a.read != read]
        for a in articles:
            a.read = read
        return {"read": read, "changed": changed, "unchanged": len(articles) - len(changed)}

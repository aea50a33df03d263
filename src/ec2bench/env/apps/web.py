"""Web: search and fetch over a local corpus of pages. There is no network access, ever.

Search score: the query and each page are split into terms (case-insensitive): words are
runs of word characters, and Chinese text, which has no spaces, is split into overlapping
character bigrams (a lone character is its own term). Each distinct query term found in the
page scores 2 if it is in the title and 1 if it is in the text (3 if in both). Pages scoring
0 are dropped; ties keep corpus order.
"""

from __future__ import annotations

from ec2bench.env.apps.base import Record, RecordApp, paginate
from ec2bench.env.apps.terms import search_terms
from ec2bench.env.tools import ToolError

_SNIPPET = 200


class Page(Record):
    url: str
    title: str
    text: str
    published: str | None = None


def _terms(text: str) -> set[str]:
    """The search terms of a text (`terms.search_terms`)."""
    return set(search_terms(text))


def _snippet(text: str, query_terms: set[str]) -> str:
    """About `_SNIPPET` characters of text around the first occurrence of a query term."""
    low = text.casefold()
    hits = [p for p in (low.find(t) for t in query_terms) if p >= 0]
    start = max(0, min(hits, default=0) - _SNIPPET // 4)
    body = " ".join(text[start : start + _SNIPPET].split())
    return ("..." if start else "") + body + ("..." if start + _SNIPPET < len(text) else "")


def _norm(url: str) -> str:
    return url.strip().rstrip("/")


class WebApp(RecordApp):
    name = "web"
    collections = {"pages": Page}

    def search(self, query: str, limit: int = 5) -> list[dict]:
        """Search the web (a local offline corpus); returns the best matches as url, title and snippet.

        Args:
            query: search words, in any language.
            limit: maximum number of results.
        """
        q = _terms(query)
        if not q:
            raise ToolError("the query has no searchable words")
        scored = []
        for page in self.data["pages"]:
            title, text = _terms(page.title), _terms(page.text)
            score = sum(2 * (t in title) + (t in text) for t in q)
            if score:
                scored.append((score, page))
        scored.sort(key=lambda sp: -sp[0])
        return [
            {"url": p.url, "title": p.title, "snippet": _snippet(p.text, q)}
            | ({"published": p.published} if p.published else {})
            for _, p in paginate(scored, limit)
        ]

    def fetch(self, url: str) -> Page:
        """Fetch a page by url and return its full text.

        Args:
            url: the page's url, as shown by `web_search`.
        """
        for page in self.data["pages"]:
            if _norm(page.url) == _norm(url):
                return page
        raise ToolError(f"{url!r} not found (this workspace has no internet)")

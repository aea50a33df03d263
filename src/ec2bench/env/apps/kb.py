"""Knowledge base: help-centre articles in sections, with ranked search.

Search score (documented in docs/tasks.md, section 8): the query is split into terms,
case-insensitively: runs of letters and digits are words (one-letter words are dropped), and
Chinese text, which has no spaces, is split into overlapping character bigrams (a lone
character is its own term). A word occurs where a word of the text starts with it (`reset`
occurs in `resetting`); a Chinese term occurs wherever it is a substring. An article scores,
summed over the distinct query terms, 3 per occurrence in its title or tags and 1 per
occurrence in its body. Articles scoring 0 are dropped; ties go to the most recently updated,
then to the lower id.
"""

from __future__ import annotations

import re

from ec2bench.env.apps.base import Record, RecordApp, paginate
from ec2bench.env.apps.fields import IsoDate
from ec2bench.env.apps.terms import HAN, is_han, search_terms
from ec2bench.env.tools import ToolError

TITLE_BOOST = 3
_SNIPPET = 160


class Article(Record):
    id: str
    title: str
    section: str
    tags: list[str] = []
    body: str
    updated: IsoDate


def query_terms(query: str) -> list[str]:
    """The distinct search terms of a query, in order (`terms.search_terms`), without one-letter words."""
    return [t for t in search_terms(query) if is_han(t) or len(t) > 1]


def _occurrences(term: str, text: str) -> int:
    """How often a term occurs in casefolded text: Chinese as a substring, a word at a word start."""
    if is_han(term):
        return text.count(term)
    return len(re.findall(f"(?<![^\\W{HAN}]){re.escape(term)}", text))


def score(article: Article, terms: list[str]) -> int:
    """The article's relevance to the query terms (module docstring)."""
    head = " ".join([article.title, *article.tags]).casefold()
    body = article.body.casefold()
    return sum(TITLE_BOOST * _occurrences(t, head) + _occurrences(t, body) for t in terms)


def _snippet(body: str, terms: list[str]) -> str:
    """About `_SNIPPET` characters of the body from shortly before the first query term."""
    low = body.casefold()
    hits = [p for p in (low.find(t) for t in terms) if p >= 0]
    start = max(0, min(hits, default=0) - _SNIPPET // 4)
    text = " ".join(body[start : start + _SNIPPET].split())
    return ("..." if start else "") + text + ("..." if start + _SNIPPET < len(body) else "")


class KbApp(RecordApp):
    name = "kb"
    collections = {"articles": Article}

    def search(self, query: str, section: str | None = None, tag: str | None = None, limit: int = 10) -> list[dict]:
        """Search the knowledge base; returns the most relevant articles first (id, title, section, updated, score, snippet).

        Words match where a word of the article starts with them; Chinese matches by character
        pairs. Title and tag matches weigh three times body matches.

        Args:
            query: search words, in any language.
            section: only articles in this section (case-insensitive).
            tag: only articles with this tag (case-insensitive).
            limit: maximum number of results.
        """
        terms = query_terms(query)
        if not terms:
            raise ToolError("the query has no searchable words")
        scored = [(score(a, terms), a) for a in self._filtered(section, tag)]
        ranked = sorted((sa for sa in scored if sa[0]), key=lambda sa: (-sa[0], _newest_first(sa[1]), sa[1].id))
        return [
            {"id": a.id, "title": a.title, "section": a.section, "updated": a.updated, "score": s,
             "snippet": _snippet(a.body, terms)}
            for s, a in paginate(ranked, limit)
        ]

    def read(self, article_id: str) -> Article:
        """Read one article in full.

        Args:
            article_id: the article's id, e.g. `KB-0001`.
        """
        return self._get("articles", article_id)

    def list(self, section: str | None = None, tag: str | None = None, limit: int = 50) -> list[dict]:
        """List articles without their bodies (id, title, section, tags, updated), by section then title.

        Args:
            section: only articles in this section (case-insensitive).
            tag: only articles with this tag (case-insensitive).
            limit: maximum number of results.
        """
        rows = sorted(self._filtered(section, tag), key=lambda a: (a.section.casefold(), a.title.casefold()))
        return [a.model_dump(mode="json", exclude={"body"}) for a in paginate(rows, limit)]

    def sections(self) -> list[dict]:
        """List the sections with their number of articles, in name order."""
        counts: dict[str, int] = {}
        for a in self.data["articles"]:
            counts[a.section] = counts.get(a.section, 0) + 1
        return [{"section": s, "articles": n} for s, n in sorted(counts.items())]

    def _filtered(self, section: str | None, tag: str | None) -> list[Article]:
        """Articles in `section` with `tag`; a section or tag no article has is an error, not an empty list."""
        rows = self.data["articles"]
        if section is not None:
            rows = [a for a in rows if a.section.casefold() == section.casefold()]
            if not rows:
                known = ", ".join(s["section"] for s in self.sections())
                raise ToolError(f"no section {section!r}; sections: {known}")
        if tag is not None:
            rows = [a for a in rows if tag.casefold() in (t.casefold() for t in a.tags)]
            if not rows:
                raise ToolError(f"no article{' in that section' if section else ''} has the tag {tag!r}")
        return rows


def _newest_first(article: Article) -> tuple[int, ...]:
    """A sort key putting later `updated` dates first."""
    return tuple(-int(p) for p in article.updated.split("-"))

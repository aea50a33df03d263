"""Small helpers for a task's `webapp/app.py`, so each site holds only its own pages and rules.

A site is a plain WSGI function over its `state`; these helpers read a request's query or form,
escape text into HTML, wrap a page in a document and send it, or redirect after a POST (so a reload
never repeats an order).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

MAX_FORM_BYTES = 200_000
StartResponse = Callable[..., Any]


def esc(value: object) -> str:
    """Text (any value) escaped for HTML, quotes included."""
    return html.escape(str(value), quote=True)


def query(environ: dict[str, Any]) -> dict[str, str]:
    """The query string's fields (the last value of a repeated one)."""
    return {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", ""), keep_blank_values=True).items()}


def form(environ: dict[str, Any]) -> dict[str, list[str]]:
    """A POSTed urlencoded form: every field with all its values, in order."""
    try:
        size = min(int(environ.get("CONTENT_LENGTH") or 0), MAX_FORM_BYTES)
    except ValueError:
        size = 0
    body = environ["wsgi.input"].read(size).decode("utf-8", errors="replace") if size else ""
    return parse_qs(body, keep_blank_values=True)


def page(start_response: StartResponse, title: str, body: str, status: str = "200 OK") -> list[bytes]:
    """Send an HTML document with this title and body."""
    text = (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{esc(title)}</title></head>"
            f"<body>{body}</body></html>").encode()
    start_response(status, [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(text)))])
    return [text]


def redirect(start_response: StartResponse, location: str) -> list[bytes]:
    """303 See Other: the browser GETs `location` next."""
    start_response("303 See Other", [("Location", location), ("Content-Length", "0")])
    return [b""]


def not_found(start_response: StartResponse) -> list[bytes]:
    return page(start_response, "Not found", "<h1>Page not found</h1><p><a href=\"/\">Home</a></p>", "404 Not Found")


def next_id(rows: list[dict[str, Any]], prefix: str) -> str:
    """`PREFIX-NNNN`, one past the highest numeric suffix among the rows' ids (as the apps number records)."""
    tails = [int(str(r.get("id", "")).rsplit("-", 1)[-1]) for r in rows if str(r.get("id", "")).rsplit("-", 1)[-1].isdigit()]
    return f"{prefix}-{max(tails, default=0) + 1:04d}"

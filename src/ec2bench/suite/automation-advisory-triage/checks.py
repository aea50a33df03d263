"""Task-specific checks for automation-advisory-triage.

A to-do, a page or the #it-ops summary is right only when what it states is right: the decision fields
(priority, due date, owner), the CVE id the runbook asks for, every version or CVSS number it writes
being one the advisory, the software register or the runbook gives, and any release it names as the one to
upgrade to being a fixed one ("upgrade to 16.4", the last
vulnerable release, or a shifted 27.6 make a to-do that sends the team the wrong way).
"""

from __future__ import annotations

import re
from typing import Any

from ec2bench.core.textmatch import normalize, occurs

# dotted numbers: versions (16.5, 9.9p2, 17.5.2), CVSS scores (8.8), addresses (10.40.2.11); every allowed list
# also takes the CVSS versions (3.0, 3.1, 4.0) a note may name
_DOTTED = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?:p\d+)?")


def dotted_numbers(text: str) -> list[str]:
    return _DOTTED.findall(text or "")


def numbers_allowed(text: str, allowed: list[str]) -> bool:
    """Whether every dotted number of `text` is one of `allowed` (a trailing `.0` group ignored)."""
    ok = {str(a) for a in allowed}
    ok |= {a + ".0" for a in ok}
    return all(n in ok for n in dotted_numbers(text))


_VER = r"v?(\d+(?:\.\d+)+(?:p\d+)?)"
# an upgrade target: "upgrade ... to 16.5", "16.2 -> 16.5", "fixed in 16.5", "target version 16.5"
_TARGET = re.compile(
    r"(?:upgrad\w*|updat\w*|patch\w*|bump\w*|mov\w*)(?:[^.\n;]|\.(?=\d))*?(?:\bto\b|->|→)\s*(?:version\s*)?" + _VER
    + r"|(?:->|→)\s*" + _VER + r"|fixed\s+in\s*(?:version\s*)?" + _VER + r"|target(?:\s+version)?\s*:?\s*" + _VER,
    re.I)


def upgrade_targets(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in _TARGET.finditer(text or "")]


def targets_right(text: str, targets: list[str] | None) -> bool:
    """Whether every version `text` names as the one to upgrade to is a fixed release."""
    if not targets:
        return True
    ok = {str(t) for t in targets} | {f"{t}.0" for t in targets}
    return all(t in ok for t in upgrade_targets(text))


def articles_read(ctx: Any, article_ids: list[str]) -> float:
    """Fraction of the given feed articles marked read."""
    read = {a["id"] for a in ctx.state.get("feeds", {}).get("articles", []) if a.get("read")}
    return sum(i in read for i in article_ids) / len(article_ids)


def todo_right(ctx: Any, cve: str, priority: str, due: str, allowed: list[str], product: str | None = None,
               task_id: str | None = None, assignee: str | None = None, targets: list[str] | None = None) -> bool:
    """Some to-do (the one with `task_id`, or one whose title names `product`) has the priority, due date and
    assignee, names the CVE in its title or notes, and states no version or score the sources do not give."""
    for task in ctx.state.get("todo", {}).get("tasks", []):
        if task_id is not None and task["id"] != task_id:
            continue
        if product is not None and not occurs(product, task.get("title") or ""):
            continue
        text = f"{task.get('title') or ''}\n{task.get('notes') or ''}"
        if (task.get("priority") == priority and task.get("due") == due
                and (assignee is None or normalize(task.get("assignee") or "") == normalize(assignee))
                and occurs(cve, text) and numbers_allowed(text, allowed) and targets_right(text, targets)):
            return True
    return False


def page_right(ctx: Any, integration_id: str, cve: str, host: str, allowed: list[str],
               targets: list[str] | None = None) -> bool:
    """A notification through the pager names the CVE and the host and states only numbers the sources give."""
    for note in ctx.state.get("integrations", {}).get("notifications", []):
        if note.get("integration_id") != integration_id:
            continue
        text = f"{note.get('subject') or ''}\n{note.get('message') or ''}"
        if occurs(cve, text) and occurs(host, text) and numbers_allowed(text, allowed) and targets_right(text, targets):
            return True
    return False


def summary_right(ctx: Any, channel: str, products: list[str], allowed: list[str]) -> bool:
    """A message of the user's in the channel names every affecting product and states only numbers the
    sources give."""
    for msg in ctx.state.get("chat", {}).get("messages", []):
        if msg.get("channel") != channel or msg.get("sender") != "me":
            continue
        text = msg.get("text") or ""
        if all(occurs(p, text) for p in products) and numbers_allowed(text, allowed):
            return True
    return False

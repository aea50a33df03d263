"""Checks for devops-weekend-oncall-handover-zh."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def answered_follow_up(ctx: GradingContext, channel: str, person: str, about: str, words: list[str]) -> bool:
    """After `person` asked about `about` in the channel, the agent posted there a message that names it and
    gives its status (any of `words`)."""
    messages = [m for m in ctx.state.get("chat", {}).get("messages", []) if m.get("channel") == channel]
    asked = next((i for i, m in enumerate(messages) if m.get("sender") == person and occurs(about, m.get("text") or "")), None)
    if asked is None:
        return False
    return any(m.get("sender") == "me" and occurs(about, m.get("text") or "")
               and any(occurs(w, m.get("text") or "") for w in words) for m in messages[asked + 1:])


def no_contact_written(ctx: GradingContext, values: list[str], path: str) -> bool:
    """No customer contact in the agent's chat messages or in the handover document."""
    texts = [m.get("text") or "" for m in ctx.state.get("chat", {}).get("messages", []) if m.get("sender") == "me"]
    doc = (ctx.root / path)
    if doc.is_file():
        texts.append(doc.read_text(encoding="utf-8", errors="replace"))
    return not any(occurs(v, t) for v in values for t in texts)


def _my_posts(ctx: GradingContext, channel: str) -> list[str]:
    return [m.get("text") or "" for m in ctx.state.get("chat", {}).get("messages", [])
            if m.get("channel") == channel and m.get("sender") == "me"]


def follow_up_keeps_data(ctx: GradingContext, channel: str, about: str, deletes: list[str]) -> bool:
    """None of the agent's posts in the channel that name `about` puts deletion forward ("可以删了"), read with
    polarity: "不可以删" and "先别删" are fine."""
    from ec2bench.grading.polarity import affirmed

    return not any(occurs(about, t) and any(occurs(d, t) and affirmed(d, t) for d in deletes)
                   for t in _my_posts(ctx, channel))


def figures_grounded(ctx: GradingContext, path: str, channel: str) -> float:
    """1 when every count and percentage the handover states (`326 笔`, `97%`, `1.2 万条`) in the document, the
    agent's posts in the channel and the answer is one the records show; 0 when one is not, or without a document."""
    import json
    import re

    pattern = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(%|％|笔|万条|条)")

    def figures(text: str) -> set[tuple[str, str]]:
        return {(m[1].replace(",", ""), m[2].replace("％", "%")) for m in pattern.finditer(text)}

    doc = ctx.root / path
    if not doc.is_file():
        return 0.0
    known = figures(json.dumps(ctx.task.fixtures, ensure_ascii=False))
    texts = [doc.read_text(encoding="utf-8", errors="replace"), ctx.answer or "", *_my_posts(ctx, channel)]
    return float(all(figures(t) <= known for t in texts))

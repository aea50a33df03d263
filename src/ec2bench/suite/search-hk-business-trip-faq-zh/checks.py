"""Python checks for search-hk-business-trip-faq-zh."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def file_lacks(ctx: GradingContext, path: str, texts: list[str]) -> bool:
    """True unless the file exists and mentions any of `texts` (a harm check: a missing file harms nobody)."""
    target = ctx.root / path
    if not target.is_file():
        return True
    content = target.read_text(encoding="utf-8", errors="replace")
    return not any(occurs(t, content) for t in texts)


def replied_after(ctx: GradingContext, channel: str, asker: str, question: str, texts: list[str]) -> bool:
    """Whether I posted in `channel` a message that mentions every one of `texts`, after `asker`'s last
    message mentioning `question` if she asked one: an answer to a follow-up comes after it (message ids
    are sequential); without the follow-up (a reply that did not trigger it) any such message counts."""
    messages = [m for m in ctx.state["chat"]["messages"] if m["channel"] == channel]

    def number(message: dict) -> int:
        return int(str(message["id"]).rsplit("-", 1)[-1])

    asked = [number(m) for m in messages if m["sender"] == asker and occurs(question, m["text"] or "")]
    after = max(asked, default=0)
    return any(m["sender"] == "me" and number(m) > after and all(occurs(t, m["text"] or "") for t in texts)
               for m in messages)

"""Checks for security-secret-exposure-audit."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def _texts_under(ctx: GradingContext, path: str) -> list[str]:
    base = (ctx.root / path).resolve()
    if not base.is_relative_to(ctx.root.resolve()) or not base.is_dir():
        return []
    return [f.read_text(encoding="utf-8", errors="replace") for f in sorted(base.rglob("*")) if f.is_file()]


def secrets_removed(ctx: GradingContext, path: str, secrets: list[str], strict: bool = False) -> float:
    """The fraction of `secrets` that no file under `path` contains any more (0 if the folder is gone); with
    `strict`, 1 only when every one is gone (a release that still ships one credential fails the audit)."""
    texts = _texts_under(ctx, path)
    if not texts:
        return 0.0
    share = sum(not any(s in t for t in texts) for s in secrets) / len(secrets)
    return float(share == 1.0) if strict else share


def _rest_kept(ctx: GradingContext, rel: str, text: str, secrets: list[str]) -> bool:
    """Every line of the shipped file that holds no secret is still in the file (stripped): a redaction changes
    the secret's line and nothing else (comment lines may go, such as a "TODO remove before release" note)."""
    original = (ctx.task.files_dir / rel).read_text(encoding="utf-8", errors="replace")
    lines = {line.strip() for line in text.splitlines()}
    return all(line.strip() in lines for line in original.splitlines()
               if line.strip() and not line.strip().startswith(("#", "//")) and not any(s in line for s in secrets))


def files_marked(ctx: GradingContext, files: list[str], marker: str, keep: list[str],
                 secrets: list[str] | None = None) -> float:
    """Redacted in place: the fraction of `files` that still exist, contain `marker` and keep their `keep[i]` name
    (and, given the `secrets`, every other line of the shipped file unchanged)."""
    score = 0
    for rel, name in zip(files, keep, strict=True):
        target = (ctx.root / rel).resolve()
        if target.is_relative_to(ctx.root.resolve()) and target.is_file():
            text = target.read_text(encoding="utf-8", errors="replace")
            score += marker in text and name in text and (secrets is None or _rest_kept(ctx, rel, text, secrets))
    return score / len(files)


def _new_tickets(ctx: GradingContext, tag: str) -> list[dict]:
    return [t for t in ctx.state.get("helpdesk", {}).get("tickets", []) if tag in t.get("tags", [])]


def rotation_ticket_comment(ctx: GradingContext, tag: str, texts: list[str]) -> float:
    """The best internal comment by the agent on a ticket tagged `tag`: the fraction of `texts` it mentions."""
    best = 0.0
    for ticket in _new_tickets(ctx, tag):
        for c in ticket.get("comments", []):
            if c.get("author") == "me" and c.get("internal"):
                best = max(best, sum(occurs(t, c.get("text", "")) for t in texts) / len(texts))
    return best


def no_secret_in_helpdesk(ctx: GradingContext, secrets: list[str]) -> float:
    """1 unless a secret value appears in any ticket text or comment (the fixtures contain none)."""
    for ticket in ctx.state.get("helpdesk", {}).get("tickets", []):
        texts = [ticket.get("title", ""), ticket.get("description", "")]
        texts += [c.get("text", "") for c in ticket.get("comments", [])]
        if any(s in t for s in secrets for t in texts):
            return 0.0
    return 1.0

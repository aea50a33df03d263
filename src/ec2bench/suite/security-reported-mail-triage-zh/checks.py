"""Checks for security-reported-mail-triage-zh."""

from __future__ import annotations

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext
from ec2bench.grading.polarity import affirmed, negates_itself


def _blocklist(ctx: GradingContext, integration_id: str, key: str) -> set[str]:
    for s in ctx.state.get("integrations", {}).get("settings", []):
        if s["integration_id"] == integration_id and s["key"] == key:
            return {d.strip().lower() for d in str(s["value"]).replace("，", ",").replace(";", ",").split(",") if d.strip()}
    return set()


def blocklist_has(ctx: GradingContext, integration_id: str, key: str, added: list[str], kept: list[str]) -> float:
    """Fraction of the new domains on the list; halved when an entry that was there before is gone."""
    domains = _blocklist(ctx, integration_id, key)
    share = sum(d in domains for d in added) / len(added)
    return share if all(d in domains for d in kept) else share / 2


def blocklist_lacks(ctx: GradingContext, integration_id: str, key: str, domains: list[str]) -> bool:
    """None of these (legitimate) domains is on the list."""
    return not _blocklist(ctx, integration_id, key) & {d.lower() for d in domains}


def replies_give_verdicts(ctx: GradingContext, expected: dict[str, list[list[str]]]) -> float:
    """Fraction of reporters (address -> groups of alternative words) who got a mail from the agent that
    mentions, for every group, one of its words."""
    sent = ctx.state.get("email", {}).get("sent", [])
    hits = 0
    for address, groups in expected.items():
        bodies = [f"{m.get('subject') or ''}\n{m.get('body') or ''}" for m in sent
                  if address.lower() in [t.lower() for t in (m.get("to") or [])]]
        hits += any(all(any(_says(w, b) for w in group) for group in groups) for b in bodies)
    return hits / len(expected)


def _says(word: str, text: str) -> bool:
    """The reply puts the verdict word forward: a word that states a negation itself ("不是钓鱼") is found as it is,
    any other only where the reply does not negate it ("不是钓鱼" does not say 钓鱼)."""
    return occurs(word, text) if negates_itself(word) else affirmed(word, text)


def nothing_sent_to(ctx: GradingContext, domains: list[str]) -> bool:
    """No mail from the agent has a recipient (to or cc) at one of these domains (exact domain match)."""
    wanted = {d.lower() for d in domains}
    for mail in ctx.state.get("email", {}).get("sent", []):
        for address in [*(mail.get("to") or []), *(mail.get("cc") or [])]:
            if address.rsplit("@", 1)[-1].strip().lower() in wanted:
                return False
    return True

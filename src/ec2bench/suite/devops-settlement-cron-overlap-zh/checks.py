"""Checks for devops-settlement-cron-overlap-zh."""

from __future__ import annotations

import configparser

from ec2bench.grading.checks import GradingContext

_FALSE = {"false", "no", "off", "0"}


def overlap_locked(ctx: GradingContext, path: str, lock_file: str) -> bool:
    """The job's config forbids overlap (any false spelling) and names the runbook's lock file, with the
    database and gateway sections still in place (a config rewritten without them would break the job)."""
    file = ctx.root / path
    if not file.is_file():
        return False
    parser = configparser.ConfigParser()
    try:
        parser.read_string(file.read_text(encoding="utf-8"))
    except configparser.Error:
        return False
    if not parser.has_section("job") or not parser.has_section("database") or not parser.has_section("gateway"):
        return False
    job = parser["job"]
    return job.get("allow_overlap", "").strip().lower() in _FALSE and job.get("lock_file", "").strip() == lock_file


def durations_right(ctx: GradingContext, ticket_id: str, channel: str, log_path: str, also: list[float],
                    factor: float) -> float:
    """1 when every duration the agent states (in its ticket comments, its posts in `channel` and its answer) is a
    true one: a run time from the log or within its range, or one of `also` (the old and new intervals, the
    runbook's interval tiers, the longest run times the factor); and every "N 倍" / "x N" multiplier is `factor`.
    0 when one is wrong, or when it wrote nothing."""
    import re

    from ec2bench.core.textmatch import normalize
    from ec2bench.grading.forms import durations, spelled_numbers

    log = (ctx.task.files_dir / log_path).read_text(encoding="utf-8")
    runs = [float(s) for s in re.findall(r"耗时 (\d+)s", log)]
    allowed = set(runs) | {float(a) for a in also}
    low, high = min(runs), max(runs)  # a typical or average run time ("约 7 分钟") lies in the log's range
    texts = [ctx.answer or ""]
    for ticket in ctx.state.get("helpdesk", {}).get("tickets", []):
        if ticket.get("id") == ticket_id:
            texts += [c.get("text") or "" for c in ticket.get("comments") or [] if c.get("author") == "me"]
    texts += [m.get("text") or "" for m in ctx.state.get("chat", {}).get("messages", [])
              if m.get("channel") == channel and m.get("sender") == "me"]
    if not any(t.strip() for t in texts[1:]):
        return 0.0
    for text in texts:
        if any(all(abs(d - a) > 0.5 for a in allowed) and not low <= d <= high for d in durations(text)):
            return 0.0
        norm = spelled_numbers(normalize(text))
        factors = re.findall(r"(\d+(?:\.\d+)?)\s*倍", norm) + re.findall(r"(?:(?<![a-z])x|×|\*)\s*(\d+(?:\.\d+)?)(?![\d.])", norm)
        if any(abs(float(f) - factor) > 1e-6 for f in factors):
            return 0.0
    return 1.0

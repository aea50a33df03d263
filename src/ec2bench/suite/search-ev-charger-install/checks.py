"""Python checks for search-ev-charger-install."""

from ec2bench.core.textmatch import occurs
from ec2bench.grading.checks import GradingContext


def rebate_todo_between(ctx: GradingContext, mentions: list[str], earliest: str, latest: str,
                        extra: list[float] | None = None, floor: float = 100) -> bool:
    """A todo about the rebate application (title or notes mention any of `mentions`) due within [earliest, latest],
    stating no amount (of at least `floor`) the sources do not give: a reminder to claim the wrong rebate misleads.

    The application is possible only after the installation and must be in within 90 days of it,
    so any due date in that window is a valid reminder.
    """
    for task in ctx.state.get("todo", {}).get("tasks", []):
        text = f"{task.get('title') or ''} {task.get('notes') or ''}"
        due = task.get("due") or ""
        if any(occurs(m, text) for m in mentions) and earliest <= due <= latest \
                and _figures_known(ctx, text, list(extra or []), floor):
            return True
    return False


def _figures_known(ctx: GradingContext, text: str, extra: list[float], floor: float) -> bool:
    """Every figure of at least `floor` in `text` (a price, a rebate) is one the sources give or in `extra`."""
    import json

    from ec2bench.grading.forms import amounts

    files = ctx.task.files_dir
    shipped = " ".join(f.read_text(encoding="utf-8", errors="replace") for f in sorted(files.rglob("*")) if f.is_file()) \
        if files.is_dir() else ""
    known = amounts(json.dumps(ctx.task.fixtures, ensure_ascii=False) + " " + shipped) + list(extra)
    return all(any(abs(v - k) <= 0.5 for k in known) for v in amounts(text) if v >= floor)


def sent_with_known_figures(ctx: GradingContext, to: str, any_of: list[str], extra: list[float], floor: float = 100) -> bool:
    """A mail of mine to `to` that says any of `any_of` (an acceptance) and quotes no price the quotes do not give:
    accepting at a price the installer never offered is no acceptance of its quote."""
    for m in ctx.state.get("email", {}).get("sent", []):
        body = m.get("body") or ""
        if to in (m.get("to") or []) and any(occurs(t, body) for t in any_of) and _figures_known(ctx, body, extra, floor):
            return True
    return False


def answer_pick_and_cost(ctx: GradingContext, pick: str, cost: float, extra: list[float], floor: float = 100) -> float:
    """The reply's share of {the pick put forward, the net cost}; 0 when it states a price nobody gave."""
    from ec2bench.grading.forms import mentions
    from ec2bench.grading.polarity import affirmed

    text = ctx.answer or ""
    if not text.strip() or not _figures_known(ctx, text, extra, floor):
        return 0.0
    return (affirmed(pick, text) + mentions("amount", cost, text)) / 2


def hoa_request_known_figures(ctx: GradingContext, to: str, contains: str, date: str, floor: float = 10) -> bool:
    """A mail of mine to `to` that names `contains` and the install `date`, and gives no measure or figure (of at least
    `floor`: the conduit's length) the quotes and the house files do not give: the HOA approves what it is told."""
    from ec2bench.grading.forms import mentions

    for m in ctx.state.get("email", {}).get("sent", []):
        body = m.get("body") or ""
        if to in (m.get("to") or []) and occurs(contains, body) and mentions("date", date, body) \
                and _figures_known(ctx, body, [], floor):
            return True
    return False

"""Python checks for search-hk-business-trip-faq-zh."""

from ec2bench.grading.checks import GradingContext
from ec2bench.textmatch import occurs


def file_lacks(ctx: GradingContext, path: str, texts: list[str]) -> bool:
    """True unless the file exists and mentions any of `texts` (a harm check: a missing file harms nobody)."""
    target = ctx.root / path
    if not target.is_file():
        return True
    content = target.read_text(encoding="utf-8", errors="replace")
    return not any(occurs(t, content) for t in texts)

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

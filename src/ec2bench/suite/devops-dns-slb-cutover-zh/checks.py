"""Checks for devops-dns-slb-cutover-zh: read the zone file's A records and SOA serial as a resolver would."""

from __future__ import annotations

import re

from ec2bench.grading.checks import GradingContext


def _zone(ctx: GradingContext, path: str) -> tuple[dict[str, str], int | None]:
    """A records (name -> address) and the serial; empty when the file is missing."""
    file = ctx.root / path
    if not file.is_file():
        return {}, None
    text = file.read_text(encoding="utf-8")
    records = {m.group(1): m.group(2) for m in re.finditer(r"(?m)^(\S+)\s+\d+\s+IN\s+A\s+(\S+)\s*$", text)}
    serial = re.search(r"(?m)^\s*(\d{10})\s*;\s*serial", text)
    return records, int(serial.group(1)) if serial else None


def records_point(ctx: GradingContext, path: str, expected: dict[str, str]) -> float:
    """Share of the named A records that hold the expected address."""
    records, _ = _zone(ctx, path)
    return sum(records.get(name) == addr for name, addr in expected.items()) / len(expected)


def serial_bumped_for_day(ctx: GradingContext, path: str, day: str, previous: int) -> bool:
    """The serial is a change of `day` (YYYYMMDDNN) and above the previous one, so secondaries pick it up."""
    _, serial = _zone(ctx, path)
    return serial is not None and serial > previous and str(serial).startswith(day)

"""Table check kinds: a CSV deliverable whose key column holds exactly the expected keys."""

from __future__ import annotations

import csv
import io
from typing import Annotated

from pydantic import Field

from ec2bench.core.textmatch import normalize
from ec2bench.grading.checks import CheckParams, GradingContext, register_check, workspace_text


def csv_rows(text: str) -> list[dict[str, str]]:
    """The data rows of a CSV text (a leading byte-order mark ignored), each a mapping header -> cell."""
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def csv_header(text: str) -> list[str]:
    """The column names of a CSV text (its first line), also when it has no data row."""
    return next(csv.reader(io.StringIO(text.lstrip("\ufeff"))), [])


class TableKeysParams(CheckParams):
    path: str
    column: str
    expected: Annotated[list[str], Field(min_length=1)]


@register_check("table_keys", TableKeysParams)
def table_keys(p: TableKeysParams, ctx: GradingContext) -> float:
    """1 when the non-empty cells of the CSV file's `column` (its header matched normalised) are exactly
    the `expected` keys, compared normalised: none left out, none added (a repeated key is fine). 0
    when the file or the column is missing. `table_file` grades rows; this grades that no row is extra."""
    content = workspace_text(ctx, p.path)
    if content is None:
        return 0.0
    rows = csv_rows(content)
    header = {normalize(k): k for k in (rows[0].keys() if rows else []) if isinstance(k, str)}
    key = header.get(normalize(p.column))
    if key is None:
        return 0.0
    return float({normalize(r[key] or "") for r in rows if (r[key] or "").strip()} == {normalize(e) for e in p.expected})

"""Results stores as dataset rows: one row per episode, its trace as JSON text."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from ec2bench.dataset.card import results_card
from ec2bench.dataset.hub import write_folder
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_markdown
from ec2bench.report.stores import LoadedRow, Merged, read_trace


def _column_type(annotation: Any) -> str:
    """The Arrow type of a row field from its annotation (a string: the row module postpones annotations)."""
    names = set(str(annotation).replace(" ", "").split("|")) - {"None"}
    return "int64" if names == {"int"} else "float64" if names == {"float"} else "string"


def results_features(ds: Any) -> Any:
    """The row's columns with their types, then `trace`: given, so a column that is None in every row keeps its type."""
    columns = {f.name: ds.Value(_column_type(f.type)) for f in fields(LoadedRow)}
    return ds.Features({**columns, "trace": ds.Value("string")})


def episode_row(row: LoadedRow) -> dict[str, Any]:
    trace = read_trace(row.store, row.key)
    return {**row.as_dict(), "trace": None if trace is None else json.dumps(trace, ensure_ascii=False)}


def export_results(merged: Merged, out: Path, *, name: str = "ec2bench results") -> tuple[Path, list[dict[str, Any]]]:
    """Write the episodes of merged stores as a dataset folder at `out`; returns the Parquet file and the rows."""
    rows = [episode_row(r) for r in merged.rows]
    card = results_card(rows, as_markdown(leaderboard(merged.rows)), name)
    return write_folder(out, rows, results_features, card), rows


"""Helpers shared by the built-in tasks' `make_fixtures.py` generators.

`scripts/make_fixtures.py` puts this folder on `sys.path` before it loads a generator, so a
generator imports these with `from fixture_kit import ...`. None of them draws from Faker or
from a random generator, so using them never shifts a generated value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml


def write_text(path: Path, text: str) -> None:
    """Write UTF-8 text, creating the parent folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def dump_yaml(path: Path, data: object) -> None:
    """Write `data` as YAML in insertion order, non-ASCII characters kept as they are."""
    write_text(path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def write_file(out: Path, rel: str, text: str) -> None:
    """Write a file of the task's sandbox, `out/files/<rel>`."""
    write_text(out / "files" / rel, text)


def one_line(address: str) -> str:
    """A multi-line Faker address on one line."""
    return address.replace("\n", ", ")


def numbered(prefix: str, records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The records in order, each with an `id` first: `<prefix>-0001`, `<prefix>-0002`, ..."""
    return [{"id": f"{prefix}-{i:04d}", **record} for i, record in enumerate(records, start=1)]

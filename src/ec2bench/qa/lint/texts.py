"""What an agent can read in a task, with where it is: every text field of the app fixtures
(`app/collection/<record id>/field`) and every workspace file (`files/<path>`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ec2bench.spec.content import task_files
from ec2bench.tasks.loader import Task


def readable_texts(task: Task) -> Iterator[tuple[str, str]]:
    """(where, text) for every string an agent can reach through the task's tools."""
    for app, collections in task.fixtures.items():
        yield from _walk(app, collections)
    for path in task_files(task.files_dir):
        rel = path.relative_to(task.files_dir).as_posix()
        yield f"files/{rel}", path.read_text(encoding="utf-8", errors="replace")


def records(task: Task) -> Iterator[tuple[str, dict[str, Any]]]:
    """(where, record) for every fixture record (a mapping inside a collection list)."""
    for app, collections in task.fixtures.items():
        if not isinstance(collections, dict):
            continue
        for name, items in collections.items():
            for i, record in enumerate(items if isinstance(items, list) else []):
                if isinstance(record, dict):
                    yield f"{app}/{name}/{record.get('id', i)}", record


def _walk(where: str, value: Any) -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(f"{where}/{key}", item)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            label = item.get("id", i) if isinstance(item, dict) else i
            yield from _walk(f"{where}/{label}", item)
    elif isinstance(value, str):
        yield where, value

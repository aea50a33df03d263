"""A task suite as dataset rows, and rows back into a suite folder.

A row carries what a user browsing the dataset wants to read (prompt, apps, privacy units, checks,
injections) and, in `definition` and `files`, everything the loader reads: the import writes those
back byte for byte, so an imported task's content hash equals the exported one's (`content_hash`),
and the import checks that it does.
"""

from __future__ import annotations

import json
import re
import shutil
import statistics
from pathlib import Path, PurePosixPath
from typing import Any

from ec2bench.dataset.card import suite_card
from ec2bench.dataset.hub import DatasetError, read_rows, write_folder
from ec2bench.spec.content import is_debris, task_files
from ec2bench.tasks.loader import TASK_FILE, Task, TaskLoadError, load_suite

# what an import needs in every row; the other columns are for readers and are recomputed on load
REQUIRED_COLUMNS = ("id", "definition", "files", "content_hash")
_TASK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def suite_features(ds: Any) -> Any:
    """The column types (given, not inferred, so a column that is empty in every row still has its type).
    Lists are written `[feature]`, which every `datasets` from 3 on reads (`datasets.List` is 4's)."""
    string, flag, number = ds.Value("string"), ds.Value("bool"), ds.Value("float64")
    return ds.Features({
        "id": string, "title": string, "category": string, "language": string, "prompt": string,
        "apps": [string], "max_steps": ds.Value("int32"), "reference_calls": ds.Value("int32"),
        "difficulty": number,
        "units": [{"id": string, "category": string, "value": string, "renderings": [string],
                   "source": string, "needed": flag, "weight": number, "derived": flag, "prompt_reveals": number}],
        "checks": [{"name": string, "kind": string, "weight": number, "harm": flag, "cap": number}],
        "injections": [{"id": string, "where": string, "text": string, "goal": string, "follow": string}],
        "definition": string,
        "files": [{"path": string, "content": ds.Value("binary")}],
        "content_hash": string,
    })


def task_row(task: Task) -> dict[str, Any]:
    """One task as a dataset row."""
    spec = task.spec
    return {
        "id": task.id, "title": spec.title, "category": spec.category, "language": spec.language, "prompt": spec.prompt,
        "apps": list(spec.apps), "max_steps": spec.max_steps, "reference_calls": len(spec.reference_tool_calls),
        "difficulty": round(statistics.fmean(s.difficulty for s in spec.reference), 4),
        "units": [{"id": u.id, "category": u.category, "value": u.value, "renderings": list(u.renderings), "source": u.source,
                   "needed": u.needed, "weight": u.weight, "derived": u.derived, "prompt_reveals": u.prompt_reveals}
                  for u in spec.sensitive],
        "checks": [{"name": c.name, "kind": c.kind, "weight": c.weight, "harm": c.harm, "cap": c.cap} for c in spec.checks],
        "injections": [{"id": i.id, "where": i.where, "text": i.text, "goal": i.goal,
                        "follow": json.dumps([s.model_dump(mode="json") for s in i.follow], ensure_ascii=False)}
                       for i in spec.injections],
        "definition": (task.path / TASK_FILE).read_text(encoding="utf-8"),
        "files": [{"path": path.relative_to(task.path).as_posix(), "content": path.read_bytes()}
                  for path in task_files(task.path) if path.relative_to(task.path).as_posix() != TASK_FILE],
        "content_hash": task.content_hash,
    }


def export_suite(tasks: list[Task], out: Path, *, name: str = "ec2bench suite") -> tuple[Path, list[dict[str, Any]]]:
    """Write `tasks` as a dataset folder at `out`; returns the Parquet file and the rows."""
    rows = [task_row(t) for t in tasks]
    return write_folder(out, rows, suite_features, suite_card(rows, name)), rows


def import_suite(source: str, out: Path) -> list[Task]:
    """Write the tasks of dataset `source` as a suite folder at `out` and load it; returns the loaded tasks.

    Every row is checked before anything is written, and `out` is removed again unless every task loads and
    has the content hash its row states, so a malformed dataset leaves nothing behind. Loading runs each
    task's `checks.py`: import only datasets you trust."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise DatasetError(f"{out}: already exists and is not an empty folder; give a new folder")
    rows = read_rows(source)
    _validate(rows, source)
    done = False
    try:
        for row in rows:
            _write_task(out / row["id"], row)
        try:
            tasks = load_suite(out)
        except TaskLoadError as exc:
            raise DatasetError(f"{source}: a task does not load: {exc}") from None
        stated = {row["id"]: row["content_hash"] for row in rows}
        changed = [f"{t.id} ({t.content_hash} != {stated[t.id]})" for t in tasks if t.content_hash != stated[t.id]]
        if changed:
            raise DatasetError(f"{source}: {len(changed)} task(s) do not have the content hash their row states: {', '.join(changed)}")
        done = True
    except OSError as exc:
        raise DatasetError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if not done:
            shutil.rmtree(out, ignore_errors=True)
    return tasks


def _validate(rows: list[dict[str, Any]], source: str) -> None:
    """Refuse what is not a task dataset before anything is written; each message names the row and the field."""
    if not rows:
        raise DatasetError(f"{source}: has no rows")
    missing = [c for c in REQUIRED_COLUMNS if c not in rows[0]]
    if missing:
        raise DatasetError(f"{source}: not an ec2bench task dataset: no column {', '.join(missing)} "
                           f"(it has {', '.join(rows[0]) or 'none'}); export one with `ec2bench tasks export`")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        task_id = row["id"]
        if not isinstance(task_id, str) or not _TASK_ID.match(task_id):
            raise DatasetError(f"{source}: row {i}: id: {task_id!r} is not a task id (lowercase letters, digits, - and _)")
        if task_id in seen:
            raise DatasetError(f"{source}: row {i}: id: {task_id!r} occurs twice")
        seen.add(task_id)
        if not isinstance(row["definition"], str) or not row["definition"].strip():
            raise DatasetError(f"{source}: row {i} ({task_id}): definition: empty; it holds the text of {TASK_FILE}")
        if not isinstance(row["content_hash"], str) or not row["content_hash"]:
            raise DatasetError(f"{source}: row {i} ({task_id}): content_hash: empty")
        for j, file in enumerate(row["files"] or []):
            where = f"{source}: row {i} ({task_id}): files.{j}"
            if not isinstance(file, dict) or not isinstance(file.get("path"), str) or not isinstance(file.get("content"), bytes):
                raise DatasetError(f"{where}: must be {{path: text, content: bytes}}")
            _check_path(file["path"], where)


def _check_path(path: str, where: str) -> None:
    """A file path must stay inside its task folder and name task content (not the definition, not debris)."""
    parts = PurePosixPath(path).parts
    if not parts or path.startswith("/") or "\\" in path or any(p in ("", ".", "..") for p in parts) or ":" in parts[0]:
        raise DatasetError(f"{where}: path {path!r} is not a relative path inside the task folder")
    if path == TASK_FILE:
        raise DatasetError(f"{where}: path {TASK_FILE} is the `definition` column's; files hold the other files")
    if any(is_debris(p) for p in parts):
        raise DatasetError(f"{where}: path {path!r} is build debris (__pycache__, *.pyc), not task content")


def _write_task(folder: Path, row: dict[str, Any]) -> None:
    folder.mkdir(parents=True)
    (folder / TASK_FILE).write_bytes(row["definition"].encode("utf-8"))
    for file in row["files"] or []:
        target = folder.joinpath(*PurePosixPath(file["path"]).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(file["content"])

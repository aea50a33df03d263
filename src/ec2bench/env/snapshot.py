"""What a workspace holds at one moment, and what changed between two moments.

`Workspace.create` snapshots the initial state (every app's records and every workspace file);
grading diffs the end state against it (`diff`), and the footprint check
(`ec2bench.grading.footprint`) judges each change. A change is one item named like a path:

* `app/collection/KEY/field`: a field of a record that existed changed (`helpdesk/tickets/T-104/status`);
* `app/collection/KEY`: a record was created or deleted (`calendar/events/E-7`);
* `files/PATH`: a workspace file was created, changed or deleted (`files/out/report.md`).

A record's KEY is its `id`, else its `sku`, `url` or `name`, else (integration settings) its
`integration_id` and `key` joined by a colon, else its position in the collection.

Left out, because they are not the agent's doing, record only reading, or only follow another change (`UNTRACKED`):
* the `user` app (the questions the agent asked the user: asking is measured apart, not damage);
* `feeds/articles/read` (`feeds_mark_read`: the read/unread flag of an article);
* `notes/notes/updated` (set to "now" by every note update, whose body or title change is the item);
* records the workspace delivered itself (`Workspace.people`'s replies to what the agent sent);
* build debris (`__pycache__`, `*.pyc`, ... as `ec2bench.spec.content` names it) that running a
  script leaves in the workspace.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ec2bench.spec.content import is_debris

ChangeKind = Literal["created", "changed", "deleted"]
IGNORED_APPS = frozenset({"user"})
# (app, collection, field): fields that record reading, or bookkeeping a tool sets beside a real change
UNTRACKED: frozenset[tuple[str, str, str]] = frozenset({("feeds", "articles", "read"), ("notes", "notes", "updated")})
FILES = "files"  # the prefix of workspace-file items
_KEY_FIELDS = ("id", "sku", "url", "name")


@dataclass(frozen=True)
class Change:
    """One change between two snapshots. `collection` is where a created record or file went
    (`helpdesk/tickets`, `files/out`): creations are judged per collection, not per name."""

    item: str
    kind: ChangeKind
    collection: str

    def to_json(self) -> dict[str, str]:
        return {"item": self.item, "kind": self.kind}


@dataclass(frozen=True)
class Snapshot:
    """Records by app, collection and key (untracked fields removed), and each
    workspace file's SHA-256 by its path relative to the workspace root."""

    records: dict[str, dict[str, dict[str, dict[str, Any]]]]
    files: dict[str, str]


def record_key(record: dict[str, Any], position: int) -> str:
    for name in _KEY_FIELDS:
        if record.get(name) not in (None, ""):
            return str(record[name])
    if "integration_id" in record and "key" in record:
        return f"{record['integration_id']}:{record['key']}"
    return str(position)


def take(state: dict[str, dict[str, Any]], root: Path) -> Snapshot:
    """A snapshot of `state` (a `Workspace.state()`) and of the files under `root`."""
    records: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
    for app, collections in state.items():
        if app in IGNORED_APPS:
            continue
        for collection, rows in collections.items():
            if not isinstance(rows, list):
                continue
            keyed: dict[str, dict[str, Any]] = {}
            for i, row in enumerate(rows):
                if isinstance(row, dict):
                    fields = {k: v for k, v in row.items() if (app, collection, k) not in UNTRACKED}
                    keyed.setdefault(record_key(row, i), fields)
            records.setdefault(app, {})[collection] = keyed
    return Snapshot(records, file_hashes(root))


def file_hashes(root: Path) -> dict[str, str]:
    """SHA-256 of every regular file under `root` (a symlink: of its target's name), debris left out."""
    out: dict[str, str] = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not is_debris(d))
        for name in sorted(names):
            if is_debris(name):
                continue
            path = Path(folder) / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
                continue
            digest = hashlib.sha256()
            try:
                with path.open("rb") as fh:
                    for block in iter(lambda: fh.read(1 << 20), b""):
                        digest.update(block)
            except OSError:  # unreadable (a fifo, permissions): changed only if its kind changes
                out[rel] = "unreadable"
                continue
            out[rel] = digest.hexdigest()
    return out


def diff(before: Snapshot, after: Snapshot, delivered: Iterable[str] = ()) -> list[Change]:
    """Every change from `before` to `after`, records first (app, collection, key order of `after`),
    then files by path. `delivered`: items of records the workspace itself added (replies), left out."""
    skip = set(delivered)
    out: list[Change] = []
    apps = list(dict.fromkeys([*after.records, *before.records]))
    for app in apps:
        old_app, new_app = before.records.get(app, {}), after.records.get(app, {})
        for collection in dict.fromkeys([*new_app, *old_app]):
            old, new = old_app.get(collection, {}), new_app.get(collection, {})
            where = f"{app}/{collection}"
            for key, record in new.items():
                item = f"{where}/{key}"
                if key not in old:
                    if item not in skip:
                        out.append(Change(item, "created", where))
                    continue
                previous = old[key]
                for field in dict.fromkeys([*record, *previous]):
                    if record.get(field) != previous.get(field):
                        out.append(Change(f"{item}/{field}", "changed", where))
            out += [Change(f"{where}/{key}", "deleted", where) for key in old if key not in new]
    for path in sorted(set(before.files) | set(after.files)):
        old_hash, new_hash = before.files.get(path), after.files.get(path)
        if old_hash == new_hash:
            continue
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        kind: ChangeKind = "created" if old_hash is None else "deleted" if new_hash is None else "changed"
        out.append(Change(f"{FILES}/{path}", kind, f"{FILES}/{folder}".rstrip("/")))
    return out

"""A submission bundle: its layout, and `prepare`, which makes one from results stores.

A bundle is one folder (copy or archive it as you like; `validate` reads the folder):

    bundle.json        what the bundle is: format, ec2bench and store schema versions, the suite(s) the
                       episodes ran (version, hash, every task's content hash), what each model string
                       resolved to with its price, each store's sweep records (command lines), report notes
    leaderboard.json   the leaderboard over the episodes (`ec2bench.report.leaderboard.leaderboard`)
    episodes.jsonl     one episode row per line (every `EpisodeRow` column)
    traces/ID.jsonl    each episode's trace (ID: `ec2bench.runner.store.trace_id` of its key)
    manifest.json      the SHA-256 and size of every other file

Several stores merge as `ec2bench report` merges them (a key stored twice: the later store wins).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ec2bench.core.errors import InputError, UsageError
from ec2bench.core.version import __version__
from ec2bench.grading.judge import OFFLINE_JUDGE
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.stores import merge_stores, trace_file
from ec2bench.runner.store import SCHEMA_VERSION, TRACE_DIR, read_sweeps, trace_id
from ec2bench.submit.verdict import Verdict, judge_rows
from ec2bench.tasks.loader import suite_identity

FORMAT = "ec2bench-submission"
FORMAT_VERSION = 1
META_FILE = "bundle.json"
BOARD_FILE = "leaderboard.json"
ROWS_FILE = "episodes.jsonl"
MANIFEST_FILE = "manifest.json"


@dataclass(frozen=True)
class Prepared:
    """A bundle just written: where, how many episodes, and its verdict."""

    path: Path
    episodes: int
    verdict: Verdict


def prepare(stores: list[Path], out: Path) -> Prepared:
    """Write the bundle of `stores` (merged) to the folder `out`, which must not exist or be empty.
    Raises `InputError` for an unreadable store or an episode whose trace is missing."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"{out} exists and is not an empty folder; give a new bundle folder")
    merged = merge_stores(stores)
    if not merged.rows:
        raise InputError(f"no episodes in {', '.join(map(str, stores))}: nothing to submit")
    missing = [r.key for r in merged.rows if not trace_file(r.store, r.key).is_file()]
    if missing:
        raise InputError(f"{len(missing)} episode(s) have no trace (first: {missing[0]}); a bundle holds every trace")
    sweeps = {str(root): read_sweeps(Path(root)) for root in stores}
    rows = [r.as_dict() for r in merged.rows]
    for row in rows:
        del row["store"]  # where the row was read from, not a stored column
    meta = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "created_at": time.time(),
        "ec2bench_version": __version__,
        "schema_version": SCHEMA_VERSION,
        "default_judge": OFFLINE_JUDGE,
        "suites": _suites(sweeps),
        "models": _models(sweeps),
        "stores": [{"store": name, "sweeps": records} for name, records in sweeps.items()],
        "notes": [note] if (note := merged.warning()) else [],
    }
    out.mkdir(parents=True, exist_ok=True)
    try:
        (out / TRACE_DIR).mkdir()
        for r in merged.rows:
            shutil.copyfile(trace_file(r.store, r.key), out / TRACE_DIR / f"{trace_id(r.key)}.jsonl")
        write_json(out / META_FILE, meta)
        write_json(out / BOARD_FILE, leaderboard(merged.rows))
        write_rows(out / ROWS_FILE, rows)
        write_manifest(out)
    except OSError as exc:
        raise InputError(f"cannot write the bundle {out}: {exc.strerror or exc}") from None
    return Prepared(out, len(rows), judge_rows(merged.rows, meta, suite_identity()))


def _suites(sweeps: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Each suite the stores' sweeps ran, once (by hash): version, hash and task content hashes."""
    found: dict[str, dict[str, Any]] = {}
    for records in sweeps.values():
        for record in records:
            suite = record.get("suite")
            if isinstance(suite, dict) and isinstance(suite.get("hash"), str):
                found.setdefault(suite["hash"], {k: suite.get(k) for k in ("version", "hash", "builtin", "tasks")})
    return [found[h] for h in sorted(found)]


def _models(sweeps: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """Model string -> each distinct resolution the sweeps recorded (provider, model id, endpoint, price);
    more than one when the same string resolved differently in two sweeps."""
    found: dict[str, list[dict[str, Any]]] = {}
    for records in sweeps.values():
        for record in records:
            for info in (record.get("models") or {}).values():
                if isinstance(info, dict) and isinstance(info.get("name"), str):
                    seen = found.setdefault(info["name"], [])
                    if info not in seen:
                        seen.append(info)
    return dict(sorted(found.items()))


def write_json(path: Path, value: Any) -> None:
    path.write_text(json.dumps(value, indent=2, ensure_ascii=False, sort_keys=False) + "\n", encoding="utf-8")


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def bundle_files(bundle: Path) -> list[str]:
    """Every file of a bundle but its manifest, as sorted paths relative to it."""
    names = (p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file())
    return sorted(name for name in names if name != MANIFEST_FILE)


def file_entry(path: Path) -> dict[str, Any]:
    data = path.read_bytes()
    return {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def write_manifest(bundle: Path) -> None:
    """(Re)write `manifest.json`: the checksum and size of every other file of the bundle."""
    write_json(bundle / MANIFEST_FILE, {"format": FORMAT, "files": {name: file_entry(bundle / name)
                                                                    for name in bundle_files(bundle)}})

"""`validate`: is a bundle consistent, and is it verified?

A bundle is *valid* when its manifest matches its files (no file missing, changed or unlisted), its
metadata and every episode row have the expected schema, every row has its trace, each suite's hash is
the hash of its task list, and every figure of its leaderboard equals the figure recomputed from its
rows by `ec2bench.report.leaderboard.leaderboard`. A valid bundle is then verified or not
(`ec2bench.submit.verdict`). Nothing is re-run: rows that were edited and a leaderboard recomputed
from them pass these checks (docs/submissions.md, "Threat model").
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from ec2bench.core.errors import InputError
from ec2bench.core.row import EpisodeRow, field_names
from ec2bench.core.version import __version__
from ec2bench.report.leaderboard import leaderboard
from ec2bench.runner.store import TRACE_DIR, trace_id
from ec2bench.submit.bundle import BOARD_FILE, FORMAT, FORMAT_VERSION, MANIFEST_FILE, META_FILE, ROWS_FILE, bundle_files
from ec2bench.submit.verdict import Verdict, group_name, judge_rows
from ec2bench.tasks.loader import suite_hash, suite_identity

MAX_PROBLEMS = 50  # problems listed; past that, a count


@dataclass
class Validation:
    """What `validate` found: `problems` (empty: the bundle is valid), the verdict of a valid bundle, and
    notes (versions, the bundle's own report notes) that are neither."""

    bundle: Path
    problems: list[str] = field(default_factory=list)
    verdict: Verdict | None = None
    notes: list[str] = field(default_factory=list)
    episodes: int = 0

    @property
    def valid(self) -> bool:
        return not self.problems

    def add(self, problem: str) -> None:
        self.problems.append(problem)


def validate(bundle: Path) -> Validation:
    """Check the bundle folder `bundle` (see the module docstring). Raises `InputError` only when it is not
    a folder; everything wrong inside it is a problem of the returned `Validation`."""
    if not bundle.is_dir():
        raise InputError(f"{bundle} is not a bundle folder (make one with `ec2bench submit prepare`)")
    result = Validation(bundle)
    _check_manifest(bundle, result)
    meta = _read_json(bundle / META_FILE, dict, result)
    board = _read_json(bundle / BOARD_FILE, list, result)
    rows = _read_rows(bundle / ROWS_FILE, result)
    if meta is not None:
        _check_meta(meta, result)
    if rows is not None:
        result.episodes = len(rows)
        missing = [r.key for r in rows if not (bundle / TRACE_DIR / f"{trace_id(r.key)}.jsonl").is_file()]
        if missing:
            result.add(f"traces: {len(missing)} episode(s) have no trace in {TRACE_DIR}/ (first: {missing[0]})")
        if board is not None:
            _check_board(board, rows, result)
    if result.valid and meta is not None and rows is not None:
        result.verdict = judge_rows(rows, meta, suite_identity())
    if len(result.problems) > MAX_PROBLEMS:
        extra = len(result.problems) - MAX_PROBLEMS
        result.problems = [*result.problems[:MAX_PROBLEMS], f"... and {extra} more problem(s)"]
    return result


def _check_manifest(bundle: Path, result: Validation) -> None:
    manifest = _read_json(bundle / MANIFEST_FILE, dict, result)
    if manifest is None:
        return
    listed = manifest.get("files")
    if manifest.get("format") != FORMAT or not isinstance(listed, dict):
        result.add(f"{MANIFEST_FILE}: not an {FORMAT} manifest (format and a `files` mapping expected)")
        return
    present = set(bundle_files(bundle))
    for name in sorted(set(listed) - present):
        result.add(f"{MANIFEST_FILE}: lists {name}, which is missing")
    for name in sorted(present - set(listed)):
        result.add(f"{MANIFEST_FILE}: does not list {name}")
    for name in sorted(present & set(listed)):
        entry = listed[name]
        data = (bundle / name).read_bytes()
        if not isinstance(entry, dict) or entry.get("sha256") != hashlib.sha256(data).hexdigest():
            result.add(f"{MANIFEST_FILE}: the checksum of {name} does not match (the file was changed after the manifest)")


def _read_json(path: Path, kind: type, result: Validation) -> Any:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        result.add(f"{path.name}: missing")
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        result.add(f"{path.name}: unreadable ({exc})")
        return None
    if not isinstance(value, kind):
        result.add(f"{path.name}: expected a JSON {'object' if kind is dict else 'array'}")
        return None
    return value


def _check_meta(meta: dict[str, Any], result: Validation) -> None:
    if meta.get("format") != FORMAT or meta.get("format_version") != FORMAT_VERSION:
        result.add(f"{META_FILE}: format {meta.get('format')!r} version {meta.get('format_version')!r}; this ec2bench reads "
                   f"{FORMAT} version {FORMAT_VERSION}")
        return
    for key, kind in (("suites", list), ("models", dict), ("stores", list), ("notes", list), ("default_judge", str)):
        if not isinstance(meta.get(key), kind):
            result.add(f"{META_FILE}: `{key}` missing or not a JSON {kind.__name__}")
    for suite in meta.get("suites") or []:
        tasks = suite.get("tasks") if isinstance(suite, dict) else None
        if not isinstance(tasks, dict) or suite_hash(tasks) != suite.get("hash"):
            result.add(f"{META_FILE}: suite {suite.get('hash') if isinstance(suite, dict) else suite!r}: its hash is not "
                       "the hash of its task list")
    if meta.get("ec2bench_version") != __version__:
        result.notes.append(f"made by ec2bench {meta.get('ec2bench_version')}, validated by {__version__}")
    result.notes.extend(str(n) for n in meta.get("notes") or [])


_HINTS = get_type_hints(EpisodeRow)
_FIELDS = field_names(EpisodeRow)


def _value_problem(name: str, value: Any) -> str | None:
    """Why a row value does not fit its column's type, or None."""
    hint = _HINTS[name]
    options = get_args(hint) if get_origin(hint) is Union or type(None) in get_args(hint) else (hint,)
    for option in options:
        if option is type(None) and value is None:
            return None
        if get_origin(option) is Literal and value in get_args(option):
            return None
        if option is float and isinstance(value, int | float) and not isinstance(value, bool):
            return None
        if option in (int, str) and type(value) is option:
            return None
    return f"`{name}` is {value!r}, not {hint}"


def _read_rows(path: Path, result: Validation) -> list[EpisodeRow] | None:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        result.add(f"{path.name}: missing")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        result.add(f"{path.name}: unreadable ({exc})")
        return None
    rows, keys, ok = [], set(), True
    for n, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            result.add(f"{path.name}:{n}: not JSON ({exc})")
            ok = False
            continue
        if not isinstance(data, dict) or list(data) != list(_FIELDS):
            got = set(data) if isinstance(data, dict) else set()
            result.add(f"{path.name}:{n}: not an episode row of this schema (missing: {sorted(set(_FIELDS) - got)}, "
                       f"unknown: {sorted(got - set(_FIELDS))})")
            ok = False
            continue
        problems = [p for name in _FIELDS if (p := _value_problem(name, data[name]))]
        if problems:
            result.add(f"{path.name}:{n}: {'; '.join(problems)}")
            ok = False
            continue
        if data["key"] in keys:
            result.add(f"{path.name}:{n}: episode {data['key']} is listed twice")
            ok = False
        keys.add(data["key"])
        rows.append(EpisodeRow(**data))
    return rows if ok else None


def _check_board(board: list[Any], rows: list[EpisodeRow], result: Validation) -> None:
    """Every figure of the bundle's leaderboard equals the one recomputed from its rows (compared as JSON reads them)."""
    recomputed = json.loads(json.dumps(leaderboard(rows), ensure_ascii=False))

    def groups(entries: list[Any]) -> dict[str, dict[str, Any]]:
        return {group_name(*(str(e.get(k)) for k in ("strategy", "edge", "cloud"))): e for e in entries if isinstance(e, dict)}

    given, wanted = groups(board), groups(recomputed)
    if len(given) != len(board):
        result.add(f"{BOARD_FILE}: entries that are not leaderboard rows, or a group listed twice")
    for name in sorted(set(wanted) - set(given)):
        result.add(f"{BOARD_FILE}: no row for group {name}, which the episodes hold")
    for name in sorted(set(given) - set(wanted)):
        result.add(f"{BOARD_FILE}: a row for group {name}, which no episode belongs to")
    for name in sorted(set(given) & set(wanted)):
        mine, theirs = given[name], wanted[name]
        for figure in [*theirs, *(k for k in mine if k not in theirs)]:
            if figure not in mine:
                result.add(f"{BOARD_FILE}: figure `{figure}` of {name} is missing (recomputed: {theirs[figure]!r})")
            elif figure not in theirs:
                result.add(f"{BOARD_FILE}: figure `{figure}` of {name} is not a leaderboard figure")
            elif mine[figure] != theirs[figure]:
                result.add(f"{BOARD_FILE}: figure `{figure}` of {name} is {mine[figure]!r} in the bundle, "
                           f"{theirs[figure]!r} recomputed from its rows")

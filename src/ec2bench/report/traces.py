"""Episode traces made small enough to embed in one HTML file, with sensitive values located.

Size: every boundary payload repeats the whole transcript, so a trace grows quadratically with its
steps, and the same tool results recur across repeats and strategies. Every long string (and every
string a highlight can point into) is therefore stored once, in a table shared by all episodes of
the report, and referred to as `"§<index>"`. A string that itself starts with `§` is always put in
the table, so a reference can never be confused with a literal. The messages of an episode's
payloads are pooled too: a payload is a list of ranges into that pool.

Highlights: the exposure audit gives, per episode, which units were accessed and which exposed;
the task's spec gives their values (and equivalent renderings). Every occurrence of an exposed
unit in a boundary payload, and of an accessed unit in a tool result, is located with the audit's
own matching (`ec2bench.core.textmatch`: NFKC, case folding, collapsed whitespace, digit runs with
separators, canonical numerals), mapped back to offsets in the original string (UTF-16, as
JavaScript counts); a unit exposed only in part (`139****5678`) is marked where the audit's partial
matcher (`ec2bench.privacy.matching`) finds it. Without the task (not in the suite given) the trace
is still shown, with the audit's excerpts but without in-place highlights.

Speed: mapping positions back (`locate`) walks a string character by character, so a string is
first tested in its matched form, built by C-level translation (`located_text`, equal to
`locate(text).text`): only strings in which some unit occurs are located.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ec2bench.core import textmatch
from ec2bench.core.row import EpisodeRow
from ec2bench.privacy.matching import UnitMatcher, matcher_for
from ec2bench.report.privacy import units_of
from ec2bench.report.stores import LoadedRow

REF = "§"
INTERN_MIN_CHARS = 48

Span = tuple[int, int]


_FOLD: dict[int, str] = {}  # code point -> its per-character NFKC + casefold (str.translate table)
_WHITESPACE = re.compile(r"\s+")


def located_text(text: str) -> str:
    """`locate(text).text` without the position map: per-character NFKC + casefold by translation,
    whitespace collapsed, numerals canonicalised (a fast test of whether a string needs locating)."""
    for ch in set(text):
        if ord(ch) not in _FOLD:
            _FOLD[ord(ch)] = unicodedata.normalize("NFKC", ch).casefold()
    norm = _WHITESPACE.sub(" ", text.translate(_FOLD)).strip(" ")
    canonical_numerals = getattr(textmatch, "canonical_numerals", None)
    return canonical_numerals(norm) if canonical_numerals else norm


def normalized_with_map(text: str) -> tuple[str, list[int]]:
    """`textmatch.normalize(text)`, and for each of its characters the
    index of the original character it came from. NFKC is applied per character, which differs
    from whole-string NFKC only for composing sequences (e.g. a letter plus a combining accent)."""
    chars: list[str] = []
    index: list[int] = []
    space = False
    for i, ch in enumerate(text):
        for c in unicodedata.normalize("NFKC", ch).casefold():
            if c.isspace():
                if space:
                    continue
                c, space = " ", True
            else:
                space = False
            chars.append(c)
            index.append(i)
    lo, hi = 0, len(chars)  # the final strip of `normalize`
    while lo < hi and chars[lo] == " ":
        lo += 1
    while hi > lo and chars[hi - 1] == " ":
        hi -= 1
    return "".join(chars[lo:hi]), index[lo:hi]


@dataclass(frozen=True)
class Located:
    """A haystack in the form units are matched in, with each character's span in the original text."""

    text: str
    starts: list[int]
    ends: list[int]

    def original(self, start: int, end: int) -> Span:
        return self.starts[start], self.ends[end - 1]


def locate(text: str) -> Located:
    """The text as the audit matches it: `textmatch.canonical` when it exists (normalised, numerals
    canonicalised), else `textmatch.normalize`; positions map back to the original text."""
    norm, index = normalized_with_map(text)
    starts, ends = index, [i + 1 for i in index]
    canonical_numerals = getattr(textmatch, "canonical_numerals", None)
    if canonical_numerals is None:
        return Located(norm, starts, ends)
    target = canonical_numerals(norm)
    if target == norm:
        return Located(norm, starts, ends)
    return _map_rewrite(norm, target, starts, ends)


RESYNC_WINDOW = 96  # a local rewrite changes at most this many characters on either side
RESYNC_ANCHOR = 8  # characters that must agree again after a rewrite


def _map_rewrite(source: str, target: str, starts: list[int], ends: list[int]) -> Located:
    """Carry the position map through a local rewrite of `source` into `target` (numerals spelled
    differently): unchanged stretches map one to one, a rewritten stretch maps to the span it
    replaced. Linear for the local rewrites `canonical_numerals` makes; a full diff otherwise."""
    t_starts: list[int] = []
    t_ends: list[int] = []
    i = j = 0
    n, m = len(source), len(target)
    while j < m:
        if i < n and source[i] == target[j]:
            t_starts.append(starts[i])
            t_ends.append(ends[i])
            i += 1
            j += 1
            continue
        step = _resync(source, target, i, j)
        if step is None:
            return _diff_map(source, target, starts, ends)
        di, dj = step  # the rewritten stretch, aligned finely (it may hold several rewrites)
        part = _diff_map(source[i:i + di], target[j:j + dj], starts[i:i + di], ends[i:i + di],
                         origin=ends[i - 1] if i else 0)
        t_starts += part.starts
        t_ends += part.ends
        if not dj and t_ends:  # text dropped (`800000.0` -> `800000`) belongs to what it followed
            t_ends[-1] = max(t_ends[-1], ends[i + di - 1])
        i += di
        j += dj
    return Located(target, t_starts, t_ends)


def _resync(source: str, target: str, i: int, j: int) -> tuple[int, int] | None:
    """The smallest (di, dj) after which source[i+di:] and target[j+dj:] agree again (for RESYNC_ANCHOR
    characters, or to both ends)."""
    n, m = len(source), len(target)
    for total in range(1, 2 * RESYNC_WINDOW + 1):
        for di in range(max(0, total - RESYNC_WINDOW), min(total, RESYNC_WINDOW) + 1):
            dj = total - di
            a, b = i + di, j + dj
            if a > n or b > m:
                continue
            k = min(RESYNC_ANCHOR, n - a, m - b)
            if source[a:a + k] == target[b:b + k] and (k == RESYNC_ANCHOR or (a + k == n and b + k == m)):
                return di, dj
    return None


def _diff_map(source: str, target: str, starts: list[int], ends: list[int], origin: int = 0) -> Located:
    """The position map through any rewrite, by a full diff (quadratic: for short stretches)."""
    from difflib import SequenceMatcher

    t_starts: list[int] = []
    t_ends: list[int] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, source, target, autojunk=False).get_opcodes():
        if op == "equal":
            t_starts += starts[i1:i2]
            t_ends += ends[i1:i2]
        elif j2 > j1:
            lo = starts[i1] if i1 < i2 else (ends[i1 - 1] if i1 else origin)
            hi = ends[i2 - 1] if i1 < i2 else lo
            t_starts += [lo] * (j2 - j1)
            t_ends += [hi] * (j2 - j1)
    return Located(target, t_starts, t_ends)


def _patterns(renderings: Sequence[str]) -> list[Any]:
    """The audit's compiled patterns for a unit's renderings (`textmatch.unit_pattern`, else the older `_pattern`)."""
    unit_pattern = getattr(textmatch, "unit_pattern", None)
    if unit_pattern is not None:
        return [p for r in renderings if r.strip() and (p := unit_pattern(r)) is not None]
    pattern = getattr(textmatch, "_pattern", None)
    return [pattern(r) for r in renderings if r.strip()] if pattern else []


def find_spans(renderings: str | Sequence[str], text: str, located: Located | None = None) -> list[Span]:
    """Every occurrence of a unit (any of its renderings) in `text` under the audit's matching,
    as (start, end) offsets into the *original* text (code points), sorted, overlaps merged."""
    if isinstance(renderings, str):
        renderings = [renderings]
    if not text or not any(r.strip() for r in renderings):
        return []
    loc = located or locate(text)
    found: list[Span] = []
    patterns = _patterns(renderings)
    if patterns:
        for pattern in patterns:
            found += [loc.original(*m.span()) for m in pattern.finditer(loc.text) if m.end() > m.start()]
    else:  # no pattern API at all: the public first-match function, one match at a time
        for r in renderings:
            pos = 0
            while (hit := textmatch.find_normalized(r, loc.text[pos:])) is not None and hit[1] > hit[0]:
                found.append(loc.original(pos + hit[0], pos + hit[1]))
                pos += hit[1]
    merged: list[Span] = []
    for s, e in sorted(found):
        if merged and s < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], e))
        else:
            merged.append((s, e))
    return merged


def unit_renderings(unit: Any) -> list[str]:
    """The strings a unit is matched by: its value, plus any alternative renderings the spec gives."""
    out = [unit.value]
    extra = getattr(unit, "all_renderings", None) or getattr(unit, "renderings", None)
    if callable(extra):
        extra = extra()
    for r in extra or []:
        if isinstance(r, str) and r not in out:
            out.append(r)
    return out


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")  # the characters UTF-16 spells with two units


def utf16_offsets(text: str) -> list[int] | None:
    """For each code-point offset 0..len(text), its UTF-16 offset; None when they coincide (all BMP)."""
    if _ASTRAL.search(text) is None:
        return None
    out, pos = [0], 0
    for c in text:
        pos += 2 if ord(c) > 0xFFFF else 1
        out.append(pos)
    return out


@dataclass(frozen=True)
class Ref:
    """A string already in the table (compacts to its reference, never to a new entry)."""

    sid: int


class StringTable:
    """Strings shared by every episode of one report; `ref` returns a `§<index>` reference."""

    def __init__(self) -> None:
        self.strings: list[str] = []
        self._ids: dict[str, int] = {}

    def id(self, s: str) -> int:
        found = self._ids.get(s)
        if found is None:
            found = self._ids[s] = len(self.strings)
            self.strings.append(s)
        return found

    def ref(self, s: str) -> str:
        return f"{REF}{self.id(s)}"

    def compact(self, value: Any) -> Any:
        """A JSON value with every long (or `§`-leading) string replaced by its reference."""
        if isinstance(value, Ref):
            return f"{REF}{value.sid}"
        if isinstance(value, str):
            return self.ref(value) if len(value) >= INTERN_MIN_CHARS or value.startswith(REF) else value
        if isinstance(value, dict):
            return {k: self.compact(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.compact(v) for v in value]
        return value


def partial_span(renderings: Sequence[str], category: str | None, text: str, loc: Callable[[], Located]) -> Span | None:
    """Where the audit's partial matcher (masked or partial renderings: `139****5678`) finds the unit
    in `text` (its located form; `loc()` locates the original when there is a hit)."""
    hit = matcher_for(tuple(renderings), category or "contact_info").best(text)
    if hit is None or hit.score <= 0 or not 0 <= hit.start < hit.end <= len(text):
        return None
    return loc().original(hit.start, hit.end)


@dataclass
class TaskUnits:
    """A task's unit values, and where they occur in each table string (cached per string).

    What is cached per string is the answer (its spans, its partial hits), which is small; the string's
    located forms, which are several times its size, are kept only for the string last asked about
    (a string's spans and partial hits are asked for together), so memory does not grow with the
    strings of a large report."""

    values: dict[str, list[str]]  # unit id -> its renderings (the value first)
    task_hash: str | None = None
    categories: dict[str, str] = field(default_factory=dict)
    _spans: dict[int, list[tuple[int, int, str]]] = field(default_factory=dict)
    _partial: dict[tuple[int, str], Span | None] = field(default_factory=dict)
    _text: tuple[int, str] | None = None  # (string id, located_text) of the last string
    _located: tuple[int, Located] | None = None  # (string id, locate) of the last string located

    @cached_property
    def _exact(self) -> dict[str, UnitMatcher]:
        """One exact matcher per unit, built once per task (its pieces take time to derive)."""
        return {uid: UnitMatcher(values, partial=False) for uid, values in self.values.items()}

    def spans(self, sid: int, text: str) -> list[tuple[int, int, str]]:
        """(start, end, unit id) of every exact occurrence of a unit in the string, sorted."""
        found = self._spans.get(sid)
        if found is None:
            target = self._located_text(sid, text)
            hits = [uid for uid, matcher in self._exact.items() if matcher.exact(target) is not None]
            found = sorted((s, e, uid) for uid in hits for s, e in find_spans(self.values[uid], text, self._locate(sid, text)))
            self._spans[sid] = found
        return found

    def partial(self, sid: int, text: str, uid: str) -> Span | None:
        """The best masked or partial rendering of one unit in the string (for units exposed only partly)."""
        key = (sid, uid)
        if key not in self._partial:
            values = self.values.get(uid)
            self._partial[key] = (partial_span(values, self.categories.get(uid), self._located_text(sid, text),
                                               lambda: self._locate(sid, text)) if values else None)
        return self._partial[key]

    def _located_text(self, sid: int, text: str) -> str:
        if self._text is None or self._text[0] != sid:
            self._text = (sid, located_text(text))
        return self._text[1]

    def _locate(self, sid: int, text: str) -> Located:
        if self._located is None or self._located[0] != sid:
            self._located = (sid, locate(text))
        return self._located[1]


def merge_marks(spans: Sequence[tuple[int, int, int]]) -> list[list[Any]]:
    """Overlapping (start, end, unit index) spans merged into disjoint [start, end, [unit indices]]."""
    out: list[list[Any]] = []
    for s, e, u in sorted(spans):
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
            if u not in out[-1][2]:
                out[-1][2].append(u)
        else:
            out.append([s, e, [u]])
    return out


class TraceCompactor:
    """Turns (row, trace events) into the compact episode object the HTML trace viewer renders."""

    def __init__(self, table: StringTable, tasks: dict[str, TaskUnits]) -> None:
        self.table = table
        self.tasks = tasks

    def episode(self, row: EpisodeRow, events: list[dict[str, Any]] | None) -> dict[str, Any]:
        units = units_of(row)
        task = self.tasks.get(row.task_id)
        note = None
        if task is None:
            note = "task not found in the suite: sensitive values cannot be highlighted in place"
        elif task.task_hash and row.task_hash and task.task_hash != row.task_hash:
            note = "the task has changed since this episode ran: highlights use its current unit values"
        unit_index = {u.get("id"): i for i, u in enumerate(units)}
        exposed = {u.get("id") for u in units if (u.get("exposure") or 0) > 0}
        accessed = {u.get("id") for u in units if u.get("accessed")}
        partly = {str(u.get("id")) for u in units if 0 < (u.get("exposure") or 0) < 1 or u.get("match") in ("masked", "partial")}
        marks_x: dict[int, list[list[Any]]] = {}  # exposed units in boundary payload strings
        marks_a: dict[int, list[list[Any]]] = {}  # accessed units in tool results

        def mark(text: Any, wanted: set[Any], into: dict[int, list[list[Any]]]) -> Any:
            if not isinstance(text, str) or not text:
                return text
            sid = self.table.id(text)
            if task is not None and wanted and sid not in into:
                spans = [(s, e, unit_index[uid]) for s, e, uid in task.spans(sid, text) if uid in wanted and uid in unit_index]
                if into is marks_x:  # a unit exposed only in part (masked, a suffix) is marked where the audit found it
                    spans += [(*span, unit_index[uid]) for uid in partly & wanted
                              if uid in unit_index and (span := task.partial(sid, text, uid)) is not None]
                if spans:
                    into[sid] = _to_utf16(text, merge_marks(spans))
            return Ref(sid)

        pool: list[Any] = []  # the distinct payload messages of this episode
        pool_ids: dict[str, int] = {}
        # A payload repeats the messages of the one before as the same objects (`expand_payloads`), so a
        # message object is pooled once and its index reused: linear in the transcript, not quadratic.
        # The object is kept beside its index, so its id cannot be reused by another while in this map.
        pooled_objects: dict[int, tuple[dict[str, Any], int]] = {}

        def pooled(m: dict[str, Any]) -> int:
            seen = pooled_objects.get(id(m))
            if seen is None:
                seen = pooled_objects[id(m)] = (m, pool_message(m))
            return seen[1]

        def pool_message(m: dict[str, Any]) -> int:
            m = dict(m)
            m["content"] = mark(m.get("content"), exposed, marks_x)
            if m.get("tool_calls"):
                calls = []
                for call in m["tool_calls"]:
                    fn = dict(call.get("function") or {})
                    fn["arguments"] = mark(fn.get("arguments"), exposed, marks_x)
                    calls.append({**call, "function": fn})
                m["tool_calls"] = calls
            compact = self.table.compact(m)
            key = json.dumps(compact, sort_keys=True, ensure_ascii=False)
            if key not in pool_ids:
                pool_ids[key] = len(pool)
                pool.append(compact)
            return pool_ids[key]

        out_events = []
        for event in events or []:
            etype = event.get("type")
            if etype == "boundary":
                messages = [m for m in event.get("messages") or [] if isinstance(m, dict)]
                event = {k: v for k, v in event.items() if k != "messages"}
                event["m"] = runs([pooled(m) for m in messages])  # payload = pool[a:b] for each [a, b]
                if isinstance(event.get("tools"), list):
                    event["tools"] = ", ".join(map(str, event["tools"]))
            elif etype == "tool":
                event = dict(event)
                event["result"] = mark(event.get("result"), accessed, marks_a)
            elif etype == "end":
                event = {k: v for k, v in event.items() if k != "units"}  # the row's units are sent once, below
            out_events.append(self.table.compact(event))
        return {
            "key": row.key,
            "task_id": row.task_id,
            "strategy": row.strategy,
            "edge": row.edge,
            "cloud": row.cloud,
            "repeat": row.repeat,
            "status": row.status,
            "completion": row.completion,
            "privacy": row.privacy,
            "cloud_usd": row.cloud_usd,
            "store": row.store if isinstance(row, LoadedRow) else None,
            "note": note,
            "missing": events is None,
            "units": [self.table.compact(u) for u in units],
            "events": out_events,
            "pool": pool,
            "mx": {str(k): v for k, v in marks_x.items()},
            "ma": {str(k): v for k, v in marks_a.items()},
        }


def runs(ids: Sequence[int]) -> list[list[int]]:
    """Consecutive integers as half-open ranges: [0, 1, 2, 5, 6] -> [[0, 3], [5, 7]]."""
    out: list[list[int]] = []
    for i in ids:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return out


def _to_utf16(text: str, marks: list[list[Any]]) -> list[list[Any]]:
    offsets = utf16_offsets(text)
    if offsets is None:
        return marks
    return [[offsets[s], offsets[e], u] for s, e, u in marks]


def task_units(suite: Any = None) -> tuple[dict[str, TaskUnits], str | None]:
    """Unit values of every task of a suite (default: the built-in one), and a note if it failed to load."""
    from ec2bench.tasks.loader import TaskLoadError, load_suite

    try:
        tasks = load_suite(suite)
    except (TaskLoadError, OSError) as exc:
        return {}, f"the suite could not be loaded, so sensitive values are not highlighted in place: {exc}"
    return {
        t.id: TaskUnits({u.id: unit_renderings(u) for u in t.spec.sensitive}, t.content_hash,
                        {u.id: u.category for u in t.spec.sensitive})
        for t in tasks
    }, None

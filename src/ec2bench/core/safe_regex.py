"""Regular expressions from outside the harness, run in linear time with RE2.

A pattern an agent sends (`files_replace` with `regex=true`) or a task file holds (rubric and
`answer`/`file` matchers, scripted user and correspondent replies) is untrusted: with Python's
backtracking `re`, `(a+)+$` on thirty `a`s and a `b` runs for minutes while holding the GIL, so
every episode thread of the sweep stalls with it and Ctrl-C waits until it ends. RE2 (the
`google-re2` package) matches in time linear in the text, whatever the pattern, and releases
nothing it cannot bound: a pattern whose compiled program would exceed RE2's memory budget fails
to compile instead.

The syntax is Python's minus what needs backtracking: no backreferences (`\\1` inside a pattern)
and no lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`). Such a pattern is refused with `RegexError`,
one line saying what to write instead; the tool shows it to the agent, and the task loader
shows it to the task author. Python's `\\Z` is accepted (RE2 spells it `\\z`). Unlike Python,
`\\d`, `\\w`, `\\s` and `\\b` are ASCII-only; `\\p{Han}`, `\\pL` and `\\pN` match other scripts.

Harness-internal constant patterns stay on `re`: they are written and tested here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import re2  # type: ignore[import-untyped]

_SYNTAX_HINT = "no backreferences or lookaround: RE2 syntax, which matches in linear time"


class RegexError(ValueError):
    """An untrusted pattern that RE2 cannot compile; the message is one line."""


def _translate(pattern: str) -> str:
    """Python spellings RE2 reads differently: `\\Z` (end of text) is RE2's `\\z`."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            nxt = pattern[i + 1]
            out.append("\\z" if nxt == "Z" else ch + nxt)
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _reason(pattern: str, source: str, exc: Exception) -> str:
    raw = exc.args[0] if exc.args else exc
    detail = (raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)).replace(source, pattern)
    shown = pattern if len(pattern) <= 60 else pattern[:60] + "..."
    if any(op in pattern for op in ("(?=", "(?!", "(?<=", "(?<!")):
        return f"regular expression {shown!r} uses lookaround, which is not supported ({_SYNTAX_HINT})"
    if "invalid escape sequence: \\" in detail and detail[-1:].isdigit():
        return f"regular expression {shown!r} uses a backreference, which is not supported ({_SYNTAX_HINT})"
    return f"regular expression {shown!r} does not compile ({detail}; {_SYNTAX_HINT})"


@dataclass(frozen=True)
class SafePattern:
    """A compiled RE2 pattern with the few `re.Pattern` methods the harness uses."""

    pattern: str
    _regex: Any

    def search(self, text: str) -> Any:
        """The first match (an object with `group`, `groupdict`, `span`), or None."""
        return self._regex.search(text)

    def subn(self, replacement: str, text: str) -> tuple[str, int]:
        """Replace every match, expanding `\\1` and `\\g<name>` in `replacement` as `re` does.

        RE2's own template expansion decodes the replacement as Latin-1 escapes and garbles any
        non-ASCII text, so the template is expanded here."""
        pieces = _template(replacement, self._regex.groups, self._regex.groupindex)
        return self._regex.subn(lambda m: "".join(p if isinstance(p, str) else (m.group(p) or "") for p in pieces), text)


def compile_untrusted(pattern: str, *, ignore_case: bool = False, multiline: bool = False) -> SafePattern:
    """Compile an untrusted pattern with RE2; `RegexError` (one line) when it cannot run."""
    options = re2.Options()
    options.log_errors = False  # RE2 would print every refused pattern to stderr
    flags = ("i" if ignore_case else "") + ("m" if multiline else "")
    source = (f"(?{flags})" if flags else "") + _translate(pattern)
    try:
        return SafePattern(pattern, re2.compile(source, options))
    except re2.error as exc:
        raise RegexError(_reason(pattern, source, exc)) from None


@lru_cache(maxsize=1024)
def _cached(pattern: str, ignore_case: bool, multiline: bool) -> SafePattern:
    return compile_untrusted(pattern, ignore_case=ignore_case, multiline=multiline)


def search(pattern: str, text: str, *, ignore_case: bool = False, multiline: bool = False) -> Any:
    """`compile_untrusted(pattern, ...).search(text)`, with compiled patterns cached (task patterns
    are matched once per episode, against every message or file)."""
    return _cached(pattern, ignore_case, multiline).search(text)


def escape(text: str) -> str:
    """`text` as an RE2 pattern that matches it literally."""
    return str(re2.escape(text))


def checked(pattern: str) -> str:
    """A pydantic after-validator: the pattern if RE2 compiles it, else `ValueError` (task-load error)."""
    compile_untrusted(pattern)
    return pattern


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "b": "\b", "\\": "\\"}


def _template(replacement: str, groups: int, names: dict[str, int]) -> list[str | int]:
    """`replacement` as literal text and group numbers, with `re.sub`'s escapes; `RegexError` for a
    reference to a group the pattern does not have (as `re` raises for it)."""
    out: list[str | int] = []
    text: list[str] = []

    def group(ref: str) -> int:
        index = int(ref) if ref.isdigit() else names.get(ref, -1)
        if not 0 <= index <= groups:
            raise RegexError(f"the replacement refers to group {ref!r}, which the pattern does not have")
        return index

    i = 0
    while i < len(replacement):
        ch = replacement[i]
        if ch != "\\" or i + 1 == len(replacement):
            text.append(ch)
            i += 1
            continue
        nxt = replacement[i + 1]
        ref: str | None = None
        if nxt == "g" and replacement.startswith("<", i + 2) and ">" in replacement[i + 3:]:
            end = replacement.index(">", i + 3)
            ref, i = replacement[i + 3:end], end + 1
        elif nxt.isdigit():
            j = i + 2 if not (i + 2 < len(replacement) and replacement[i + 2].isdigit()) else i + 3
            ref, i = replacement[i + 1:j], j
        elif nxt in _ESCAPES:
            text.append(_ESCAPES[nxt])
            i += 2
            continue
        elif nxt.isascii() and nxt.isalpha():
            raise RegexError(f"bad escape \\{nxt} in the replacement")
        else:
            text.append(ch + nxt)
            i += 2
            continue
        if text:
            out.append("".join(text))
            text = []
        out.append(group(ref))
    if text:
        out.append("".join(text))
    return out

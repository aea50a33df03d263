"""Text and JSON that can always be stored, whatever a model or a tool produced.

A model can hand the harness strings that UTF-8 cannot encode (a lone surrogate such as
U+D800, literally or as a `\\ud800` escape inside tool-call arguments) and JSON values that
`json.dumps` cannot serialise (nested hundreds of levels deep: `RecursionError`; integers of
thousands of digits: `ValueError`). One such value must cost at most its episode, never the
sweep, and a stored trace or row must always be valid UTF-8. So surrogates are replaced by
U+FFFD where model output enters the harness (`scrub_message`) and again where text is written
(`scrub`, `dumps`), and values that cannot be serialised are written in a bounded form.
"""

from __future__ import annotations

import json
import re
from typing import Any

REPLACEMENT = "\ufffd"
MAX_DEPTH = 64  # containers deeper than this are written as a note (traces only; never parsed back)

_SURROGATE = re.compile("[\ud800-\udfff]")
# In JSON text: an escaped backslash (skipped as a unit), a valid surrogate pair (kept), a lone surrogate escape.
_ESCAPE = re.compile(r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def scrub(text: str) -> str:
    """`text` with every surrogate code point replaced by U+FFFD (always encodable as UTF-8).

    Text with no surrogate (nearly all) is returned after a check in C: the regex scan costs ~50
    times more, and every stored row, trace and request passes through here."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(REPLACEMENT, text)
    return text


def scrub_json_text(text: str) -> str:
    """`scrub`, and lone-surrogate escapes in JSON text replaced by `\\ufffd`, so that parsing
    the text (tool-call arguments) cannot produce a surrogate either."""
    return _ESCAPE.sub(_keep_pair, scrub(text))


def _keep_pair(match: re.Match[str]) -> str:
    found = match.group()
    return found if found == "\\\\" or len(found) == 12 else "\\ufffd"


def scrub_message(message: dict[str, Any]) -> dict[str, Any]:
    """An assistant message in chat-completions format with all its text scrubbed (arguments as JSON text)."""
    out = {k: scrub(v) if isinstance(v, str) else v for k, v in message.items()}
    calls = message.get("tool_calls")
    if calls:
        out["tool_calls"] = [
            {**call, "function": {"name": scrub(str(call["function"].get("name") or "")),
                                  "arguments": scrub_json_text(call["function"].get("arguments") or "")}}
            for call in calls
        ]
    return out


def dumps(value: Any, **kwargs: Any) -> str:
    """`json.dumps(value, ensure_ascii=False)` that never raises for model-made values and returns
    valid UTF-8 text: a value too deep or with too long an integer is written via `bounded`."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=str, **kwargs)
    except (RecursionError, ValueError):
        text = json.dumps(bounded(value), ensure_ascii=False, default=str, **kwargs)
    return scrub(text)


_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_LINE_BREAK = re.compile("[\x85\u2028\u2029]")


def jsonl_line(value: Any) -> str:
    """`dumps` for one line of a JSONL file: the line breaks that `str.splitlines` knows beyond
    `\n` and `\r` (which JSON always escapes) are escaped too, so any reader splits it right."""
    return _LINE_BREAK.sub(lambda m: _LINE_BREAKS[m.group()], dumps(value))


def bounded(value: Any, depth: int = 0) -> Any:
    """A copy of a JSON-like value that `json.dumps` can always write: containers below
    `MAX_DEPTH` levels and integers too long to print become short notes."""
    if isinstance(value, dict):
        if depth >= MAX_DEPTH:
            return f"<object nested deeper than {MAX_DEPTH} levels>"
        return {str(k): bounded(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if depth >= MAX_DEPTH:
            return f"<array nested deeper than {MAX_DEPTH} levels>"
        return [bounded(v, depth + 1) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            str(value)
        except ValueError:
            return f"<integer of {value.bit_length()} bits>"
    return value


def redact(value: Any, secrets: list[str], mark: str = "***") -> Any:
    """A copy of a JSON-like value (or a string) with every occurrence of each secret replaced by `mark`."""
    if not secrets:
        return value
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, mark)
        return value
    if isinstance(value, dict):
        return {k: redact(v, secrets, mark) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, secrets, mark) for v in value]
    return value

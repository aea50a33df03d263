"""The reference's near misses: the right kind of work with the content wrong, as real models fail.

Generic adversaries cheat crudely; a real model more often does the right calls and gets the content
wrong. Each adversary here knows the reference (like `obedient` and `leaker`), replays its calls
through the real loop, and changes what it writes:

* `shifter` shifts every standalone number it writes (`shift_numbers`: each digit + 1, so 19.8% becomes
  20.9% and 86 becomes 97) in the arguments of every call that changes something, in the files its shell
  commands wrote (found by hashing the workspace before and after, then read and written back shifted)
  and in the final answer. Ids (`SK-302`), dates and times are left alone: they are not standalone.
* `garbage` keeps the shape and replaces the content (`garble`): every word of what it writes becomes a
  filler word of the same length (digits shifted), and what it schedules moves a day or an hour (`later`),
  so the record, message, event or file exists where the reference's does, with the same fields, lines and
  a table's header row, and says nothing right; its answer is
  garbled the same way.
* `claimer` makes the reference's reads only (no shell, no write) and then gives the reference's final
  answer: a confident report of work it never did.

Addressing stays right (paths, ids, recipients, channels, assignees, statuses): these test whether
the checks read the values and decisions, not whether a record exists. `changed` says whether the run
differs from the reference at all; the validator holds each to `ADVERSARY_MAX` wherever it does.
"""

from __future__ import annotations

import json
import re
from datetime import date as Date
from datetime import timedelta
from typing import Any

from ec2bench.core.limits import MAX_REPLY_TOOL_CALLS
from ec2bench.models.base import ChatRequest, Completion
from ec2bench.scripted.adversaries.base import Adversary, Call, calls_reply, reply
from ec2bench.scripted.adversaries.reading import READ_VERBS
from ec2bench.spec.schema import TaskSpec

# arguments that address rather than say: kept as the reference has them
KEY_ARGS = frozenset({"path", "dst", "src", "channel", "to", "cc", "bcc", "recipients", "attendees", "assignee",
                      "status", "id", "person", "folder", "name", "skill", "integration_id", "url", "sku", "key",
                      "priority", "requester", "owner", "stage", "category", "tags", "labels", "date", "start",
                      "end", "due", "time", "timezone", "limit", "max_results", "max_chars", "recursive", "event_id"})
WHEN_ARGS = frozenset({"date", "start", "end", "due", "time"})
# a number not glued to an id, a date, a time or a path; a minus sign after a space or a bracket is its own
_STANDALONE = re.compile(r"(?:(?<![A-Za-z0-9_.\-:/#])|(?<=[\s(\[]-)|(?<=^-))\d+(?:[.,]\d+)*"
                         r"(?=(?:k|K|m|M|mn|bn|B|x|ms|s|h|min|kb|KB|mb|MB|gb|GB|Mi|Gi)?(?![A-Za-z0-9_\-:/]))")
READS = READ_VERBS | {"free", "check", "find", "view", "show", "lookup"}  # calendar_free_slots looks, it books nothing
_HASH_LISTING = "find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 -r sha1sum"
_HASH_LINE = re.compile(r"^([0-9a-f]{40})\s+\./(.+)$", re.M)
_EN_FILLER = "the team will follow up on this item shortly as agreed before ".split()
_ZH_FILLER = "相关事项稍后统一跟进处理并另行通知"


def _shift_digits(number: str) -> str:
    shifted = "".join(str((int(c) + 1) % 10) if c.isdigit() else c for c in number)
    return "1" + shifted[1:] if shifted[0] == "0" else shifted


def shift_numbers(text: str) -> str:
    """Every standalone number of `text` with each digit + 1 (9 wraps to 0; a leading 0 becomes 1)."""
    return _STANDALONE.sub(lambda m: _shift_digits(m[0]), text)


def _filler_word(length: int, position: int) -> str:
    word = _EN_FILLER[position % len(_EN_FILLER)]
    return (word * (length // len(word) + 1))[:length]


def garble(text: str) -> str:
    """`text` with its shape kept (punctuation, spacing, lines, digit positions) and its content gone:
    each Latin word becomes a filler word of its length, each run of Chinese characters filler
    characters, and each digit is shifted."""
    out = re.sub(r"[A-Za-z]+", lambda m: _filler_word(len(m[0]), m.start()), text)
    out = re.sub(r"[\u4e00-\u9fff]+", lambda m: (_ZH_FILLER * (len(m[0]) // len(_ZH_FILLER) + 1))[:len(m[0])], out)
    return re.sub(r"\d", lambda m: str((int(m[0]) + 1) % 10), out)


TABLE_SUFFIXES = (".csv", ".tsv")


def _garble_file(text: str, path: str) -> str:
    """A file garbled; a table keeps its first line, which names its columns (the shape a reader keeps)."""
    head, sep, body = text.partition("\n")
    return head + sep + garble(body) if sep and path.lower().endswith(TABLE_SUFFIXES) else garble(text)


def later(value: Any) -> Any:
    """A date one day later, a time of day one hour later (wrapping at midnight); anything else as it is."""
    if isinstance(value, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        try:
            return (Date.fromisoformat(value) + timedelta(days=1)).isoformat()
        except ValueError:
            return value
    if isinstance(value, str) and (m := re.fullmatch(r"(\d{1,2}):(\d{2})", value)) and int(m[1]) < 24:
        return f"{(int(m[1]) + 1) % 24:02d}:{m[2]}"
    return value


def _transform(value: Any, change: Any, key: str = "", when: Any = None) -> Any:
    """`value` (an argument) with `change` applied to the text of every non-addressing part, and `when` (if
    given) to the dates and times it schedules (`date`, `start`, `end`, `due`, `time`)."""
    if when is not None and key in WHEN_ARGS:
        return when(value)
    if key in KEY_ARGS or key.endswith("_id") or key.endswith("_ids"):
        return value
    if isinstance(value, str):
        return change(value)
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        text = change(str(value))
        try:
            return type(value)(text)
        except ValueError:
            return value
    if isinstance(value, list):
        return [_transform(v, change, when=when) for v in value]
    if isinstance(value, dict):
        return {k: _transform(v, change, k, when) for k, v in value.items()}
    return value


class NearMiss(Adversary):
    """The reference replayed with its writes changed by `change` (and its shell's files rewritten the same way)."""

    rewrite_files = True
    moves_times = False  # whether dates and times it schedules move too (`later`)

    def __init__(self, spec: TaskSpec) -> None:
        super().__init__(spec.tool_call_caps)
        self.tools: set[str] = set()  # the episode's tool names, known at the first request
        self.reference: list[Call] = [(s.tool, dict(s.args)) for s in spec.reference_tool_calls]
        self.reference_answer = spec.reference_answer
        self.shells = any(name == "shell_run" for name, _ in self.reference)
        self.todo: list[Call] | None = None
        self.stage = 0
        self.changed = False

    def change(self, text: str) -> str:
        raise NotImplementedError

    def change_file(self, text: str, path: str) -> str:
        return self.change(text)

    def plan_reference(self) -> list[Call]:
        calls = []
        for name, args in self.reference:
            if name.partition("_")[2].split("_")[0] in READS or name == "shell_run":
                calls.append((name, args))
            else:
                changed = _transform(args, self.change, when=later if self.moves_times else None)
                self.changed |= changed != args
                calls.append((name, changed))
        return calls

    def complete(self, request: ChatRequest) -> Completion:
        if self.todo is None:
            self.tools = {t["function"]["name"] for t in request.tools}
            listing = [("shell_run", {"command": _HASH_LISTING})] if (
                self.shells and self.rewrite_files and "shell_run" in self.tools) else []
            self.todo = [*listing, *self.plan_reference(), *listing]
        results = _results(request)
        while not self.todo and self.stage < 2:  # every call sent so far has its result in `request`
            self.stage += 1
            self.todo = self._rereads(results) if self.stage == 1 else self._rewrites(results)
        size = min(self.per_turn, MAX_REPLY_TOOL_CALLS, self.budget - self.used)
        batch, self.todo = self.todo[:max(0, size)], self.todo[max(0, size):]
        if not batch:
            return reply({"role": "assistant", "content": self.final_answer()})
        self.used += len(batch)
        return calls_reply(self.used, batch)

    def _rereads(self, results: list[Result]) -> list[Call]:
        """The files the shell commands created or changed (the two hash listings compared), to be read."""
        listings = [dict((path, digest) for digest, path in _HASH_LINE.findall(_shell_output(r)))
                    for name, args, r in results if name == "shell_run" and args.get("command") == _HASH_LISTING]
        if len(listings) < 2:
            return []
        before, after = listings[0], listings[-1]
        written = {str(a.get("path")) for name, a, _ in results
                   if name.startswith("files_") and name.partition("_")[2] not in READS and "path" in a}
        # a file it wrote through the files app is changed already: shifting it again would shift twice
        paths = [p for p, digest in after.items() if before.get(p) != digest and p not in written]
        if "files_read" in self.tools:
            return [("files_read", {"path": p}) for p in paths]
        return [("shell_run", {"command": f"cat -- {_quote(p)}"}) for p in paths]

    def _rewrites(self, results: list[Result]) -> list[Call]:
        """Each reread file written back changed (through `files_write`, else a shell heredoc)."""
        marks = [i for i, (name, args, _) in enumerate(results) if name == "shell_run" and args.get("command") == _HASH_LISTING]
        calls: list[Call] = []
        for _name, args, result in results[marks[-1] + 1:] if len(marks) >= 2 else []:
            path = args.get("path") or _cat_path(str(args.get("command", "")))
            if "path" not in args:
                result = _shell_output(result)
            if not path or result.startswith("Error") or "[truncated:" in result:
                continue
            text = self.change_file(result, path)
            if text == result:
                continue
            self.changed = True
            if "files_write" in self.tools:
                calls.append(("files_write", {"path": path, "content": text}))
            else:
                calls.append(("shell_run", {"command": f"cat > {_quote(path)} <<'__EC2BENCH_EOF__'\n{text}\n__EC2BENCH_EOF__"}))
        return calls

    def final_answer(self) -> str:
        changed = self.change(self.reference_answer) if self.reference_answer else "Done."
        self.changed |= changed != self.reference_answer
        return changed


Result = tuple[str, dict[str, Any], str]


def _results(request: ChatRequest) -> list[Result]:
    """Every (tool, arguments, result) of the episode so far, in order."""
    calls = {c["id"]: c["function"] for m in request.messages for c in m.get("tool_calls") or []}
    out = []
    for m in request.messages:
        if m["role"] == "tool" and m["tool_call_id"] in calls:
            fn = calls[m["tool_call_id"]]
            try:
                args = json.loads(fn["arguments"] or "{}")
            except ValueError:
                args = {}
            out.append((fn["name"], args if isinstance(args, dict) else {}, str(m["content"])))
    return out


def _shell_output(result: str) -> str:
    """What a `shell_run` call printed (its result is JSON with the exit code and the output)."""
    try:
        data = json.loads(result)
    except ValueError:
        return result
    return str(data.get("output", "")) if isinstance(data, dict) else result


def _quote(path: str) -> str:
    return "'" + path.replace("'", "'\\''") + "'"


def _cat_path(command: str) -> str | None:
    m = re.fullmatch(r"cat -- '(.*)'", command, re.S)
    return m[1].replace("'\\''", "'") if m else None


class Shifter(NearMiss):
    name = "shifter"

    def change(self, text: str) -> str:
        return shift_numbers(text)


class Garbage(NearMiss):
    name = "garbage"
    moves_times = True

    def change(self, text: str) -> str:
        return garble(text)

    def change_file(self, text: str, path: str) -> str:
        return _garble_file(text, path)


class Claimer(NearMiss):
    name = "claimer"
    rewrite_files = False

    def plan_reference(self) -> list[Call]:
        reads = [(n, a) for n, a in self.reference if n.partition("_")[2].split("_")[0] in READS]
        self.changed = len(reads) < len(self.reference)
        return reads

    def change(self, text: str) -> str:
        return text

    def final_answer(self) -> str:
        return self.reference_answer or "Done."

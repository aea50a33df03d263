"""What a generic adversary knows and how it fills a tool's parameters: the tools by their schemas
(`Tool`), what it read (`Seen`), and argument values drawn from that (`Filler`)."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

READ_VERBS = frozenset({"search", "list", "read", "get", "fetch"})
CREATE_VERBS = frozenset({"create", "record", "add"})
NEVER_VERBS = frozenset({"delete", "move", "run"})  # destroy or execute: only the destroyer (`damage`) deletes
TEXT_PARAMS = frozenset({"body", "text", "content", "description", "notes", "memo", "message"})
ADDRESS_PARAMS = frozenset({"to", "recipients"})
PEOPLE_PARAMS = frozenset({"attendees", "participants", "invitees"})  # names or addresses: everyone it saw
MAX_CALLS_PER_TOOL = 5000  # one tool's enumeration is cut here, so exhaustive runs stay finite

EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
NUMBER = re.compile(r"\d+(?:[.,:/-]\d+)*")  # amounts, versions, dates, times
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
PATH = re.compile(r"(?<![@\w.])(?:[\w.-]+/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,4}\b(?![@.\w])")
WORD = re.compile(r"[A-Za-z][A-Za-z0-9+#.-]*[A-Za-z0-9]|[\u4e00-\u9fff]{2,8}|\d+")
DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*(minutes|minute|mins|min|分钟|hours|hour|hrs|h|小时)\b", re.I)
KEYWORDS = re.compile(r"[「“\"]([^」”\"]{2,40})[」”\"]|((?:[A-Z][\w-]+)(?: [A-Z][\w-]+)+)")
NAMED_ADDRESS = re.compile(r"([A-Z][\w.'-]+(?: [A-Z][\w.'-]+)+|[\u4e00-\u9fff]{2,4})\s*<([A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)>")  # noqa: E501 (a pattern reads best whole)
DIGEST_MAX_CHARS = 1200
NAME_WEIGHT = 3
SHORT_FIELD_CHARS = 80  # a field this short is a value (a tier, a stage, an amount), shown with its record
# bookkeeping fields, left out of a record's line so the digest has room for facts
META_KEYS = frozenset({"id", "url", "link", "path", "type", "size", "score", "published", "updated", "date", "time",
                       "author", "status", "via", "format", "articles", "unread", "messages", "sender"})
SECRET_LINE = re.compile(
    r"passw|passwd|pwd\b|密码|口令|token|secret|api[ _-]?key|private key|credential|身份证|证件号|"
    r"\b\d{3}-\d{2}-\d{4}\b|\b\d{17}[\dXx]\b|\b\d{15}\b|\b(?:\d[ -]?){13,19}\b|AKIA[0-9A-Z]{12,}|\bsk-\w{12,}", re.I)
STOPWORDS = frozenset(
    "about after also been before could does each every from have into just last like make more most much need "
    "next only other over please same should some such than that their them then there these they this those "
    "tell under very what when where which while will with would your yours using used".split())
HALF_HOURS = [f"{m // 60:02d}:{m % 60:02d}" for m in range(0, 24 * 60, 30)]
OFFICE_FIRST = sorted(HALF_HOURS, key=lambda t: not "08:00" <= t < "18:00")  # likely slots first, then the rest


@dataclass(frozen=True)
class Tool:
    """One tool as its schema describes it."""

    name: str
    app: str
    verb: str
    params: dict[str, dict[str, Any]]
    required: frozenset[str]

    @classmethod
    def from_schema(cls, schema: dict[str, Any]) -> Tool:
        fn = schema["function"]
        app, _, rest = fn["name"].partition("_")
        parameters = fn.get("parameters") or {}
        return cls(fn["name"], app, rest.split("_")[0], dict(parameters.get("properties") or {}),
                   frozenset(parameters.get("required") or ()))

    def type_of(self, param: str) -> str:
        """The JSON type of a parameter (the non-null branch of an optional one)."""
        prop = self.params[param]
        for option in [prop, *prop.get("anyOf", [])]:
            if option.get("type") not in (None, "null"):
                return "enum" if "enum" in option else option["type"]
        return "null"

    @property
    def text_params(self) -> list[str]:
        return [p for p in self.params if p in TEXT_PARAMS]


@dataclass
class Seen:
    """What the adversary has read so far: the prompt, every successful tool result, and the values in them."""

    prompt: str
    results: list[str] = field(default_factory=list)
    values: dict[str, list[str]] = field(default_factory=dict)  # result key -> scalar values under it
    ids: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (app, verb part of source tool) -> ids
    contacts: list[tuple[str, str, str]] = field(default_factory=list)  # (name, address, record id or "") seen together
    lines: list[str] = field(default_factory=list)  # every line of text read: string values of JSON results, or raw lines

    def add(self, tool: str, result: str) -> None:
        if result.startswith("Error:"):
            return
        self.results.append(result)
        for name, address in NAMED_ADDRESS.findall(result):
            self._contact(name, address, "")
        try:
            data = json.loads(result)
        except json.JSONDecodeError:
            self.lines += [ln.strip() for ln in result.splitlines() if ln.strip()]
            return
        for record in _dicts(data):  # a record's short fields as one line, each long text's lines on their own
            short = [f"{k}: {v}" for k, v in record.items() if isinstance(v, (str, int, float)) and not isinstance(v, bool)
                     and k not in META_KEYS and not k.endswith("_id") and len(str(v)) <= SHORT_FIELD_CHARS
                     and "\n" not in str(v) and not SECRET_LINE.search(f"{k}: {v}")]
            if short:
                self.lines.append("; ".join(short))
        self.lines += [ln.strip() for text in _strings(data) if len(text) > SHORT_FIELD_CHARS or "\n" in text
                       for ln in text.splitlines() if ln.strip()]
        app, _, source = tool.partition("_")
        for record in _dicts(data):
            self._pair(record)
            for key, value in record.items():
                for item in value if isinstance(value, list) else [value]:
                    if isinstance(item, (str, int)) and not isinstance(item, bool) and str(item):
                        target = self.ids.setdefault((app, source), []) if key == "id" else self.values.setdefault(key, [])
                        if str(item) not in target:
                            target.append(str(item))

    def _pair(self, record: dict[str, Any]) -> None:
        """Remember the names next to an address in one record: `email` with `name`, `contact_email` with
        `contact_name` (the same prefix), so a person the prompt names leads to their address."""
        for key, value in record.items():
            if not (isinstance(value, str) and key.endswith("email") and EMAIL.fullmatch(value)):
                continue
            name = record.get(key.removesuffix("email") + "name")
            if isinstance(name, str) and name:
                rid = record.get("id") if key == "email" else ""
                self._contact(name, value, str(rid or ""))

    def _contact(self, name: str, address: str, rid: str) -> None:
        entry = (name.strip(), address, rid)
        if entry not in self.contacts:
            self.contacts.append(entry)

    def named_addresses(self) -> list[str]:
        """Addresses of the people the prompt names: written out, or a name seen beside the address in
        a record (a name token the prompt has as a word, a Chinese name the prompt contains), or a
        token of the address's local part that the prompt has as a name."""
        words = prompt_names(self.prompt)
        named = list(EMAIL.findall(self.prompt))
        named += [address for name, address, _ in self.contacts if _names_person(name, words, self.prompt)]
        named += [a for a in self.addresses() if words & {t.lower() for t in re.split(r"[._+\-\d]+", a.split("@")[0]) if len(t) >= 3}]
        return list(dict.fromkeys(named))

    def named_contact_ids(self) -> list[str]:
        words = prompt_names(self.prompt)
        return list(dict.fromkeys(rid for name, _, rid in self.contacts if rid and _names_person(name, words, self.prompt)))

    def named_channels(self) -> list[str]:
        """Chat channels the prompt names: `#name`, "the <name> channel", a Chinese channel name it
        contains, or a person's direct channel `@Name` for a person it names."""
        words = prompt_names(self.prompt)
        out = []
        for channel in dict.fromkeys(self.values.get("channel", [])):
            bare = channel.lstrip("#")
            if channel.startswith("@"):
                hit = _names_person(bare, words, self.prompt)
            elif re.search(r"[\u4e00-\u9fff]", bare):
                hit = bare in self.prompt
            else:
                hit = bool(re.search(rf"#{re.escape(bare)}\b|\b{re.escape(bare)}\s+(?:chat\s+)?channel\b", self.prompt, re.I))
            if hit:
                out.append(channel)
        return out

    @property
    def text(self) -> str:
        return "\n".join(self.results)

    def everything(self) -> str:
        return self.prompt + "\n" + self.text

    def addresses(self) -> list[str]:
        return list(dict.fromkeys(EMAIL.findall(self.everything())))

    def people(self) -> list[str]:
        """Every address, and every value listed under a name or attendee key."""
        names = [v for key, values in self.values.items() if key.endswith("name") or key in PEOPLE_PARAMS for v in values]
        return list(dict.fromkeys(self.addresses() + names))

    def dates(self) -> list[str]:
        return list(dict.fromkeys(DATE.findall(self.everything())))

    def words(self) -> list[str]:
        return list(dict.fromkeys(WORD.findall(self.everything())))[:1000]

    def durations(self) -> list[int]:
        minutes = [round(float(n) * (1 if unit.lower().startswith("m") or unit == "分钟" else 60))
                   for n, unit in DURATION.findall(self.everything())]
        return [m for m in dict.fromkeys(minutes) if 0 < m <= 24 * 60] or [60]

    def numbers(self) -> list[float]:
        return [float(n) for n in dict.fromkeys(re.findall(r"(?<![\d-])\d+(?:\.\d+)?(?![\d-])", self.prompt))] or [1.0]

    def ids_for(self, tool: Tool, param: str, id_stems: set[str]) -> list[str]:
        """Candidate ids for `<stem>_id`: ids listed by a tool of the same app whose name says the stem
        (`crm_list_deals` for `deal_id`), else by its tools that name no stem (`crm_search` for
        `customer_id`), plus every value found under that very key."""
        stem = param.removesuffix("_id")
        sources = {src: ids for (app, src), ids in self.ids.items() if app == tool.app}
        named = [i for src, ids in sources.items() if stem in src for i in ids]
        unnamed = [i for src, ids in sources.items() if not any(s in src for s in id_stems) for i in ids]
        return list(dict.fromkeys((named or unnamed) + self.values.get(param, [])))


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def prompt_names(prompt: str) -> set[str]:
    """The prompt's capitalised words (lowercased): the names it may mention."""
    return {w.lower() for w in re.findall(r"\b[A-Z][a-z]{2,}", prompt)}


def _names_person(name: str, words: set[str], prompt: str) -> bool:
    """Whether the prompt names the person called `name`: a Chinese name it contains, or a token of
    the name (3 letters or more) among its capitalised words."""
    if re.search(r"[\u4e00-\u9fff]", name):
        return len(name) >= 2 and name in prompt
    return bool(words & {t.lower() for t in re.findall(r"[A-Za-z]{3,}", name)})


def _dicts(data: Any) -> Iterator[dict[str, Any]]:
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from _dicts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _dicts(value)


class Filler:
    """Candidate values for each parameter, from its name and type and what was seen.

    A required parameter with no candidate makes the tool unusable for that plan. `exhaustive`
    (brute force) also enumerates dates, half-hour start times, durations, amounts and word lists.
    """

    def __init__(self, seen: Seen, tools: list[Tool], *, text: str, exhaustive: bool) -> None:
        self.seen = seen
        self.text = text
        self.exhaustive = exhaustive
        self.prompt_paths = list(dict.fromkeys(PATH.findall(EMAIL.sub(" ", seen.prompt))))
        self.title = re.split(r"(?<=[.!?。！？])\s*", seen.prompt.strip())[0][:80]
        self.id_stems = {p.removesuffix("_id") for t in tools for p in t.params if p.endswith("_id")}
        # a parameter some read tool requires is a locator (channel, url, path): its values are the ones results list
        self.locators = {p for t in tools if t.verb in READ_VERBS for p in t.required}

    def calls(self, tool: Tool, optional: set[str] | None = None) -> list[dict[str, Any]]:
        """Every argument set for one tool (the product of its parameters' candidates), capped.
        `optional`: the optional parameters to fill (default: every one with a candidate)."""
        options: dict[str, list[Any]] = {}
        for param in tool.params:
            if optional is not None and param not in tool.required and param not in optional:
                continue
            values = self.candidates(tool, param)
            if values is None and param in tool.required:
                return []
            if values:
                options[param] = values
        keys = list(options)
        out = []
        for combo in itertools.islice(itertools.product(*(options[k] for k in keys)), MAX_CALLS_PER_TOOL):
            args = dict(zip(keys, combo, strict=False))
            if isinstance(args.get("end"), int):  # a duration chosen for `end`: the end time follows the start
                args["end"] = _plus_minutes(args["start"], args["end"]) if "start" in args else None
                if args["end"] is None:
                    continue
            out.append(args)
        return out

    def candidates(self, tool: Tool, p: str) -> list[Any] | None:
        kind, required, seen = tool.type_of(p), p in tool.required, self.seen
        if p in TEXT_PARAMS:
            return [self.text]
        if p.endswith("_id"):
            return (seen.ids_for(tool, p, self.id_stems) or None) if required else None
        if p in ADDRESS_PARAMS or p in PEOPLE_PARAMS or (required and "email" in p):
            addresses = seen.people() if p in PEOPLE_PARAMS else seen.addresses()
            return ([addresses] if kind == "array" else addresses) or None
        if "attach" in p and kind == "array":  # attach every file the prompt names
            return [self.prompt_paths] if self.prompt_paths else None
        if "date" in p:
            if p.endswith("_from"):
                return ["1900-01-01"]
            if p.endswith("_to"):
                return ["2100-12-31"]
            return (seen.dates() or None) if self.exhaustive else None
        if p == "start" and self.exhaustive:
            return OFFICE_FIRST
        if p == "end" and self.exhaustive:
            return seen.durations() if "start" in tool.params else None
        if p in ("query", "pattern"):
            return ["", seen.prompt, *_keywords(seen.prompt)] if required else None
        if kind == "integer" and ("limit" in p or p.startswith("max")):
            return [int(tool.params[p].get("maximum", 100_000))]
        if kind == "integer" and "duration" in p:
            return seen.durations()
        if kind == "boolean":
            return [True] if required or p == "recursive" else None
        if kind in ("number", "integer"):
            return seen.numbers() if required and self.exhaustive else None
        if kind == "array":
            return [seen.words()] if self.exhaustive else None
        if kind == "enum":
            return None
        if p in ("path", "dst") and tool.verb not in READ_VERBS:  # write where the prompt says
            return self.prompt_paths or None
        if required and p in self.locators:
            return [v for v in seen.values.get(p, []) if not v.endswith("/")] or None  # a trailing slash is a folder
        return [self.title] if required else None


def _keywords(prompt: str) -> list[str]:
    """Quoted phrases and runs of capitalised words: the prompt's obvious search terms."""
    return list(dict.fromkeys(a or b for a, b in KEYWORDS.findall(prompt)))[:4]


def _plus_minutes(start: str, minutes: int) -> str | None:
    h, m = (int(x) for x in start.split(":"))
    end = h * 60 + m + minutes
    return f"{end // 60:02d}:{end % 60:02d}" if end < 24 * 60 else None


def round_robin(groups: list[list[Any]]) -> list[Any]:
    """The first item of each group, then the second of each, ...: every tool gets its turn under a budget."""
    return [x for row in itertools.zip_longest(*groups) for x in row if x is not None]

"""Privacy guards applied at the boundary (strategy parameter `guard=`).

`pseudonymize` (extra `[privacy]`): before a request leaves the device, every sensitive span
that `ec2bench.privacy.detect` finds (Presidio recognisers, spaCy person names, and the values
of the device's own contact / customer / ticket / account records) is replaced by a typed
placeholder such as `[PHONE_1]`. The same value gets the same placeholder for the whole
episode (separators and case do not matter: `139-1234-5678` and `13912345678` are one value).
When the cloud's reply comes back, placeholders in its text and in its tool-call arguments are
turned back into the real values, so the actions that run on the device carry them. The
guard never reads the task's sensitive-unit annotations.

What it does not hide: business figures (amounts, budgets, revenue), health, HR and project
details written as free text; pseudonymising those would break the task (a cloud cannot add
up placeholders). docs/privacy.md reports what the guard removes and what it costs.

Simulated clouds are told `placeholders` (real value -> placeholder), so they can write a
placeholder where a real model would copy it from the payload (see `ec2bench.scripted.sim`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.env.workspace import Workspace
from ec2bench.models.base import ChatRequest, Completion, Message
from ec2bench.privacy.boundary import PayloadGuard
from ec2bench.privacy.detect import RecordIndex, Span, choose, presidio_spans, require_presidio, workspace_values

GUARDS = ("none", "pseudonymize")
PLACEHOLDER = re.compile(r"\[([A-Za-z][A-Za-z_]*?)_(\d+)\]")


def require_guard(kind: str) -> None:
    """Fail early (before a sweep) when a guard cannot run in this installation."""
    if kind not in GUARDS:
        raise ConfigError(f"unknown guard {kind!r}; known guards: {', '.join(GUARDS)}")
    if kind == "pseudonymize":
        require_presidio()


def make_guard(kind: str, workspace: Workspace) -> PayloadGuard | None:
    """The guard named by a strategy's `guard` parameter, bound to this episode's workspace."""
    require_guard(kind)
    if kind == "none":
        return None
    return PseudonymizeGuard(workspace)


def _value_key(value: str) -> str:
    """Renderings of one value share a key: digits only for numbers, else case/space-folded text."""
    digits = re.sub(r"[\s\-./,()+]", "", value)
    if digits.isdigit():
        return digits
    return re.sub(r"\s+", " ", value.casefold()).strip()


class PseudonymizeGuard:
    """Typed, stable, reversible placeholders for one episode."""

    def __init__(self, workspace: Workspace) -> None:
        require_presidio()
        self.workspace = workspace
        self.placeholders: dict[str, str] = {}  # real rendering -> placeholder (also read by simulated clouds)
        self.originals: dict[str, str] = {}  # placeholder -> the real value (first rendering seen)
        self._by_key: dict[str, str] = {}  # value key -> placeholder
        self._counts: Counter[str] = Counter()
        self._index: RecordIndex | None = None
        self._index_values: dict[str, str] | None = None
        self._protected: dict[str, str] = {}  # original text -> protected text
        self.replaced: Counter[str] = Counter()  # spans replaced, by placeholder type (for reports)

    # -- PayloadGuard ------------------------------------------------------------------------

    def protect(self, request: ChatRequest) -> ChatRequest:
        self._refresh_index()
        return replace(request, messages=[self._protect_message(m) for m in request.messages])

    def restore(self, completion: Completion) -> Completion:
        message = dict(completion.message)
        if isinstance(message.get("content"), str):
            message["content"] = self.restore_text(message["content"])
        if message.get("tool_calls"):
            message["tool_calls"] = [self._restore_call(c) for c in message["tool_calls"]]
        return replace(completion, message=message)

    # -- text --------------------------------------------------------------------------------

    def protect_text(self, text: str) -> str:
        """The text with every detected sensitive span replaced by its placeholder."""
        if self._index is None:
            self._refresh_index()
        if text in self._protected:
            return self._protected[text]
        spans = list(presidio_spans(text))
        if self._index is not None:
            spans += self._index.find(text)
        out, last = [], 0
        for span in choose(spans):
            out.append(text[last:span.start])
            out.append(self._placeholder(span, text[span.start:span.end]))
            last = span.end
        out.append(text[last:])
        protected = "".join(out)
        self._protected[text] = protected
        return protected

    def restore_text(self, text: str) -> str:
        """Placeholders (any case) back to the real values; unknown placeholders stay as they are."""
        def sub(m: re.Match[str]) -> str:
            return self.originals.get(f"[{m.group(1).upper()}_{m.group(2)}]", m.group(0))

        return PLACEHOLDER.sub(sub, text)

    def _placeholder(self, span: Span, value: str) -> str:
        key = _value_key(value)
        placeholder = self._by_key.get(key)
        if placeholder is None:
            self._counts[span.kind] += 1
            placeholder = f"[{span.kind}_{self._counts[span.kind]}]"
            self._by_key[key] = placeholder
            self.originals[placeholder] = value
        self.placeholders.setdefault(value, placeholder)
        self.replaced[placeholder.strip("[]").rsplit("_", 1)[0]] += 1
        return placeholder

    def _refresh_index(self) -> None:
        values = workspace_values(self.workspace.state())
        if values != self._index_values:
            self._index_values = values
            self._index = RecordIndex(values)
            self._protected.clear()

    # -- messages ----------------------------------------------------------------------------

    def _protect_message(self, message: Message) -> Message:
        out = dict(message)
        if isinstance(out.get("content"), str):
            out["content"] = self.protect_text(out["content"])
        if out.get("tool_calls"):
            out["tool_calls"] = [self._map_call(c, self.protect_text) for c in out["tool_calls"]]
        return out

    def _restore_call(self, call: dict[str, Any]) -> dict[str, Any]:
        return self._map_call(call, self.restore_text)

    @staticmethod
    def _map_call(call: dict[str, Any], fn: Any) -> dict[str, Any]:
        """Apply `fn` to every string inside a tool call's JSON arguments (keys stay)."""
        function = dict(call.get("function") or {})
        arguments = function.get("arguments", "")
        if isinstance(arguments, str):
            try:
                parsed = json.loads(arguments) if arguments.strip() else None
            except json.JSONDecodeError:
                function["arguments"] = _map_raw_json(arguments, fn)
            else:
                if parsed is not None:
                    function["arguments"] = json.dumps(_map_strings(parsed, fn), ensure_ascii=False)
        return {**call, "function": function}


def _map_strings(value: Any, fn: Any) -> Any:
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [_map_strings(v, fn) for v in value]
    if isinstance(value, dict):
        return {k: _map_strings(v, fn) for k, v in value.items()}
    return value


def _map_raw_json(text: str, fn: Any) -> str:
    """For arguments that are not valid JSON: map the text and keep what `fn` inserts JSON-escaped."""
    mapped = fn(text)
    if mapped == text:
        return text
    # re-escape only the inserted pieces: map each JSON string body separately
    return re.sub(r'"((?:[^"\\]|\\.)*)"', lambda m: json.dumps(fn(json.loads(f'"{m.group(1)}"')), ensure_ascii=False)
                  if _valid_json_string(m.group(1)) else m.group(0), text)


def _valid_json_string(body: str) -> bool:
    try:
        json.loads(f'"{body}"')
    except json.JSONDecodeError:
        return False
    return True

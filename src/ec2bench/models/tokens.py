"""The offline token estimator used to meter simulated models.

Real backends report usage; simulated ones need a count that is (a) available offline,
(b) deterministic and (c) close enough to a modern BPE tokenizer for cost figures to be
meaningful. The rule, calibrated by hand against cl100k/o200k-style tokenizers on mixed
English/Chinese agent transcripts (typically within 15%):

* each CJK ideograph, kana or hangul syllable, and each CJK punctuation mark: 1 token;
* every other run of text: one token per 4 characters, rounded up, per whitespace-separated word;
* each chat message: 4 tokens of framing; each tool call: 8 tokens plus its name and arguments;
* the tools list: its compact JSON text by the same rule.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

_CJK = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")

MESSAGE_OVERHEAD = 4
TOOL_CALL_OVERHEAD = 8
# a simulated episode meters its whole history at every call, and every episode of a task sends the same tool
# list and much the same messages: the counts of recent texts are remembered (hashing a text costs far less)
TEXTS_KEPT = 8192


def count_text(text: str | None) -> int:
    """Estimated tokens of a piece of text."""
    return _count(text) if text else 0


@lru_cache(maxsize=TEXTS_KEPT)
def _count(text: str) -> int:
    cjk = len(_CJK.findall(text))
    rest = _CJK.sub(" ", text)
    return cjk + sum((len(word) + 3) // 4 for word in rest.split())


def count_message(message: dict[str, Any]) -> int:
    """Estimated tokens of one chat-completions message, framing included."""
    total = MESSAGE_OVERHEAD + count_text(message.get("content") if isinstance(message.get("content"), str) else None)
    for call in message.get("tool_calls") or []:
        fn = call.get("function", {})
        total += TOOL_CALL_OVERHEAD + count_text(fn.get("name")) + count_text(fn.get("arguments"))
    return total


def count_tools(tools: list[dict[str, Any]]) -> int:
    """Estimated tokens of the `tools` list as a server would inject it into the prompt.

    Remembered per list of the very same tool objects (read-only, as `env.tools.ToolSpec.openai_schema`
    shares them): every request of a simulated sweep is metered, and writing its tools as JSON to count
    them cost more than the rest of the metering."""
    return _count_tools(_SameObjects(tuple(tools))) if tools else 0


class _SameObjects:
    """A tuple of objects that equals another only when it holds the very same objects, in order: a cache
    keyed by it holds them, so an id it compares is never reused by another object while it is kept."""

    __slots__ = ("items", "_hash")

    def __init__(self, items: tuple[object, ...]) -> None:
        self.items = items
        self._hash = hash(tuple(map(id, items)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _SameObjects) and len(other.items) == len(self.items)
                and all(a is b for a, b in zip(self.items, other.items, strict=True)))


@lru_cache(maxsize=256)
def _count_tools(tools: _SameObjects) -> int:
    return count_text(json.dumps(list(tools.items), ensure_ascii=False, separators=(",", ":")))

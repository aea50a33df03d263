"""A bounded, thread-safe memory of computed values, least recently used first out.

For what `functools.lru_cache` cannot do: keys that are not the function's arguments (a digest of a
text instead of the text, so the memory does not keep texts alive), and values that only sometimes may
be kept (a sandboxed run that timed out is not the tree's doing, so it is computed again next time).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Memory(Generic[V]):
    """At most `size` values by key; `find` and `get` make a key the most recently used."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def find(self, key: Hashable) -> V | None:
        """The value kept for `key`, or None."""
        with self._lock:
            if key not in self._kept:
                return None
            self._kept.move_to_end(key)
            return self._kept[key]

    def keep(self, key: Hashable, value: V) -> None:
        """Keep `value` for `key`, forgetting the least recently used beyond `size`."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        """The value kept for `key`, else `compute()`, kept. It runs outside the lock: another thread may
        compute the same value meanwhile, never a different one (a memory is only for pure computations)."""
        found = self.find(key)
        if found is None:
            found = compute()
            self.keep(key, found)
        return found

"""Read a GGUF file's header: its metadata and its real parameter count, without loading the model.

Edge FLOPs are 2 x parameters x tokens, so the parameter count should be the model's own, not a
name-derived guess ("135M" is 134.5M). GGUF stores every tensor's shape in the header, so the count
is the sum of the tensors' element counts; reading it takes milliseconds and needs neither
llama.cpp nor the tensor data (the parent process prices and meters a sweep before any worker
loads a model). Format: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md (versions 2 and 3).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ec2bench.core.errors import ConfigError

_MAGIC = b"GGUF"
# metadata value types -> struct format (8: string and 9: array are handled separately)
_SCALARS = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_STRING, _ARRAY = 8, 9
_MAX_ARRAY_KEPT = 64  # token lists are huge: keep only their length


@dataclass(frozen=True)
class GGUFHeader:
    """What the header says: metadata (long arrays replaced by their length) and tensor shapes."""

    version: int
    metadata: dict[str, Any]
    n_params: int
    n_tensors: int

    @property
    def architecture(self) -> str | None:
        return self.metadata.get("general.architecture")

    @property
    def context_length(self) -> int | None:
        """The context the model was trained for (`<arch>.context_length`)."""
        value = self.metadata.get(f"{self.architecture}.context_length")
        return int(value) if isinstance(value, int) else None


def read_header(path: Path) -> GGUFHeader:
    """Parse the header of a GGUF file; a clear `ConfigError` if it is not one."""
    try:
        with path.open("rb") as f:
            if f.read(4) != _MAGIC:
                raise ConfigError(f"{path} is not a GGUF model file (no GGUF magic number)")
            version = _unpack(f, "<I")
            if version not in (2, 3):
                raise ConfigError(f"{path}: GGUF version {version} is not supported (2 or 3)")
            n_tensors, n_kv = _unpack(f, "<Q"), _unpack(f, "<Q")
            metadata = {}
            for _ in range(n_kv):
                key = _string(f)
                metadata[key] = _value(f, _unpack(f, "<I"))
            n_params = 0
            for _ in range(n_tensors):
                _string(f)  # tensor name
                dims = [_unpack(f, "<Q") for _ in range(_unpack(f, "<I"))]
                _unpack(f, "<I")  # ggml type
                _unpack(f, "<Q")  # data offset
                n_params += math.prod(dims)
    except OSError as exc:
        raise ConfigError(f"cannot read model file {path}: {exc.strerror or exc}") from None
    except (struct.error, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"{path} is a truncated or corrupt GGUF file ({exc})") from None
    return GGUFHeader(version, metadata, n_params, n_tensors)


def _unpack(f: BinaryIO, fmt: str) -> Any:
    size = struct.calcsize(fmt)
    data = f.read(size)
    if len(data) != size:
        raise ValueError("unexpected end of file")
    return struct.unpack(fmt, data)[0]


def _string(f: BinaryIO) -> str:
    length = _unpack(f, "<Q")
    data = f.read(length)
    if len(data) != length:
        raise ValueError("unexpected end of file")
    return data.decode("utf-8")


def _value(f: BinaryIO, kind: int) -> Any:
    if kind in _SCALARS:
        return _unpack(f, _SCALARS[kind])
    if kind == _STRING:
        return _string(f)
    if kind == _ARRAY:
        item_kind, count = _unpack(f, "<I"), _unpack(f, "<Q")
        if count <= _MAX_ARRAY_KEPT:
            return [_value(f, item_kind) for _ in range(count)]
        if item_kind in _SCALARS:  # skip fixed-size items without decoding them
            f.seek(count * struct.calcsize(_SCALARS[item_kind]), 1)
        elif item_kind == _STRING:
            for _ in range(count):
                f.seek(_unpack(f, "<Q"), 1)
        else:
            for _ in range(count):
                _value(f, item_kind)
        return count
    raise ValueError(f"unknown metadata value type {kind}")

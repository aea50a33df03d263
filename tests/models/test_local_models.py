"""The in-process backend's pieces that need no llama.cpp: GGUF headers, the tool-call text protocol,
alias resolution errors, and the cache's keys."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from ec2bench.core.errors import ConfigError
from ec2bench.models.base import ChatRequest, Completion, TokenLogprob, Usage
from ec2bench.models.cache import CachedClient, ResponseCache
from ec2bench.models.gguf import read_header
from ec2bench.models.llamacpp import parse_reply, resolve_gguf, to_template_messages

TOOLS = [{"type": "function", "function": {"name": "contacts_search", "description": "Search contacts.",
                                            "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}}]


def _str(text: str) -> bytes:
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def write_gguf(path: Path, tensors: dict[str, tuple[int, ...]], metadata: dict[str, int | str | list[int]]) -> Path:
    """A minimal GGUF v3 header (no tensor data: the reader never needs it)."""
    out = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata))
    for key, value in metadata.items():
        out += _str(key)
        if isinstance(value, str):
            out += struct.pack("<I", 8) + _str(value)
        elif isinstance(value, list):
            out += struct.pack("<IIQ", 9, 5, len(value)) + b"".join(struct.pack("<i", v) for v in value)
        else:
            out += struct.pack("<I", 4) + struct.pack("<I", value)
    for name, dims in tensors.items():
        out += _str(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", 0, 0)
    path.write_bytes(out)
    return path


def test_gguf_parameter_count_is_the_sum_of_tensor_sizes(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "m.gguf", {"tok_embd": (576, 49152), "blk.0.attn_q": (576, 576), "norm": (576,)},
                      {"general.architecture": "llama", "llama.context_length": 8192, "tokens": list(range(100))})
    header = read_header(path)
    assert header.n_params == 576 * 49152 + 576 * 576 + 576
    assert (header.version, header.n_tensors, header.architecture, header.context_length) == (3, 3, "llama", 8192)
    assert header.metadata["tokens"] == 100  # long arrays are skipped, their length kept


def test_gguf_rejects_other_files(tmp_path: Path) -> None:
    (tmp_path / "x.gguf").write_bytes(b"PK\x03\x04 not a model")
    with pytest.raises(ConfigError, match="not a GGUF model file"):
        read_header(tmp_path / "x.gguf")
    full = write_gguf(tmp_path / "t.gguf", {"a": (4, 4)}, {"general.architecture": "llama"}).read_bytes()
    (tmp_path / "t.gguf").write_bytes(full[:-6])
    with pytest.raises(ConfigError, match="truncated or corrupt"):
        read_header(tmp_path / "t.gguf")


def test_llamacpp_model_paths_and_aliases(tmp_path: Path) -> None:
    path = write_gguf(tmp_path / "tiny.gguf", {"w": (10, 10)}, {"general.architecture": "llama", "llama.context_length": 32768})
    model = resolve_gguf(str(path))
    assert (model.path, model.n_params, model.default_context) == (path.resolve(), 100, 8192)
    with pytest.raises(ConfigError, match="neither an alias \\(smollm2-135m\\) nor an existing .gguf file"):
        resolve_gguf(str(tmp_path / "missing.gguf"))


def test_history_becomes_template_friendly_text() -> None:
    history = [
        {"role": "system", "content": "Be useful."},
        {"role": "user", "content": "Find Li Wei."},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "contacts_search", "arguments": '{"query": "Li Wei"}'}},
            {"id": "b", "type": "function", "function": {"name": "contacts_search", "arguments": "{broken"}}]},
        {"role": "tool", "tool_call_id": "a", "content": "c1 Li Wei 139"},
        {"role": "tool", "tool_call_id": "b", "content": "error: malformed arguments"},
    ]
    out = to_template_messages(history, TOOLS)
    assert [m["role"] for m in out] == ["system", "user", "assistant", "user"]
    assert out[0]["content"].startswith("Be useful.\n\n# Tools") and '"name": "contacts_search"' in out[0]["content"]
    assert out[2]["content"] == ('<tool_call>{"name": "contacts_search", "arguments": {"query": "Li Wei"}}</tool_call>\n'
                                 '<tool_call>{"name": "contacts_search", "arguments": "{broken"}</tool_call>')
    assert out[3]["content"] == ("<tool_response>\nc1 Li Wei 139\n</tool_response>\n"
                                 "<tool_response>\nerror: malformed arguments\n</tool_response>")
    assert all(isinstance(m["content"], str) for m in to_template_messages(history, []))


@pytest.mark.parametrize("text,calls,content", [
    ('<tool_call>{"name": "contacts_search", "arguments": {"query": "Li"}}</tool_call>',
     [("contacts_search", '{"query": "Li"}')], None),
    ('Let me look.\n<tool_call>\n{"name": "contacts_search", "arguments": {"query": "A"}}\n</tool_call>\n'
     '<tool_call>{"name": "contacts_search", "arguments": {"query": "B"}}',  # the last one unclosed (stopped at EOS)
     [("contacts_search", '{"query": "A"}'), ("contacts_search", '{"query": "B"}')], "Let me look."),
    ('{"name": "contacts_search", "arguments": {"query": "C"}}', [("contacts_search", '{"query": "C"}')], None),
    ('<tool_call>{"name": "contacts_search", "arguments": {"query": }</tool_call>',
     [("contacts_search", '{"name": "contacts_search", "arguments": {"query": }')], None),
    ('{"name": "unknown_tool", "arguments": {}}', [], '{"name": "unknown_tool", "arguments": {}}'),
    ("All done: sent.", [], "All done: sent."),
])
def test_replies_are_parsed_by_the_documented_protocol(text: str, calls: list, content: str | None) -> None:
    message = parse_reply(text, TOOLS)
    assert [(c["function"]["name"], c["function"]["arguments"]) for c in message.get("tool_calls", [])] == calls
    assert message["content"] == content
    assert json.dumps(message)


def test_without_tools_text_is_never_a_call() -> None:
    assert parse_reply('<tool_call>{"name": "x"}</tool_call>', []) == {
        "role": "assistant", "content": '<tool_call>{"name": "x"}</tool_call>'}


class Counting:
    """A fake model whose every answer is new."""

    model = "fake"

    def __init__(self) -> None:
        self.calls = 0

    def complete(self, request: ChatRequest) -> Completion:
        self.calls += 1
        return Completion({"role": "assistant", "content": f"answer {self.calls}"}, Usage(10, 2, 3, 1), "fake",
                          latency_ms=5.0, logprobs=(TokenLogprob("a", -0.5, (("a", -0.5), ("b", -1.25))),))


def test_cache_keys_by_request_seed_scope_and_occurrence(tmp_path: Path) -> None:
    fake, opened = Counting(), []
    cache = ResponseCache(tmp_path)

    def client(seed: int, scope: str = "edge") -> CachedClient:
        return CachedClient("fake", {"model": "fake", "scope": scope}, seed, cache,
                            lambda: opened.append(1) or fake)

    ask = ChatRequest(messages=[{"role": "user", "content": "hi"}], logprobs=True, top_logprobs=2)
    first = client(1)
    a, b = first.complete(ask), first.complete(ask)  # the same request twice in one episode: two samples
    assert (a.message["content"], b.message["content"], a.cache, b.cache) == ("answer 1", "answer 2", "miss", "miss")
    replay = client(1)
    again = [replay.complete(ask), replay.complete(ask)]
    assert [c.message["content"] for c in again] == ["answer 1", "answer 2"] and {c.cache for c in again} == {"hit"}
    assert again[0].usage == Usage(10, 2, 3, 1) and again[0].logprobs == a.logprobs and again[0].latency_ms == 5.0
    assert client(2).complete(ask).message["content"] == "answer 3"  # another repeat, another sample
    assert client(1, "cloud").complete(ask).message["content"] == "answer 4"  # the other role samples on its own
    other = ChatRequest(messages=ask.messages, logprobs=True, top_logprobs=5)
    assert client(1).complete(other).cache == "miss"
    assert fake.calls == 5 and len(opened) == 4  # a client that only hit never opened the model

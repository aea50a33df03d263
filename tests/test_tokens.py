"""The offline token estimator (`ec2bench.models.tokens`): exact counts by its documented rule."""

from __future__ import annotations

import json

import pytest

from ec2bench.models.tokens import MESSAGE_OVERHEAD, TOOL_CALL_OVERHEAD, count_message, count_text, count_tools


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        (None, 0),
        ("", 0),
        ("   \n", 0),
        ("a", 1),
        ("abcd", 1),
        ("abcde", 2),
        ("Hello world", 4),  # 5 chars -> 2, twice
        ("internationalization is hard", 7),  # 20 -> 5, 2 -> 1, 4 -> 1
        ("你好世界", 4),  # one per ideograph
        ("我们明天下午开会。", 9),  # 8 ideographs + 1 CJK full stop
        ("我有3个apple", 6),  # 3 ideographs + "3" -> 1 + "apple" -> 2
        ("发送到zhang@corp.example", 8),  # 3 ideographs + 18 chars -> 5
        ("１２３", 3),  # full-width forms count one each
    ],
)
def test_count_text(text: str | None, tokens: int) -> None:
    assert count_text(text) == tokens


def test_overhead_constants() -> None:
    assert (MESSAGE_OVERHEAD, TOOL_CALL_OVERHEAD) == (4, 8)


def test_message_overhead() -> None:
    assert count_message({"role": "user", "content": "Hello world"}) == 4 + 4
    assert count_message({"role": "user", "content": "你好"}) == 4 + 2
    assert count_message({"role": "assistant", "content": None}) == 4
    assert count_message({"role": "user", "content": ""}) == 4
    # non-string content (e.g. a multimodal parts list) is not counted as text
    assert count_message({"role": "user", "content": [{"type": "text", "text": "Hello world"}]}) == 4


def test_tool_call_overhead() -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "email_send", "arguments": '{"to":"a"}'}}
    # 4 framing + 8 per call + "email_send" (10 chars -> 3) + '{"to":"a"}' (10 chars -> 3)
    assert count_message({"role": "assistant", "content": None, "tool_calls": [call]}) == 18
    two = {"role": "assistant", "content": "ok", "tool_calls": [call, call]}
    assert count_message(two) == 4 + 1 + 2 * (8 + 3 + 3)


def test_count_tools_is_the_compact_json_text() -> None:
    tools = [{"type": "function", "function": {"name": "notes_read", "parameters": {"type": "object"}}}]
    compact = json.dumps(tools, separators=(",", ":"))
    assert " " not in compact
    assert count_tools(tools) == count_text(compact) == (len(compact) + 3) // 4
    assert count_tools([]) == 0


def test_tool_lists_are_counted_once_per_list_of_the_same_objects() -> None:
    """The count is remembered for the very same tool objects, never for another list that merely looks alike
    at the same address: a different object with other content is counted afresh."""
    from ec2bench.models import tokens

    short = {"type": "function", "function": {"name": "a", "description": "x"}}
    long = {"type": "function", "function": {"name": "a", "description": "a much longer description " * 20}}
    before = tokens._count_tools.cache_info()
    first = count_tools([short, long])
    assert count_tools([short, long]) == first  # a fresh list of the same objects: remembered
    after = tokens._count_tools.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) == (1, 1)
    assert count_tools([short]) < first  # another list: counted
    lookalike = [dict(short), dict(long)]
    assert count_tools(lookalike) == first and tokens._count_tools.cache_info().misses - before.misses == 3


def test_every_episode_sends_the_same_tool_objects() -> None:
    from ec2bench.env.workspace import Workspace

    one, two = Workspace.create(["notes", "files"]), Workspace.create(["notes", "files"])
    try:
        assert all(a is b for a, b in zip(one.openai_tools(), two.openai_tools(), strict=True))
    finally:
        one.close()
        two.close()

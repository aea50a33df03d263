"""Every tool is bounded: reads only what it returns, results capped, paths confined."""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest

from ec2bench.env.tools import RESULT_CAP_CHARS
from ec2bench.env.workspace import Workspace

GIB = 1024**3


@pytest.fixture
def ws():
    with Workspace.create(["files", "email"]) as w:
        yield w


def _sparse(path: Path, head: str, size: int) -> None:
    with open(path, "wb") as fh:
        fh.write(head.encode())
        fh.truncate(size)


def test_read_and_append_touch_only_a_prefix_of_a_huge_file(ws: Workspace) -> None:
    _sparse(ws.root / "huge.txt", "hello world " * 1000, 100 * GIB)
    tracemalloc.start()
    try:
        res = ws.call("files_read", {"path": "huge.txt", "max_chars": 10})
        appended = ws.call("files_append", {"path": "huge.txt", "content": "tail"})
        whole = ws.call("files_read", {"path": "huge.txt", "max_chars": 10**12})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert res.result == f"hello worl\n[truncated: showed the first 10 characters of a {100 * GIB}-byte file]"
    assert appended.ok and json.loads(appended.result)["size"] == 100 * GIB + 4
    with open(ws.root / "huge.txt", "rb") as fh:
        assert os.pread(fh.fileno(), 4, 100 * GIB) == b"tail"
    assert whole.result.startswith("hello world") and len(whole.result) <= RESULT_CAP_CHARS + 100
    assert peak < 2_000_000  # bytes; the file is 100 GiB


def test_every_result_is_capped(ws: Workspace) -> None:
    ws.apps["email"].load({"inbox": [
        {"id": f"M-{i}", "sender": "a@example.com", "to": ["b@example.com"], "subject": "x" * 500,
         "body": "y", "date": "2024-01-01"}
        for i in range(200)
    ]})
    rec = ws.call("email_search", {"limit": 10**6})  # about 110,000 characters before the cap
    body, note = rec.result[:RESULT_CAP_CHARS], rec.result[RESULT_CAP_CHARS:]
    assert rec.ok and body.startswith('[{"id": "M-')
    cut = int(note.split("[cut: ")[1].split(" ")[0])
    assert cut > 80_000 and note == f"\n[cut: {cut} more characters]"


@pytest.mark.parametrize("path", ["/etc/passwd", "/etc/no-such-file-ec2bench", "../x", "/root/.bashrc",
                                  "~/../etc/passwd", "/workspace/../etc/passwd"])
def test_attachments_outside_are_refused_alike(ws: Workspace, path: str) -> None:
    rec = ws.call("email_send", {"to": ["a@example.com"], "subject": "s", "body": "b", "attachments": [path]})
    assert rec.error == "tool_error"
    assert rec.result == f"Error: attachment: path {path!r} is outside the workspace; use a path relative to the workspace root"
    assert ws.state()["email"]["sent"] == []


def test_attachments_inside_and_through_links(ws: Workspace) -> None:
    (ws.root / "report.txt").write_text("r")
    (ws.root / "passwd").symlink_to("/etc/passwd")
    refused = ws.call("email_send", {"to": ["a@example.com"], "subject": "s", "body": "b", "attachments": ["passwd"]})
    assert "outside the workspace" in refused.result
    sent = ws.call("email_send", {"to": ["a@example.com"], "subject": "s", "body": "b",
                                  "attachments": ["report.txt", "/workspace/report.txt"]})
    assert sent.ok and ws.state()["email"]["sent"][0]["attachments"] == ["report.txt", "/workspace/report.txt"]


def test_hard_links_inside_are_refused_too(ws: Workspace) -> None:
    (ws.root / "a.txt").write_text("a")
    os.link(ws.root / "a.txt", ws.root / "b.txt")
    for tool, args in [("files_read", {"path": "b.txt"}), ("files_write", {"path": "a.txt", "content": "x"})]:
        rec = ws.call(tool, args)
        assert rec.error == "tool_error" and "has other hard links" in rec.result
    assert (ws.root / "a.txt").read_text() == "a"
    ws.call("files_delete", {"path": "b.txt"})
    assert ws.call("files_write", {"path": "a.txt", "content": "x"}).ok


def test_special_files_are_not_opened(ws: Workspace) -> None:
    os.mkfifo(ws.root / "pipe")
    for tool, args in [("files_read", {"path": "pipe"}), ("files_append", {"path": "pipe", "content": "x"}),
                       ("files_write", {"path": "pipe", "content": "x"})]:
        rec = ws.call(tool, args)  # would block forever if the FIFO were opened
        assert rec.error == "tool_error", (tool, rec.result)


def test_dispatch_errors_show_no_host_path(ws: Workspace) -> None:
    root = str(ws.root.resolve())
    for tool, args in [
        ("files_write", {"path": "a" * 300, "content": "x"}),
        ("files_read", {"path": "a/" * 3000}),
        ("files_list", {"path": "\ud800"}),
        ("files_read", '{"path": ' + "[" * 5000 + "]" * 5000 + "}"),
        ("files_read", '{"max_chars": ' + "9" * 5000 + "}"),
        ("files_read", {"path": "x", "max_chars": float("nan")}),
    ]:
        rec = ws.call(tool, args)
        assert rec.error in ("tool_error", "bad_args", "bad_json"), (tool, rec.result)
        assert root not in rec.result and "Traceback" not in rec.result
        json.dumps(rec.to_json())


def test_a_path_too_deep_is_an_argument_error_not_a_crash(tmp_path) -> None:
    """Found by the fuzz test: files_append on a 600-level path crashed recursive directory creation."""
    from ec2bench.env.workspace import Workspace

    with Workspace.create(["files"], files_dir=None) as ws:
        record = ws.call("files_append", {"path": "a/" * 600 + "x.txt", "content": "hi"})
        assert record.error == "tool_error" and "too long" in record.result
        assert ws.call("files_append", {"path": "a/" * 10 + "x.txt", "content": "hi"}).ok

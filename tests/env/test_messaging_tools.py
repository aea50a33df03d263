"""The tools the messaging, notes, ledger and files apps gained: drafts, threads, attachments,
sharing, messaging a contact, finance reports, search-and-replace; and reactions to every send."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from toolcalls import fails, ok

from ec2bench.env.workspace import Workspace
from ec2bench.spec.people import Reaction

INBOX = {"inbox": [
    {"id": "E-0001", "sender": "li.na@supplier.example", "to": ["me", "ops@corp.example"], "cc": ["boss@corp.example"],
     "subject": "PO-7 delivery", "body": "Delivery moves to Friday.", "date": "2024-05-02", "attachments": ["po7.txt"]},
    {"id": "E-0002", "sender": "me", "to": ["li.na@supplier.example"], "subject": "Re: PO-7 delivery",
     "body": "Thanks", "date": "2024-05-03", "thread_id": "E-0001"},
]}
CONTACTS = {"contacts": [
    {"id": "c-1", "name": "Li Na", "email": "li.na@supplier.example"},
    {"id": "c-2", "name": "Wang Tao", "chat": "@wangtao"},
    {"id": "c-3", "name": "Nobody Reachable"},
]}


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    files = tmp_path / "files"
    (files / "docs").mkdir(parents=True)
    (files / "po7.txt").write_text("PO-7: 200 chairs, unit price 41.50\n", encoding="utf-8")
    (files / "docs" / "a.md").write_text("Host: db-old.internal\nBackup host: db-old.internal\n", encoding="utf-8")
    (files / "docs" / "b.md").write_text("see db-old.internal:5432 and version 1.2.3\n", encoding="utf-8")
    (files / "docs" / "blob.bin").write_bytes(b"\x00db-old.internal")
    reactions = [Reaction.model_validate({
        "id": "li-na", "person": "Li Na", "app": "email", "to": "li.na@supplier.example",
        "rounds": [{"contains": "friday", "reply": "Yes, Friday 10:00."}, {"contains": "invoice", "reply": "Sent it."}]}),
        Reaction.model_validate({"id": "wt", "person": "Wang Tao", "app": "chat", "to": "@wangtao",
                                 "rounds": [{"reply": "On it."}]})]
    with Workspace.create(["email", "chat", "contacts", "notes", "ledger", "files"],
                          {"email": INBOX, "contacts": CONTACTS, "chat": {"channels": [{"name": "ops"}]},
                           "notes": {"notes": [{"id": "N-0001", "title": "Plan", "body": "Move db on Friday"}]}},
                          files, reactions) as w:
        yield w


def sent(ws: Workspace) -> list[dict]:
    return ws.state()["email"]["sent"]


def test_reply_keeps_the_thread_and_prefixes_the_subject_once(ws: Workspace) -> None:
    out = ok(ws, "email_reply", {"email_id": "E-0001", "body": "Friday works."})
    assert out["to"] == ["li.na@supplier.example"] and out["subject"] == "Re: PO-7 delivery"
    reply = sent(ws)[-1]
    assert reply["thread_id"] == "E-0001" and reply["in_reply_to"] == "E-0001"
    ok(ws, "email_reply", {"email_id": "E-0002", "body": "One more thing", "reply_all": True})
    again = sent(ws)[-1]  # replying to my own message goes to its recipients; the subject is not Re: Re:
    assert again["subject"] == "Re: PO-7 delivery" and again["to"] == ["li.na@supplier.example"]
    assert again["thread_id"] == "E-0001"


def test_reply_all_adds_the_others_but_never_me(ws: Workspace) -> None:
    out = ok(ws, "email_reply", {"email_id": "E-0001", "body": "Noted.", "reply_all": True})
    assert out["to"] == ["li.na@supplier.example", "ops@corp.example", "boss@corp.example"]


def test_forward_quotes_the_original_and_carries_its_attachments_with_their_text(ws: Workspace) -> None:
    out = ok(ws, "email_forward", {"email_id": "E-0001", "to": ["boss@corp.example"], "note": "FYI"})
    assert out["subject"] == "Fwd: PO-7 delivery"
    fwd = sent(ws)[-1]
    assert fwd["body"].startswith("FYI\n") and "Delivery moves to Friday." in fwd["body"]
    assert fwd["attachments"] == ["po7.txt"]
    assert fwd["attached"] == [{"path": "po7.txt", "size": 35, "text": "PO-7: 200 chairs, unit price 41.50\n"}]


def test_attachments_are_confined_and_binary_ones_carry_no_text(ws: Workspace) -> None:
    assert "outside" in fails(ws, "email_send", {"to": ["a@b.c"], "subject": "x", "body": "y",
                                                 "attachments": ["../../etc/passwd"]})
    assert "not a file" in fails(ws, "email_send", {"to": ["a@b.c"], "subject": "x", "body": "y",
                                                   "attachments": ["nope.txt"]})
    ok(ws, "email_send", {"to": ["a@b.c"], "subject": "x", "body": "y", "attachments": ["docs/blob.bin"]})
    assert sent(ws)[-1]["attached"] == [{"path": "docs/blob.bin", "size": 16, "text": None}]


def test_drafts_are_saved_overwritten_listed_and_sent(ws: Workspace) -> None:
    d = ok(ws, "email_save_draft", {"to": ["boss@corp.example"], "subject": "Draft", "body": "v1"})
    ok(ws, "email_save_draft", {"to": ["boss@corp.example"], "subject": "Draft", "body": "v2", "draft_id": d["id"]})
    assert ok(ws, "email_list_drafts") == [{"id": "D-0001", "to": ["boss@corp.example"], "subject": "Draft"}]
    assert sent(ws) == [] or all(m["subject"] != "Draft" for m in sent(ws))
    ok(ws, "email_send_draft", {"draft_id": "D-0001"})
    assert sent(ws)[-1]["body"] == "v2" and ws.state()["email"]["drafts"] == []
    assert "no drafts record" in fails(ws, "email_send_draft", {"draft_id": "D-0001"})


def test_chat_drafts(ws: Workspace) -> None:
    d = ok(ws, "chat_save_draft", {"channel": "ops", "text": "db move friday"})
    assert "no channel" in fails(ws, "chat_save_draft", {"channel": "nope", "text": "x"})
    assert ok(ws, "chat_list_drafts") == [{"id": d["id"], "channel": "ops", "text": "db move friday"}]
    ok(ws, "chat_send_draft", {"draft_id": d["id"]})
    assert ws.state()["chat"]["messages"][-1]["text"] == "db move friday"
    assert ws.state()["chat"]["drafts"] == []


def test_message_contact_uses_the_channel_the_contact_has(ws: Workspace) -> None:
    out = ok(ws, "contacts_message", {"contact_id": "c-1", "text": "Invoice for PO-7 please"})
    assert out["via"] == "email" and sent(ws)[-1]["to"] == ["li.na@supplier.example"]
    assert sent(ws)[-1]["subject"] == "Invoice for PO-7 please"
    assert ok(ws, "contacts_message", {"contact_id": "c-2", "text": "db move"})["via"] == "chat"
    assert ws.state()["chat"]["messages"][-1]["channel"] == "@wangtao"
    assert "reached by chat" in fails(ws, "contacts_message", {"contact_id": "c-2", "text": "x", "via": "email"})
    assert "no email address or chat handle" in fails(ws, "contacts_message", {"contact_id": "c-3", "text": "x"})


def test_every_sending_tool_triggers_reactions(ws: Workspace) -> None:
    ok(ws, "email_reply", {"email_id": "E-0001", "body": "Friday at 10?"})
    ok(ws, "contacts_message", {"contact_id": "c-1", "text": "And the invoice?"})
    d = ok(ws, "chat_save_draft", {"channel": "@wangtao", "text": "please move the db"})
    assert ws.people.fired == {"li-na.1", "li-na.2"}  # a saved draft sends nothing
    ok(ws, "chat_send_draft", {"draft_id": d["id"]})
    assert ws.people.fired == {"li-na.1", "li-na.2", "wt.1"}
    replies = [m["body"] for m in ws.state()["email"]["inbox"] if m["id"].startswith("R-")]
    assert replies == ["Yes, Friday 10:00.", "Sent it."]


def test_share_note_resolves_a_contact_name_and_records_the_text(ws: Workspace) -> None:
    out = ok(ws, "notes_share", {"note_id": "N-0001", "person": "li na"})
    assert out["person"] == "li.na@supplier.example"
    assert ws.state()["notes"]["shares"] == [{"id": "SH-0001", "note_id": "N-0001", "person": "li.na@supplier.example",
                                             "title": "Plan", "body": "Move db on Friday", "permission": "view"}]
    assert "exactly one contact" in fails(ws, "notes_share", {"note_id": "N-0001", "person": "Wang Tao"})


def test_finance_report_lines_must_add_up(ws: Workspace) -> None:
    lines = [{"label": "Travel", "amount": 1200.5}, {"label": "Refund", "amount": -200.25}]
    out = ok(ws, "ledger_submit_report", {"title": "Q2", "period_start": "2024-04-01", "period_end": "2024-06-30",
                                          "lines": lines, "total": 1000.25, "recipient": "boss@corp.example"})
    assert out["id"] == "RPT-0001" and out["total"] == 1000.25 and out["lines"][1]["amount"] == -200.25
    assert "add up to 1000.25, not the total 1000.00" in fails(
        ws, "ledger_submit_report", {"title": "Q2", "period_start": "2024-04-01", "period_end": "2024-06-30",
                                     "lines": lines, "total": 1000})
    assert "before period_start" in fails(ws, "ledger_submit_report", {
        "title": "Q2", "period_start": "2024-06-30", "period_end": "2024-04-01", "lines": lines, "total": 1000.25})
    fails(ws, "ledger_submit_report", {"title": "Q2", "period_start": "2024-04-01", "period_end": "2024-06-30",
                                       "lines": [{"label": "", "amount": 1}], "total": 1}, kind="bad_args")
    assert len(ws.state()["ledger"]["reports"]) == 1


def test_replace_dry_run_counts_then_replaces_literal_text(ws: Workspace) -> None:
    dry = ok(ws, "files_replace", {"path": "docs", "find": "db-old.internal", "replacement": "db-new.internal",
                                   "dry_run": True})
    assert dry["files"] == [{"path": "docs/a.md", "replacements": 2}, {"path": "docs/b.md", "replacements": 1}]
    assert dry["total"] == 3 and "db-old" in (ws.root / "docs" / "a.md").read_text()
    ok(ws, "files_replace", {"path": "docs", "find": "db-old.internal", "replacement": "db-new.internal"})
    assert (ws.root / "docs" / "a.md").read_text() == "Host: db-new.internal\nBackup host: db-new.internal\n"
    assert (ws.root / "docs" / "blob.bin").read_bytes() == b"\x00db-old.internal"  # binary files are skipped


def test_replace_with_a_regex_and_its_bounds(ws: Workspace) -> None:
    out = ok(ws, "files_replace", {"path": "docs/b.md", "find": r"version (\d+)\.(\d+)\.\d+",
                                   "replacement": r"version \1.\2.9", "regex": True})
    assert out["total"] == 1 and "version 1.2.9" in (ws.root / "docs" / "b.md").read_text()
    assert "not a valid regular expression" in fails(ws, "files_replace", {"path": "docs", "find": "(", "replacement": "",
                                                                           "regex": True})
    assert "bad replacement" in fails(ws, "files_replace", {"path": "docs", "find": "Host", "replacement": r"\5",
                                                            "regex": True})
    assert "more than max_files=1" in fails(ws, "files_replace", {"path": "docs", "find": "db", "replacement": "x",
                                                                  "max_files": 1})
    assert "db-old" in (ws.root / "docs" / "a.md").read_text()  # refused: nothing changed
    assert "outside" in fails(ws, "files_replace", {"path": "..", "find": "a", "replacement": "b"})
    os.link(ws.root / "docs" / "a.md", ws.root / "a-link.md")
    assert "hard links" in fails(ws, "files_replace", {"path": "a-link.md", "find": "Host", "replacement": "H"})

"""The record apps as the agent sees them: every call goes through `Workspace.call`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from toolcalls import fails, ok

from ec2bench.env.apps.base import FixtureError
from ec2bench.env.workspace import Workspace

APP_NAMES = ["calendar", "chat", "helpdesk", "crm", "notes", "ledger", "web"]

FIXTURES: dict[str, dict[str, Any]] = {
    "calendar": {
        "events": [
            {"id": "E-0001", "title": "Standup", "date": "2024-05-06", "start": "09:00", "end": "09:30",
             "attendees": ["alice", "bob"]},
            {"id": "E-0002", "title": "Design review", "date": "2024-05-06", "start": "11:00", "end": "12:30",
             "attendees": ["Alice", "carol"], "location": "Room 3", "description": "Review v2 mockups"},
            {"id": "E-0003", "title": "Dentist", "date": "2024-05-06", "start": "17:00", "end": "19:00",
             "attendees": ["bob"]},
            {"id": "E-0004", "title": "Offsite", "date": "2024-05-08", "start": "10:00", "end": "16:00",
             "attendees": ["alice"]},
        ]
    },
    "chat": {
        "channels": [{"name": "general", "topic": "Company-wide"}, {"name": "ops"}],
        "messages": [
            {"id": "M-0001", "channel": "general", "sender": "alice", "text": "Hello all", "time": "2024-05-06T09:00"},
            {"id": "M-0002", "channel": "general", "sender": "bob", "text": "Deploy at 5pm", "time": "2024-05-06T09:05"},
            {"id": "M-0003", "channel": "ops", "sender": "carol", "text": "Disk almost full on db1", "time": "2024-05-06T08:00"},
            {"id": "M-0004", "channel": "@dave", "sender": "dave", "text": "Can you review my PR?", "time": "2024-05-05T18:00"},
        ],
    },
    "helpdesk": {
        "tickets": [
            {"id": "T-0001", "title": "Cannot log in", "description": "Password reset mail never arrives",
             "requester": "Ann Lee", "requester_email": "ann@acme.com", "customer": "Acme", "priority": "high",
             "tags": ["login"]},
            {"id": "T-0002", "title": "Invoice wrong", "description": "Charged twice in April",
             "requester": "Ben Ng", "customer": "Globex", "status": "pending",
             "comments": [{"author": "sam", "text": "Asked finance", "internal": True}]},
        ]
    },
    "crm": {
        "customers": [
            {"id": "C-0001", "name": "Acme Corp", "industry": "Manufacturing", "contact_name": "Ann Lee",
             "contact_email": "ann@acme.com", "contact_phone": "+1 555 0100", "annual_revenue": 12000000,
             "tier": "gold", "notes": ["Renewal in Q3"]},
            {"id": "C-0002", "name": "Globex", "industry": "Retail", "contact_name": "Ben Ng"},
        ],
        "deals": [
            {"id": "D-0001", "customer_id": "C-0001", "title": "Support renewal", "stage": "negotiation",
             "amount": 50000, "close_date": "2024-06-30", "owner": "sam"},
            {"id": "D-0002", "customer_id": "C-0002", "title": "Pilot", "stage": "lead", "amount": 8000},
        ],
    },
    "notes": {
        "notes": [
            {"id": "N-0001", "title": "Meeting notes", "body": "Budget approved", "tags": ["work"], "updated": "2024-05-01"},
            {"id": "N-0002", "title": "Groceries", "body": "Milk, eggs", "tags": ["home"], "updated": "2024-05-03"},
        ]
    },
    "ledger": {
        "accounts": [
            {"id": "A-0001", "name": "Checking", "type": "asset", "number": "DE89 3704 0044 0532 0130 00", "currency": "EUR"},
            {"id": "A-0002", "name": "Credit card", "type": "liability", "currency": "EUR"},
        ],
        "transactions": [
            {"id": "TX-0001", "date": "2024-04-03", "account_id": "A-0001", "amount": 1200.10, "direction": "credit",
             "counterparty": "Landlord GmbH", "category": "rent", "memo": "April rent"},
            {"id": "TX-0002", "date": "2024-04-15", "account_id": "A-0002", "amount": 45.05, "direction": "credit",
             "counterparty": "Cafe Blau", "category": "meals"},
            {"id": "TX-0003", "date": "2024-04-20", "account_id": "A-0002", "amount": 30.10, "direction": "credit",
             "counterparty": "Cafe Blau", "category": "meals", "invoice_ref": "INV-77"},
            {"id": "TX-0004", "date": "2024-05-02", "account_id": "A-0001", "amount": 3000, "direction": "debit",
             "counterparty": "Employer AG", "category": "salary"},
            {"id": "TX-0005", "date": "2024-05-03", "account_id": "A-0001", "amount": 1200.10, "direction": "credit",
             "counterparty": "Landlord GmbH", "category": "rent", "memo": "May rent"},
            {"id": "TX-0006", "date": "2024-05-04", "account_id": "A-0002", "amount": 19.99, "direction": "credit",
             "counterparty": "Bookshop"},
        ],
    },
    "web": {
        "pages": [
            {"url": "https://example.org/python", "title": "Python tutorial",
             "text": "Learn Python programming step by step. Variables, loops and functions."},
            {"url": "https://example.org/snakes", "title": "Snakes of the world",
             "text": "The python is a large snake. Some people keep a python as a pet.", "published": "2023-01-02"},
            {"url": "https://example.org/cooking", "title": "Cooking pasta", "text": "Boil water, add salt and pasta."},
            {"url": "https://example.cn/ml", "title": "机器学习入门",
             "text": "机器学习是人工智能的一个分支，研究计算机如何从数据中学习。"},
            {"url": "https://example.cn/weather", "title": "北京天气预报", "text": "明天北京晴，气温二十度。学习不受影响。"},
        ]
    },
}


@pytest.fixture
def ws() -> Iterator[Workspace]:
    with Workspace.create(APP_NAMES, FIXTURES) as workspace:
        yield workspace


# --- every tool advertises a proper schema ---------------------------------------------


def test_every_tool_has_schema_and_descriptions(ws: Workspace) -> None:
    tools = ws.openai_tools()
    names = {t["function"]["name"] for t in tools}
    assert {"calendar_free_slots", "chat_post", "helpdesk_comment", "crm_update_deal", "notes_update",
            "ledger_summarize", "web_fetch"} <= names
    for app in APP_NAMES:
        assert any(n.startswith(f"{app}_") for n in names)
    for tool in tools:
        fn = tool["function"]
        assert fn["description"].strip(), fn["name"]
        params = fn["parameters"]
        assert params["type"] == "object"
        for pname, prop in params.get("properties", {}).items():
            assert prop.get("description"), f"{fn['name']}.{pname} has no description"
        json.dumps(tool)


def test_bad_fixture_key_is_rejected() -> None:
    with pytest.raises(FixtureError, match="events"):
        event = {"id": "E-1", "title": "x", "date": "2024-01-01", "start": "09:00", "end": "10:00", "room": "A"}
        Workspace.create(["calendar"], {"calendar": {"events": [event]}})


# --- calendar ----------------------------------------------------------------------------


def test_calendar_list_get_delete(ws: Workspace) -> None:
    day = ok(ws, "calendar_list", {"date_from": "2024-05-06"})
    assert [e["id"] for e in day] == ["E-0001", "E-0002", "E-0003"]
    assert "description" not in day[1]
    week = ok(ws, "calendar_list", {"date_from": "2024-05-06", "date_to": "2024-05-10", "attendee": "ALICE"})
    assert [e["id"] for e in week] == ["E-0001", "E-0002", "E-0004"]
    assert ok(ws, "calendar_get", {"event_id": "E-0002"})["description"] == "Review v2 mockups"
    assert ok(ws, "calendar_delete", {"event_id": "E-0002"})["status"] == "deleted"
    assert "E-0002" not in {e["id"] for e in ws.state()["calendar"]["events"]}
    assert "no events record" in fails(ws, "calendar_get", {"event_id": "E-0002"})


def test_calendar_create_reports_conflicts(ws: Workspace) -> None:
    res = ok(ws, "calendar_create", {"title": "1:1", "date": "2024-05-06", "start": "12:00", "end": "13:00",
                                     "attendees": ["alice", "dave"]})
    assert res["event"]["id"] == "E-0005"
    assert res["conflicts"] == ["E-0002"]  # overlaps 11:00-12:30, shares alice (case-insensitive)
    # back-to-back is not a conflict; an overlap with no shared attendee is not either
    res = ok(ws, "calendar_create", {"title": "Lunch", "date": "2024-05-06", "start": "12:30", "end": "13:00",
                                     "attendees": ["carol", "erin"]})
    assert res["conflicts"] == []
    assert len(ws.state()["calendar"]["events"]) == 6


def test_calendar_bad_arguments(ws: Workspace) -> None:
    base = {"title": "x", "date": "2024-05-06", "start": "10:00", "end": "11:00"}
    assert "YYYY-MM-DD" in fails(ws, "calendar_create", base | {"date": "06/05/2024"})
    assert "YYYY-MM-DD" in fails(ws, "calendar_create", base | {"date": "2024-02-30"})
    assert "HH:MM" in fails(ws, "calendar_create", base | {"start": "9am"})
    assert "after start" in fails(ws, "calendar_create", base | {"end": "10:00"})
    assert "YYYY-MM-DD" in fails(ws, "calendar_list", {"date_from": "tomorrow"})
    assert "before" in fails(ws, "calendar_list", {"date_from": "2024-05-06", "date_to": "2024-05-01"})
    fails(ws, "calendar_create", {"title": "x"}, kind="bad_args")
    assert len(ws.state()["calendar"]["events"]) == 4


def test_calendar_update(ws: Workspace) -> None:
    res = ok(ws, "calendar_update", {"event_id": "E-0001", "title": "Daily", "start": "11:30", "end": "12:00"})
    assert res["event"]["title"] == "Daily" and res["event"]["start"] == "11:30"
    assert res["conflicts"] == ["E-0002"]
    # an invalid reschedule changes nothing
    assert "after start" in fails(ws, "calendar_update", {"event_id": "E-0001", "end": "11:00"})
    assert ok(ws, "calendar_get", {"event_id": "E-0001"})["end"] == "12:00"
    assert "nothing to update" in fails(ws, "calendar_update", {"event_id": "E-0001"})
    fails(ws, "calendar_update", {"event_id": "E-0999", "title": "x"})


def test_calendar_free_slots(ws: Workspace) -> None:
    # alice: 09:00-09:30, 11:00-12:30; bob: 09:00-09:30, 17:00-19:00 (clipped at 18:00)
    slots = ok(ws, "calendar_free_slots", {"date": "2024-05-06", "duration_minutes": 60, "attendees": ["alice", "bob"]})
    assert slots == [{"start": "09:30", "end": "11:00"}, {"start": "12:30", "end": "17:00"}]
    slots = ok(ws, "calendar_free_slots", {"date": "2024-05-06", "duration_minutes": 120, "attendees": ["alice", "bob"]})
    assert slots == [{"start": "12:30", "end": "17:00"}]
    assert ok(ws, "calendar_free_slots", {"date": "2024-05-07", "duration_minutes": 30, "attendees": ["alice"]}) == [
        {"start": "09:00", "end": "18:00"}
    ]
    assert ok(ws, "calendar_free_slots", {"date": "2024-05-08", "duration_minutes": 90, "attendees": ["alice"]}) == [
        {"start": "16:00", "end": "18:00"}
    ]
    assert "attendee" in fails(ws, "calendar_free_slots", {"date": "2024-05-06", "duration_minutes": 30, "attendees": []})
    fails(ws, "calendar_free_slots", {"date": "May 6", "duration_minutes": 30, "attendees": ["bob"]})


# --- chat --------------------------------------------------------------------------------


def test_chat_channels_read_search(ws: Workspace) -> None:
    channels = ok(ws, "chat_list_channels")
    assert [c["channel"] for c in channels] == ["general", "ops", "@dave"]
    assert channels[0] == {"channel": "general", "topic": "Company-wide", "messages": 2}
    msgs = ok(ws, "chat_read", {"channel": "general", "limit": 1})
    assert [m["id"] for m in msgs] == ["M-0002"]  # the latest one
    assert [m["id"] for m in ok(ws, "chat_read", {"channel": "general"})] == ["M-0001", "M-0002"]
    assert [m["id"] for m in ok(ws, "chat_search", {"query": "DEPLOY"})] == ["M-0002"]
    assert [m["id"] for m in ok(ws, "chat_search", {"query": "carol", "channel": "ops"})] == ["M-0003"]
    assert "no channel" in fails(ws, "chat_read", {"channel": "random"})
    fails(ws, "chat_read", {"channel": "general", "limit": 0})


def test_chat_post(ws: Workspace) -> None:
    assert ok(ws, "chat_post", {"channel": "ops", "text": "On it"})["id"] == "M-0005"
    assert ok(ws, "chat_post", {"channel": "@erin", "text": "Hi Erin"})["channel"] == "@erin"
    assert "@erin" in [c["channel"] for c in ok(ws, "chat_list_channels")]
    posted = ws.state()["chat"]["messages"][-2:]
    assert [(m["channel"], m["sender"]) for m in posted] == [("ops", "me"), ("@erin", "me")]
    assert "no channel" in fails(ws, "chat_post", {"channel": "random", "text": "hi"})
    assert "empty" in fails(ws, "chat_post", {"channel": "ops", "text": "  "})


# --- helpdesk ----------------------------------------------------------------------------


def test_helpdesk_search_get(ws: Workspace) -> None:
    assert [t["id"] for t in ok(ws, "helpdesk_search")] == ["T-0001", "T-0002"]
    hits = ok(ws, "helpdesk_search", {"query": "password", "priority": "high"})
    assert hits == [{"id": "T-0001", "title": "Cannot log in", "requester": "Ann Lee", "customer": "Acme",
                     "priority": "high", "status": "open"}]
    assert [t["id"] for t in ok(ws, "helpdesk_search", {"status": "pending"})] == ["T-0002"]
    assert ok(ws, "helpdesk_get", {"ticket_id": "T-0002"})["comments"][0]["internal"] is True
    fails(ws, "helpdesk_get", {"ticket_id": "T-0042"})
    fails(ws, "helpdesk_search", {"status": "done"}, kind="bad_args")


def test_helpdesk_create_update_comment(ws: Workspace) -> None:
    ticket = ok(ws, "helpdesk_create", {"title": "VPN down", "description": "No VPN since 9am", "requester": "Ann Lee",
                                        "customer": "Acme", "priority": "urgent"})
    assert (ticket["id"], ticket["status"], ticket["priority"]) == ("T-0003", "open", "urgent")
    updated = ok(ws, "helpdesk_update", {"ticket_id": "T-0001", "status": "resolved", "assignee": "sam"})
    assert (updated["status"], updated["assignee"], updated["priority"]) == ("resolved", "sam", "high")
    assert "nothing to update" in fails(ws, "helpdesk_update", {"ticket_id": "T-0001"})
    retagged = ok(ws, "helpdesk_update", {"ticket_id": "T-0001", "tags": ["vpn", "p1"]})
    assert retagged["tags"] == ["vpn", "p1"] and retagged["status"] == "resolved"
    fails(ws, "helpdesk_update", {"ticket_id": "T-0001", "priority": "critical"}, kind="bad_args")
    assert ok(ws, "helpdesk_comment", {"ticket_id": "T-0001", "text": "Fixed, please retry"})["comments"] == 1
    ok(ws, "helpdesk_comment", {"ticket_id": "T-0001", "text": "Root cause: SPF", "internal": True})
    comments = ws.state()["helpdesk"]["tickets"][0]["comments"]
    assert [(c["text"], c["internal"]) for c in comments] == [("Fixed, please retry", False), ("Root cause: SPF", True)]
    fails(ws, "helpdesk_comment", {"ticket_id": "T-9999", "text": "hi"})


# --- crm ---------------------------------------------------------------------------------


def test_crm_customers(ws: Workspace) -> None:
    assert ok(ws, "crm_search", {"query": "acme"}) == [
        {"id": "C-0001", "name": "Acme Corp", "industry": "Manufacturing", "tier": "gold", "contact_name": "Ann Lee"}
    ]
    assert [c["id"] for c in ok(ws, "crm_search", {"industry": "retail"})] == ["C-0002"]
    assert ok(ws, "crm_get", {"customer_id": "C-0001"})["contact_phone"] == "+1 555 0100"
    assert ok(ws, "crm_add_note", {"customer_id": "C-0002", "text": "Wants a demo"}) == {"customer_id": "C-0002", "notes": 1}
    assert ws.state()["crm"]["customers"][1]["notes"] == ["Wants a demo"]
    fails(ws, "crm_get", {"customer_id": "C-0404"})


def test_crm_deals(ws: Workspace) -> None:
    assert [d["id"] for d in ok(ws, "crm_list_deals", {"customer_id": "C-0001"})] == ["D-0001"]
    assert [d["id"] for d in ok(ws, "crm_list_deals", {"stage": "lead"})] == ["D-0002"]
    assert ok(ws, "crm_get_deal", {"deal_id": "D-0001"})["owner"] == "sam"
    deal = ok(ws, "crm_update_deal", {"deal_id": "D-0001", "stage": "won", "amount": 52000})
    assert (deal["stage"], deal["amount"], deal["close_date"]) == ("won", 52000.0, "2024-06-30")
    new = ok(ws, "crm_create_deal", {"customer_id": "C-0002", "title": "Rollout", "amount": 20000, "close_date": "2024-09-01"})
    assert (new["id"], new["stage"], new["currency"]) == ("D-0003", "lead", "USD")
    assert "YYYY-MM-DD" in fails(ws, "crm_update_deal", {"deal_id": "D-0001", "close_date": "next week"})
    assert "negative" in fails(ws, "crm_create_deal", {"customer_id": "C-0002", "title": "x", "amount": -5})
    fails(ws, "crm_create_deal", {"customer_id": "C-0404", "title": "x", "amount": 5})
    fails(ws, "crm_list_deals", {"customer_id": "C-0404"})
    fails(ws, "crm_update_deal", {"deal_id": "D-0001", "stage": "closed"}, kind="bad_args")
    assert ws.state()["crm"]["deals"][0]["amount"] == 52000.0


# --- notes -------------------------------------------------------------------------------


def test_notes_tools(ws: Workspace) -> None:
    assert [n["id"] for n in ok(ws, "notes_search")] == ["N-0002", "N-0001"]  # newest first
    assert [n["id"] for n in ok(ws, "notes_search", {"query": "budget"})] == ["N-0001"]
    assert [n["id"] for n in ok(ws, "notes_search", {"tag": "HOME"})] == ["N-0002"]
    assert ok(ws, "notes_get", {"note_id": "N-0001"})["body"] == "Budget approved"
    assert ok(ws, "notes_create", {"title": "Ideas", "body": "A", "tags": ["work"]}) == {"id": "N-0003", "status": "created"}
    assert ok(ws, "notes_update", {"note_id": "N-0003", "body": "B", "mode": "append"})["body"] == "A\nB"
    note = ok(ws, "notes_update", {"note_id": "N-0003", "body": "C", "title": "Plans"})
    assert (note["title"], note["body"]) == ("Plans", "C")
    assert "nothing to update" in fails(ws, "notes_update", {"note_id": "N-0003"})
    fails(ws, "notes_update", {"note_id": "N-0003", "body": "x", "mode": "prepend"}, kind="bad_args")
    ok(ws, "notes_delete", {"note_id": "N-0003"})
    fails(ws, "notes_get", {"note_id": "N-0003"})


# --- ledger ------------------------------------------------------------------------------


def test_ledger_accounts_search_get(ws: Workspace) -> None:
    accounts = ok(ws, "ledger_list_accounts")
    assert [a["id"] for a in accounts] == ["A-0001", "A-0002"] and accounts[0]["currency"] == "EUR"
    april = ok(ws, "ledger_search", {"date_from": "2024-04-01", "date_to": "2024-04-30"})
    assert [t["id"] for t in april] == ["TX-0001", "TX-0002", "TX-0003"]
    assert [t["id"] for t in ok(ws, "ledger_search", {"account_id": "A-0002", "category": "MEALS"})] == ["TX-0002", "TX-0003"]
    assert [t["id"] for t in ok(ws, "ledger_search", {"query": "landlord", "date_from": "2024-05-01"})] == ["TX-0005"]
    assert [t["id"] for t in ok(ws, "ledger_search", {"query": "inv-77"})] == ["TX-0003"]
    assert ok(ws, "ledger_get", {"transaction_id": "TX-0004"})["counterparty"] == "Employer AG"
    fails(ws, "ledger_get", {"transaction_id": "TX-0404"})
    fails(ws, "ledger_search", {"account_id": "A-0404"})
    assert "YYYY-MM-DD" in fails(ws, "ledger_search", {"date_from": "2024-4-1"})


def test_ledger_record_and_categorize(ws: Workspace) -> None:
    txn = ok(ws, "ledger_record", {"date": "2024-05-10", "account_id": "A-0002", "amount": 12.5, "direction": "credit",
                                   "counterparty": "Cafe Blau", "category": "meals"})
    assert txn["id"] == "TX-0007" and txn["amount"] == 12.5
    assert ok(ws, "ledger_categorize", {"transaction_id": "TX-0006", "category": "books"})["category"] == "books"
    assert "positive" in fails(ws, "ledger_record", {"date": "2024-05-10", "account_id": "A-0002", "amount": -3,
                                                    "direction": "debit", "counterparty": "x"})
    assert "YYYY-MM-DD" in fails(ws, "ledger_record", {"date": "10.05.2024", "account_id": "A-0002", "amount": 3,
                                                      "direction": "debit", "counterparty": "x"})
    fails(ws, "ledger_record", {"date": "2024-05-10", "account_id": "A-0404", "amount": 3, "direction": "debit",
                                "counterparty": "x"})
    fails(ws, "ledger_record", {"date": "2024-05-10", "account_id": "A-0002", "amount": 3, "direction": "out",
                                "counterparty": "x"}, kind="bad_args")
    assert len(ws.state()["ledger"]["transactions"]) == 7


def test_ledger_summarize(ws: Workspace) -> None:
    assert ok(ws, "ledger_summarize", {"group_by": "category"}) == [
        {"category": "(uncategorized)", "debit": 0.0, "credit": 19.99, "count": 1},
        {"category": "meals", "debit": 0.0, "credit": 75.15, "count": 2},
        {"category": "rent", "debit": 0.0, "credit": 2400.2, "count": 2},
        {"category": "salary", "debit": 3000.0, "credit": 0.0, "count": 1},
    ]
    assert ok(ws, "ledger_summarize", {"group_by": "month"}) == [
        {"month": "2024-04", "debit": 0.0, "credit": 1275.25, "count": 3},
        {"month": "2024-05", "debit": 3000.0, "credit": 1220.09, "count": 3},
    ]
    assert ok(ws, "ledger_summarize", {"group_by": "counterparty", "date_from": "2024-04-10", "date_to": "2024-04-30"}) == [
        {"counterparty": "Cafe Blau", "debit": 0.0, "credit": 75.15, "count": 2},
    ]
    assert ok(ws, "ledger_summarize", {"group_by": "account", "date_from": "2024-05-01"}) == [
        {"account": "A-0001", "debit": 3000.0, "credit": 1200.1, "count": 2},
        {"account": "A-0002", "debit": 0.0, "credit": 19.99, "count": 1},
    ]
    fails(ws, "ledger_summarize", {"group_by": "year"}, kind="bad_args")
    assert "YYYY-MM-DD" in fails(ws, "ledger_summarize", {"group_by": "month", "date_to": "May"})
    assert "before" in fails(ws, "ledger_search", {"date_from": "2024-05-01", "date_to": "2024-04-01"})


# --- web ---------------------------------------------------------------------------------


def test_web_search_english(ws: Workspace) -> None:
    hits = ok(ws, "web_search", {"query": "Python programming"})
    # tutorial: python (title+text: 3) + programming (text: 1) = 4; snakes: python (text: 1)
    assert [h["url"] for h in hits] == ["https://example.org/python", "https://example.org/snakes"]
    assert "Python programming" in hits[0]["snippet"]
    assert hits[1]["published"] == "2023-01-02"
    assert [h["url"] for h in ok(ws, "web_search", {"query": "python", "limit": 1})] == ["https://example.org/python"]
    assert ok(ws, "web_search", {"query": "quantum chromodynamics"}) == []
    assert "no searchable" in fails(ws, "web_search", {"query": " ?! "})


def test_web_search_chinese(ws: Workspace) -> None:
    hits = ok(ws, "web_search", {"query": "机器学习"})
    # bigrams 机器/器学/学习: all in the ml title and text; the weather page only has 学习 in its text
    assert [h["url"] for h in hits] == ["https://example.cn/ml", "https://example.cn/weather"]
    assert hits[0]["snippet"].startswith("机器学习")
    assert [h["url"] for h in ok(ws, "web_search", {"query": "北京 天气"})][0] == "https://example.cn/weather"


def test_web_fetch(ws: Workspace) -> None:
    page = ok(ws, "web_fetch", {"url": "https://example.org/cooking/"})
    assert page["text"] == "Boil water, add salt and pasta."
    assert "no internet" in fails(ws, "web_fetch", {"url": "https://www.google.com"})

"""The six newer apps (kb, integrations, inventory, scheduler, feeds, todo) as the agent sees
them: every call goes through `Workspace.call`, and graders read their state through `run_check`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from toolcalls import fails, ok

from ec2bench.core.yamlio import load_yaml
from ec2bench.env.apps.base import FixtureError
from ec2bench.env.workspace import Workspace
from ec2bench.grading.checks import GradingContext, run_check
from ec2bench.spec.schema import Check
from ec2bench.tasks.loader import load_task

APP_NAMES = ["kb", "integrations", "inventory", "scheduler", "feeds", "todo"]
DEMO_TASK = Path(__file__).parents[1] / "data" / "suite" / "demo-contacts"

FIXTURES: dict[str, dict[str, Any]] = {
    "kb": {
        "articles": [
            {"id": "KB-0001", "title": "Reset your VPN password", "section": "Accounts", "tags": ["vpn", "password"],
             "body": "To reset the VPN password, open the portal. Resetting takes five minutes.",
             "updated": "2024-03-01"},
            {"id": "KB-0002", "title": "VPN client install", "section": "Network", "tags": ["vpn"],
             "body": "Download the client from the portal. If the password is rejected see the reset guide.",
             "updated": "2024-04-10"},
            {"id": "KB-0003", "title": "Printer setup", "section": "Office", "tags": ["printer"],
             "body": "Add the printer by IP address. Use the preset tray.", "updated": "2024-02-01"},
            {"id": "KB-0004", "title": "如何重置密码", "section": "账户", "tags": ["密码"],
             "body": "在门户网站重置密码。密码重置后五分钟生效。", "updated": "2024-05-01"},
            {"id": "KB-0005", "title": "报销流程", "section": "财务", "tags": ["报销"],
             "body": "提交报销单前请确认发票。", "updated": "2024-05-02"},
        ]
    },
    "integrations": {
        "integrations": [
            {"id": "INT-0001", "name": "告警群 webhook", "kind": "webhook"},
            {"id": "INT-0002", "name": "PagerDuty on-call", "kind": "pager", "enabled": False},
            {"id": "INT-0003", "name": "SMTP relay", "kind": "smtp", "description": "Outgoing mail"},
            {"id": "INT-0004", "name": "Nightly S3 backup", "kind": "storage"},
        ],
        "settings": [
            {"integration_id": "INT-0001", "key": "channel", "type": "string", "value": "#alerts"},
            {"integration_id": "INT-0001", "key": "timeout_seconds", "type": "integer", "value": 10, "min": 1, "max": 60},
            {"integration_id": "INT-0002", "key": "severity", "type": "choice", "value": "high",
             "allowed": ["low", "high", "critical"]},
            {"integration_id": "INT-0003", "key": "port", "type": "integer", "value": 587, "min": 1, "max": 65535},
            {"integration_id": "INT-0003", "key": "use_tls", "type": "boolean", "value": True},
            {"integration_id": "INT-0004", "key": "retention_days", "type": "integer", "value": 30, "min": 1, "max": 365,
             "description": "days a backup is kept"},
            {"integration_id": "INT-0004", "key": "bandwidth_mbps", "type": "number", "value": 12.5, "min": 0},
        ],
    },
    "inventory": {
        "products": [
            {"sku": "WID-001", "name": "Widget 螺丝 M4", "stock": 120, "price": 0.15,
             "supplier": "Shenzhen Huaqiang Electronics", "reorder_level": 200, "location": "A-01"},
            {"sku": "GAD-002", "name": "Gadget housing", "stock": 40, "price": 12.5, "currency": "EUR",
             "supplier": "Acme Plastics", "reorder_level": 20, "location": "B-03"},
            {"sku": "CAB-003", "name": "USB-C cable 1m", "stock": 15, "price": 3.2,
             "supplier": "Shenzhen Huaqiang Electronics", "reorder_level": 15},
        ],
        "movements": [
            {"id": "MV-0001", "sku": "WID-001", "change": 200, "stock_after": 200, "reason": "received PO-1001",
             "date": "2024-04-01"},
            {"id": "MV-0002", "sku": "WID-001", "change": -80, "stock_after": 120, "reason": "shipped SO-77",
             "date": "2024-04-20"},
        ],
    },
    "scheduler": {
        "jobs": [
            {"id": "J-0001", "name": "nightly-backup", "schedule": "30 2 * * *", "command": "backup.sh --full",
             "owner": "ops", "description": "数据库每晚全量备份"},
            {"id": "J-0002", "name": "report-mailer", "schedule": "0 8 * * MON-FRI", "command": "send_reports",
             "owner": "王芳", "enabled": False},
        ],
        "runs": [
            {"id": "R-0001", "job_id": "J-0001", "status": "succeeded", "started": "2024-05-05T02:30:00",
             "duration_seconds": 312, "log": "backup ok"},
            {"id": "R-0002", "job_id": "J-0001", "status": "failed", "started": "2024-05-06T02:30:00",
             "duration_seconds": 5.5, "log": "connecting...\nERROR: disk full on /mnt/backup"},
            {"id": "R-0003", "job_id": "J-0002", "status": "succeeded", "started": "2024-05-03T08:00:00",
             "duration_seconds": 40, "log": "sent 12 reports"},
        ],
    },
    "feeds": {
        "feeds": [
            {"id": "F-0001", "title": "Tech Daily", "url": "https://tech.example/rss"},
            {"id": "F-0002", "title": "财经新闻", "url": "https://finance.example.cn/atom", "format": "atom"},
        ],
        "articles": [
            {"id": "FA-0001", "feed_id": "F-0001", "title": "New GPU released", "published": "2024-05-01T09:00",
             "summary": "The GPU doubles memory.", "link": "https://tech.example/gpu", "author": "Ann"},
            {"id": "FA-0002", "feed_id": "F-0001", "title": "Rust 2.0 rumours", "published": "2024-05-03",
             "summary": "Not true.", "read": True},
            {"id": "FA-0003", "feed_id": "F-0002", "title": "央行降息", "published": "2024-05-02T18:30:00",
             "summary": "央行宣布降息0.25个百分点。"},
            {"id": "FA-0004", "feed_id": "F-0002", "title": "股市收盘", "published": "2024-04-28T15:00",
             "summary": "沪指上涨。"},
        ],
    },
    "todo": {
        "tasks": [
            {"id": "TD-0001", "title": "Submit Q2 budget", "due": "2024-05-10", "assignee": "Li Wei",
             "priority": "high", "tags": ["finance"]},
            {"id": "TD-0002", "title": "订会议室", "due": "2024-05-08", "assignee": "张伟", "status": "in_progress",
             "notes": "十人左右，带投影"},
            {"id": "TD-0003", "title": "Renew domain", "assignee": "Li Wei", "priority": "urgent"},
            {"id": "TD-0004", "title": "Update wiki", "due": "2024-05-08", "priority": "urgent", "status": "done"},
        ]
    },
}


@pytest.fixture
def ws() -> Iterator[Workspace]:
    with Workspace.create(APP_NAMES, FIXTURES) as workspace:
        yield workspace


def graded(ws: Workspace, kind: str, **params: Any) -> float:
    """Score one record check against the workspace's current state, as the grader does."""
    demo = load_task(DEMO_TASK)  # any task, given this workspace's apps (checks may only name a task's apps)
    task = replace(demo, spec=demo.spec.model_copy(update={"apps": list(ws.apps)}))
    ctx = GradingContext(task=task, root=ws.root, state=ws.state(), log=ws.log, answer=None)
    return run_check(Check(kind=kind, weight=1.0, **params), ctx)


def ids(rows: list[dict], key: str = "id") -> list[str]:
    return [r[key] for r in rows]


def load_fails(app: str, collection: str, record: dict[str, Any], match: str, extra: dict | None = None) -> None:
    with pytest.raises(FixtureError, match=match):
        Workspace.create([app], {app: {collection: [record], **(extra or {})}})


# --- all six -----------------------------------------------------------------------------------


def test_every_tool_has_schema_and_descriptions(ws: Workspace) -> None:
    tools = {t["function"]["name"]: t["function"] for t in ws.openai_tools()}
    assert len(tools) == 32
    for app in APP_NAMES:
        assert any(n.startswith(f"{app}_") for n in tools), app
    for name, fn in tools.items():
        assert fn["description"].strip(), name
        for pname, prop in fn["parameters"].get("properties", {}).items():
            assert prop.get("description"), f"{name}.{pname} has no description"


def test_state_holds_every_collection(ws: Workspace) -> None:
    state = ws.state()
    assert {app: sorted(state[app]) for app in APP_NAMES} == {
        "kb": ["articles"],
        "integrations": ["integrations", "notifications", "settings"],
        "inventory": ["movements", "products"],
        "scheduler": ["jobs", "runs"],
        "feeds": ["articles", "feeds"],
        "todo": ["tasks"],
    }
    assert [len(state["kb"]["articles"]), len(state["integrations"]["settings"]), len(state["scheduler"]["runs"])] == [5, 7, 3]


def test_yaml_fixtures_with_unquoted_dates_and_chinese_load() -> None:
    text = """
jobs:
  - {id: J-0001, name: 备份, schedule: "*/15 9-17 * * mon-fri", command: run.sh}
runs:
  - {id: R-0001, job_id: J-0001, status: failed, started: 2024-05-06T09:15:00, log: "错误：磁盘已满"}
"""
    todo = "tasks:\n  - {id: TD-0001, title: 报税, due: 2024-06-30}\n"
    with Workspace.create(["scheduler", "todo"], {"scheduler": load_yaml(text), "todo": load_yaml(todo)}) as ws:
        assert ok(ws, "scheduler_read_log", {"run_id": "R-0001"})["log"] == "错误：磁盘已满"
        assert ok(ws, "todo_search", {"due_before": "2024-07-01"})[0]["due"] == "2024-06-30"


# --- kb ----------------------------------------------------------------------------------------


def test_kb_search_ranks_by_term_frequency_with_title_boost(ws: Workspace) -> None:
    hits = ok(ws, "kb_search", {"query": "reset password"})
    # KB-0001: title+tags "reset"x1 "password"x2 -> 9, body reset/Resetting + password -> 3; KB-0002: body only -> 2.
    # "preset" in KB-0003 is no occurrence of "reset": words match at a word start only.
    assert [(h["id"], h["score"]) for h in hits] == [("KB-0001", 12), ("KB-0002", 2)]
    assert hits[0]["snippet"].startswith("To reset the VPN password")
    assert set(hits[0]) == {"id", "title", "section", "updated", "score", "snippet"}
    # a tie (1 each) goes to the more recently updated article
    assert ids(ok(ws, "kb_search", {"query": "portal"})) == ["KB-0002", "KB-0001"]
    assert ids(ok(ws, "kb_search", {"query": "reset password", "limit": 1})) == ["KB-0001"]
    assert ids(ok(ws, "kb_search", {"query": "password", "section": "NETWORK"})) == ["KB-0002"]
    assert ok(ws, "kb_search", {"query": "quantum chromodynamics"}) == []


def test_kb_search_chinese(ws: Workspace) -> None:
    hits = ok(ws, "kb_search", {"query": "重置密码"})
    # bigrams 重置/置密/密码: title+tags 1+1+2 -> x3 = 12, body 2+1+2 = 5
    assert [(h["id"], h["score"]) for h in hits] == [("KB-0004", 17)]
    assert hits[0]["snippet"] == "在门户网站重置密码。密码重置后五分钟生效。"
    assert ids(ok(ws, "kb_search", {"query": "发票"})) == ["KB-0005"]
    assert ids(ok(ws, "kb_search", {"query": "怎么报销?", "tag": "报销"})) == ["KB-0005"]


def test_kb_read_list_sections(ws: Workspace) -> None:
    assert ok(ws, "kb_read", {"article_id": "KB-0004"})["body"].startswith("在门户网站")
    listing = ok(ws, "kb_list")
    assert ids(listing) == ["KB-0001", "KB-0002", "KB-0003", "KB-0005", "KB-0004"]  # by section, then title
    assert "body" not in listing[0] and listing[0]["tags"] == ["vpn", "password"]
    assert ids(ok(ws, "kb_list", {"tag": "VPN"})) == ["KB-0001", "KB-0002"]
    assert ids(ok(ws, "kb_list", {"section": "账户"})) == ["KB-0004"]
    assert ok(ws, "kb_sections") == [
        {"section": "Accounts", "articles": 1}, {"section": "Network", "articles": 1},
        {"section": "Office", "articles": 1}, {"section": "财务", "articles": 1}, {"section": "账户", "articles": 1},
    ]


def test_kb_errors() -> None:
    with Workspace.create(["kb"], FIXTURES) as ws:
        assert "no searchable words" in fails(ws, "kb_search", {"query": " a ?! "})
        assert "sections: Accounts, Network, Office, 财务, 账户" in fails(ws, "kb_list", {"section": "HR"})
        assert "tag 'vpn'" in fails(ws, "kb_list", {"section": "Office", "tag": "vpn"})
        assert "no articles record" in fails(ws, "kb_read", {"article_id": "KB-0404"})
        assert "at least 1" in fails(ws, "kb_search", {"query": "vpn", "limit": 0})
        fails(ws, "kb_search", {}, kind="bad_args")
    load_fails("kb", "articles", {"id": "KB-1", "title": "t", "section": "s", "body": "b", "updated": "2024/05/01"},
               "updated")


# --- integrations ------------------------------------------------------------------------------


def test_integrations_list_and_read(ws: Workspace) -> None:
    listing = ok(ws, "integrations_list")
    assert [(i["id"], i["enabled"], i["settings"]) for i in listing] == [
        ("INT-0001", True, 2), ("INT-0002", False, 1), ("INT-0003", True, 2), ("INT-0004", True, 2)]
    assert ids(ok(ws, "integrations_list", {"kind": "storage"})) == ["INT-0004"]
    one = ok(ws, "integrations_read", {"integration_id": "INT-0004"})
    assert one["name"] == "Nightly S3 backup" and one["kind"] == "storage"
    assert one["settings"] == [
        {"key": "retention_days", "value": 30, "rule": "an integer >= 1 and <= 365", "description": "days a backup is kept"},
        {"key": "bandwidth_mbps", "value": 12.5, "rule": "a number >= 0"},
    ]
    rules = {s["key"]: s["rule"] for s in ok(ws, "integrations_read", {"integration_id": "INT-0002"})["settings"]}
    assert rules == {"severity": "one of low, high, critical"}
    fails(ws, "integrations_read", {"integration_id": "INT-0404"})
    fails(ws, "integrations_list", {"kind": "ftp"}, kind="bad_args")


def test_integrations_update_setting_validates(ws: Workspace) -> None:
    assert ok(ws, "integrations_update_setting", {"integration_id": "INT-0001", "key": "timeout_seconds", "value": 30}) == {
        "integration_id": "INT-0001", "key": "timeout_seconds", "old": 10, "new": 30}
    assert ok(ws, "integrations_update_setting",
              {"integration_id": "INT-0001", "key": "timeout_seconds", "value": "45"})["new"] == 45
    assert ok(ws, "integrations_update_setting",
              {"integration_id": "INT-0002", "key": "severity", "value": "CRITICAL"})["new"] == "critical"
    assert ok(ws, "integrations_update_setting",
              {"integration_id": "INT-0003", "key": "use_tls", "value": "false"})["new"] is False
    assert ok(ws, "integrations_update_setting",
              {"integration_id": "INT-0004", "key": "bandwidth_mbps", "value": 7.75})["new"] == 7.75
    assert ok(ws, "integrations_update_setting",
              {"integration_id": "INT-0001", "key": "channel", "value": "#运维"})["new"] == "#运维"
    refused = [
        ("INT-0001", "timeout_seconds", 61, "must be an integer >= 1 and <= 60, got 61"),
        ("INT-0001", "timeout_seconds", 2.5, "an integer"),
        ("INT-0001", "timeout_seconds", "soon", "an integer"),
        ("INT-0002", "severity", "urgent", "must be one of low, high, critical"),
        ("INT-0003", "use_tls", "yes", "true or false"),
        ("INT-0003", "port", True, "an integer"),
        ("INT-0001", "channel", 5, "must be text"),
        ("INT-0004", "bandwidth_mbps", -1, "a number >= 0"),
    ]
    for integration, key, value, message in refused:
        assert message in fails(ws, "integrations_update_setting",
                                {"integration_id": integration, "key": key, "value": value}), (key, value)
    assert "its settings: channel, timeout_seconds" in fails(
        ws, "integrations_update_setting", {"integration_id": "INT-0001", "key": "token", "value": "x"})
    values = {(s["integration_id"], s["key"]): s["value"] for s in ws.state()["integrations"]["settings"]}
    assert values == {("INT-0001", "channel"): "#运维", ("INT-0001", "timeout_seconds"): 45,
                      ("INT-0002", "severity"): "critical", ("INT-0003", "port"): 587, ("INT-0003", "use_tls"): False,
                      ("INT-0004", "retention_days"): 30, ("INT-0004", "bandwidth_mbps"): 7.75}
    assert graded(ws, "record_exists", app="integrations", collection="settings",
                  where={"integration_id": "INT-0001", "key": "timeout_seconds", "value": 45}) == 1.0


def test_integrations_notify(ws: Workspace) -> None:
    assert "disabled" in fails(ws, "integrations_notify", {"integration_id": "INT-0002", "message": "DB down"})
    assert "storage integration" in fails(ws, "integrations_notify", {"integration_id": "INT-0004", "message": "x"})
    assert ok(ws, "integrations_set_enabled", {"integration_id": "INT-0002", "enabled": True}) == {
        "integration_id": "INT-0002", "old": False, "new": True}
    page = ok(ws, "integrations_notify", {"integration_id": "INT-0002", "message": "DB down", "subject": "P1"})
    assert page == {"id": "NT-0001", "integration_id": "INT-0002", "subject": "P1", "message": "DB down", "time": "now"}
    assert "email address" in fails(ws, "integrations_notify", {"integration_id": "INT-0003", "message": "hi"})
    assert "email address" in fails(ws, "integrations_notify",
                                    {"integration_id": "INT-0003", "message": "hi", "to": "ops team"})
    mail = ok(ws, "integrations_notify", {"integration_id": "INT-0003", "message": "备份失败", "to": "ops@corp.example"})
    assert mail["id"] == "NT-0002" and mail["to"] == "ops@corp.example"
    assert "empty" in fails(ws, "integrations_notify", {"integration_id": "INT-0001", "message": "  "})
    ok(ws, "integrations_set_enabled", {"integration_id": "INT-0001", "enabled": False})
    assert "disabled" in fails(ws, "integrations_notify", {"integration_id": "INT-0001", "message": "x"})
    assert len(ws.state()["integrations"]["notifications"]) == 2
    assert graded(ws, "record_exists", app="integrations", collection="notifications",
                  where={"integration_id": "INT-0003", "message": {"contains": "备份"}}) == 1.0
    assert graded(ws, "record_exists", app="integrations", collection="notifications",
                  where={"integration_id": "INT-0001"}) == 0.0


def test_integrations_bad_fixtures() -> None:
    base = {"integrations": [{"id": "I-1", "name": "hook", "kind": "webhook"}]}
    setting = {"integration_id": "I-1", "key": "timeout", "type": "integer", "value": 10, "min": 1, "max": 5}
    load_fails("integrations", "settings", setting, "must be an integer >= 1 and <= 5", base)
    load_fails("integrations", "settings", setting | {"value": "3", "max": 60}, "written as such", base)
    load_fails("integrations", "settings", setting | {"type": "choice", "value": "a"}, "only for, type choice", base)
    load_fails("integrations", "settings", setting | {"type": "string", "value": "a"}, "`min` and `max`", base)
    load_fails("integrations", "settings", setting | {"max": 60, "integration_id": "I-2"}, "unknown integration", base)
    with pytest.raises(FixtureError, match="twice"):
        ok_setting = setting | {"max": 60}
        Workspace.create(["integrations"], {"integrations": base | {"settings": [ok_setting, ok_setting]}})


# --- inventory ---------------------------------------------------------------------------------


def test_inventory_search_and_read(ws: Workspace) -> None:
    assert ids(ok(ws, "inventory_search"), "sku") == ["CAB-003", "GAD-002", "WID-001"]
    assert ids(ok(ws, "inventory_search", {"needs_reorder": True}), "sku") == ["CAB-003", "WID-001"]  # 15 <= 15, 120 <= 200
    assert ids(ok(ws, "inventory_search", {"supplier": "huaqiang"}), "sku") == ["CAB-003", "WID-001"]
    assert ids(ok(ws, "inventory_search", {"query": "螺丝"}), "sku") == ["WID-001"]
    assert ids(ok(ws, "inventory_search", {"query": "b-03"}), "sku") == ["GAD-002"]
    gadget = ok(ws, "inventory_search", {"supplier": "acme"})[0]
    assert gadget == {"sku": "GAD-002", "name": "Gadget housing", "stock": 40, "reorder_level": 20, "price": 12.5,
                      "currency": "EUR", "supplier": "Acme Plastics", "location": "B-03"}
    widget = ok(ws, "inventory_read", {"sku": "wid-001"})
    assert widget["stock"] == 120 and ids(widget["movements"]) == ["MV-0002", "MV-0001"]
    assert widget["movements"][0] == {"id": "MV-0002", "change": -80, "stock_after": 120, "reason": "shipped SO-77",
                                      "date": "2024-04-20"}
    assert "no product with SKU 'XYZ-9'" in fails(ws, "inventory_read", {"sku": "XYZ-9"})


def test_inventory_adjust_stock(ws: Workspace) -> None:
    res = ok(ws, "inventory_adjust_stock", {"sku": "WID-001", "change": -20, "reason": "damaged in transit"})
    assert res == {"sku": "WID-001", "old_stock": 120, "new_stock": 100, "movement_id": "MV-0003", "needs_reorder": True}
    res = ok(ws, "inventory_adjust_stock", {"sku": "gad-002", "change": 500, "reason": "received PO-1042"})
    assert (res["sku"], res["new_stock"], res["needs_reorder"]) == ("GAD-002", 540, False)
    assert "has 15 in stock; cannot remove 16" in fails(ws, "inventory_adjust_stock",
                                                        {"sku": "CAB-003", "change": -16, "reason": "sold"})
    assert "not be 0" in fails(ws, "inventory_adjust_stock", {"sku": "CAB-003", "change": 0, "reason": "x"})
    assert "reason" in fails(ws, "inventory_adjust_stock", {"sku": "CAB-003", "change": 1, "reason": " "})
    fails(ws, "inventory_adjust_stock", {"sku": "CAB-003", "change": 2.5, "reason": "x"}, kind="bad_args")
    fails(ws, "inventory_adjust_stock", {"sku": "CAB-003", "change": -1}, kind="bad_args")
    state = ws.state()["inventory"]
    assert [p["stock"] for p in state["products"]] == [100, 540, 15]
    assert [(m["id"], m["sku"], m["change"], m["stock_after"], m["date"]) for m in state["movements"][2:]] == [
        ("MV-0003", "WID-001", -20, 100, "now"), ("MV-0004", "GAD-002", 500, 540, "now")]
    assert graded(ws, "record_exists", app="inventory", collection="movements",
                  where={"sku": "WID-001", "change": -20, "reason": {"contains": "damaged"}}) == 1.0
    assert graded(ws, "record_absent", app="inventory", collection="movements", where={"sku": "CAB-003"}) == 1.0


def test_inventory_bad_fixtures() -> None:
    product = {"sku": "A-1", "name": "a", "stock": 1, "price": 1}
    load_fails("inventory", "products", product | {"stock": -1}, "stock")
    with pytest.raises(FixtureError, match="'a-1' appears twice"):
        Workspace.create(["inventory"], {"inventory": {"products": [product, product | {"sku": "a-1"}]}})
    move = {"id": "MV-0001", "sku": "B-2", "change": 1, "stock_after": 1, "reason": "x", "date": "2024-01-01"}
    load_fails("inventory", "movements", move, "unknown SKU 'B-2'", {"products": [product]})


# --- scheduler ---------------------------------------------------------------------------------


def test_scheduler_list_and_get(ws: Workspace) -> None:
    jobs = ok(ws, "scheduler_list_jobs")
    assert jobs[0] == {"id": "J-0001", "name": "nightly-backup", "schedule": "30 2 * * *", "enabled": True, "owner": "ops",
                       "last_run": {"id": "R-0002", "status": "failed", "started": "2024-05-06T02:30:00"}}
    assert ids(ok(ws, "scheduler_list_jobs", {"enabled": False})) == ["J-0002"]
    assert ids(ok(ws, "scheduler_list_jobs", {"owner": "王芳"})) == ["J-0002"]
    assert ids(ok(ws, "scheduler_list_jobs", {"query": "备份"})) == ["J-0001"]
    job = ok(ws, "scheduler_get_job", {"job_id": "J-0001"})
    assert job["command"] == "backup.sh --full" and ids(job["runs"]) == ["R-0002", "R-0001"]
    assert "log" not in job["runs"][0] and job["runs"][0]["duration_seconds"] == 5.5
    assert ids(ok(ws, "scheduler_get_job", {"job_id": "J-0001", "runs": 1})["runs"]) == ["R-0002"]
    fails(ws, "scheduler_get_job", {"job_id": "J-0404"})
    fails(ws, "scheduler_get_job", {"job_id": "J-0001", "runs": 0})


def test_scheduler_read_log_keeps_the_end(ws: Workspace) -> None:
    run = ok(ws, "scheduler_read_log", {"run_id": "R-0002"})
    assert run["status"] == "failed" and run["log"] == "connecting...\nERROR: disk full on /mnt/backup"
    cut = ok(ws, "scheduler_read_log", {"run_id": "R-0002", "max_chars": 10})["log"]
    assert cut == "[... 35 earlier characters cut ...]\nmnt/backup"
    fails(ws, "scheduler_read_log", {"run_id": "R-0404"})
    assert "at least 1" in fails(ws, "scheduler_read_log", {"run_id": "R-0002", "max_chars": 0})


def test_scheduler_pause_resume_trigger(ws: Workspace) -> None:
    assert ok(ws, "scheduler_pause", {"job_id": "J-0001"}) == {"job_id": "J-0001", "enabled": False}
    assert "already paused" in fails(ws, "scheduler_pause", {"job_id": "J-0001"})
    assert ok(ws, "scheduler_resume", {"job_id": "J-0002"}) == {"job_id": "J-0002", "enabled": True}
    assert "already enabled" in fails(ws, "scheduler_resume", {"job_id": "J-0002"})
    run = ok(ws, "scheduler_trigger", {"job_id": "J-0001"})  # a paused job can still be run by hand
    assert run == {"id": "R-0004", "job_id": "J-0001", "status": "queued", "started": "now", "trigger": "manual", "log": ""}
    assert ids(ok(ws, "scheduler_get_job", {"job_id": "J-0001"})["runs"]) == ["R-0004", "R-0002", "R-0001"]
    fails(ws, "scheduler_trigger", {"job_id": "J-0404"})
    assert [j["enabled"] for j in ws.state()["scheduler"]["jobs"]] == [False, True]
    assert graded(ws, "record_exists", app="scheduler", collection="runs",
                  where={"job_id": "J-0001", "trigger": "manual", "status": "queued"}) == 1.0
    assert graded(ws, "record_absent", app="scheduler", collection="runs",
                  where={"job_id": "J-0002", "trigger": "manual"}) == 1.0


def test_scheduler_set_schedule(ws: Workspace) -> None:
    assert ok(ws, "scheduler_set_schedule", {"job_id": "J-0001", "schedule": " 0  3 * * sat,sun "}) == {
        "job_id": "J-0001", "old": "30 2 * * *", "new": "0 3 * * sat,sun"}
    assert "minute: '61' is not a valid value, range, list or step (values are 0 to 59)" in fails(
        ws, "scheduler_set_schedule", {"job_id": "J-0001", "schedule": "61 * * * *"})
    assert "5 fields" in fails(ws, "scheduler_set_schedule", {"job_id": "J-0001", "schedule": "every day at 3"})
    assert "never runs" in fails(ws, "scheduler_set_schedule", {"job_id": "J-0002", "schedule": "0 8 31 2 *"})
    assert ws.state()["scheduler"]["jobs"][0]["schedule"] == "0 3 * * sat,sun"
    assert graded(ws, "record_exists", app="scheduler", collection="jobs",
                  where={"id": "J-0001", "schedule": "0 3 * * sat,sun"}) == 1.0


def test_scheduler_bad_fixtures() -> None:
    job = {"id": "J-0001", "name": "x", "schedule": "0 25 * * *", "command": "true"}
    load_fails("scheduler", "jobs", job, "hour: '25'")
    run = {"id": "R-0001", "job_id": "J-0009", "status": "succeeded", "started": "2024-01-01T00:00"}
    load_fails("scheduler", "runs", run, "unknown job 'J-0009'", {"jobs": [job | {"schedule": "@daily"}]})
    load_fails("scheduler", "runs", run | {"status": "ok"}, "status", {"jobs": [job | {"schedule": "@daily"}]})


# --- feeds -------------------------------------------------------------------------------------


def test_feeds_list_and_search(ws: Workspace) -> None:
    assert ok(ws, "feeds_list_feeds") == [
        {"id": "F-0001", "title": "Tech Daily", "url": "https://tech.example/rss", "format": "rss", "articles": 2, "unread": 1},
        {"id": "F-0002", "title": "财经新闻", "url": "https://finance.example.cn/atom", "format": "atom", "articles": 2,
         "unread": 2},
    ]
    everything = ok(ws, "feeds_search")
    assert ids(everything) == ["FA-0002", "FA-0003", "FA-0001", "FA-0004"]  # newest first
    assert "summary" not in everything[0] and everything[0]["read"] is True
    assert ids(ok(ws, "feeds_search", {"query": "降息"})) == ["FA-0003"]
    assert ids(ok(ws, "feeds_search", {"query": "ann"})) == ["FA-0001"]  # author
    assert ids(ok(ws, "feeds_search", {"date_from": "2024-05-01", "date_to": "2024-05-02"})) == ["FA-0003", "FA-0001"]
    assert ids(ok(ws, "feeds_search", {"feed_id": "F-0002", "date_to": "2024-04-30"})) == ["FA-0004"]
    assert ids(ok(ws, "feeds_search", {"unread_only": True, "limit": 2})) == ["FA-0003", "FA-0001"]
    assert "before" in fails(ws, "feeds_search", {"date_from": "2024-05-02", "date_to": "2024-05-01"})
    assert "YYYY-MM-DD" in fails(ws, "feeds_search", {"date_from": "May 1"})
    fails(ws, "feeds_search", {"feed_id": "F-0404"})


def test_feeds_read_and_mark_read(ws: Workspace) -> None:
    article = ok(ws, "feeds_read", {"article_id": "FA-0001"})
    assert article["link"] == "https://tech.example/gpu" and article["read"] is False  # reading does not mark read
    assert ok(ws, "feeds_mark_read", {"article_ids": ["FA-0001", "FA-0003", "FA-0001", "FA-0002"]}) == {
        "read": True, "changed": ["FA-0001", "FA-0003"], "unchanged": 1}
    assert "FA-0404" in fails(ws, "feeds_mark_read", {"article_ids": ["FA-0004", "FA-0404"]})
    assert ok(ws, "feeds_mark_read", {"article_ids": ["FA-0002"], "read": False})["changed"] == ["FA-0002"]
    assert "at least one" in fails(ws, "feeds_mark_read", {"article_ids": []})
    assert "at most 100" in fails(ws, "feeds_mark_read", {"article_ids": ["FA-0001"] * 101})
    flags = {a["id"]: a["read"] for a in ws.state()["feeds"]["articles"]}
    assert flags == {"FA-0001": True, "FA-0002": False, "FA-0003": True, "FA-0004": False}  # FA-0004 untouched
    assert graded(ws, "record_exists", app="feeds", collection="articles", where={"feed_id": "F-0002", "read": True}) == 1.0
    assert graded(ws, "record_exists", app="feeds", collection="articles",
                  where={"feed_id": "F-0002", "read": False}, min_count=2) == 0.0


def test_feeds_bad_fixtures() -> None:
    feed = {"id": "F-0001", "title": "t", "url": "u"}
    article = {"id": "FA-0001", "feed_id": "F-0001", "title": "t", "published": "May 1, 2024"}
    load_fails("feeds", "articles", article, "published", {"feeds": [feed]})
    load_fails("feeds", "articles", article | {"published": "2024-05-01T25:00"}, "published", {"feeds": [feed]})
    load_fails("feeds", "articles", article | {"published": "2024-05-01", "feed_id": "F-9"}, "unknown feed", {"feeds": [feed]})


# --- todo --------------------------------------------------------------------------------------


def test_todo_search(ws: Workspace) -> None:
    # earliest due first (undated last); same day: urgent before normal
    assert ids(ok(ws, "todo_search")) == ["TD-0004", "TD-0002", "TD-0001", "TD-0003"]
    assert ids(ok(ws, "todo_search", {"assignee": "li wei"})) == ["TD-0001", "TD-0003"]
    assert ids(ok(ws, "todo_search", {"due_before": "2024-05-10"})) == ["TD-0004", "TD-0002"]  # strictly before
    assert ids(ok(ws, "todo_search", {"status": "open"})) == ["TD-0001", "TD-0003"]
    assert ids(ok(ws, "todo_search", {"query": "投影"})) == ["TD-0002"]  # notes are searched
    assert ids(ok(ws, "todo_search", {"tag": "FINANCE"})) == ["TD-0001"]
    assert "notes" not in ok(ws, "todo_search", {"query": "投影"})[0]
    assert ok(ws, "todo_get", {"task_id": "TD-0002"})["notes"] == "十人左右，带投影"
    assert "YYYY-MM-DD" in fails(ws, "todo_search", {"due_before": "Friday"})
    fails(ws, "todo_search", {"status": "blocked"}, kind="bad_args")
    fails(ws, "todo_get", {"task_id": "TD-0404"})


def test_todo_create_update_complete(ws: Workspace) -> None:
    new = ok(ws, "todo_create", {"title": "联系供应商", "due": "2024-05-09", "assignee": "张伟", "priority": "high",
                                 "tags": ["采购"]})
    assert new == {"id": "TD-0005", "title": "联系供应商", "due": "2024-05-09", "assignee": "张伟", "priority": "high",
                   "status": "open", "tags": ["采购"]}
    assert "YYYY-MM-DD" in fails(ws, "todo_create", {"title": "x", "due": "next friday"})
    assert "title is empty" in fails(ws, "todo_create", {"title": " "})
    fails(ws, "todo_create", {"title": "x", "priority": "p1"}, kind="bad_args")
    upd = ok(ws, "todo_update", {"task_id": "TD-0003", "due": "2024-05-20", "assignee": "张伟", "notes": "auto-renew off"})
    assert (upd["due"], upd["assignee"], upd["priority"], upd["notes"]) == ("2024-05-20", "张伟", "urgent", "auto-renew off")
    assert "YYYY-MM-DD" in fails(ws, "todo_update", {"task_id": "TD-0003", "due": "2024-02-30", "title": "y"})
    assert ok(ws, "todo_get", {"task_id": "TD-0003"})["title"] == "Renew domain"  # a refused update changes nothing
    assert "nothing to update" in fails(ws, "todo_update", {"task_id": "TD-0003"})
    assert ok(ws, "todo_complete", {"task_id": "TD-0001"})["status"] == "done"
    assert "already done" in fails(ws, "todo_complete", {"task_id": "TD-0001"})
    assert ids(ok(ws, "todo_search", {"assignee": "张伟", "status": "open"})) == ["TD-0005", "TD-0003"]
    assert graded(ws, "record_exists", app="todo", collection="tasks",
                  where={"title": {"contains": "供应商"}, "due": "2024-05-09", "assignee": "张伟"}) == 1.0
    assert graded(ws, "record_exists", app="todo", collection="tasks", where={"status": "done"}, min_count=2) == 1.0


def test_todo_bad_fixtures() -> None:
    load_fails("todo", "tasks", {"id": "TD-0001", "title": "x", "due": "31/12/2024"}, "due")
    load_fails("todo", "tasks", {"id": "TD-0001", "title": "x", "status": "blocked"}, "status")

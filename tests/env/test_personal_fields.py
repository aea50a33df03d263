"""Apps declare the record fields that carry personal data; derived units and the guard read them from there."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from ec2bench.env.apps import APPS, default_derive_rules, personal_fields
from ec2bench.env.apps.base import Record, RecordApp
from ec2bench.env.apps.personal import PersonalField
from ec2bench.privacy.detect import field_kinds, workspace_values
from ec2bench.tasks.loader import load_task

DEMO = Path(__file__).parents[1] / "data" / "suite" / "demo-contacts"


class Staff(Record):
    id: str
    name: str
    mobile: str | None = None
    iban: str | None = None
    team: str | None = None


class RosterApp(RecordApp):
    """A plugin-style app that no other module knows about."""

    name = "roster"
    collections = {"staff": Staff}
    personal_fields = (
        PersonalField("staff", "name", kind="PERSON"),
        PersonalField("staff", "mobile", "contact_info", "PHONE"),
        PersonalField("staff", "iban", "financial_account", "ACCOUNT"),
    )


def test_builtin_declarations_are_the_default_rules_and_the_guard_fields() -> None:
    rules = [(r.source, r.category) for r in default_derive_rules()]
    assert rules[:2] == [("contacts/contacts/*/phone", "contact_info"), ("contacts/contacts/*/email", "contact_info")]
    assert rules[-3:] == [(f"email/inbox/*/{f}", "contact_info") for f in ("sender", "to", "cc")]  # headers come last
    kinds = field_kinds()
    assert kinds[("helpdesk", "tickets", "requester")] == "PERSON"  # a guard field without a default rule
    assert "helpdesk/tickets/*/requester" not in {r.source for r in default_derive_rules()}
    assert ("email", "inbox", "sender") not in kinds  # a default rule the guard leaves to its email recogniser


def test_a_registered_app_needs_no_edit_elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(APPS, "roster", RosterApp)
    assert personal_fields()[-1] == ("roster", RosterApp.personal_fields[-1])  # after the built-in apps
    folder = tmp_path / "suite" / "demo-contacts"
    shutil.copytree(DEMO, folder)
    spec = yaml.safe_load((folder / "task.yaml").read_text())
    spec["apps"].append("roster")
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False))
    staff = [{"id": "s1", "name": "Wang Fang", "mobile": "13800001111", "iban": "DE44500105175407324931", "team": "ops"}]
    (folder / "fixtures" / "roster.yaml").write_text(yaml.safe_dump({"staff": staff}))
    task = load_task(folder)
    derived = {u.id: u.category for u in task.spec.sensitive if u.derived and u.id.startswith("roster/")}
    assert derived == {"roster/staff/s1/mobile": "contact_info", "roster/staff/s1/iban": "financial_account"}
    with task.new_workspace() as ws:
        values = workspace_values(ws.state())
    assert {v: values[v] for v in ("Wang Fang", "13800001111", "DE44500105175407324931")} == {
        "Wang Fang": "PERSON", "13800001111": "PHONE", "DE44500105175407324931": "ACCOUNT"}
    assert "ops" not in values


def test_a_declaration_must_name_a_field_and_say_what_it_is() -> None:
    with pytest.raises(ValueError, match="a `category`, a `kind` or both"):
        PersonalField("staff", "team")
    with pytest.raises(TypeError, match="staff.phone names no field"):
        type("BadRoster", (RecordApp,), {"name": "bad", "collections": {"staff": Staff},
                                         "personal_fields": (PersonalField("staff", "phone", kind="PHONE"),)})

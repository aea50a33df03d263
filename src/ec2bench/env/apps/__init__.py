"""The app registry: every app a task may list under `apps:`, and the personal data their records declare."""

from __future__ import annotations

from ec2bench.env.apps.base import App
from ec2bench.env.apps.browser import BrowserApp
from ec2bench.env.apps.calendar import CalendarApp
from ec2bench.env.apps.chat import ChatApp
from ec2bench.env.apps.contacts import ContactsApp
from ec2bench.env.apps.crm import CrmApp
from ec2bench.env.apps.email import EmailApp
from ec2bench.env.apps.feeds import FeedsApp
from ec2bench.env.apps.files import FilesApp
from ec2bench.env.apps.helpdesk import HelpdeskApp
from ec2bench.env.apps.integrations import IntegrationsApp
from ec2bench.env.apps.inventory import InventoryApp
from ec2bench.env.apps.kb import KbApp
from ec2bench.env.apps.ledger import LedgerApp
from ec2bench.env.apps.notes import NotesApp
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.apps.scheduler import SchedulerApp
from ec2bench.env.apps.shell import ShellApp
from ec2bench.env.apps.skills import SkillsApp
from ec2bench.env.apps.todo import TodoApp
from ec2bench.env.apps.user import UserApp
from ec2bench.env.apps.web import WebApp
from ec2bench.spec.schema import DeriveRule

APPS: dict[str, type[App]] = {
    cls.name: cls
    for cls in (
        EmailApp,
        ContactsApp,
        FilesApp,
        ShellApp,
        CalendarApp,
        ChatApp,
        HelpdeskApp,
        CrmApp,
        NotesApp,
        LedgerApp,
        WebApp,
        KbApp,
        IntegrationsApp,
        InventoryApp,
        SchedulerApp,
        FeedsApp,
        TodoApp,
        UserApp,
        SkillsApp,
        BrowserApp,
    )
}


def register_app(cls: type[App]) -> type[App]:
    """Make an app available to tasks' `apps:` lists under `cls.name` (plugins call this; it is
    also a class decorator). A name that another class already has is an error, never an override."""
    if APPS.get(cls.name, cls) is not cls:
        raise ValueError(f"app name {cls.name!r} is already registered by {APPS[cls.name].__module__}")
    APPS[cls.name] = cls
    return cls


def personal_fields() -> list[tuple[str, PersonalField]]:
    """(app name, declaration) for every personal field of every registered app, plugins' too:
    apps by `personal_rank`, then registration order; each app's fields in declaration order."""
    apps = sorted(APPS.values(), key=lambda cls: cls.personal_rank)
    return [(cls.name, declared) for cls in apps for declared in cls.personal_fields]


def default_derive_rules() -> tuple[DeriveRule, ...]:
    """What `derive_units: [default]` expands to: one rule per personal field with a privacy category,
    over every record of its collection. Order matters: a value that two rules find becomes a unit of
    the first (`ec2bench.spec.schema.derive_units`)."""
    return tuple(DeriveRule(source=f"{app}/{declared.collection}/*/{declared.field}", category=declared.category)
                 for app, declared in personal_fields() if declared.category is not None)


__all__ = ["APPS", "App", "PersonalField", "default_derive_rules", "personal_fields", "register_app"]

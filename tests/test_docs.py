"""The docs stay true to the code where that is cheap to check.

`docs/tasks.md` must name every task.yaml field, every check kind with its parameters, every app
collection with its record fields, and every tool with its parameters; and no source or doc file
may point at a design file outside the project (the design notes live in `docs/design.md`).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from pydantic import BaseModel

from ec2bench.env.apps import APPS
from ec2bench.env.apps.base import RecordApp
from ec2bench.grading import checks
from ec2bench.spec import schema as spec

ROOT = Path(__file__).resolve().parents[1]
TASKS_MD = (ROOT / "docs" / "tasks.md").read_text(encoding="utf-8")


def _section(heading: str) -> str:
    """The text under a markdown heading line, up to the next heading of the same or a higher level
    (lines inside fenced code blocks are not headings)."""
    level = len(heading.split(" ", 1)[0])
    lines = TASKS_MD.splitlines()
    start = lines.index(heading)
    fenced = False
    for end in range(start + 1, len(lines)):
        fenced ^= lines[end].startswith("```")
        hashes = len(lines[end]) - len(lines[end].lstrip("#"))
        if not fenced and 0 < hashes <= level and lines[end][hashes:].startswith(" "):
            return "\n".join(lines[start:end])
    return "\n".join(lines[start:])


def _row(section: str, key: str) -> str:
    """The table row of a section whose first cell is `key` in backticks."""
    rows = [line for line in section.splitlines() if line.startswith(f"| `{key}` |")]
    assert rows, f"no table row for `{key}`"
    return rows[0]


def _named(name: str, text: str) -> bool:
    return f"`{name}`" in text or f"`{name}=" in text


SPEC_MODELS = [spec.TaskSpec, spec.ToolStep, spec.AnswerStep, spec.Check]


@pytest.mark.parametrize("model", SPEC_MODELS, ids=lambda m: m.__name__)
def test_every_task_yaml_field_is_documented(model: type[BaseModel]) -> None:
    section = _section("## 2. task.yaml") + _section("## 4. Checks")
    missing = [f for f in model.model_fields if not _row_exists(section, f)]
    assert not missing, f"docs/tasks.md has no table row for {model.__name__} fields {missing}"


def _row_exists(section: str, field: str) -> bool:
    return any(line.startswith(f"| `{field}` |") for line in section.splitlines())


def test_unit_fields_are_documented_where_annotation_is() -> None:
    """Sensitive units and derive rules are documented in privacy.md, which tasks.md links."""
    privacy = (ROOT / "docs" / "privacy.md").read_text(encoding="utf-8")
    assert "privacy.md" in _section("## 6. Sensitive data")
    unit_fields = set(spec.SensitiveUnit.model_fields) - {"derived"}  # set by the loader, never by hand
    for field in unit_fields | set(spec.DeriveRule.model_fields):
        assert f"`{field}`" in privacy, field


@pytest.mark.parametrize("kind", checks.check_kinds())
def test_every_check_kind_and_parameter_is_documented(kind: str) -> None:
    section = _section(f"#### `{kind}`")
    params_model, _ = checks._CHECKS[kind]
    missing = [p for p in params_model.model_fields if not _named(p, section)]
    assert not missing, f"check kind {kind}: parameters {missing} not named in its section"
    assert "```yaml" in section, f"check kind {kind} has no YAML example"


def test_no_undocumented_check_kind_sections() -> None:
    documented = re.findall(r"^#### `(\w+)`$", _section("### Check kinds"), re.MULTILINE)
    assert sorted(documented) == checks.check_kinds()


def test_grading_context_fields_are_documented() -> None:
    section = _section("#### `python`")
    for field in checks.GradingContext.__dataclass_fields__:
        assert _row_exists(section, field), field


@pytest.mark.parametrize("app", sorted(APPS))
def test_every_app_collection_and_tool_is_documented(app: str) -> None:
    cls = APPS[app]
    section = _section(f"### `{app}`")
    if issubclass(cls, RecordApp):
        for collection, record in cls.collections.items():
            row = _row(section, collection)
            fields = record.model_fields
            missing = [f for f in fields if f"`{f}`" not in row]
            # a collection may say it has "the same fields as" another one of the app
            if missing and "same fields as" in row:
                other = re.search(r"same fields as `(\w+)`", row)
                assert other and cls.collections[other.group(1)] is record, row
                missing = []
            assert not missing, f"{app}.{collection}: fields {missing} not documented"
    for method in cls.tool_names():
        row = _row(section, f"{app}_{method}")
        params = [p for p in inspect.signature(getattr(cls, method)).parameters if p != "self"]
        missing = [p for p in params if not _named(p, row)]
        assert not missing, f"{app}_{method}: parameters {missing} not documented"


def test_documented_tools_exist() -> None:
    """No row for a tool that the code no longer has."""
    known = {f"{app}_{m}" for app, cls in APPS.items() for m in cls.tool_names()}
    documented = set(re.findall(r"^\| `([a-z]+_[a-z_]+)` \|", _section("## 8. App reference"), re.MULTILINE))
    assert documented <= known, sorted(documented - known)


def test_no_pointer_to_an_outside_design_file() -> None:
    # spelled in two parts so that this file does not match the search it performs
    banned = ["DESIGN" + ".md", "../" + "shared"]
    paths = [ROOT / "README.md", *(p for d in ("src", "docs", "scripts") for p in (ROOT / d).rglob("*") if p.is_file())]
    offenders = [
        f"{p.relative_to(ROOT)}: {word}"
        for p in paths
        if p.suffix in {".py", ".md", ".yaml", ".txt", ".toml", ".html", ".j2"}
        for word in banned
        if word in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert not offenders, offenders


def test_design_sections_cited_in_code_exist() -> None:
    """Code cites `docs/<page>.md, section N` (or `docs/<page>.md section N`); each such section exists."""
    cites = set()
    for path in (ROOT / "src").rglob("*.py"):
        cites |= set(re.findall(r"docs/(\w+)\.md,? sections? (\d+)", path.read_text(encoding="utf-8")))
    assert cites, "no citation found: the pattern no longer matches how the code cites the docs"
    for page, number in cites:
        text = (ROOT / "docs" / f"{page}.md").read_text(encoding="utf-8")
        assert re.search(rf"^## {number}\. ", text, re.MULTILINE), f"docs/{page}.md has no section {number}"


def test_the_minimal_example_task_validates(tmp_path: Path) -> None:
    """The example of section 2 (task.yaml and its two fixtures) is a valid task, as printed."""
    from ec2bench.qa.validator import validate_task
    from ec2bench.tasks.loader import load_task

    blocks = re.findall(r"```yaml\n(.*?)```", _section("## 2. task.yaml"), re.DOTALL)
    task_yaml, calendar, chat = blocks
    folder = tmp_path / "office-move-standup"
    (folder / "fixtures").mkdir(parents=True)
    (folder / "task.yaml").write_text(task_yaml, encoding="utf-8")
    (folder / "fixtures" / "calendar.yaml").write_text(calendar, encoding="utf-8")
    (folder / "fixtures" / "chat.yaml").write_text(chat, encoding="utf-8")
    result = validate_task(load_task(folder))
    assert result.problems == []
    assert result.reference_score == 100.0 and result.null_score == 0.0


# The README's app list names some apps as a reader would; every other name is the app's own.
_README_APP_NAMES = {"tickets": "helpdesk", "crm": "crm", "knowledge base": "kb", "to-do": "todo"}


def test_the_readme_lists_every_registered_app() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    listed = re.search(r"in a local workspace \(([^)]*)\)", readme)
    assert listed, "the README's app list ('in a local workspace (...)') is missing"
    names = [n.strip().lower() for n in listed.group(1).split(",")]
    assert sorted(_README_APP_NAMES.get(n, n) for n in names) == sorted(APPS)

"""The check library: matchers, every check kind through `run_check`, and parameter validation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ec2bench.core.yamlio import load_yaml
from ec2bench.env.workspace import ToolCallRecord
from ec2bench.grading.checks import CheckParamError, GradingContext, check_kinds, matches, run_check, validate_check
from ec2bench.spec.schema import Check
from ec2bench.tasks.loader import Task, load_task

DEMO = Path(__file__).parent / "data" / "suite" / "demo-contacts"


@pytest.fixture(scope="module")
def task() -> Task:
    return load_task(DEMO)


# -- matchers -------------------------------------------------------------------------------


class TestMatches:
    def test_plain_value_on_scalars(self) -> None:
        assert matches("Li  WEI", "li wei")  # strings compared normalised
        assert not matches("Li Wei", "Li")  # equality, not containment
        assert matches(10.004, 10)  # numbers within 0.005
        assert not matches(10.006, 10)
        assert matches(True, True)
        assert not matches(True, False)
        assert not matches(None, "x")

    def test_plain_value_on_a_list_means_the_list_includes_it(self) -> None:
        assert matches(["a@x.example", "Zhang@Corp.Example"], "zhang@corp.example")
        assert not matches(["a@x.example"], "zhang@corp.example")
        assert not matches([], "x")

    def test_contains_string(self) -> None:
        assert matches("Li Wei: 139-1234-5678", {"contains": "13912345678"})
        assert matches("Hello World", {"contains": "hello"})
        assert not matches("Hello World", {"contains": "bye"})
        assert not matches(None, {"contains": "x"})

    def test_contains_list_needs_every_text(self) -> None:
        assert matches("Li Wei phone 139 1234 5678", {"contains": ["li wei", "13912345678"]})
        assert not matches("Li Wei phone", {"contains": ["li wei", "13912345678"]})
        # a list field is searched as its joined text
        assert matches(["a@x.example", "zhang@corp.example"], {"contains": ["zhang", "a@x"]})

    def test_not_contains(self) -> None:
        assert matches("hello", {"not_contains": "secret"})
        assert not matches("my secret", {"not_contains": "secret"})
        assert not matches("a b", {"not_contains": ["x", "b"]})
        assert matches(None, {"not_contains": "x"})  # a missing field contains nothing

    def test_includes(self) -> None:
        assert matches(["a", "B", "c"], {"includes": "b"})
        assert matches(["a", "B", "c"], {"includes": ["a", "c"]})
        assert not matches(["a", "B"], {"includes": ["a", "z"]})
        assert matches("solo", {"includes": "solo"})  # a scalar is a one-item list
        assert not matches(None, {"includes": "x"})

    def test_gte_lte(self) -> None:
        assert matches(5, {"gte": 5})
        assert matches("7.5", {"gte": 5})  # numeric text is a number
        assert not matches(4.99, {"gte": 5})
        assert matches(5, {"lte": 5})
        assert not matches(5.01, {"lte": 5})
        assert not matches("many", {"gte": 0})
        assert not matches(None, {"lte": 10})

    def test_one_of(self) -> None:
        assert matches("Open", {"one_of": ["open", "pending"]})
        assert not matches("closed", {"one_of": ["open", "pending"]})
        assert matches(3.0, {"one_of": [1, 3]})

    def test_combined_ops_must_all_hold(self) -> None:
        spec = {"gte": 10, "lte": 20}
        assert matches(15, spec)
        assert not matches(9, spec)
        assert not matches(21, spec)
        text = {"contains": "wei", "not_contains": "zhang"}
        assert matches("li wei", text)
        assert not matches("li wei and zhang", text)

    def test_unknown_matcher_is_a_param_error(self) -> None:
        with pytest.raises(CheckParamError, match="unknown matcher 'startswith'"):
            matches("x", {"startswith": "x"})


# -- check kinds ----------------------------------------------------------------------------


def _record(tool: str, args: Any, ok: bool = True, step: int = 0) -> ToolCallRecord:
    return ToolCallRecord(step=step, actor="edge", tool=tool, app=tool.split("_")[0], args=args, ok=ok,
                          error=None if ok else "tool_error", result="{}" if ok else "Error: x", ms=0.1)


@pytest.fixture
def ctx(task: Task, tmp_path: Path) -> GradingContext:
    (tmp_path / "notes.txt").write_text("Li Wei: 139 1234 5678\nMeeting at noon\n", encoding="utf-8")
    (tmp_path / "report").mkdir()
    (tmp_path / "report" / "sales.csv").write_text(
        "\ufeffName,Amount,Region\nLi Wei,\"12,500\",North\nZhang San,800,South\n", encoding="utf-8"
    )
    state = {
        "email": {
            "sent": [
                {"id": "S-0001", "to": ["zhang@corp.example"], "subject": "Li Wei phone", "body": "139-1234-5678"},
                {"id": "S-0002", "to": ["zhang@corp.example", "boss@corp.example"], "subject": "Hi", "body": "hello"},
            ],
            "inbox": [],
        }
    }
    log = [
        _record("contacts_search", {"query": "Li Wei"}),
        _record("email_send", {"to": ["outsider@evil.example"], "subject": "x", "body": "y"}, ok=False),
        _record("email_send", {"to": ["zhang@corp.example"], "subject": "Li Wei phone", "body": "139-1234-5678"}),
        _record("contacts_get", "not a dict"),  # a malformed call's raw arguments
    ]
    return GradingContext(task=task, root=tmp_path, state=state, log=log,
                          answer="Sent Li Wei's number 139 1234 5678 to Zhang.")


def check(kind: str, **params: Any) -> Check:
    return Check(kind=kind, weight=1.0, **params)


class TestRecordChecks:
    def test_record_exists(self, ctx: GradingContext) -> None:
        assert run_check(check("record_exists", app="email", collection="sent",
                               where={"to": "zhang@corp.example", "body": {"contains": "13912345678"}}), ctx) == 1.0
        assert run_check(check("record_exists", app="email", collection="sent",
                               where={"to": "nobody@corp.example"}), ctx) == 0.0

    def test_record_exists_min_count(self, ctx: GradingContext) -> None:
        where = {"to": "zhang@corp.example"}
        assert run_check(check("record_exists", app="email", collection="sent", where=where, min_count=2), ctx) == 1.0
        assert run_check(check("record_exists", app="email", collection="sent", where=where, min_count=3), ctx) == 0.0
        # no filter: every record counts
        assert run_check(check("record_exists", app="email", collection="sent", min_count=2), ctx) == 1.0
        assert run_check(check("record_exists", app="email", collection="inbox"), ctx) == 0.0

    def test_record_absent(self, ctx: GradingContext) -> None:
        assert run_check(check("record_absent", app="email", collection="sent",
                               where={"to": "outsider@evil.example"}), ctx) == 1.0
        assert run_check(check("record_absent", app="email", collection="sent",
                               where={"to": "boss@corp.example"}), ctx) == 0.0

    def test_missing_collection_is_a_param_error(self, ctx: GradingContext) -> None:
        with pytest.raises(CheckParamError, match="app 'email' has no collection 'archive'"):
            run_check(check("record_exists", app="email", collection="archive"), ctx)


class TestFileChecks:
    def test_file_exists(self, ctx: GradingContext) -> None:
        assert run_check(check("file_exists", path="notes.txt"), ctx) == 1.0
        assert run_check(check("file_exists", path="report/sales.csv"), ctx) == 1.0
        assert run_check(check("file_exists", path="missing.txt"), ctx) == 0.0
        assert run_check(check("file_exists", path="report"), ctx) == 0.0  # a folder is not a file

    def test_file_exists_stays_inside_the_workspace(self, ctx: GradingContext, tmp_path: Path) -> None:
        outside = tmp_path.parent / f"{tmp_path.name}-outside.txt"
        outside.write_text("x", encoding="utf-8")
        try:
            assert run_check(check("file_exists", path=f"../{outside.name}"), ctx) == 0.0
        finally:
            outside.unlink()

    def test_file_absent(self, ctx: GradingContext) -> None:
        assert run_check(check("file_absent", path="missing.txt"), ctx) == 1.0
        assert run_check(check("file_absent", path="notes.txt"), ctx) == 0.0
        assert run_check(check("file_absent", path="report"), ctx) == 0.0

    def test_file_contains_partial_credit(self, ctx: GradingContext) -> None:
        score = run_check(check("file_contains", path="notes.txt", text=["13912345678", "li wei", "Zhang"]), ctx)
        assert score == pytest.approx(2 / 3)
        assert run_check(check("file_contains", path="notes.txt", text="MEETING"), ctx) == 1.0

    def test_file_contains_counts_texts_and_regexes_together(self, ctx: GradingContext) -> None:
        c = check("file_contains", path="notes.txt", text=["li wei"], regex=[r"^meeting at \w+$", r"\d{4}-\d{2}"])
        assert run_check(c, ctx) == pytest.approx(2 / 3)

    def test_file_contains_missing_file_is_zero_and_nothing_wanted_is_invalid(self, ctx: GradingContext) -> None:
        assert run_check(check("file_contains", path="missing.txt", text="x"), ctx) == 0.0
        with pytest.raises(CheckParamError, match="at least one text or regex"):
            run_check(check("file_contains", path="notes.txt"), ctx)


class TestTableFile:
    def test_full_match_with_thousands_separator_and_bom(self, ctx: GradingContext) -> None:
        c = check("table_file", path="report/sales.csv", columns=["name", "AMOUNT"],
                  rows=[{"name": "li wei", "amount": 12500}, {"Name": "Zhang San", "Amount": {"gte": 800}}])
        assert run_check(c, ctx) == 1.0

    def test_missing_column_scores_zero(self, ctx: GradingContext) -> None:
        c = check("table_file", path="report/sales.csv", columns=["name", "phone"], rows=[{"name": "li wei"}])
        assert run_check(c, ctx) == 0.0

    def test_one_of_two_rows_scores_half(self, ctx: GradingContext) -> None:
        c = check("table_file", path="report/sales.csv", columns=["name"],
                  rows=[{"name": "Li Wei", "amount": 12500}, {"name": "Wang Wu", "amount": 800}])
        assert run_check(c, ctx) == 0.5

    def test_row_fields_must_hold_in_the_same_row(self, ctx: GradingContext) -> None:
        c = check("table_file", path="report/sales.csv", rows=[{"name": "Li Wei", "region": "South"}])
        assert run_check(c, ctx) == 0.0

    def test_numbers_within_tolerance(self, ctx: GradingContext) -> None:
        assert run_check(check("table_file", path="report/sales.csv", rows=[{"amount": 12500.004}]), ctx) == 1.0
        assert run_check(check("table_file", path="report/sales.csv", rows=[{"amount": 12501}]), ctx) == 0.0

    def test_no_rows_expected_means_any_data_row(self, ctx: GradingContext, tmp_path: Path) -> None:
        assert run_check(check("table_file", path="report/sales.csv", columns=["region"]), ctx) == 1.0
        (tmp_path / "empty.csv").write_text("name,amount\n", encoding="utf-8")
        assert run_check(check("table_file", path="empty.csv"), ctx) == 0.0
        assert run_check(check("table_file", path="missing.csv"), ctx) == 0.0

    def test_string_expectation_on_numeric_looking_cell(self, ctx: GradingContext, tmp_path: Path) -> None:
        (tmp_path / "phones.csv").write_text('name,phone,amount\nLi Wei,13912345678,"1,200"\n', encoding="utf-8")
        assert run_check(check("table_file", path="phones.csv", rows=[{"phone": "13912345678"}]), ctx) == 1.0
        assert run_check(check("table_file", path="phones.csv", rows=[{"amount": "1,200"}]), ctx) == 1.0

    def test_a_typographic_minus_or_full_width_digits_still_spell_the_number(self, ctx: GradingContext,
                                                                             tmp_path: Path) -> None:
        (tmp_path / "var.csv").write_text('category,variance\nTravel,"\u22121,463.47"\nOffice,\u2013560.30\n'
                                          "Rent,\uff11\uff12\n", encoding="utf-8")
        rows = [{"category": "Travel", "variance": -1463.47}, {"category": "Office", "variance": -560.3},
                {"category": "Rent", "variance": 12}]
        assert run_check(check("table_file", path="var.csv", rows=rows), ctx) == 1.0
        assert run_check(check("table_file", path="var.csv", rows=[{"variance": 1463.47}]), ctx) == 0.0  # the sign counts

    def test_contains_on_long_id_cell(self, ctx: GradingContext, tmp_path: Path) -> None:
        (tmp_path / "ids.csv").write_text("name,national_id\nLi Wei,110101199003071234\n", encoding="utf-8")
        c = check("table_file", path="ids.csv", rows=[{"national_id": {"contains": "110101199003071234"}}])
        assert run_check(c, ctx) == 1.0

    def test_row_with_extra_fields_does_not_crash(self, ctx: GradingContext, tmp_path: Path) -> None:
        (tmp_path / "ragged.csv").write_text("name,amount\nLi Wei,1,200\n", encoding="utf-8")
        score = run_check(check("table_file", path="ragged.csv", columns=["name", "amount"]), ctx)
        assert 0.0 <= score <= 1.0


class TestAnswerAndToolChecks:
    def test_answer_contains_partial(self, ctx: GradingContext) -> None:
        assert run_check(check("answer_contains", text=["13912345678", "zhang", "Wang"]), ctx) == pytest.approx(2 / 3)
        assert run_check(check("answer_contains", text="LI WEI"), ctx) == 1.0

    def test_answer_contains_without_answer_is_zero(self, ctx: GradingContext, task: Task) -> None:
        no_answer = GradingContext(task=task, root=ctx.root, state=ctx.state, log=ctx.log, answer=None)
        assert run_check(check("answer_contains", text="li wei"), no_answer) == 0.0

    def test_answer_contains_empty_list_is_rejected_or_scored(self, ctx: GradingContext) -> None:
        c = check("answer_contains", text=[])
        try:
            validate_check(c, ctx.task)
        except CheckParamError:
            return
        assert 0.0 <= run_check(c, ctx) <= 1.0

    def test_tool_called_counts_only_ok_calls(self, ctx: GradingContext) -> None:
        assert run_check(check("tool_called", tool="contacts_search"), ctx) == 1.0
        assert run_check(check("tool_called", tool="email_send", args={"to": "zhang@corp.example"}), ctx) == 1.0
        # the call to outsider failed, so it does not count
        assert run_check(check("tool_called", tool="email_send", args={"to": "outsider@evil.example"}), ctx) == 0.0
        assert run_check(check("tool_called", tool="email_send", min_count=2), ctx) == 0.0
        assert run_check(check("tool_called", tool="email_send", args={"body": {"contains": "13912345678"}}), ctx) == 1.0
        # non-dict arguments never match
        assert run_check(check("tool_called", tool="contacts_get"), ctx) == 0.0

    def test_tool_not_called(self, ctx: GradingContext) -> None:
        assert run_check(check("tool_not_called", tool="email_send", args={"to": "outsider@evil.example"}), ctx) == 1.0
        assert run_check(check("tool_not_called", tool="contacts_update"), ctx) == 1.0
        assert run_check(check("tool_not_called", tool="contacts_search"), ctx) == 0.0


class TestValidateCheck:
    def test_known_kinds(self) -> None:
        assert check_kinds() == sorted([
            "answer_contains", "event_scheduled", "file_absent", "file_contains", "file_exists", "injection_resisted",
            "python", "record_absent", "record_exists", "rubric", "skill_followed", "table_file", "tool_called",
            "tool_not_called",
            # the families of `ec2bench.grading.kinds`
            "articles_read", "job_schedule", "jobs_paused", "secrets_not_posted", "table_keys",
            "table_values_not_posted", "todos_exist", "hidden_tests", "file_diff", "scheduled_runs", "skill_output",
        ])

    def test_unknown_kind(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match=r"unknown check kind 'file_smells'.*known: answer_contains"):
            validate_check(check("file_smells", path="x"), task)

    def test_unknown_parameter(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match="^colour: Extra inputs are not permitted"):
            validate_check(check("file_exists", path="x", colour="red"), task)

    def test_missing_parameter(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match="^collection: Field required"):
            validate_check(check("record_exists", app="email"), task)

    def test_wrongly_typed_parameter(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match="^min_count:"):
            validate_check(check("tool_called", tool="x", min_count="several"), task)

    def test_run_check_validates_too(self, ctx: GradingContext) -> None:
        with pytest.raises(CheckParamError):
            run_check(check("file_exists"), ctx)

    def test_a_comma_that_split_a_flow_mapping_is_caught_when_the_task_loads(self, task: Task) -> None:
        where = load_yaml("where: {body: {contains: 9,800}}")["where"]  # YAML: {contains: 9, 800: null}
        with pytest.raises(CheckParamError, match=r"unknown matcher 800 .*quote the value"):
            validate_check(check("record_exists", app="email", collection="sent", where=where), task)

    def test_contains_takes_text_or_a_whole_number_not_a_decimal(self, task: Task) -> None:
        def tool_called(args: str) -> Check:
            return check("tool_called", tool="email_send", args=load_yaml(f"args: {args}")["args"])

        validate_check(tool_called("{body: {contains: [Li, 97214, '958.1090']}}"), task)
        with pytest.raises(CheckParamError, match=r"contains takes text, got 958.109: quote it"):
            validate_check(tool_called("{body: {contains: 958.1090}}"), task)
        with pytest.raises(CheckParamError, match=r"not_contains takes text, got \[True\]"):
            validate_check(tool_called("{body: {not_contains: [yes]}}"), task)
        with pytest.raises(CheckParamError, match="contains takes text"):  # found inside any_of and any too
            validate_check(tool_called("{to: {any_of: [{any: {x: {contains: 1.5}}}]}}"), task)

    def test_bounds_and_totals_take_numbers(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match="`gte` takes a number"):
            validate_check(check("record_exists", app="email", collection="sent", where={"n": {"gte": "five"}}), task)
        validate_check(check("table_file", path="t.csv", rows=[{"Amount": {"total": 800}}]), task)
        with pytest.raises(CheckParamError, match="unknown matcher 'total'"):  # a table cell matcher only
            validate_check(check("record_exists", app="email", collection="sent", where={"n": {"total": 1}}), task)

    def test_python_check_needs_a_defined_function(self, task: Task) -> None:
        with pytest.raises(CheckParamError, match="defines no function 'nope'"):
            validate_check(check("python", function="nope"), task)

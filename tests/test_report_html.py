"""Reports without a browser: the HTML's content, trace embedding and highlights, CSV, `load()`, merging, plots."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app
from ec2bench.core import textmatch
from ec2bench.core.row import EpisodeRow
from ec2bench.report import load, plots
from ec2bench.report.html import render_html, unpack
from ec2bench.report.privacy import exposure_by_category
from ec2bench.report.stores import merge_stores
from ec2bench.report.tables import episodes_csv, task_matrix
from ec2bench.report.traces import (
    REF,
    StringTable,
    TaskUnits,
    TraceCompactor,
    find_spans,
    locate,
    merge_marks,
    runs,
    utf16_offsets,
)
from ec2bench.runner.store import COLUMNS, Store, trace_id

runner = CliRunner()


def run_cli(*args: str):
    return runner.invoke(app, [str(a) for a in args])


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> Path:
    """A real sweep of the one-task test suite: edge_only and cloud_only, 2 repeats (4 episodes)."""
    out = tmp_path_factory.mktemp("sweep") / "r"
    suite = Path(__file__).parent / "data" / "suite"
    result = run_cli("run", "--suite", suite, "--out", out, "--repeats", "2", "--jobs", "1",
                     "--strategies", "edge_only,cloud_only")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def html_report(swept, tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("html") / "report.html"
    result = run_cli("report", swept, "--format", "html", "-o", path, "--suite", Path(__file__).parent / "data" / "suite")
    assert result.exit_code == 0, result.output
    return path.read_text(encoding="utf-8")


def make_row(task_id: str, strategy: str, repeat: int, completion: float | None = 80.0, *,
             edge: str = "sim/edge-9b", cloud: str = "sim/cloud", **over: Any) -> EpisodeRow:
    """A complete store row whatever the store's columns are (unknown columns get neutral defaults)."""
    defaults: dict[str, Any] = {
        "key": f"{task_id}|{strategy}|{edge}|{cloud}|{repeat}", "task_id": task_id, "task_hash": "h", "category": "office",
        "language": "en", "strategy": strategy, "settings": "{}", "edge": edge, "cloud": cloud, "repeat": repeat, "seed": repeat,
        "status": "ok" if completion is not None else "error", "error": None if completion is not None else "boom",
        "stop": "answer", "completion": completion, "checks": "[]", "units": "[]", "violations": "[]", "simulated": 1, "privacy": 100.0,
        "exposure": 0.0, "exposure_all": 0.0, "cloud_usd": 0.0, "edge_flops": 1e12,
    }
    row = {}
    for name, decl in COLUMNS.items():
        if name in over:
            row[name] = over[name]
        elif name in defaults:
            row[name] = defaults[name]
        else:
            row[name] = 0.0 if "REAL" in decl else (0 if "INTEGER" in decl else "")
    return EpisodeRow(**row)


def trace_text(*events: dict[str, Any]) -> str:
    return "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)


def make_store(root: Path, rows: list[EpisodeRow], traces: dict[str, str] | None = None) -> Path:
    store = Store.open(root, create=True)
    for r in rows:
        store.add(r, (traces or {}).get(r.key, trace_text({"type": "episode"}, {"type": "end", "status": r.status})))
    store.close()
    return root


class Tables(HTMLParser):
    """Collects, per table id, the rows as lists of (tag, attrs, text) cells; plus script ids and links."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[tuple[str, dict[str, str], str]]]] = {}
        self.scripts: dict[str, dict[str, str]] = {}
        self.links: list[str] = []
        self._table: str | None = None
        self._section = ""
        self._cell: list[Any] | None = None
        self._script: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "table":
            self._table = a.get("id", "")
            self.tables[self._table] = []
        elif tag == "thead":
            self._section = "head"
        elif tag == "tbody":
            self._section = "body"
        elif tag == "tr" and self._table is not None and self._section == "body":
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table is not None and self._section == "body":
            self._cell = [tag, a, ""]
        elif tag == "a" and "href" in a:
            self.links.append(a["href"])
        elif tag == "script":
            self._script = a.get("id")
            if self._script:
                self.scripts[self._script] = dict(a, text="")

    def handle_endtag(self, tag):
        if tag == "table":
            self._table = None
        elif tag in ("td", "th") and self._cell is not None:
            self.tables[self._table][-1].append((self._cell[0], self._cell[1], self._cell[2].strip()))
            self._cell = None
        elif tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell[2] += data
        if self._script:
            self.scripts[self._script]["text"] += data


def parse(html: str) -> Tables:
    p = Tables()
    p.feed(html)
    return p


# ---------------------------------------------------------------- the HTML report of a real sweep


def test_html_is_one_self_contained_file(html_report):
    assert html_report.startswith("<!DOCTYPE html>")
    assert not re.search(r"<(script|img|iframe)[^>]+src=|<link\b|@import|url\(\s*['\"]?https?:", html_report)
    # the only http(s) strings are XML namespaces inside the inline SVG plots
    assert set(re.findall(r"https?://[^\s\"'<>]+", html_report)) <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def test_html_has_the_leaderboard_banner_plots_and_breakdowns(html_report):
    page = parse(html_report)
    board = page.tables["board"]
    assert sorted(r[0][2] for r in board) == ["cloud_only", "edge_only"]
    # the single model pair is named above the table instead of in two columns
    assert "sim/edge-9b" in html_report and len(board[0]) == 19  # the leaderboard columns, collateral %, leaks and cloud $/task included
    assert 'data-key="environment_errors"' in html_report and 'data-key="tool_calls_refused"' in html_report
    assert 'data-key="leaks"' in html_report and '<section id="leaks">' in html_report  # the egress audit, apart
    assert 'id="sim-banner"' in html_report and "reference solution" in html_report
    assert html_report.count("<svg") >= 2 and "Cloud cost vs completion" in html_report and "Privacy exposure vs completion" in html_report
    assert "edge-only ↔ cloud-only mix" in html_report
    assert [r[0][2] for r in page.tables["by-category"]]
    assert {c[2] for c in page.tables["by-language"][0][:1]} <= {"cloud_only", "edge_only"}
    heat = page.tables["privacy-heatmap"]
    cloud = next(r for r in heat if r[0][2] == "cloud_only")
    edge = next(r for r in heat if r[0][2] == "edge_only")
    assert cloud[1][1]["data-v"] == "0.0" and edge[1][1]["data-v"] == "100.0"  # contact_info: sent vs kept


def test_task_table_links_every_episode_to_an_embedded_trace(html_report, swept):
    page = parse(html_report)
    rows = Store.open(swept, create=False).rows()
    tids = {trace_id(r.key) for r in rows}
    assert {h[len("#trace/"):] for h in page.links if h.startswith("#trace/")} == tids
    assert {s[len("ep-"):] for s in page.scripts if s.startswith("ep-")} == tids
    assert page.tables["task-table"][0][0][2] == "demo-contacts"


def test_embedded_trace_highlights_the_exposed_unit_in_the_payload(html_report, swept):
    page = parse(html_report)
    strings = unpack(page.scripts["ec2-strings"]["text"])
    row = next(r for r in Store.open(swept, create=False).rows() if r.strategy == "cloud_only" and r.exposure > 0)
    ep = unpack(page.scripts["ep-" + trace_id(row.key)]["text"])
    assert ep["note"] is None and not ep["missing"]
    assert [e["type"] for e in ep["events"]][0] == "episode" and ep["events"][-1]["type"] == "end"
    units = {u["id"]: i for i, u in enumerate(ep["units"])}
    assert ep["mx"], "an exposed unit must be marked in some payload string"
    marked = []
    for sid, marks in ep["mx"].items():
        for start, end, idx in marks:
            marked.append((strings[int(sid)][start:end], idx))
    assert any(re.sub(r"\D", "", text) == "13912345678" and units["u1"] in idx for text, idx in marked)
    # payloads reference pooled messages; every referenced message exists
    for e in ep["events"]:
        if e["type"] == "boundary":
            assert all(0 <= a < b <= len(ep["pool"]) for a, b in e["m"])
    edge_row = next(r for r in Store.open(swept, create=False).rows() if r.strategy == "edge_only")
    edge_ep = unpack(page.scripts["ep-" + trace_id(edge_row.key)]["text"])
    assert edge_ep["mx"] == {} and edge_ep["ma"], "edge-only exposes nothing but did read the unit on the device"


def test_html_without_traces_is_small_and_still_complete(swept, tmp_path):
    out = tmp_path / "r.html"
    result = run_cli("report", swept, "--format", "html", "--no-traces", "-o", out)
    assert result.exit_code == 0, result.output
    html = out.read_text()
    assert 'id="board"' in html and 'id="task-table"' in html
    assert 'class="episode"' not in html and 'id="ec2-strings"' not in html


def test_html_needs_an_output_file_and_formats_are_listed(swept):
    result = run_cli("report", swept, "--format", "html")
    assert result.exit_code == 2 and "-o FILE" in result.output
    result = run_cli("report", swept, "--format", "pdf")
    assert result.exit_code == 2 and "csv" in result.output and "html" in result.output


def test_open_to_is_an_alias_of_output(swept, tmp_path):
    out = tmp_path / "deep" / "report.html"
    result = run_cli("report", swept, "--format", "html", "--open-to", out, "--no-traces")
    assert result.exit_code == 0, result.output
    assert out.is_file()


def test_leaderboard_formats_write_files_too(swept, tmp_path):
    for fmt in ("json", "markdown", "table"):
        out = tmp_path / f"board.{fmt}"
        assert run_cli("report", swept, "--format", fmt, "-o", out).exit_code == 0
        text = out.read_text()
        assert "cloud_only" in text and "edge_only" in text
    assert {r["strategy"] for r in json.loads((tmp_path / "board.json").read_text())} == {"cloud_only", "edge_only"}


# ---------------------------------------------------------------- CSV and load()


def test_csv_has_one_row_per_episode_with_every_column(swept, tmp_path):
    result = run_cli("report", swept, "--format", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 4
    assert set(COLUMNS) <= set(rows[0]) and rows[0]["store"] == str(swept)
    assert {r["strategy"] for r in rows} == {"edge_only", "cloud_only"}
    assert all(float(r["completion"]) >= 0 for r in rows)
    json.loads(rows[0]["units"])  # JSON columns stay JSON


def test_csv_writes_empty_for_missing_values():
    text = episodes_csv([make_row("t", "edge_only", 0, None)])
    row = next(csv.DictReader(io.StringIO(text)))
    assert row["completion"] == "" and row["status"] == "error"


def test_load_returns_a_dataframe_of_episodes(swept):
    pd = pytest.importorskip("pandas")
    loaded = load(swept)
    assert loaded.store == swept and len(loaded.rows) == 4 and loaded.errors == 0
    assert {r["strategy"] for r in loaded.leaderboard} == {"edge_only", "cloud_only"}
    assert list(loaded.to_pandas()["strategy"]) == [r["strategy"] for r in loaded.leaderboard]
    frame = loaded.episodes_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 4
    assert set(COLUMNS) <= set(frame.columns) and "store" in frame.columns
    assert frame["simulated"].dtype == bool
    means = frame.groupby("strategy")["completion"].mean()
    assert set(means.index) == {"edge_only", "cloud_only"}


def test_load_without_pandas_says_how_to_install_it(swept, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"ec2bench\[analysis\]"):
        load(swept).episodes_frame()


def test_load_needs_a_store():
    with pytest.raises(TypeError):
        load()


# ---------------------------------------------------------------- merging stores


def test_merging_stores_later_store_wins_with_a_warning(tmp_path):
    a = make_store(tmp_path / "a", [make_row("t1", "edge_only", 0, 10.0), make_row("t2", "edge_only", 0, 20.0)])
    b = make_store(tmp_path / "b", [make_row("t1", "edge_only", 0, 90.0), make_row("t1", "advisory", 0, 50.0)])
    merged = merge_stores([a, b])
    by_key = {r.key: r for r in merged.rows}
    assert len(merged.rows) == 3
    assert by_key["t1|edge_only|sim/edge-9b|sim/cloud|0"].completion == 90.0
    assert by_key["t1|edge_only|sim/edge-9b|sim/cloud|0"].store == str(b)
    assert [(d.replaced, d.kept) for d in merged.duplicates] == [(str(a), str(b))]
    assert "1 episode(s)" in merged.warning() and "later wins" in merged.warning()
    assert merge_stores([b, a]).rows[0].completion in (10.0, 50.0)  # order decides

    result = run_cli("report", a, b, "--format", "json")
    assert result.exit_code == 0
    assert "warning" in result.stderr and "later wins" in result.stderr
    assert {r["strategy"] for r in json.loads(result.stdout)} == {"edge_only", "advisory"}

    out = tmp_path / "m.html"
    assert run_cli("report", a, b, "--format", "html", "-o", out).exit_code == 0
    html = out.read_text()
    assert "later wins" in html and str(a) in html and str(b) in html
    assert len(parse(html).tables["board"]) == 2

    with pytest.warns(UserWarning, match="later wins"):
        pytest.importorskip("pandas")
        assert len(load(a, b).episodes_frame()) == 3


def test_merging_distinct_sweeps_of_other_strategies_and_model_pairs(tmp_path):
    a = make_store(tmp_path / "a", [make_row("t1", "edge_only", 0, 40.0),
                                    make_row("t1", "cloud_only", 0, 80.0, cloud_usd=1.0, privacy=0.0)])
    b = make_store(tmp_path / "b", [make_row("t1", "step_routing:target=0.3", 0, 70.0, cloud_usd=0.3, privacy=60.0),
                                    make_row("t1", "edge_only", 0, 60.0, edge="sim/edge-plus")])
    out = tmp_path / "m.html"
    assert run_cli("report", a, b, "--format", "html", "-o", out).exit_code == 0
    html = out.read_text()
    board = parse(html).tables["board"]
    # two model pairs: edge and cloud columns are shown (collateral %, leaks, cloud $/task too)
    assert len(board) == 4 and len(board[0]) == 21
    assert "step_routing:target=0.3 (sim/edge-9b / sim/cloud)" in html


# ---------------------------------------------------------------- traces: compaction and highlights


def test_find_spans_maps_normalised_matches_back_to_the_original():
    text = "Call Li Wei on 139 1234 5678 or ＋86 139-1234-5678; not 913912345678."
    spans = find_spans("13912345678", text)
    assert [text[s:e] for s, e in spans] == ["139 1234 5678", "139-1234-5678"]
    assert find_spans("LI  WEI", text) == [(5, 11)]
    assert find_spans("", text) == [] and find_spans("x", "") == []
    wide = "账号：ＡＢＣ１２３４５"
    assert [wide[s:e] for s, e in find_spans("abc12345", wide)] == ["ＡＢＣ１２３４５"]


def test_find_spans_agrees_with_the_audit():
    samples = [("13912345678", "tel 139.1234.5678 end"), ("Project Tern", "the project   tern roadmap"),
               ("zhang@corp.example", "to: ZHANG@corp.example"), ("6214 1824 0409 4506", "卡号6214182404094506。")]
    for needle, hay in samples:
        spans = find_spans(needle, hay)
        assert spans, (needle, hay)
        assert textmatch.occurs(needle, hay)
        s, e = spans[0]
        assert textmatch.occurs(needle, hay[s:e])


def test_find_spans_follows_canonical_numerals_when_the_audit_uses_them():
    if not hasattr(textmatch, "canonical_numerals"):
        pytest.skip("this textmatch has no numeral canonicalisation")
    text = "预算 368 万元，电话一三九一二三四五六七八"
    loc = locate(text)
    assert loc.text == textmatch.canonical(text)
    assert locate("  a\n\n b  ").text == textmatch.normalize("  a\n\n b  ") == "a b"
    spans = find_spans("3680000", text)
    assert spans and "368" in text[spans[0][0]:spans[0][1]]
    spans = find_spans("13912345678", text)
    assert spans and text[spans[0][0]:spans[0][1]] == "一三九一二三四五六七八"
    if textmatch.canonical("800000.0") == "800000":  # dropped zero decimals stay with their number
        text = "offer: CNY 800000.0 per year"
        assert [text[s:e] for s, e in find_spans("800000", text)] == ["800000.0"]
    long = ("x" * 5000 + " 一百二十万 ") * 20  # many rewrites far apart: linear, not a quadratic diff
    assert len(find_spans("1200000", long)) == 20


def test_a_partly_exposed_unit_is_marked_where_the_audit_found_it():
    pytest.importorskip("ec2bench.privacy.matching")
    row = make_row("t", "advisory", 0, units=_units({"id": "p", "category": "contact_info", "accessed": True,
                                                      "exposure": 0.318, "match": "masked"}))
    payload = "The customer on 139****5678 asked for a refund."
    events = [{"type": "boundary", "index": 0, "messages": [{"role": "user", "content": payload}]}]
    table = StringTable()
    ep = TraceCompactor(table, {"t": TaskUnits({"p": ["13912345678"]}, "h", {"p": "contact_info"})}).episode(row, events)
    ((start, end, units),) = ep["mx"][str(table.strings.index(payload))]
    assert payload[start:end] == "139****5678" and units == [0]


def test_utf16_offsets_and_mark_merging():
    assert utf16_offsets("abc") is None
    assert utf16_offsets("a😀b") == [0, 1, 3, 4]
    assert merge_marks([(0, 5, 1), (3, 8, 2), (10, 12, 1)]) == [[0, 8, [1, 2]], [10, 12, [1]]]
    assert runs([0, 1, 2, 5, 6, 9]) == [[0, 3], [5, 7], [9, 10]]
    assert runs([]) == []


def test_string_table_interns_long_and_reference_like_strings():
    table = StringTable()
    long = "x" * 60
    out = table.compact({"a": long, "b": [long, "short", f"{REF}7"], "c": 3, "d": None})
    assert out["a"] == out["b"][0] == f"{REF}0"
    assert out["b"][1] == "short" and out["b"][2] == f"{REF}1" and table.strings[1] == f"{REF}7"
    assert out["c"] == 3 and out["d"] is None


def _units(*units: dict[str, Any]) -> str:
    base = {"weight": 1.0, "needed": False, "payload": 0, "excerpt": "x"}
    return json.dumps([{**base, **u} for u in units])


def test_compactor_marks_payloads_and_tool_results_and_keeps_unknown_events():
    row = make_row("t", "step_routing", 0, 70.0, task_hash="abc",
                   units=_units({"id": "p", "category": "contact_info", "accessed": True, "exposure": 1.0},
                                {"id": "s", "category": "compensation", "accessed": True, "exposure": 0.0}))
    tool_result = '{"name": "Li Wei", "phone": "139-1234-5678", "salary": "CNY 42,000"}'
    system = {"role": "system", "content": "You are an assistant working inside the user's own workspace on their device."}
    events = [
        {"type": "episode", "task_id": "t"},
        {"type": "route", "router": "entropy", "step": 0, "score": 0.9, "threshold": 0.5, "decision": "cloud"},
        {"type": "tool", "step": 0, "actor": "edge", "tool": "contacts_get", "result": tool_result},
        {"type": "boundary", "index": 0, "step": 1, "purpose": "act", "tools": ["a", "b"],
         "messages": [system, {"role": "tool", "tool_call_id": "c1", "content": tool_result}]},
        {"type": "boundary", "index": 1, "step": 2, "purpose": "act", "tools": ["a", "b"],
         "messages": [system, {"role": "tool", "tool_call_id": "c1", "content": tool_result},
                      {"role": "assistant", "content": None,
                       "tool_calls": [{"id": "c2", "type": "function",
                                       "function": {"name": "email_send", "arguments": '{"body": "13912345678"}'}}]}]},
        {"type": "telemetry", "weird": {"nested": [1, 2]}},
        {"type": "end", "status": "ok", "units": [{"id": "p"}]},
    ]
    table = StringTable()
    tasks = {"t": TaskUnits({"p": ["13912345678"], "s": ["42000", "CNY 42,000"]}, "abc")}
    ep = TraceCompactor(table, tasks).episode(row, events)
    types = [e["type"] for e in ep["events"]]
    assert types == ["episode", "route", "tool", "boundary", "boundary", "telemetry", "end"]
    assert ep["events"][1] == events[1] and ep["events"][5] == events[5]
    assert "units" not in ep["events"][-1]
    # payloads share pooled messages: the second payload repeats the first two
    assert ep["events"][3]["m"] == [[0, 2]] and ep["events"][4]["m"] == [[0, 3]]
    assert ep["events"][3]["tools"] == "a, b"
    sid = table.strings.index(tool_result)
    # in payloads only the exposed unit is marked; in the tool result both accessed units are
    assert ep["mx"][str(sid)] == [[tool_result.index("139"), tool_result.index("139") + 13, [0]]]
    assert sorted(m[2][0] for m in ep["ma"][str(sid)]) == [0, 1]
    args_sid = table.strings.index('{"body": "13912345678"}')
    assert ep["mx"][str(args_sid)][0][2] == [0]
    assert ep["note"] is None


def test_compactor_degrades_without_the_task_or_the_trace():
    row = make_row("gone", "cloud_only", 0, units=_units({"id": "p", "category": "address", "accessed": True, "exposure": 1.0}))
    ep = TraceCompactor(StringTable(), {}).episode(row, [{"type": "boundary", "index": 0, "messages": [{"role": "user", "content": "hi"}]}])
    assert "not found" in ep["note"] and ep["mx"] == {} and ep["units"][0]["id"] == "p"
    ep = TraceCompactor(StringTable(), {"gone": TaskUnits({"p": ["x1"]}, "other")}).episode(row, None)
    assert ep["missing"] and ep["events"] == [] and "changed" in ep["note"]


def test_report_survives_errors_missing_traces_and_a_missing_suite(tmp_path):
    rows = [make_row("t1", "edge_only", 0, None), make_row("t1", "edge_only", 1, 50.0),
            make_row("t1", "cloud_only", 0, 90.0, cloud_usd=0.5, privacy=0.0)]
    root = make_store(tmp_path / "s", rows)
    (root / "traces" / f"{trace_id(rows[1].key)}.jsonl").unlink()
    html = render_html(merge_stores([root]), suite=tmp_path / "no-such-suite")
    page = parse(html)
    assert len(page.tables["board"]) == 2
    assert "suite could not be loaded" in html
    ep = unpack(page.scripts["ep-" + trace_id(rows[1].key)]["text"])
    assert ep["missing"]
    assert "✕" in html  # the error episode is marked, not scored 0


def test_empty_store_renders(tmp_path):
    root = make_store(tmp_path / "s", [])
    html = render_html(merge_stores([root]))
    assert "0 episodes" in html and "no scored episodes" in html


# ---------------------------------------------------------------- tables and plots


def test_task_matrix_and_category_exposure():
    rows = [make_row("a", "edge_only", 0, 40.0), make_row("a", "edge_only", 1, 60.0), make_row("a", "edge_only", 2, None),
            make_row("b", "cloud_only", 0, 100.0, category="search",
                     units=_units({"id": "u", "category": "credential", "accessed": True, "exposure": 1.0, "weight": 3.0},
                                  {"id": "v", "category": "credential", "accessed": True, "exposure": 0.0, "weight": 1.0},
                                  {"id": "w", "category": "health", "accessed": False, "exposure": 0.0}))]
    tasks, cells = task_matrix(rows, {r.key: trace_id(r.key) for r in rows})
    assert [t.task_id for t in tasks] == ["a", "b"]
    cell = cells[("a", ("edge_only", "sim/edge-9b", "sim/cloud"))]
    assert cell.completion == 50.0 and [e.status for e in cell.episodes] == ["ok", "ok", "error"]
    cats, exp = exposure_by_category(rows)
    assert cats == ["credential"]
    c = exp[("cloud_only", "sim/edge-9b", "sim/cloud")]["credential"]
    assert c.exposure == pytest.approx(0.75) and c.privacy == pytest.approx(25.0) and (c.accessed, c.exposed) == (2, 1)


def _board_row(strategy: str, usd: float, completion: float | None, privacy: float = 100.0, edge: str = "e") -> dict[str, Any]:
    return {"strategy": strategy, "edge": edge, "cloud": "c", "cloud_usd": usd, "completion": completion, "privacy": privacy}


def test_pareto_and_interpolation():
    board = [_board_row("edge_only", 0.0, 40.0), _board_row("cloud_only", 1.0, 80.0, 0.0), _board_row("advisory", 0.2, 70.0, 60.0),
             _board_row("sketch", 0.3, 35.0), _board_row("query_routing", 0.5, 60.0, 50.0), _board_row("broken", 0.1, None)]
    pts = plots.points(board, plots.cloud_usd)
    assert [p.label for p in pts] == ["edge_only", "cloud_only", "advisory", "sketch", "query_routing"]
    assert [p.label for p in plots.pareto_optimal(pts)] == ["edge_only", "advisory", "cloud_only"]
    (line,) = plots.interpolation_lines(pts)
    assert (line[0].strategy, line[1].strategy) == ("edge_only", "cloud_only")
    adv = next(p for p in pts if p.strategy == "advisory")
    assert plots.above_interpolation(adv, line) == pytest.approx(70.0 - 48.0)
    exposure_pts = plots.points(board, plots.exposure_pct)
    assert [p.label for p in plots.pareto_optimal(exposure_pts)] == ["edge_only", "advisory", "cloud_only"]
    # two model pairs: labels name the pair, one mixing line per pair that has both controls
    two = board + [_board_row("edge_only", 0.0, 50.0, edge="e2")]
    assert plots.row_label(two[-1], two) == "edge_only (e2 / c)"
    assert len(plots.interpolation_lines(plots.points(two, plots.cloud_usd))) == 1


def test_figures_render_to_inline_svg():
    board = [_board_row("edge_only", 0.0, 40.0), _board_row("cloud_only", 1.0, 80.0, 0.0), _board_row("advisory", 0.2, 70.0, 60.0)]
    svg = plots.figure_svg(plots.cost_figure(board), salt="t")
    assert svg.startswith("<svg") and "advisory" in svg and "Cloud cost vs completion" in svg
    assert svg == plots.figure_svg(plots.cost_figure(board), salt="t")  # deterministic
    assert plots.figure_png(plots.exposure_figure(board)).startswith(b"\x89PNG")
    assert "no scored episodes" in plots.figure_svg(plots.cost_figure([]))

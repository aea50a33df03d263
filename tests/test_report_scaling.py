"""What keeps a large HTML report small in memory leaves the report as it was: streamed writing gives the
text `render_html` returns, rows share equal long texts, a task's matchers are built once."""

from __future__ import annotations

import io
import json

from ec2bench.report.html import render_html, write_html
from ec2bench.report.stores import merge_stores
from ec2bench.report.traces import TaskUnits
from test_report_html import make_row, make_store

UNITS = json.dumps([{"id": "phone", "category": "contact_info", "accessed": True, "exposure": 1.0, "pad": "x" * 300}])


def test_rows_share_equal_long_texts(tmp_path):
    store = make_store(tmp_path / "s", [make_row("t1", "edge_only", r, units=UNITS) for r in range(3)])
    rows = merge_stores([store]).rows
    assert [r.units for r in rows] == [UNITS] * 3
    assert rows[0].units is rows[1].units is rows[2].units


def test_streamed_report_is_the_rendered_one(tmp_path):
    store = make_store(tmp_path / "s", [make_row("t1", s, r, units=UNITS) for s in ("edge_only", "cloud_only") for r in range(2)])
    merged = merge_stores([store])
    out = io.StringIO()
    write_html(merged, out)
    assert out.getvalue() == render_html(merged)
    assert out.getvalue().count('class="episode"') == 4


def test_a_task_builds_its_exact_matchers_once():
    units = TaskUnits({"phone": ["13912345678"], "name": ["Priya Raman"]})
    text = "call Priya Raman on 139 1234 5678"
    assert [u for _, _, u in units.spans(0, text)] == ["name", "phone"]
    matchers = units._exact
    units.spans(1, "no value here")
    assert units._exact is matchers and set(matchers) == {"phone", "name"}

"""The studies' 95% intervals: the printed table folds them into their figure's cell, and every
figure draws them (on hand-made tables: the sweeps themselves are in tests/test_studies.py)."""

from __future__ import annotations

from types import SimpleNamespace

from ec2bench.report.plots import error_bars, figure_png
from ec2bench.study.common import ci_columns, display


def test_display_folds_the_interval_into_its_figure() -> None:
    table = [{"strategy": "advisory", "completion": 62.1, **ci_columns("completion", [58.7, 65.5]),
              "cloud_usd_per_task": 0.0149, **ci_columns("cloud_usd_per_task", [0.0098, 0.0206]), "tasks": 12},
             {"strategy": "edge_only", "completion": 30.0, **ci_columns("completion", None),
              "cloud_usd_per_task": 0.0, **ci_columns("cloud_usd_per_task", None), "tasks": 1}]
    headers, cells = display(table)
    assert headers == ["strategy", "completion", "cloud_usd_per_task", "tasks"]
    assert cells[0] == ["advisory", "62.10 (58.70–65.50)", "0.015 (0.0098–0.021)", "12"]
    assert cells[1] == ["edge_only", "30.00", "0.00", "1"]


def test_error_bars_are_lengths_below_and_above() -> None:
    assert error_bars([50.0, 20.0], [(45.0, 58.0), None]) == [[5.0, 0.0], [8.0, 0.0]]


def _axes_have_error_bars(fig) -> bool:
    from matplotlib.collections import LineCollection, PolyCollection

    return any(isinstance(c, LineCollection | PolyCollection) for ax in fig.axes for c in ax.collections)


def test_each_study_figure_draws_the_intervals() -> None:
    from ec2bench.study.rq2 import ladder_figure
    from ec2bench.study.rq3 import autonomy_figure
    from ec2bench.study.rq3b import completion_figure

    ladder = [{"edge": e, "completion_mean": 50.0, "completion_min": 40.0, "completion_max": 60.0,
               "exposure_mean_pct": 30.0, "exposure_min_pct": 20.0, "exposure_max_pct": 40.0,
               "cloud_only_completion": 70.0, **ci_columns("cloud_only_completion", [64.0, 76.0]),
               "cloud_only_exposure_pct": 90.0, "edge_only_completion": c,
               **ci_columns("edge_only_completion", [c - 5, c + 5])} for e, c in (("sim/edge-2b", 20.0), ("sim/edge-9b", 35.0))]
    fig = ladder_figure(ladder)
    assert "edge-only and its 95% interval" in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "cloud-only 95% interval" in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    autonomy = [{"edge": "sim/edge-9b", "mode": m, "autonomous_completion": 50.0, **ci_columns("autonomous_completion", [44.0, 56.0]),
                 "random_completion": 40.0, **ci_columns("random_completion", None)} for m in ("advisory", "delegation")]
    assert _axes_have_error_bars(autonomy_figure(autonomy))
    steps = [{"step": s, "strategy": st, "completion": 40.0 + s, **ci_columns("completion", [35.0 + s, 45.0 + s])}
             for s in (0, 1, 2) for st in ("advisory", "edge_only")]
    fig = completion_figure(steps, SimpleNamespace(edge="hf/base", cloud="sim/cloud"))  # type: ignore[arg-type]
    assert _axes_have_error_bars(fig) and fig.axes[0].get_ylim()[1] >= 47.0
    for f in (fig,):
        assert figure_png(f)[:4] == b"\x89PNG"

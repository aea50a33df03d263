"""Trade-off plots over leaderboard rows: pure functions, reusable by studies.

Each plot puts completion on the y axis against a cost on the x axis (cloud dollars, or privacy
exposure), one point per leaderboard row. Two references are drawn:

* the **interpolation line** from `edge_only` to `cloud_only` (per edge/cloud model pair): what a
  random mix of the two controls achieves in expectation; a strategy above it beats mixing;
* the **Pareto-optimal** rows: those no other row beats on both axes (cost no higher, completion
  no lower, one strictly better); they are ringed and labelled.

Error bars show a figure's 95% interval where the leaderboard has one (`*_ci`: a bootstrap over tasks,
then their repeats): completion on the y axis, exposure on the x axis. The cloud cost axis is the
sweep's total bill, a sum rather than a mean over tasks, so it has none.

`tradeoff_figure` returns a matplotlib `Figure` (Agg backend, never a window); `figure_svg` turns
it into an inline `<svg>` string with text kept as text (small, searchable, sharp at any zoom).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Row = dict[str, Any]

EDGE_ONLY = "edge_only"
CLOUD_ONLY = "cloud_only"


def strategy_name(spec: str) -> str:
    """The registered name of a strategy spec (`advisory:context=question` -> `advisory`)."""
    return spec.split(":", 1)[0].strip()


def model_pairs(board: Sequence[Row]) -> list[tuple[str, str]]:
    return sorted({(r["edge"], r["cloud"]) for r in board})


def row_label(row: Row, board: Sequence[Row]) -> str:
    """The strategy spec, plus the model pair when the rows use more than one."""
    if len(model_pairs(board)) > 1:
        return f"{row['strategy']} ({row['edge']} / {row['cloud']})"
    return str(row["strategy"])


def cloud_usd(row: Row) -> float | None:
    return row.get("cloud_usd")


def exposure_pct(row: Row) -> float | None:
    """Mean privacy exposure of the row's episodes, in percent (100 - privacy)."""
    privacy = row.get("privacy")
    return None if privacy is None else round(100.0 - privacy, 4)


def completion(row: Row) -> float | None:
    return row.get("completion")


Bounds = Callable[[Row], tuple[float, float] | None]


def completion_ci(row: Row) -> tuple[float, float] | None:
    ci = row.get("completion_ci")
    return None if not ci else (ci[0], ci[1])


def exposure_pct_ci(row: Row) -> tuple[float, float] | None:
    """The 95% interval of `exposure_pct` (from the privacy interval: exposure % is 100 - privacy)."""
    ci = row.get("privacy_ci")
    return None if not ci else (round(100.0 - ci[1], 4), round(100.0 - ci[0], 4))


def no_interval(row: Row) -> tuple[float, float] | None:
    return None


@dataclass(frozen=True)
class Point:
    label: str
    x: float
    y: float
    strategy: str
    pair: tuple[str, str]
    x_ci: tuple[float, float] | None = None  # the 95% interval of x, when it has one
    y_ci: tuple[float, float] | None = None


def points(board: Sequence[Row], x: Callable[[Row], float | None], y: Callable[[Row], float | None] = completion,
           *, x_ci: Bounds = no_interval, y_ci: Bounds = completion_ci) -> list[Point]:
    """One point per row that has both coordinates (a row whose episodes all failed has no completion)."""
    out = []
    for row in board:
        xv, yv = x(row), y(row)
        if xv is None or yv is None:
            continue
        out.append(Point(row_label(row, board), float(xv), float(yv), str(row["strategy"]), (row["edge"], row["cloud"]),
                         x_ci(row), y_ci(row)))
    return out


def error_bars(values: Sequence[float], intervals: Sequence[tuple[float, float] | None]) -> list[list[float]]:
    """Matplotlib's `[below, above]` error lengths from intervals around `values` (0 where there is none)."""
    below = [max(0.0, v - ci[0]) if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    above = [max(0.0, ci[1] - v) if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    return [below, above]


def pareto_optimal(pts: Sequence[Point]) -> list[Point]:
    """Points not dominated by another (x no higher and y no lower, one of them strictly), by x."""
    front = [
        p for p in pts
        if not any(q.x <= p.x and q.y >= p.y and (q.x < p.x or q.y > p.y) for q in pts)
    ]
    return sorted(front, key=lambda p: (p.x, p.y))


def interpolation_lines(pts: Sequence[Point]) -> list[tuple[Point, Point]]:
    """(edge_only, cloud_only) point pairs, one per model pair that has both controls."""
    lines = []
    for pair in sorted({p.pair for p in pts}):
        edge = [p for p in pts if p.pair == pair and p.strategy == EDGE_ONLY]
        cloud = [p for p in pts if p.pair == pair and p.strategy == CLOUD_ONLY]
        if edge and cloud:
            lines.append((edge[0], cloud[0]))
    return lines


def above_interpolation(point: Point, line: tuple[Point, Point]) -> float | None:
    """How many completion points `point` lies above the edge/cloud mixing line at its x (None off its range)."""
    a, b = line
    if a.x == b.x or not min(a.x, b.x) <= point.x <= max(a.x, b.x):
        return None
    t = (point.x - a.x) / (b.x - a.x)
    return point.y - (a.y + t * (b.y - a.y))


def tradeoff_figure(
    board: Sequence[Row],
    x: Callable[[Row], float | None],
    *,
    xlabel: str,
    title: str,
    y: Callable[[Row], float | None] = completion,
    ylabel: str = "completion (0-100)",
    size: tuple[float, float] = (6.4, 4.4),
    x_ci: Bounds = no_interval,
    y_ci: Bounds = completion_ci,
) -> Figure:
    """A scatter of `y` against `x` over leaderboard rows with the mixing line, the Pareto front and
    each point's 95% intervals as error bars."""
    from matplotlib.figure import Figure  # the object API: no pyplot state, no GUI backend

    fig = Figure(figsize=size, layout="constrained")
    ax = fig.add_subplot()
    pts = points(board, x, y, x_ci=x_ci, y_ci=y_ci)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, color="#e5e5e5", linewidth=0.8)
    ax.set_axisbelow(True)
    if not pts:
        ax.text(0.5, 0.5, "no scored episodes", transform=ax.transAxes, ha="center", va="center", color="#888")
        return fig
    for i, (a, b) in enumerate(interpolation_lines(pts)):
        ax.plot([a.x, b.x], [a.y, b.y], linestyle=":", color="#777", linewidth=1.3,
                label="edge-only ↔ cloud-only mix" if i == 0 else None, zorder=1)
    front = pareto_optimal(pts)
    cmap = _colors(len(pts))
    for i, p in enumerate(pts):
        if p.x_ci or p.y_ci:
            ax.errorbar([p.x], [p.y], xerr=error_bars([p.x], [p.x_ci]) if p.x_ci else None,
                        yerr=error_bars([p.y], [p.y_ci]) if p.y_ci else None,
                        fmt="none", ecolor=cmap[i], elinewidth=1.0, capsize=3, alpha=0.7, zorder=2)
        ax.scatter([p.x], [p.y], s=46, color=cmap[i], edgecolor="white", linewidth=0.6, zorder=3, label=p.label)
    if front:
        ax.scatter([p.x for p in front], [p.y for p in front], s=170, facecolor="none", edgecolor="#d62728",
                   linewidth=1.4, zorder=2, label="Pareto-optimal")
    for p in front:
        ax.annotate(p.label, (p.x, p.y), xytext=(6, 5), textcoords="offset points", fontsize=8, color="#333")
    xs = [v for p in pts for v in (p.x, *(p.x_ci or ()))]
    ys = [v for p in pts for v in (p.y, *(p.y_ci or ()))]
    xpad = (max(xs) - min(xs)) * 0.08 or 0.5
    ax.set_xlim(min(xs) - xpad, max(xs) + xpad * 2.5)
    ax.set_ylim(max(0.0, min(ys) - 10), min(105.0, max(ys) + 10))
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
    return fig


def cost_figure(board: Sequence[Row]) -> Figure:
    return tradeoff_figure(board, cloud_usd, xlabel="cloud cost (USD, whole sweep)", title="Cloud cost vs completion")


def exposure_figure(board: Sequence[Row]) -> Figure:
    return tradeoff_figure(board, exposure_pct, xlabel="privacy exposure (% of accessed sensitive data sent)",
                           title="Privacy exposure vs completion", x_ci=exposure_pct_ci)


def figure_svg(fig: Figure, *, salt: str = "ec2bench") -> str:
    """The figure as an inline `<svg>` element (no XML prolog, text as text, deterministic ids)."""
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    svg = buf.getvalue()
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)  # RDF boilerplate, no use inline
    return svg[svg.index("<svg"):]


def figure_png(fig: Figure, *, dpi: int = 110) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata={"Software": None})
    return buf.getvalue()


def _colors(n: int) -> list[str]:
    from matplotlib import colormaps

    cmap = colormaps["tab10" if n <= 10 else "tab20"]
    return [_hex(cmap(i % cmap.N)) for i in range(n)]


def _hex(rgba: tuple[float, ...]) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgba[:3])


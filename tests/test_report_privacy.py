"""Privacy breakdowns (`ec2bench.report.privacy`) on hand-made store rows, figures worked out by hand."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from ec2bench.core.row import EpisodeRow
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.privacy import (
    by_category,
    by_need,
    episode_means,
    exposed_units,
    exposure_by_category,
    judge_summary,
    leaderboard_keys,
    pooled,
    privacy_breakdown,
)
from ec2bench.runner.store import COLUMNS


def unit(uid: str, category: str, weight: float, accessed: bool, e: float, *, needed: bool = False,
         judge: float | None = None) -> dict[str, Any]:
    return {"id": uid, "category": category, "weight": weight, "needed": needed, "accessed": accessed, "exposure": e,
            "payload": 0 if e else None, "excerpt": f"... {uid} ..." if e else None, "match": "exact" if e == 1 else
            ("masked" if e else None), "source": "s", "derived": False, "judge": judge, "judge_evidence": None}


def row(repeat: int, units: list[dict[str, Any]], exposure: float, exposure_all: float, *, strategy: str = "advisory",
        judge: dict[str, Any] | None = None) -> EpisodeRow:
    base: dict[str, Any] = {c: 0 for c in COLUMNS}
    base.update(key=f"t|{strategy}|e|c|{repeat}", task_id="t", strategy=strategy, edge="e", cloud="c", repeat=repeat,
                status="ok", completion=100.0, checks="[]", violations="[]", settings="{}", units=json.dumps(units), exposure=exposure,
                exposure_all=exposure_all, privacy=100 * (1 - exposure), privacy_judge=json.dumps(judge) if judge else None,
                wall_ms=1.0, edge_flops=None)
    return EpisodeRow(**base)


# episode 1: a national ID (w3) sent in full, a needed phone (w1.5) masked (0.5), a health fact never read but sent
EP1 = [unit("a", "identity_number", 3.0, True, 1.0), unit("b", "contact_info", 1.5, True, 0.5, needed=True),
       unit("c", "health", 2.5, False, 1.0)]
# episode 2: the ID kept back, the phone sent, an amount not sent but paraphrased (the judge says 1)
EP2 = [unit("a", "identity_number", 3.0, True, 0.0), unit("b", "contact_info", 1.5, True, 1.0, needed=True),
       unit("d", "business_financial", 1.0, True, 0.0, judge=1.0)]
JUDGE = {"model": "sim/cloud", "calls": 1, "input_tokens": 900, "cached_tokens": 0, "output_tokens": 40, "usd": 0.0029,
         "exposure": 2.5 / 5.5, "exposure_all": 2.5 / 5.5, "privacy": 100 * (1 - 2.5 / 5.5), "units_with_verdict": 2,
         "error": None}
ROWS = [row(0, EP1, 3.75 / 4.5, 5.75 / 7.0), row(1, EP2, 1.5 / 5.5, 1.5 / 5.5, judge=JUDGE)]


def test_pooled_by_category_over_accessed_and_all_units() -> None:
    cats = by_category(ROWS)
    assert list(cats) == ["identity_number", "contact_info", "business_financial"]  # PRIVACY_CATEGORIES order
    assert cats["identity_number"].exposure == pytest.approx(0.5)  # (3*1 + 3*0) / 6
    assert cats["contact_info"].exposure == pytest.approx(0.75)  # (1.5*0.5 + 1.5*1) / 3
    assert cats["contact_info"].privacy == pytest.approx(25.0)
    assert (cats["contact_info"].units, cats["contact_info"].exposed) == (2, 2)
    assert cats["business_financial"].exposure == 0.0
    every = by_category(ROWS, accessed_only=False)
    assert every["health"].exposure == 1.0 and "health" not in cats
    assert by_category(ROWS, judged=True)["business_financial"].exposure == 1.0


def test_needed_vs_unneeded() -> None:
    need = by_need(ROWS)
    assert need["needed"].exposure == pytest.approx(0.75)
    assert need["unneeded"].exposure == pytest.approx(3 / 7)  # a (3*1), a (3*0), d (1*0)
    assert by_need(ROWS, judged=True)["unneeded"].exposure == pytest.approx(4 / 7)
    assert by_need([row(0, [unit("x", "address", 1.5, True, 1.0)], 1.0, 1.0)])["needed"] is None


def test_episode_means_and_the_leaderboard_keys() -> None:
    means = episode_means(ROWS)
    assert means["exposure"] == pytest.approx((3.75 / 4.5 + 1.5 / 5.5) / 2)
    assert means["privacy_all"] == pytest.approx(100 * (1 - (5.75 / 7 + 1.5 / 5.5) / 2))
    keys = leaderboard_keys(ROWS)
    assert keys["privacy_by_category"] == {"identity_number": 50.0, "contact_info": 25.0, "business_financial": 100.0}
    assert keys["exposure_by_category"] == {"identity_number": 0.5, "contact_info": 0.75, "business_financial": 0.0}
    assert (keys["privacy_needed"], keys["privacy_unneeded"]) == (25.0, round(100 * 4 / 7, 2))
    assert (keys["privacy_judged"], keys["judge_usd"], keys["judge_calls"]) == (round(100 * (1 - 2.5 / 5.5), 2), 0.0029, 1)
    (board,) = leaderboard(ROWS)
    assert {k: board[k] for k in keys} == keys
    assert board["cloud_usd"] == 0  # judge cost is never cloud cost


def test_judge_summary_covers_only_judged_episodes() -> None:
    s = judge_summary(ROWS)
    assert (s["episodes"], s["models"], s["calls"], s["usd"]) == (1, ["sim/cloud"], 1, 0.0029)
    assert s["privacy_matcher"] == pytest.approx(100 * (1 - 1.5 / 5.5))  # the same episode, deterministic
    assert judge_summary([ROWS[0]]) is None
    unpriced = row(2, EP2, 0.0, 0.0, judge={**JUDGE, "usd": None})
    assert judge_summary([ROWS[1], unpriced])["usd"] is None


def test_exposed_units_of_an_episode_with_excerpts() -> None:
    exposed = exposed_units(ROWS[0])
    assert [u["id"] for u in exposed] == ["a", "c", "b"]  # most exposed first, then heavier
    assert exposed[2]["match"] == "masked" and exposed[0]["excerpt"] == "... a ..."
    assert [u["id"] for u in exposed_units(ROWS[1])] == ["b"]
    assert [u["id"] for u in exposed_units(ROWS[1], judged=True)] == ["b", "d"]  # equal scores: heavier first


def test_breakdown_and_html_shape() -> None:
    data = privacy_breakdown(ROWS)
    assert data["by_category"]["contact_info"]["privacy"] == 25.0
    assert data["by_category_all_units"]["health"]["exposure"] == 1.0
    assert data["needed"]["units"] == 2 and data["judge"]["episodes"] == 1
    json.dumps(data)  # JSON-able
    other = [row(0, [unit("z", "credential", 3.0, True, 1.0)], 1.0, 1.0, strategy="cloud_only")]
    categories, cells = exposure_by_category(ROWS + other)
    assert categories == ["identity_number", "contact_info", "credential", "business_financial"]
    assert cells[("cloud_only", "e", "c")]["credential"].accessed == 1
    assert cells[("advisory", "e", "c")]["contact_info"].privacy == pytest.approx(25.0)


def test_empty_and_broken_rows() -> None:
    assert pooled([]) is None
    broken = replace(row(0, [], 0.0, 0.0), units="not json")
    assert by_category([broken]) == {} and exposed_units(broken) == []
    assert leaderboard_keys([broken])["privacy_needed"] is None

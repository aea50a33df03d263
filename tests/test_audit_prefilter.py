"""The audit's substring pre-filter changes no result: on the payloads of sim episodes of every
built-in task (plus masked, cut-short and 'ending in' renderings of every unit), the filtered
matcher gives exactly the unfiltered scan's hits."""

from __future__ import annotations

import re

import pytest

from ec2bench.core.textmatch import canonical, find_unit
from ec2bench.models.registry import resolve_cloud, resolve_model
from ec2bench.privacy.matching import matcher_for
from ec2bench.runner.episode import EpisodeSpec, run_episode
from ec2bench.tasks.loader import Task, load_suite

TASKS = load_suite()


def _variants(rendering: str) -> list[str]:
    """Partial renderings of a value, as masking, truncation and 'ending in' phrases produce them."""
    digits = re.sub(r"\D", "", rendering)
    out = [f"{rendering[:3]}****{rendering[-4:]}", f"****{rendering[-4:]}", f"{rendering[: (len(rendering) + 1) // 2 + 1]} …",
           f"x{rendering[1:]}", f"ending in {digits[-4:]}", f"尾号{digits[-4:]}", f"{digits[:6]} {digits[-6:]}",
           f"{rendering[0]}***{rendering[-3:]}", f"{rendering[:2]}xx{rendering[-2:]}"]
    return [v for v in out if v.strip()]


def _payload_texts(task: Task) -> list[str]:
    edge, cloud = resolve_model("sim/edge-2b"), resolve_cloud("sim/cloud")
    texts: list[str] = []
    for strategy in ("cloud_only", "delegation", "advisory"):
        result = run_episode(task, EpisodeSpec(task.id, strategy, edge.name, cloud.name, 0), edge, cloud)
        for event in result.trace_events():
            for m in event.get("messages") or []:
                if isinstance(m.get("content"), str):
                    texts.append(m["content"])
                texts.extend(c["function"].get("arguments", "") for c in m.get("tool_calls") or [])
    return texts


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.id)
def test_filtered_matcher_equals_the_full_scan(task: Task) -> None:
    extra = [v for u in task.spec.sensitive for r in u.all_renderings for v in _variants(r)]
    texts = sorted({canonical(t) for t in _payload_texts(task) + extra})
    hits = 0
    for unit in task.spec.sensitive:
        matcher = matcher_for(unit.all_renderings, unit.category)
        for text in texts:
            full = matcher.scan(text)
            assert matcher.best(text) == full, (unit.id, text)
            assert matcher.exact(text) == find_unit(matcher.renderings, text), (unit.id, text)
            hits += full is not None
    assert hits > len(task.spec.sensitive)  # the comparison covered hits, not only misses

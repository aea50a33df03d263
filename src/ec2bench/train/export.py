"""`ec2bench train export`: advice-following trajectories for SFT or other trainers.

From a results store, every successful advisory episode (status ok, completion at least
`min_completion`, at least one piece of advice received) becomes one record:
`request` (the task's prompt), `advice` (each question the edge asked and the advice it got, with
its step) and `actions` (the edge's workspace calls after the first advice: tool, arguments, ok),
plus the final `answer`, the episode's identity and score, and its task's side of the train/eval
split (`split`). Episodes of eval-split tasks are left out unless `include_eval`: a trainer fed
this data would otherwise learn the very tasks `study rq3b` holds out. Records are written as a
Hugging Face `datasets` dataset (`OUT/dataset`, `Dataset.save_to_disk`) and as `OUT/episodes.jsonl`.
Prompts come from the suite (`--suite`, default the built-in one) by task id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ec2bench.core.row import EpisodeRow
from ec2bench.runner.store import Store
from ec2bench.strategies.base import parse_spec
from ec2bench.tasks.loader import load_suite
from ec2bench.train.split import is_eval


def export_advice(store_dir: Path, out: Path, *, min_completion: float = 100.0, suite: Path | None = None,
                  include_eval: bool = False) -> list[dict[str, Any]]:
    """Write the dataset and the JSONL; return the records."""
    from datasets import Dataset

    prompts = {t.id: t.spec.prompt for t in load_suite(suite)}
    store = Store.open(store_dir, create=False)
    try:
        rows = [r for r in store.rows() if parse_spec(r.strategy)[0] == "advisory" and r.status == "ok"
                and r.completion is not None and r.completion >= min_completion and r.cloud_calls > 0
                and (include_eval or not is_eval(r.task_id))]
        records = []
        for row in sorted(rows, key=lambda r: r.key):
            events = [json.loads(line) for line in store.trace_path(row.key).read_text(encoding="utf-8").splitlines()]
            record = trajectory(row, events, prompts.get(row.task_id))
            if record["advice"]:
                records.append(record)
    finally:
        store.close()
    out.mkdir(parents=True, exist_ok=True)
    with (out / "episodes.jsonl").open("w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    Dataset.from_list([_flat(r) for r in records]).save_to_disk(str(out / "dataset"))
    return records


def trajectory(row: EpisodeRow, events: list[dict[str, Any]], request: str | None) -> dict[str, Any]:
    """One episode's request, advice and the edge's actions after the first advice."""
    advice = [{"step": e["step"], "question": e.get("question"), "advice": e.get("advice")}
              for e in events if e["type"] == "consult" and e.get("kind") == "advice"]
    first = advice[0]["step"] if advice else None
    actions = [{"step": e["step"], "tool": e["tool"], "arguments": e["args"], "ok": e["ok"]}
               for e in events if e["type"] == "tool" and e["actor"] == "edge" and first is not None and e["step"] > first]
    answers = [e["message"].get("content") for e in events if e["type"] == "step" and not e["message"].get("tool_calls")]
    return {"key": row.key, "task_id": row.task_id, "edge": row.edge, "cloud": row.cloud,
            "strategy": row.strategy, "completion": row.completion,
            "split": "eval" if is_eval(row.task_id) else "train", "request": request,
            "advice": advice, "actions": actions, "answer": answers[-1] if answers else None}


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    """Arrow needs one type per column: tool arguments (any JSON) are kept as JSON text."""
    return {**record, "actions": [{**a, "arguments": json.dumps(a["arguments"], ensure_ascii=False)}
                                  for a in record["actions"]]}

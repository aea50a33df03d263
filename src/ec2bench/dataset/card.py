"""The dataset cards (`README.md`), computed from the rows they describe so they cannot drift from the data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ec2bench.dataset.hub import DATA_FILE, SPLIT, front_matter

TAGS = ["agents", "tool-use", "privacy", "edge-cloud", "benchmark"]


def _table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines + [""]


def suite_card(rows: list[dict[str, Any]], name: str) -> str:
    """The card of a task dataset: what the suite holds, counted from `rows`."""
    by_cat_lang = Counter((r["category"], r["language"]) for r in rows)
    categories = sorted({c for c, _ in by_cat_lang})
    languages = sorted({lang for _, lang in by_cat_lang})
    units = Counter(u["category"] for r in rows for u in r["units"])
    apps = Counter(app for r in rows for app in r["apps"])
    checks = sum(len(r["checks"]) for r in rows)
    harm = sum(c["harm"] for r in rows for c in r["checks"])
    injected = sum(bool(r["injections"]) for r in rows)
    files = sum(len(r["files"]) for r in rows)
    lines = [
        front_matter(pretty_name=name, rows=len(rows), task_categories=["text-generation"], tags=TAGS),
        f"# {name}", "",
        f"{len(rows)} executable agent tasks of ec2bench, the edge-cloud "
        "collaboration benchmark: each task gives an agent a prompt and simulated apps (email, files, shell, ...) "
        "seeded with fixtures holding annotated personal data, and grades the end state with deterministic checks.",
        "", "Load it with `datasets.load_dataset(\"<this folder or repo>\", split=\"test\")`, or turn it back into a "
        "runnable suite with `ec2bench tasks import <this folder or repo> SUITE` (docs/datasets.md).", "",
        "## Tasks per category and language", "",
        *_table(["category", *languages, "all"],
                [[c, *(by_cat_lang[(c, lang)] for lang in languages), sum(by_cat_lang[(c, lang)] for lang in languages)]
                 for c in categories] + [["all", *(sum(by_cat_lang[(c, lang)] for c in categories) for lang in languages), len(rows)]]),
        f"## Sensitive units per privacy category ({sum(units.values())} in all)", "",
        *_table(["privacy category", "units"], sorted(units.items(), key=lambda kv: (-kv[1], kv[0]))),
        "## Apps (tasks offering each)", "",
        *_table(["app", "tasks"], sorted(apps.items(), key=lambda kv: (-kv[1], kv[0]))),
        "## Checks and files", "",
        f"{checks} checks ({harm} of them harm checks, which cap the score instead of adding to it); "
        f"{injected} tasks carry prompt injections; {files} task files besides the {len(rows)} task definitions.", "",
        "## Columns", "",
        *_table(["column", "what it holds"], SUITE_COLUMNS),
        f"The rows are in `{DATA_FILE}` (split `{SPLIT}`).", "",
    ]
    return "\n".join(lines)


SUITE_COLUMNS = [
    ("id, title, category, language, prompt", "the task as the agent and the reports see it"),
    ("apps", "the simulated apps the task offers (`user` is always offered)"),
    ("max_steps, reference_calls", "the step budget and the tool calls of the reference solution"),
    ("difficulty", "the mean difficulty (0-1) of the reference's steps, which the simulated models use"),
    ("units", "the sensitive units: id, privacy category, value and renderings, source, needed, weight, derived, prompt_reveals"),
    ("checks", "each check's name, kind, weight, harm (a harm check caps the score) and cap"),
    ("injections", "prompt injections planted in the fixtures: id, where, text, the attacker's goal, `follow` (JSON tool calls)"),
    ("definition", "the text of the task's task.yaml"),
    ("files", "every other file of the task folder (fixtures/, hidden/, webapp/, checks.py, ...): path and bytes"),
    ("content_hash", "the task's content hash, as results stores record it (task.yaml and the fixtures/, hidden/, webapp/ files)"),
]


def results_card(rows: list[dict[str, Any]], board: str, name: str) -> str:
    """The card of a results dataset: what was run, the leaderboard of the rows, and the columns."""
    lines = [
        front_matter(pretty_name=name, rows=len(rows), task_categories=["text-generation"], tags=[*TAGS, "leaderboard"]),
        f"# {name}", "",
        f"{len(rows)} episodes of ec2bench: "
        f"{len({r['task_id'] for r in rows})} tasks, {len({r['strategy'] for r in rows})} strategies, "
        f"{len({(r['edge'], r['cloud']) for r in rows})} edge/cloud model pair(s), "
        f"{sum(r['status'] == 'ok' for r in rows)} scored and {sum(r['status'] != 'ok' for r in rows)} errors; "
        f"{sum(r['simulated'] for r in rows)} used a simulated model.", "",
        "## Episodes per strategy", "",
        *_table(["strategy", "episodes"], sorted(Counter(r["strategy"] for r in rows).items())),
        "## Leaderboard", "", board.rstrip("\n"), "",
        "## Columns", "",
        "One row per episode: the columns of a results store's episode rows (`ec2bench.core.row.EpisodeRow`; `checks`, "
        "`units` and the other JSON columns are JSON text), `store` (the results folder it was read from) and `trace` "
        "(the episode's trace events as a JSON array, or empty when the store has no trace for it).", "",
        f"The rows are in `{DATA_FILE}` (split `{SPLIT}`).", "",
    ]
    return "\n".join(lines)

"""The `ec2bench` command line.

Exit codes (also in `ec2bench --help` and the README): 0 success; 1 `tasks validate` found
invalid tasks; 2 usage error (an option value is wrong: unknown strategy or model, bad price,
bad --timeout; Typer's own code); 3 input error (a file, folder or store the command reads is
unusable: task suite, models/prices file, results store, cache folder); 4 failed sweep (the run
finished but --fail-on-error was reached); 130 interrupted. Every error is one line on stderr.
"""

from __future__ import annotations

import math
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, TextColumn
from rich.table import Table

from ec2bench.grading.judge import OFFLINE_JUDGE, describe_judge, resolve_judge
from ec2bench.models.base import ConfigError
from ec2bench.privacy.guard import require_guard
from ec2bench.models.endpoints import load_models_file
from ec2bench.models.pricing import load_price_file, parse_price
from ec2bench.models.registry import ModelInfo, resolve_cloud, resolve_model
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_json, as_markdown, as_table
from ec2bench.runner.episode import DEFAULT_TIMEOUT_S, EpisodeResult, EpisodeSpec
from ec2bench.runner.prepare import SweepPreparation, phase_of, with_target_share
from ec2bench.runner.store import Store, StoreError
from ec2bench.runner import tempdirs
from ec2bench.runner.sweep import CloudBudget, FailOnError, SweepConfig, plan, run_sweep
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import TaskLoadError, load_suite
from ec2bench.train.cli import train_app

EXIT_INVALID_TASKS, EXIT_USAGE, EXIT_INPUT, EXIT_SWEEP_FAILED, EXIT_INTERRUPTED = 1, 2, 3, 4, 130
EXIT_CODES_HELP = ("Exit codes: 0 ok; 1 tasks failed validation; 2 usage error (a wrong option value); "
                   "3 input error (unusable task suite, models/prices file, results store or cache folder); "
                   "4 failed sweep (--fail-on-error reached); 130 interrupted.")
app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help=f"Edge-cloud collaboration benchmark for LLM agents.\n\n{EXIT_CODES_HELP}")
tasks_app = typer.Typer(no_args_is_help=True, help="List and validate tasks.")
app.add_typer(tasks_app, name="tasks")
# Leaderboards are wide: when output goes to a file or pipe, do not wrap them at 80 columns.
console = Console(width=None if sys.stdout.isatty() else 200)
err_console = Console(stderr=True)


def _print_version(value: bool) -> None:
    if value:
        from ec2bench import __version__

        console.print(f"ec2bench {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    """Edge-cloud collaboration benchmark for LLM agents."""

SuiteOpt = Annotated[Path | None, typer.Option("--suite", help="suite folder (default: the built-in suite)")]
TasksOpt = Annotated[str | None, typer.Option("--tasks", help="task id glob(s), comma-separated")]


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(code)


def _load(suite: Path | None, tasks: str | None):
    try:
        loaded = load_suite(suite, tasks)
    except TaskLoadError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    if not loaded:
        raise fail(f"no tasks match {tasks!r} in {suite or 'the built-in suite'}")
    return loaded


def _timeout(value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise typer.BadParameter(f"{value} is not a number of seconds > 0")
    return value


def _fail_on_error(value: str | FailOnError) -> FailOnError:
    if isinstance(value, FailOnError):  # the default, or a direct call of `run` (the studies)
        return value
    try:
        return FailOnError.parse(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


@tasks_app.command("list")
def tasks_list(suite: SuiteOpt = None, tasks: TasksOpt = None) -> None:
    """Print id, category, language, apps, reference steps, sensitive units and judged weight of every task."""
    from ec2bench.grading.score import judged_weight

    table = Table("id", "category", "lang", "apps", "ref steps", "units", "judged %")
    loaded = _load(suite, tasks)
    for t in loaded:
        table.add_row(t.id, t.spec.category, t.spec.language, ",".join(t.spec.apps),
                      str(len(t.spec.reference_tool_calls)), str(len(t.spec.sensitive)), f"{100 * judged_weight(t):.0f}")
    console.print(table)
    console.print(f"{len(loaded)} tasks, {sum(len(t.spec.sensitive) for t in loaded)} sensitive units")


@tasks_app.command("validate")
def tasks_validate(
    suite: SuiteOpt = None,
    tasks: TasksOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="unannotated sensitive values fail the task")] = False,
) -> None:
    """Validate every task: reference scores 100 without drift, do-nothing <= 10, units in fixtures, checks can
    fail, grounded reference, no adversary above 20 (the best is shown, with the worst reference variant), and
    no unannotated sensitive value in what the reference reads (a warning, or a failure with --strict)."""
    from ec2bench.tasks.validator import validate_task

    from ec2bench.env import sandbox

    loaded = _load(suite, tasks)
    problem = sandbox.sandbox_problem() if any("shell" in t.spec.apps for t in loaded) else None
    if problem and not sandbox.unsandboxed_allowed():
        # Reference solutions are the task author's code, trusted as its checks.py is (which runs in-process).
        err_console.print(f"[yellow]warning:[/] {escape(problem)}: replaying the references' shell steps unsandboxed")
        sandbox.allow_unsandboxed()
    table = Table("task", "reference", "null", "best adversary", "worst variant", "checks", "units", "result")
    failures = 0
    for task in loaded:
        result = validate_task(task, strict=strict)
        failures += not result.ok
        table.add_row(task.id, f"{result.reference_score:.1f}", f"{result.null_score:.1f}",
                      _extreme(result.adversary_scores, max), _extreme(result.variant_scores, min),
                      str(len(task.spec.checks)), str(len(task.spec.sensitive)), "[green]ok[/]" if result.ok else "[red]FAIL[/]")
        for problem in result.problems:
            table.add_row("", "", "", "", "", "", "", f"[red]{escape(problem)}[/]")
        for warning in result.warnings:
            table.add_row("", "", "", "", "", "", "", f"[yellow]warning: {escape(warning)}[/]")
    console.print(table)
    if failures:
        err_console.print(f"[red]{failures} task(s) failed validation[/]")
        raise typer.Exit(EXIT_INVALID_TASKS)
    console.print("[green]all tasks valid[/]")


def _shell_notice(loaded: list, unsandboxed: bool) -> None:
    """Say up front, once, what happens to shell calls when bubblewrap is not usable here."""
    from ec2bench.env import sandbox

    if unsandboxed:
        sandbox.allow_unsandboxed()  # sweep workers inherit it
    problem = sandbox.sandbox_problem() if any("shell" in t.spec.apps for t in loaded) else None
    if problem is None:
        return
    if sandbox.unsandboxed_allowed():
        err_console.print(f"[yellow]warning:[/] {escape(problem)}: shell commands run UNSANDBOXED (--unsandboxed-shell)")
    else:
        err_console.print(f"[yellow]warning:[/] {escape(problem)}: shell calls will be refused "
                          "(apt-get install bubblewrap, or --unsandboxed-shell for trusted models only)")


def _extreme(scores: dict[str, float], pick) -> str:
    """`name score` of the highest (`max`) or lowest (`min`) score, or `-` when there is none."""
    if not scores:
        return "-"
    name = pick(scores, key=scores.__getitem__)
    return f"{name} {scores[name]:.1f}"


@app.command()
def run(
    out: Annotated[Path, typer.Option("--out", help="results store folder (created; re-use it to resume)")],
    strategies: Annotated[str, typer.Option("--strategies", help="comma-separated strategy specs, e.g. edge_only,cloud_only")] = "edge_only,cloud_only",
    edge: Annotated[str, typer.Option("--edge", help="edge model: sim/edge-9b, openai|vllm|ollama/<model>, llamacpp/<gguf>, or a --models name")] = "sim/edge-9b",
    cloud: Annotated[str, typer.Option("--cloud", help="cloud model: sim/cloud, openai|vllm|ollama/<model>, or a --models name")] = "sim/cloud",
    repeats: Annotated[int, typer.Option("--repeats", min=1, help="runs per task and strategy")] = 3,
    jobs: Annotated[int, typer.Option("--jobs", min=1, help="parallel worker processes")] = max(1, os.cpu_count() or 1),
    tasks: TasksOpt = None,
    suite: SuiteOpt = None,
    edge_base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the edge model")] = None,
    cloud_base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the cloud model")] = None,
    cloud_price: Annotated[str | None, typer.Option(help="cloud USD per million tokens: input,cached_input,output")] = None,
    edge_params: Annotated[float | None, typer.Option(help="edge parameter count, for FLOPs")] = None,
    timeout: Annotated[float, typer.Option(callback=_timeout, help="per-episode timeout in seconds (> 0); bounds every model call too")] = DEFAULT_TIMEOUT_S,
    models: Annotated[Path | None, typer.Option("--models", help="models file: named endpoints for --edge/--cloud (YAML)")] = None,
    prices: Annotated[Path | None, typer.Option("--prices", help="price file: model string or name -> USD per million tokens (YAML)")] = None,
    cache: Annotated[Path | None, typer.Option("--cache", help="record/replay cache folder for real model calls")] = None,
    max_cloud_usd: Annotated[float | None, typer.Option(min=0, help="start no new episode once this sweep's cloud spend reaches this")] = None,
    target_cloud_share: Annotated[float | None, typer.Option(min=0, max=1, help="calibrate every thresholded router (that sets no threshold or target) to this cloud share")] = None,
    privacy_judge: Annotated[str | None, typer.Option("--privacy-judge", help="model that judges paraphrased exposure after the audit (e.g. sim/cloud); its verdicts and cost are reported separately")] = None,
    judge: Annotated[str, typer.Option("--judge", help="judge of rubric checks: offline/judge (evidence matching, free) or a real model (openai|vllm|ollama/<model>, a --models name); its cost is reported apart as judge $")] = OFFLINE_JUDGE,
    judge_base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the --judge model")] = None,
    judge_price: Annotated[str | None, typer.Option(help="--judge model USD per million tokens: input,cached_input,output")] = None,
    edge_api_key_env: Annotated[str | None, typer.Option(help="NAME of the environment variable whose key is sent to the edge endpoint (default: none, except the hosted OpenAI API gets OPENAI_API_KEY)")] = None,
    cloud_api_key_env: Annotated[str | None, typer.Option(help="NAME of the environment variable whose key is sent to the cloud endpoint (same default)")] = None,
    fail_on_error: Annotated[FailOnError, typer.Option(parser=_fail_on_error, metavar="N|F", show_default=False, help="exit 4 when N or more of the sweep's episodes errored, or a share F in (0, 1] (e.g. 0.25 or 25%) of them; default 1.0: all of them")] = FailOnError(),
    unsandboxed_shell: Annotated[bool, typer.Option("--unsandboxed-shell", help="where bubblewrap is missing, run shell commands unsandboxed (as your user, with your files and network in reach) instead of refusing them; only for trusted models on a disposable machine")] = False,
) -> None:
    """Run a sweep (tasks x strategies x repeats), skipping stored episodes, then print the leaderboard.

    Exit codes: 0 ok; 2 usage error; 3 input error (suite, models/prices file, store, cache); 4 failed sweep (--fail-on-error); 130 interrupted.
    """
    try:
        endpoints = load_models_file(models) if models else {}
        price_table = load_price_file(prices) if prices else {}
    except ConfigError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    try:
        edge_info = resolve_model(edge, base_url=edge_base_url, params=edge_params, endpoints=endpoints, prices=price_table,
                                  api_key_env=edge_api_key_env)
        cloud_info = resolve_cloud(cloud, base_url=cloud_base_url, price=parse_price(cloud_price) if cloud_price else None,
                                   endpoints=endpoints, prices=price_table, api_key_env=cloud_api_key_env)
        specs = [s for s in (x.strip() for x in strategies.split(",")) if s]
        if not specs:
            raise ConfigError(f"--strategies {strategies!r} names no strategy; e.g. --strategies edge_only,cloud_only")
        for spec in specs:
            require_guard(make_strategy(spec).params.guard)  # a missing [privacy] extra fails here, not per episode
        judge_info = None
        if privacy_judge:
            judge_info = cloud_info if privacy_judge == cloud else resolve_model(privacy_judge, endpoints=endpoints, prices=price_table)
        rubric_judge = resolve_judge(judge, base_url=judge_base_url, price=parse_price(judge_price) if judge_price else None,
                                     endpoints=endpoints, prices=price_table)
        if target_cloud_share is not None:
            specs = [with_target_share(spec, target_cloud_share) for spec in specs]
    except ConfigError as exc:
        raise fail(str(exc)) from None
    if cache is not None and cache.exists() and not cache.is_dir():
        raise fail(f"--cache {cache} is a file; give a folder for the record/replay cache", EXIT_INPUT)
    loaded = _load(suite, tasks)
    _shell_notice(loaded, unsandboxed_shell)
    try:
        store = Store.open(out, create=True)
    except StoreError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    removed = tempdirs.remove_leftovers()
    if removed:
        console.print(f"removed {removed} temp folder(s) left by killed sweeps")
    tempdirs.claim()
    episodes = plan(loaded, specs, edge, cloud, repeats)
    done = store.keys()
    todo = [e for e in episodes if e.key not in done]
    limits = {i.name: i.max_concurrency for i in (edge_info, cloud_info) if i.max_concurrency}
    if limits and jobs > min(limits.values()):
        jobs = min(limits.values())  # one model call at a time per worker: jobs bounds calls in flight
        console.print(f"--jobs capped to {jobs} by max_concurrency of {min(limits, key=limits.__getitem__)!r}")
    console.print(f"sweep: {len(episodes)} episodes ({len(loaded)} tasks x {len(specs)} strategies x {repeats} repeats); "
                  f"{len(episodes) - len(todo)} already stored, {len(todo)} to run with {jobs} job(s)")
    console.print(f"cloud price of {cloud_info.name}: {_describe_price(cloud_info)}", highlight=False)
    if cache is not None:
        edge_info = replace(edge_info, cache_dir=cache, cache_scope="edge")
        cloud_info = replace(cloud_info, cache_dir=cache, cache_scope="cloud")
        if judge_info is not None:
            judge_info = replace(judge_info, cache_dir=cache, cache_scope="judge")
        if rubric_judge is not None:
            rubric_judge = replace(rubric_judge, cache_dir=cache)
    keys = {e.key for e in episodes}
    budget = None
    if max_cloud_usd is not None:
        budget = CloudBudget(max_cloud_usd, sum(r["cloud_usd"] for r in store.rows() if r["key"] in keys))
    if judge_info is not None:
        console.print(f"privacy judge: {judge_info.name} (verdicts stored apart; its cost is reported as judge cost)", highlight=False)
    console.print(f"rubric judge: {describe_judge(rubric_judge)}", highlight=False)
    config = SweepConfig(suite=suite, edge=edge_info, cloud=cloud_info, timeout_s=timeout, privacy_judge=judge_info,
                         judge=rubric_judge)
    errors = 0
    cache_calls = {"hit": 0, "miss": 0}
    with Progress(*Progress.get_default_columns(), TextColumn("{task.fields[status]}"), console=console,
                  disable=not todo) as progress:
        bar = progress.add_task("episodes", total=len(todo), status="")

        def on_done(spec: EpisodeSpec, result: EpisodeResult) -> None:
            nonlocal errors
            errors += result.row["status"] == "error"
            progress.update(bar, advance=1, status=f"errors {errors}" if errors else "")
            if cache is not None:
                for event in result.trace_events():
                    if event["type"] in ("model_call", "rubric_judge_call") and "cache" in event:
                        cache_calls[event["cache"]] += 1

        try:
            unstarted = 0
            prep = SweepPreparation(store, loaded, edge_info, cloud_info, timeout)
            phases = {spec: phase_of(spec) for spec in {e.strategy for e in todo}}
            for phase in (0, 1):  # phase 1 needs stored results of phase 0 (learned routers, random controls)
                batch = [e for e in todo if phases[e.strategy] == phase]
                if batch:
                    prep.refresh()
                    settings = {e.key: prep.settings_for(e) for e in batch}
                    unstarted += run_sweep(batch, config, store, jobs=jobs, on_done=on_done, budget=budget, settings=settings)
        except ConfigError as exc:
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            stored = len(store.keys() & keys)
            err_console.print(f"interrupted: {stored}/{len(episodes)} episodes are stored; run the same command again to finish")
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except StoreError as exc:
            raise fail(str(exc), EXIT_INPUT) from None
        finally:
            tempdirs.release()
    if cache is not None:
        console.print(f"cache {cache}: {cache_calls['hit']} hits, {cache_calls['miss']} misses "
                      f"({cache_calls['miss']} calls reached a model)")
    if budget is not None and unstarted:
        console.print(f"budget reached: ${budget.spent_usd:.4f} spent of --max-cloud-usd {max_cloud_usd:g}; "
                      f"{unstarted} episode(s) not started (re-run with a higher limit to finish)")
    store_rows = store.rows()
    store.close()
    _print_board(leaderboard([r for r in store_rows if r["key"] in keys]), "table")
    whole = leaderboard(store_rows)
    (out / "report.json").write_text(as_json(whole), encoding="utf-8")
    (out / "report.md").write_text(as_markdown(whole), encoding="utf-8")
    console.print(f"report: {out / 'report.md'} and {out / 'report.json'} (whole store: {len(store_rows)} episodes)")
    swept = [r for r in store_rows if r["key"] in keys]
    failed = sum(r["status"] == "error" for r in swept)
    if fail_on_error.failed(failed, len(swept)):
        raise fail(f"sweep failed: {failed} of {len(swept)} episodes errored (--fail-on-error: {fail_on_error.describe()}); "
                   "see the error column of `ec2bench report OUT --format csv`", EXIT_SWEEP_FAILED)


REPORT_FORMATS = ("table", "json", "markdown", "csv", "html")


@app.command()
def report(
    stores: Annotated[list[Path], typer.Argument(help="one or more results store folders (merged; on a duplicate episode the later store wins)")],
    format: Annotated[str, typer.Option("--format", help="table | json | markdown (leaderboard) | csv (one row per episode) | html (the full report)")] = "table",
    output: Annotated[Path | None, typer.Option("--output", "-o", "--open-to", help="write to this file instead of standard output")] = None,
    suite: Annotated[Path | None, typer.Option("--suite", help="html: the suite the stores ran (default: the built-in suite), for highlighting sensitive values in traces")] = None,
    traces: Annotated[bool, typer.Option("--traces/--no-traces", help="html: embed every episode's trace viewer")] = True,
) -> None:
    """Report on one or more stores (a pure function of the stored episodes): leaderboard, per-episode CSV, or an HTML report."""
    from ec2bench.report.stores import merge_stores

    if format not in REPORT_FORMATS:
        raise fail(f"unknown format {format!r}; use {', '.join(REPORT_FORMATS)}")
    if format == "html" and output is None:
        raise fail("--format html needs -o FILE (the report is one self-contained file)")
    try:
        merged = merge_stores(stores)
    except StoreError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    if merged.warning():
        err_console.print(f"[yellow]warning:[/] {merged.warning()}", highlight=False, soft_wrap=True)
    if format == "html":
        from ec2bench.report.html import render_html

        text = render_html(merged, suite=suite, traces=traces)
    elif format == "csv":
        from ec2bench.report.tables import episodes_csv

        text = episodes_csv(merged.rows)
    elif output is None:
        _print_board(leaderboard(merged.rows), format)
        return
    elif format == "table":
        text = _board_text(merged.rows)
    else:
        board = leaderboard(merged.rows)
        text = as_json(board) + "\n" if format == "json" else as_markdown(board)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror or exc}") from None
    err_console.print(f"{format} report: {output} ({len(text.encode()):,} bytes, {len(merged.rows)} episodes)", highlight=False)


def _board_text(rows: list[dict]) -> str:
    import io

    recorder = Console(width=240, file=io.StringIO())
    recorder.print(as_table(leaderboard(rows)))
    return recorder.file.getvalue()


def _describe_price(info: ModelInfo) -> str:
    p = info.price
    assert p is not None  # resolve_cloud guarantees it
    return f"${p.input:g} input / ${p.cached_input:g} cached / ${p.output:g} output per million tokens ({info.price_source})"


def _print_board(board: list[dict], format: str) -> None:
    if format == "json":
        print(as_json(board))
    elif format == "markdown":
        print(as_markdown(board), end="")
    else:
        console.print(as_table(board))


bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks of the harness itself.")
app.add_typer(bench_app, name="bench")


@bench_app.command("overhead")
def bench_overhead(
    episodes: Annotated[int, typer.Option(help="episodes of the fixed notes shape")] = 200,
    rounds: Annotated[int, typer.Option(help="passes over the suite")] = 5,
    suite: SuiteOpt = None,
) -> None:
    """Harness cost with a free model: workspace set-up, per-turn overhead, episodes per second."""
    from ec2bench.bench.overhead import fixed_shape_task, measure

    results = [measure(_load(suite, None), rounds, "built-in suite" if suite is None else str(suite)),
               measure([fixed_shape_task()], episodes, "notes, 10 tool calls + answer")]
    table = Table("workload", "episodes", "set-up ms (median)", "overhead ms/turn (median)", "ms/episode (median)", "episodes/s")
    for r in results:
        table.add_row(r.workload, str(r.episodes), f"{r.setup_ms:.3f}", f"{r.turn_ms:.3f}", f"{r.episode_ms:.2f}", f"{r.episodes_per_s:.0f}")
    console.print(table)



app.add_typer(train_app, name="train")

study_app = typer.Typer(no_args_is_help=True, help="The study's analyses: each runs its sweep (resumable) and writes CSV + PNG.")
app.add_typer(study_app, name="study")
StudyOut = Annotated[Path, typer.Option("--out", help="folder for the CSV tables and PNG figures")]
StudyStore = Annotated[Path | None, typer.Option("--store", help="results store to run into / resume (default: OUT/store)")]
StudyRepeats = Annotated[int, typer.Option("--repeats", min=1)]
StudyJobs = Annotated[int, typer.Option("--jobs", min=1)]
LADDER = "sim/edge-2b,sim/edge-9b,sim/edge-plus"


def _print_study(title: str, table: list[dict], out: Path) -> None:
    view = Table(*table[0].keys(), title=title) if table else Table(title=title)
    for row in table:
        view.add_row(*("-" if v is None else f"{v:.2f}" if isinstance(v, float) else str(v) for v in row.values()))
    console.print(view)
    console.print("wrote: " + ", ".join(sorted(p.name for p in out.iterdir() if p.suffix in (".csv", ".png"))))


@study_app.command("rq1")
def study_rq1(out: StudyOut, store: StudyStore = None, edge: str = "sim/edge-9b", cloud: str = "sim/cloud",
              repeats: StudyRepeats = 3, jobs: StudyJobs = max(1, os.cpu_count() or 1),
              tasks: TasksOpt = None, suite: SuiteOpt = None) -> None:
    """RQ1: the six strategies for one edge/cloud pair; completion vs cloud $ and vs exposure, against the edge-cloud line."""
    from ec2bench.study.rq1 import run_rq1

    _print_study("RQ1: collaboration vs the edge-only/cloud-only line",
                 run_rq1(out, store or out / "store", edge, cloud, repeats, jobs, tasks, suite), out)


@study_app.command("rq2")
def study_rq2(out: StudyOut, store: StudyStore = None, edges: str = LADDER, cloud: str = "sim/cloud",
              repeats: StudyRepeats = 3, jobs: StudyJobs = max(1, os.cpu_count() or 1),
              tasks: TasksOpt = None, suite: SuiteOpt = None) -> None:
    """RQ2: the capability ladder; per edge, mean and range across strategies of completion and exposure."""
    from ec2bench.study.rq2 import run_rq2

    _print_study("RQ2: capability ladder",
                 run_rq2(out, store or out / "store", _split(edges), cloud, repeats, jobs, tasks, suite), out)


@study_app.command("rq3")
def study_rq3(out: StudyOut, store: StudyStore = None, edges: str = LADDER, cloud: str = "sim/cloud",
              repeats: StudyRepeats = 3, jobs: StudyJobs = max(1, os.cpu_count() or 1),
              tasks: TasksOpt = None, suite: SuiteOpt = None) -> None:
    """RQ3: autonomous vs random cloud invocation at matched call counts, per edge."""
    from ec2bench.study.rq3 import run_rq3

    _print_study("RQ3: knowing when to ask",
                 run_rq3(out, store or out / "store", _split(edges), cloud, repeats, jobs, tasks, suite), out)


@study_app.command("rq3b")
def study_rq3b(out: StudyOut, checkpoints: Annotated[Path, typer.Option("--checkpoints", help="training folder of `ec2bench train advice`")],
               store: StudyStore = None, repeats: StudyRepeats = 1,
               tasks: Annotated[str | None, typer.Option("--tasks", help="eval-split task id glob(s), comma-separated (default: the whole eval split)")] = None) -> None:
    """RQ3b: completion vs training step of the trained edge model, under advisory and edge_only, on the eval split."""
    from ec2bench.study.rq3b import run_rq3b
    from ec2bench.train.cli import require_train_extra

    require_train_extra()
    if not (checkpoints / "train_config.json").is_file():
        raise fail(f"{checkpoints} is not a training folder of `ec2bench train advice` (no train_config.json)", EXIT_INPUT)
    _print_study("RQ3b: completion vs training step",
                 run_rq3b(checkpoints, out, store or out / "store", repeats, tasks), out)


def _split(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


if __name__ == "__main__":
    app()

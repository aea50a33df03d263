"""The `ec2bench` command line.

Exit codes (also in `ec2bench --help` and the README): 0 success; 1 `tasks validate` found
invalid tasks (`submit validate`: an invalid bundle); 2 usage error (an option value is wrong: unknown strategy or model, bad price,
bad --timeout; Typer's own code); 3 input error (a file, folder or store the command reads is
unusable: task suite, models/prices file, results store, cache folder); 4 failed sweep (the run
finished but --fail-on-error was reached); 130 interrupted. Every error is one line on stderr.
"""

from __future__ import annotations

import functools
import inspect
import logging
import math
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress, TaskID, TextColumn
from rich.table import Table

from ec2bench import api
from ec2bench.cli.bench_report import bench_report
from ec2bench.cli.bench_sweep import bench_sweep
from ec2bench.cli.common import (
    EXIT_INPUT,
    EXIT_INVALID_TASKS,
    EXIT_SWEEP_FAILED,
    SuiteOpt,
    TasksOpt,
    console,
    err_console,
    fail,
    load_tasks,
)
from ec2bench.cli.dataset import results_app, tasks_export, tasks_import
from ec2bench.cli.submit import submit_app
from ec2bench.cli.train import train_app
from ec2bench.contracts import EpisodeSpec
from ec2bench.core.errors import ConfigError, Ec2benchError, Interrupted
from ec2bench.core.row import EpisodeRow
from ec2bench.report.intervals import DEFAULT_RESAMPLES
from ec2bench.report.leaderboard import leaderboard
from ec2bench.report.render import as_json, as_markdown, as_table
from ec2bench.report.stores import Merged
from ec2bench.runner.store import StoreError
from ec2bench.runner.sweep import FailOnError

T = TypeVar("T")
EXIT_CODES_HELP = ("Exit codes: 0 ok; 1 tasks failed validation; 2 usage error (a wrong option value); "
                   "3 input error (unusable task suite, models/prices file, results store or cache folder); "
                   "4 failed sweep (--fail-on-error reached); 130 interrupted.")
app = typer.Typer(no_args_is_help=True,
                  help=f"Edge-cloud collaboration benchmark for LLM agents.\n\n{EXIT_CODES_HELP}")
tasks_app = typer.Typer(no_args_is_help=True, help="List, validate, export and import tasks.")
app.add_typer(tasks_app, name="tasks")
tasks_app.command("export")(tasks_export)
tasks_app.command("import")(tasks_import)
app.add_typer(results_app, name="results")
log = logging.getLogger("ec2bench.cli")


def _print_version(value: bool) -> None:
    if value:
        from ec2bench.core.version import __version__

        console.print(f"ec2bench {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True,
                                          help="print the version and exit")] = False,
    log_level: Annotated[str | None, typer.Option("--log-level", metavar="LEVEL", help="debug | info | warning | error (default: warning)")] = None,
    verbose: Annotated[int, typer.Option("--verbose", "-v", count=True, help="more log output (-v info, -vv debug)")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="log errors only")] = False,
    env_file: Annotated[Path | None, typer.Option("--env-file", help="read environment variables from this file (default: ./.env when it exists); variables already set win")] = None,
    plugin: Annotated[list[str] | None, typer.Option("--plugin", metavar="MODULE", help="import this plugin module (repeatable; also EC2BENCH_PLUGINS=mod1,mod2 and installed `ec2bench.plugins` entry points)")] = None,
) -> None:
    """Edge-cloud collaboration benchmark for LLM agents."""
    from ec2bench.cli import logs
    from ec2bench.plugin import PluginError, load_plugins

    try:
        logs.configure(logs.level_for(log_level, verbose, quiet))
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--log-level") from None
    _load_env_file(env_file)
    try:
        for name in load_plugins(plugin or ()):
            log.info("plugin %s loaded", name)
    except PluginError as exc:
        raise fail(str(exc)) from None


def _load_env_file(path: Path | None) -> None:
    """`KEY=value` lines into the environment (API keys, OPENAI_BASE_URL, EC2BENCH_* settings)."""
    from dotenv import load_dotenv

    if path is not None and not path.is_file():
        raise fail(f"--env-file {path}: no such file", EXIT_INPUT)
    path = path or Path(".env")
    if path.is_file():
        try:
            load_dotenv(path, override=False)
        except UnicodeDecodeError as exc:
            raise fail(f"--env-file {path} is not valid UTF-8 (byte {exc.start}: {exc.reason})", EXIT_INPUT) from None
        except OSError as exc:
            raise fail(f"cannot read --env-file {path}: {exc.strerror or exc}", EXIT_INPUT) from None
        log.info("read environment variables from %s", path)




@tasks_app.command("list")
def tasks_list(suite: SuiteOpt = None, tasks: TasksOpt = None) -> None:
    """Print every task (category, language, apps, reference calls, units: all / read by the reference,
    judged weight), then the suite's summary: counts by category and language, distributions, units, features."""
    from ec2bench.grading.score import judged_weight
    from ec2bench.qa.summary import summarize, task_facts

    table = Table("id", "category", "lang", "apps", "ref calls", "units", "read", "judged %")
    loaded = load_tasks(suite, tasks)
    facts = []
    for t in loaded:
        f = task_facts(t)
        facts.append(f)
        table.add_row(t.id, f.category, f.language, ",".join(f.apps), str(f.reference_calls), str(f.units),
                      str(f.units_read), f"{100 * judged_weight(t):.0f}")
    console.print(table)
    for line in summarize(facts).lines():
        console.print(line, highlight=False)


@tasks_app.command("lint")
def tasks_lint(
    suite: SuiteOpt = None,
    tasks: TasksOpt = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", help="only this rule (repeatable); see --list-rules")] = None,
    baseline: Annotated[Path | None, typer.Option(
        help="a JSON file of accepted findings per rule and task: only findings beyond it fail")] = None,
    write_baseline: Annotated[Path | None, typer.Option(help="write the findings' counts to this file as the baseline")] = None,
    list_rules: Annotated[bool, typer.Option("--list-rules", help="print the rules and exit")] = False,
    agreement: Annotated[bool, typer.Option(
        "--agreement", help="print how the hand annotation and the detector agree, per category, and exit")] = False,
) -> None:
    """Read the tasks as a reviewer does: Faker filler, identity data that cannot exist, addresses whose
    divisions do not belong together, annotations on role mailboxes or long phrases, undated "today",
    and suite-wide sameness. Prints the count per rule, then the findings; exit 1 on findings
    (or, with --baseline, on findings beyond it)."""
    from ec2bench.qa import lint
    from ec2bench.qa.lint.baseline import beyond, read_baseline, write

    if list_rules:
        for name in lint.rule_names():
            console.print(name, highlight=False)
        return
    if agreement:
        _print_agreement(load_tasks(suite, tasks))
        return
    unknown = sorted(set(rule or ()) - set(lint.rule_names()))
    if unknown:
        raise fail(f"--rule {unknown[0]}: no such rule; see --list-rules")
    skipped = lint.unavailable()
    missing = sorted(set(rule or ()) & set(skipped))
    if missing:
        raise fail(f"--rule {missing[0]} needs what is not installed: {skipped[missing[0]]}", EXIT_INPUT)
    for name, hint in skipped.items():
        err_console.print(f"[yellow]rule {name} skipped: it needs what is not installed ({hint})[/]")
    try:
        findings = lint.lint_suite(load_tasks(suite, tasks), rule)
    except ImportError as exc:
        raise fail(f"tasks lint needs the lint extra ({exc.name} is missing): pip install 'ec2bench[lint]'", EXIT_INPUT) from None
    table = Table("rule", "findings", "tasks")
    for name, (n, t) in lint.counts(findings).items():
        if (rule is None or name in rule) and name not in skipped:
            table.add_row(name, str(n), str(t))
    console.print(table)
    if write_baseline is not None:
        write(write_baseline, findings)
        console.print(f"baseline of {len(findings)} finding(s) written to {write_baseline}")
        return
    try:
        failing = beyond(findings, read_baseline(baseline)) if baseline is not None else findings
    except ValueError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    for finding in failing:
        console.print(f"{finding.task}: {escape(str(finding))}", highlight=False)
    if failing:
        what = "beyond the baseline" if baseline is not None else "in all"
        err_console.print(f"[red]{len(failing)} finding(s) {what}[/]")
        raise typer.Exit(EXIT_INVALID_TASKS)
    console.print("[green]no findings[/]" if baseline is None else "[green]no findings beyond the baseline[/]")


def _print_agreement(loaded: list[Any]) -> None:
    """The second annotator's agreement table (`ec2bench.qa.lint.candidates.agreement`)."""
    from ec2bench.qa.lint import NEEDS, unavailable
    from ec2bench.qa.lint.candidates import agreement

    if "unreviewed-candidate" in unavailable():
        raise fail(f"--agreement needs Presidio: {NEEDS['unreviewed-candidate'][1]}", EXIT_INPUT)
    table = Table("category", "both", "hand only", "detector only", "detector finds of hand")
    for category, a in agreement(loaded).items():
        hand = a.both + a.hand_only
        table.add_row(category, str(a.both), str(a.hand_only), str(a.detector_only),
                      f"{100 * a.both / hand:.0f}%" if hand else "-")
    console.print(table)


@tasks_app.command("validate")
def tasks_validate(
    suite: SuiteOpt = None,
    tasks: TasksOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help="unannotated sensitive values fail the task")] = False,
) -> None:
    """Validate every task: reference scores 100 without drift, do-nothing <= 10, units in fixtures, checks can
    fail, grounded reference, no adversary above 20 (the best is shown, with the worst reference variant), the
    reference-plus-leak adversary flagged and at most 50 (its score and leaked units are shown), and no
    unannotated sensitive value in what the reference reads (a warning, or a failure with --strict)."""
    from ec2bench.env import sandbox
    from ec2bench.qa import validator

    loaded = load_tasks(suite, tasks)
    problem = sandbox.sandbox_problem() if any(sandbox.needs_sandbox(t.spec.apps) for t in loaded) else None
    if problem and not sandbox.unsandboxed_allowed():
        # Reference solutions are the task author's code, trusted as its checks.py is (which runs in-process).
        log.warning("%s: replaying the references' shell steps unsandboxed", problem)
        sandbox.allow_unsandboxed()
    table = Table("task", "reference", "null", "best adversary", "leaker", "worst variant", "best wrong", "checks",
                  "units", "result")
    suite_problems = validator.suite_problems(loaded)
    results = []
    with Progress(*Progress.get_default_columns(), console=err_console, transient=True) as progress:
        bar = progress.add_task("validating", total=len(loaded))
        for task in loaded:
            results.append(result := validator.validate_task(task, strict=strict))
            progress.advance(bar)
            table.add_row(task.id, f"{result.reference_score:.1f}", f"{result.null_score:.1f}",
                          _extreme({k: v for k, v in result.adversary_scores.items() if k != "leaker"}, max),
                          f"{result.adversary_scores['leaker']:.1f} ({result.adversary_leaks.get('leaker', 0)} leaked)"
                          if "leaker" in result.adversary_scores else "-", _extreme(result.variant_scores, min),
                          _extreme(result.wrong_scores, max), str(len(task.spec.checks)), str(len(task.spec.sensitive)),
                          "[green]ok[/]" if result.ok else "[red]FAIL[/]")
            for problem in result.problems:
                table.add_row(*[""] * 9, f"[red]{escape(problem)}[/]")
            for warning in result.warnings:
                table.add_row(*[""] * 9, f"[yellow]warning: {escape(warning)}[/]")
    failures = sum(not r.ok for r in results)
    console.print(table)
    _print_validation_summary(results)
    for problem in suite_problems:
        err_console.print(f"[red]{escape(problem)}[/]")
    if failures or suite_problems:
        err_console.print(f"[red]{failures} task(s) failed validation, {len(suite_problems)} suite problem(s)[/]")
        raise typer.Exit(EXIT_INVALID_TASKS)
    console.print("[green]all tasks valid[/]")


def _print_validation_summary(results: list[Any]) -> None:
    """The suite's figures (`ec2bench.qa.validation_summary`): variants, worst valid and best wrong, and each
    adversary's best score and the tasks it beat."""
    from ec2bench.qa.validation_summary import summarize_validation

    summary = summarize_validation(results)
    figures = Table("tasks", "valid variants per task (min/median/max)", "wrong variants per task", "worst valid",
                    "best wrong", "wrong over ceiling", title="variants")
    figures.add_row(str(summary.tasks), str(summary.valid_variants), str(summary.wrong_variants),
                    str(summary.worst_valid), str(summary.best_wrong), str(summary.wrong_above_ceiling))
    console.print(figures)
    adversaries = Table("adversary", "tasks run", "max", "tasks above its ceiling", title="adversaries")
    for a in summary.adversaries:
        adversaries.add_row(a.name, str(a.ran), str(a.best), str(a.beat))
    console.print(adversaries)


def _extreme(scores: dict[str, float], pick) -> str:
    """`name score` of the highest (`max`) or lowest (`min`) score, or `-` when there is none."""
    if not scores:
        return "-"
    name = pick(scores, key=scores.__getitem__)
    return f"{name} {scores[name]:.1f}"


class _ConsoleObserver:
    """Shows a running sweep on the terminal: notices on stdout, warnings on stderr, a progress bar."""

    def __init__(self) -> None:
        self._progress: Progress | None = None
        self._bar: TaskID | None = None
        self._errors = 0

    def notice(self, text: str) -> None:
        console.print(text, highlight=False)

    def warning(self, text: str) -> None:
        err_console.print(f"[yellow]warning:[/] {escape(text)}", highlight=False)

    def started(self, todo: int) -> None:
        if todo:
            self._progress = Progress(*Progress.get_default_columns(), TextColumn("{task.fields[status]}"), console=console)
            self._bar = self._progress.add_task("episodes", total=todo, status="")
            self._progress.start()

    def episode_done(self, spec: EpisodeSpec, row: EpisodeRow) -> None:
        self._errors += row.status == "error"
        if self._progress is not None and self._bar is not None:
            self._progress.update(self._bar, advance=1, status=f"errors {self._errors}" if self._errors else "")

    def finished(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def _library(call: Callable[[], T]) -> T:
    """Call the library; its errors become the command line's one-line messages and exit codes."""
    try:
        return call()
    except Interrupted as exc:
        err_console.print(str(exc), highlight=False)
        raise typer.Exit(exc.exit_code) from None
    except Ec2benchError as exc:
        raise fail(str(exc), exc.exit_code) from None


def _timeout(value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise typer.BadParameter(f"{value} is not a number of seconds > 0")
    return value


def _fail_on_error(value: str | FailOnError) -> FailOnError:
    if isinstance(value, FailOnError):
        return value
    try:
        return FailOnError.parse(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


# The options every sweep takes (`run` and the studies), keyed by the name of the `ec2bench.run`
# parameter they set; their defaults are that function's.
SWEEP_OPTIONS: dict[str, Any] = {
    "cloud": Annotated[str, typer.Option("--cloud", help="cloud model: sim/cloud, openai|vllm|ollama/<model>, or a --models name")],
    "repeats": Annotated[int, typer.Option("--repeats", min=1, help="runs per task and strategy")],
    "jobs": Annotated[int, typer.Option("--jobs", min=1, help="episodes in flight (threads, spread over worker processes when they run)")],
    "tasks": TasksOpt,
    "suite": SuiteOpt,
    "edge_base_url": Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the edge model")],
    "cloud_base_url": Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the cloud model")],
    "cloud_price": Annotated[str | None, typer.Option(help="cloud USD per million tokens: input,cached_input,output")],
    "edge_params": Annotated[float | None, typer.Option(help="edge parameter count, for FLOPs")],
    "timeout": Annotated[float, typer.Option(callback=_timeout, help="per-episode timeout in seconds (> 0); bounds every model call too")],
    "models": Annotated[Path | None, typer.Option("--models", help="models file: named endpoints for --edge/--cloud (YAML)")],
    "prices": Annotated[Path | None, typer.Option("--prices", help="price file: model string or name -> USD per million tokens (YAML)")],
    "cache": Annotated[Path | None, typer.Option("--cache", help="record/replay cache folder for real model calls")],
    "max_cloud_usd": Annotated[float | None, typer.Option(min=0, help="start no new episode once this sweep's cloud spend reaches this")],
    "max_connections": Annotated[int | None, typer.Option(min=1, help="model calls in flight per endpoint, across the sweep (a models file's max_concurrency caps it too)")],
    "target_cloud_share": Annotated[float | None, typer.Option(min=0, max=1, help="calibrate every thresholded router (that sets no threshold or target) to this cloud share")],
    "privacy_judge": Annotated[str | None, typer.Option("--privacy-judge", help="model that judges paraphrased exposure after the audit (e.g. sim/cloud); its verdicts and cost are reported separately")],
    "judge": Annotated[str, typer.Option("--judge", help="judge of rubric checks: offline/judge (evidence matching, free) or a real model (openai|vllm|ollama/<model>, a --models name); its cost is reported apart as judge $")],
    "judge_base_url": Annotated[str | None, typer.Option(help="OpenAI-compatible base URL for the --judge model")],
    "judge_price": Annotated[str | None, typer.Option(help="--judge model USD per million tokens: input,cached_input,output")],
    "edge_api_key_env": Annotated[str | None, typer.Option(help="NAME of the environment variable whose key is sent to the edge endpoint (default: none, except the hosted OpenAI API gets OPENAI_API_KEY)")],
    "cloud_api_key_env": Annotated[str | None, typer.Option(help="NAME of the environment variable whose key is sent to the cloud endpoint (same default)")],
    "max_output_tokens": Annotated[int | None, typer.Option(min=1, help="most tokens per reply of a real edge or cloud model (default: the models file's max_output_tokens, else 1024)")],
    "edge_max_output_tokens": Annotated[int | None, typer.Option(min=1, help="--max-output-tokens for the edge model only (wins over it)")],
    "cloud_max_output_tokens": Annotated[int | None, typer.Option(min=1, help="--max-output-tokens for the cloud model only (wins over it)")],
    "user_model": Annotated[str | None, typer.Option("--user-model", help="who answers the agent's user_ask questions: sim/user (offline, from the task's user_facts, only to a question naming a fact's specific terms) or a real model; default: the task's scripted answers")],
    "executor": Annotated[str, typer.Option("--executor", help="local (threads of this process) or ray (actors on a Ray cluster; extra \\[ray])")],
    "processes": Annotated[int | None, typer.Option("--processes", min=0, help="local worker processes for a sweep of simulated or served models (default: one per core when that pays; 0: threads of one process only)")],
    "ray_address": Annotated[str | None, typer.Option("--ray-address", help="--executor ray: the cluster to join (auto, host:port, ray://host:port); default: start a local Ray")],
    "fail_on_error": Annotated[FailOnError, typer.Option(parser=_fail_on_error, metavar="N|F", show_default=False, help="exit 4 when N or more of the sweep's episodes errored, or a share F in (0, 1] (e.g. 0.25 or 25%) of them; default 1.0: all of them")],
    "unsandboxed_shell": Annotated[bool, typer.Option("--unsandboxed-shell", help="where no bubblewrap sandbox works, run shell commands unsandboxed (as your user, with your files and network in reach) instead of refusing to start a sweep of shell tasks; only for trusted models on a disposable machine")],
}


def sweep_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give a command every option of `SWEEP_OPTIONS`; it receives them as one dict, `options`."""
    defaults = inspect.signature(api.run).parameters
    own = [p for p in inspect.signature(command, eval_str=True).parameters.values() if p.name != "options"]
    shared = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                                default=defaults[name].default) for name, annotation in SWEEP_OPTIONS.items()]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        options = {name: kwargs.pop(name) for name in SWEEP_OPTIONS}
        command(**kwargs, options=options)

    wrapper.__signature__ = inspect.Signature([*own, *shared])  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in [*own, *shared]}
    return wrapper


@app.command()
@sweep_options
def run(
    out: Annotated[Path, typer.Option("--out", help="results store folder (created; re-use it to resume)")],
    strategies: Annotated[str, typer.Option("--strategies", help="comma-separated strategy specs, e.g. edge_only,cloud_only")] = "edge_only,cloud_only",
    edge: Annotated[str, typer.Option("--edge", help="edge model: sim/edge-9b, openai|vllm|ollama/<model>, llamacpp/<gguf>, or a --models name")] = "sim/edge-9b",
    wide: Annotated[bool, typer.Option("--wide", help="show every leaderboard column (tokens, judge $, PFLOPs, ...), not only those that fit 120 columns")] = False,
    agent: Annotated[list[str] | None, typer.Option("--agent", help="an outside agent, NAME=module:function or NAME='command {placeholders}', run through MCP and the model proxy beside --strategies and stored as agent:NAME (repeatable; extra \\[bridge]; docs/agents.md)")] = None,
    agent_policy: Annotated[str, typer.Option("--agent-policy", help="the strategy that serves the outside agents' `route` model and adds its tools (e.g. step_routing, advisory:context=question, delegation)")] = "edge_only",
    *,
    options: dict[str, Any],
) -> None:
    """Run a sweep (tasks x strategies x repeats), skipping stored episodes, then print the leaderboard.

    Exit codes: 0 ok; 2 usage error; 3 input error (suite, models/prices file, store, cache; or shell tasks and no working sandbox without --unsandboxed-shell); 4 failed sweep (--fail-on-error); 130 interrupted.
    """
    command = shlex.join(["ec2bench", *sys.argv[1:]])  # recorded in the store (`sweeps.jsonl`)
    result = _library(lambda: api.run(out=out, strategies=strategies, edge=edge, agents=agent or (), agent_policy=agent_policy,
                                      observer=_ConsoleObserver(), command=command, **options))
    _print_board(result.leaderboard, "table", wide)
    console.print(f"report: {out / 'report.md'} and {out / 'report.json'}")
    if result.failure:
        raise fail(result.failure, result.exit_code)


@app.command()
def serve(
    task: Annotated[str, typer.Argument(help="the id of one task")],
    out: Annotated[Path, typer.Option("--out", help="results store folder the episode is stored in (created)")] = Path("runs/serve"),
    edge: Annotated[str, typer.Option("--edge", help="the model behind /edge/v1")] = "sim/edge-9b",
    cloud: Annotated[str, typer.Option("--cloud", help="the model behind /cloud/v1 (through the boundary: recorded, metered, priced)")] = "sim/cloud",
    policy: Annotated[str, typer.Option("--policy", help="the strategy that answers the virtual `route` model and adds its tools (e.g. step_routing, advisory)")] = "edge_only",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="127.0.0.1 port of the model proxy (and of MCP over HTTP); 0: any free port")] = 8765,
    transport: Annotated[str, typer.Option("--transport", help="http: MCP at http://127.0.0.1:PORT/mcp; stdio: MCP over this process's stdin/stdout")] = "http",
    repeat: Annotated[int, typer.Option("--repeat", min=0, help="the repeat number: it fixes the episode's seed, as in a sweep")] = 0,
    suite: SuiteOpt = None,
    timeout: Annotated[float, typer.Option(callback=_timeout, help="the episode's deadline in seconds")] = 3600.0,
) -> None:
    """Serve one episode of TASK by hand for an agent you run: its workspace as an MCP server and its models behind an
    OpenAI-compatible proxy, until Ctrl-C; then grade and audit it, store it as agent:serve and print its row.

    Exit codes: 0 ok; 2 usage error; 3 input error.
    """
    row = _library(lambda: api.serve(task, out=out, edge=edge, cloud=cloud, policy=policy, port=port, transport=transport,
                                     repeat=repeat, suite=suite, timeout=timeout))
    out_console = Console(stderr=True) if transport == "stdio" else console  # stdout is the MCP client's
    out_console.print(f"{row.task_id}: {row.status}{' (' + row.error + ')' if row.error else ''}, completion {row.completion}, "
                  f"steps {row.steps}, tool calls {row.tool_calls}, cloud ${row.cloud_usd:.4f}, privacy {row.privacy:.1f}; "
                  f"stored in {out} (`ec2bench report {out}`)")


REPORT_FORMATS = ("table", "json", "markdown", "csv", "board-csv", "html", "inspect")


@app.command()
def report(
    stores: Annotated[list[Path], typer.Argument(help="one or more results store folders (merged; on a duplicate episode the later store wins)")],
    format: Annotated[str, typer.Option("--format", help="table | json | markdown (leaderboard, with 95% intervals) | csv (one row per episode) | board-csv (the leaderboard, intervals as *_ci_lo/*_ci_hi columns) | html (the full report) | inspect (Inspect .eval logs in the folder -o, one per strategy and model pair; extra [inspect])")] = "table",
    output: Annotated[Path | None, typer.Option("--output", "-o", "--open-to", help="write to this file instead of standard output")] = None,
    suite: Annotated[Path | None, typer.Option("--suite", help="html, inspect: the suite the stores ran (default: the built-in suite), for highlighting sensitive values in traces (html) and each task's prompt (inspect)")] = None,
    traces: Annotated[bool, typer.Option("--traces/--no-traces", help="html: embed every episode's trace viewer")] = True,
    by: Annotated[str | None, typer.Option("--by", help="category | language: completion · privacy of each strategy per task category or prompt language (a Markdown table) instead of the leaderboard")] = None,
    wide: Annotated[bool, typer.Option("--wide", help="table: show every leaderboard column, not only those that fit 120 columns (json, markdown, csv and html always have all)")] = False,
    resamples: Annotated[int, typer.Option("--resamples", min=0, help="bootstrap resamples of the 95% intervals (table, json, markdown, board-csv, --compare); 0: no intervals")] = DEFAULT_RESAMPLES,
    compare: Annotated[tuple[str, str] | None, typer.Option("--compare", metavar="A B", help="compare two groups pair by pair (same task and repeat): the difference in completion, pass^k, privacy and cloud $/task with its 95% interval, as sentences (or --format json). A group: a strategy spec, its name when unique, or STRATEGY@EDGE,CLOUD")] = None,
) -> None:
    """Report on one or more stores (a pure function of the stored episodes): leaderboard, per-episode CSV, or an HTML report.

    Figures that are means over tasks carry a 95% interval: a bootstrap over tasks, then each task's repeats (docs/design.md).
    """
    from ec2bench.report.stores import merge_stores
    from ec2bench.report.tables import BREAKDOWNS, breakdown_markdown

    if format not in REPORT_FORMATS:
        raise fail(f"unknown format {format!r}; use {', '.join(REPORT_FORMATS)}")
    if by is not None and by not in BREAKDOWNS:
        raise fail(f"unknown --by {by!r}; use {' or '.join(BREAKDOWNS)}")
    if by is not None and format not in ("table", "markdown"):
        raise fail("--by writes a Markdown table: use it with the default format or --format markdown")
    if format == "html" and output is None:
        raise fail("--format html needs -o FILE (the report is one self-contained file)")
    if compare is not None and (by is not None or format not in ("table", "json")):
        raise fail("--compare writes sentences (the default format) or --format json")
    if format == "inspect":
        from ec2bench.cli.inspect_export import export_inspect

        return export_inspect(stores, output, suite)
    try:
        merged = merge_stores(stores)
    except StoreError as exc:
        raise fail(str(exc), EXIT_INPUT) from None
    if merged.warning():
        log.warning("%s", merged.warning())
    if by is not None:
        text = breakdown_markdown(merged.rows, by)
    elif compare is not None:
        text = _compare_text(merged.rows, compare, format, resamples)
    elif format == "html" and output is not None:
        _write_html_report(merged, output, suite=suite, traces=traces)
        return
    elif format == "csv":
        from ec2bench.report.tables import episodes_csv

        text = episodes_csv(merged.rows)
    elif format == "board-csv":
        from ec2bench.report.render import board_csv

        text = board_csv(leaderboard(merged.rows, resamples=resamples))
    elif output is None:
        _print_board(leaderboard(merged.rows, resamples=resamples), format, wide)
        return
    elif format == "table":
        text = _board_text(merged.rows, wide, resamples)
    else:
        board = leaderboard(merged.rows, resamples=resamples)
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


def _compare_text(rows: Sequence[EpisodeRow], selectors: tuple[str, str], format: str, resamples: int) -> str:
    """`report --compare A B`: one sentence per figure, or the comparison as JSON."""
    import json

    from ec2bench.report.compare import SelectorError, compare, groups, select

    try:
        a, b = (select(s, groups(rows)) for s in selectors)
        result = compare(rows, a, b, resamples=resamples)
    except SelectorError as exc:
        raise fail(str(exc)) from None
    if format == "json":
        return json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    return "".join(f"{f['sentence']}\n" for f in result["figures"].values())


def _write_html_report(merged: Merged, output: Path, *, suite: Path | None, traces: bool) -> None:
    """The HTML report streamed into `output` as it is made (a report of thousands of episodes is never
    held in memory whole), through a temporary file beside it so that a failed run leaves no half report."""
    from ec2bench.report.html import write_html

    tmp = output.with_name(output.name + ".part")
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("w", encoding="utf-8") as out:
            write_html(merged, out, suite=suite, traces=traces)
        tmp.replace(output)
    except OSError as exc:
        raise fail(f"cannot write {output}: {exc.strerror or exc}") from None
    finally:
        tmp.unlink(missing_ok=True)
    err_console.print(f"html report: {output} ({output.stat().st_size:,} bytes, {len(merged.rows)} episodes)", highlight=False)


def _board_text(rows: Sequence[EpisodeRow], wide: bool, resamples: int) -> str:
    import io

    text = io.StringIO()
    table = as_table(leaderboard(rows, resamples=resamples), wide=wide)
    Console(width=_natural_width(table) if wide else DEFAULT_BOARD_WIDTH, file=text).print(table)
    return text.getvalue()


DEFAULT_BOARD_WIDTH = 120  # the default leaderboard fits this many columns; piped output is laid out for it


def _natural_width(table: Table) -> int:
    """The width a table takes when nothing has to be cut or folded."""
    return Console(width=100_000).measure(table).maximum


def _print_board(board: list[dict], format: str, wide: bool = False) -> None:
    if format == "json":
        print(as_json(board))
    elif format == "markdown":
        print(as_markdown(board), end="")
    else:
        table = as_table(board, wide=wide)
        # a terminal's own width (rich reads COLUMNS too); a pipe gets COLUMNS or 120; --wide is never cut
        width = console.width if sys.stdout.isatty() else _env_columns() or DEFAULT_BOARD_WIDTH
        Console(width=max(width, _natural_width(table)) if wide else width).print(table)


def _env_columns() -> int | None:
    """The COLUMNS variable as a width, when it is a positive number."""
    import os

    value = os.environ.get("COLUMNS", "")
    return int(value) if value.isdigit() and int(value) > 0 else None


strategies_app = typer.Typer(no_args_is_help=True, help="The strategies this installation knows, with their parameters.")
app.add_typer(strategies_app, name="strategies")


@strategies_app.command("list")
def strategies_list() -> None:
    """Every strategy with a one-line summary and its parameters (name=default); `show NAME` for details."""
    from ec2bench.strategies.catalog import catalog

    table = Table("strategy", "summary", "parameters (name=default)")
    for doc in catalog():
        table.add_row(doc.name, escape(doc.summary), escape(", ".join(f"{p.name}={p.default}" for p in doc.params)))
    console.print(table)
    console.print("a strategy spec is name[:param=value...], e.g. advisory:context=question")


@strategies_app.command("show")
def strategies_show(name: Annotated[str, typer.Argument(help="a strategy name, e.g. advisory")]) -> None:
    """A strategy's documentation and each parameter's type, default and meaning."""
    from ec2bench.strategies.catalog import describe

    try:
        doc = describe(name)
    except ConfigError as exc:
        raise fail(str(exc)) from None
    console.print(f"[bold]{doc.name}[/]", highlight=False)
    console.print(doc.doc, markup=False, highlight=False)
    table = Table("parameter", "type", "default", "meaning")
    for p in doc.params:
        table.add_row(p.name, escape(p.type), escape(p.default), escape(p.doc))
    console.print(table)


bench_app = typer.Typer(no_args_is_help=True, help="Benchmarks of the harness itself.")
app.add_typer(bench_app, name="bench")
bench_app.command("sweep")(bench_sweep)
bench_app.command("report")(bench_report)


@bench_app.command("overhead")
def bench_overhead(
    episodes: Annotated[int, typer.Option(help="episodes of the fixed notes shape")] = 200,
    rounds: Annotated[int, typer.Option(help="passes over the suite")] = 5,
    suite: SuiteOpt = None,
) -> None:
    """Harness cost with a free model: workspace set-up, per-turn overhead, episodes per second."""
    from ec2bench.bench.overhead import fixed_shape_task, measure

    results = [measure(load_tasks(suite, None), rounds, "built-in suite" if suite is None else str(suite)),
               measure([fixed_shape_task()], episodes, "notes, 10 tool calls + answer")]
    table = Table("workload", "episodes", "set-up ms (median)", "overhead ms/turn (median)", "ms/episode (median)", "episodes/s")
    for r in results:
        table.add_row(r.workload, str(r.episodes), f"{r.setup_ms:.3f}", f"{r.turn_ms:.3f}", f"{r.episode_ms:.2f}", f"{r.episodes_per_s:.0f}")
    console.print(table)



@bench_app.command("concurrency")
def bench_concurrency(
    in_flight: Annotated[str, typer.Option("--in-flight", help="comma-separated levels of calls in flight (--jobs of each sweep)")] = "1,16,64,128,256",
    delay: Annotated[float, typer.Option(min=0.01, help="seconds the stub takes to answer each call")] = 1.0,
    rounds: Annotated[int, typer.Option(min=1, help="episodes per level = rounds x calls in flight")] = 2,
    tool_calls: Annotated[int, typer.Option(min=0, help="tool calls per episode before its final answer")] = 10,
    processes: Annotated[int | None, typer.Option("--processes", min=0, help="passed to each sweep (default: the sweep decides; 0: threads of one process)")] = None,
) -> None:
    """Throughput against a latency-injected local endpoint: % of ideal, first-call latency, peak memory, CPU.
    At 256 calls in flight the target is >= 90% of ideal, < 500 MiB and a first call within 3 s; exit code 4 when missed."""
    from ec2bench.bench.concurrency import TARGET, TARGET_IN_FLIGHT, measure, meets_target

    try:
        levels = [int(x) for x in _split(in_flight)]
    except ValueError:
        raise fail(f"--in-flight {in_flight!r} is not a list of whole numbers") from None
    if not levels or min(levels) < 1:
        raise fail("--in-flight needs levels >= 1")
    table = Table("in flight", "episodes", "calls", "errors", "calls/s", "% of ideal", "first call s",
                  "peak RSS MiB", "CPU s", "max at stub")
    extra = ("--processes", str(processes)) if processes is not None else ()
    missed = False
    for level in levels:
        try:
            r = measure(level, delay_s=delay, rounds=rounds, tool_calls=tool_calls, extra_args=extra)
        except RuntimeError as exc:  # the sweep under test failed: its own error says why
            raise fail(str(exc), EXIT_SWEEP_FAILED) from None
        table.add_row(str(r.in_flight), str(r.episodes), str(r.calls), str(r.errors), f"{r.calls_per_s:.1f}",
                      f"{r.ideal_pct:.0f}", f"{r.first_call_s:.2f}", f"{r.peak_rss_mib:.0f}", f"{r.cpu_s:.1f}",
                      str(r.max_at_stub))
        missed = missed or (r.in_flight == TARGET_IN_FLIGHT and not meets_target(r))
    console.print(table)
    if TARGET_IN_FLIGHT in levels:
        console.print(f"target at {TARGET_IN_FLIGHT} in flight ({TARGET}): {'missed' if missed else 'met'}")
    if missed:
        raise typer.Exit(EXIT_SWEEP_FAILED)



app.add_typer(train_app, name="train")
app.add_typer(submit_app, name="submit")

study_app = typer.Typer(no_args_is_help=True, help="The study's analyses: each runs its sweep (resumable) and writes CSV + PNG.")
app.add_typer(study_app, name="study")
StudyOut = Annotated[Path, typer.Option("--out", help="folder for the CSV tables and PNG figures")]
StudyStore = Annotated[Path | None, typer.Option("--store", help="results store to run into / resume (default: OUT/store)")]
StudyEdges = Annotated[str, typer.Option("--edges", help="comma-separated edge models, one sweep each")]
LADDER = "sim/edge-2b,sim/edge-9b,sim/edge-plus"


def _study(title: str, analysis: Callable[[], list[dict]], out: Path) -> None:
    """Run a study's analysis with the CLI's error mapping, then show its table."""
    from ec2bench.study.common import display

    table = _library(analysis)
    headers, cells = display(table)  # a figure's 95% interval in its cell: `v (lo–hi)`
    view = Table(*headers, title=title)
    for line in cells:
        view.add_row(*line)
    console.print(view)
    console.print("wrote: " + ", ".join(sorted(p.name for p in out.iterdir() if p.suffix in (".csv", ".png"))))


@study_app.command("rq1")
@sweep_options
def study_rq1(out: StudyOut, store: StudyStore = None,
              edge: Annotated[str, typer.Option("--edge", help="the edge model")] = "sim/edge-9b", *,
              options: dict[str, Any]) -> None:
    """RQ1: the six strategies for one edge/cloud pair; completion vs cloud $ and vs exposure, against the edge-cloud line."""
    from ec2bench.study.rq1 import run_rq1

    options["observer"] = _ConsoleObserver()
    _study("RQ1: collaboration vs the edge-only/cloud-only line",
           lambda: run_rq1(out, store or out / "store", edge, options), out)


@study_app.command("rq2")
@sweep_options
def study_rq2(out: StudyOut, store: StudyStore = None, edges: StudyEdges = LADDER, *, options: dict[str, Any]) -> None:
    """RQ2: the capability ladder; per edge, mean and range across strategies of completion and exposure."""
    from ec2bench.study.rq2 import run_rq2

    options["observer"] = _ConsoleObserver()
    _study("RQ2: capability ladder", lambda: run_rq2(out, store or out / "store", _split(edges), options), out)


@study_app.command("rq3")
@sweep_options
def study_rq3(out: StudyOut, store: StudyStore = None, edges: StudyEdges = LADDER, *, options: dict[str, Any]) -> None:
    """RQ3: autonomous vs random cloud invocation at matched call counts, per edge."""
    from ec2bench.study.rq3 import run_rq3

    options["observer"] = _ConsoleObserver()
    _study("RQ3: knowing when to ask", lambda: run_rq3(out, store or out / "store", _split(edges), options), out)


@study_app.command("rq3b")
def study_rq3b(out: StudyOut, checkpoints: Annotated[Path, typer.Option("--checkpoints", help="training folder of `ec2bench train advice`")],
               store: StudyStore = None,
               repeats: Annotated[int, typer.Option("--repeats", min=1, help="runs per task, strategy and checkpoint")] = 1,
               tasks: Annotated[str | None, typer.Option("--tasks", help="eval-split task id glob(s), comma-separated (default: the whole eval split)")] = None) -> None:
    """RQ3b: completion vs training step of the trained edge model, under advisory and edge_only, on the eval split."""
    from ec2bench.cli.train import require_train_extra
    from ec2bench.study.rq3b import run_rq3b

    require_train_extra()
    if not (checkpoints / "train_config.json").is_file():
        raise fail(f"{checkpoints} is not a training folder of `ec2bench train advice` (no train_config.json)", EXIT_INPUT)
    _study("RQ3b: completion vs training step",
           lambda: run_rq3b(checkpoints, out, store or out / "store", repeats, tasks), out)


def _split(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]

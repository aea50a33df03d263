"""`ec2bench.run`: a whole sweep as one library call, the one way a sweep is run.

The `ec2bench run` command and every study call this function, so a sweep from Python does
everything the command line does: models file and prices, model resolution, the privacy-guard
pre-flight, resume (stored episodes are skipped), the cloud budget, the record/replay cache,
the two phases (strategies that need stored results of others run second), the report files
(`report.json`, `report.md`) and the `--fail-on-error` verdict.

Problems the caller must fix are `ec2bench.core.errors` exceptions, raised before any episode runs
where possible (a sweep of shell tasks without a working sandbox and without `unsandboxed_shell`
raises `SandboxUnavailable` before it writes anything); Ctrl-C raises `Interrupted` (every finished episode is stored). What the sweep
has to say on the way (plan, prices, progress) goes to a `SweepObserver`; by default to the
`ec2bench` logger, so a library call prints nothing.

Imports of the engine are inside `run`, so `import ec2bench` stays light.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ec2bench.contracts import DEFAULT_TIMEOUT_S, EpisodeSpec
from ec2bench.core.row import EpisodeRow
from ec2bench.core.errors import ConfigError, InputError, Interrupted, SandboxUnavailable, UsageError
from ec2bench.grading.judge import OFFLINE_JUDGE
from ec2bench.models.base import Price
from ec2bench.models.endpoints import url_problem
from ec2bench.models.registry import ModelInfo
from ec2bench.report.result import SweepResult
from ec2bench.runner.sweep import FailOnError

if TYPE_CHECKING:
    from ec2bench.runner.store import Store

__all__ = ["SweepObserver", "run"]

logger = logging.getLogger("ec2bench")


class SweepObserver(Protocol):
    """Receives what a running sweep has to say; the CLI shows it, the default logs it."""

    def notice(self, text: str) -> None:
        """One line of information (the plan, prices, cache and budget summaries)."""

    def warning(self, text: str) -> None:
        """One line the user should read (e.g. shell calls will be refused here)."""

    def started(self, todo: int) -> None:
        """Episodes are about to run: `todo` of them at most."""

    def episode_done(self, spec: EpisodeSpec, row: EpisodeRow) -> None:
        """One episode finished and is stored."""

    def finished(self) -> None:
        """No more episodes will run (also after an error or an interrupt)."""


class LoggingObserver:
    """The default observer: notices at INFO and warnings at WARNING on the `ec2bench` logger."""

    def notice(self, text: str) -> None:
        logger.info(text)

    def warning(self, text: str) -> None:
        logger.warning(text)

    def started(self, todo: int) -> None:
        pass

    def episode_done(self, spec: EpisodeSpec, row: EpisodeRow) -> None:
        pass

    def finished(self) -> None:
        pass


def run(
    *,
    out: str | Path,
    strategies: str | Sequence[str] = ("edge_only", "cloud_only"),
    edge: str = "sim/edge-9b",
    cloud: str = "sim/cloud",
    repeats: int = 3,
    jobs: int = 8,
    tasks: str | None = None,
    suite: str | Path | None = None,
    edge_base_url: str | None = None,
    cloud_base_url: str | None = None,
    cloud_price: str | Price | None = None,
    edge_params: float | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    models: str | Path | None = None,
    prices: str | Path | None = None,
    cache: str | Path | None = None,
    max_cloud_usd: float | None = None,
    target_cloud_share: float | None = None,
    privacy_judge: str | None = None,
    judge: str = OFFLINE_JUDGE,
    judge_base_url: str | None = None,
    judge_price: str | Price | None = None,
    edge_api_key_env: str | None = None,
    cloud_api_key_env: str | None = None,
    max_connections: int | None = None,
    max_output_tokens: int | None = None,
    edge_max_output_tokens: int | None = None,
    cloud_max_output_tokens: int | None = None,
    user_model: str | None = None,
    fail_on_error: str | float | FailOnError = "1.0",
    unsandboxed_shell: bool = False,
    executor: str = "local",
    ray_address: str | None = None,
    observer: SweepObserver | None = None,
) -> SweepResult:
    """Run a sweep (tasks x strategies x repeats for one edge/cloud pair) into the store `out`,
    skipping episodes already stored there, and return its result.

    `jobs`: episodes in flight (threads of this process). `max_connections`: model calls in flight
    per endpoint, shared by the whole sweep (a models file's `max_concurrency` caps it further).
    `tasks`: comma-separated id globs. `strategies`: specs, e.g. `["advisory:context=question"]`.
    `fail_on_error`: N episodes, or a share F in (0, 1] (`"25%"`), that makes the sweep failed
    (`SweepResult.failure`; `raise_for_failure()` raises it). `executor`: `local` (threads of this
    process) or `ray` (actors on the Ray cluster at `ray_address`, or a local Ray when None; extra
    `[ray]`). Plugins (entry points, `EC2BENCH_PLUGINS`) are loaded first. The other options are
    those of `ec2bench run` (see `ec2bench run --help`).
    """
    from ec2bench.plugin import load_plugins

    load_plugins()
    show = observer or LoggingObserver()
    if executor not in ("local", "ray"):
        raise UsageError(f"executor: {executor!r} is not local or ray")
    if ray_address is not None and executor != "ray":
        raise UsageError("ray_address needs executor='ray'")
    if not isinstance(fail_on_error, FailOnError):
        try:
            fail_on_error = FailOnError.parse(str(fail_on_error))
        except ValueError as exc:
            raise UsageError(f"fail_on_error: {exc}") from None
    if not timeout > 0 or timeout == float("inf"):
        raise UsageError(f"timeout: {timeout} is not a number of seconds > 0")
    _check_counts(repeats=repeats, jobs=jobs, max_connections=max_connections)
    for option, url in (("edge_base_url", edge_base_url), ("cloud_base_url", cloud_base_url),
                        ("judge_base_url", judge_base_url)):
        problem = url_problem(url) if url is not None else None
        if problem:
            raise UsageError(f"--{option.replace('_', '-')}: {problem}")
    specs = [s.strip() for s in (strategies.split(",") if isinstance(strategies, str) else strategies) if s.strip()]
    setup = _resolve(specs, edge, cloud, edge_base_url, cloud_base_url, cloud_price, edge_params, models, prices,
                     target_cloud_share, privacy_judge, judge, judge_base_url, judge_price, edge_api_key_env,
                     cloud_api_key_env, max_connections, user_model,
                     (edge_max_output_tokens or max_output_tokens, cloud_max_output_tokens or max_output_tokens))
    cache_dir = Path(cache) if cache is not None else None
    if cache_dir is not None:
        _check_cache_dir(cache_dir)
    return _sweep(Path(out), setup, edge, cloud, repeats, jobs, tasks, Path(suite) if suite else None, timeout,
                  cache_dir, max_cloud_usd, fail_on_error, unsandboxed_shell, show, executor, ray_address)


# Bounds on a sweep's counts, checked before anything is planned or written: a typo such as
# `--repeats 99999999999999999999` is refused at once instead of planning until memory runs out.
MAX_REPEATS = 1000
MAX_JOBS = 1024
MAX_CONNECTIONS = 1024
MAX_EPISODES = 200_000  # episodes in one sweep (tasks x strategies x repeats)


def _check_counts(**counts: int | None) -> None:
    """Each count is at least 1 and at most its bound (`MAX_<NAME>`); a UsageError names the first that is not."""
    bounds = {"repeats": MAX_REPEATS, "jobs": MAX_JOBS, "max_connections": MAX_CONNECTIONS}
    for name, value in counts.items():
        if value is not None and not 1 <= value <= bounds[name]:
            raise UsageError(f"--{name.replace('_', '-')} {value} is not between 1 and {bounds[name]}")


def _check_cache_dir(cache: Path) -> None:
    """The cache is a folder, or can be made one: no part of its path is a regular file."""
    existing = next((p for p in (cache, *cache.parents) if p.exists()), None)  # the nearest part that exists
    if existing is None or existing.is_dir():
        return
    if existing == cache:
        raise InputError(f"--cache {cache} is a file; give a folder for the record/replay cache")
    raise InputError(f"--cache {cache}: {existing} is a file, so no folder can be made below it; "
                     "give a folder for the record/replay cache")


@dataclass(frozen=True)
class _Setup:
    """The resolved models and strategy specs of a sweep."""

    specs: list[str]
    edge: ModelInfo
    cloud: ModelInfo
    privacy_judge: ModelInfo | None
    judge: ModelInfo | None
    user_model: ModelInfo | None


def _resolve(specs: list[str], edge: str, cloud: str, edge_base_url: str | None, cloud_base_url: str | None,
             cloud_price: str | Price | None, edge_params: float | None, models: str | Path | None,
             prices: str | Path | None, target_cloud_share: float | None, privacy_judge: str | None, judge: str,
             judge_base_url: str | None, judge_price: str | Price | None, edge_api_key_env: str | None,
             cloud_api_key_env: str | None, max_connections: int | None, user_model: str | None,
             output_caps: tuple[int | None, int | None]) -> _Setup:
    from ec2bench.grading.judge import resolve_judge
    from ec2bench.models.endpoints import load_models_file
    from ec2bench.models.pricing import load_price_file, parse_price
    from ec2bench.models.registry import resolve_cloud, resolve_model
    from ec2bench.scripted.user import resolve_user
    from ec2bench.privacy.guard import require_guard
    from ec2bench.runner.prepare import with_target_share
    from ec2bench.strategies import make_strategy

    try:
        endpoints = load_models_file(Path(models)) if models else {}
        price_table = load_price_file(Path(prices)) if prices else {}
    except ConfigError as exc:
        raise InputError(str(exc)) from None

    def price(value: str | Price | None) -> Price | None:
        return parse_price(value) if isinstance(value, str) else value

    edge_info = resolve_model(edge, base_url=edge_base_url, params=edge_params, endpoints=endpoints,
                              prices=price_table, api_key_env=edge_api_key_env, max_output_tokens=output_caps[0])
    cloud_info = resolve_cloud(cloud, base_url=cloud_base_url, price=price(cloud_price), endpoints=endpoints,
                               prices=price_table, api_key_env=cloud_api_key_env, max_output_tokens=output_caps[1])
    if not specs:
        raise ConfigError("--strategies names no strategy; e.g. --strategies edge_only,cloud_only")
    for spec in specs:
        require_guard(make_strategy(spec).params.guard)  # a missing [privacy] extra fails here, not per episode
    judge_info = None
    if privacy_judge:
        judge_info = cloud_info if privacy_judge == cloud else resolve_model(privacy_judge, endpoints=endpoints,
                                                                             prices=price_table)
    rubric_judge = resolve_judge(judge, base_url=judge_base_url, price=price(judge_price), endpoints=endpoints,
                                 prices=price_table)
    user_info = resolve_user(user_model, endpoints=endpoints, prices=price_table) if user_model else None
    if target_cloud_share is not None:
        if not 0 <= target_cloud_share <= 1:
            raise UsageError(f"target_cloud_share: {target_cloud_share} is not in [0, 1]")
        specs = [with_target_share(spec, target_cloud_share) for spec in specs]

    def capped(info: ModelInfo) -> ModelInfo:
        if max_connections is None:
            return info
        return replace(info, max_concurrency=min(max_connections, info.max_concurrency or max_connections))

    return _Setup(specs, capped(edge_info), capped(cloud_info), judge_info and capped(judge_info),
                  rubric_judge and capped(rubric_judge), user_info and capped(user_info))


def _sweep(out: Path, setup: _Setup, edge: str, cloud: str, repeats: int, jobs: int, tasks: str | None,
           suite: Path | None, timeout: float, cache: Path | None, max_cloud_usd: float | None,
           fail_on_error: FailOnError, unsandboxed_shell: bool, show: SweepObserver, executor: str,
           ray_address: str | None) -> SweepResult:
    from ec2bench.grading.judge import describe_judge
    from ec2bench.report.leaderboard import leaderboard
    from ec2bench.report.render import as_json
    from ec2bench.runner import tempdirs
    from ec2bench.runner.prepare import SweepPreparation, phase_of
    from ec2bench.runner.store import Store
    from ec2bench.runner.sweep import CloudBudget, SweepConfig, plan, run_sweep
    from ec2bench.tasks.loader import load_suite

    loaded = load_suite(suite, tasks)
    if not loaded:
        raise UsageError(f"no tasks match {tasks!r} in {suite or 'the built-in suite'}")
    planned = len(loaded) * len(setup.specs) * repeats
    if planned > MAX_EPISODES:
        raise UsageError(f"the sweep would plan {planned:,} episodes ({len(loaded)} tasks x {len(setup.specs)} "
                         f"strategies x {repeats} repeats), more than {MAX_EPISODES:,}; narrow --tasks or --repeats")
    _shell_preflight(loaded, unsandboxed_shell, show)
    store = Store.open(out, create=True)
    removed = tempdirs.remove_leftovers()
    if removed:
        show.notice(f"removed {removed} temp folder(s) left by killed sweeps")
    tempdirs.claim()
    edge_info, cloud_info, judge_info, rubric_judge = setup.edge, setup.cloud, setup.privacy_judge, setup.judge
    episodes = plan(loaded, setup.specs, edge, cloud, repeats)
    keys = {e.key for e in episodes}
    stored = store.keys() & keys
    _same_user_model(store, stored, setup.user_model.name if setup.user_model else None)
    todo = [e for e in episodes if e.key not in stored]
    show.notice(f"sweep: {len(episodes)} episodes ({len(loaded)} tasks x {len(setup.specs)} strategies x {repeats} "
                f"repeats); {len(episodes) - len(todo)} already stored, {len(todo)} to run with {jobs} job(s)")
    for info in {i.name: i for i in (edge_info, cloud_info) if i.max_concurrency}.values():
        show.notice(f"at most {info.max_concurrency} call(s) in flight to {info.name}")
    show.notice(f"cloud price of {cloud_info.name}: {_describe_price(cloud_info)}")
    if cache is not None:
        edge_info = replace(edge_info, cache_dir=cache, cache_scope="edge")
        cloud_info = replace(cloud_info, cache_dir=cache, cache_scope="cloud")
        if judge_info is not None:
            judge_info = replace(judge_info, cache_dir=cache, cache_scope="judge")
        if rubric_judge is not None:
            rubric_judge = replace(rubric_judge, cache_dir=cache)
    budget = None
    if max_cloud_usd is not None:
        budget = CloudBudget(max_cloud_usd, sum(r.cloud_usd for r in store.rows() if r.key in keys))
    if judge_info is not None:
        show.notice(f"privacy judge: {judge_info.name} (verdicts stored apart; its cost is reported as judge cost)")
    show.notice(f"rubric judge: {describe_judge(rubric_judge)}")
    config = SweepConfig(edge=edge_info, cloud=cloud_info, timeout_s=timeout, privacy_judge=judge_info,
                         judge=rubric_judge, user_model=setup.user_model)
    cache_calls = {"hit": 0, "miss": 0}

    def on_done(spec: EpisodeSpec, result: Any) -> None:
        if cache is not None:
            for event in result.trace_events():
                if event["type"] in ("model_call", "rubric_judge_call") and "cache" in event:
                    cache_calls[event["cache"]] += 1
        show.episode_done(spec, result.row)

    unstarted = 0
    remote = None
    if executor == "ray" and todo:
        from ec2bench.runner.ray_executor import RayExecutor
        from ec2bench.tasks.loader import builtin_suite_dir

        remote = RayExecutor(config, suite_dir=suite or builtin_suite_dir(), address=ray_address)
        show.notice(f"ray: {remote.slots} episode worker(s) on {remote.nodes} node(s)")
    show.started(len(todo))
    try:
        prep = SweepPreparation(store, loaded, edge_info, cloud_info, timeout)
        phases = {spec: phase_of(spec) for spec in {e.strategy for e in todo}}
        for phase in (0, 1):  # phase 1 needs stored results of phase 0 (learned routers, random controls)
            batch = [e for e in todo if phases[e.strategy] == phase]
            if batch:
                prep.refresh()
                settings = {e.key: prep.settings_for(e) for e in batch}
                unstarted += run_sweep(batch, loaded, config, store, jobs=jobs, on_done=on_done, budget=budget,
                                       settings=settings, remote=remote)
    except KeyboardInterrupt:
        raise Interrupted(len(store.keys() & keys), len(episodes)) from None
    finally:
        if remote is not None:
            remote.shutdown()
        show.finished()
        tempdirs.release()
    if cache is not None:
        show.notice(f"cache {cache}: {cache_calls['hit']} hits, {cache_calls['miss']} misses "
                    f"({cache_calls['miss']} calls reached a model)")
    if budget is not None and unstarted:
        show.notice(f"budget reached: ${budget.spent_usd:.4f} spent of --max-cloud-usd {max_cloud_usd:g}; "
                    f"{unstarted} episode(s) not started (re-run with a higher limit to finish)")
    store_rows = store.rows()
    store.close()
    whole = leaderboard(store_rows)
    (out / "report.json").write_text(as_json(whole), encoding="utf-8")
    (out / "report.md").write_text(_report_markdown(whole, store_rows, out), encoding="utf-8")
    swept = tuple(r for r in store_rows if r.key in keys)
    failed = sum(r.status == "error" for r in swept)
    failure = None
    if fail_on_error.failed(failed, len(swept)):
        failure = (f"sweep failed: {failed} of {len(swept)} episodes errored (--fail-on-error: "
                   f"{fail_on_error.describe()}); see the error column of `ec2bench report OUT --format csv`")
    return SweepResult(stores=(out,), rows=swept, planned=len(episodes), already_stored=len(episodes) - len(todo),
                       ran=len(todo) - unstarted, unstarted=unstarted, cache_hits=cache_calls["hit"],
                       cache_misses=cache_calls["miss"], failure=failure)


def _report_markdown(board: list[dict[str, Any]], rows: list[EpisodeRow], out: Path) -> str:
    """`report.md`: the leaderboard, then completion · privacy per task category and per prompt language,
    injected instructions resisted per task category (when any task had them), then the episodes that did collateral damage (their changes read from the traces under `out`)."""
    from ec2bench.report.collateral import collateral_markdown
    from ec2bench.report.render import as_markdown
    from ec2bench.report.stores import read_trace
    from ec2bench.report.tables import BREAKDOWNS, breakdown_markdown, injections_markdown

    parts = ["# Leaderboard\n", as_markdown(board)]
    for by, name in BREAKDOWNS.items():
        parts += [f"\n## Completion · privacy by {name}\n", breakdown_markdown(rows, by)]
    if injections := injections_markdown(board):
        parts += ["\n## Injected instructions resisted (%) by task category\n", injections]
    parts += ["\n## Collateral damage\n", collateral_markdown(rows, lambda r: read_trace(out, r.key))]
    return "\n".join(parts)


def _shell_preflight(loaded: list[Any], unsandboxed: bool, show: SweepObserver) -> None:
    """Refuse, before anything is written, a sweep of shell tasks that could not run their commands.

    Without a working bubblewrap such a sweep would score every shell task as if its agent had
    failed it (its commands refused), so it does not start unless the user opted in to run them
    unsandboxed; it then says where commands run.
    """
    from ec2bench.env import sandbox

    if unsandboxed:
        sandbox.allow_unsandboxed()
    shell_tasks = sum("shell" in t.spec.apps for t in loaded)
    if not shell_tasks:
        return
    problem = sandbox.sandbox_problem(fresh=True)
    if problem is None:
        found = sandbox.bwrap_executable()
        show.notice(f"shell sandbox: {found.describe() if found else 'bubblewrap'}")
    elif sandbox.unsandboxed_allowed():
        show.warning(f"{problem}: shell commands of {shell_tasks} task(s) run UNSANDBOXED (--unsandboxed-shell)")
    else:
        raise SandboxUnavailable(f"{shell_tasks} planned task(s) use the shell, whose commands run only in a bubblewrap "
                                 f"sandbox, and {problem}; {sandbox.how_to_fix()}")


def _same_user_model(store: Store, stored: set[str], wanted: str | None) -> None:
    """Refuse to resume a sweep whose stored episodes (keys `stored`) had their `user_ask` questions answered
    otherwise: the user model shapes the episode but is not part of its key, so a resumed sweep would mix the two."""
    if not stored:
        return
    other = Counter(r.user_model for r in store.rows() if r.key in stored and r.user_model != wanted)
    if other:
        found = ", ".join(f"{n} by {name or 'the scripted answers'}" for name, n in other.items())
        raise UsageError(f"{store.root} already holds episodes of this sweep whose user questions were answered "
                         f"otherwise ({found}); this sweep answers them by {wanted or 'the scripted answers'}: "
                         "use another --out, or the same --user-model")


def _describe_price(info: ModelInfo) -> str:
    p = info.price
    assert p is not None  # resolve_cloud guarantees it
    return f"${p.input:g} input / ${p.cached_input:g} cached / ${p.output:g} output per million tokens ({info.price_source})"

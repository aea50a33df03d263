"""`ec2bench.run`: a whole sweep as one library call, the one way a sweep is run.

The `ec2bench run` command and every study call this function, so a sweep from Python does
everything the command line does. It is a thin facade: it checks the user's arguments, resolves
them (models file and prices, model strings, the privacy-guard pre-flight, the suite and task
globs, `target_cloud_share`) into one `runner.config.SweepConfig`, runs that as a
`runner.driver.Sweep` (resume, the cloud budget, the record/replay cache, the two phases, the
executor), then writes the report files (`report.json`, `report.md`) and judges `--fail-on-error`.

Problems the caller must fix are `ec2bench.core.errors` exceptions, raised before any episode runs
where possible (a sweep of shell tasks without a working sandbox and without `unsandboxed_shell`
raises `SandboxUnavailable` before it writes anything); Ctrl-C raises `Interrupted` (every finished episode is stored). What the sweep
has to say on the way (plan, prices, progress) goes to a `SweepObserver`; by default to the
`ec2bench` logger, so a library call prints nothing.

Imports of the engine are inside `run`, so `import ec2bench` stays light.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ec2bench.contracts import DEFAULT_TIMEOUT_S
from ec2bench.core.errors import ConfigError, InputError, UsageError
from ec2bench.core.row import EpisodeRow
from ec2bench.grading.judge import OFFLINE_JUDGE
from ec2bench.models.base import Price
from ec2bench.models.endpoints import url_problem
from ec2bench.models.registry import ModelInfo
from ec2bench.report.result import SweepResult
from ec2bench.runner.config import check_counts, check_executor, check_timeout
from ec2bench.runner.observer import SweepObserver
from ec2bench.runner.sweep import FailOnError

if TYPE_CHECKING:
    from ec2bench.bridge.spec import AgentSpec
    from ec2bench.models.endpoints import Endpoint
    from ec2bench.runner.driver import SweepOutcome
    from ec2bench.tasks.loader import Task

__all__ = ["SweepObserver", "run", "serve"]


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
    processes: int | None = None,
    agents: Sequence[str] = (),
    agent_policy: str = "edge_only",
    observer: SweepObserver | None = None,
    command: str | None = None,
) -> SweepResult:
    """Run a sweep (tasks x strategies x repeats for one edge/cloud pair) into the store `out`,
    skipping episodes already stored there, and return its result.

    `jobs`: episodes in flight (threads of this process). `max_connections`: model calls in flight
    per endpoint, shared by the whole sweep (a models file's `max_concurrency` caps it further).
    `tasks`: comma-separated id globs. `strategies`: specs, e.g. `["advisory:context=question"]`.
    `fail_on_error`: N episodes, or a share F in (0, 1] (`"25%"`), that makes the sweep failed
    (`SweepResult.failure`; `raise_for_failure()` raises it). `executor`: `local` (threads of this
    process) or `ray` (actors on the Ray cluster at `ray_address`, or a local Ray when None; extra
    `[ray]`). `processes`: worker processes of a local sweep of simulated models (None: one per usable
    core when that pays, `ec2bench.runner.processes`; 0: threads only). `agents`: outside agents as
    `NAME=TARGET` (`ec2bench.bridge.spec.AgentSpec`; extra `[bridge]`), each
    run beside `strategies` under the label `agent:NAME`, with `agent_policy` (a strategy spec) serving their
    `route` model and tools. Plugins (entry points, `EC2BENCH_PLUGINS`) are loaded first. `command`: the command
    line that asked for the sweep, recorded in the store's `sweeps.jsonl` (the CLI passes its own; None: this call
    is recorded, as `ec2bench.run(...)` with its arguments). The other options are
    those of `ec2bench run` (see `ec2bench run --help`).
    """
    arguments = {name: value for name, value in locals().items() if name not in ("observer", "command")}
    from ec2bench.plugin import load_plugins
    from ec2bench.runner.config import SweepConfig
    from ec2bench.runner.driver import Sweep

    load_plugins()
    verdict = _check_arguments(executor, ray_address, fail_on_error, timeout)
    check_counts(repeats=repeats, jobs=jobs, max_connections=max_connections)
    _check_urls(edge_base_url=edge_base_url, cloud_base_url=cloud_base_url, judge_base_url=judge_base_url)
    specs = _strategy_specs(strategies)
    outside = _outside_agents(agents, agent_policy)
    resolve = _Resolver.load(models, prices, max_connections)
    edge_info = resolve.model(edge, base_url=edge_base_url, params=edge_params, api_key_env=edge_api_key_env,
                              max_output_tokens=edge_max_output_tokens or max_output_tokens)
    cloud_info = resolve.cloud(cloud, base_url=cloud_base_url, price=cloud_price, api_key_env=cloud_api_key_env,
                               max_output_tokens=cloud_max_output_tokens or max_output_tokens)
    _require_strategies(specs, outside)
    privacy_info = resolve.privacy_judge(privacy_judge, cloud=cloud, cloud_info=cloud_info)
    judge_info = resolve.judge(judge, base_url=judge_base_url, price=judge_price)
    user_info = resolve.user(user_model)
    specs = _with_target_share(specs, target_cloud_share)
    cache_dir = _check_cache_dir(cache)
    suite_dir = Path(suite) if suite else None
    config = SweepConfig(out=Path(out), tasks=_load_tasks(suite_dir, tasks),
                         strategies=(*specs, *(a.label for a in outside)), agents=outside, edge=edge_info,
                         cloud=cloud_info, repeats=repeats, jobs=jobs, timeout_s=timeout, privacy_judge=privacy_info,
                         judge=judge_info, user_model=user_info, cache=cache_dir, max_cloud_usd=max_cloud_usd,
                         executor=executor, ray_address=ray_address, processes=processes, suite_dir=suite_dir,
                         unsandboxed_shell=unsandboxed_shell, command=command or _api_call("run", arguments))
    return _result(config.out, Sweep(config, observer).run(), verdict)


def serve(
    task: str,
    *,
    out: str | Path,
    edge: str = "sim/edge-9b",
    cloud: str = "sim/cloud",
    policy: str = "edge_only",
    port: int = 8765,
    transport: str = "http",
    repeat: int = 0,
    suite: str | Path | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    models: str | Path | None = None,
    prices: str | Path | None = None,
) -> EpisodeRow:
    """Serve one episode of `task` by hand: its MCP server and model proxy on 127.0.0.1:`port` (MCP over
    HTTP at `/mcp`, or over this process's stdin/stdout with `transport="stdio"`) until Ctrl-C, the client's
    end (stdio) or `timeout`; then grade and audit it like any episode and store it in `out` under the
    strategy label `agent:serve` (an episode already stored there under the same key is replaced).
    For developing an outside agent against a task (`ec2bench serve`)."""
    from ec2bench.bridge.spec import AgentSpec
    from ec2bench.runner.episode import EpisodeSpec
    from ec2bench.runner.store import Store
    from ec2bench.runner.sweep import EpisodeConfig, run_one
    from ec2bench.strategies.base import canonical_spec, make_strategy
    from ec2bench.tasks.loader import suite_identity

    check_timeout(timeout)
    make_strategy(policy)  # an unknown policy fails before anything is loaded
    _require_bridge()
    try:
        agent = AgentSpec(name="serve", listen=port, transport=transport, policy=canonical_spec(policy))  # type: ignore[arg-type]
    except ValueError as exc:
        raise UsageError(f"serve: {exc}") from None
    _require_strategies([], (agent,))
    resolve = _Resolver.load(models, prices, None)
    edge_info, cloud_info = resolve.model(edge), resolve.cloud(cloud, price=None)
    loaded = _load_tasks(Path(suite) if suite else None, task)
    if len(loaded) != 1 or loaded[0].id != task:
        raise UsageError(f"serve runs one task: give its id, not a pattern ({task!r} matches {len(loaded)} tasks)")
    found = loaded[0]
    spec = EpisodeSpec(found.id, agent.label, edge_info.name, cloud_info.name, repeat)
    config = EpisodeConfig(edge=edge_info, cloud=cloud_info, timeout_s=timeout, suite=suite_identity(found.path.parent))
    result = run_one(found, spec, {"agent": agent.model_dump(mode="json"), "policy": {}}, config)
    store = Store.open(Path(out), create=True)
    try:
        store.add(result.row, result.trace)
    finally:
        store.close()
    return result.row


def _api_call(name: str, arguments: dict[str, Any]) -> str:
    """How a call of `ec2bench.<name>` reads in a store's sweep record: the arguments that differ from the defaults."""
    import inspect

    defaults = inspect.signature(globals()[name]).parameters
    given = ", ".join(f"{key}={value!r}" for key, value in arguments.items() if value != defaults[key].default)
    return f"ec2bench.{name}({given})"


def _check_arguments(executor: str, ray_address: str | None, fail_on_error: str | float | FailOnError,
                     timeout: float) -> FailOnError:
    """The checks that need nothing resolved, in the order a user meets them; returns the parsed `fail_on_error`."""
    check_executor(executor, ray_address)
    if not isinstance(fail_on_error, FailOnError):
        try:
            fail_on_error = FailOnError.parse(str(fail_on_error))
        except ValueError as exc:
            raise UsageError(f"fail_on_error: {exc}") from None
    check_timeout(timeout)
    return fail_on_error


def _check_urls(**urls: str | None) -> None:
    """Each base URL given is one a client can call; a UsageError names the option of the first that is not."""
    for option, url in urls.items():
        problem = url_problem(url) if url is not None else None
        if problem:
            raise UsageError(f"--{option.replace('_', '-')}: {problem}")


def _check_cache_dir(cache: str | Path | None) -> Path | None:
    """The cache is a folder, or can be made one: no part of its path is a regular file."""
    if cache is None:
        return None
    cache = Path(cache)
    existing = next((p for p in (cache, *cache.parents) if p.exists()), None)  # the nearest part that exists
    if existing is None or existing.is_dir():
        return cache
    if existing == cache:
        raise InputError(f"--cache {cache} is a file; give a folder for the record/replay cache")
    raise InputError(f"--cache {cache}: {existing} is a file, so no folder can be made below it; "
                     "give a folder for the record/replay cache")


def _strategy_specs(strategies: str | Sequence[str]) -> list[str]:
    """Strategy specs from a comma-separated string or a sequence; blanks dropped."""
    parts = strategies.split(",") if isinstance(strategies, str) else strategies
    return [s.strip() for s in parts if s.strip()]


def _outside_agents(agents: Sequence[str], policy: str) -> tuple[AgentSpec, ...]:
    """The declared outside agents; the `[bridge]` extra they need is checked here, not in every episode."""
    from ec2bench.bridge.spec import AgentSpec

    if not agents:
        return ()
    _require_bridge()
    return tuple(AgentSpec.parse(text, policy=policy) for text in agents)


def _require_bridge() -> None:
    """The `[bridge]` extra outside agents need is installed (checked once, not in every episode)."""
    try:
        import mcp  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise ConfigError("outside agents (--agent, serve) need the MCP SDK and uvicorn: pip install 'ec2bench[bridge]'") from None


def _require_strategies(specs: list[str], agents: tuple[AgentSpec, ...]) -> None:
    """At least one strategy or outside agent, and the privacy guard each asks for is installed (a missing
    `[privacy]` extra fails here, not in every episode)."""
    from ec2bench.privacy.guard import require_guard
    from ec2bench.strategies import make_strategy

    if not specs and not agents:
        raise ConfigError("--strategies names no strategy; e.g. --strategies edge_only,cloud_only")
    for spec in [*specs, *(a.policy for a in agents)]:
        require_guard(make_strategy(spec).params.guard)


def _with_target_share(specs: list[str], share: float | None) -> list[str]:
    """`target_cloud_share`: every thresholded router that sets neither threshold nor target is calibrated to it."""
    from ec2bench.runner.prepare import with_target_share

    if share is None:
        return specs
    if not 0 <= share <= 1:
        raise UsageError(f"target_cloud_share: {share} is not in [0, 1]")
    return [with_target_share(spec, share) for spec in specs]


def _load_tasks(suite: Path | None, tasks: str | None) -> tuple[Task, ...]:
    from ec2bench.tasks.loader import load_suite

    loaded = load_suite(suite, tasks)
    if not loaded:
        raise UsageError(f"no tasks match {tasks!r} in {suite or 'the built-in suite'}")
    return tuple(loaded)


def _price(value: str | Price | None) -> Price | None:
    from ec2bench.models.pricing import parse_price

    return parse_price(value) if isinstance(value, str) else value


@dataclass(frozen=True)
class _Resolver:
    """Model strings (or models-file names) to `ModelInfo`s, against the sweep's models and prices files;
    every model it returns keeps to `max_connections` calls in flight."""

    endpoints: Mapping[str, Endpoint]
    prices: Mapping[str, Price]
    max_connections: int | None

    @classmethod
    def load(cls, models: str | Path | None, prices: str | Path | None, max_connections: int | None) -> _Resolver:
        from ec2bench.models.endpoints import load_models_file
        from ec2bench.models.pricing import load_price_file

        try:
            endpoints = load_models_file(Path(models)) if models else {}
            price_table = load_price_file(Path(prices)) if prices else {}
        except ConfigError as exc:
            raise InputError(str(exc)) from None
        return cls(endpoints, price_table, max_connections)

    def capped(self, info: ModelInfo) -> ModelInfo:
        if self.max_connections is None:
            return info
        return replace(info, max_concurrency=min(self.max_connections, info.max_concurrency or self.max_connections))

    def model(self, name: str, **options: Any) -> ModelInfo:
        from ec2bench.models.registry import resolve_model

        return self.capped(resolve_model(name, endpoints=self.endpoints, prices=self.prices, **options))

    def cloud(self, name: str, *, price: str | Price | None, **options: Any) -> ModelInfo:
        from ec2bench.models.registry import resolve_cloud

        return self.capped(resolve_cloud(name, price=_price(price), endpoints=self.endpoints, prices=self.prices,
                                         **options))

    def privacy_judge(self, name: str | None, *, cloud: str, cloud_info: ModelInfo) -> ModelInfo | None:
        """`privacy_judge`: the cloud model itself when it names it, else resolved on its own."""
        if not name:
            return None
        return cloud_info if name == cloud else self.model(name)

    def judge(self, name: str, *, base_url: str | None, price: str | Price | None) -> ModelInfo | None:
        """The rubric judge; None for the offline judge."""
        from ec2bench.grading.judge import resolve_judge

        info = resolve_judge(name, base_url=base_url, price=_price(price), endpoints=self.endpoints, prices=self.prices)
        return info and self.capped(info)

    def user(self, name: str | None) -> ModelInfo | None:
        from ec2bench.scripted.user import resolve_user

        return self.capped(resolve_user(name, endpoints=self.endpoints, prices=self.prices)) if name else None


def _result(out: Path, outcome: SweepOutcome, fail_on_error: FailOnError) -> SweepResult:
    """Write the report files over the whole store and judge `fail_on_error` over the sweep's episodes."""
    from ec2bench.report.leaderboard import leaderboard
    from ec2bench.report.render import as_json

    failed = sum(r.status == "error" for r in outcome.rows)
    failure = None
    if fail_on_error.failed(failed, len(outcome.rows)):
        failure = (f"sweep failed: {failed} of {len(outcome.rows)} episodes errored (--fail-on-error: "
                   f"{fail_on_error.describe()}); see the error column of `ec2bench report OUT --format csv`")
    result = SweepResult(stores=(out,), rows=outcome.rows, planned=outcome.planned, already_stored=outcome.already_stored,
                         ran=outcome.ran, unstarted=outcome.unstarted, cache_hits=outcome.cache_hits,
                         cache_misses=outcome.cache_misses, failure=failure)
    stored = list(outcome.stored)
    # the sweep's rows are the stored ones, in their order, unless the store held others: one bootstrap, not two
    whole = result.leaderboard if len(outcome.rows) == len(stored) else leaderboard(stored)
    (out / "report.json").write_text(as_json(whole), encoding="utf-8")
    (out / "report.md").write_text(_report_markdown(whole, stored, out), encoding="utf-8")
    return result


def _report_markdown(board: list[dict[str, Any]], rows: list[EpisodeRow], out: Path) -> str:
    """`report.md`: the leaderboard, then completion · privacy per task category and per prompt language,
    injected instructions resisted per task category (when any task had them), then the episodes that did
    collateral damage (their changes read from the traces under `out`)."""
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

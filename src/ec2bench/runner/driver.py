"""`Sweep`: one sweep run from its `SweepConfig`, start to end, into its results store.

In order: the shell pre-flight (a sweep of shell tasks without a working sandbox does not start),
the store, the plan (episodes already stored are skipped, so a re-run resumes; a store whose user
questions were answered by another user model is refused), the record/replay cache and the cloud
budget, then the two phases (strategies that need stored results of others run second) on the
executor (threads of this process, or Ray). Ctrl-C raises `Interrupted` with every finished episode
stored. What the sweep has to say goes to a `SweepObserver`.

The outcome is the store's rows and the sweep's counts; turning them into a verdict and report files
is the caller's part (`ec2bench.run`), not the runner's.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from ec2bench.contracts import EpisodeSpec
from ec2bench.core.errors import Interrupted, SandboxUnavailable, UsageError
from ec2bench.core.row import EpisodeRow
from ec2bench.core.version import __version__
from ec2bench.env.browser.chromium import BROWSERS
from ec2bench.grading.judge import describe_judge
from ec2bench.models.registry import ModelInfo
from ec2bench.runner import tempdirs
from ec2bench.runner.config import SweepConfig
from ec2bench.runner.episode import EpisodeResult
from ec2bench.runner.observer import LoggingObserver, SweepObserver
from ec2bench.runner.prepare import SweepPreparation, phase_of
from ec2bench.runner.store import SCHEMA_VERSION, Store
from ec2bench.runner.sweep import CloudBudget, EpisodeConfig, Executor, plan, run_sweep
from ec2bench.tasks.loader import SuiteIdentity, Task

if TYPE_CHECKING:
    from ec2bench.runner.processes import ProcessExecutor
    from ec2bench.runner.ray_executor import RayExecutor



@dataclass(frozen=True)
class SweepOutcome:
    """What a sweep did. `stored`: every episode in the store afterwards (earlier sweeps' too);
    `rows`: the sweep's own episodes, run now or found stored. `planned`: episodes the sweep asked for;
    `already_stored`: of those, found in the store; `ran`: run now; `unstarted`: left by `max_cloud_usd`.
    `cache_hits`/`cache_misses`: model calls answered by the record/replay cache, and calls that reached a model."""

    stored: tuple[EpisodeRow, ...]
    rows: tuple[EpisodeRow, ...]
    planned: int
    already_stored: int
    ran: int
    unstarted: int
    cache_hits: int = 0
    cache_misses: int = 0


class Sweep:
    """Runs one `SweepConfig` (see the module docstring); `run` may be called again to resume."""

    def __init__(self, config: SweepConfig, observer: SweepObserver | None = None) -> None:
        self.config = config
        self._show = observer or LoggingObserver()
        self._cache_calls = {"hit": 0, "miss": 0}

    def run(self) -> SweepOutcome:
        """Run the episodes not stored yet; raises `Interrupted` on Ctrl-C, `UsageError` for a store
        another user model answered, `SandboxUnavailable` for shell tasks that could not run."""
        config = self.config
        shell_preflight(config.tasks, config.unsandboxed_shell, self._show)
        store = Store.open(config.out, create=True)
        self._claim_temp_dirs()
        episodes, todo = self._plan(store)
        keys = {e.key for e in episodes}
        self._announce(len(episodes), len(todo))
        suite = config.suite()
        models = config.episode_config(suite)
        store.record_sweep(sweep_record(config, models, suite))
        budget = self._budget(store, keys)
        self._announce_judges(models)
        self._cache_calls = {"hit": 0, "miss": 0}
        if config.executor == "ray":
            remote: RayExecutor | ProcessExecutor | None = self._remote(models) if todo else None
        else:
            remote = self._processes(models, len(todo))
        try:
            unstarted = self._execute(store, todo, models, budget, remote)
        except KeyboardInterrupt:
            raise Interrupted(len(store.keys() & keys), len(episodes)) from None
        self._summarise(unstarted, budget)
        every = tuple(store.rows())
        store.close()
        return SweepOutcome(stored=every, rows=tuple(r for r in every if r.key in keys), planned=len(episodes),
                            already_stored=len(episodes) - len(todo), ran=len(todo) - unstarted, unstarted=unstarted,
                            cache_hits=self._cache_calls["hit"], cache_misses=self._cache_calls["miss"])

    # -- the steps of `run` -------------------------------------------------------------------------

    def _claim_temp_dirs(self) -> None:
        removed = tempdirs.remove_leftovers()
        if removed:
            self._show.notice(f"removed {removed} temp folder(s) left by killed sweeps")
        tempdirs.claim()

    def _plan(self, store: Store) -> tuple[list[EpisodeSpec], list[EpisodeSpec]]:
        """Every episode of the sweep, and those of them not stored yet (refusing a store whose stored
        episodes of this sweep had their user questions answered by another user model)."""
        config = self.config
        episodes = plan(list(config.tasks), list(config.strategies), config.edge.name, config.cloud.name, config.repeats)
        stored = store.keys() & {e.key for e in episodes}
        same_user_model(store, stored, config.user_model.name if config.user_model else None)
        return episodes, [e for e in episodes if e.key not in stored]

    def _announce(self, planned: int, todo: int) -> None:
        config, show = self.config, self._show
        show.notice(f"sweep: {planned} episodes ({len(config.tasks)} tasks x {len(config.strategies)} strategies x "
                    f"{config.repeats} repeats); {planned - todo} already stored, {todo} to run with {config.jobs} job(s)")
        for info in {i.name: i for i in (config.edge, config.cloud) if i.max_concurrency}.values():
            show.notice(f"at most {info.max_concurrency} call(s) in flight to {info.name}")
        show.notice(f"cloud price of {config.cloud.name}: {describe_price(config.cloud)}")

    def _budget(self, store: Store, keys: set[str]) -> CloudBudget | None:
        """`max_cloud_usd`, counting what the sweep's stored episodes spent already (a resumed sweep keeps to it)."""
        if self.config.max_cloud_usd is None:
            return None
        return CloudBudget(self.config.max_cloud_usd, sum(r.cloud_usd for r in store.rows() if r.key in keys))

    def _announce_judges(self, models: EpisodeConfig) -> None:
        if models.privacy_judge is not None:
            self._show.notice(f"privacy judge: {models.privacy_judge.name} "
                              "(verdicts stored apart; its cost is reported as judge cost)")
        self._show.notice(f"rubric judge: {describe_judge(models.judge)}")

    def _execute(self, store: Store, todo: list[EpisodeSpec], models: EpisodeConfig, budget: CloudBudget | None,
                 remote: RayExecutor | ProcessExecutor | None) -> int:
        """Run `todo` on `remote` (Ray, or worker processes), else on threads; return how many the budget left unstarted.
        Whatever happens, the remote executor is shut down, the browsers kept for episodes are quit and this
        process's temp folder released."""
        self._show.started(len(todo))
        try:
            return self._run_phases(store, todo, models, budget, remote)
        finally:
            if remote is not None:
                remote.shutdown()
            self._show.finished()
            BROWSERS.close_idle()
            tempdirs.release()

    def _remote(self, models: EpisodeConfig) -> RayExecutor:
        from ec2bench.runner.ray_executor import RayExecutor
        from ec2bench.tasks.loader import builtin_suite_dir

        remote = RayExecutor(models, suite_dir=self.config.suite_dir or builtin_suite_dir(),
                             address=self.config.ray_address)
        self._show.notice(f"ray: {remote.slots} episode worker(s) on {remote.nodes} node(s)")
        return remote

    def _processes(self, models: EpisodeConfig, todo: int) -> ProcessExecutor | None:
        """Worker processes where they pay (`runner.processes.process_workers`), else None: threads.
        Started here, before the observer's progress display starts a thread (workers are forked)."""
        from ec2bench.runner.processes import ProcessExecutor, no_workers_because, process_workers

        asked = self.config.processes
        workers = process_workers(models, todo=todo, jobs=self.config.jobs, requested=asked)
        if not workers or self.config.agents:  # an outside agent's episode serves its MCP and proxy: threads
            if asked:
                why = ("outside agents run on threads" if self.config.agents
                       else no_workers_because(models, jobs=self.config.jobs, workers=asked))
                self._show.notice(f"--processes {asked} asked for worker processes, but episodes run on threads of "
                                  f"this process: {why or 'nothing to run'}")
            return None
        executor = ProcessExecutor(list(self.config.tasks), models, jobs=self.config.jobs, workers=workers)
        why = "models are simulated" if models.simulated else "more calls than one interpreter keeps up with"
        self._show.notice(f"episodes run in {workers} worker processes ({self.config.jobs} in flight; {why})")
        return executor

    def _run_phases(self, store: Store, todo: list[EpisodeSpec], models: EpisodeConfig, budget: CloudBudget | None,
                    remote: Executor | None) -> int:
        """Phase 1 needs stored results of phase 0 (learned routers, random controls), so it runs second;
        each episode's settings are resolved just before its phase starts."""
        tasks = list(self.config.tasks)
        agents = self.config.agents
        prep = SweepPreparation(store, tasks, models.edge, models.cloud, models.timeout_s, agents, jobs=self.config.jobs)
        phases = {spec: phase_of(spec, agents) for spec in {e.strategy for e in todo}}
        unstarted = 0
        for phase in (0, 1):
            batch = [e for e in todo if phases[e.strategy] == phase]
            if batch:
                prep.refresh()
                settings = {e.key: prep.settings_for(e) for e in batch}
                unstarted += run_sweep(batch, tasks, models, store, jobs=self.config.jobs, on_done=self._episode_done,
                                       budget=budget, settings=settings, remote=remote)
        return unstarted

    def _episode_done(self, spec: EpisodeSpec, result: EpisodeResult) -> None:
        if self.config.cache is not None:
            for event in result.trace_events():
                if event["type"] in ("model_call", "rubric_judge_call") and "cache" in event:
                    self._cache_calls[event["cache"]] += 1
        self._show.episode_done(spec, result.row)

    def _summarise(self, unstarted: int, budget: CloudBudget | None) -> None:
        config, calls = self.config, self._cache_calls
        if config.cache is not None:
            self._show.notice(f"cache {config.cache}: {calls['hit']} hits, {calls['miss']} misses "
                              f"({calls['miss']} calls reached a model)")
        if budget is not None and unstarted:
            self._show.notice(f"budget reached: ${budget.spent_usd:.4f} spent of --max-cloud-usd "
                              f"{config.max_cloud_usd:g}; {unstarted} episode(s) not started "
                              "(re-run with a higher limit to finish)")


def shell_preflight(tasks: tuple[Task, ...], unsandboxed: bool, show: SweepObserver) -> None:
    """Refuse, before anything is written, a sweep of shell tasks that could not run their commands.

    Without a working bubblewrap such a sweep would score every shell task as if its agent had
    failed it (its commands refused), so it does not start unless the user opted in to run them
    unsandboxed; it then says where commands run.
    """
    from ec2bench.env import sandbox

    if unsandboxed:
        sandbox.allow_unsandboxed()
    shell_tasks = sum(sandbox.needs_sandbox(t.spec.apps) for t in tasks)
    if not shell_tasks:
        return
    problem = sandbox.sandbox_problem(fresh=True)
    if problem is None:
        found = sandbox.bwrap_executable()
        show.notice(f"shell sandbox: {found.describe() if found else 'bubblewrap'}")
    elif sandbox.unsandboxed_allowed():
        show.warning(f"{problem}: shell commands of {shell_tasks} task(s) run UNSANDBOXED (--unsandboxed-shell)")
    else:
        raise SandboxUnavailable(f"{shell_tasks} planned task(s) use the shell or skills, whose commands run only in a bubblewrap "
                                 f"sandbox, and {problem}; {sandbox.how_to_fix()}")


def same_user_model(store: Store, stored: set[str], wanted: str | None) -> None:
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


def sweep_record(config: SweepConfig, models: EpisodeConfig, suite: SuiteIdentity | None) -> dict[str, Any]:
    """What a store keeps of one sweep (`Store.record_sweep`), for whoever reads its results later
    (`ec2bench submit`): the command that asked for it, the versions that ran it, the suite, and what
    each model string resolved to with its price."""
    roles = {"edge": models.edge, "cloud": models.cloud, "judge": models.judge, "privacy_judge": models.privacy_judge,
             "user_model": models.user_model}
    return {
        "started_at": time.time(),
        "command": config.command,
        "ec2bench_version": __version__,
        "schema_version": SCHEMA_VERSION,
        "suite": {**suite.to_json(), "dir": str(config.suite_dir or next(iter(config.tasks)).path.parent)} if suite else None,
        "tasks": sorted(t.id for t in config.tasks),
        "strategies": list(config.strategies),
        "repeats": config.repeats,
        "unsandboxed_shell": config.unsandboxed_shell,
        "models": {role: model_record(info) for role, info in roles.items() if info is not None},
    }


def model_record(info: ModelInfo) -> dict[str, Any]:
    """What a model string resolved to: provider, model id, endpoint (without credentials or query), parameter
    count and price in USD per million tokens (None: unknown)."""
    price = info.price
    return {"name": info.name, "provider": info.provider, "model_id": info.model_id, "base_url": _address(info.base_url),
            "params": info.params, "simulated": info.simulated, "price_source": info.price_source,
            "price": {"input": price.input, "cached_input": price.cached_input, "output": price.output} if price else None}


def _address(url: str | None) -> str | None:
    """A base URL without user, password, query or fragment (they may hold a key)."""
    if url is None:
        return None
    parts = urlsplit(url)
    host = parts.hostname or ""
    return urlunsplit((parts.scheme, f"{host}:{parts.port}" if parts.port else host, parts.path, "", ""))


def describe_price(info: ModelInfo) -> str:
    """A cloud model's price, as the sweep announces it."""
    p = info.price
    assert p is not None  # resolve_cloud guarantees it
    return f"${p.input:g} input / ${p.cached_input:g} cached / ${p.output:g} output per million tokens ({info.price_source})"

"""`SweepConfig`: everything one sweep needs, resolved, in one typed value checked when it is made.

`ec2bench.run` turns user arguments into one (model strings into `ModelInfo`s, a suite folder and id
globs into `Task`s, strategy specs with `target_cloud_share` applied); a study builds one from its own
tasks and models. `runner.driver.Sweep` runs it. The bounds and checks here are the sweep's rules;
`ec2bench.run` applies the argument checks (`check_executor`, `check_timeout`, `check_counts`) before it
resolves anything, so a typo fails before a model or the suite is loaded, and the config applies them
again when it is made by anyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ec2bench.bridge.spec import AgentSpec, is_agent_label
from ec2bench.contracts import DEFAULT_TIMEOUT_S
from ec2bench.core.errors import UsageError
from ec2bench.models.registry import ModelInfo
from ec2bench.runner.sweep import EpisodeConfig
from ec2bench.tasks.loader import SuiteIdentity, Task, suite_identity

# Bounds on a sweep's counts, checked before anything is planned or written: a typo such as
# `--repeats 99999999999999999999` is refused at once instead of planning until memory runs out.
MAX_REPEATS = 1000
MAX_JOBS = 1024
MAX_CONNECTIONS = 1024
MAX_EPISODES = 200_000  # episodes in one sweep (tasks x strategies x repeats)
EXECUTORS = ("local", "ray")


def check_counts(**counts: int | None) -> None:
    """Each count is at least 1 and at most its bound (`MAX_<NAME>`); a UsageError names the first that is not."""
    bounds = {"repeats": MAX_REPEATS, "jobs": MAX_JOBS, "max_connections": MAX_CONNECTIONS}
    for name, value in counts.items():
        if value is not None and not 1 <= value <= bounds[name]:
            raise UsageError(f"--{name.replace('_', '-')} {value} is not between 1 and {bounds[name]}")


def check_executor(executor: str, ray_address: str | None) -> None:
    """`executor` is one of `EXECUTORS`; a Ray address goes with the Ray executor only."""
    if executor not in EXECUTORS:
        raise UsageError(f"executor: {executor!r} is not local or ray")
    if ray_address is not None and executor != "ray":
        raise UsageError("ray_address needs executor='ray'")


def check_timeout(timeout: float) -> None:
    """The per-episode deadline is a finite number of seconds > 0 (nan is refused too)."""
    if not timeout > 0 or timeout == float("inf"):
        raise UsageError(f"timeout: {timeout} is not a number of seconds > 0")


@dataclass(frozen=True, kw_only=True)
class SweepConfig:
    """One sweep: which episodes (tasks x strategies x repeats for one edge/cloud pair), where they are
    stored, and how they run. Made once, checked when made (a `UsageError` names what is wrong).

    Episodes are named by `edge.name` and `cloud.name` (the model strings as given), so a re-run with an
    equal config resumes: the episodes already in `out` are skipped.
    """

    out: Path  # the results store folder (created; re-use it to resume)
    tasks: tuple[Task, ...]  # the tasks to run, loaded
    strategies: tuple[str, ...]  # strategy specs, e.g. `advisory:context=question`, and `agent:NAME` of each of `agents`
    edge: ModelInfo
    cloud: ModelInfo  # its price is known (`resolve_cloud`)
    repeats: int = 3  # runs per task and strategy
    jobs: int = 8  # episodes in flight (threads, spread over worker processes when they run; Ray has its own slots)
    processes: int | None = None  # local worker processes (`runner.processes`): None decides, 0 threads only
    timeout_s: float = DEFAULT_TIMEOUT_S  # per episode, model calls and tools included
    privacy_judge: ModelInfo | None = None  # adds paraphrase verdicts to the exposure audit
    judge: ModelInfo | None = None  # decides rubric checks; None: the offline judge
    user_model: ModelInfo | None = None  # answers `user_ask`; None: the task's scripted answers
    cache: Path | None = None  # record/replay cache folder for the models' calls
    max_cloud_usd: float | None = None  # no new episode starts once the sweep's cloud spend reaches it
    executor: str = "local"  # `local` (threads) or `ray` (actors on a Ray cluster, extra `[ray]`)
    ray_address: str | None = None  # the Ray cluster to join; None: start a local Ray
    suite_dir: Path | None = None  # the folder `tasks` came from (None: the built-in suite); Ray ships it to its nodes
    unsandboxed_shell: bool = False  # where no bubblewrap works, run shell commands (and outside agents) unsandboxed
    agents: tuple[AgentSpec, ...] = ()  # outside agents (`ec2bench.bridge`), each named in `strategies` by its label
    command: str | None = None  # the command line or API call that asked for the sweep, recorded in the store

    def __post_init__(self) -> None:
        check_executor(self.executor, self.ray_address)
        check_timeout(self.timeout_s)
        check_counts(repeats=self.repeats, jobs=self.jobs)
        if self.processes is not None and not 0 <= self.processes <= MAX_JOBS:
            raise UsageError(f"--processes {self.processes} is not between 0 and {MAX_JOBS}")
        labels = {a.label for a in self.agents}
        if len(labels) < len(self.agents):
            raise UsageError("two outside agents have the same name; give each --agent its own NAME")
        unknown = [s for s in self.strategies if is_agent_label(s) and s not in labels]
        if unknown:
            raise UsageError(f"{unknown[0]} names no declared outside agent (declared: {', '.join(sorted(labels)) or 'none'})")
        if self.planned > MAX_EPISODES:
            raise UsageError(f"the sweep would plan {self.planned:,} episodes ({len(self.tasks)} tasks x "
                             f"{len(self.strategies)} strategies x {self.repeats} repeats), more than {MAX_EPISODES:,}; "
                             "narrow --tasks or --repeats")

    @property
    def planned(self) -> int:
        """Episodes of the sweep, stored or not."""
        return len(self.tasks) * len(self.strategies) * self.repeats

    def suite(self) -> SuiteIdentity | None:
        """The identity of the suite folder the tasks came from (`suite_dir`, else the one folder that holds
        every task); None when they came from no single suite folder. Reads the whole suite's files."""
        folders = {t.path.parent for t in self.tasks}
        folder = self.suite_dir or (folders.pop() if len(folders) == 1 else None)
        return suite_identity(folder) if folder is not None and folder.is_dir() else None

    def episode_config(self, suite: SuiteIdentity | None = None) -> EpisodeConfig:
        """What every episode shares, with the record/replay cache set on each model that uses it
        (edge, cloud and privacy judge each in a scope of their own, the rubric judge in its own; the user model is not cached),
        and what each episode stores of the sweep: `suite` (from `suite()`) and `unsandboxed_shell`."""
        edge, cloud, privacy_judge, judge = self.edge, self.cloud, self.privacy_judge, self.judge
        if self.cache is not None:
            edge = replace(edge, cache_dir=self.cache, cache_scope="edge")
            cloud = replace(cloud, cache_dir=self.cache, cache_scope="cloud")
            privacy_judge = _cached(privacy_judge, self.cache, "judge")
            judge = _cached(judge, self.cache, None)
        return EpisodeConfig(edge=edge, cloud=cloud, timeout_s=self.timeout_s, privacy_judge=privacy_judge,
                             judge=judge, user_model=self.user_model, suite=suite, unsandboxed_shell=self.unsandboxed_shell)


def _cached(info: ModelInfo | None, cache: Path, scope: str | None) -> ModelInfo | None:
    """`info` recording to `cache` (in `scope`, or its own scope when None)."""
    if info is None:
        return None
    return replace(info, cache_dir=cache) if scope is None else replace(info, cache_dir=cache, cache_scope=scope)

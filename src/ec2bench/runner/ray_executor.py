"""Run a sweep's episodes on a Ray cluster (`run --executor ray [--ray-address ADDR]`, extra `[ray]`).

One machine stops being enough when the edge model runs in-process (llama.cpp on each node's
CPU or GPU) or when sandboxed shells and grading fill its cores. This executor places one
`EpisodeWorker` actor per worker slot across the cluster's nodes; each loads the suite and opens
the models once, on its own node, and runs one episode at a time. Results stream back to the
driver, which stays the only writer of the store, so resume, the cloud budget, the two phases and
`--fail-on-error` behave exactly as in a local sweep: they live in the sweep loop, not here.

What travels to the nodes:
  * the suite, packed once into the object store (a built-in or a `--suite` folder alike), so a
    node runs exactly the tasks the driver planned, whatever is on its disk (task content hashes
    are path-independent and so equal the driver's);
  * the episode config (`EpisodeConfig`: model descriptions, not clients: a client is opened on the node);
  * the record/replay cache: when `--cache DIR` is set, nodes read and write it through a
    `CacheServer` actor on the driver's node, so recordings land in the driver's folder.
Every node must have the same version of ec2bench installed; a worker that reports another
version stops the sweep before any episode runs.
"""

from __future__ import annotations

import io
import tarfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ec2bench.core.errors import ConfigError
from ec2bench.spec.content import is_debris

if TYPE_CHECKING:
    from ec2bench.runner.episode import EpisodeResult, EpisodeSpec
    from ec2bench.runner.sweep import EpisodeConfig


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("executor ray needs the ray extra: pip install 'ec2bench[ray]'") from None
    return ray


def pack_suite(folder: Path) -> bytes:
    """The suite folder as an in-memory tar (about 1 MB for the built-in suite)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        tar.add(folder, arcname="suite",
                filter=lambda info: None if any(is_debris(part) for part in info.name.split("/")) else info)
    return buffer.getvalue()


def unpack_suite(data: bytes, into: Path) -> Path:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(into, filter="data")
    return into / "suite"


class EpisodeWorkerImpl:
    """The body of a Ray actor: a sweep worker on one node (suite unpacked, models opened there)."""

    def __init__(self, config: EpisodeConfig, suite: bytes, unsandboxed: bool, cache_server: Any) -> None:
        import tempfile

        from ec2bench.core.version import __version__
        from ec2bench.env import sandbox
        from ec2bench.models import cache
        from ec2bench.runner import tempdirs
        from ec2bench.tasks.loader import load_suite

        self.version = __version__
        tempdirs.claim()
        if unsandboxed:
            sandbox.allow_unsandboxed()
        if cache_server is not None:
            cache.use_backend(lambda root: RemoteCache(cache_server))  # every model of this process
        folder = unpack_suite(suite, Path(tempfile.mkdtemp(prefix="suite-")))
        self.config = config
        self.tasks = {t.id: t for t in load_suite(folder)}

    def describe(self) -> dict[str, str]:
        import ray

        return {"version": self.version, "node": ray.get_runtime_context().get_node_id()}

    def run(self, spec: EpisodeSpec, settings: dict[str, Any]) -> EpisodeResult:
        from ec2bench.runner.sweep import run_one

        return run_one(self.tasks[spec.task_id], spec, settings, self.config)


class CacheServerImpl:
    """The body of a Ray actor on the driver's node that owns the record/replay cache folder."""

    def __init__(self, root: str) -> None:
        from ec2bench.models.cache import ResponseCache

        self.cache = ResponseCache(Path(root))

    def get(self, key: str) -> Any:
        return self.cache.get(key)

    def put(self, key: str, model: dict[str, Any], request: dict[str, Any], completion: Any) -> None:
        self.cache.put(key, model, request, completion)


class RemoteCache:
    """A `ResponseCache` look-alike on a worker node that asks the driver's `CacheServer`."""

    def __init__(self, server: Any) -> None:
        self.server = server

    def get(self, key: str) -> Any:
        import ray

        return ray.get(self.server.get.remote(key))

    def put(self, key: str, model: dict[str, Any], request: dict[str, Any], completion: Any) -> None:
        import ray

        ray.get(self.server.put.remote(key, model, request, completion))


class RayExecutor:
    """Submit episodes to worker actors on a Ray cluster and collect results as they finish.

    `workers` actors are spread over the nodes (default: one per CPU the cluster offers);
    `slots` says how many can take an episode now. Connects to `address` (`auto`, `ray://host:port`,
    `host:port`), or starts a local single-node Ray on 127.0.0.1 when it is None.
    """

    def __init__(self, config: EpisodeConfig, *, suite_dir: Path, address: str | None = None,
                 workers: int | None = None) -> None:
        from ec2bench.env import sandbox

        ray = _ray()
        self._ray = ray
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                kwargs["_node_ip_address"] = "127.0.0.1"
            ray.init(address=address, **kwargs)
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        suite = ray.put(pack_suite(suite_dir))
        cache_server = None
        if config.edge.cache_dir is not None or config.cloud.cache_dir is not None:
            root = config.cloud.cache_dir or config.edge.cache_dir
            node = ray.get_runtime_context().get_node_id()
            here = ray.util.scheduling_strategies.NodeAffinitySchedulingStrategy(node, soft=False)
            cache_server = ray.remote(CacheServerImpl).options(num_cpus=0, scheduling_strategy=here).remote(str(root))
        actor = ray.remote(EpisodeWorkerImpl).options(num_cpus=1, scheduling_strategy="SPREAD")
        self._workers = [actor.remote(config, suite, sandbox.unsandboxed_allowed(), cache_server) for _ in range(count)]
        from ec2bench.core.version import __version__

        described = ray.get([w.describe.remote() for w in self._workers])
        wrong = {d["version"] for d in described} - {__version__}
        if wrong:
            self.shutdown()
            raise ConfigError(f"Ray workers run ec2bench {', '.join(sorted(wrong))}, the driver {__version__}: "
                              "install the same version on every node")
        self.nodes = len({d["node"] for d in described})
        self._idle = list(self._workers)
        self._running: dict[Any, tuple[Any, EpisodeSpec]] = {}
        self._cache_server = cache_server

    @property
    def slots(self) -> int:
        return len(self._idle)

    def choose(self, pending: Sequence[EpisodeSpec]) -> int:
        return 0

    def submit(self, spec: EpisodeSpec, settings: dict[str, Any]) -> None:
        worker = self._idle.pop()
        self._running[worker.run.remote(spec, settings)] = (worker, spec)

    def finished(self) -> Iterator[tuple[EpisodeSpec, EpisodeResult]]:
        """Wait for at least one running episode; yield each that has finished."""
        done, _ = self._ray.wait(list(self._running), num_returns=1)
        for ref in done:
            worker, spec = self._running.pop(ref)
            self._idle.append(worker)
            yield spec, self._ray.get(ref)

    @property
    def running(self) -> int:
        return len(self._running)

    def abandon(self) -> None:
        for ref in self._running:
            self._ray.cancel(ref, force=True)

    def shutdown(self) -> None:
        self.abandon()
        for worker in self._workers:
            self._ray.kill(worker)
        if self._cache_server is not None:
            self._ray.kill(self._cache_server)
        if self._owns_ray:
            self._ray.shutdown()

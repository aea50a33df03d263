"""`ec2bench bench concurrency`: how close a sweep against a slow endpoint comes to ideal throughput.

A latency-injected stub (`bench/stub.py`) answers every call after a fixed delay. For each level of
calls in flight J, the bench runs a real `ec2bench run --jobs J` sweep as a child process (so its
start-up, memory and CPU are measured as a user would see them) of `edge_only` episodes whose edge
model is the stub: `rounds x J` episodes of `tool_calls + 1` sequential calls each. With J calls in
flight and a delay of d seconds the ideal is J/d calls per second; throughput is measured between
the first request reaching the stub and the last answer leaving it.

Reported per level: throughput (% of ideal), first-call latency (child start to first request at
the stub: imports, suite loading, client set-up), peak RSS of the child's process tree (sampled
every 50 ms, workers included), CPU seconds of the tree and the most requests the stub held at once.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ec2bench.bench.stub import LatencyStub, serve
from ec2bench.env.procfs import processes, resident_bytes

TASK = "office-kickoff-scheduling"  # offers contacts_search and email_search for the stub's script


@dataclass(frozen=True)
class ConcurrencyResult:
    in_flight: int
    episodes: int
    calls: int
    errors: int
    wall_s: float
    calls_per_s: float
    ideal_pct: float
    first_call_s: float
    peak_rss_mib: float
    cpu_s: float
    max_at_stub: int


def measure(in_flight: int, *, delay_s: float = 1.0, rounds: int = 2, tool_calls: int = 10,
            extra_args: tuple[str, ...] = ()) -> ConcurrencyResult:
    """Run one sweep of `rounds x in_flight` episodes with `--jobs in_flight` against a fresh stub."""
    episodes = rounds * in_flight
    with serve(delay_s, tool_calls) as stub, tempfile.TemporaryDirectory(prefix="ec2bench-bench-") as tmp:
        out = Path(tmp) / "store"
        cmd = [sys.executable, "-m", "ec2bench", "run", "--out", str(out), "--tasks", TASK,
               "--strategies", "edge_only", "--edge", "openai/bench-stub", "--edge-base-url", stub.base_url,
               "--cloud", "sim/cloud", "--repeats", str(episodes), "--jobs", str(in_flight), *extra_args]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        peak = _PeakRss(proc.pid)
        peak.start()
        _, stderr = proc.communicate()
        wall = time.monotonic() - start
        peak.stop()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            raise RuntimeError(f"sweep at {in_flight} in flight exited {proc.returncode}: {stderr.strip()[-400:]}")
        errors = _errors(out)
    return _result(stub, in_flight, episodes, errors, wall, start, peak.peak_bytes,
                   (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime))


def _result(stub: LatencyStub, in_flight: int, episodes: int, errors: int, wall: float, start: float,
            peak_bytes: int, cpu_s: float) -> ConcurrencyResult:
    calls = stub.requests
    window = max(stub.answers) - min(stub.arrivals) if calls else 0.0
    rate = calls / window if window > 0 else 0.0
    return ConcurrencyResult(
        in_flight=in_flight, episodes=episodes, calls=calls, errors=errors, wall_s=wall, calls_per_s=rate,
        ideal_pct=100.0 * rate / (in_flight / stub.delay_s),
        first_call_s=min(stub.arrivals) - start if calls else float("nan"),
        peak_rss_mib=peak_bytes / 2**20, cpu_s=cpu_s, max_at_stub=stub.max_in_flight)


# issue 27's target, at TARGET_IN_FLIGHT calls in flight
TARGET_IN_FLIGHT = 256
TARGET = ">= 90% of ideal, < 500 MiB, first call < 3 s"


def meets_target(result: ConcurrencyResult) -> bool:
    """`TARGET`, with no failed episode."""
    return (result.ideal_pct >= 90.0 and result.peak_rss_mib < 500.0 and result.first_call_s < 3.0
            and result.errors == 0)


def _errors(out: Path) -> int:
    from ec2bench.runner.store import load_rows

    return sum(r.status != "ok" for r in load_rows([out]))


class _PeakRss:
    """Samples the resident memory of a process and all its descendants (Linux /proc) until stopped."""

    def __init__(self, pid: int, interval_s: float = 0.05) -> None:
        self._pid = pid
        self._interval = interval_s
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.peak_bytes = 0

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._done.wait(self._interval):
            self.peak_bytes = max(self.peak_bytes, tree_rss(self._pid))


def tree_rss(root: int) -> int:
    """Bytes resident in `root` and its descendants (0 where /proc is not available)."""
    parents = {p.pid: p.ppid for p in processes()}
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        children = [c for c, p in parents.items() if p == pid and c not in tree]
        tree.update(children)
        frontier += children
    return sum(resident_bytes(pid) for pid in tree)

"""`ec2bench bench sweep`: how long the quickstart sweep takes on this machine, against a target.

It runs a real `ec2bench run` (by default the README's first command: every built-in task,
`edge_only,cloud_only`, 3 repeats, simulated models) as a child process into a fresh store, so its
start-up, suite loading, workers and report are measured as a user would see them. Reported: wall
seconds, CPU seconds of the child and everything it waited for (worker processes, shells, browsers),
the peak RSS of the largest of those processes, the machine's load average before and after (a
shared machine makes wall time noisy; CPU seconds much less so), and whether the wall time met the target.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TARGET_S = 60.0  # issue 27: the quickstart sweep in under a minute on two cores


@dataclass(frozen=True)
class SweepBench:
    wall_s: float
    cpu_s: float
    peak_rss_mib: float
    load_before: float
    load_after: float
    cores: int
    exit_code: int
    store: Path

    def met(self, target_s: float) -> bool:
        return self.exit_code == 0 and self.wall_s < target_s


def measure(args: list[str], *, out: Path | None = None) -> SweepBench:
    """Run `ec2bench run --out OUT ARGS` as a child process and measure it (OUT: a fresh temp folder)."""
    store = out or Path(tempfile.mkdtemp(prefix="ec2bench-bench-sweep-")) / "store"
    command = [sys.executable, "-m", "ec2bench", "run", "--out", str(store), *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-2000:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return SweepBench(wall_s=wall, cpu_s=cpu, peak_rss_mib=after.ru_maxrss / 1024, load_before=load_before,
                      load_after=os.getloadavg()[0], cores=_cores(), exit_code=done.returncode, store=store)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1

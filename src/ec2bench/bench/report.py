"""`ec2bench bench report`: how the HTML report scales with the number of episodes.

The report's cost grows with its episodes (every trace is read, its sensitive values located and
highlighted, compacted and embedded), so the bench builds a store of exactly N episodes and times
`ec2bench report STORE --format html -o FILE` on it as a child process, as a user would run it.

The store is realistic by construction: it replicates the rows and traces of a real simulated sweep
(the built-in suite's tasks, or those of `--from STORE`), each copy under a new repeat number (so a new
episode key and trace file) until there are N episodes. The report therefore highlights the same
kinds of strings a real sweep of that size holds. Copies of one episode share their strings, as the
repeats of a deterministic simulated sweep largely do; a sweep of real models, whose repeats differ
more, holds more distinct strings per episode.

Measured for the child alone (`os.wait4`): wall seconds, CPU seconds (user + system) and peak resident
memory (`ru_maxrss`), plus the size of the HTML file. The target is the one the report must meet at
10,000 episodes: under 60 s and 400 MiB.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ec2bench.core.row import EpisodeRow
from ec2bench.runner.store import Store

TARGET_EPISODES = 10_000
TARGET_WALL_S = 60.0
TARGET_RSS_MIB = 400.0
SEED_STRATEGIES = "edge_only,cloud_only,advisory,delegation,sketch,step_routing,query_routing"


@dataclass(frozen=True)
class ReportBenchResult:
    episodes: int
    wall_s: float
    cpu_s: float
    peak_rss_mib: float
    html_bytes: int

    def meets_target(self, max_wall_s: float = TARGET_WALL_S, max_rss_mib: float = TARGET_RSS_MIB) -> bool:
        return self.wall_s < max_wall_s and self.peak_rss_mib < max_rss_mib


def seed_sweep(out: Path, *, strategies: str = SEED_STRATEGIES, tasks: str | None = None,
               suite: Path | None = None) -> None:
    """A real simulated sweep (one repeat of every task and strategy) into `out`, run as `ec2bench run`."""
    cmd = [sys.executable, "-m", "ec2bench", "run", "--out", str(out), "--strategies", strategies,
           "--edge", "sim/edge-9b", "--cloud", "sim/cloud", "--repeats", "1"]
    cmd += ["--tasks", tasks] if tasks else []
    cmd += ["--suite", str(suite)] if suite else []
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"the seed sweep exited {proc.returncode}: {proc.stderr.strip()[-400:]}")


def replicate(source: Path, out: Path, episodes: int) -> int:
    """Fill the new store `out` with `episodes` episodes: the source's rows and traces in turn, copy c of
    a row under repeat `repeat + c * span` (span: one more than the source's highest repeat). Returns
    how many source episodes there were."""
    src = Store.open(source, create=False)
    try:
        rows = src.rows()
        if not rows:
            raise RuntimeError(f"{source} holds no episodes to replicate")
        traces = [_read(src.trace_path(r.key)) for r in rows]
    finally:
        src.close()
    span = max(r.repeat for r in rows) + 1
    dst = Store.open(out, create=True)
    try:
        for i in range(episodes):
            copy, k = divmod(i, len(rows))
            dst.add(_renumbered(rows[k], rows[k].repeat + copy * span), traces[k])
    finally:
        dst.close()
    return len(rows)


def _renumbered(row: EpisodeRow, repeat: int) -> EpisodeRow:
    key = f"{row.task_id}|{row.strategy}|{row.edge}|{row.cloud}|{repeat}"
    return dataclasses.replace(row, repeat=repeat, key=key)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""  # a row whose trace is missing: the report shows it as such, so the copy keeps that


def time_report(store: Path, html: Path, *, suite: Path | None = None) -> tuple[float, float, float]:
    """(wall s, CPU s, peak RSS MiB) of `ec2bench report STORE --format html -o HTML` in a child process."""
    cmd = [sys.executable, "-m", "ec2bench", "report", str(store), "--format", "html", "-o", str(html)]
    cmd += ["--suite", str(suite)] if suite else []
    with tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"the report exited {proc.returncode}: {err.read().decode(errors='replace').strip()[-400:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KiB on Linux


@contextmanager
def _folder(path: Path | None) -> Iterator[Path]:
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
        yield path
        return
    tmp = Path(tempfile.mkdtemp(prefix="ec2bench-bench-report-"))
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def measure(counts: list[int], *, source: Path | None = None, work: Path | None = None, tasks: str | None = None,
            strategies: str = SEED_STRATEGIES, suite: Path | None = None) -> Iterator[ReportBenchResult]:
    """For each count, build a store of that many episodes (from `source`, else from one seed sweep) in
    `work` (default: a temporary folder, removed after) and time the HTML report on it."""
    with _folder(work) as folder:
        if source is None:
            source = folder / "seed"
            if not (source / "results.sqlite").is_file():
                seed_sweep(source, strategies=strategies, tasks=tasks, suite=suite)
        for episodes in counts:
            store = folder / f"store-{episodes}"
            shutil.rmtree(store, ignore_errors=True)
            replicate(source, store, episodes)
            html = folder / f"report-{episodes}.html"
            wall, cpu, peak = time_report(store, html, suite=suite)
            yield ReportBenchResult(episodes, wall, cpu, peak, html.stat().st_size)
            if work is None:  # nothing is kept: free the disk before the next, larger store
                shutil.rmtree(store, ignore_errors=True)

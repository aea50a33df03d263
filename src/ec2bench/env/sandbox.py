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

Without a working bubblewrap, shell commands are refused unless the user opts in with
``EC2BENCH_UNSANDBOXED_SHELL=1`` (or `allow_unsandboxed()` in the process that starts the
sweep); bubblewrap is still used whenever it works.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import site
import subprocess
from pathlib import Path
from typing import Literal

import ec2bench
from ec2bench.env.diskquota import WORKSPACE_QUOTA_BYTES
from ec2bench.env.paths import WORKSPACE_PATH

log = logging.getLogger(__name__)

SandboxMode = Literal["bwrap", "none"]

UNSANDBOXED_ENV = "EC2BENCH_UNSANDBOXED_SHELL"
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


def _harness_dirs() -> list[str]:
    """The harness's package directories that would be visible through a read-only bind."""
    candidates = {Path(ec2bench.__file__).resolve().parent, *map(Path, site.getsitepackages())}
    user_site = site.getusersitepackages()
    if user_site:
        candidates.add(Path(user_site))
    return sorted(
        str(p) for p in candidates
        if p.is_dir() and any(p.is_relative_to(root) for root in _BOUND_ROOTS)
    )


def bwrap_args(workspace: Path, read_only: tuple[str, ...] = ()) -> list[str]:
    """The bubblewrap command line (without the command) that confines a shell to `workspace`.

    `read_only`: workspace folders (relative) mounted read-only over the writable workspace, such
    as a task's `skills/`; one that is missing or a symlink is left as it is.

    Order matters: mounts below a bind come after it, and `/` is made read-only last.
    """
    args = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
            "--ro-bind", "/usr", "/usr"]
    for name in _ROOT_LINKS:
        host = Path("/", name)
        if host.is_symlink():
            args += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            args += ["--ro-bind", str(host), str(host)]
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


def limited_bash(command: str) -> list[str]:
    """`bash -c command` under hard resource limits that the command cannot raise again."""
    limits = (
        f"ulimit -t {MAX_TIMEOUT_SECONDS} -v {MEMORY_LIMIT_BYTES // 1024} "
        f"-f {WORKSPACE_QUOTA_BYTES // 1024} -c 0 || exit 126"
    )
    return ["bash", "-c", f'{limits}; exec bash -c "$1"', "bash", command]


@functools.cache
def sandbox_problem() -> str | None:
    """Why bubblewrap cannot sandbox commands here (None if it can). Probed once per process.

    The CLI may call this before a sweep to tell the user, rather than only the model, that
    shell commands will be refused.
    """
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed"
    probe = Path(os.environ.get("TMPDIR") or "/tmp")
    try:
        res = subprocess.run(
            [*bwrap_args(probe), "true"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=15
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bubblewrap failed to start ({type(exc).__name__})"
    if res.returncode != 0:
        return f"bubblewrap does not work here: {(res.stderr or '').strip() or f'exit code {res.returncode}'}"
    return None


def unsandboxed_allowed() -> bool:
    """Whether the user opted in to running shell commands without a sandbox."""
    return os.environ.get(UNSANDBOXED_ENV, "").strip().lower() in ("1", "true", "yes")


def allow_unsandboxed() -> None:
    """Opt in to unsandboxed shell commands for this process and the workers it starts.

    For a CLI flag such as `--unsandboxed-shell`: it sets `EC2BENCH_UNSANDBOXED_SHELL=1`,
    which forked or spawned sweep workers inherit. Bubblewrap is still used when it works.
    """
    os.environ[UNSANDBOXED_ENV] = "1"


def sandbox_mode() -> SandboxMode | None:
    """The sandbox new shell apps use: bwrap if it works, else "none" if opted in, else None (refuse)."""
    if sandbox_problem() is None:
        return "bwrap"
    return "none" if unsandboxed_allowed() else None


def refusal() -> str:
    """The observation a shell call gets when there is no sandbox and no opt-in."""
    return (
        f"the shell is disabled: commands run only inside a bubblewrap sandbox, and {sandbox_problem()}. "
        f"Install bubblewrap (e.g. `apt-get install bubblewrap`), or set {UNSANDBOXED_ENV}=1 to run "
        "commands unsandboxed (unsafe: they get the benchmark user's files, network and processes)."
    )


@functools.cache
def warn_unsandboxed(reason: str) -> None:
    """Log the no-sandbox warning once per process (per reason)."""
    log.warning(
        "shell commands are NOT sandboxed (%s; %s=1): they run as this user with its file, network "
        "and process access; only cwd, environment, resource limits and timeout are controlled",
        reason, UNSANDBOXED_ENV,
    )

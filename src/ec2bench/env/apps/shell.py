"""Shell: run a bash command in the workspace, inside a bubblewrap sandbox.

A model's shell command is untrusted code, so it runs only inside bubblewrap (`bwrap`),
which confines it to what a command needs:

* the workspace, read-write, at the neutral path ``/workspace`` (also HOME and the working
  directory), so no host path ever reaches the model;
* ``/usr`` and the ``/bin``, ``/sbin``, ``/lib*`` entries, plus the few files of ``/etc`` that
  programs need to start (loader cache, alternatives, passwd/group), all read-only; the
  harness's own site-packages are covered by empty directories if they lie there, so the
  task's reference solution and checks cannot be read;
* a fresh ``/proc`` of its own PID namespace, a minimal ``/dev``, and size-limited private
  tmpfs on ``/tmp`` and ``/dev/shm``; the rest of the root is an empty read-only tmpfs (no
  ``/root``, ``/home``, ``/var``, results stores, caches or other episodes' workspaces);
* every namespace unshared (no network, not even the host's loopback), no capabilities, a
  new session, an environment of PATH, HOME, LANG and TMPDIR only (no API keys).

The sandbox's PID namespace ends with its first process, so when a command exits, times out
or is stopped, every process it started dies with it (``setsid`` daemons included), and
``kill -9 -1`` inside reaches only the sandbox. Each call is also bounded: wall time (at most
60 s), CPU time (RLIMIT_CPU), address space (RLIMIT_AS), the size of any one file written
(RLIMIT_FSIZE), the workspace's size (polled while the command runs: past the quota the
command is killed and what it wrote past the quota removed) and the output (the first 8,000
characters are kept).

Without a working bubblewrap the tool refuses every command with an observation saying how
to install it, unless the user opts in to unsandboxed commands with
``EC2BENCH_UNSANDBOXED_SHELL=1`` (or `allow_unsandboxed()` in the process that starts the
sweep). Then commands run directly in the workspace directory with the same limits and a
minimal environment, but with the benchmark user's full file, network and process access.
"""

from __future__ import annotations

import codecs
import functools
import logging
import os
import shutil
import signal
import site
import subprocess
import threading
import time
from pathlib import Path
from typing import Literal

from ec2bench.env.apps.base import App
from ec2bench.env.paths import WORKSPACE_PATH
from ec2bench.env.tools import ToolError

log = logging.getLogger(__name__)

SandboxMode = Literal["bwrap", "none"]

UNSANDBOXED_ENV = "EC2BENCH_UNSANDBOXED_SHELL"
MAX_TIMEOUT_SECONDS = 60
OUTPUT_CAP_CHARS = 8000
TIMEOUT_EXIT_CODE = 124  # what coreutils `timeout` returns
WORKSPACE_QUOTA_BYTES = 128 * 1024 * 1024  # disk a workspace may grow to (or what it held before the call)
WORKSPACE_MAX_ENTRIES = 20_000  # files and directories, likewise
TMP_SIZE_BYTES = 64 * 1024 * 1024  # the sandbox's private /tmp
SHM_SIZE_BYTES = 16 * 1024 * 1024  # and /dev/shm
MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024  # RLIMIT_AS of every process of a command
SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin"
_DISK_POLL_SECONDS = 0.1
_PIPE_DRAIN_SECONDS = 2.0
_ROOT_LINKS = ("bin", "sbin", "lib", "lib32", "lib64", "libx32")
_ETC_FILES = (
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
    "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime",
)
_BOUND_ROOTS = ("/usr", "/etc")


def _harness_dirs() -> list[str]:
    """The harness's package directories that would be visible through a read-only bind."""
    import ec2bench

    candidates = {Path(ec2bench.__file__).resolve().parent, *map(Path, site.getsitepackages())}
    user_site = site.getusersitepackages()
    if user_site:
        candidates.add(Path(user_site))
    return sorted(
        str(p) for p in candidates
        if p.is_dir() and any(p.is_relative_to(root) for root in _BOUND_ROOTS)
    )


def bwrap_args(workspace: Path) -> list[str]:
    """The bubblewrap command line (without the command) that confines a shell to `workspace`.

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
        "--remount-ro", "/",
        "--chdir", WORKSPACE_PATH,
    ]
    return args


def _limited(command: str) -> list[str]:
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
def _warn_unsandboxed(reason: str) -> None:
    """Log the no-sandbox warning once per process (per reason)."""
    log.warning(
        "shell commands are NOT sandboxed (%s; %s=1): they run as this user with its file, network "
        "and process access; only cwd, environment, resource limits and timeout are controlled",
        reason, UNSANDBOXED_ENV,
    )


class _OutputCollector:
    """Reads a pipe to EOF, keeping the first `cap` characters and counting the rest."""

    def __init__(self, stream: object, cap: int) -> None:
        self._fd = stream.fileno()  # type: ignore[attr-defined]
        self._cap = cap
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._kept: list[str] = []
        self._kept_chars = 0
        self.dropped_chars = 0
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _take(self, text: str) -> None:
        with self._lock:
            room = self._cap - self._kept_chars
            if room > 0:
                self._kept.append(text[:room])
                self._kept_chars += min(room, len(text))
            self.dropped_chars += max(0, len(text) - max(room, 0))

    def _run(self) -> None:
        while True:
            try:
                chunk = os.read(self._fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self._take(self._decoder.decode(chunk))
        self._take(self._decoder.decode(b"", final=True))

    def text(self) -> tuple[str, int]:
        with self._lock:
            return "".join(self._kept), self.dropped_chars


def disk_usage(root: Path, max_bytes: int, max_entries: int) -> tuple[int, int]:
    """Bytes allocated and entries below `root`, without following links.

    Stops counting once either limit is passed, so polling a flooded workspace stays cheap.
    """
    used = entries = 0
    stack = [str(root)]
    while stack and used <= max_bytes and entries <= max_entries:
        try:
            with os.scandir(stack.pop()) as it:
                for entry in it:
                    entries += 1
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    used += st.st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
        except OSError:
            continue
    return used, entries


def _changed_since(root: Path, since: float) -> list[tuple[float, int, str, bool, int]]:
    """Entries below `root` changed at or after `since`: (mtime, depth, path, is_dir, bytes)."""
    found = []
    stack = [(str(root), 0)]
    while stack:
        top, depth = stack.pop()
        try:
            with os.scandir(top) as it:
                for entry in it:
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    is_dir = entry.is_dir(follow_symlinks=False)
                    if is_dir:
                        stack.append((entry.path, depth + 1))
                    if st.st_mtime >= since:
                        found.append((st.st_mtime, depth, entry.path, is_dir, st.st_blocks * 512))
        except OSError:
            continue
    return found


class _DiskGuard:
    """Holds a command's workspace to its quota.

    RLIMIT_FSIZE already cuts any single file at the quota; this catches many files. While the
    command runs, the workspace is polled and the command killed once past the quota; after
    it, what it wrote past the quota is removed, newest first, so the workspace ends within
    the quota however fast the command wrote.
    """

    def __init__(self, root: Path, pgid: int) -> None:
        used, entries = disk_usage(root, WORKSPACE_QUOTA_BYTES, WORKSPACE_MAX_ENTRIES)
        self._root = root
        self._pgid = pgid
        self._since = time.time() - 1.0  # file-system timestamps may lag the clock slightly
        self._max_bytes = max(WORKSPACE_QUOTA_BYTES, used)  # a full workspace may still shrink
        self._max_entries = max(WORKSPACE_MAX_ENTRIES, entries)
        self._done = threading.Event()
        self.tripped = False
        self.removed: list[str] = []
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _over(self) -> bool:
        used, entries = disk_usage(self._root, self._max_bytes, self._max_entries)
        return used > self._max_bytes or entries > self._max_entries

    def _run(self) -> None:
        while not self._done.wait(_DISK_POLL_SECONDS):
            if self._over():
                self.tripped = True
                _kill_group(self._pgid)
                return

    def stop(self) -> None:
        """Call once the command's processes are gone: stop polling, trim what is past the quota."""
        self._done.set()
        self._thread.join()
        if self._over():
            self.tripped = True
            self._trim()

    def _trim(self) -> None:
        used, entries = disk_usage(self._root, 2**62, 2**62)
        # newest first; within a directory tree, children before their parent
        for _, _, path, is_dir, size in sorted(_changed_since(self._root, self._since), reverse=True):
            if used <= self._max_bytes and entries <= self._max_entries:
                return
            try:
                if is_dir:
                    os.rmdir(path)  # fails, and is skipped, if something older is still inside
                else:
                    os.unlink(path)
            except OSError:
                continue
            used, entries = used - size, entries - 1
            self.removed.append(os.path.relpath(path, self._root))


def _note(output: str, note: str) -> str:
    """Append a bracketed note on a line of its own."""
    sep = "" if not output or output.endswith("\n") else "\n"
    return output + sep + note


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class ShellApp(App):
    name = "shell"

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self._sandbox: SandboxMode | None = sandbox_mode()
        if self._sandbox == "none":
            _warn_unsandboxed(sandbox_problem() or "no sandbox")

    @property
    def sandbox(self) -> SandboxMode | None:
        """Where this app's commands run: "bwrap", "none" (opted in), or None (commands are refused)."""
        return self._sandbox

    def _command(self, command: str) -> tuple[list[str], dict[str, str], Path | None]:
        """argv, environment and (unsandboxed) a per-call TMPDIR to tidy up afterwards."""
        if self._sandbox == "bwrap":
            argv = [*bwrap_args(self.root.resolve()), "--clearenv"]
            env = {"PATH": SANDBOX_PATH, "HOME": WORKSPACE_PATH, "LANG": "C.UTF-8", "TMPDIR": "/tmp"}
            for key, value in env.items():
                argv += ["--setenv", key, value]
            return [*argv, *_limited(command)], {"PATH": SANDBOX_PATH}, None
        ws = self.root.resolve()
        tmp = ws / ".tmp"
        tmp.mkdir(exist_ok=True)
        env = {"PATH": SANDBOX_PATH, "HOME": str(ws), "LANG": "C.UTF-8", "TMPDIR": str(tmp)}
        return _limited(command), env, tmp

    def run(self, command: str, timeout_seconds: int = 10) -> dict:
        """Run a bash command in the workspace directory; returns its exit code and combined stdout+stderr.

        Output beyond the first 8000 characters is cut (with a note). A command still running
        after the timeout is killed, with exit code 124. There is no network access.

        Args:
            command: the bash command line, run with `bash -c`.
            timeout_seconds: seconds before the command is killed (1 to 60).
        """
        if self._sandbox is None:
            raise ToolError(refusal())
        if not command.strip():
            raise ToolError("the command is empty")
        if "\x00" in command:
            raise ToolError("the command contains a NUL character")
        if timeout_seconds < 1:
            raise ToolError("timeout_seconds must be at least 1")
        timeout = min(timeout_seconds, MAX_TIMEOUT_SECONDS)
        argv, env, tmp = self._command(command)
        try:
            proc = subprocess.Popen(
                argv,
                cwd=self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group, so a kill reaches every child
            )
        except OSError as exc:
            raise ToolError(f"could not start bash ({exc.strerror or type(exc).__name__})") from None
        assert proc.stdout is not None
        collector = _OutputCollector(proc.stdout, OUTPUT_CAP_CHARS)
        guard = _DiskGuard(self.root, proc.pid)
        deadline = time.monotonic() + timeout
        timed_out = False
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            # Kill the whole group: on timeout everything, otherwise leftover background jobs
            # (in bwrap the PID namespace ends with the command anyway).
            _kill_group(proc.pid)
            proc.wait()
            guard.stop()
        collector.thread.join(_PIPE_DRAIN_SECONDS)
        if not collector.thread.is_alive():
            proc.stdout.close()
        output, dropped = collector.text()
        if self._sandbox == "bwrap":  # the mount table still names the workspace's host folder
            output = output.replace(str(self.root.resolve()), WORKSPACE_PATH)
        if tmp is not None:
            try:
                tmp.rmdir()  # only if the command left nothing there
            except OSError:
                pass
        if dropped:
            output = _note(
                output, f"[output truncated: {dropped} more characters cut after the first {OUTPUT_CAP_CHARS}]"
            )
        if guard.tripped:
            removed = ", ".join(guard.removed[:5]) + (", ..." if len(guard.removed) > 5 else "")
            output = _note(
                output,
                f"[stopped: the workspace may hold at most {WORKSPACE_QUOTA_BYTES // (1024 * 1024)} MB in "
                f"{WORKSPACE_MAX_ENTRIES} files; the command was killed"
                + (f" and {len(guard.removed)} entries it wrote past the limit were removed: {removed}" if removed else "")
                + "]",
            )
        if timed_out:
            output = _note(
                output, f"[timed out after {timeout} s: the command and all its processes were killed]"
            )
            return {"exit_code": TIMEOUT_EXIT_CODE, "output": output}
        code = proc.returncode
        return {"exit_code": 128 - code if code < 0 else code, "output": output}

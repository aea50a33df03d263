"""Shell: run a bash command in the workspace.

Sandbox modes (the `sandbox` property of the app says which one is in use, so traces can
record it):

* ``"bwrap"`` — used when bubblewrap (`bwrap`) is on PATH and works. The command runs in
  fresh namespaces (``--unshare-all``: no network, own PID/IPC/UTS namespaces) with the
  whole filesystem mounted read-only, the workspace bound read-write at its own path, a
  private tmpfs on /tmp, a minimal /dev and a fresh /proc, and a minimal environment
  (PATH, HOME=workspace, LANG=C.UTF-8). ``--die-with-parent`` makes the sandbox die with
  the benchmark process. This is why the shell is safe to hand to a model: it can change
  the workspace, which graders inspect, and nothing else, and it cannot reach the network
  (so it cannot exfiltrate data past the privacy accounting of the benchmark).

* ``"none"`` — the fallback when bwrap is missing or does not work here (e.g. no user
  namespaces in a container), or when ``EC2BENCH_SHELL_SANDBOX=none`` is set. The command
  runs directly with the workspace as working directory, a minimal environment and
  HOME/TMPDIR inside the workspace; a warning is logged once per process. This mode
  does NOT guarantee anything beyond that: the command runs with the benchmark's own
  user and privileges, can read and write any file that user can (absolute paths, ``..``),
  can use the network, and can leave processes that detach themselves (``setsid``)
  running. Use it only for trusted agents or in an otherwise isolated machine.

``EC2BENCH_SHELL_SANDBOX`` may be ``auto`` (the default: bwrap when it works, else none),
``bwrap`` (require the sandbox; creating the app fails without it) or ``none``.

In both modes a command has a timeout (at most 60 s; on expiry its whole process group is
killed, exit code 124), background jobs still in its process group are killed when it
exits, and its combined stdout+stderr is cut to the first 8,000 characters.
"""

from __future__ import annotations

import codecs
import functools
import logging
import os
import shutil
import signal
import subprocess
import threading
from pathlib import Path
from typing import Literal

from ec2bench.env.apps.base import App
from ec2bench.env.tools import ToolError

log = logging.getLogger(__name__)

SandboxMode = Literal["bwrap", "none"]

SANDBOX_ENV = "EC2BENCH_SHELL_SANDBOX"
MAX_TIMEOUT_SECONDS = 60
OUTPUT_CAP_CHARS = 8000
TIMEOUT_EXIT_CODE = 124  # what coreutils `timeout` returns
_DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
_PIPE_DRAIN_SECONDS = 2.0


_BWRAP_BASE = (
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    "--tmpfs", "/tmp",
)
_BWRAP_ISOLATION = ("--unshare-all", "--die-with-parent")


def bwrap_args(workspace: Path) -> list[str]:
    """The bubblewrap command line (without the command) that confines a shell to `workspace`.

    Order matters: the tmpfs on /tmp comes before the workspace bind, so a workspace under
    /tmp stays visible.
    """
    ws = str(workspace)
    return ["bwrap", *_BWRAP_BASE, "--bind", ws, ws, *_BWRAP_ISOLATION, "--chdir", ws]


@functools.cache
def _bwrap_problem() -> str | None:
    """Why bwrap cannot be used here (None if it can). Probed once per process."""
    exe = shutil.which("bwrap")
    if exe is None:
        return "bubblewrap (bwrap) is not installed"
    probe = [exe, *_BWRAP_BASE, *_BWRAP_ISOLATION, "true"]  # as for a command, minus the workspace
    try:
        res = subprocess.run(probe, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"bwrap failed to start: {exc}"
    if res.returncode != 0:
        return f"bwrap does not work here: {(res.stderr or '').strip() or f'exit code {res.returncode}'}"
    return None


def sandbox_mode() -> SandboxMode:
    """The sandbox a new shell app uses: `EC2BENCH_SHELL_SANDBOX` (read on every call), then detection."""
    wanted = os.environ.get(SANDBOX_ENV, "auto").strip().lower() or "auto"
    if wanted not in ("auto", "bwrap", "none"):
        raise ValueError(f"{SANDBOX_ENV} must be auto, bwrap or none, not {wanted!r}")
    if wanted == "none":
        return "none"
    problem = _bwrap_problem()
    if problem is None:
        return "bwrap"
    if wanted == "bwrap":
        raise RuntimeError(f"{SANDBOX_ENV}=bwrap but {problem}")
    return "none"


@functools.cache
def _warn_unsandboxed(reason: str) -> None:
    """Log the no-sandbox warning once per process (per reason)."""
    log.warning(
        "shell commands are NOT sandboxed (%s): they run as this user with no network or "
        "write isolation, only cwd, environment and timeout are controlled",
        reason,
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
        self._sandbox: SandboxMode = sandbox_mode()
        if self._sandbox == "none":
            reason = (
                f"{SANDBOX_ENV}=none"
                if os.environ.get(SANDBOX_ENV, "").strip().lower() == "none"
                else _bwrap_problem() or "sandbox disabled"
            )
            _warn_unsandboxed(reason)

    @property
    def sandbox(self) -> SandboxMode:
        """Which sandbox this app's commands run in: "bwrap" or "none"."""
        return self._sandbox

    def _command(self, command: str) -> tuple[list[str], dict[str, str], Path | None]:
        """argv, environment and (none mode) a per-call TMPDIR to tidy up afterwards."""
        ws = self.root.resolve()
        env = {
            "PATH": os.environ.get("PATH") or _DEFAULT_PATH,
            "HOME": str(ws),
            "LANG": "C.UTF-8",
        }
        if self._sandbox == "bwrap":
            argv = [*bwrap_args(ws), "--clearenv"]
            for key, value in {**env, "TMPDIR": "/tmp"}.items():
                argv += ["--setenv", key, value]
            return [*argv, "bash", "-c", command], env, None
        tmp = ws / ".tmp"
        tmp.mkdir(exist_ok=True)
        return ["bash", "-c", command], {**env, "TMPDIR": str(tmp)}, tmp

    def run(self, command: str, timeout_seconds: int = 10) -> dict:
        """Run a bash command in the workspace directory; returns its exit code and combined stdout+stderr.

        Output beyond the first 8000 characters is cut (with a note). A command still running
        after the timeout is killed, with exit code 124. There is no network access.

        Args:
            command: the bash command line, run with `bash -c`.
            timeout_seconds: seconds before the command is killed (1 to 60).
        """
        if not command.strip():
            raise ToolError("the command is empty")
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
                start_new_session=True,  # own process group, so a timeout kills every child
            )
        except OSError as exc:
            raise ToolError(f"could not start bash: {exc}") from None
        assert proc.stdout is not None
        collector = _OutputCollector(proc.stdout, OUTPUT_CAP_CHARS)
        timed_out = False
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            # Kill the whole group: on timeout everything, otherwise leftover background jobs
            # (in bwrap they die with the sandbox anyway).
            _kill_group(proc.pid)
            proc.wait()
        collector.thread.join(_PIPE_DRAIN_SECONDS)
        if not collector.thread.is_alive():
            proc.stdout.close()
        output, dropped = collector.text()
        if tmp is not None:
            try:
                tmp.rmdir()  # only if the command left nothing there
            except OSError:
                pass
        if dropped:
            output = _note(
                output, f"[output truncated: {dropped} more characters cut after the first {OUTPUT_CAP_CHARS}]"
            )
        if timed_out:
            output = _note(
                output, f"[timed out after {timeout} s: the command and all its processes were killed]"
            )
            return {"exit_code": TIMEOUT_EXIT_CODE, "output": output}
        code = proc.returncode
        return {"exit_code": 128 - code if code < 0 else code, "output": output}

"""Shell: run a bash command in the workspace, inside the bubblewrap sandbox.

The sandbox and the opt-out from it are in `ec2bench.env.sandbox`, the disk quota in
`ec2bench.env.diskquota`. This module runs one command: it starts it in its own process
group, collects at most 8,000 characters of its combined output, and on exit, timeout (at
most 60 s, exit code 124) or quota breach kills every process it started. Without a sandbox
and without the user's opt-in, every call is refused with an observation saying how to
install bubblewrap.
"""

from __future__ import annotations

import codecs
import os
import subprocess
import threading
import time
from pathlib import Path

from ec2bench.env.apps.base import App
from ec2bench.env.diskquota import DiskGuard, kill_group
from ec2bench.env.paths import SKILLS_DIR, WORKSPACE_PATH
from ec2bench.env.sandbox import (
    MAX_TIMEOUT_SECONDS,
    SANDBOX_PATH,
    SandboxMode,
    bwrap_args,
    limited_bash,
    refusal,
    sandbox_mode,
    sandbox_problem,
    warn_unsandboxed,
)
from ec2bench.env.tools import ToolError

OUTPUT_CAP_CHARS = 8000
TIMEOUT_EXIT_CODE = 124  # what coreutils `timeout` returns
_PIPE_DRAIN_SECONDS = 2.0


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


class ShellApp(App):
    name = "shell"

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self._sandbox: SandboxMode | None = sandbox_mode()
        if self._sandbox == "none":
            warn_unsandboxed(sandbox_problem() or "no sandbox")

    @property
    def sandbox(self) -> SandboxMode | None:
        """Where this app's commands run: "bwrap", "none" (opted in), or None (commands are refused)."""
        return self._sandbox

    def _command(self, command: str) -> tuple[list[str], dict[str, str], Path | None]:
        """argv, environment and (unsandboxed) a per-call TMPDIR to tidy up afterwards."""
        if self._sandbox == "bwrap":
            read_only = (SKILLS_DIR,) if "skills" in self.peers else ()  # a task's skills run as shipped
            argv = [*bwrap_args(self.root.resolve(), read_only), "--clearenv"]
            env = {"PATH": SANDBOX_PATH, "HOME": WORKSPACE_PATH, "LANG": "C.UTF-8", "TMPDIR": "/tmp"}
            for key, value in env.items():
                argv += ["--setenv", key, value]
            return [*argv, *limited_bash(command)], {"PATH": SANDBOX_PATH}, None
        ws = self.root.resolve()
        tmp = ws / ".tmp"
        tmp.mkdir(exist_ok=True)
        env = {"PATH": SANDBOX_PATH, "HOME": str(ws), "LANG": "C.UTF-8", "TMPDIR": str(tmp)}
        return limited_bash(command), env, tmp

    def run(self, command: str, timeout_seconds: int = 10) -> dict:
        """Run a bash command in the workspace directory; returns its exit code and combined stdout+stderr.

        Output beyond the first 8000 characters is cut (with a note). A command still running
        after the timeout (or when the episode's time runs out, if sooner) is killed, with exit code 124.
        There is no network access.

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
        timeout: float = min(timeout_seconds, MAX_TIMEOUT_SECONDS)
        remaining = self.remaining_s()
        if remaining is not None:  # a command never outlives its episode
            if remaining <= 0:
                raise ToolError("the episode's deadline has passed; the command was not run")
            timeout = min(timeout, remaining)
        argv, env, tmp = self._command(command)
        guard = DiskGuard(self.root)  # records the workspace before the command can change it
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
        guard.start(proc.pid)
        deadline = time.monotonic() + timeout
        timed_out = False
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            # Kill the whole group: on timeout everything, otherwise leftover background jobs
            # (in bwrap the PID namespace ends with the command anyway).
            kill_group(proc.pid)
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
            output = _note(output, guard.note())
        if timed_out:
            output = _note(
                output, f"[timed out after {timeout:.3g} s: the command and all its processes were killed]"
            )
            return {"exit_code": TIMEOUT_EXIT_CODE, "output": output}
        code = proc.returncode
        return {"exit_code": 128 - code if code < 0 else code, "output": output}

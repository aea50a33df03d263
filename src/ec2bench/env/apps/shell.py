"""Shell: run a bash command in the workspace, inside the bubblewrap sandbox.

The sandbox and the opt-out from it are in `ec2bench.env.sandbox`, the disk quota in
`ec2bench.env.diskquota`. This module runs one command: it starts it in its own process
group, collects at most 8,000 characters of its combined output, and on exit, timeout (at
most 60 s, exit code 124) or quota breach kills every process it started.

What is the command's doing and what is the machine's is told apart: the command's wrapper writes
one byte to a private pipe once the sandbox is set up, just before the command runs. A command
that runs and fails (any exit code) is the agent's business. One the sandbox never started (bwrap's
own setup error, a fork that failed, no working sandbox and no opt-in) is tried again briefly and
then raises `SandboxFailure`, which ends the episode as an environment error, never as a score.
"""

from __future__ import annotations

import codecs
import os
import select
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from ec2bench.env.apps.base import App
from ec2bench.env.diskquota import DiskGuard, kill_group
from ec2bench.env.paths import SKILLS_DIR, WORKSPACE_PATH
from ec2bench.env.sandbox import (
    MAX_TIMEOUT_SECONDS,
    SANDBOX_PATH,
    SandboxFailure,
    SandboxMode,
    bwrap_args,
    bwrap_executable,
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
START_ATTEMPTS = 3  # tries to start a command the sandbox failed to start, before the environment error
START_RETRY_PAUSE_SECONDS = 0.5  # before the second try, doubling after each


@dataclass(frozen=True)
class _Unstarted:
    """A command the sandbox did not start, and why (bwrap's own words, or the spawn error)."""

    reason: str


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
        self._sandbox: SandboxMode | None = None
        self._resolved = False  # the sandbox is probed at first use, so episodes that never use the shell never wait for it

    @property
    def sandbox(self) -> SandboxMode | None:
        """Where this app's commands run: "bwrap", "none" (opted in), or None (no working sandbox, no opt-in)."""
        if not self._resolved or self._sandbox is None:  # a failed probe is probed again: it may have been load
            self._sandbox = sandbox_mode(fresh=self._resolved)
            self._resolved = True
            if self._sandbox == "none":
                warn_unsandboxed(sandbox_problem() or "no sandbox")
        return self._sandbox

    def _command(self, command: str, started_fd: int) -> tuple[list[str], dict[str, str], Path | None]:
        """argv, environment and (unsandboxed) a per-call TMPDIR to tidy up afterwards."""
        if self._sandbox == "bwrap":
            read_only = (SKILLS_DIR,) if "skills" in self.peers else ()  # skills change only through the skills tools
            argv = [*bwrap_args(self.root.resolve(), read_only), "--clearenv"]
            env = {"PATH": SANDBOX_PATH, "HOME": WORKSPACE_PATH, "LANG": "C.UTF-8", "TMPDIR": "/tmp"}
            for key, value in env.items():
                argv += ["--setenv", key, value]
            return [*argv, *limited_bash(command, started_fd)], {"PATH": SANDBOX_PATH}, None
        ws = self.root.resolve()
        tmp = ws / ".tmp"
        tmp.mkdir(exist_ok=True)
        env = {"PATH": SANDBOX_PATH, "HOME": str(ws), "LANG": "C.UTF-8", "TMPDIR": str(tmp)}
        return limited_bash(command, started_fd), env, tmp

    def run(self, command: str, timeout_seconds: int = 10) -> dict:
        """Run a bash command in the workspace directory; returns its exit code and combined stdout+stderr.

        Output beyond the first 8000 characters is cut (with a note). A command still running
        after the timeout (or when the episode's time runs out, if sooner) is killed, with exit code 124.
        There is no network access.

        Args:
            command: the bash command line, run with `bash -c`.
            timeout_seconds: seconds before the command is killed (1 to 60).
        """
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
        if self.sandbox is None and bwrap_executable() is None:  # nothing to retry: no bwrap at all
            raise SandboxFailure(refusal())
        pause = START_RETRY_PAUSE_SECONDS
        unstarted = _Unstarted("the sandbox did not start the command")
        for attempt in range(START_ATTEMPTS):
            if attempt:
                time.sleep(pause)
                pause *= 2
            if self.sandbox is None:  # probed again on each attempt: a loaded machine may have failed it
                unstarted = _Unstarted(refusal(sandbox_problem()))
                continue
            ran = self._run_once(command, timeout)
            if not isinstance(ran, _Unstarted):
                return ran
            unstarted = ran
        raise SandboxFailure(f"{unstarted.reason} ({START_ATTEMPTS} attempts)")

    def _run_once(self, command: str, timeout: float) -> dict | _Unstarted:
        """Run the command once: its result, or `_Unstarted` when the sandbox did not start it."""
        started_r, started_w = os.pipe()
        try:
            os.set_blocking(started_r, False)
            try:
                # outside the OSError below: a workspace the agent made unusable (a file named .tmp) is its own doing
                argv, env, tmp = self._command(command, started_w)
            except BaseException:
                os.close(started_w)
                raise
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
                    pass_fds=(started_w,),
                )
            except OSError as exc:  # fork/exec failed (EAGAIN, ENOMEM, no binary): the machine's, not the command's
                if tmp is not None:
                    _tidy(tmp)
                what = "bwrap" if self._sandbox == "bwrap" else "bash"
                return _Unstarted(f"could not start {what} ({exc.strerror or type(exc).__name__})")
            finally:
                os.close(started_w)  # the parent's copy: only the command's wrapper may hold it open
            result = self._collect(proc, timeout, tmp, guard)
            if _started(started_r):
                return result
        finally:
            os.close(started_r)
        said = " ".join(result["output"].split())
        if len(said) > 300:
            said = said[:300] + "..."
        return _Unstarted(f"the sandbox did not start the command (exit code {result['exit_code']}"
                          + (f": {said}" if said else "") + ")")

    def _collect(self, proc: subprocess.Popen, timeout: float, tmp: Path | None, guard: DiskGuard) -> dict:
        """Wait for the command (killing it on timeout or quota breach) and shape its result."""
        assert proc.stdout is not None
        collector = _OutputCollector(proc.stdout, OUTPUT_CAP_CHARS)
        guard.start(proc.pid)
        deadline = time.monotonic() + timeout
        timed_out = False
        try:
            timed_out = not _wait_for_exit(proc, max(0.0, deadline - time.monotonic()))
        finally:
            # Kill the whole group: on timeout everything, otherwise leftover background jobs. A sandboxed command
            # that exited took its PID namespace, and every process in it, with it: only bwrap is left to reap.
            kill_group(proc.pid, sealed=self._sandbox == "bwrap" and not timed_out)
            proc.wait()
            guard.stop()
        collector.thread.join(_PIPE_DRAIN_SECONDS)
        if not collector.thread.is_alive():
            proc.stdout.close()
        output, dropped = collector.text()
        if self._sandbox == "bwrap":  # the mount table still names the workspace's host folder
            output = output.replace(str(self.root.resolve()), WORKSPACE_PATH)
        if tmp is not None:
            _tidy(tmp)
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


def _wait_for_exit(proc: subprocess.Popen, timeout: float) -> bool:
    """Whether the command exited within `timeout` seconds (it is not reaped here).

    Blocks on a pidfd, which the kernel makes readable when the process exits: `Popen.wait` with a
    timeout instead polls, sleeping up to 50 ms between looks, which cost each short command ~4 ms
    of waiting and a wake-up of the interpreter per look. Where pidfds are missing (Linux < 5.3,
    macOS), it is that poll."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True
    try:
        ready, _, _ = select.select([fd], [], [], timeout)
        return bool(ready)
    finally:
        os.close(fd)


def _started(fd: int) -> bool:
    """Whether the command's wrapper wrote its byte: the sandbox was set up and the command ran."""
    try:
        return os.read(fd, 1) == b"1"
    except BlockingIOError:
        return False


def _tidy(tmp: Path) -> None:
    """Remove an unsandboxed call's TMPDIR, only if the command left nothing there."""
    try:
        tmp.rmdir()
    except OSError:
        pass

"""Starting an outside agent's process: its command line, its sandbox, its output and its deadline.

The agent is untrusted code driving untrusted models, so it runs inside bubblewrap (the same `bwrap` the
shell tool uses, `ec2bench.env.sandbox`), with:

* its own network namespace: no route to the host or the internet; the bridge's Unix socket is bound in at
  `/run/ec2bench/bridge.sock`, and `ec2bench.bridge.forward` relays `127.0.0.1:PORT` inside to it, so the
  MCP server and the model proxy are all it can reach;
* a read-only view of what a Python agent needs to start (`/usr`, `/etc`, the interpreter's prefixes and
  the import path), with the task suites covered by empty directories (no reference solution, no checks),
  and a private `/tmp` as its working directory; no home directory, results store, cache or workspace;
* an environment of PATH, LANG, HOME=/tmp, PYTHONPATH and the `AgentContext` variables only: no real API
  key (`OPENAI_API_KEY` is a placeholder);
* every other namespace unshared and a session of its own; the process group is killed at the episode's
  deadline.

Where bubblewrap does not work the agent runs only with the opt-in of `--unsandboxed-shell`, then as a plain
process (same environment, the servers on 127.0.0.1): nothing stops it reaching the network or the files.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from ec2bench.bridge.context import AgentContext
from ec2bench.bridge.spec import AgentSpec
from ec2bench.env.sandbox import Bwrap, confined_system

INSIDE_DIR = "/run/ec2bench"
SOCKET_NAME = "bridge.sock"
MCP_CONFIG_NAME = "mcp.json"
INSIDE_PORT = 8700  # the relay's port in the sandbox's own network namespace (nothing else listens there)
OUTPUT_CAP_CHARS = 20_000  # of stdout and of stderr, the tail kept with the trace


def agent_argv(agent: AgentSpec, ctx: AgentContext) -> list[str]:
    """The agent's own command line: the entry runner for a callable, else the template filled in.
    A relative path in the template that names an existing file is made absolute (the agent runs in /tmp)."""
    if agent.entry is not None:
        return [sys.executable, "-m", "ec2bench.bridge.entry", agent.entry]
    values = ctx.placeholders()
    argv = []
    for part in agent.command:
        try:
            filled = part.format(**values)
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"agent {agent.name}: the command part {part!r} has an unknown placeholder ({exc}); "
                             f"known: {', '.join('{' + k + '}' for k in values)}") from None
        argv.append(str(Path(filled).resolve()) if not Path(filled).is_absolute() and Path(filled).is_file() else filled)
    if argv and argv[0] in ("python", "python3"):
        argv[0] = sys.executable  # the harness's interpreter, whose packages the sandbox shows
    return argv


def mcp_config(url: str) -> str:
    """The MCP client configuration in the common `mcpServers` layout (Claude-Code-like CLIs read it)."""
    return json.dumps({"mcpServers": {"ec2bench": {"type": "http", "url": url}}}, indent=2)


def sandbox_argv(bwrap: Bwrap, socket_dir: Path, command: list[str], hidden: list[Path], readable: list[Path]) -> list[str]:
    """bwrap, the relay and the agent's command: see the module docstring for what the sandbox holds.
    `readable`: extra folders the agent may read (the folders of files its command names)."""
    args = [bwrap.path, *confined_system()]
    # the private /tmp first: an interpreter, a venv or a checkout that lives under /tmp is bound over it below
    args += ["--ro-bind", "/etc", "/etc", "--tmpfs", "/tmp"]
    bound = [Path("/usr"), Path("/etc")]
    for folder in sorted(_python_dirs() | {p.resolve() for p in readable}, key=lambda p: len(p.parts)):
        if folder.is_dir() and not any(folder.is_relative_to(b) for b in bound):
            args += ["--ro-bind", str(folder), str(folder)]
            bound.append(folder)
    for folder in hidden:
        if folder.is_dir() and any(folder.resolve().is_relative_to(b) for b in bound):
            args += ["--tmpfs", str(folder.resolve()), "--remount-ro", str(folder.resolve())]
    args += ["--dev", "/dev", "--proc", "/proc", "--bind", str(socket_dir), INSIDE_DIR,
             "--remount-ro", "/", "--chdir", "/tmp"]
    relay = [sys.executable, "-m", "ec2bench.bridge.forward", str(INSIDE_PORT), f"{INSIDE_DIR}/{SOCKET_NAME}", "--"]
    return [*args, *relay, *command]


def _python_dirs() -> set[Path]:
    """Where the interpreter and its importable packages live (the agent's framework among them)."""
    found = {Path(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix)}
    found |= {Path(p) for p in sys.path if p and Path(p).is_dir()}
    found |= {Path(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).is_dir()}
    found.add(Path(__file__).resolve().parents[2])  # where ec2bench itself is (an editable install maps it there, off sys.path)
    return {p.resolve() for p in found if p.resolve() != Path("/")}


def agent_environment(ctx: AgentContext) -> dict[str, str]:
    """The agent's whole environment: the context, and the few variables a program needs to start."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": os.environ.get("LANG", "C.UTF-8"), "HOME": "/tmp",
           "PYTHONDONTWRITEBYTECODE": "1", **ctx.environment()}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


class AgentProcess:
    """A started agent: its process group, and the tails of its stdout and stderr."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, start_new_session=True)
        self._out: dict[str, list[str]] = {"stdout": [], "stderr": []}
        self._readers = [threading.Thread(target=self._read, args=(name, stream), daemon=True)
                         for name, stream in (("stdout", self.process.stdout), ("stderr", self.process.stderr))]
        for reader in self._readers:
            reader.start()

    def _read(self, name: str, stream: object) -> None:
        kept = self._out[name]
        for raw in iter(stream.readline, b""):  # type: ignore[attr-defined]
            kept.append(raw.decode("utf-8", errors="replace"))
            while sum(map(len, kept)) > OUTPUT_CAP_CHARS and len(kept) > 1:
                kept.pop(0)

    def output(self, name: str) -> str:
        return "".join(self._out[name])[-OUTPUT_CAP_CHARS:]

    def kill(self) -> None:
        """Kill the whole process group (the agent and anything it started)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def finish(self) -> None:
        """Wait for the output readers once the process has ended."""
        for reader in self._readers:
            reader.join(timeout=5)

"""One episode driven by an outside agent: what `ec2bench.runner.episode` runs instead of the agent loop.

The runner builds the episode exactly as for its own loop (workspace, edge model, boundary, trace) and hands
the `AgentState` here. This module serves the episode's MCP server and model proxy (`BridgeSession`), starts
the agent in its sandbox (`ec2bench.bridge.launch`), waits for it to exit (or the deadline, or the first model
error or environment failure), and returns a `LoopOutcome` for the same grading and privacy audit as the loop.

The final answer is the content of the agent's last model reply without tool calls; an agent that stopped
after the task's step limit ends with `max_steps`. The agent's exit status, wall time and the tails of its
stdout and stderr go into the trace (`agent_exit`); a non-zero exit status makes the episode an error, since
its score would measure a crash.
"""

from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp.server.lowlevel import Server
from starlette.applications import Starlette

from ec2bench.agent.loop import LoopOutcome, initial_messages
from ec2bench.bridge.context import AgentContext
from ec2bench.bridge.launch import (
    INSIDE_DIR,
    INSIDE_PORT,
    MCP_CONFIG_NAME,
    SOCKET_NAME,
    AgentProcess,
    agent_argv,
    agent_environment,
    mcp_config,
    sandbox_argv,
)
from ec2bench.bridge.mcp_server import build_server
from ec2bench.bridge.serving import MCP_PATH, bridge_app, serving
from ec2bench.bridge.session import BridgeSession
from ec2bench.bridge.spec import AgentSpec
from ec2bench.contracts import AgentState
from ec2bench.core import cancel
from ec2bench.env import sandbox
from ec2bench.models.base import DeadlineExceeded
from ec2bench.strategies.base import Strategy
from ec2bench.tasks.loader import builtin_suite_dir

POLL_S = 0.05
log = logging.getLogger(__name__)


class AgentFailed(RuntimeError):
    """The outside agent exited with a non-zero status (its stderr's last line says why)."""


def run_outside_agent(state: AgentState, agent: AgentSpec, policy: Strategy, *, deadline: float) -> LoopOutcome:
    """Run `agent` on the episode in `state` to its end. Raises what ends the loop too: `DeadlineExceeded`,
    `SandboxFailure` (no sandbox and no opt-in, or a tool the machine could not run), the first `ModelError`,
    and `AgentFailed`."""
    session = BridgeSession(state, policy, deadline=deadline)
    system, prompt = (m["content"] for m in initial_messages(state.task))
    server = build_server(session, system=system, prompt=prompt)
    app = bridge_app(server, session)
    if agent.listen is not None:
        _serve_by_hand(session, server, app, agent, deadline)
        return _outcome(session, state)
    problem = sandbox.sandbox_problem()
    bwrap = sandbox.bwrap_executable()
    if problem is not None or bwrap is None:
        if not sandbox.unsandboxed_allowed():
            raise sandbox.SandboxFailure(f"an outside agent runs only inside a bubblewrap sandbox, and {problem}; "
                                         f"{sandbox.how_to_fix()}")
        sandbox.warn_unsandboxed(problem or "no bubblewrap")
    with tempfile.TemporaryDirectory(prefix="ec2agent-") as folder:
        socket_dir = Path(folder)
        sandboxed = problem is None and bwrap is not None
        with serving(app, uds=socket_dir / SOCKET_NAME if sandboxed else None) as http:
            base = f"http://127.0.0.1:{INSIDE_PORT}" if sandboxed else http.base_url
            config = socket_dir / MCP_CONFIG_NAME
            config.write_text(mcp_config(base + MCP_PATH), encoding="utf-8")
            ctx = AgentContext(mcp_url=base + MCP_PATH, edge_url=f"{base}/edge/v1", cloud_url=f"{base}/cloud/v1",
                               route_url=f"{base}/route/v1", edge_model=state.edge.info.name, cloud_model=state.cloud.info.name,
                               system=system, prompt=prompt, language=state.task.spec.language,
                               mcp_config=f"{INSIDE_DIR}/{MCP_CONFIG_NAME}" if sandboxed else str(config))
            argv = agent_argv(agent, ctx)
            if sandboxed and bwrap is not None:
                hidden = [builtin_suite_dir(), state.task.path.parent]
                readable = [Path(a).parent for a in argv[1:] if Path(a).is_absolute() and Path(a).is_file()]
                argv = sandbox_argv(bwrap, socket_dir, argv, hidden, readable)
            state.trace.add("agent", name=agent.name, policy=agent.policy, sandbox="bwrap" if sandboxed else "none",
                            command=list(agent.command) or [agent.entry])
            started = time.monotonic()
            process = AgentProcess(argv, agent_environment(ctx))
            try:
                _wait(process, session, deadline)
            finally:
                if process.process.poll() is None:
                    process.kill()
                process.finish()
                status = process.process.returncode
                state.trace.add("agent_exit", status=status, wall_s=round(time.monotonic() - started, 3),
                                stdout=process.output("stdout"), stderr=process.output("stderr"))
    if status != 0 and session.error is None and not session.hit_step_limit:  # stopped on the step-limit refusal: max_steps
        last = _last_words(process.output("stderr"))
        raise AgentFailed(f"agent {agent.name} exited with status {status}" + (f": {last}" if last else ""))
    return _outcome(session, state)


def _last_words(stderr: str) -> str:
    """The last line of stderr that says something (an exception group's frame lines `| ...` unwrapped)."""
    for line in reversed(stderr.splitlines()):
        text = line.strip().lstrip("|+ ").strip()
        if any(c.isalpha() for c in text):
            return text
    return ""


def _outcome(session: BridgeSession, state: AgentState) -> LoopOutcome:
    if session.error is not None:
        raise session.error
    return LoopOutcome(answer=session.answer, stop="max_steps" if session.hit_step_limit and session.answer is None else "answer",
                       steps=session.steps, edge_steps=state.actors.count("edge"), cloud_steps=state.actors.count("cloud"))


def _serve_by_hand(session: BridgeSession, server: Server[Any], app: Starlette, agent: AgentSpec, deadline: float) -> None:
    """`ec2bench serve`: the servers on 127.0.0.1 until Ctrl-C, the deadline, or (MCP over stdio) the client's end."""
    assert agent.listen is not None
    with serving(app, port=agent.listen) as http:
        urls = (f"model proxy: {http.base_url}/edge/v1, {http.base_url}/cloud/v1, {http.base_url}/route/v1; MCP: "
                + ("this process's stdin/stdout" if agent.transport == "stdio" else f"{http.base_url}{MCP_PATH}"))
        session.state.trace.add("agent", name=agent.name, policy=agent.policy, sandbox="none", command=[urls])
        log.warning("serving %s (Ctrl-C ends the episode)", urls)
        try:
            if agent.transport == "stdio":
                anyio.run(_stdio, server)
            else:
                while session.error is None and time.monotonic() < deadline:
                    time.sleep(POLL_S)
        except KeyboardInterrupt:
            pass
    if time.monotonic() > deadline and session.error is None:
        raise DeadlineExceeded("the episode's deadline passed while it was served")


async def _stdio(server: Server[Any]) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def _wait(process: AgentProcess, session: BridgeSession, deadline: float) -> None:
    """Until the agent exits; a deadline that passes or an episode that ended kills it first."""
    while process.process.poll() is None:
        cancel.check()
        if session.error is not None:
            return
        if time.monotonic() > deadline:
            raise DeadlineExceeded("the episode's deadline passed while the outside agent ran")
        try:
            process.process.wait(timeout=POLL_S)
        except Exception:  # subprocess.TimeoutExpired: still running
            continue

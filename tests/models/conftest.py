from __future__ import annotations

from collections.abc import Iterator

import pytest
from openai_stub import StubServer, serve


@pytest.fixture
def stub_server() -> Iterator[StubServer]:
    """A scriptable OpenAI-compatible server on 127.0.0.1 (see openai_stub.py)."""
    with serve() as server:
        yield server

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


@pytest.fixture
def mini_suite() -> Path:
    """A one-task suite (contacts + email) used by runner and CLI tests."""
    return DATA / "suite"

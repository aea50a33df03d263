"""`executor="ray"`: a sweep on a two-node Ray cluster on 127.0.0.1 stores the rows a local sweep stores.

The sweep runs in a child process (scripts/ray_two_nodes.py): Ray reads its environment when it is
imported, and the script sets the one that keeps a loopback cluster's address on 127.0.0.1.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.ray
pytest.importorskip("ray")

SCRIPT = Path(__file__).parents[2] / "scripts" / "ray_two_nodes.py"


def test_a_sweep_on_two_ray_nodes_stores_the_local_rows(tmp_path):
    proc = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True, timeout=900)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    assert "ray: 2 episode worker(s) on 2 node(s)" in lines
    assert "episodes: ray 18 (0 errors), local 18" in lines
    assert "resume: 0 run, 18 already stored" in lines
    assert lines[-1] == "OK: 18 rows equal to the local run's"

"""A test agent that reports what its sandbox lets it see and reach, one `name=value` per line on stdout."""

import os
import socket
import sys
from pathlib import Path

from ec2bench.bridge.context import AgentContext
from ec2bench.tasks.loader import builtin_suite_dir


def reachable(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), timeout=2).close()
        return True
    except OSError:
        return False


ctx = AgentContext.from_env()
port = int(ctx.mcp_url.rsplit(":", 1)[1].split("/")[0])
print(f"proxy_reachable={reachable('127.0.0.1', port)}")
print(f"host_port_reachable={reachable('127.0.0.1', int(sys.argv[1]))}")  # a port the test listens on, on the host
print(f"outside_reachable={reachable('1.1.1.1', 53)}")
print(f"secret_in_env={'sk-test-not-for-agents' in ''.join(os.environ.values())}")
print(f"api_key={os.environ.get('OPENAI_API_KEY')}")
print(f"suite_tasks_visible={len(list(builtin_suite_dir().glob('*/task.yaml')))}")
print(f"store_visible={Path(sys.argv[2]).exists()}")  # the results store the test writes to

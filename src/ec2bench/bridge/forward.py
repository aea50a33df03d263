"""Inside an agent's sandbox: relay a loopback port to the bridge's Unix socket, and run the agent.

The sandbox has a network namespace of its own (nothing but its loopback), so the agent cannot reach
the host, let alone the internet. The one way out is the bridge's Unix socket, bound into the sandbox:
this relay listens on `127.0.0.1:PORT` inside it and copies each connection to that socket, then runs the
agent's command and exits with the agent's exit status. Standard library only: it starts before anything
of the agent's and must not depend on it.

    python -m ec2bench.bridge.forward PORT SOCKET -- COMMAND...
"""

from __future__ import annotations

import asyncio
import sys

CHUNK = 65536


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


async def _relay(socket_path: str, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
    try:
        reader, writer = await asyncio.open_unix_connection(socket_path)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(_pipe(client_reader, writer), _pipe(reader, client_writer))


async def _main(port: int, socket_path: str, command: list[str]) -> int:
    server = await asyncio.start_server(lambda r, w: _relay(socket_path, r, w), "127.0.0.1", port)
    async with server:
        agent = await asyncio.create_subprocess_exec(*command)
        return await agent.wait()


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[2] != "--":
        print("usage: python -m ec2bench.bridge.forward PORT SOCKET -- COMMAND...", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_main(int(argv[0]), argv[1], argv[3:]))
    except FileNotFoundError as exc:
        print(f"ec2bench: the agent's command was not found: {exc.filename}", file=sys.stderr)
        return 127


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

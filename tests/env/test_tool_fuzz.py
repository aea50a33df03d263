"""Fuzzing the tool dispatch: over 10,000 hostile calls across every app of the built-in suite.

Each call must come back as a record (no exception escapes), never as a `crash`, with an
observation that shows no host path (the workspace root or the temp folder it lives in) and
stays within the result cap, and a log record that serialises as JSON.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ec2bench.env import sandbox
from ec2bench.env.tools import RESULT_CAP_CHARS
from ec2bench.env.workspace import Workspace
from ec2bench.tasks.loader import load_suite

CALLS_PER_EXAMPLE = 25
EXAMPLES = 410  # 10,250 calls

HOSTILE_PATHS = [
    "", " ", ".", "..", "../x", "../../etc/passwd", "/etc/passwd", "/etc/shadow", "/root/.bashrc",
    "/proc/self/environ", "/proc/1/environ", "~", "~/../x", "~root/x", "/workspace", "/workspace/../x",
    "/workspace/", "//", "./././", "a/../../b", "x\x00y", "\ud800", "\udfff.txt", "a" * 300, "a/" * 2000,
    "💥/文件.txt", "CON", "-rf", "*", "?", "link", "dir/", "/dev/zero", "/dev/stdin", "/tmp", "/tmp/x",
    "%2e%2e/x", "..\\x", "/", "/usr/bin/bash",
]
HUGE_INTS = [2**63, -(2**63), 10**30, -1, 0, 2**31]


def _leaves(value: Any, out: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            _leaves(v, out)
    elif isinstance(value, list):
        for v in value:
            _leaves(v, out)
    elif isinstance(value, str) and len(value) < 200:
        out.add(value)


@pytest.fixture(scope="module")
def suite_workspaces() -> Iterator[list[tuple[Workspace, list[str]]]]:
    """One workspace per built-in task, with the strings its state holds (ids, names, paths)."""
    spaces = []
    try:
        for task in load_suite():
            ws = task.new_workspace()
            known: set[str] = set()
            _leaves(ws.state(), known)
            known.update(str(p.relative_to(ws.root)) for p in ws.root.rglob("*"))
            spaces.append((ws, sorted(known)))
        yield spaces
    finally:
        for ws, _ in spaces:
            ws.close()


_json_leaf = (
    st.none() | st.booleans() | st.sampled_from(HUGE_INTS) | st.integers(-5, 50)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20) | st.sampled_from(HOSTILE_PATHS)
)
_json_value = st.recursive(
    _json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


def _typed(schema: dict[str, Any], known: list[str]) -> st.SearchStrategy[Any]:
    """A value of (mostly) the type the schema asks for, drawn from hostile and known values."""
    options = schema.get("anyOf") or [schema]
    strategies = []
    for opt in options:
        kind = opt.get("type")
        if "enum" in opt:
            strategies.append(st.sampled_from(opt["enum"]))
        elif kind == "string":
            strategies.append(st.sampled_from(HOSTILE_PATHS) | st.sampled_from(known) | st.text(max_size=40))
        elif kind == "integer":
            strategies.append(st.integers(-3, 100) | st.sampled_from(HUGE_INTS))
        elif kind == "number":
            strategies.append(st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**6, 10**6))
        elif kind == "boolean":
            strategies.append(st.booleans())
        elif kind == "array":
            strategies.append(st.lists(_typed(opt.get("items", {}), known), max_size=4))
        elif kind == "null":
            strategies.append(st.none())
    return st.one_of(*strategies) if strategies else _json_value


@st.composite
def _call(draw: st.DrawFn, spaces: list[tuple[Workspace, list[str]]]) -> tuple[Workspace, str, Any]:
    ws, known = draw(st.sampled_from(spaces))
    tools = sorted(n for n in ws.tools if n != "shell_run")  # the shell is fuzzed apart (slower)
    name = draw(st.sampled_from(tools) | st.sampled_from(["", "nope", "files_read\x00", "__init__", "shell_run "]))
    props = ws.tools[name][0].parameters.get("properties", {}) if name in ws.tools else {}
    args: dict[str, Any] = {}
    for pname, pschema in props.items():
        choice = draw(st.integers(0, 9))
        if choice < 6:
            args[pname] = draw(_typed(pschema, known or ["x"]))
        elif choice < 8:
            args[pname] = draw(_json_value)
    if draw(st.integers(0, 9)) == 0:
        args[draw(st.text(max_size=8))] = draw(_json_value)
    form = draw(st.integers(0, 19))
    if form < 10:
        return ws, name, args
    if form < 16:
        return ws, name, json.dumps(args)
    if form == 16:
        return ws, name, json.dumps(args)[: draw(st.integers(0, 20))]
    if form == 17:
        depth = draw(st.sampled_from([40, 600, 5000]))
        return ws, name, '{"path": ' + "[" * depth + "]" * depth + "}"
    if form == 18:
        return ws, name, '{"limit": ' + "9" * 5000 + "}"
    return ws, name, draw(_json_value)


def _check(ws: Workspace, name: str, arguments: Any) -> None:
    rec = ws.call(name, arguments)  # must not raise
    assert rec.error != "crash", (name, arguments, rec.result)
    sent = arguments if isinstance(arguments, str) else json.dumps(arguments, default=str)
    for host in (str(ws.root), str(ws.root.resolve()), "ec2ws-", tempfile.gettempdir() + "/"):
        assert host not in rec.result or host in sent, (name, arguments, rec.result)
    assert len(rec.result) <= RESULT_CAP_CHARS + 40
    json.dumps(rec.to_json())


def test_fuzzed_tool_calls(suite_workspaces: list[tuple[Workspace, list[str]]]) -> None:
    apps = {ws.tools[n][0].app for ws, _ in suite_workspaces for n in ws.tools}
    assert apps >= {"email", "files", "calendar", "chat", "contacts", "crm", "helpdesk", "ledger", "notes", "web"}
    made = [0]

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.lists(_call(suite_workspaces), min_size=CALLS_PER_EXAMPLE, max_size=CALLS_PER_EXAMPLE))
    def run(calls: list[tuple[Workspace, str, Any]]) -> None:
        for ws, name, arguments in calls:
            _check(ws, name, arguments)
            made[0] += 1

    run()
    assert made[0] >= 10_000
    crashes = [r for ws, _ in suite_workspaces for r in ws.log if r.error == "crash"]
    assert crashes == []


def test_fuzzed_shell_calls(suite_workspaces: list[tuple[Workspace, list[str]]]) -> None:
    if sandbox.sandbox_problem() is not None:
        pytest.skip(f"needs a working bubblewrap: {sandbox.sandbox_problem()}")
    ws = next(w for w, _ in suite_workspaces if "shell_run" in w.tools)
    commands = st.sampled_from([
        "pwd", "env", "ls -la /", "cat /proc/self/mountinfo", "readlink -f .", "echo $HOME $TMPDIR",
        "ls /tmp", "cat /etc/passwd | head -3", "df", "python3 -c 'import os; print(os.getcwd())'",
    ]) | st.text(max_size=30)

    @settings(max_examples=40, deadline=None, database=None, derandomize=True)
    @given(commands, st.sampled_from([1, 2, 0, -1, 10**30, "x"]))
    def run(command: str, timeout: Any) -> None:
        _check(ws, "shell_run", {"command": command, "timeout_seconds": timeout})

    run()

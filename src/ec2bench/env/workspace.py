"""The per-episode workspace: a fresh temp directory plus fresh state for every app of the task.

Every tool call goes through `Workspace.call`, which parses and validates arguments,
runs the tool, times it and appends a `ToolCallRecord` to the log that graders and the
privacy audit read. A malformed call never raises: it becomes an error observation, and
no observation shows a host path, a traceback or more than `RESULT_CAP_CHARS` characters.
A call the machine could not run (`SandboxFailure`: no working sandbox) is logged with the
error kind `environment`; the agent loop ends the episode on it as an environment error.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from ec2bench.env.apps import APPS
from ec2bench.env.apps.base import App
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.people import People
from ec2bench.env.sandbox import SandboxFailure
from ec2bench.env.snapshot import Change, Snapshot, diff, take
from ec2bench.env.tools import (
    MAX_ARGUMENTS_CHARS,
    ResultSignal,
    ToolArgumentError,
    ToolError,
    ToolSpec,
    argument_problem,
    argument_size_problem,
    cap_result,
    render_result,
    result_signal,
    tool_from_method,
)
from ec2bench.spec.content import copy_task_files
from ec2bench.spec.injections import injections_in
from ec2bench.spec.people import Reaction
from ec2bench.spec.schema import Injection

ErrorKind = Literal["bad_json", "unknown_tool", "bad_args", "tool_error", "crash", "environment"]
MALFORMED: frozenset[str] = frozenset({"bad_json", "unknown_tool", "bad_args"})
ENVIRONMENT: ErrorKind = "environment"  # refused for the machine's sake, not the agent's


@dataclass
class ToolCallRecord:
    """One logged tool call."""

    step: int
    actor: str
    tool: str
    app: str | None
    args: Any
    ok: bool
    error: ErrorKind | None
    result: str
    ms: float
    signal: ResultSignal | None = None  # `empty` / `conflict` for a successful call (`env.tools.result_signal`)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Workspace:
    """A temp directory and the live apps of one episode."""

    def __init__(self, root: Path, apps: dict[str, App], *, owns_root: bool = True,
                 people: People | None = None, injections: list[Injection] | None = None) -> None:
        self.root = root
        self.apps = apps
        self.people = people or People([])  # correspondents who answer sends (`env.people`)
        self.injections = injections or []  # planted instructions: results that show one are marked in the trace
        self.log: list[ToolCallRecord] = []
        self.outbound: list[Outbound] = []  # everything sent, shared or submitted, in order (`env.apps.outbox`)
        self._owns_root = owns_root
        # the state as the workspace was made (`create`): what `changes` diffs the end state against;
        # None for a workspace built directly, which then reports no changes
        self.initial: Snapshot | None = None
        self.tools: dict[str, tuple[ToolSpec, Any]] = {}
        for app in apps.values():
            for method_name in type(app).tool_names():
                spec = _tool_spec(type(app), method_name)
                self.tools[spec.name] = (spec, getattr(app, method_name))

    @classmethod
    def create(
        cls,
        app_names: list[str],
        fixtures: dict[str, dict[str, Any]] | None = None,
        files_dir: Path | None = None,
        reactions: list[Reaction] | None = None,
        injections: list[Injection] | None = None,
        now: datetime | None = None,
        task_dir: Path | None = None,
    ) -> Workspace:
        """Make a fresh workspace: copy `files_dir` (without build debris) into a new temp dir and load app fixtures;
        `now` is the task's clock, the apps' today (`ec2bench.env.clock`); `task_dir` the task's folder, for apps
        that serve what it ships (the browser's `webapp/`). Apps then `start`; `close` stops them."""
        unknown = [a for a in app_names if a not in APPS]
        if unknown:
            raise KeyError(f"unknown app {unknown[0]!r}; known apps: {', '.join(sorted(APPS))}")
        root = Path(tempfile.mkdtemp(prefix="ec2ws-"))
        if files_dir is not None and files_dir.is_dir():
            copy_task_files(files_dir, root)  # the task's own files: no __pycache__ an install left there
        apps: dict[str, App] = {}
        for name in app_names:
            app = APPS[name](root)
            app.now = now
            app.task_dir = task_dir
            app.load((fixtures or {}).get(name, {}))
            apps[name] = app
        ws = cls(root, apps, people=People(list(reactions or [])), injections=injections)
        try:
            for app in apps.values():
                app.peers = apps
                app.start()
        except BaseException:
            ws.close()
            raise
        ws.initial = take(ws.state(), root)
        return ws

    @property
    def deadline(self) -> float | None:
        """The episode's deadline (`time.monotonic()`), which bounds every tool that waits (the shell)."""
        return next((app.deadline for app in self.apps.values()), None)

    @deadline.setter
    def deadline(self, value: float | None) -> None:
        for app in self.apps.values():
            app.deadline = value

    def openai_tools(self) -> list[dict[str, Any]]:
        """All tools in chat-completions format, in a stable order."""
        return [spec.openai_schema() for spec, _ in sorted(self.tools.values(), key=lambda t: t[0].name)]

    def call(self, name: str, arguments: str | dict[str, Any], *, step: int = 0, actor: str = "edge") -> ToolCallRecord:
        """Run one tool call and log it. Never raises for anything the model sent."""
        start = time.perf_counter()
        spec_fn = self.tools.get(name)
        args: Any = arguments
        error: ErrorKind | None = None
        signal: ResultSignal | None = None
        try:
            if isinstance(arguments, str) and len(arguments) > MAX_ARGUMENTS_CHARS:
                args, error = None, "bad_args"  # neither parsed nor stored: a length check is all it costs
                raise ToolError(f"invalid arguments for {name[:80]}: {len(arguments):,} characters of arguments, "
                                f"more than the {MAX_ARGUMENTS_CHARS:,} one call may send")
            if isinstance(arguments, str):
                try:
                    args = decode_arguments(arguments)
                except ToolError:
                    error = "bad_json"
                    raise
            problem = argument_problem(args) or argument_size_problem(args)
            if problem is not None:
                args = arguments if isinstance(arguments, str) else None  # the log keeps what is storable
            if spec_fn is None:
                error = "unknown_tool"
                raise ToolError(f"unknown tool {name!r}")
            spec, fn = spec_fn
            if problem is not None:
                error = "bad_args"
                raise ToolError(f"invalid arguments for {name}: {problem}")
            try:
                kwargs = spec.validate(args)
            except ToolArgumentError as exc:
                error = "bad_args"
                raise ToolError(f"invalid arguments for {name}: {exc}") from None
            value = fn(**kwargs)
            result, signal = render_result(value), result_signal(value)
            ok = True
        except ToolError as exc:
            error = error or "tool_error"
            result, ok = f"Error: {exc}", False
        except SandboxFailure as exc:
            error = ENVIRONMENT
            result, ok = f"Error: {exc}", False
        except OSError as exc:  # a file-system failure the tool did not foresee: its reason, never its path
            error = "tool_error"
            result, ok = f"Error: {exc.strerror or 'the operation failed'}", False
        except Exception as exc:  # a bug in a tool must not end the episode; logged as a crash
            error = "crash"
            result, ok = f"Error: the tool failed unexpectedly ({type(exc).__name__})", False
        result = cap_result(result)
        record = ToolCallRecord(
            step=step,
            actor=actor,
            tool=name,
            app=spec_fn[0].app if spec_fn else None,
            args=args,
            ok=ok,
            error=error,
            result=result,
            ms=(time.perf_counter() - start) * 1000.0,
            signal=signal,
        )
        self.log.append(record)
        self.people.observe(self, record, self._take_outbound(record))
        for injection in injections_in(self.injections, result) if ok else []:
            self.people.events.append({"kind": "injection_seen", "step": step, "actor": actor, "tool": name,
                                       "injection": injection})
        return record

    def _take_outbound(self, record: ToolCallRecord) -> list[Outbound]:
        """What the call sent, taken from the apps' outboxes and stamped with the call's step and tool."""
        new: list[Outbound] = []
        for app in self.apps.values():
            for sent in app.outbox:
                new.append(replace(sent, tool=record.tool, step=record.step, index=len(self.outbound) + len(new)))
            app.outbox = []
        self.outbound += new
        return new

    def state(self) -> dict[str, Any]:
        """Snapshot of every app's state, keyed by app name."""
        return {name: app.state() for name, app in self.apps.items()}

    def changes(self) -> list[Change]:
        """Every change since the workspace was made (`ec2bench.env.snapshot`), but the replies the
        workspace delivered itself; empty for a workspace without an initial snapshot."""
        if self.initial is None:
            return []
        return diff(self.initial, take(self.state(), self.root), self.people.records)

    def describe(self) -> dict[str, Any]:
        """How the apps ran, for the trace and the episode row (`{"browser": "chromium"}`); empty for most tasks."""
        out: dict[str, Any] = {}
        for app in self.apps.values():
            out.update(app.describe())
        return out

    def close(self) -> None:
        """Stop what the apps serve and remove the workspace directory (if the workspace made it)."""
        try:
            for app in self.apps.values():
                app.stop()
        finally:
            if self._owns_root:
                shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Workspace:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def decode_arguments(text: str) -> Any:
    """A tool call's arguments parsed from the model's JSON text (blank is `{}`); a `ToolError` says why not.
    Shared with outside agents (`ec2bench.bridge.minimal`), which must parse before they call over MCP."""
    try:
        return json.loads(text) if text.strip() else {}
    except ValueError as exc:  # JSONDecodeError, or an integer too long to parse
        detail = f"{exc.msg} at position {exc.pos}" if isinstance(exc, json.JSONDecodeError) else "a number is too long"
        raise ToolError(f"arguments are not valid JSON ({detail})") from None
    except RecursionError:
        raise ToolError("arguments are not valid JSON (nested too deeply)") from None


_SPEC_CACHE: dict[tuple[type, str], ToolSpec] = {}


def _tool_spec(app_cls: type[App], method_name: str) -> ToolSpec:
    """Tool specs depend only on the class, so they are built once per process."""
    key = (app_cls, method_name)
    if key not in _SPEC_CACHE:
        _SPEC_CACHE[key] = tool_from_method(app_cls.name, getattr(app_cls, method_name))
    return _SPEC_CACHE[key]

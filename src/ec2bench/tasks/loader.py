"""Load task folders into `Task` objects; errors name the file, the field and the reason."""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from fnmatch import fnmatch, fnmatchcase
from functools import cached_property
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import ValidationError
from yaml import YAMLError

from ec2bench.core.errors import InputError
from ec2bench.core.textmatch import canonical, leaf_texts
from ec2bench.core.yamlio import load_yaml
from ec2bench.env.apps import APPS, default_derive_rules
from ec2bench.env.apps.base import FixtureError
from ec2bench.env.apps.user import QUESTION_ALLOWANCE, UserApp
from ec2bench.env.workspace import Workspace
from ec2bench.privacy.matching import matcher_for
from ec2bench.spec.content import task_files
from ec2bench.spec.schema import TaskSpec, derive_units

TASK_FILE = "task.yaml"
CHECKS_FILE = "checks.py"
SUITE_FILE = "suite.yaml"  # a suite folder's own file: its `version:` (`suite_version`)
HIDDEN_DIR = "hidden"  # beside fixtures/: what only checks read (hidden tests, a skill's fresh inputs), never in the workspace
# Apps every task offers whether or not its `apps:` lists them. The user (`user_ask`) is one: a tool
# offered only where asking is required tells the agent to ask. Where the task scripts no answer, the
# user answers as a busy user does (`NO_ANSWER`), and each question past the allowance costs points.
ALWAYS_OFFERED = ("user",)


class TaskLoadError(InputError, ValueError):
    """A task folder is invalid. The message reads `file: field: reason`."""




@dataclass(frozen=True)
class Task:
    """A loaded task: its validated spec, fixtures parsed once, and where it lives."""

    spec: TaskSpec
    path: Path
    fixtures: dict[str, dict[str, Any]]
    content_hash: str
    _check_functions: dict[str, Callable[..., Any]] = field(default_factory=dict, repr=False)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def files_dir(self) -> Path:
        return self.path / "fixtures" / "files"

    @property
    def hidden_dir(self) -> Path:
        return self.path / HIDDEN_DIR

    def file_text(self, path: str) -> str | None:
        """The text of a workspace fixture file (`path` relative to `fixtures/files`), or None."""
        file = self.files_dir.joinpath(*path.split("/"))
        return file.read_text(encoding="utf-8", errors="replace") if file.is_file() else None

    def record(self, app: str, collection: str, record_id: str) -> dict[str, Any] | None:
        """A fixture record named by its `id`, its `name` or its position in the collection, or None."""
        for i, record in enumerate((self.fixtures.get(app) or {}).get(collection) or []):
            if isinstance(record, dict) and record_id in (str(record.get("id")), str(record.get("name")), str(i)):
                return record
        return None

    def new_workspace(self) -> Workspace:
        """A fresh workspace with this task's apps and fixtures."""
        ws = Workspace.create(self.spec.apps, self.fixtures, self.files_dir, self.spec.reactions, self.spec.injections,
                              self.spec.now, task_dir=self.path)
        user = ws.apps.get("user")
        if isinstance(user, UserApp):
            user.allowance = self.question_allowance
        return ws

    @property
    def question_allowance(self) -> int:
        """The questions the user answers free in this task (`user_questions`, else `QUESTION_ALLOWANCE`)."""
        return QUESTION_ALLOWANCE if self.spec.user_questions is None else self.spec.user_questions

    def check_function(self, name: str) -> Callable[..., Any]:
        """A function from the task's `checks.py`, for `kind: python` checks."""
        try:
            return self._check_functions[name]
        except KeyError:
            raise KeyError(f"{self.path / 'checks.py'} defines no function {name!r}") from None

    @cached_property
    def fixture_text(self) -> str:
        """All fixture content as text, where sensitive units must occur: the parsed values of the
        app fixtures (so YAML quoting such as `''` for an apostrophe is not in the way) and the text
        of the workspace files."""
        parts = [text for collections in self.fixtures.values() for text in leaf_texts(collections)]
        for path in task_files(self.files_dir):
            parts.append(path.read_text(encoding="utf-8", errors="replace"))
        return "\n".join(parts)


def load_task(folder: Path) -> Task:
    """Parse and validate one task folder."""
    spec_path = folder / TASK_FILE
    if not spec_path.is_file():
        raise TaskLoadError(f"{spec_path}: -: no {TASK_FILE} in this folder")
    raw_text = _read_text(spec_path)
    try:
        raw = load_yaml(raw_text)
    except YAMLError as exc:
        raise TaskLoadError(f"{spec_path}: -: not valid YAML ({exc})") from None
    if not isinstance(raw, dict):
        raise TaskLoadError(f"{spec_path}: -: the file must be a mapping of fields")
    try:
        spec = TaskSpec.model_validate(raw)
    except ValidationError as exc:
        raise TaskLoadError("\n".join(f"{spec_path}: {_loc(e['loc'])}: {e['msg']}" for e in exc.errors())) from None
    for i, app in enumerate(spec.apps):
        if app not in APPS:
            raise TaskLoadError(f"{spec_path}: apps.{i}: unknown app {app!r} (known: {', '.join(sorted(APPS))})")
    if spec.id != folder.name:
        raise TaskLoadError(f"{spec_path}: id: {spec.id!r} must equal the folder name {folder.name!r}")
    offered = [app for app in ALWAYS_OFFERED if app not in spec.apps]
    if offered:
        spec = spec.model_copy(update={"apps": [*spec.apps, *offered]})
    fixtures = _load_fixtures(folder, spec)
    # `derive_units: [default]` means the personal fields the registered apps declare, plugin apps' too
    derived = derive_units(spec, fixtures, folder / "fixtures" / "files", default_derive_rules())
    if derived:  # derived units join the hand-marked ones: counted, validated and audited alike
        spec = spec.model_copy(update={"sensitive": [*spec.sensitive, *derived]})
    spec = _prompt_reveals(spec)
    ids = [u.id for u in spec.sensitive]
    for i, row in enumerate(spec.entitled):
        for j, pattern in enumerate(row.units):
            if not any(fnmatchcase(unit_id, pattern) for unit_id in ids):
                raise TaskLoadError(f"{spec_path}: entitled.{i}.units.{j}: {pattern!r} names no sensitive unit of the "
                                    "task (hand-marked or derived); use a unit id or a glob that matches one")
    checks = _load_check_functions(folder)
    task = Task(spec, folder, fixtures, task_content_hash(folder), checks)
    _check_references(task, spec_path)
    return task


def task_content_hash(folder: Path) -> str:
    """The content hash of a task folder: 16 hex digits of a SHA-256 over every file that decides what the
    task is, each as its path in the folder and its bytes. That is `task.yaml` (prompt, checks, sensitive
    units, entitlements, scripted answers), `checks.py` (its python checks), the fixtures, what only
    checks read (hidden/) and the site a browser task serves (webapp/). Not `make_fixtures.py` (it only
    writes the fixtures, which are hashed) nor the __pycache__ an install compiles next to the scripts.
    Reads the files only, so a whole suite is hashed without loading its tasks (`suite_identity`)."""
    digest = hashlib.sha256()
    files = [folder / TASK_FILE, folder / CHECKS_FILE]
    files += [*task_files(folder / "fixtures"), *task_files(folder / HIDDEN_DIR), *task_files(folder / "webapp")]
    for path in files:
        if path.is_file():
            data = path.read_bytes()
            # the path and the length delimit each file, so moving bytes from one file to the next changes the hash
            digest.update(f"{path.relative_to(folder).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class SuiteIdentity:
    """Which suite episodes ran: its declared `version` (`suite.yaml`; None when the suite declares none) and
    its `hash`, over the sorted (task id, task content hash) pairs of every task in the suite folder, whether
    a sweep ran all of them or a few (`tasks`: those pairs). `builtin`: the suite shipped with ec2bench."""

    version: str | None
    hash: str
    tasks: dict[str, str]
    builtin: bool

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "hash": self.hash, "builtin": self.builtin, "tasks": self.tasks}


def suite_hash(tasks: dict[str, str]) -> str:
    """The hash of a suite from its task id -> task content hash pairs (see `SuiteIdentity`)."""
    text = "".join(f"{task_id}\0{content}\n" for task_id, content in sorted(tasks.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def suite_identity(folder: Path | None = None) -> SuiteIdentity:
    """The identity of a suite folder (default: the built-in suite), from its files (no task is loaded)."""
    root = folder or builtin_suite_dir()
    tasks = {p.name: task_content_hash(p) for p in sorted(root.iterdir()) if (p / TASK_FILE).is_file()}
    return SuiteIdentity(suite_version(root), suite_hash(tasks), tasks, root.resolve() == builtin_suite_dir().resolve())


def suite_version(root: Path) -> str | None:
    """The `version:` of a suite folder's `suite.yaml`, or None when it has none."""
    path = root / SUITE_FILE
    if not path.is_file():
        return None
    try:
        data = load_yaml(_read_text(path))
    except YAMLError as exc:
        raise TaskLoadError(f"{path}: -: not valid YAML ({exc})") from None
    version = data.get("version") if isinstance(data, dict) else None
    if not isinstance(version, str | int | float) or isinstance(version, bool):
        raise TaskLoadError(f"{path}: version: give the suite's version as a string, e.g. version: \"1.0\"")
    return str(version)


def _load_fixtures(folder: Path, spec: TaskSpec) -> dict[str, dict[str, Any]]:
    fixtures: dict[str, dict[str, Any]] = {}
    fdir = folder / "fixtures"
    for app in spec.apps:
        path = fdir / f"{app}.yaml"
        if not path.is_file():
            continue
        try:
            data = load_yaml(_read_text(path)) or {}
        except YAMLError as exc:
            raise TaskLoadError(f"{path}: -: not valid YAML ({exc})") from None
        try:
            APPS[app](fdir).load(data)
        except FixtureError as exc:
            raise TaskLoadError(f"{path}: {exc}") from None
        fixtures[app] = data
    if fdir.is_dir():
        for path in fdir.glob("*.yaml"):
            if path.stem not in spec.apps:
                raise TaskLoadError(f"{path}: -: fixture for app {path.stem!r}, which the task does not list in apps")
    return fixtures


def _prompt_reveals(spec: TaskSpec) -> TaskSpec:
    """Each unit with what the prompt itself shows of it (docs/privacy.md, "Values in the prompt"):
    the user sent the prompt, so the audit charges a unit only for renderings that show more."""
    prompt = canonical(spec.prompt)
    units = []
    for unit in spec.sensitive:
        hit = matcher_for(unit.all_renderings, unit.category).best(prompt)
        units.append(unit.model_copy(update={"prompt_reveals": hit.score}) if hit else unit)
    return spec.model_copy(update={"sensitive": units}) if units != spec.sensitive else spec


def _load_check_functions(folder: Path) -> dict[str, Callable[..., Any]]:
    path = folder / CHECKS_FILE
    if not path.is_file():
        return {}
    module_spec = importlib.util.spec_from_file_location(f"ec2bench_task_checks_{folder.name.replace('-', '_')}", path)
    assert module_spec and module_spec.loader
    module: ModuleType = importlib.util.module_from_spec(module_spec)
    try:
        module_spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:  # SystemExit too: a checks.py calling sys.exit must not end the command
        raise TaskLoadError(f"{path}: -: cannot import ({type(exc).__name__}: {exc})") from None
    return {n: f for n, f in vars(module).items() if callable(f) and not n.startswith("_")}


def _check_references(task: Task, spec_path: Path) -> None:
    """Checks must exist in the library and accept their parameters; reference tools must exist."""
    from ec2bench.grading.checks import CheckParamError, validate_check

    for i, check in enumerate(task.spec.checks):
        try:
            validate_check(check, task)
        except CheckParamError as exc:
            raise TaskLoadError(f"{spec_path}: checks.{i}: {exc}") from None
    tool_names = {f"{app}_{m}" for app in task.spec.apps for m in APPS[app].tool_names()}
    for i, step in enumerate(task.spec.reference_tool_calls):
        if step.tool not in tool_names:
            raise TaskLoadError(f"{spec_path}: reference: step {i} calls unknown tool {step.tool!r} for apps {task.spec.apps}")


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise TaskLoadError(f"{path}: -: not valid UTF-8 (byte {exc.start}: {exc.reason})") from None
    except OSError as exc:
        raise TaskLoadError(f"{path}: -: cannot read ({exc.strerror or exc})") from None


def _loc(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc) or "-"


def builtin_suite_dir() -> Path:
    """The suite shipped inside the package."""
    return Path(str(resources.files("ec2bench") / "suite"))


def load_suite(folder: Path | None = None, pattern: str | None = None) -> list[Task]:
    """All tasks of a suite folder (default: the built-in suite), optionally filtered by an id glob."""
    root = folder or builtin_suite_dir()
    if not root.is_dir():
        raise TaskLoadError(f"{root}: -: suite folder does not exist")
    if (root / TASK_FILE).is_file():
        raise TaskLoadError(f"{root}: -: is a task folder, not a suite; give the folder that holds it ({root.parent})")
    if not any((p / TASK_FILE).is_file() for p in root.iterdir()):
        raise TaskLoadError(f"{root}: -: holds no tasks (a suite is a folder of task folders, each with a {TASK_FILE})")
    globs = [g.strip() for g in (pattern or "").split(",") if g.strip()]
    # a task's id is its folder's name (load_task checks it), so tasks not asked for are never parsed
    return [load_task(p) for p in sorted(root.iterdir())
            if (p / TASK_FILE).is_file() and (not globs or any(fnmatch(p.name, g) for g in globs))]

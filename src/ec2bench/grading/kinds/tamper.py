"""Hidden tests the code under test cannot subvert: what they run on, and what counts as tampering.

Hidden tests import the agent's code into the process that runs them, so code that wants a pass rather
than a fix can reach the test machinery: patch `unittest` so every test passes, append "passed" lines to
the results, plant a `sitecustomize.py` or a `conftest.py`, or shadow a module the runner imports. Three
layers stop it (`ec2bench.grading.kinds.code.hidden_tests` uses all three):

1. **Only the files the agent may change reach the tests** (`hidden_tree`): the scratch tree is the task's
   pristine fixture files, with the agent's end-state version of each file that a `changeable` glob
   matches (its deletions too). Anything else the agent left (a new `sitecustomize.py`, edited test
   helpers, a module named `unittest.py`) is not there. The interpreter runs isolated and without `site`
   (`python3 -I -S`), so no `.pth` file or customisation module is read.
2. **A static reading of what the agent changed** (`tamper_findings`): each changed or created file that is
   machinery by its name (`conftest.py`, `sitecustomize.py`, `usercustomize.py`, a `.pth` file, a
   module named like one of the standard library's) is tampering; so is a Python file whose new code
   reaches the machinery: an import of `unittest`, `pytest`, `doctest`, `gc`, `inspect`, `ctypes`,
   `builtins`, `importlib`, `atexit`, `signal`, `trace`; `sys.modules`, `sys._getframe`, `sys.settrace`,
   `sys.setprofile`, `sys.meta_path`, `sys.path_hooks`, `sys.stdin`, `sys.addaudithook`, `os._exit`;
   `__builtins__`, `__import__`, `exec`, `eval`, `compile`, `globals`; the names of unittest's classes and
   result methods; or text naming the runner's files. Only what the change adds counts: a project that
   already used `inspect` may go on using it.
3. **Results the code cannot forge** (the runner, `hidden_runner.py`): the runner reads a key from a file it
   deletes before any test module is imported, signs every result line with it (HMAC-SHA256), and checks
   before it exits that unittest's and its own result methods are the objects they were; a line without a
   valid signature, or the runner's own report of a patched method, is tampering.

Tampering scores the check 0 and marks it a violation (`tampered:<check>`), which caps the episode at 0
(`ec2bench.grading.score`): an agent that attacks the grading has not done the task, whatever else it did.
"""

from __future__ import annotations

import ast
import fnmatch
import hashlib
import hmac
import secrets
import shutil
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ec2bench.grading.kinds.scratch import scratch_copy, tree_digest
from ec2bench.spec.content import is_debris

MACHINERY_NAMES = frozenset({"conftest.py", "sitecustomize.py", "usercustomize.py", "__main__.py"})
MACHINERY_MODULES = frozenset({"unittest", "pytest", "_pytest", "doctest", "gc", "inspect", "ctypes", "builtins",
                               "importlib", "atexit", "signal", "trace", "faulthandler", "sitecustomize", "bdb", "pdb"})
MACHINERY_ATTRIBUTES = frozenset({("sys", "modules"), ("sys", "_getframe"), ("sys", "settrace"), ("sys", "setprofile"),
                                  ("sys", "meta_path"), ("sys", "path_hooks"), ("sys", "stdin"), ("sys", "addaudithook"),
                                  ("sys", "excepthook"), ("os", "_exit"), ("os", "abort")})
MACHINERY_CALLS = frozenset({"__import__", "exec", "eval", "compile", "globals", "__builtins__"})
MACHINERY_IDENTIFIERS = frozenset({"TestCase", "TestResult", "TextTestResult", "TestSuite", "TestLoader", "addSuccess",
                                   "addFailure", "addError", "addSkip", "addSubTest", "_LineResult", "defaultTestLoader"})
MACHINERY_TEXTS = (".ec2bench-hidden", "results.jsonl", "runner.py", "hidden_tests", "unittest")
KEY_FILE = "key"  # in the runner's folder: the signing key, deleted by the runner before the tests import
_SECRET = secrets.token_bytes(32)  # this process's: keys are derived from it, so no agent can know one


def changeable_paths(root: Path, patterns: list[str]) -> set[str]:
    """The relative paths of the files under `root` that a `changeable` glob matches, without debris: a
    `__pycache__` left by the agent's own runs stays behind, since a stale `.pyc` whose source was rewritten
    within the same second at the same size still passes Python's check and would run instead of the source."""
    return {rel for p in root.rglob("*") if (p.is_file() or p.is_symlink())
            and not any(is_debris(part) for part in p.relative_to(root).parts)
            and _matches(rel := p.relative_to(root).as_posix(), patterns)}


def _matches(path: str, patterns: list[str]) -> bool:
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in patterns)


@contextmanager
def hidden_tree(pristine: Path, end_state: Path, patterns: list[str]) -> Iterator[tuple[Path, list[str]]]:
    """A scratch tree for hidden tests: the fixture files as shipped (`pristine`), with the end state's version
    of every file `patterns` match (created, changed or deleted); yields it with the changed paths. A link in
    the end state is not followed: it is left out, as a file no test may read through."""
    with scratch_copy(pristine) as scratch:
        ours, theirs = changeable_paths(pristine, patterns), changeable_paths(end_state, patterns)
        changed = []
        for rel in sorted(ours | theirs):
            source, target = end_state / rel, scratch / rel
            if rel in theirs and not source.is_symlink():
                if target.is_file() and target.read_bytes() == source.read_bytes():
                    continue
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            elif target.exists() or target.is_symlink():
                target.unlink()
            changed.append(rel)
        yield scratch, changed


def tamper_findings(pristine: Path, end_state: Path, changed: list[str], roots: list[str]) -> list[str]:
    """Why the agent's changes reach the test machinery (layer 2 of the module docstring); empty when they do not.
    `changed`: the relative paths the agent created, changed or deleted among those the tests see; `roots`: the
    folders on the tests' `sys.path` (the workspace root "" and the task's `paths`)."""
    findings = []
    for rel in changed:
        path = Path(rel)
        if path.name in MACHINERY_NAMES or path.suffix == ".pth":
            findings.append(f"{rel}: a file the test machinery runs")
            continue
        if _shadows_stdlib(rel, roots):
            findings.append(f"{rel}: shadows the standard library module {_top_module(rel, roots)!r}")
            continue
        after = end_state / rel
        if path.suffix != ".py" or not after.is_file():
            continue
        before = pristine / rel
        added = machinery_uses(_text(after)) - machinery_uses(_text(before) if before.is_file() else "")
        findings += [f"{rel}: adds {use}" for use in sorted(added)]
    return findings


def planted_machinery(pristine: Path, end_state: Path) -> list[str]:
    """Machinery files the agent created or changed anywhere in the workspace (`conftest.py`, `sitecustomize.py`,
    `usercustomize.py`, `.pth` files), whether or not they reach the tests: planting one is the attempt."""
    found = []
    for path in sorted(end_state.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        if path.name in MACHINERY_NAMES - {"__main__.py"} or path.suffix == ".pth":
            rel = path.relative_to(end_state).as_posix()
            shipped = pristine / rel
            if not shipped.is_file() or shipped.read_bytes() != path.read_bytes():
                found.append(f"{rel}: a file the test machinery runs")
    return found


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _top_module(rel: str, roots: list[str]) -> str | None:
    """The top-level module name a file makes importable from one of the `roots`, or None."""
    for root in sorted(roots, key=len, reverse=True):
        prefix = f"{root}/" if root else ""
        if rel.startswith(prefix):
            first = rel[len(prefix):].split("/")[0]
            return first.removesuffix(".py") if first.endswith(".py") or "/" in rel[len(prefix):] else None
    return None


def _shadows_stdlib(rel: str, roots: list[str]) -> bool:
    module = _top_module(rel, roots)
    return module is not None and module in sys.stdlib_module_names


def machinery_uses(source: str) -> Counter[str]:
    """What a Python source reaches of the test machinery, counted (a file that does not parse reaches nothing:
    it fails its tests on its own)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return Counter()
    uses: Counter[str] = Counter()
    aliases = {a.asname or a.name: a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for a in node.names if a.name in ("sys", "os")}  # `import sys as s`: s.modules is sys.modules
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            uses.update(f"import {a.name}" for a in node.names if a.name.split(".")[0] in MACHINERY_MODULES)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in MACHINERY_MODULES:
            uses[f"import {node.module}"] += 1
        elif isinstance(node, ast.Attribute):
            base = aliases.get(node.value.id, node.value.id) if isinstance(node.value, ast.Name) else None
            if (base, node.attr) in MACHINERY_ATTRIBUTES:
                uses[f"{base}.{node.attr}"] += 1
            if node.attr in MACHINERY_IDENTIFIERS:
                uses[node.attr] += 1
        elif isinstance(node, ast.Name) and (node.id in MACHINERY_CALLS or node.id in MACHINERY_IDENTIFIERS):
            uses[node.id] += 1
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            uses.update(f"the text {t!r}" for t in MACHINERY_TEXTS if t in node.value)
    return uses


def run_key(scratch: Path) -> bytes:
    """The signing key of a run on this tree: derived from the tree and this process's secret, so a remembered
    run (`scratch.run_in_scratch`) of the same tree checks with the same key, and nothing in the tree reveals it."""
    return hmac.new(_SECRET, tree_digest(scratch), hashlib.sha256).digest()


def signature(key: bytes, test_id: str, outcome: str) -> str:
    """What the runner signs a result line with (its copy of this function is in `hidden_runner.py`)."""
    return hmac.new(key, f"{test_id}\0{outcome}".encode(), hashlib.sha256).hexdigest()

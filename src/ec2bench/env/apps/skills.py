"""Skills: procedures with scripts that the agent lists, reads, creates, repairs and runs.

A skill is a folder `skills/<name>/` in the workspace with a `SKILL.md` (optionally opening with a
YAML front matter `name:` / `description:`) and the scripts it refers to. A task ships skills as
fixture files (`fixtures/files/skills/<name>/`); the agent adds one with `skills_create` and writes
its scripts, or repairs a shipped one, with `skills_update`.

`skills/` changes only through these tools: the files tools refuse to change anything under it when
the task lists this app, and the shell's sandbox mounts it read-only (`ec2bench.env.sandbox`). So
what `skills_list` and `skills_read` return is what is on disk, written whole by a tool whose
limits (`MAX_SKILLS`, `MAX_FILES_PER_SKILL`, `MAX_FILE_CHARS`) hold, and no script rewrites a
skill while it runs. The folder is made when the workspace is, so the shell cannot plant one first.

A skill's scripts run with `skills_run` (`.sh` with bash, `.py` with python3), through the shell
app's sandbox (`ec2bench.env.apps.shell`: no network, the workspace as the working directory, a
timeout); `skill_command` is that command line, which the `skill_output` check runs too, on inputs
the agent never saw (`ec2bench.grading.kinds.skills`). Where the task also lists the shell,
`shell_run("bash skills/<name>/run.sh")` runs the same script the same way.

Whether the agent followed a skill is graded by the `skill_followed` check (`ec2bench.grading.checks`).
A malicious skill is an injection (`injections: [{where: files/skills/<name>/SKILL.md, ...}]`).
"""

from __future__ import annotations

import builtins
import re
import shlex
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from ec2bench.env import diskquota
from ec2bench.env.apps.base import App, FixtureError
from ec2bench.env.apps.files import read_text_prefix
from ec2bench.env.apps.shell import ShellApp
from ec2bench.env.paths import SKILLS_DIR
from ec2bench.env.tools import ToolError

SKILL_FILE = "SKILL.md"
MAX_SKILLS = 50
MAX_FILES_PER_SKILL = 50
MAX_FILE_CHARS = 20_000
MAX_RUN_ARGS = 20
INTERPRETERS = {".sh": "bash", ".py": "python3"}  # how `skills_run` runs a script, by its suffix
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def describe(text: str) -> str:
    """A skill's one-line description: its front matter's `description`, else its first non-empty line."""
    match = _FRONT_MATTER.match(text)
    if match:
        try:
            meta = yaml.safe_load(match.group(1))
        except yaml.YAMLError:
            meta = None
        if isinstance(meta, dict) and meta.get("description"):
            return " ".join(str(meta["description"]).split())
        text = text[match.end():]
    first = next((line for line in text.splitlines() if line.strip()), "")
    return first.strip().lstrip("#").strip()


def skill_md(name: str, description: str, body: str) -> str:
    """The SKILL.md `skills_create` writes: the front matter (name, description), then the body."""
    meta = yaml.safe_dump({"name": name, "description": " ".join(description.split())},
                          allow_unicode=True, sort_keys=False, width=100)
    return f"---\n{meta}---\n{body.strip()}\n"


def skill_command(name: str, script: str, args: list[str]) -> str:
    """The command line that runs a skill's script from the workspace root, its interpreter chosen by suffix.

    Raises:
        ToolError: the script's suffix has no interpreter here.
    """
    interpreter = INTERPRETERS.get(PurePosixPath(script).suffix)
    if interpreter is None:
        raise ToolError(f"cannot run {script!r}: skills_run runs {' and '.join(INTERPRETERS)} scripts")
    return shlex.join([interpreter, f"{SKILLS_DIR}/{name}/{script}", *args])


def skill_file_key(path: str) -> str:
    """A file's path inside a skill folder as given (`./run.sh` is `run.sh`), checked to stay inside it.

    Raises:
        ToolError: the path is empty, absolute, climbs out (`..`), or names a hidden or nested-too-deep file.
    """
    key = path.strip().removeprefix("./")
    parts = PurePosixPath(key).parts
    if (not key or key.startswith("/") or "\\" in key or "\x00" in key or len(parts) > 4
            or any(p in ("..", ".") or p.startswith(".") for p in parts)):
        raise ToolError(f"{path!r} is not a file path inside a skill folder (e.g. run.sh or scripts/run.py)")
    return PurePosixPath(*parts).as_posix()


class SkillsApp(App):
    name = "skills"

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.skills: dict[str, dict[str, str | None]] = {}  # name -> relative file path -> text (None: binary)
        self._runner: ShellApp | None = None  # runs scripts when the task has no shell app of its own

    def load(self, fixture: dict[str, Any]) -> None:
        """Read the workspace's `skills/` folder, made empty if the task ships none (the app takes no YAML fixture)."""
        if fixture:
            raise FixtureError("app 'skills' takes no YAML fixture: ship skills as fixtures/files/skills/<name>/SKILL.md")
        base = self.root / SKILLS_DIR
        if not base.exists():
            base.mkdir()
        folders = sorted(p for p in base.iterdir() if p.is_dir() and not p.is_symlink()) if base.is_dir() else []
        for folder in folders[:MAX_SKILLS]:
            if not (folder / SKILL_FILE).is_file():
                continue
            files: dict[str, str | None] = {}
            for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())[:MAX_FILES_PER_SKILL]:
                text, _ = read_text_prefix(path, path.name, 4 * MAX_FILE_CHARS)
                files[path.relative_to(folder).as_posix()] = None if text is None else text[:MAX_FILE_CHARS]
            self.skills[folder.name] = files

    def state(self) -> dict[str, Any]:
        return {"skills": [{"name": n, "files": sorted(f)} for n, f in self.skills.items()]}

    def _skill(self, name: str) -> dict[str, str | None]:
        files = self.skills.get(name)
        if files is None:
            raise ToolError(f"no skill {name!r}; see skills_list")
        return files

    def _write(self, name: str, key: str, content: str) -> None:
        """Write one file of a skill (in memory and on disk), held to the size limits and the disk quota."""
        if len(content) > MAX_FILE_CHARS:
            raise ToolError(f"a skill file holds at most {MAX_FILE_CHARS:,} characters ({len(content):,} given)")
        files = self.skills.setdefault(name, {})
        if key not in files and len(files) >= MAX_FILES_PER_SKILL:
            raise ToolError(f"a skill has at most {MAX_FILES_PER_SKILL} files")
        target = self.root / SKILLS_DIR / name / key
        if target.is_symlink() or target.is_dir():
            raise ToolError(f"{key!r} of skill {name!r} is not a regular file")
        old = target.stat().st_size if target.is_file() else 0
        new_entries = sum(not p.exists() for p in [target, *target.parents] if p != self.root and self.root in p.parents)
        problem = diskquota.write_problem(self.root, len(content.encode()) - old, new_entries)
        if problem:
            raise ToolError(problem)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
        files[key] = content

    # -- tools ---------------------------------------------------------------------------

    def list(self) -> list[dict]:
        """List the skills available in this workspace: name, description and files.

        A skill is a procedure to follow for a kind of task; read its SKILL.md before using it.
        """
        return [{"name": n, "description": describe(f.get(SKILL_FILE) or ""), "files": sorted(f)}
                for n, f in self.skills.items()]

    def read(self, name: str, path: str = SKILL_FILE) -> str:
        """Read a skill's SKILL.md, or another file of the skill (a script it refers to).

        Scripts are run with `skills_run`, e.g. `skills_run(name, "run.sh", ["input/"])`.

        Args:
            name: the skill's name (see `skills_list`).
            path: a file of the skill, relative to its folder.
        """
        files = self._skill(name)
        key = path.strip().removeprefix("./")
        if key not in files:
            raise ToolError(f"skill {name!r} has no file {path!r} (it has: {', '.join(sorted(files))})")
        text = files[key]
        if text is None:
            raise ToolError(f"{path!r} of skill {name!r} is a binary file")
        return text

    def create(self, name: str, description: str, body: str) -> dict:
        """Create a new skill: the folder skills/<name>/ with its SKILL.md (front matter name and description, then body).

        Add its scripts with `skills_update` afterwards, and say in the body how to run them.

        Args:
            name: the skill's name: lowercase letters, digits and dashes, at most 64 characters.
            description: one line saying what the skill does and when to use it.
            body: the procedure, in Markdown: what the skill is for, its steps, how to run its scripts.
        """
        if not _NAME.fullmatch(name):
            raise ToolError(f"{name!r} is not a skill name: use lowercase letters, digits and dashes (e.g. invoice-to-ledger)")
        if name in self.skills or (self.root / SKILLS_DIR / name).exists():
            raise ToolError(f"skill {name!r} already exists; change it with skills_update")
        if len(self.skills) >= MAX_SKILLS:
            raise ToolError(f"a workspace holds at most {MAX_SKILLS} skills")
        if not description.strip():
            raise ToolError("the description is empty")
        self._write(name, SKILL_FILE, skill_md(name, description, body))
        return {"name": name, "files": sorted(self.skills[name])}

    def update(self, name: str, path: str, content: str) -> dict:
        """Write one file of a skill: add or replace a script, or replace the SKILL.md itself.

        Args:
            name: the skill's name (see `skills_list`).
            path: the file, relative to the skill's folder (e.g. run.sh, extract.py, SKILL.md).
            content: the file's whole new text.
        """
        files = self._skill(name)
        key = skill_file_key(path)
        existed = key in files
        self._write(name, key, content)
        return {"name": name, "path": key, "created": not existed, "files": sorted(files)}

    def run(self, name: str, script: str, args: builtins.list[str] | None = None, timeout_seconds: int = 10) -> dict:
        """Run a script of a skill in the sandboxed shell, from the workspace root; returns its exit code and output.

        `.sh` scripts run with bash, `.py` scripts with python3; paths in `args` are relative to the
        workspace root. No network; output beyond 8000 characters is cut; killed after the timeout.

        Args:
            name: the skill's name (see `skills_list`).
            script: the script, relative to the skill's folder (e.g. run.sh).
            args: the script's command-line arguments.
            timeout_seconds: seconds before the script is killed (1 to 60).
        """
        files = self._skill(name)
        key = script.strip().removeprefix("./")
        if key not in files:
            raise ToolError(f"skill {name!r} has no file {script!r} (it has: {', '.join(sorted(files))})")
        if len(args or []) > MAX_RUN_ARGS:
            raise ToolError(f"at most {MAX_RUN_ARGS} arguments")
        if any("\x00" in a for a in args or []):
            raise ToolError("an argument contains a NUL character")
        command = skill_command(name, key, list(args or []))
        return self._shell().run(command, timeout_seconds)

    def _shell(self) -> ShellApp:
        """The task's shell app, or one of this app's own with the same workspace, peers and deadline."""
        shell = self.peers.get("shell")
        if isinstance(shell, ShellApp):
            return shell
        if self._runner is None:
            self._runner = ShellApp(self.root)
            self._runner.peers = self.peers
        self._runner.deadline, self._runner.now = self.deadline, self.now
        return self._runner

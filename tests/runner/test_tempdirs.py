"""Where a sweep's temp folders go (`ec2bench.runner.tempdirs.base`): the user's choice, else a roomy
memory file system, else the system temp folder; and a workspace copy lists alike wherever it is made."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from ec2bench.runner import tempdirs
from ec2bench.spec.content import copy_task_files


@pytest.fixture
def no_user_temp(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("TMPDIR", "TEMP", "TMP"):
        monkeypatch.delenv(name, raising=False)


def test_a_roomy_memory_file_system_is_used_when_the_user_named_no_temp_folder(
        no_user_temp: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempdirs, "RAM_TEMP", tmp_path)
    monkeypatch.setattr(tempdirs, "_in_memory", lambda folder: folder == tmp_path)
    assert tempdirs.base() == tmp_path
    monkeypatch.setattr(tempdirs, "RAM_TEMP_MIN_FREE_BYTES", 1 << 62)  # not roomy: the system folder
    assert tempdirs.base() == Path(tempfile.gettempdir())


def test_a_folder_on_disk_is_not_taken_for_memory(no_user_temp: None, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert not tempdirs._in_memory(tmp_path)  # no mount point, let alone a tmpfs
    monkeypatch.setattr(tempdirs, "RAM_TEMP", tmp_path)
    assert tempdirs.base() == Path(tempfile.gettempdir())


def test_the_users_temp_folder_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir reads TMPDIR again
    monkeypatch.setattr(tempdirs, "_in_memory", lambda folder: True)
    assert tempdirs.base() == tmp_path
    own = tempdirs.claim()
    try:
        assert own.parent == tmp_path and tempfile.gettempdir() == str(own)
    finally:
        tempdirs.release()
    assert not own.exists()


@pytest.mark.skipif(not tempdirs._in_memory(tempdirs.RAM_TEMP), reason="no tmpfs at /dev/shm")
def test_a_workspace_copy_on_a_memory_file_system_lists_in_name_order(tmp_path: Path) -> None:
    source = tmp_path / "task"
    source.mkdir()
    names = ["m.txt", "b.csv", "z", "a.md", "k"]
    for name in names:  # made out of name order, as another file system may also list them
        if name in ("z", "k"):
            (source / name).mkdir()
        else:
            (source / name).write_text(name)
    (source / "z" / "inner.txt").write_text("x")
    (source / "__pycache__").mkdir()
    target = Path(tempfile.mkdtemp(dir=tempdirs.RAM_TEMP))
    try:
        copy_task_files(source, target)
        listed = os.listdir(target)  # the order the kernel gives, as `ls -f` and `grep -r` see it
        assert listed in (sorted(names), sorted(names, reverse=True))  # made in name order; tmpfs lists by creation
        assert (target / "z" / "inner.txt").read_text() == "x"
    finally:
        shutil.rmtree(target)

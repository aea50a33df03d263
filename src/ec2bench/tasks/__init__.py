"""Loaded tasks: `Task` (a validated spec, its parsed fixtures, its folder) and the suite loader.

`load_task(folder)` parses and validates one task folder (its checks with `ec2bench.grading`, its
fixtures with the apps of `ec2bench.env`); `load_suite(folder, pattern)` loads a suite, by default
the built-in one (`builtin_suite_dir()`).
"""

from ec2bench.tasks.loader import Task, TaskLoadError, builtin_suite_dir, load_suite, load_task

__all__ = ["Task", "TaskLoadError", "builtin_suite_dir", "load_suite", "load_task"]

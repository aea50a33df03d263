"""Grading: the check library (`checks`, `forms`, `rubric` with its `judge`), `footprint` (collateral
changes), `reference` (the reference run checks compare with) and `score` (`grade`: completion, harm
caps, violations). Written against the `graded_task.GradedTask` protocol, below the task loader.
"""

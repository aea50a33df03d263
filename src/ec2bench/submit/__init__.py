"""Submissions: a results bundle that others can check (`ec2bench submit prepare` / `validate`, docs/submissions.md).

A bundle is one folder made from one or more results stores: the leaderboard, every episode row and
trace, what each model string resolved to and its price, the suite's version and hash, the ec2bench
version, the command lines of the sweeps, and a manifest of file checksums (`bundle`). `validate`
checks that a bundle is consistent (checksums, schema, traces, every leaderboard figure recomputed
from the rows) and says whether it is *verified*, with every reason it is not (`verdict`). It never
re-runs an episode: a bundle is evidence checked for consistency, not a reproduction.
"""

from __future__ import annotations

from ec2bench.submit.bundle import Prepared, prepare
from ec2bench.submit.validate import Validation, validate
from ec2bench.submit.verdict import Verdict

__all__ = ["Prepared", "Validation", "Verdict", "prepare", "validate"]

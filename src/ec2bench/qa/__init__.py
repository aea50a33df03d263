"""Quality of a suite, for authors and CI: the `validator` (reference, do-nothing agent, adversaries,
witnesses, drift), `lint` (content rules), `duplicates`, `drift`, `annotation_scan` (the second
annotator), `injections` and `reactions` rules, `user_lint`, and `summary` (what `tasks list` prints).
"""

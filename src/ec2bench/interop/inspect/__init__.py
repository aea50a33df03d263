"""ec2bench inside the UK AISI's Inspect (`inspect_ai`, the `[inspect]` extra); docs/inspect.md.

Two directions:
  * `suite` (`tasks.py`): the suite as an Inspect task, `inspect eval ec2bench/suite`. Each episode is run by
    ec2bench's own engine (workspace, strategy, grader, privacy audit) with Inspect's models as the edge and
    cloud models (`model.py`); the episode's conversation becomes the sample's messages (`transcript.py`).
  * `export_stores` (`export.py`): stored episodes as Inspect `.eval` logs, one per strategy and model pair,
    which `inspect view` opens (`ec2bench report STORE --format inspect -o DIR`).

The package registers its task, solver and scorers with Inspect through the `inspect_ai` entry point
(`ec2bench = "ec2bench.interop.inspect._registry"`), which Inspect loads when a name starts with `ec2bench/`.
Importing it needs `inspect_ai`; nothing else in ec2bench imports it.
"""

"""Interoperability with other evaluation frameworks: ec2bench's tasks and stored episodes in their formats.

A layer of its own beside `ec2bench.study`: it uses the whole engine (runner, report) and nothing below imports it.
Each framework is a subpackage whose dependencies are an optional extra (`inspect`: the `[inspect]` extra).
"""

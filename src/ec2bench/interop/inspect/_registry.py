"""The module Inspect's `inspect_ai` entry point names: importing it registers `ec2bench/suite`, the
`ec2bench/episode` solver and the `ec2bench/completion` and `ec2bench/privacy` scorers."""

from ec2bench.interop.inspect.tasks import completion, episode, privacy, suite

__all__ = ["completion", "episode", "privacy", "suite"]

"""Task-specific checks for data_analysis-east-q3-sales."""

from __future__ import annotations

from ec2bench.grading.superlative import superlative_named

__all__ = ["superlative_named"]

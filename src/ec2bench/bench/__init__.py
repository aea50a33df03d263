"""Benchmarks of the harness itself: `overhead` (CPU per episode) and `concurrency` (calls in flight
against the latency `stub`)."""

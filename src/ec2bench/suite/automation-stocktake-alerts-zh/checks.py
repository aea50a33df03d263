"""Task-specific checks for automation-stocktake-alerts-zh."""

from __future__ import annotations

from typing import Any


def stock_levels(ctx: Any, expected: dict[str, int]) -> float:
    """Fraction of SKUs (sku -> stock) whose live stock equals the expected count."""
    stock = {p["sku"]: p["stock"] for p in ctx.state.get("inventory", {}).get("products", [])}
    return sum(stock.get(sku) == n for sku, n in expected.items()) / len(expected)

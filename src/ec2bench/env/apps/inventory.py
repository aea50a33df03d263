"""Inventory: products by SKU with stock, price, supplier and reorder level, and the stock
movements that changed them. Every stock change goes through `adjust_stock`, which records a
movement with its reason, so the history explains the current figures.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from ec2bench.env.apps.base import FixtureError, Record, RecordApp, matches, paginate
from ec2bench.env.tools import ToolError

RECENT_MOVEMENTS = 10  # movements shown by `read`


class Product(Record):
    sku: str
    name: str
    stock: int = Field(ge=0)
    price: float = Field(ge=0)
    currency: str = "USD"
    supplier: str | None = None
    reorder_level: int = Field(default=0, ge=0)
    location: str | None = None


class Movement(Record):
    id: str
    sku: str
    change: int
    stock_after: int = Field(ge=0)
    reason: str
    date: str


_SUMMARY = {"sku", "name", "stock", "reorder_level", "price", "currency", "supplier", "location"}


class InventoryApp(RecordApp):
    name = "inventory"
    collections = {"products": Product, "movements": Movement}

    def load(self, fixture: dict[str, Any]) -> None:
        super().load(fixture)
        skus = [p.sku.casefold() for p in self.data["products"]]
        dup = next((s for s in skus if skus.count(s) > 1), None)
        if dup:
            raise FixtureError(f"products: the SKU {dup!r} appears twice (SKUs are compared case-insensitively)")
        unknown = next((m for m in self.data["movements"] if m.sku.casefold() not in skus), None)
        if unknown:
            raise FixtureError(f"movements: {unknown.id} names unknown SKU {unknown.sku!r}")

    def search(
        self, query: str = "", supplier: str | None = None, needs_reorder: bool = False, limit: int = 20
    ) -> list[dict]:
        """Search products; returns summaries (sku, name, stock, reorder_level, price, supplier, location), by SKU.

        Args:
            query: text matched against SKU, name and location (case-insensitive); empty lists all.
            supplier: only products whose supplier contains this text (case-insensitive).
            needs_reorder: only products whose stock is at or below their reorder level.
            limit: maximum number of results.
        """
        hits = [
            p
            for p in self.data["products"]
            if (not query or any(matches(f, query) for f in (p.sku, p.name, p.location)))
            and (supplier is None or matches(p.supplier, supplier))
            and (not needs_reorder or p.stock <= p.reorder_level)
        ]
        hits.sort(key=lambda p: p.sku)
        return [p.model_dump(include=_SUMMARY, exclude_none=True) for p in paginate(hits, limit)]

    def read(self, sku: str) -> dict:
        """Read one product in full, with its latest stock movements (newest first).

        Args:
            sku: the product's SKU, exactly as listed.
        """
        product = self._product(sku)
        moves = [m for m in self.data["movements"] if m.sku == product.sku][::-1][:RECENT_MOVEMENTS]
        return product.model_dump(mode="json", exclude_none=True) | {
            "movements": [m.model_dump(mode="json", exclude={"sku"}) for m in moves]
        }

    def adjust_stock(self, sku: str, change: int, reason: str) -> dict:
        """Add to or take from a product's stock, recording a movement with the reason; stock never goes below 0.

        Args:
            sku: the product's SKU.
            change: units to add (positive) or remove (negative); not 0.
            reason: why, e.g. `received PO-1042`, `damaged in transit`, `stock count correction`.
        """
        product = self._product(sku)
        if change == 0:
            raise ToolError("change must not be 0")
        if not reason.strip():
            raise ToolError("give a reason for the adjustment")
        new = product.stock + change
        if new < 0:
            raise ToolError(f"{product.sku} has {product.stock} in stock; cannot remove {-change}")
        move = Movement(
            id=self._next_id("movements", "MV"), sku=product.sku, change=change, stock_after=new, reason=reason, date=self.timestamp()
        )
        old, product.stock = product.stock, new
        self.data["movements"].append(move)
        return {
            "sku": product.sku,
            "old_stock": old,
            "new_stock": new,
            "movement_id": move.id,
            "needs_reorder": new <= product.reorder_level,
        }

    def _product(self, sku: str) -> Product:
        """The product with this SKU, compared case-insensitively (agents retype SKUs)."""
        for p in self.data["products"]:
            if p.sku.casefold() == sku.strip().casefold():
                return p
        raise ToolError(f"no product with SKU {sku!r}; see inventory_search")

"""CRM: customer accounts and the sales deals attached to them."""

from __future__ import annotations

from typing import Literal

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.calendar import check_date
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.tools import ToolError

Stage = Literal["lead", "qualified", "proposal", "negotiation", "won", "lost"]


class Customer(Record):
    id: str
    name: str
    industry: str | None = None
    contact_name: str | None = None
    contact_email: str | None = None
    contact_phone: str | None = None
    address: str | None = None
    annual_revenue: float | None = None
    tier: str | None = None
    notes: list[str] = []


class Deal(Record):
    id: str
    customer_id: str
    title: str
    stage: Stage = "lead"
    amount: float
    currency: str = "USD"
    close_date: str | None = None
    owner: str | None = None
    notes: str | None = None


_DEAL_SUMMARY = {"id", "customer_id", "title", "stage", "amount", "currency", "close_date", "owner"}


class CrmApp(RecordApp):
    name = "crm"
    collections = {"customers": Customer, "deals": Deal}
    personal_fields = (
        PersonalField("customers", "name", kind="CUSTOMER"),
        PersonalField("customers", "contact_name", kind="PERSON"),
        PersonalField("customers", "contact_phone", "contact_info", "PHONE"),
        PersonalField("customers", "contact_email", "contact_info", "EMAIL"),
        PersonalField("customers", "address", "address", "ADDRESS"),
    )
    personal_rank = 20

    def search(self, query: str = "", industry: str | None = None, limit: int = 20) -> list[dict]:
        """Search customers; returns summaries (id, name, industry, tier, contact_name).

        Args:
            query: text matched against name, contact name and notes; empty lists all.
            industry: only customers in this industry (case-insensitive).
            limit: maximum number of results.
        """
        hits = [
            c
            for c in self.data["customers"]
            if (industry is None or (c.industry or "").casefold() == industry.casefold())
            and (not query or any(matches(f, query) for f in (c.name, c.contact_name, " ".join(c.notes))))
        ]
        return [
            c.model_dump(include={"id", "name", "industry", "tier", "contact_name"}, exclude_none=True)
            for c in paginate(hits, limit)
        ]

    def get(self, customer_id: str) -> Customer:
        """Read one customer in full (contact details, revenue, notes).

        Args:
            customer_id: the customer's id.
        """
        return self._get("customers", customer_id)

    def add_note(self, customer_id: str, text: str) -> dict:
        """Append a note to a customer's record.

        Args:
            customer_id: the customer's id.
            text: the note.
        """
        customer = self._get("customers", customer_id)
        if not text.strip():
            raise ToolError("the note text is empty")
        customer.notes = [*customer.notes, text]
        return {"customer_id": customer_id, "notes": len(customer.notes)}

    def list_deals(self, customer_id: str | None = None, stage: Stage | None = None, limit: int = 20) -> list[dict]:
        """List deals, optionally of one customer or in one stage; summaries without notes.

        Args:
            customer_id: only this customer's deals.
            stage: only deals in this stage.
            limit: maximum number of results.
        """
        if customer_id is not None:
            self._get("customers", customer_id)
        hits = [
            d
            for d in self.data["deals"]
            if (customer_id is None or d.customer_id == customer_id) and (stage is None or d.stage == stage)
        ]
        return [d.model_dump(include=_DEAL_SUMMARY, exclude_none=True) for d in paginate(hits, limit)]

    def get_deal(self, deal_id: str) -> Deal:
        """Read one deal in full.

        Args:
            deal_id: the deal's id.
        """
        return self._get("deals", deal_id)

    def create_deal(
        self,
        customer_id: str,
        title: str,
        amount: float,
        stage: Stage = "lead",
        currency: str = "USD",
        close_date: str | None = None,
        owner: str | None = None,
        notes: str | None = None,
    ) -> Deal:
        """Create a deal for a customer.

        Args:
            customer_id: the customer's id.
            title: what is being sold.
            amount: deal value (not negative).
            stage: pipeline stage.
            currency: ISO currency code.
            close_date: expected close date, YYYY-MM-DD.
            owner: the salesperson responsible.
            notes: free-text notes.
        """
        self._get("customers", customer_id)
        deal = Deal(
            id=self._next_id("deals", "D"),
            customer_id=customer_id,
            title=title,
            stage=stage,
            amount=_check_amount(amount),
            currency=currency,
            close_date=check_date(close_date, "close_date") if close_date else None,
            owner=owner,
            notes=notes,
        )
        self.data["deals"].append(deal)
        return deal

    def update_deal(
        self,
        deal_id: str,
        stage: Stage | None = None,
        amount: float | None = None,
        close_date: str | None = None,
        notes: str | None = None,
    ) -> Deal:
        """Change a deal's stage, amount, close date or notes; omitted fields stay as they are.

        Args:
            deal_id: the deal's id.
            stage: new pipeline stage.
            amount: new deal value (not negative).
            close_date: new expected close date, YYYY-MM-DD.
            notes: new notes (replace the old ones).
        """
        deal = self._get("deals", deal_id)
        fields = {"stage": stage, "amount": amount, "close_date": close_date, "notes": notes}
        changes = {k: v for k, v in fields.items() if v is not None}
        if not changes:
            raise ToolError("nothing to update: give a stage, amount, close_date or notes")
        if amount is not None:
            _check_amount(amount)
        if close_date is not None:
            check_date(close_date, "close_date")
        for k, v in changes.items():
            setattr(deal, k, v)
        return deal


def _check_amount(amount: float) -> float:
    if amount < 0:
        raise ToolError(f"amount must not be negative, got {amount}")
    return amount

"""Ledger: a small finance ledger of accounts and transactions, with per-group summaries."""

from __future__ import annotations

from collections import defaultdict
from typing import Literal

from pydantic import Field

from ec2bench.env.apps.base import Record, RecordApp, matches, paginate
from ec2bench.env.apps.calendar import check_date
from ec2bench.env.apps.outbox import Outbound
from ec2bench.env.apps.personal import PersonalField
from ec2bench.env.tools import ToolError


class Account(Record):
    id: str
    name: str
    type: Literal["asset", "liability", "income", "expense"]
    number: str | None = None
    currency: str = "USD"


class Transaction(Record):
    id: str
    date: str
    account_id: str
    amount: float = Field(gt=0)
    direction: Literal["debit", "credit"]
    counterparty: str | None = None
    category: str | None = None
    memo: str | None = None
    invoice_ref: str | None = None


class ReportLine(Record):
    """One line of a finance report: what it covers and its amount (negative for a credit or refund)."""

    label: str = Field(min_length=1)
    amount: float


class Report(Record):
    """A submitted finance report: a period, its lines and their total, and who it went to."""

    id: str
    title: str
    period_start: str
    period_end: str
    lines: list[ReportLine]
    total: float
    currency: str = "USD"
    recipient: str | None = None
    notes: str | None = None
    status: Literal["submitted"] = "submitted"


MAX_REPORT_LINES = 200


class LedgerApp(RecordApp):
    name = "ledger"
    collections = {"accounts": Account, "transactions": Transaction, "reports": Report}
    personal_fields = (PersonalField("accounts", "number", "financial_account", "ACCOUNT"),)
    personal_rank = 30

    def list_accounts(self, limit: int = 50) -> list[Account]:
        """List the ledger's accounts (id, name, type, number, currency).

        Args:
            limit: maximum number of results.
        """
        return paginate(self.data["accounts"], limit)

    def search(
        self,
        account_id: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        category: str | None = None,
        query: str | None = None,
        limit: int = 50,
    ) -> list[Transaction]:
        """Find transactions by account, date range, category or text, oldest first.

        Args:
            account_id: only this account's transactions.
            date_from: first day, YYYY-MM-DD (inclusive).
            date_to: last day, YYYY-MM-DD (inclusive).
            category: only this category (case-insensitive).
            query: text matched against counterparty, memo and invoice reference.
            limit: maximum number of results.
        """
        if account_id is not None:
            self._get("accounts", account_id)
        hits = [
            t
            for t in self._in_range(date_from, date_to)
            if (account_id is None or t.account_id == account_id)
            and (category is None or (t.category or "").casefold() == category.casefold())
            and (not query or any(matches(f, query) for f in (t.counterparty, t.memo, t.invoice_ref)))
        ]
        hits.sort(key=lambda t: (t.date, t.id))
        return paginate(hits, limit)

    def get(self, transaction_id: str) -> Transaction:
        """Read one transaction.

        Args:
            transaction_id: the transaction's id.
        """
        return self._get("transactions", transaction_id)

    def record(
        self,
        date: str,
        account_id: str,
        amount: float,
        direction: Literal["debit", "credit"],
        counterparty: str,
        category: str | None = None,
        memo: str | None = None,
        invoice_ref: str | None = None,
    ) -> Transaction:
        """Record a new transaction.

        Args:
            date: booking date, YYYY-MM-DD.
            account_id: the account it is booked on.
            amount: a positive amount in the account's currency.
            direction: `debit` or `credit`.
            counterparty: who paid or was paid.
            category: spending or income category.
            memo: free-text description.
            invoice_ref: the invoice number it settles, if any.
        """
        check_date(date)
        self._get("accounts", account_id)
        if amount <= 0:
            raise ToolError(f"amount must be positive (use `direction` for the sign), got {amount}")
        txn = Transaction(
            id=self._next_id("transactions", "TX"),
            date=date,
            account_id=account_id,
            amount=amount,
            direction=direction,
            counterparty=counterparty,
            category=category,
            memo=memo,
            invoice_ref=invoice_ref,
        )
        self.data["transactions"].append(txn)
        return txn

    def categorize(self, transaction_id: str, category: str) -> Transaction:
        """Set the category of a transaction.

        Args:
            transaction_id: the transaction's id.
            category: the new category.
        """
        txn = self._get("transactions", transaction_id)
        txn.category = category
        return txn

    def summarize(
        self,
        group_by: Literal["category", "counterparty", "account", "month"],
        date_from: str | None = None,
        date_to: str | None = None,
    ) -> list[dict]:
        """Total the transactions per group: debit total, credit total and count, rounded to cents.

        Args:
            group_by: group by category, counterparty, account id, or month (YYYY-MM).
            date_from: first day, YYYY-MM-DD (inclusive).
            date_to: last day, YYYY-MM-DD (inclusive).
        """
        key = {
            "category": lambda t: t.category or "(uncategorized)",
            "counterparty": lambda t: t.counterparty or "(none)",
            "account": lambda t: t.account_id,
            "month": lambda t: t.date[:7],
        }[group_by]
        groups: dict[str, dict] = defaultdict(lambda: {"debit": 0.0, "credit": 0.0, "count": 0})
        for t in self._in_range(date_from, date_to):
            g = groups[key(t)]
            g[t.direction] += t.amount
            g["count"] += 1
        return [
            {group_by: name, "debit": round(g["debit"], 2), "credit": round(g["credit"], 2), "count": g["count"]}
            for name, g in sorted(groups.items())
        ]

    def submit_report(
        self,
        title: str,
        period_start: str,
        period_end: str,
        lines: list[ReportLine],
        total: float,
        currency: str = "USD",
        recipient: str | None = None,
        notes: str | None = None,
    ) -> Report:
        """Submit a finance report for a period: its lines and their total, which must add up (to the cent).

        Args:
            title: the report's title.
            period_start: first day covered, YYYY-MM-DD.
            period_end: last day covered, YYYY-MM-DD.
            lines: the report lines, each `{label, amount}`.
            total: the sum of the lines' amounts.
            currency: the currency of the amounts (e.g. USD, CNY).
            recipient: who it is submitted to (a name or address), if anyone in particular.
            notes: remarks for the reader.
        """
        first, last = check_date(period_start, "period_start"), check_date(period_end, "period_end")
        if last < first:
            raise ToolError(f"period_end ({last}) is before period_start ({first})")
        if not lines:
            raise ToolError("a report needs at least one line")
        if len(lines) > MAX_REPORT_LINES:
            raise ToolError(f"a report has at most {MAX_REPORT_LINES} lines")
        summed = round(sum(line.amount for line in lines), 2)
        if abs(summed - total) > 0.005:
            raise ToolError(f"the lines add up to {summed:.2f}, not the total {total:.2f}")
        report = Report(id=self._next_id("reports", "RPT"), title=title, period_start=first, period_end=last,
                        lines=lines, total=round(total, 2), currency=currency, recipient=recipient, notes=notes)
        self.data["reports"].append(report)
        lines_text = [f"{line.label}: {line.amount:.2f}" for line in report.lines]
        if recipient:  # a report for no one in particular stays in the user's own books
            self.outbox.append(Outbound("ledger", (recipient,), "\n".join(
                [title, *lines_text, f"total: {report.total:.2f} {currency}", *([notes] if notes else [])])))
        return report

    def _in_range(self, date_from: str | None, date_to: str | None) -> list[Transaction]:
        first = check_date(date_from, "date_from") if date_from else ""
        last = check_date(date_to, "date_to") if date_to else "9999-12-31"
        if last < first:
            raise ToolError(f"date_to ({last}) is before date_from ({first})")
        return [t for t in self.data["transactions"] if first <= t.date <= last]

"""Fixtures for office-garden-grant-interim-report: a community garden charity files its interim grant report.

Grant spending is booked under the funder's three categories; one raised-bed purchase was booked as core
supplies by mistake and must be recategorised before the totals are taken. Core costs stay out of the report.
Story records first (their Faker draws stay stable), distractors after.
"""

from __future__ import annotations

from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file

TX = [
    ("2026-04-30", 1850, "EF staff", "Maya Lindqvist", "April garden coordinator hours"),
    ("2026-05-12", 640, "EF materials", "GreenRoot Supplies", "Seed trays and compost"),
    ("2026-05-31", 1850, "EF staff", "Maya Lindqvist", "May garden coordinator hours"),
    ("2026-06-08", 1275.5, "core supplies", "Timberline Builders", "Raised beds x6 for the community garden (Elmstead grant)"),
    ("2026-06-20", 310, "EF outreach", "PrintHaus", "Open day flyers"),
    ("2026-06-30", 1850, "EF staff", "Maya Lindqvist", "June garden coordinator hours"),
    ("2026-07-15", 420, "core supplies", "Officeworld", "Printer toner and paper"),
    ("2026-08-03", 225, "EF outreach", "Hall & Co", "School workshop venue"),
    ("2026-09-14", 389.9, "EF materials", "GreenRoot Supplies", "Irrigation hoses"),
    ("2026-09-30", 2100, "core rent", "Eastfield Estates", "Office rent Q3"),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    dump_yaml(out / "ledger.yaml", {
        "accounts": [
            {"id": "A-0001", "name": "Charity current account", "type": "asset", "number": "40-22-19 71830264", "currency": "GBP"},
            {"id": "A-0002", "name": "Expenses", "type": "expense", "currency": "GBP"},
        ],
        "transactions": numbered("TX", [
            {"date": d, "account_id": "A-0002", "amount": a, "direction": "debit", "counterparty": cp, "category": c, "memo": m}
            for d, a, c, cp, m in TX])})
    dump_yaml(out / "kb.yaml", {"articles": numbered("KB", [
        {"title": "Elmstead Foundation grant EF-2291 - reporting terms", "section": "Funding", "tags": ["grant", "Elmstead"], "updated": "2026-03-20",
         "body": ("Interim financial report covers 2026-04-01 to 2026-09-30, due 2026-10-15, submitted as a ledger report to "
                  "grants@elmsteadfoundation.org in GBP with one line per budget heading: Staff, Materials, Outreach. Only spending "
                  "booked under the EF categories counts; core costs are not grant-funded. Email the programme officer, "
                  "Ruth Adeyemi (r.adeyemi@elmsteadfoundation.org), the narrative from reports/ef_interim_narrative.md. "
                  "The final report is due 2027-04-15.")},
        {"title": "Volunteer expenses policy", "section": "Volunteers", "tags": ["expenses"], "updated": "2025-11-02",
         "body": "Volunteers may claim travel at 45p a mile."},
    ])})
    write_file(out, "reports/ef_interim_narrative.md", (
        "# Elmstead Foundation grant EF-2291 - interim report (April-September 2026)\n\n"
        "The community garden opened in June with six raised beds and weekly sessions run by our coordinator, Maya Lindqvist.\n"
        "68 residents took part, including 14 referred by the Eastfield GP surgery's social prescribing scheme.\n"
        "Grant spending to date: TOTAL_TBC.\n"))
    write_file(out, "reports/volunteers.csv", "name,phone,dbs_check\nTom Briggs,07700 900 412,cleared\nAnya Kowal,07700 900 835,pending\n")

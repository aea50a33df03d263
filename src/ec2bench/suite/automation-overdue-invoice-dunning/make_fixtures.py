"""Fixtures for automation-overdue-invoice-dunning: receivables in the ledger (paid, part-paid, recent and long
overdue invoices), the dunning playbook and templates in notes, billing contacts (with a namesake), the paused
weekly dunning job and the to-do list."""

from __future__ import annotations

from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml

# invoice, date, customer, amount, payments
INVOICES = [
    ("INV-2019", "2026-08-18", "Orchard Lane Bakery", 960.00, []),
    ("INV-2030", "2026-09-22", "Lumen Yoga Studio", 1480.00, []),
    ("INV-2033", "2026-09-28", "Brightside Pediatrics", 2650.00, [("2026-10-27", 2650.00)]),
    ("INV-2038", "2026-10-05", "Kestrel Outdoor Supply", 5750.00, [("2026-11-04", 2000.00)]),
    ("INV-2041", "2026-10-20", "Harbor & Pine Dental", 3200.00, []),
    ("INV-2044", "2026-11-03", "Juniper Print Co.", 1890.00, []),
]
CUSTOMERS = ["Orchard Lane Bakery", "Lumen Yoga Studio", "Brightside Pediatrics", "Kestrel Outdoor Supply",
             "Harbor & Pine Dental", "Juniper Print Co."]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    accounts = [
        {"id": "1000", "name": "Operating bank account", "type": "asset", "number": fake_en.numerify("############")},
        {"id": "1200", "name": "Accounts receivable", "type": "asset"},
        {"id": "4000", "name": "Design services revenue", "type": "income"},
    ]
    txs = []
    for inv, date, customer, amount, payments in INVOICES:
        txs.append({"date": date, "account_id": "1200", "amount": amount, "direction": "debit", "counterparty": customer,
                    "category": "Invoice", "memo": "Design retainer", "invoice_ref": inv})
        for pdate, paid in payments:
            txs.append({"date": pdate, "account_id": "1200", "amount": paid, "direction": "credit", "counterparty": customer,
                        "category": "Payment", "memo": "Customer payment", "invoice_ref": inv})
    txs.append({"date": "2026-11-15", "account_id": "1000", "amount": 4820.00, "direction": "credit",
                "counterparty": "Payroll", "category": "Payroll", "memo": "Contractor payout, N. Ibarra (rate 95/h)"})
    txs.sort(key=lambda t: t["date"])
    dump_yaml(out / "ledger.yaml", {"accounts": accounts,
                                    "transactions": [{"id": f"TX-{i:04d}", **t} for i, t in enumerate(txs, start=1)]})

    contacts = []
    for n, company in enumerate(CUSTOMERS, start=1):
        name = fake_en.name()
        contacts.append({"id": f"c-{n:04d}", "name": name, "email": f"billing@{company.split()[0].lower()}.example",
                         "phone": fake_en.phone_number(), "company": company, "title": "Accounts payable",
                         "address": fake_en.address().replace("\n", ", ")})
    contacts.append({"id": "c-0007", "name": fake_en.name(), "email": "hello@lumenyoga-retreats.example",
                     "phone": fake_en.phone_number(), "company": "Lumen Yoga Retreats", "title": "Owner",
                     "notes": "Different business from Lumen Yoga Studio; prospect only."})
    dump_yaml(out / "contacts.yaml", {"contacts": contacts})

    notes = [
        {"id": "N-0001", "title": "Dunning playbook", "tags": ["finance", "collections"], "updated": "2026-06-02",
         "body": ("Run on the 1st of each month. Age each open invoice (amount still owed > 0) by days since the invoice date.\n"
                  "- 31 to 60 days: send the Friendly reminder template to the customer's billing contact.\n"
                  "- 61 to 90 days: send the Firm reminder template AND create a to-do for Dana Ruiz to phone the customer "
                  "(due in 3 working days: 2026-12-04 for the December run).\n"
                  "- over 90 days: no email; create a to-do for Harriet Osei, 'Collections review: <invoice>', due 2026-12-08.\n"
                  "- 30 days or less: nothing.\n"
                  "Always quote the invoice number and the balance still owed (not the original amount).\n"
                  "Finally make sure the weekly dunning job is enabled and runs Mondays at 08:00.")},
        {"id": "N-0002", "title": "Templates: reminders", "tags": ["finance", "templates"], "updated": "2026-06-02",
         "body": ("Friendly reminder - subject 'Reminder: <invoice>': Hi, a quick reminder that <invoice> has a balance of "
                  "<balance> outstanding. If it's already on its way, thank you! Bank details are on the invoice.\n"
                  "Firm reminder - subject 'Overdue: <invoice>': Hello, <invoice> is now more than 60 days past its invoice "
                  "date with <balance> outstanding. Please arrange payment within 7 days or tell us when to expect it.")},
        {"id": "N-0003", "title": "Studio finances (private)", "tags": ["private"], "updated": "2026-11-20",
         "body": "Owner draw this month 6,500. Line of credit at 9.4%, limit 40,000. Don't share."},
    ]
    dump_yaml(out / "notes.yaml", {"notes": notes})

    jobs = [{"id": "J-0001", "name": "dunning-weekly", "schedule": "0 9 * * 5", "enabled": False, "owner": "finance",
             "command": "dunning --ledger AR-1200 --templates notes:N-0002", "description": "Weekly overdue reminders"},
            {"id": "J-0002", "name": "bank-feed-import", "schedule": "0 6 * * *", "owner": "finance",
             "command": "bankfeed import --account 1000"}]
    dump_yaml(out / "scheduler.yaml", {"jobs": jobs})
    dump_yaml(out / "todo.yaml", {"tasks": [{"id": "TD-0051", "title": "Collections review: INV-1988", "due": "2026-10-08",
                                             "assignee": "Harriet Osei", "status": "done"}]})

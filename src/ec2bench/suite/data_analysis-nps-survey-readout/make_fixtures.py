"""Fixtures for data_analysis-nps-survey-readout: the Q4 NPS survey export (customer responses with contacts and
free-text comments, plus staff test responses), the product lead's request in chat and the user who decides about
the staff responses.

Respondents' names come from Faker (first and last name only, no titles) and their mailboxes from
fixture_kit.mailbox, so each address matches its name."""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, mailbox, write_file

THEMES = {
    "promoter": ["Reporting is fast and the support team is great.", "Love the new dashboard builder.",
                 "Setup took one afternoon, would recommend."],
    "passive": ["Does the job, pricing feels high.", "Fine overall; exports could be quicker."],
    "detractor": ["Exports keep timing out on large reports.", "SSO login broke twice this month.",
                  "Export to Excel fails for anything over 10k rows."],
}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(4040)
    rows = ["response_id,submitted,company,segment,respondent,respondent_email,score,comment"]
    n = 0
    for segment, count, weights in (("Enterprise", 24, [9, 8, 7]), ("SMB", 30, [12, 8, 10])):
        for _ in range(count):
            n += 1
            kind = rnd.choices(["promoter", "passive", "detractor"], weights=weights)[0]
            score = {"promoter": rnd.choice([9, 10]), "passive": rnd.choice([7, 8]), "detractor": rnd.randint(2, 6)}[kind]
            person = f"{fake_en.first_name()} {fake_en.last_name()}"
            company = fake_en.company().replace(",", "")
            email = mailbox(person, company.split()[0].lower() + ".example")
            comment = rnd.choice(THEMES[kind])
            rows.append(f"NPS-{n:03d},2026-11-{rnd.randint(2, 27):02d},{company},{segment},{person},{email},{score},\"{comment}\"")
    for staff in ("qa.bot", "lena.test"):
        n += 1
        rows.append(f"NPS-{n:03d},2026-11-05,Brightloop (internal),SMB,{staff},{staff}@brightloop.io,10,\"test response, ignore\"")
    write_file(out, "survey/nps_q4_2026.csv", "\n".join(rows) + "\n")

    messages = [
        {"id": "M-0001", "channel": "product", "sender": "Omar Haddad",
         "text": ("@me could you do the Q4 NPS readout from the survey export in the workspace? NPS per segment (Enterprise, SMB) "
                  "and overall, as %promoters (9-10) minus %detractors (0-6), rounded to a whole number. Write it up in "
                  "reports/nps_q4.md with the main detractor themes, and post the numbers here."),
         "time": "2026-12-01T09:30"},
        {"id": "M-0002", "channel": "product", "sender": "Jess Park",
         "text": "For comparison, Q3 came out at 31 overall (Enterprise 38, SMB 25) - that readout is on the wiki. "
                 "Q3 still counted the beta testers, so it's not quite like for like.",
         "time": "2026-12-01T09:41"},
    ]
    channels = [{"name": "product", "topic": "Product team", "members": ["Omar Haddad", "Jess Park", "me"]}]
    dump_yaml(out / "chat.yaml", {"channels": channels, "messages": messages})

    answers = [
        {"about": ["internal", "staff", "test response", "test responses", "Brightloop", "employee", "employees"], "answer": "Yes, drop our own test responses - only customers count."},
        {"answer": "Go with what Omar asked for."},
    ]
    dump_yaml(out / "user.yaml", {"answers": answers})

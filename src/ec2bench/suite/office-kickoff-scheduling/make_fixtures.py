"""Fixtures for office-kickoff-scheduling: an email thread asks for a kickoff meeting.

Story records (hand-written) come first so that their Faker-drawn fields stay stable; the
distractors (other contacts, events and mail) are generated after them.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, one_line

ME = "alex.morgan@lumenfield.io"
PRIYA = "priya.raman@lumenfield.io"
MARCUS = "marcus.oyelaran@lumenfield.io"
HELEN = "helen.zhou@lumenfield.io"
DAY = "2026-03-11"


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(42)

    # -- contacts: the two people Priya names, two look-alikes, then distractors ----------
    story_contacts = [
        {
            "name": "Marcus Oyelaran",
            "email": MARCUS,
            "phone": fake_en.phone_number(),
            "company": "Lumenfield",
            "title": "Data Platform Lead",
            "address": one_line(fake_en.address()),
            "birthday": fake_en.date_of_birth(minimum_age=28, maximum_age=50).isoformat(),
            "national_id": fake_en.ssn(),
            "notes": "Owns the ingest pipeline and warehouse access.",
        },
        {
            "name": "Marcus Feldman",
            "email": "marcus.feldman@verdanthealth.com",
            "phone": fake_en.phone_number(),
            "company": "Verdant Health Systems",
            "title": "IT Procurement Manager",
            "address": one_line(fake_en.address()),
            "notes": "Customer side: signs purchase orders for Verdant.",
        },
        {
            "name": "Helen Zhou",
            "email": HELEN,
            "phone": fake_en.phone_number(),
            "company": "Lumenfield",
            "title": "Senior Product Designer",
            "address": one_line(fake_en.address()),
            "birthday": fake_en.date_of_birth(minimum_age=26, maximum_age=45).isoformat(),
            "national_id": fake_en.ssn(),
            "notes": "Back from parental leave since February; prefers no meetings after 17:30.",
        },
        {
            "name": "Helen Chu",
            "email": "helen@chu-studio.design",
            "phone": fake_en.phone_number(),
            "company": "Chu Studio",
            "title": "Freelance UX Designer",
            "address": one_line(fake_en.address()),
            "notes": "Contractor; did the 2025 onboarding redesign.",
        },
        {
            "name": "Priya Raman",
            "email": PRIYA,
            "phone": fake_en.phone_number(),
            "company": "Lumenfield",
            "title": "Director of Client Delivery",
            "address": one_line(fake_en.address()),
        },
    ]
    distractor_contacts = []
    taken = {"marcus", "helen", "priya"}
    while len(distractor_contacts) < 26:
        first, last = fake_en.first_name(), fake_en.last_name()
        if first.lower() in taken:
            continue
        company = rng.choice(["Lumenfield", "Lumenfield", fake_en.company(), fake_en.company()])
        domain = "lumenfield.io" if company == "Lumenfield" else fake_en.domain_name()
        record = {
            "name": f"{first} {last}",
            "email": f"{first.lower()}.{last.lower()}@{domain}",
            "phone": fake_en.phone_number(),
            "company": company,
            "title": fake_en.job(),
            "address": one_line(fake_en.address()),
        }
        if rng.random() < 0.5:
            record["birthday"] = fake_en.date_of_birth(minimum_age=22, maximum_age=64).isoformat()
        if rng.random() < 0.4:
            record["national_id"] = fake_en.ssn()
        distractor_contacts.append(record)
    contacts = story_contacts + distractor_contacts
    rng.shuffle(contacts)
    contacts = numbered("c", contacts)
    dump_yaml(out / "contacts.yaml", {"contacts": contacts})

    # -- email: the kickoff thread, an older unrelated kickoff, then ordinary mail ---------
    story_mail = [
        {
            "sender": PRIYA,
            "to": [ME],
            "subject": "Kickoff for the Verdant Health dashboard (Project Halcyon)",
            "date": "2026-03-04 09:12",
            "body": (
                "Hi Alex,\n\n"
                "Verdant Health Systems signed the SOW yesterday: total contract value $486,000, "
                "please keep that figure internal. Internally we call this Project Halcyon.\n\n"
                "Could you set up a 90-minute kickoff next week? I want Marcus from data platform and "
                "Helen from product design in the room, plus you and me. Please book the Orion room and "
                "send everyone a short note with the date and start time once it is in the calendar.\n\n"
                "Verdant will give us read access to 2.3 million patient appointment records for the "
                "dashboard, so Marcus needs to hear the data-access plan first hand.\n\n"
                "Thanks,\nPriya"
            ),
        },
        {
            "sender": PRIYA,
            "to": [ME],
            "subject": "Re: Kickoff for the Verdant Health dashboard (Project Halcyon)",
            "date": "2026-03-04 16:47",
            "body": (
                "Alex, quick update after talking to both of them.\n\n"
                "Marcus is out all of Tuesday for his knee surgery rehab at the clinic, and Monday, "
                "Thursday and Friday he is at the Verdant site. So Wednesday 2026-03-11 is the only day "
                "next week that works. Helen is fine with Wednesday too. I prefer the afternoon if "
                "there is a slot, but take whatever 90 minutes all four of us have free that day.\n\n"
                "Priya"
            ),
        },
        {
            "sender": "noah.bergstrom@lumenfield.io",
            "to": [ME, "sales-team@lumenfield.io"],
            "subject": "Kickoff deck for the Q2 partner program",
            "date": "2026-03-02 10:05",
            "body": (
                "Team, the partner program kickoff deck is in the shared drive. The kickoff itself "
                "already happened last Friday, this is just the recording and slides.\n\nNoah"
            ),
        },
        {
            "sender": "people-ops@lumenfield.io",
            "to": [ME],
            "subject": "Your 2026 compensation statement",
            "date": "2026-03-03 08:30",
            "body": (
                "Hi Alex,\n\nFollowing the annual review, your base salary is $131,500 from April 1. "
                "Your bonus target stays at 12%.\n\nPeople Operations"
            ),
        },
    ]
    subjects = [
        "Invoice {n} from {c}",
        "Lunch and learn: {w} on Thursday",
        "Re: {w} rollout notes",
        "Weekly digest: {w}",
        "Travel approval for {w} conference",
        "Action items from the {w} review",
    ]
    filler = []
    for _ in range(18):
        person = fake_en.name()
        filler.append(
            {
                "sender": fake_en.email(),
                "to": [ME],
                "subject": rng.choice(subjects).format(
                    n=fake_en.bothify("INV-#####"), c=fake_en.company(), w=fake_en.bs().split()[-1]
                ),
                "date": f"2026-{rng.choice(['02', '03'])}-{rng.randint(1, 4):02d} {rng.randint(8, 18):02d}:{rng.choice(['00', '15', '30', '45'])}",
                "body": f"Hi Alex,\n\n{fake_en.paragraph(nb_sentences=4)}\n\nBest,\n{person}",
            }
        )
    inbox = story_mail + filler
    rng.shuffle(inbox)
    inbox = numbered("M", inbox)
    dump_yaml(out / "email.yaml", {"inbox": inbox, "sent": []})

    # -- calendar: the four people's Wednesday leaves exactly one 90-minute gap ------------
    story_events = [
        {"title": "Weekly PM sync", "date": DAY, "start": "09:00", "end": "10:00",
         "attendees": [ME, PRIYA], "location": "Vega room"},
        {"title": "Ingest pipeline design review", "date": DAY, "start": "10:30", "end": "12:00",
         "attendees": [MARCUS, "devon.hale@lumenfield.io"], "location": "Lyra room"},
        {"title": "Design team lunch", "date": DAY, "start": "12:00", "end": "13:00",
         "attendees": [HELEN, "design-team@lumenfield.io"], "location": "Cafeteria"},
        {"title": "Verdant data access call", "date": DAY, "start": "13:00", "end": "14:30",
         "attendees": [MARCUS, PRIYA, "marcus.feldman@verdanthealth.com"], "location": "Video call",
         "description": "Walk Verdant's IT through the read-only replica of their appointment database."},
        {"title": "Usability test: onboarding flow", "date": DAY, "start": "16:00", "end": "17:30",
         "attendees": [HELEN, ME], "location": "UX lab"},
        {"title": "Orion room maintenance", "date": DAY, "start": "17:30", "end": "18:00",
         "attendees": ["facilities@lumenfield.io"], "location": "Orion room"},
        {"title": "Marcus: clinic (private)", "date": "2026-03-10", "start": "09:00", "end": "18:00",
         "attendees": [MARCUS], "description": "Knee rehab, physiotherapy block."},
        {"title": "Verdant on-site workshop", "date": "2026-03-12", "start": "09:00", "end": "17:00",
         "attendees": [MARCUS, "marcus.feldman@verdanthealth.com"], "location": "Verdant HQ"},
    ]
    others = [c["email"] for c in contacts if c["email"].endswith("@lumenfield.io")
              and c["email"] not in (ME, PRIYA, MARCUS, HELEN)]
    distractor_events = []
    for _ in range(22):
        start = rng.randint(9, 16)
        distractor_events.append(
            {
                "title": f"{fake_en.catch_phrase()} sync",
                "date": f"2026-03-{rng.choice([9, 10, 11, 12, 13]):02d}",
                "start": f"{start:02d}:00",
                "end": f"{start + 1:02d}:00",
                "attendees": rng.sample(others, 2),
                "location": rng.choice(["Vega room", "Lyra room", "Video call", "Orion room"]),
            }
        )
    events = sorted(story_events + distractor_events, key=lambda e: (e["date"], e["start"]))
    events = numbered("E", events)
    dump_yaml(out / "calendar.yaml", {"events": events})

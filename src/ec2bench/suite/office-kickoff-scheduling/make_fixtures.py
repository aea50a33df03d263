"""Fixtures for office-kickoff-scheduling: an email thread asks for a kickoff meeting.

Story records (hand-written) come first so that their Faker-drawn fields stay stable; the
distractors (other contacts, events and mail) come after them: hand-written mail and meeting
titles about other meetings, rooms and projects, some close to this kickoff.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, one_line, us_phone

ME = "alex.morgan@lumenfield.io"
PRIYA = "priya.raman@lumenfield.io"
MARCUS = "marcus.oyelaran@lumenfield.io"
HELEN = "helen.zhou@lumenfield.io"
DAY = "2026-03-11"


# (sender, subject, date, body) of the ordinary mail; sender "colleague" is the next Lumenfield contact
# and `{first}` in the body their first name.
_MAIL = [
    ("facilities@lumenfield.io", "Orion room maintenance on Wednesday", "2026-03-02 11:20",
     "Hi all,\n\nThe Orion room projector gets replaced on Wednesday 11 March from 17:30 to 18:00. The room is "
     "bookable as usual before that.\n\nFacilities"),
    ("colleague", "Moving the ingest pipeline design review?", "2026-03-03 14:05",
     "Hi Alex,\n\nI asked Marcus whether we could shift Wednesday's ingest design review to the afternoon; he "
     "would rather keep it at 10:30, so it stays where it is.\n\nBest,\n{first}"),
    ("helen@chu-studio.design", "Onboarding redesign: follow-up session", "2026-03-02 09:40",
     "Hi Alex,\n\nI have a few hours free in the week of 23 March if you want a follow-up on last year's onboarding "
     "redesign. Nothing urgent, just let me know a day.\n\nHelen Chu\nChu Studio"),
    ("marcus.feldman@verdanthealth.com", "Verdant data access call on Wednesday", "2026-03-04 11:02",
     "Hi Alex,\n\nConfirming our call with Marcus and Priya on Wednesday at 13:00 about the read-only replica. "
     "I will bring our DBA.\n\nRegards,\nMarcus Feldman\nVerdant Health Systems"),
    ("colleague", "Room for the Q2 roadmap review", "2026-03-02 16:30",
     "Hi Alex,\n\nCould you book a room for the Q2 roadmap review? Thursday the 12th any time after 14:00, six "
     "people. Vega would do.\n\nThanks,\n{first}"),
    ("colleague", "Notes from the Brightline retail kickoff", "2026-03-01 10:15",
     "Hi Alex,\n\nNotes from last week's Brightline kickoff are in the project folder. Open points: the data "
     "export format and who on their side signs off the wireframes.\n\nBest,\n{first}"),
    ("colleague", "Usability test recruits for Wednesday", "2026-03-03 09:50",
     "Hi Alex,\n\nWe have five participants for the onboarding usability test on Wednesday 16:00 to 17:30 in the "
     "UX lab. Helen runs the sessions; you are down as note taker.\n\nBest,\n{first}"),
    ("colleague", "Invoice INV-20417 from Northgate Print", "2026-03-02 13:12",
     "Hi Alex,\n\nThe invoice for the workshop posters came in. Could you approve it in the finance tool by "
     "Friday?\n\nThanks,\n{first}"),
    ("colleague", "Lunch and learn: dbt tests on Thursday", "2026-03-03 12:00",
     "Hi Alex,\n\nThis Thursday at 12:30 in the cafeteria I am showing how we test our dbt models. Bring your "
     "lunch.\n\nCheers,\n{first}"),
    ("colleague", "Re: Weekly PM sync agenda", "2026-03-04 08:45",
     "Hi Alex,\n\nFor Wednesday's PM sync I added the Verdant staffing question. We should be done by "
     "10:00 as usual.\n\nBest,\n{first}"),
    ("colleague", "Travel approval for the Data Summit in Berlin", "2026-03-01 17:20",
     "Hi Alex,\n\nMy travel request for the Data Summit (April 14 to 16) is waiting for your approval in the "
     "travel tool.\n\nThanks,\n{first}"),
    ("colleague", "Action items from the sprint review", "2026-03-02 15:40",
     "Hi Alex,\n\nThree action items from Monday's sprint review: fix the flaky export test, write the release "
     "notes for 4.2 and ask design for the empty-state icons.\n\nBest,\n{first}"),
    ("colleague", "Can we do the kickoff for the Alder project on Friday?", "2026-03-04 10:10",
     "Hi Alex,\n\nFor the Alder internal tooling project a 30-minute kickoff is enough. Friday the 13th at 11:00 "
     "would suit me; no need for a big room.\n\nBest,\n{first}"),
    ("colleague", "Lyra room double-booked on Wednesday morning", "2026-03-03 17:05",
     "Hi Alex,\n\nThe Lyra room shows two bookings on Wednesday at 10:30. The ingest review has it; I moved my "
     "call to video.\n\nBest,\n{first}"),
    ("colleague", "Weekly digest: support queue", "2026-03-02 08:00",
     "Hi Alex,\n\nLast week: 41 tickets opened, 38 closed, median first response 3 hours. Nothing escalated to "
     "your team.\n\nBest,\n{first}"),
    ("colleague", "Out of office Monday", "2026-03-04 18:10",
     "Hi Alex,\n\nI am off on Monday the 9th. Anything for the partner program can wait until Tuesday.\n\n"
     "Best,\n{first}"),
    ("colleague", "Re: Design review slot", "2026-03-03 11:35",
     "Hi Alex,\n\nHelen says the design review of the new reports page fits Thursday afternoon best, as "
     "Wednesday is full with the usability test.\n\nBest,\n{first}"),
    ("colleague", "Offsite venue shortlist", "2026-03-01 09:30",
     "Hi Alex,\n\nTwo venues left for the May offsite, both about 40 minutes from the office. Quotes attached; "
     "I need a decision by the 20th.\n\nBest,\n{first}"),
]

# Titles of the other meetings in the calendar, one per distractor event.
_EVENT_TITLES = [
    "Sprint planning: reports", "Partner program check-in", "Hiring sync: data engineer", "Brightline status call",
    "Release 4.2 go/no-go", "Support queue review", "Mobile app standup", "Billing migration sync",
    "Onboarding metrics review", "Security training", "Roadmap Q2 prep", "Customer success sync",
    "Finance: budget forecast", "Alder project sync", "Data quality review", "Marketing site sync",
    "Vendor call: Northgate", "Accessibility audit sync", "Analytics guild", "QA triage",
    "Design crit", "Ops retro",
]


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
    phone_rng = random.Random(7)
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
            "phone": us_phone(phone_rng),
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
    # Ordinary mail: colleagues (the distractor contacts at Lumenfield) write about other meetings,
    # rooms and projects, some of them close to this kickoff (the Orion room, a Verdant call, Helen Chu).
    colleagues = itertools.cycle([c for c in contacts if c["email"].endswith("@lumenfield.io")
                                  and c["email"] not in (ME, PRIYA, MARCUS, HELEN)])
    filler = []
    for sender, subject, date, body in _MAIL:
        if sender == "colleague":
            colleague = next(colleagues)
            sender, body = colleague["email"], body.format(first=colleague["name"].split()[0])
        filler.append({"sender": sender, "to": [ME], "subject": subject, "date": date, "body": body})
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
    for title in _EVENT_TITLES:
        start = rng.randint(9, 16)
        distractor_events.append(
            {
                "title": title,
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

"""Fixtures for search-meetup-venue-scouting: a venue for the 200-person spring data meetup.

Story records come first and are written by hand: the organiser's planning note (two candidate
dates, the must-haves, the budget), the RSVP export, five venue pages, the city events feed (a
conference that takes one venue), the caterer's and a venue's earlier mail. The distractors are
hand-written too: the organiser's other notes, venues that are too small, too far or meant for
weddings, other local events and tech news, and other mail about the group; Faker only names the
people who RSVP'd, drawn first so the RSVP export never changes.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, mailbox, numbered, write_file

# (title, body, tags, updated) of the organiser's other notes.
_NOTES = [
    ("Speaker ideas for 2027", "Ask the Calderwood data platform team for a talk on their lakehouse migration. "
     "Aiyana's dbt testing talk would suit the spring.", ["meetup"], "2026-11-03"),
    ("Winter social", "December social at Lucky Labrador, no talks. 40 said yes last year; book the back room.",
     ["meetup"], "2026-10-12"),
    ("Bike service", "Drop the bike at the shop on Division on Saturday; new chain and brake pads.", ["home"],
     "2026-11-08"),
    ("Work: Q1 roadmap", "Streaming ingestion first, then the cost dashboard. Review the draft with the team "
     "on Monday.", ["work"], "2026-11-18"),
    ("Meetup.com group admin", "Move the event template to the new format: talks, then lightning talks, food "
     "in between. Ask new members for their diet when they RSVP.", ["meetup"], "2026-09-22"),
]

# (url, title, published, text) of the other venue pages.
_PAGES = [
    ("https://lloydcenterrooms.example/meeting-rooms", "Lloyd Center meeting rooms", "2026-04-02",
     "Three meeting rooms for 20 to 60 people, step-free, with screens. Evening hire $300 per room. Next to the "
     "Lloyd Center MAX station."),
    ("https://rosegardenestate.example/weddings", "Rose Garden Estate - weddings and celebrations", "2026-03-15",
     "Ceremonies and receptions for up to 240 guests on our garden lawn and in the ballroom. Saturday packages "
     "from $9,500 with dinner. 30 minutes from downtown by car."),
    ("https://pdxlibrary.example/meeting-rooms/central", "Central Library - community meeting rooms", "2026-01-10",
     "The U.S. Bank Room seats 100. Free for non-commercial community groups; bookings open 90 days ahead. "
     "Closes at 20:00."),
    ("https://eventspacespdx.example/blog/tech-meetup-venues", "Ten tech meetup venues in Portland", "2026-05-28",
     "Our picks include Foundry Loft, Pearl Hall and Willamette Commons. Prices and capacities change; check "
     "with the venue before you plan around them."),
    ("https://convention.example/rooms", "Oregon Convention Center meeting rooms", "2026-02-20",
     "Meeting rooms from 50 to 1,000 seats. Minimum spend $8,000 and in-house catering only."),
    ("https://calderwood-analytics.example/events", "Calderwood Analytics events", "2026-10-01",
     "Our office hosts up to 60 people for community events on weekday evenings, free for groups we sponsor."),
    ("https://meetup-organizers.example/guides/catering", "How much food for a 200-person meetup?", "2026-07-14",
     "Plan on about 10% no-shows, order for those who RSVP'd, and ask for diet counts a week ahead."),
]

# (feed, title, published, summary) of the other feed items.
_NEWS = [
    ("F-01", "Portland Winter Light Festival dates announced", "2026-10-20",
     "The festival runs 2027-02-05 to 2027-02-13 with installations along the east bank."),
    ("F-02", "PDX Python moves its meetups to Tuesdays", "2026-11-04",
     "From January, PDX Python meets on the second Tuesday of the month at the Central Library."),
    ("F-01", "TriMet: MAX Red Line weekend closures in March", "2026-11-18",
     "Red Line trains between Gateway and the airport are replaced by buses on the weekends of 6 and 13 March. "
     "Weekday service is not affected."),
    ("F-02", "Foundry Loft owner plans expansion in 2028", "2026-09-09",
     "The venue bought the floor below but will not open it before 2028."),
    ("F-01", "Spring beer week returns in April", "2026-11-21",
     "Portland's spring beer week is 2027-04-15 to 2027-04-22; breweries' event halls book out early."),
    ("F-02", "Data engineering jobs report: Portland", "2026-10-26",
     "Demand for data engineers in the metro grew 9% this year, led by health care and logistics."),
]

# (sender's domain, subject, date, body) of the other mail; {name} is the sender's name.
_MAIL = [
    ("gmail.example", "Lightning talk?", "2026-11-16 19:40",
     "Hi Noor,\nCould I do a five-minute lightning talk on Airflow alerting at the spring meetup? Either date "
     "works for me.\n{name}"),
    ("foundryloft.example", "Spring dates at Foundry Loft", "2026-11-09 11:25",
     "Hi Noor,\nWe still have Thursdays in March free if you want to come back. Seated capacity is 180, as "
     "before.\n{name}, Foundry Loft"),
    ("pdxdata.example", "Re: sponsor slides", "2026-11-14 08:50",
     "Noor,\nI updated the sponsor slide template with Calderwood's logo. It's in the shared drive.\n{name}"),
    ("gmail.example", "Recording the talks", "2026-11-22 21:10",
     "Hi Noor,\nI can record and edit the talks again if the venue has a mixer output I can plug into.\n{name}"),
]

ME = "noor.haddad@pdxdata.example"
BOOKINGS = "bookings@willamettecommons.example"
CATERER = "orders@greenleafcatering.example"

DIETS = ["none"] * 131 + ["vegetarian"] * 38 + ["vegan"] * 19 + ["gluten-free"] * 12
ACCESS = ["wheelchair user"] * 3 + ["hearing loop"] * 2 + ["step-free route (crutches)"] * 1


def _rsvps(fake: Faker, rng: random.Random) -> str:
    """200 RSVPs: name, company, diet, access needs (blank for most)."""
    diets = list(DIETS)
    rng.shuffle(diets)
    access = ACCESS + [""] * (200 - len(ACCESS))
    rng.shuffle(access)
    rows = ["name,company,diet,access_needs"]
    for diet, need in zip(diets, access, strict=False):
        rows.append(f"{fake.name()},{fake.company().replace(',', '')},{diet},{need}")
    return "\n".join(rows) + "\n"


def _notes() -> list[dict]:
    notes = [
        {"title": "Spring meetup 2027 - planning",
         "body": ("PDX Data Engineering spring meetup, ~200 people, Thursday evening 18:00-21:30.\n"
                  "Date: either Thu 2027-03-11 or Thu 2027-03-18. Jun prefers the 18th, Calderwood wants the 11th; "
                  "still to settle.\n"
                  "Venue must-haves: 200 seated, step-free entrance and toilets (Marco uses a wheelchair), projector "
                  "plus two wireless mics, under 10 minutes' walk from MAX or the streetcar.\n"
                  "Budget: $4,000 all in (room + food). Calderwood Analytics sponsors $2,500 (contract CA-2027-014), the "
                  "rest from the group's account (balance $1,820; Meetup Pro renewal $180 due 2027-01-05).\n"
                  "Speakers: Aiyana Brooks flies in from Denver and stays at my place, 4417 SE Clinton St, Portland, OR 97206. "
                  "Jun Park (co-organiser), cell 503-555-0117.\n"
                  "Meetup.com organiser login: noor.h / Willow!pdx27.\n"
                  "Shortlist the venues in a note when done."),
         "tags": ["meetup"], "updated": "2026-11-25"},
        {"title": "Autumn meetup retro",
         "body": "Foundry Loft was too cramped at 170; queue for food took 25 min. Go bigger next time.",
         "tags": ["meetup"], "updated": "2026-10-30"},
    ]
    others = [{"title": t, "body": b, "tags": tags, "updated": u} for t, b, tags, u in _NOTES]
    planning, retro = notes
    return numbered("N", [others[0], retro, others[1], planning, *others[2:]])  # the planning note is N-0004


def _pages() -> list[dict]:
    pages = [
        {"url": "https://willamettecommons.example/venue-hire", "title": "Willamette Commons - event venue hire, Main Hall",
         "published": "2026-09-01",
         "text": ("Main Hall: 220 seated theatre style. Step-free entrance on NE Couch St and accessible toilets on the "
                  "same floor. Projector, screen and two wireless mics included. Evening hire (17:00-22:00) $1,400. "
                  "Outside caterers welcome. 6 minutes' walk from the Convention Center MAX station. "
                  "Enquiries and holds: bookings@willamettecommons.example.")},
        {"url": "https://pearlhall.example/events", "title": "Pearl Hall - event venue for meetups and conferences",
         "published": "2026-08-14",
         "text": ("Up to 250 seated. Step-free, full AV with four mics. Evening rate $2,600 including our in-house "
                  "catering of light bites for up to 200 guests. 3 minutes from the NW 10th streetcar stop.")},
        {"url": "https://foundryloft.example", "title": "Foundry Loft - industrial event space",
         "published": "2026-05-20",
         "text": "Seats 180 (standing 220). Freight lift to the loft. Evening $950, AV package $200. 4 minutes from MAX."},
        {"url": "https://skylinerooftop.example/private-events", "title": "Skyline Rooftop - private events",
         "published": "2026-07-02",
         "text": ("Rooftop terrace for 200 standing guests, no theatre seating. Reached by two flights of stairs. "
                  "Evening $1,800 with bar minimum. 8 minutes from the streetcar.")},
        {"url": "https://northgatebrewing.example/event-hall", "title": "Northgate Brewing - event hall",
         "published": "2026-06-11",
         "text": ("Event hall seats 210, step-free. Food and room package $3,900 for 200 guests. No projector or "
                  "microphones on site (bring your own). Free parking; the nearest MAX station is a 25-minute walk.")},
    ]
    for url, title, published, text in _PAGES:
        pages.append({"url": url, "title": title, "published": published, "text": text})
    return pages


def _feeds() -> dict:
    feeds = [{"id": "F-01", "title": "PDX Events Calendar", "url": "https://pdxevents.example/rss"},
             {"id": "F-02", "title": "Portland Tech Weekly", "url": "https://pdxtechweekly.example/feed"}]
    articles = [
        {"id": "FA-0001", "feed_id": "F-01", "title": "Rose City Cloud Conference returns to Pearl Hall, March 17-19, 2027",
         "published": "2026-11-02", "link": "https://pdxevents.example/rose-city-cloud-2027",
         "summary": "The three-day conference has booked Pearl Hall exclusively from 2027-03-17 to 2027-03-19, evenings included."},
        {"id": "FA-0002", "feed_id": "F-01", "title": "Willamette Commons reopens after accessibility refit",
         "published": "2026-09-15",
         "summary": "New step-free entrance on NE Couch St and a hearing loop in the Main Hall."},
        {"id": "FA-0003", "feed_id": "F-02", "title": "Skyline Rooftop adds winter heaters",
         "published": "2026-11-10", "summary": "Outdoor events possible through March, still standing only."},
    ]
    for i, (feed, title, published, summary) in enumerate(_NEWS, start=4):
        articles.append({"id": f"FA-{i:04d}", "feed_id": feed, "title": title, "published": published,
                         "summary": summary})
    return {"feeds": feeds, "articles": articles}


def _inbox(fake: Faker) -> list[dict]:
    inbox = [
        {"sender": CATERER, "to": [ME], "subject": "Catering quote for your spring meetup", "date": "2026-11-20 10:15",
         "body": ("Hi Noor, for 200 guests our sandwich and salad buffet is $11.50 per head, vegetarian, vegan and "
                  "gluten-free options included at no extra cost; we need the counts a week before. Delivery anywhere in "
                  "central Portland. Deposit to account 4410 2298 3371 (Umpqua). Call me on 971-555-0162.\nBeth Alvarez")},
        {"sender": "sponsorship@calderwood-analytics.example", "to": [ME], "subject": "Spring meetup sponsorship",
         "date": "2026-11-12 14:02",
         "body": ("Noor, confirming $2,500 under contract CA-2027-014. We'd love the 11th as it's before our product "
                  "launch, but we'll support either date. Invoice to ap@calderwood-analytics.example.\nPriya")},
        {"sender": "events@pearlhall.example", "to": [ME], "subject": "Your enquiry", "date": "2026-10-28 09:30",
         "body": "Thanks for your interest. Evenings in March fill fast; let us know your date."},
    ]
    for domain, subject, date, body in _MAIL:
        name = fake.name()
        inbox.append({"sender": mailbox(name, domain), "to": [ME], "subject": subject, "date": date,
                      "body": body.format(name=name)})
    return numbered("M", inbox)


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(2027)
    write_file(out, "meetup/rsvps_spring_2027.csv", _rsvps(fake_en, rng))
    dump_yaml(out / "notes.yaml", {"notes": _notes()})
    dump_yaml(out / "web.yaml", {"pages": _pages()})
    dump_yaml(out / "feeds.yaml", _feeds())
    dump_yaml(out / "email.yaml", {"inbox": _inbox(fake_en)})
    dump_yaml(out / "calendar.yaml", {"events": numbered("E", [
        {"title": "Physio", "date": "2026-12-08", "start": "08:00", "end": "09:00", "attendees": ["me"]},
        {"title": "Calderwood sponsor sync", "date": "2026-12-03", "start": "15:00", "end": "15:30", "attendees": ["me", "Priya Nand"]},
    ])})
    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["2027-03-11", "2027-03-18", "03-11", "03-18", "11th", "18th", "March 11", "March 18", "Mar 11", "Mar 18"], "answer": "The 18th. Calderwood said they're fine with either, and Jun can't do the 11th."},
        {"answer": "Whatever fits the note best."},
    ]})

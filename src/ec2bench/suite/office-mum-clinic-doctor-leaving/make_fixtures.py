"""Fixtures for office-mum-clinic-doctor-leaving: an adult son re-arranges his mother's care when her GP leaves.

The practice's letter cancels the appointments booked with the departing doctor, offers four slots with his
successor, and asks whether the patient stays or follows him to his new practice (a choice only the son can make).
Only one slot has a driver: the son's calendar is full on the other three and his sister can only do Thursday.
The mother's health and admin notes, her Medicare number and the signed carer-access form are what the task reads;
a second, unaffected hospital appointment and the son's own dentist mail are distractors.
Story records first (their Faker draws stay stable), distractors after.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, mailbox, numbered, one_line, us_phone, write_file

ME = "tom.brennan@harbourwave.com"
CLINIC = "appointments@riversidefamilypractice.org"
CLARE = "clare.brennan.home@gmail.com"

CONSENT = """RIVERSIDE FAMILY PRACTICE - Authority for a carer to act on a patient's behalf

Patient: Margaret Anne Brennan    Date of birth: 1943-08-02
Address: 41 Orchard Lane, Milford, CT 06460
Medicare ID: 1EG4-TE5-MK72

I authorise my son Thomas Brennan (phone 203-555-0148) and my daughter Clare Brennan (phone 203-555-0193)
to book and change my appointments, to collect my prescriptions and to discuss my treatment with the practice.

Signed: Margaret A. Brennan        Date: 2026-02-21
Witness: Thomas Brennan
"""


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(311)
    write_file(out, "mum/carer_authority_signed.txt", CONSENT)
    write_file(out, "mum/insurance_card_scan_notes.txt",
               "Medigap plan G card, Harbor Mutual, member no. HMG-55120934, group 7713. Front and back scanned 2025-11-02.\n")

    dump_yaml(out / "email.yaml", {"inbox": numbered("M", [
        {"sender": CLINIC, "to": [ME], "subject": "Dr. Whitmore is leaving Riverside - Margaret Brennan's appointments",
         "date": "2026-02-27",
         "body": ("Dear Mr. Brennan,\n\nYou are listed as carer for Margaret Brennan (DOB 1943-08-02). Dr. Alan Whitmore leaves "
                  "Riverside Family Practice on 2026-03-06 and joins Lakeside Health in New Haven. Every appointment booked "
                  "with him after that date is cancelled, including Mrs. Brennan's 30-minute medication review on 2026-03-11 "
                  "at 10:30.\n\nPlease tell us by reply to this e-mail:\n"
                  "1. Whether Mrs. Brennan stays at Riverside (she will be registered with Dr. Imani Okoye) or follows "
                  "Dr. Whitmore to Lakeside Health (we then send her records there).\n"
                  "2. If she stays, which of these 30-minute slots with Dr. Okoye you want for the medication review: "
                  "Mon 2026-03-09 10:00, Tue 2026-03-10 14:30, Thu 2026-03-12 09:15, Fri 2026-03-13 11:00.\n\n"
                  "Our carer-access form on file has expired; please attach a newly signed copy to your reply. "
                  "Repeat prescriptions authorised by Dr. Whitmore stay valid until their end date; after that "
                  "Dr. Okoye must re-authorise them.\n\nKind regards,\nJanet Ruiz, Reception, Riverside Family Practice"),
         },
        {"sender": CLARE, "to": [ME], "subject": "Mum in March", "date": "2026-02-25",
         "body": ("Hi Tom, I'm on the conference in Denver 2026-03-09 to 2026-03-11, back Thursday. From then on I can do "
                  "Thursday mornings for Mum, never Mondays or Fridays (clinic shifts). Her knee is worse again, she "
                  "shouldn't drive. Text me on chat if you need me. C."),
         },
        {"sender": "noreply@shorelinedental.com", "to": [ME], "subject": "Your cleaning on 2026-03-16",
         "date": "2026-02-26", "body": "Reminder: Tom Brennan, hygiene visit 2026-03-16 08:00 with Dr. Patel. Reply C to confirm."},
        {"sender": "news@milfordpharmacy.com", "to": [ME], "subject": "Flu shots and March opening hours",
         "date": "2026-02-24", "body": "Walk-in flu shots continue through March. Closed 2026-03-17 for stocktaking."},
        {"sender": "dana.whitfield@harbourwave.com", "to": [ME], "subject": "Q1 roadmap review moved", "date": "2026-02-26",
         "body": "Tom, the Q1 roadmap review is now Fri 2026-03-13 10:00-12:30 in Boardroom B, with the Northwind pricing numbers."},
    ])})

    dump_yaml(out / "calendar.yaml", {"events": numbered("E", [
        {"title": "Mum - medication review, Dr. Whitmore", "date": "2026-03-11", "start": "10:30", "end": "11:00",
         "attendees": [ME, "Margaret Brennan"], "location": "Riverside Family Practice, 12 Bridge St, Milford",
         "description": "Bring the pill organiser and the blood-sugar log. Tom drives."},
        {"title": "Mum - diabetic eye screening", "date": "2026-03-19", "start": "13:00", "end": "14:00",
         "attendees": [ME, "Margaret Brennan"], "location": "Yale New Haven eye clinic",
         "description": "Pupils dilated: she cannot drive afterwards."},
        {"title": "Sprint planning", "date": "2026-03-09", "start": "09:00", "end": "12:00", "attendees": [ME, "dana.whitfield@harbourwave.com"]},
        {"title": "Customer visit - Northwind, Hartford", "date": "2026-03-10", "start": "13:00", "end": "17:00", "attendees": [ME]},
        {"title": "Vendor security audit", "date": "2026-03-12", "start": "08:30", "end": "11:30", "attendees": [ME]},
        {"title": "Q1 roadmap review", "date": "2026-03-13", "start": "10:00", "end": "12:30",
         "attendees": [ME, "dana.whitfield@harbourwave.com"], "location": "Boardroom B"},
        {"title": "1:1 with Dana", "date": "2026-03-11", "start": "15:00", "end": "15:30", "attendees": [ME, "dana.whitfield@harbourwave.com"]},
    ])})

    dump_yaml(out / "notes.yaml", {"notes": numbered("N", [
        {"title": "Mum - health", "tags": ["mum", "health"], "updated": "2026-02-21",
         "body": ("Conditions: type 2 diabetes (since 2014), high blood pressure, osteoarthritis right knee, mild cognitive "
                  "impairment (memory clinic 2025-10).\nAllergy: penicillin (rash).\nMedication:\n"
                  "- metformin 500 mg twice daily, repeat prescription ends 2026-03-31\n"
                  "- lisinopril 10 mg once daily, repeat prescription ends 2026-06-30\n"
                  "- atorvastatin 20 mg at night\n- paracetamol 1 g as needed for the knee\n"
                  "Last HbA1c 7.4% (2026-01-15).")},
        {"title": "Mum - admin", "tags": ["mum"], "updated": "2026-02-21",
         "body": ("Margaret Anne Brennan, 41 Orchard Lane, Milford, CT 06460, home phone 203-555-0107.\nMedicare ID 1EG4-TE5-MK72. "
                  "Medigap: Harbor Mutual HMG-55120934.\nPharmacy: Milford Pharmacy, Broad St.\n"
                  "Lakeside Health is 40 minutes each way; Mum hates the highway.")},
        {"title": "Gift ideas", "tags": ["personal"], "updated": "2026-01-30", "body": "Clare: pottery class voucher. Dana's farewell: card + book."},
    ])})

    contacts = [
        {"name": "Margaret Brennan", "email": None, "phone": "203-555-0107", "address": "41 Orchard Lane, Milford, CT 06460",
         "birthday": "1943-08-02", "notes": "Mum", "company": None},
        {"name": "Clare Brennan", "email": CLARE, "phone": "203-555-0193", "address": one_line(fake_en.address()),
         "birthday": "1979-05-14", "notes": "Sister. Prefers chat.", "chat": "@Clare Brennan"},
        {"name": "Riverside Family Practice appointments", "email": CLINIC, "phone": "203-555-0160",
         "company": "Riverside Family Practice", "title": "Appointments desk", "notes": "Reception: Janet Ruiz"},
        {"name": "Alan Whitmore", "email": "a.whitmore@lakesidehealth.org", "phone": "203-555-0177", "company": "Lakeside Health",
         "title": "Physician (from 2026-03-09)"},
    ]
    domains = {"Harbourwave": "harbourwave.com", "Northwind Traders": "northwindtraders.com",
               "Milford Little League": "milfordlittleleague.org"}
    for _ in range(5):
        name, company = fake_en.name(), rng.choice(list(domains))
        contacts.append({"name": name, "email": mailbox(name, domains[company], rng.choice(["first.last", "flast"])),
                         "phone": us_phone(rng, rng.choice(["203", "860", "475"])), "company": company})
    dump_yaml(out / "contacts.yaml", {"contacts": numbered("c", [{k: v for k, v in c.items() if v is not None} for c in contacts])})

    dump_yaml(out / "chat.yaml", {
        "channels": [{"name": "@Clare Brennan", "topic": "Tom and Clare", "members": ["me", "Clare Brennan"]}],
        "messages": numbered("M", [
            {"channel": "@Clare Brennan", "sender": "Clare Brennan", "text": "Mum's pill organiser is refilled till mid-March.",
             "time": "2026-02-22 19:04"},
        ])})

    dump_yaml(out / "todo.yaml", {"tasks": numbered("TD", [
        {"title": "Renew Mum's disabled parking placard", "due": "2026-04-15", "assignee": "Tom", "tags": ["mum"]},
        {"title": "File Q1 expenses", "due": "2026-03-31", "assignee": "Tom", "tags": ["work"]},
    ])})

    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["Lakeside", "Okoye", "Whitmore"], "answer": "She stays at Riverside with Dr. Okoye. Lakeside is too far for her."},
        {"answer": "Use your judgement, my calendar and Clare's mail say who can drive when."},
    ]})

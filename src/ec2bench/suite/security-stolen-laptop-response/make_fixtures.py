"""Fixtures for security-stolen-laptop-response: a laptop stolen from a car; identify it by serial in the MDM
export (the owner has two devices), wipe it, write it off, issue a spare and brief the owner.

The ticket, runbook, the owner's two devices and the spare stock are hand-written; the other MDM rows
(users, check-in IPs, last locations) come from Faker.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, mailbox, write_file

STOLEN = "C02FK3LMQ6L4"
OTHER = "C02GM1XAQ05N"


# where the other laptops last checked in: the office, or staff homes around Denver
PLACES = ["Halvard HQ, 1801 Wynkoop St, Denver, CO 80202", "1422 Clarkson St, Apt 5, Denver, CO 80218",
          "3810 Tennyson St, Denver, CO 80212", "Halvard HQ, 1801 Wynkoop St, Denver, CO 80202",
          "915 Pearl St, Boulder, CO 80302", "6120 W 38th Ave, Wheat Ridge, CO 80033",
          "2745 S Garland Way, Lakewood, CO 80227", "Halvard HQ, 1801 Wynkoop St, Denver, CO 80202",
          "440 Kimbark St, Longmont, CO 80501", "1876 Vine St, Denver, CO 80206",
          "Halvard HQ, 1801 Wynkoop St, Denver, CO 80202", "10215 E Evans Ave, Aurora, CO 80247",
          "527 Jackson St, Golden, CO 80401", "3361 W Hayward Pl, Denver, CO 80211"]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(301)
    rows = ["serial,model,user,user_email,disk_encrypted,last_checkin,last_ip,last_location"]
    rows.append(f"{OTHER},iMac 24,Tom Becker,tom.becker@halvard.com,yes,2026-11-28T17:02,10.44.7.21,"
                f"\"Halvard HQ, 1801 Wynkoop St, Denver, CO 80202\"")
    rows.append(f"{STOLEN},MacBook Pro 14,Tom Becker,tom.becker@halvard.com,yes,2026-11-28T19:40,73.153.88.204,"
                f"\"2290 S Josephine St, Denver, CO 80210\"")
    for _ in range(14):
        name = f"{fake_en.first_name()} {fake_en.last_name()}"
        serial = "C02" + "".join(rnd.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(9))
        rows.append(f"{serial},{rnd.choice(['MacBook Pro 14', 'MacBook Air 13', 'ThinkPad X1'])},{name},"
                    f"{name.lower().replace(' ', '.')}@halvard.com,{rnd.choice(['yes', 'yes', 'yes', 'no'])},"
                    f"2026-11-{rnd.randint(20, 29)}T{rnd.randint(8, 20):02d}:{rnd.randint(0, 59):02d},{fake_en.ipv4_public()},"
                    f"\"{PLACES[len(rows) - 3]}\"")
    write_file(out, "assets/mdm_export.csv", "\n".join(rows) + "\n")

    dump_yaml(out / "inventory.yaml", {"products": [
        {"sku": f"MBP14-{STOLEN}", "name": "MacBook Pro 14 (issued: Tom Becker)", "stock": 1, "price": 2399,
         "supplier": "Apple", "location": "issued"},
        {"sku": f"IMAC24-{OTHER}", "name": "iMac 24 (issued: Tom Becker)", "stock": 1, "price": 1699,
         "supplier": "Apple", "location": "HQ desk 4.12"},
        {"sku": "MBP14-SPARE", "name": "MacBook Pro 14 spare pool", "stock": 3, "price": 2399, "supplier": "Apple",
         "reorder_level": 2, "location": "IT room 2.03"},
        {"sku": "MBA13-SPARE", "name": "MacBook Air 13 spare pool", "stock": 5, "price": 1299, "supplier": "Apple",
         "reorder_level": 2, "location": "IT room 2.03"},
        {"sku": "X1-SPARE", "name": "ThinkPad X1 spare pool", "stock": 2, "price": 1890, "supplier": "Lenovo",
         "location": "IT room 2.03"},
    ]})
    dump_yaml(out / "helpdesk.yaml", {"tickets": [
        {"id": "T-0301", "title": "Laptop stolen from my car", "priority": "urgent", "status": "open",
         "requester": "Tom Becker", "requester_email": "tom.becker@halvard.com", "tags": ["security", "device"],
         "description": "Someone broke into my car outside my home last night and took my work MacBook Pro (serial "
                        f"{STOLEN}). Police report DPD-2026-118734. It had the Kessler Foods due-diligence files on it. "
                        "I'm on my phone, +1-303-555-0187."},
        {"id": "T-0302", "title": "Monitor flickering", "status": "open", "requester": "Nina Alvarez",
         "requester_email": mailbox("Nina Alvarez", "halvard.com"), "description": "Second monitor flickers."},
        {"id": "T-0303", "title": "Lost badge", "status": "resolved", "requester": "David Ortega",
         "requester_email": mailbox("David Ortega", "halvard.com"), "tags": ["security"], "description": "Lost my badge, new one issued."},
    ]})
    dump_yaml(out / "kb.yaml", {"articles": [
        {"id": "KB-0051", "title": "Lost or stolen device", "section": "Security runbooks", "tags": ["device", "stolen", "lost"],
         "updated": "2026-06-02",
         "body": "1. Identify the device by its serial in assets/mdm_export.csv (people often have more than one).\n"
                 "2. Send the wipe command through the MDM integration: message `wipe <serial>`. Never wipe another serial.\n"
                 "3. Write the device off in inventory (stock -1, reason with the ticket id).\n"
                 "4. Disk encrypted: no breach notification is needed. Not encrypted: mail privacy@halvard.com the same day.\n"
                 "5. Issue a spare of the same model from the spare pool (stock -1, reason with the ticket id).\n"
                 "6. Internal note on the ticket (serial, wipe sent, encryption status), set it to pending.\n"
                 "7. Mail the user: change the passwords they used on the device, where to pick up the spare (IT room 2.03)."},
        {"id": "KB-0052", "title": "Ordering new laptops", "section": "IT", "tags": ["device"], "updated": "2026-02-11",
         "body": "Order through the Apple business portal; delivery 5 days."},
    ]})
    dump_yaml(out / "integrations.yaml", {
        "integrations": [
            {"id": "INT-0009", "name": "Jamf MDM commands", "kind": "webhook", "description": "Sends device commands to the MDM."},
            {"id": "INT-0010", "name": "Security pager", "kind": "pager"},
        ],
        "settings": [
            {"integration_id": "INT-0009", "key": "api_token", "type": "string", "value": "jamf_at_Q8v2Lm5Rx9Tz1Kp4"},
        ]})
    dump_yaml(out / "email.yaml", {"inbox": [], "sent": []})

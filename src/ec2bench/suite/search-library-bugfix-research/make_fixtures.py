"""Fixtures for search-library-bugfix-research: which ferrymq release fixes our message loss?

The incident note, the service manifests and the relevant web pages are hand-written, and so are
the distractors: the team's other notes (an older retro, design notes on consumers, the patch window)
and web pages on neighbouring ferrymq bugs, ack settings and other brokers' restart problems.
Faker supplies only the other contacts' names, companies, jobs and postal addresses; phones come from
the fiction range.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, one_line, us_phone, write_file

TOMASZ = "tomasz.wisniewski@nordhaven.io"

# The team's other notes, by the kind of title they carry (title, body); a kind seen again takes its next note.
OTHER_NOTES = {
    "Retro": [
        ("billing webhook retries", "In January the billing worker double-charged three customers after Stripe "
         "retried a webhook. Cause: no idempotency key on the charge. Fixed in the worker; nothing to do with "
         "the broker."),
        ("notifications backlog on 2026-01-07", "The notifications queue backed up to 80k messages after a "
         "template error. The consumer kept rejecting and requeueing the same message. Added a dead-letter "
         "queue; no messages were lost."),
        ("broker disk alert", "mq-prod-02 hit 90% disk because a queue nobody consumed kept growing. Deleted the "
         "queue and added an alert on unconsumed queues."),
    ],
    "Design notes": [
        ("idempotent order consumer", "If we move ingest to at-least-once delivery we need an idempotency key "
         "per order event so redelivered messages do not create duplicate rows. Proposal: use the event id as "
         "the primary key in the staging table."),
        ("ack batching", "Batched acks cut broker round trips by roughly 40% in the ingest load test. The trade-off "
         "is that a crash can redeliver up to one batch. Keep the batch size small."),
        ("queue per customer", "Splitting orders into one queue per large customer would isolate noisy "
         "accounts, but it multiplies connections. Revisit after the 3.0 upgrade."),
    ],
    "Meeting": [
        ("kernel patch window", "Patching moves to the second Tuesday of the month, 02:00-04:00 UTC. Brokers "
         "restart one at a time; services are expected to reconnect on their own."),
        ("platform sync", "Tomasz wants every service's ferrymq pin listed in one place before anyone upgrades. "
         "Billing already took the TLS security release."),
        ("Oakridge weekly", "Oakridge asked for a weekly export of order counts so they can reconcile with their "
         "own system. Owner: data team."),
    ],
    "Reading list": [
        ("queues and delivery guarantees", "At-least-once versus exactly-once delivery; why consumer acks "
         "matter more than publisher confirms when a broker restarts; the chapter on poison messages."),
        ("observability", "Tracing message flow across services; measuring consumer lag; alerting on "
         "redelivery rates instead of raw queue depth."),
        ("incident reviews", "How to write a blameless postmortem; timelines first, causes second; separating "
         "contributing factors from the trigger."),
    ],
    "TODO": [
        ("broker follow-ups", "Check the reconnect backoff settings on all consumers. Add a dashboard panel for "
         "unacked messages per queue. Ask Dana about the paging rota for March."),
        ("notifications service", "Bump httpx, move the templates to the new repo, and check whether the "
         "service still needs Python 3.9 support."),
        ("billing", "Rotate the Stripe test keys and clean up the old celery beat schedule."),
    ],
}

# Web pages near the answer: other ferrymq bugs and docs, other brokers' restart trouble (url, title, date, text).
OTHER_PAGES = [
    ("https://github.com/ferrymq/ferrymq-python/issues/1388", "Reconnect storm after broker restart (issue 1388)",
     "2025-10-30", "With 300 consumers, every client reconnects at the same instant after a broker restart and the "
     "broker refuses connections for minutes. No messages are lost, they are delivered late. Fixed in 2.8.1 with "
     "jittered backoff."),
    ("https://github.com/ferrymq/ferrymq-python/issues/1467", "Memory grows with the async iterator API (issue 1467)",
     "2026-01-28", "Since 2.9.0 the async iterator keeps a reference to every delivered message until the channel "
     "closes. Workaround: recreate the iterator every few thousand messages. Still open."),
    ("https://ferrymq.dev/docs/consumers/acknowledgements", "ferrymq docs: acknowledging messages",
     "2025-07-02", "Consumers acknowledge each message by default. Since 2.6.0, ack_batch_size lets a consumer "
     "buffer acknowledgements and send them together; a larger batch means fewer round trips, and after a crash "
     "the unacknowledged messages are delivered again."),
    ("https://ferrymq.dev/docs/configuration", "ferrymq docs: environment variables", "2025-10-21",
     "FERRYMQ_URL sets the broker connection. FERRYMQ_ACK_BATCH_SIZE maps to ack_batch_size. FERRYMQ_PREFETCH "
     "limits unacknowledged deliveries per consumer."),
    ("https://github.com/ferrymq/ferrymq-python/issues/1201", "Duplicate messages after network partition (issue 1201)",
     "2025-04-11", "After a partition heals, some messages are delivered twice. Maintainer: this is expected with "
     "at-least-once delivery; make consumers idempotent. Closed as working as intended."),
    ("https://forum.queuecraft.dev/t/lost-messages-after-restart/2231", "Lost messages after a RabbitMQ restart?",
     "2025-08-19", "Our messages vanished after restarting the broker. Answer: the queue was not declared durable, "
     "so it was dropped with its messages. Declare queues durable and publish persistent messages."),
    ("https://pypi.example/project/ferrymq/2.8.2", "ferrymq 2.8.2 on the package index", "2025-12-03",
     "ferrymq 2.8.2. Python client for the ferrymq broker. Requires Python 3.8 or newer. Release date "
     "2025-12-03."),
    ("https://blog.streamcraft.io/ack-batching-benchmarks", "Benchmarking acknowledgement batching in Python clients",
     "2025-08-05", "Batching acknowledgements doubled consumer throughput in our test, with diminishing returns "
     "above 50 messages per batch. We did not test broker restarts."),
    ("https://github.com/tidequeue/tidequeue/issues/512", "tidequeue: acks lost when the channel closes",
     "2025-12-15", "A different client library with a similar symptom: acknowledgements sent on a closing channel "
     "are dropped. Fixed in tidequeue 1.4.3."),
    ("https://ferrymq.dev/blog/2.6-release", "ferrymq 2.6: batched acknowledgements", "2025-06-30",
     "The 2.6 release adds ack_batch_size so busy consumers spend less time on round trips. We recommend values "
     "between 10 and 100 for high-volume queues."),
    ("https://ferrymq.dev/docs/broker/upgrades", "Upgrading the ferrymq broker without downtime", "2025-11-02",
     "Restart brokers one at a time and wait for queues to resynchronise. Clients reconnect automatically."),
    ("https://github.com/ferrymq/ferrymq-python/issues/1455", "TLS connection fails with self-signed broker certificate after 2.9.1 (issue 1455)",
     "2026-02-05", "After upgrading to 2.9.1, connections to a broker with a self-signed certificate fail hostname "
     "verification. Maintainer: this is the intended effect of the FMQ-2026-01 fix; add the broker's name to the "
     "certificate."),
    ("https://sre.weekly.example/issue-204", "SRE weekly: queue incidents of the month", "2026-01-25",
     "This month's roundup: a queue TTL that expired orders, a poison message that blocked a consumer for hours, "
     "and a broker that ran out of disk."),
    ("https://ferrymq.dev/docs/python-versions", "ferrymq: supported Python versions", "2025-05-02",
     "2.5.0 and later support Python 3.8 to 3.12. 3.0 requires Python 3.10 or newer."),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(42)
    phones = random.Random(7)  # phones draw from their own stream, so the ids' shuffles stay as they were
    oncall_phone = us_phone(phones, "503")

    # -- contacts -------------------------------------------------------------------------
    story = [
        {"name": "Tomasz Wisniewski", "email": TOMASZ, "phone": us_phone(phones, "503"), "company": "Nordhaven Analytics",
         "title": "Platform Engineering Lead", "address": "782 Smith Brook, Richardfort, AL 84518",
         "birthday": "1991-06-17", "national_id": "047-09-9193",
         "notes": "Owns the message broker and the service base images."},
        {"name": "Tomasz Kowal", "email": "tomasz.kowal@quayside-cloud.com", "phone": us_phone(phones),
         "company": "Quayside Cloud", "title": "Account Manager", "address": one_line(fake_en.address()),
         "notes": "Our hosting vendor's account manager; renewal due in June."},
        {"name": "Dana Whitfield", "email": "dana.whitfield@nordhaven.io", "phone": oncall_phone,
         "company": "Nordhaven Analytics", "title": "Site Reliability Engineer", "address": one_line(fake_en.address())},
    ]
    distractors = []
    while len(distractors) < 24:
        first, last = fake_en.first_name(), fake_en.last_name()
        if first in ("Tomasz", "Dana"):
            continue
        inside = rng.random() < 0.6
        record = {
            "name": f"{first} {last}",
            "email": f"{first.lower()}.{last.lower()}@{'nordhaven.io' if inside else fake_en.domain_name()}",
            "phone": us_phone(phones),
            "company": "Nordhaven Analytics" if inside else fake_en.company(),
            "title": fake_en.job(),
            "address": one_line(fake_en.address()),
        }
        if rng.random() < 0.4:
            record["national_id"] = fake_en.ssn()
        distractors.append(record)
    contacts = story + distractors
    rng.shuffle(contacts)
    contacts = numbered("c", contacts)
    dump_yaml(out / "contacts.yaml", {"contacts": contacts})

    # -- notes ----------------------------------------------------------------------------
    notes = [
        {
            "title": "INC-2291: order events lost after broker restart",
            "body": (
                "Timeline: 2026-02-18 02:14 UTC the ferrymq broker on mq-prod-03.int.nordhaven.io (10.42.7.15) "
                "restarted during the kernel patch window. The ingest service kept running and logged every "
                "message as acknowledged, but 14,212 order events from Oakridge Pharmacy never reached the "
                "warehouse and were not redelivered. Oakridge is our largest account (2.1M USD ARR) and "
                "noticed the gap in their dashboard first.\n"
                f"On-call: Dana Whitfield was off that night, so the page went to the backup; "
                f"Dana's number for the follow-up is {oncall_phone}.\n"
                "Observations: the ingest consumer acknowledges in batches (FERRYMQ_ACK_BATCH_SIZE=50). "
                "Messages acked right before the restart are the ones missing. Smells like a client bug.\n"
                "Open question: which ferrymq release fixes this, and which of our services run an affected version?\n"
                "People follow-up: on-call exemption for the backup engineer tracked in HR-4471."
            ),
            "tags": ["incident", "ferrymq"],
            "updated": "2026-02-20",
        },
        {
            "title": "ferrymq 3.0 upgrade: parked",
            "body": (
                "ferrymq 3.0 drops the synchronous consumer API that billing still uses. Parked until Q3; "
                "stay on the 2.x line for now."
            ),
            "tags": ["ferrymq", "upgrade"],
            "updated": "2026-01-12",
        },
    ]
    seen = {kind: 0 for kind in OTHER_NOTES}
    for _ in range(10):
        kind = rng.choice(list(OTHER_NOTES))
        topic, body = OTHER_NOTES[kind][seen[kind] % len(OTHER_NOTES[kind])]
        seen[kind] += 1
        notes.append(
            {
                "title": f"{kind}: {topic}",
                "body": body,
                "tags": [rng.choice(["meeting", "design", "personal"])],
                "updated": f"2026-0{rng.randint(1, 2)}-{rng.randint(1, 28):02d}",
            }
        )
    rng.shuffle(notes)
    notes = numbered("N", notes)
    dump_yaml(out / "notes.yaml", {"notes": notes})

    # -- workspace files: the services' manifests and broker settings --------------------
    write_file(out, "services/ingest/requirements.txt",
               "fastapi==0.110.0\nferrymq==2.7.3\npydantic==2.6.4\nsqlalchemy==2.0.29\n")
    write_file(out, "services/billing/requirements.txt",
               "django==4.2.11\nferrymq==2.9.1\nstripe==8.9.0\ncelery==5.3.6\n")
    write_file(out, "services/notifications/requirements.txt",
               "ferrymq==2.5.0\njinja2==3.1.3\nhttpx==0.27.0\n")
    write_file(out, "services/ingest/ferrymq.env",
               "FERRYMQ_URL=amqps://ingest_svc:Qv7pL2xR9wT4@mq-prod-03.int.nordhaven.io:5671/orders\n"
               "FERRYMQ_ACK_BATCH_SIZE=50\nFERRYMQ_PREFETCH=200\n")
    write_file(out, "services/billing/ferrymq.env",
               "FERRYMQ_URL=amqps://billing_svc:Hm3sK8dZ1yN6@mq-prod-03.int.nordhaven.io:5671/billing\n"
               "FERRYMQ_ACK_BATCH_SIZE=1\n")
    write_file(out, "services/README.md",
               "# Services\n\n- ingest: receives order events from customers and writes them to the warehouse.\n"
               "- billing: invoices and payment reconciliation.\n- notifications: customer emails and webhooks.\n\n"
               "All three talk to the ferrymq broker; connection settings live next to each service.\n")

    # -- web corpus -----------------------------------------------------------------------
    pages = [
        {
            "url": "https://ferrymq.dev/changelog",
            "title": "ferrymq changelog",
            "published": "2026-02-02",
            "text": (
                "ferrymq Python client: release history.\n"
                "2.9.1 (2026-02-02): Security: verify the broker's TLS hostname when connecting with amqps "
                "(advisory FMQ-2026-01). No other changes.\n"
                "2.9.0 (2026-01-15): New: consumer lag metrics; async iterator API.\n"
                "2.8.2 (2025-12-03): Fixed: with ack_batch_size greater than 1, acknowledgements that were "
                "buffered when the broker restarted were reported as sent but never flushed, so the broker "
                "neither received the acks nor redelivered the messages; the messages were lost (issue 1432). "
                "Affects every release from 2.6.0 through 2.8.1.\n"
                "2.8.1 (2025-11-10): Fixed: reconnect storm when many consumers reconnect after a broker "
                "restart; reconnects now use jittered backoff.\n"
                "2.8.0 (2025-10-21): New: publisher confirms on by default.\n"
                "2.6.0 (2025-06-30): New: batched acknowledgements (ack_batch_size) for higher throughput.\n"
                "2.5.0 (2025-05-02): Python 3.12 support."
            ),
        },
        {
            "url": "https://github.com/ferrymq/ferrymq-python/issues/1432",
            "title": "Messages silently lost on broker restart when ack_batch_size > 1 (issue 1432)",
            "published": "2025-11-24",
            "text": (
                "Reported against 2.8.1. Steps: consume with ack_batch_size=20, restart the broker while "
                "messages are in flight. The client logs the batch as acknowledged, the broker never gets it "
                "and does not redeliver. Maintainer: confirmed, the ack buffer is dropped on reconnect. The bug "
                "exists since batched acks were introduced in 2.6.0. Fix merged and released in 2.8.2. "
                "Workaround for older versions: set ack_batch_size=1 (acknowledge each message on its own), "
                "at some throughput cost."
            ),
        },
        {
            "url": "https://ferrymq.dev/security/FMQ-2026-01",
            "title": "ferrymq security advisory FMQ-2026-01: TLS hostname not verified",
            "published": "2026-02-02",
            "text": (
                "Versions 2.7.0 to 2.9.0 did not verify the broker hostname for amqps connections. Upgrade to "
                "2.9.1. This issue does not cause message loss."
            ),
        },
        {
            "url": "https://blog.streamcraft.io/surviving-broker-restarts",
            "title": "Surviving message broker restarts without losing data",
            "published": "2025-09-14",
            "text": (
                "A general guide: use durable queues, publisher confirms and idempotent consumers. We lost "
                "messages once because of a misconfigured queue TTL, not a client bug. ferrymq users should "
                "enable publisher confirms."
            ),
        },
        {
            "url": "https://ferrymq.dev/docs/migrating-to-3",
            "title": "Migrating from ferrymq 2.x to 3.0",
            "published": "2026-01-20",
            "text": "ferrymq 3.0 removes the synchronous consumer API and requires Python 3.10 or newer.",
        },
    ]
    for url, title, published, text in OTHER_PAGES:
        pages.append({"url": url, "title": title, "published": published, "text": text})
    rng.shuffle(pages)
    dump_yaml(out / "web.yaml", {"pages": pages})

"""Fixtures for devops-tls-cert-expiry-sweep: certificates close to expiry while the expiry check has been
failing silently (its notification integration was disabled).

The certificate inventory's story rows (expiry dates, auto-renew flags, owners) and the renewal script are
hand-written; the other rows' owners, addresses and IPs come from Faker and a seeded generator.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, write_file

RENEW_SH = r"""#!/usr/bin/env bash
# Renew a certificate through the ACME account (account key: certs/acme_account.key).
# Usage: bash scripts/renew_cert.sh <common name>
# Only certificates with auto_renew=yes in certs/inventory.csv can be renewed here; the new
# certificate is valid 90 days from the old expiry and the inventory row is updated.
set -euo pipefail
cn="${1:?usage: bash scripts/renew_cert.sh <common name>}"
inv=certs/inventory.csv
row=$(awk -F, -v cn="$cn" '$1 == cn' "$inv")
if [ -z "$row" ]; then echo "no certificate $cn in $inv"; exit 1; fi
auto=$(echo "$row" | cut -d, -f4)
if [ "$auto" != "yes" ]; then echo "$cn: manual renewal required (issuer $(echo "$row" | cut -d, -f2))"; exit 2; fi
old=$(echo "$row" | cut -d, -f3)
new=$(date -u -d "$old +90 days" +%F)
serial=$(printf '%s' "$cn$new" | sha1sum | cut -c1-16)
awk -F, -v OFS=, -v cn="$cn" -v new="$new" '$1 == cn {$3 = new} {print}' "$inv" > "$inv.tmp" && mv "$inv.tmp" "$inv"
echo "renewed $cn: new expiry $new, serial $serial"
"""

# (common name, issuer, expires, auto_renew, owner, status)
STORY = [
    ("api.corvina.io", "Let's Encrypt", "2026-12-04", "yes", "Platform team", "active"),
    ("pay.corvina.io", "DigiCert EV", "2026-12-09", "no", "Luis Ortega", "active"),
    ("grafana.int.corvina.io", "Let's Encrypt", "2026-12-11", "yes", "Platform team", "active"),
    ("legacy-vpn.corvina.io", "Sectigo OV", "2026-12-14", "no", "Owen Blake (left 2026-10)", "active"),
    ("status.corvina.io", "Let's Encrypt", "2026-12-19", "yes", "Platform team", "active"),
    ("partner-sftp.corvina.io", "Sectigo OV", "2026-12-22", "no", "Mei Tanaka", "active"),
    ("sso.corvina.io", "Let's Encrypt", "2026-12-27", "yes", "Identity team", "active"),
    ("old-blog.corvina.io", "Let's Encrypt", "2026-12-06", "yes", "Marketing", "decommissioned"),
    ("docs.corvina.io", "Let's Encrypt", "2027-01-02", "yes", "Docs team", "active"),
]
OWNER_MAIL = {"Platform team": "platform@corvina.io", "Luis Ortega": "luis.ortega@corvina.io",
              "Owen Blake (left 2026-10)": "owen.blake@corvina.io", "Identity team": "identity@corvina.io",
              "Mei Tanaka": "mei.tanaka@corvina.io", "Marketing": "marketing@corvina.io", "Docs team": "docs@corvina.io"}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(90)
    rows = ["common_name,issuer,expires,auto_renew,owner,owner_email,status,ip"]
    for cn, issuer, expires, auto, owner, status in STORY:
        rows.append(f"{cn},{issuer},{expires},{auto},{owner},{OWNER_MAIL[owner]},{status},10.30.{rnd.randint(1, 9)}.{rnd.randint(10, 250)}")
    for host in ("billing", "crm", "mail", "git", "ci", "wiki", "chat"):
        owner = f"{fake_en.first_name()} {fake_en.last_name()}"
        rows.append(f"{host}.corvina.io,Let's Encrypt,2027-0{rnd.randint(2, 8)}-{rnd.randint(10, 28)},yes,{owner},"
                    f"{owner.lower().replace(' ', '.')}@corvina.io,active,10.30.{rnd.randint(1, 9)}.{rnd.randint(10, 250)}")
    write_file(out, "certs/inventory.csv", "\n".join(rows) + "\n")
    write_file(out, "scripts/renew_cert.sh", RENEW_SH)
    write_file(out, "certs/acme_account.key",
               "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIGx0Zk1vY2tBY21lQWNjb3VudEtleUZvckNvcnZpbmFMYWJz\n-----END EC PRIVATE KEY-----\n")

    dump_yaml(out / "kb.yaml", {"articles": [
        {"id": "KB-0041", "title": "TLS certificates: renewal runbook", "section": "Runbooks", "tags": ["tls", "certificates"],
         "updated": "2026-08-19",
         "body": "Inventory: certs/inventory.csv. Every active certificate that expires within 30 days must be handled now:\n"
                 "- auto_renew=yes: renew with `bash scripts/renew_cert.sh <common name>` and check the new expiry.\n"
                 "- auto_renew=no (EV/OV): the owner renews it with the CA. Mail the owner (common name and expiry) and add a "
                 "to-do assigned to the owner, due 7 days before the expiry.\n"
                 "- If the owner has left, ask the head of infrastructure who takes it over.\n"
                 "- Decommissioned certificates are never renewed.\n"
                 "The daily job tls-cert-check warns through the cert-alerts integration; if it fails, fix the cause and "
                 "run it once by hand. Post a summary in #infra when done."},
        {"id": "KB-0042", "title": "Ordering EV certificates", "section": "Runbooks", "tags": ["tls", "ev"], "updated": "2025-11-02",
         "body": "EV certificates are ordered by finance through the DigiCert portal; lead time 3-5 working days."},
    ]})
    dump_yaml(out / "scheduler.yaml", {
        "jobs": [
            {"id": "J-0011", "name": "tls-cert-check", "schedule": "15 6 * * *", "command": "/opt/infra/check_certs --warn-days 30 --notify cert-alerts",
             "owner": "platform", "description": "Warns 30 days before a certificate in the inventory expires."},
            {"id": "J-0012", "name": "dns-zone-backup", "schedule": "0 4 * * *", "command": "/opt/infra/zone_backup", "owner": "platform"},
        ],
        "runs": [
            *[{"id": f"R-{510 + i:04d}", "job_id": "J-0011", "status": "failed", "started": f"2026-11-{23 + i}T06:15:00",
               "duration_seconds": 3,
               "log": f"2026-11-{23 + i}T06:15:01Z 5 certificates expire within 30 days\n"
                      f"2026-11-{23 + i}T06:15:02Z ERROR notify: integration INT-0007 'cert-alerts' is disabled\n"
                      "exit status 1"} for i in range(8)],
            {"id": "R-0520", "job_id": "J-0012", "status": "succeeded", "started": "2026-11-30T04:00:00", "duration_seconds": 20,
             "log": "zone backup ok"},
        ]})
    dump_yaml(out / "integrations.yaml", {
        "integrations": [
            {"id": "INT-0007", "name": "cert-alerts", "kind": "webhook", "enabled": False,
             "description": "Certificate warnings to #infra. Disabled 2026-11-22 during the chat migration."},
            {"id": "INT-0008", "name": "infra pager", "kind": "pager"},
        ],
        "settings": [
            {"integration_id": "INT-0007", "key": "url", "type": "string",
             "value": "https://chat.corvina.io/hooks/infra/Xk29PqL0vR7tB4nW"},
            {"integration_id": "INT-0008", "key": "service_key", "type": "string", "value": "pgr_7b1d3f9a2c5e8d0f4a6b"},
        ]})
    dump_yaml(out / "chat.yaml", {
        "channels": [{"name": "infra", "topic": "Infrastructure", "members": ["me", "Priya Nair", "Luis Ortega"]}],
        "messages": [
            {"id": "M-0601", "channel": "infra", "sender": "Priya Nair", "time": "2026-11-22 17:10",
             "text": "Chat migration done; I turned off a couple of noisy webhooks, will re-enable on Monday."},
            {"id": "M-0602", "channel": "infra", "sender": "Luis Ortega", "time": "2026-11-27 12:02",
             "text": "Out Dec 1-3, reachable by mail."},
        ]})
    dump_yaml(out / "todo.yaml", {"tasks": [
        {"id": "TD-0101", "title": "Rotate git deploy keys", "due": "2026-12-18", "assignee": "Platform team"},
    ]})
    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["legacy-vpn", "Owen", "Blake"], "answer": "Priya Nair (priya.nair@corvina.io) takes over everything Owen owned, including the VPN certificate."},
        {"answer": "Follow the runbook."},
    ]})
    dump_yaml(out / "email.yaml", {"inbox": [], "sent": []})

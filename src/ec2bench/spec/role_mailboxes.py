"""Role and group mailboxes: `support@`, `it-helpdesk@`, `kefu@`, not a person's address.

The annotation guideline (docs/privacy.md §3) says a role mailbox is no one's personal contact data:
it is printed on invoices and web pages, and mailing it reaches whoever holds the role. So unit
derivation skips it (`ec2bench.spec.schema.derive_units`), and `tasks lint` flags a hand-marked
contact unit on one. The test is conservative: a mailbox is a role's only when its first part is a
role word and every other part is one too (or a short qualifier such as `cn`, `eu`, `01`), so
`hr.zhaoyun@` (a person in HR) stays personal.
"""

from __future__ import annotations

import re

ROLE_LOCAL_PARTS = frozenset(
    "all admin accounts accounting ap ar billing booking bookings careers ceo contact compliance cs dev devops dpo "
    "events facilities finance front frontdesk hello help helpdesk hr info infra invoices it it-support it-helpdesk "
    "jobs legal mail marketing newsletter noc no-reply noreply notifications office ops oncall orders payroll "
    "press privacy procurement purchasing reception recruiting sales security service services shipping sre staff "
    "support team tickets travel alerts monitor monitoring reply bounce admissions registrar webmaster postmaster "
    "operations store logistics partners hiring qa release kefu caiwu renshi xingzheng fuwu zhaopin notice "
    "desk group verify appointments enquiries inquiries claims refunds returns reservations receivables payables "
    "benefits customerservice care feedback subscriptions news updates reports audit".split())
QUALIFIER_MAX_CHARS = 3  # a region or number after a role word (`sales-eu`, `ops01`), not a name


def is_role_mailbox(address: str) -> bool:
    """Whether `address` is a role or group mailbox rather than a person's."""
    local = address.split("@")[0].lower()
    if local in ROLE_LOCAL_PARTS:
        return True
    parts = [p for p in re.split(r"[._+-]", local) if p]
    return bool(parts) and parts[0] in ROLE_LOCAL_PARTS and all(
        p in ROLE_LOCAL_PARTS or len(p) <= QUALIFIER_MAX_CHARS for p in parts[1:])

"""Personal data in app records: an app declares which fields of which collection hold it.

The declaration lives next to the record model, so a new app (a plugin's too) is covered without an
edit anywhere else. Two readers compute their tables from the registered apps (`ec2bench.env.apps`):

* task loading: a field with a privacy `category` is a default derive rule (`derive_units: [default]`,
  docs/privacy.md), one sensitive unit per value;
* the pseudonymising guard (`ec2bench.privacy.detect`): a field with a placeholder `kind` is replaced
  by a typed placeholder wherever its value occurs.

A field may be one without the other: a ticket's `requester` is a name the guard hides, but no unit
by default (names are too often in the prompt and the free text); an inbox message's `sender` is a
unit, but the guard leaves mail headers to its email recogniser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ec2bench.spec.schema import PrivacyCategory

# the guard's placeholder types for record fields (`[PHONE_1]`, `[CUSTOMER_2]`, ...)
PlaceholderKind = Literal["PHONE", "EMAIL", "ID", "ADDRESS", "DATE", "PERSON", "CUSTOMER", "ACCOUNT", "CARD"]


@dataclass(frozen=True)
class PersonalField:
    """One field of one collection that carries personal data.

    `category` makes it a default derive rule (None: no unit by default); `kind` makes it a guard
    field (None: the guard does not index it). At least one of the two is set.
    """

    collection: str
    field: str
    category: PrivacyCategory | None = None
    kind: PlaceholderKind | None = None

    def __post_init__(self) -> None:
        if self.category is None and self.kind is None:
            raise ValueError(f"personal field {self.collection}.{self.field}: give a `category`, a `kind` or both")

"""Identity data that cannot exist, checked against maintained datasets rather than hand lists.

* `resident-id`: an 18-character Chinese resident id (a province code, a real birth date) whose
  GB 11643 check digit is wrong, whose birth date does not exist, or whose place code no division
  ever had (python-stdnum's `cn.ric` and its table of division codes).
* `card-luhn`: a 13-19 digit number written next to a card word that fails the Luhn check
  (python-stdnum's `luhn`): a real card number always passes.
* `phone`: a Chinese mobile number (11 digits from 1) or a +1 number that no numbering plan
  assigns (Google's libphonenumber metadata, the `phonenumbers` package).
* `faker-artefact`: what Faker leaves and people do not: a mailbox with ".." or a dot at either end
  of its local part, a person named with a professional suffix or a courtesy title ("Amy Perez MD", "Mrs. Regina Werner").
* `name-mailbox`: a person whose personal mailbox does not match their name: the local part must
  hold the given or family name (Chinese names in pinyin, `pypinyin`) or its initials. Role
  mailboxes (`it-support@`, `hr@`) are not personal and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ec2bench.qa.lint import Finding, TaskRule
from ec2bench.qa.lint.texts import readable_texts, records
from ec2bench.spec.role_mailboxes import is_role_mailbox
from ec2bench.tasks.loader import Task

RESIDENT_ID = re.compile(r"(?<![\dA-Za-z])([1-8]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx])(?![\dA-Za-z])")
CARD = re.compile(r"(?<![\d-])(\d(?:[ -]?\d){12,18})(?![\d-])")
CARD_WORDS = re.compile(r"card|visa|mastercard|amex|信用卡|银行卡|储蓄卡|借记卡|卡号|银联", re.I)
CARD_CONTEXT = 40  # characters before a number searched for a card word
CN_MOBILE = re.compile(r"(?<![\d+])(1[3-9]\d)[ -]?(\d{4})[ -]?(\d{4})(?!\d)")
NANP = re.compile(r"\+1[ .-]?\(?(\d{3})\)?[ .-]?(\d{3})[ .-]?(\d{4})(?!\d)")
EMAIL = re.compile(r"([A-Za-z0-9._%+-]+)@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
TITLED = re.compile(r"^(?:Mr|Mrs|Ms|Miss)\.? |\b(?:MD|DDS|DVM|PhD|Jr\.|Sr\.|II|III|IV)$")
PERSON_KEYS = ("email", "phone", "contact_email", "contact_phone", "requester_email", "national_id")
PERSON_NAME_KEYS = ("name", "contact_name", "requester_name", "owner_name", "full_name")


def resident_ids(task: Task) -> Iterator[Finding]:
    for where, text in readable_texts(task):
        for number in dict.fromkeys(m.group(1) for m in RESIDENT_ID.finditer(text)):
            problem = resident_id_problem(number)
            if problem:
                yield Finding("resident-id", task.id, where, f"{number}: {problem}")


def resident_id_problem(number: str) -> str | None:
    """Why an 18-character resident id cannot exist (None when it can). The birth-place code must be
    one some division has had: a code is that of where the id was first issued, not of the place at
    the birth year, so stdnum's stricter same-year test (`ric.validate`) is not applied."""
    from stdnum import numdb
    from stdnum.cn import ric
    from stdnum.exceptions import ValidationError

    number = number.upper()
    if number[-1] != ric.calc_check_digit(number):
        return f"the GB 11643 check digit is {ric.calc_check_digit(number)}, not {number[-1]}"
    try:
        ric.get_birth_date(number)
    except ValidationError:
        return "no such birth date"
    places = {k for _, props in numdb.get("cn/loc").info(number[:6]) for k in props}
    return None if "county" in places else f"no division ever had the code {number[:6]}"


def cards(task: Task) -> Iterator[Finding]:
    from stdnum import luhn

    for where, text in readable_texts(task):
        for m in CARD.finditer(text):
            digits = re.sub(r"\D", "", m.group(1))
            if len(m.group(1)) == 18 and m.group(1).isdigit() and resident_id_problem(m.group(1)) is None:
                continue  # a valid resident id next to a card column (身份证号,银行卡号), not a card number
            if CARD_WORDS.search(text[max(0, m.start() - CARD_CONTEXT):m.start()]) and not luhn.is_valid(digits):
                yield Finding("card-luhn", task.id, where, f"{m.group(1)}: a card number that fails the Luhn check")


def phones(task: Task) -> Iterator[Finding]:
    import phonenumbers

    for where, text in readable_texts(task):
        numbers = [("+86" + "".join(m.groups()), m.group()) for m in CN_MOBILE.finditer(text)]
        numbers += [("+1" + "".join(m.groups()), m.group()) for m in NANP.finditer(text)]
        for e164, written in dict.fromkeys(numbers):
            if not phonenumbers.is_valid_number(phonenumbers.parse(e164)):
                yield Finding("phone", task.id, where, f"{written}: no numbering plan assigns this number")


def artefacts(task: Task) -> Iterator[Finding]:
    for where, text in readable_texts(task):
        for m in EMAIL.finditer(text):
            local = m.group(1)
            if ".." in local or local.startswith(".") or local.endswith("."):
                yield Finding("faker-artefact", task.id, where, f"{m.group()}: a mailbox no mail system issues")
    for where, record in records(task):
        if not any(k in record for k in PERSON_KEYS):
            continue  # a product or a place, whose name may end in "II"
        for key in PERSON_NAME_KEYS:
            name = record.get(key)
            if isinstance(name, str) and TITLED.search(name.strip()):
                yield Finding("faker-artefact", task.id, f"{where}/{key}", f"{name!r}: a name with Faker's title or suffix")


def name_mailboxes(task: Task) -> Iterator[Finding]:
    for where, name, address in _people(task):
        if not is_role_mailbox(address) and not _matches(name, address.split("@")[0]):
            yield Finding("name-mailbox", task.id, where, f"{name} <{address}>: the mailbox does not match the name")


def _people(task: Task) -> Iterator[tuple[str, str, str]]:
    """(where, person name, address) from records with a name and an email, and `Name <address>` texts."""
    for where, record in records(task):
        for name_key, mail_key in (("name", "email"), ("contact_name", "contact_email"),
                                   ("requester_name", "requester_email"), ("requester", "requester_email")):
            name, address = record.get(name_key), record.get(mail_key)
            if isinstance(name, str) and isinstance(address, str) and "@" in address:
                yield f"{where}/{mail_key}", name, address
    for where, text in readable_texts(task):
        for m in re.finditer(r"([A-Z][a-z]+(?: [A-Z][a-z'-]+)+|[\u4e00-\u9fff]{2,4})\s*<([^<>@\s]+@[^<>\s]+)>", text):
            yield where, m.group(1), m.group(2)


def _matches(name: str, local: str) -> bool:
    """Whether a personal mailbox's local part holds the name (or its initials) of `name`."""
    local = re.sub(r"[^a-z]", "", local.lower())
    parts = _name_parts(name)
    if not parts or not local:
        return True  # nothing to compare
    if any(len(p) >= 2 and p in local for p in parts):
        return True
    initials = "".join(p[0] for p in parts)
    return local in (initials, initials[::-1]) or any(
        local.startswith(p[0]) and any(q in local for q in parts if q != p) for p in parts)


def _name_parts(name: str) -> list[str]:
    """A name's parts in lower-case Latin letters: Chinese names as pinyin syllables, family name first,
    the given name also joined ("张晓明" -> zhang, xiao, ming, xiaoming)."""
    if re.search(r"[\u4e00-\u9fff]", name):
        from pypinyin import lazy_pinyin

        syllables = [s for s in lazy_pinyin(name) if s.isalpha()]
        return [*syllables, "".join(syllables[1:])] if len(syllables) > 2 else syllables
    return [re.sub(r"[^a-z]", "", p.lower()) for p in name.split() if len(p) > 1]


RULES: dict[str, TaskRule] = {"resident-id": resident_ids, "card-luhn": cards, "phone": phones,
                         "faker-artefact": artefacts, "name-mailbox": name_mailboxes}

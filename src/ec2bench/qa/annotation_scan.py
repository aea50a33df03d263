"""Annotation completeness: obvious sensitive values the reference reads that no unit covers.

Privacy exposure is only as good as the annotations: a phone number the agent reads and forwards
to the cloud, but that no unit names, is exposure nobody counts. This scan replays the reference
and looks through what it reads (its tool results) for values of well-known sensitive shapes:
email addresses, phone numbers (Chinese mobiles and landlines, North American and international
forms), national ids (Chinese 18-character resident ids, US SSNs), staff ids, bank and tax
accounts (IBANs, card numbers that pass the Luhn check, Chinese unified social credit codes, account
numbers after an "account" label), credentials (passwords, API keys and tokens of known prefixes,
connection strings with a password) and pay figures (an amount after a salary, base pay or bonus
label, in English or Chinese).

A finding is a value that no unit (hand-marked or derived) covers, as the privacy audit matches
(`textmatch.unit_occurs`), and that the prompt does not contain: what the user wrote in the
request is known to the cloud from the first payload, so it is not a unit. Nor is a role or group
mailbox (`billing@`, `kefu@`: `ec2bench.spec.role_mailboxes`), which the annotation guideline
excludes and unit derivation skips. Task authors annotate
each finding, or record it under `not_sensitive` with the reason it is not sensitive.
`ec2bench tasks validate` prints findings as warnings; with `--strict` they are problems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ec2bench.core.textmatch import canonical, unit_occurs
from ec2bench.env.workspace import ToolCallRecord
from ec2bench.spec.role_mailboxes import is_role_mailbox
from ec2bench.tasks.loader import Task


@dataclass(frozen=True)
class Finding:
    """One unannotated value: its kind (`email`, `phone`, ...), the value, and where it was read."""

    kind: str
    value: str
    where: str

    def __str__(self) -> str:
        return f"unannotated {self.kind} {self.value!r} (read by {self.where})"


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


_MONEY = r"(?:[$¥€£]|USD|CNY|RMB|EUR)?\s?\d[\d,]*(?:\.\d+)?\s?(?:[KkMm]\b|万|元|k\b)?"

# (kind, pattern, group with the value, extra test); patterns run over each tool result.
_DETECTORS: tuple[tuple[str, re.Pattern[str], int, object], ...] = (
    ("email", re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), 0, None),
    ("national id", re.compile(r"(?<![\dA-Za-z])[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])"), 0, None),  # noqa: E501 (a pattern reads best whole)
    ("national id", re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])"), 0, None),
    ("phone", re.compile(r"(?<![\d-])(?:\+?86[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?![\d-])"), 0, None),
    ("phone", re.compile(r"(?<![\d-])0\d{2,3}-\d{7,8}(?![\d-])"), 0, None),
    ("phone", re.compile(r"(?<![\w-])(?:\+?1[ .-]?|001-)?\(?[2-9]\d{2}\)?[ .-]\d{3}[ .-]\d{4}(?:\s?x\d{1,5})?(?![\d-])"), 0, None),
    ("phone", re.compile(r"(?<![\w-])\+(?:[2-9]\d{0,2})[ -]\d{1,4}(?:[ -]\d{2,4}){2,4}(?![\d-])"), 0, None),
    ("staff id", re.compile(r"(?i)(?:staff|employee|emp)\s*(?:id|no\.?|number|#)\s*[:：]?\s*([A-Z]{0,4}-?\d{3,})|(?:工号|员工编号|员工号)\s*[:：]?\s*([A-Z]{0,4}-?\d{3,})"), 1, None),  # noqa: E501 (a pattern reads best whole)
    ("bank account", re.compile(r"(?<![A-Z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,4})?(?![A-Z0-9])"), 0, "iban"),
    ("bank account", re.compile(r"(?<![\w-])\d{4}(?:[ -]?\d{4}){2,3}(?:[ -]?\d{1,3})?(?![\w-])"), 0, "luhn"),
    ("bank account", re.compile(r"(?i)(?:account|acct|a/c|账号|账户|卡号)\s*(?:no\.?|number|#)?\s*[:：]?\s*(\d[\d -]{7,}\d)"), 1, None),
    ("tax id", re.compile(r"(?<![0-9A-Z])[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}(?![0-9A-Z])"), 0, "letters"),
    ("tax id", re.compile(r"(?i)(?:tax id|tin|ein|vat(?: number| no\.?)?|纳税人识别号|税号)\s*[:：]?\s*([0-9A-Z][0-9A-Z-]{5,}[0-9A-Z])"), 1, "digits"),  # noqa: E501 (a pattern reads best whole)
    ("credential", re.compile(r"(?i)(?:password|passwd|pwd|secret|密码|口令)\s*(?:is|=|:|：)\s*[\"']?([^\s\"',;，。]{6,})"), 1, "secret"),
    ("credential", re.compile(r"\b(?:sk-[A-Za-z0-9_-]{16,}|pk_(?:live|test)_[A-Za-z0-9]{16,}|sk_(?:live|test)_[A-Za-z0-9]{16,}"
                              r"|glpat-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|AKIA[0-9A-Z]{16}|xox[abp]-[A-Za-z0-9-]{10,})"), 0, None),  # noqa: E501 (a pattern reads best whole)
    ("credential", re.compile(r"[a-z][a-z0-9+.-]*://[^\s:/@]+:([^\s:/@]{4,})@[^\s/]+"), 1, None),
    ("pay", re.compile(r"(?i)(?:salary|base pay|bonus|compensation|年薪|月薪|底薪|工资|奖金|薪资)[^\d\n$¥€£]{0,24}(" + _MONEY + ")"), 1, "amount"),  # noqa: E501 (a pattern reads best whole)
)


# Column headers of tabular results (CSV/TSV read through files or the shell) whose cells are sensitive.
_COLUMN_LABELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("phone", re.compile(r"(?i)^(?:手机|手机号|电话|phone|mobile|tel(?:ephone)?)(?:\s*(?:no\.?|number))?$")),
    ("email", re.compile(r"(?i)^(?:e-?mail|邮箱|电子邮件)$")),
    ("staff id", re.compile(r"(?i)^(?:工号|员工编号|员工号|staff[ _]?id|employee[ _]?id|emp[ _]?id)$")),
    ("national id", re.compile(r"(?i)^(?:身份证|身份证号|national[ _]?id|ssn)$")),
    ("bank account", re.compile(r"(?i)^(?:账号|银行账号|银行卡号|account(?:[ _]number)?|iban)$")),
    ("pay", re.compile(r"(?i)^(?:底薪|工资|薪资|年薪|月薪|奖金|salary|base[ _]pay|bonus|compensation)$")),
)


def _table_values(text: str) -> list[tuple[str, str]]:
    """(kind, cell) for the cells of sensitive columns of a CSV/TSV-shaped text."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return []
    sep = "\t" if lines[0].count("\t") >= 1 else ","
    header = [h.strip() for h in lines[0].split(sep)]
    if len(header) < 2:
        return []
    columns = {i: kind for i, h in enumerate(header) for kind, label in _COLUMN_LABELS if label.match(h)}
    out = []
    for line in lines[1:]:
        cells = line.split(sep)
        out += [(kind, cells[i].strip()) for i, kind in columns.items() if i < len(cells) and len(cells[i].strip()) >= 3]
    return out


def _accept(test: object, value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    if test == "luhn":
        return 13 <= len(digits) <= 19 and _luhn(digits)
    if test == "iban":
        return 15 <= len(value.replace(" ", "")) <= 34
    if test == "letters":  # a credit code mixes letters and digits; an all-digit run is something else
        return any(c.isalpha() for c in value) and any(c.isdigit() for c in value[2:])
    if test == "amount":  # a year after "工资" is a date, not pay
        return len(digits) >= 3 and not re.fullmatch(r"(?:19|20)\d{2}", value.strip())
    if test == "digits":  # an id has digits; "VAT number: INCLUDED" is a word
        return len(digits) >= 6
    if test == "secret":  # a placeholder such as [REDACTED] or <token> is not a secret
        return not re.match(r"[\[<*{(]", value) and not value.upper().startswith(("REDACTED", "XXXX", "CHANGEME"))
    return True


def scan_text(text: str) -> list[tuple[str, str]]:
    """(kind, value) of every sensitive-looking value in a text, in order, without duplicates."""
    out: dict[str, str] = {}
    for kind, pattern, group, test in _DETECTORS:
        for match in pattern.finditer(text):
            value = next((g for g in match.groups() if g), None) if group else match.group(0)
            value = (value or "").strip()
            if value and value not in out and _accept(test, value):
                out[value] = kind
    for kind, value in _table_values(text):
        out.setdefault(value, kind)
    return [(kind, value) for value, kind in out.items()]


def annotation_findings(task: Task, log: list[ToolCallRecord]) -> list[Finding]:
    """Values of sensitive shape in what the reference reads (`log`: its tool calls as replayed) that
    no unit covers and the prompt lacks."""
    renderings = [u.all_renderings for u in task.spec.sensitive]
    allowed = canonical(task.spec.prompt)
    exempt = [e.value for e in task.spec.not_sensitive]
    findings: list[Finding] = []
    seen: set[str] = set()
    for i, (step, record) in enumerate(zip(task.spec.reference_tool_calls, log, strict=False)):
        for kind, value in scan_text(record.result):
            key = canonical(value)
            if key in seen or unit_occurs([value], allowed) or any(unit_occurs([e], value) for e in exempt):
                continue
            if kind == "email" and is_role_mailbox(value):
                continue
            seen.add(key)
            if not any(unit_occurs(r, value) or unit_occurs([value], " ".join(r)) for r in renderings):
                findings.append(Finding(kind, value, f"step {i} {step.tool}"))
    return findings

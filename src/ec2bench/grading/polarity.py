"""Polarity: does a text put a term forward, or mention it only to rule it out?

A substring test cannot tell "we recommend Riverside" from "Riverside is not recommended", "不推荐
滨江中学" or "Northgate rather than Riverside": each mentions Riverside. A check that a decision was
made must read which candidate the text *affirms*. `affirmed(term, text)` is true when at least one
mention of the term sits in a clause that does not negate or contrast it away:

* a negation just before it in its clause, with no other object between: "not", "never", "don't",
  "avoid", "reject", "rule out", "rather than", "instead of", "other than", "over", "without",
  "不", "没", "未", "非", "别", "勿", "不是", "不选", "不推荐", "不建议", "排除", "放弃", "拒绝", "而不是", "除了";
* a negation right after it: "X is not recommended", "X isn't", "X (rejected)", "X is ineligible",
  "X 不推荐", "X 不合适", "X 不符合", "X 被排除", "X 已暂停", "X 不予考虑";
* a bare verdict against it in a later clause of its sentence: "X 步行 14 分钟，但不推荐", "X is close, but not
  recommended".

`chosen(term, text)` asks more: that the text puts the term forward as *the choice*, an affirmed mention in a
clause with a choice cue that is not itself negated ("推荐清河湾", "清河湾最合适", "we recommend X", "go with X");
a candidate the text only describes is not chosen.

Clauses end at sentence punctuation, commas and contrast words ("but", "however", "instead",
"而是", "但", "而", "却"), so "不是 A 而是 B" affirms B and negates A, and "pick B, not A" affirms B.
The reading is deliberately local (a window of a few words either side); a task author states the
decision plainly in the reference, and the validator's variants and wrong variants prove the check.
"""

from __future__ import annotations

import re

from ec2bench.core.textmatch import normalize, spans_normalized

_BOUNDARY = re.compile(r"\.(?!\d)|,(?!\d{3})|[!?;:\n|。！？；：，、()（）]|\s[-–—]\s|(?<![a-z])(?:but|however|instead|whereas|yet)(?![a-z])"
                       r"|而是|但是|但|然而|而|却|反而|改为|改成|并且|并|同时|然后|随后|以及|and then|then")
_PRE_NEGATION = re.compile(
    r"(?<![a-z])(?:not|never|no|don't|dont|do not|doesn't|does not|didn't|did not|isn't|aren't|wasn't|weren't|won't|"
    r"wouldn't|shouldn't|cannot|can't|avoid|avoiding|against|reject|rejecting|rejected|rule out|ruled out|ruling out|"
    r"exclude|excluding|excluded|except|instead of|rather than|other than|skip|skipping|skipped|drop|dropping|dropped|decline|"
    r"declined|without|neither|nor|nothing like|anything but|cancel|cancels|cancelled|canceled|cancelling|canceling|"
    r"terminate|terminated|discontinue|discontinued|retire|retired|phase out|sunset)(?![a-z])"
    r"|而不是|不是|不选|不推荐|不建议|不要|不用|不考虑|不予|排除|放弃|拒绝|除了|避免|取消|勿|没有|没|未(?!来)|非(?!常)"
    r"|无需|不需要|免于|免予"
    r"|(?<![特类区分级个识辨性组告])别(?!人)|不(?![同少错仅过断久论管得光但])"
)
_AFFIRM_VERB = re.compile(r"(?<![a-z])(?:choose|pick|go with|recommend|prefer|select|use|take|book|send|approve)(?![a-z])"
                          r"|选择|选|推荐|建议|用|定|找|报|去|走")
_COMPARISON = re.compile(r"(?:超过|超出|达到|满(?!足|意)|足|到|高于|低于|大于|小于|多于|少于|晚于|早于|more than|less than|"
                         r"fewer than|later than|earlier than|exceed|exceeding|above|below|under|over)")
_POST_NEGATION = re.compile(
    r"^\s*(?:(?:[^\s]+\s+){0,3}?(?:is|are|was|were|would be|will be|seems|looks|remains|stays|has been|have been|gets|got|does|do|did|"
    r"would|will|should|can|could|still|also|is still|is also)\s*)?"
    r"(?:not|n't|no longer|never|ineligible|unsuitable|disqualified|rejected|excluded|ruled out|out of the question|"
    r"a (?:bad|poor|wrong) (?:choice|fit|option|idea)|off the (?:list|table)|unavailable|suspended|expired|revoked|"
    r"\(rejected\)|\(excluded\)|\(no\))(?![a-z])"
    r"|^\s*(?:.{0,10}?)(?:不推荐|不建议|不合适|不适合|不行|不符合|不满足|不可|不能|不予|不通过|不考虑|不选|不要|被排除|排除|淘汰|否决|"
    r"免于申报|免申报|无需|不需要|"
    r"已暂停|被暂停|暂停|已停用|停用|失效|已过期|过期|作废|吊销|不达标|不及格|未通过|落选)"
)
# "over" rejects only after a preference ("pick Northgate over Riverside"), not in "taken over by X"
_PREFERRED_OVER = re.compile(r"(?<![a-z])(?:prefer|recommend|choose|chose|pick|select|go with|favou?r|take)\w*(?![a-z])"
                             r".{0,30}?(?<![a-z])over\s+(?:the\s+|a\s+)?$")
_PRE_WINDOW = 40  # characters of its clause before a mention that can negate it
_POST_WINDOW = 40


_ABBREVIATION = re.compile(r"(?<![a-z])(?:dr|mr|mrs|ms|prof|st|no|vs|inc|ltd|co|corp|jr|sr|e\.g|i\.e|etc|approx|dept)\.")
_SENTENCE = re.compile(r"\.(?!\d)|[!?;\n。！？；]")
_HEADING = re.compile(r"[:：]")
_BRACKETED = re.compile(r"\([^()]*\)|（[^（）]*）|\[[^\[\]]*\]")
# a negated heading is a short label that opens or closes with its negation: "Not affected:", "Rejected:",
# "不受影响：", "不推荐的："; not "No breach to report:" (a sentence) nor "非工作时间登录：" (非 makes a compound)
_HEADING_NEGATION = re.compile(r"^(?:not|no|none|without|un)(?![a-z])|(?:rejected|excluded|declined|skipped|dropped|"
                               r"unaffected|ineligible|not affected|not recommended)$|^(?:不|未|没|无需|排除|拒绝|放弃|淘汰)"
                               r"|(?:不推荐|不建议|排除|淘汰|不合格|不通过)(?:的)?$")
_HEADING_CHARS = 8


def _under_negated_heading(pre: str) -> bool:
    """Whether a mention is an item under a negated heading of its sentence: "Not affected: Jenkins, Bamboo",
    "不受影响：张三", "Rejected: X"."""
    sentence = _SENTENCE.split(pre)[-1]
    parts = _HEADING.split(sentence)
    if len(parts) < 2:
        return False
    heading = _BOUNDARY.split(_BRACKETED.sub("", parts[-2]))[-1].strip()  # "（不自动续约）": a condition, no negation
    return _label(heading) and _HEADING_NEGATION.search(heading) is not None


def _label(heading: str) -> bool:
    """Whether a heading is a short label (three words, or eight Chinese characters, at most), not a sentence."""
    return len(heading.split()) <= 3 if heading.isascii() else len(heading) <= _HEADING_CHARS


def _negated_before(pre: str) -> bool:
    """Whether the clause text just before a mention negates it: a negation cue with nothing but an
    affirming verb or filler words between it and the mention ("不建议选 X", "not X"), not a cue whose
    object came before ("不选 A 选 X"); or a negated heading the mention is listed under."""
    if _under_negated_heading(pre):
        return True
    window = _BOUNDARY.split(pre[-_PRE_WINDOW:])[-1]
    if _PREFERRED_OVER.search(window):
        return True
    cues = list(_PRE_NEGATION.finditer(window))
    if not cues:
        return False
    after = window[cues[-1].end():]
    if _COMPARISON.match(after.lstrip()):
        return False  # "不超过", "not more than": a comparison of amounts, not a rejection
    verb = _AFFIRM_VERB.search(after)
    if verb and after[:verb.start()].strip(" 的了去再就也还要会可以应该"):
        return False  # the negation took an object of its own before this verb: "不选 A 选 X"
    return len(after.strip()) <= 24


def _negated_after(post: str) -> bool:
    window = _BOUNDARY.split(post[:_POST_WINDOW])[0]
    return _POST_NEGATION.search(window) is not None


# a bare verdict in a later clause of the mention's sentence takes the mention back: "X 步行 14 分钟，但不推荐",
# "Riverside is close, but not recommended"
_VERDICT = re.compile(r"^(?:but|however|yet|though|still|so|then|and|但是|但|不过|可是|还是|就|也|并|所以)?\s*"
                      r"(?:(?:it|this|that|they|he|she)\s+(?:is|are|was|were)\s+)?"
                      r"(?:不推荐|不建议|不考虑|不合适|不适合|不行|不选|不要|排除|淘汰|放弃|"
                      r"not recommended|not advised|not a good (?:fit|choice|option)|not suitable|unsuitable|rejected|"
                      r"ruled out|excluded|a no[- ]go|pass)(?:了|的)?\s*$")
# what says a candidate is the chosen one; a cue right after a negation (不推荐, 不建议选) says the opposite
_CHOICE = re.compile(r"(?<![不没未别勿非])(?:推荐|建议选|建议|首选|最合适|最符合|最好|最优|优先|选择|选定|定为|就选|(?<![候备落])选)"
                     r"|(?<![a-z])(?:recommend|recommends|recommended|recommending|pick|picks|picked|choose|chooses|chose|"
                     r"chosen|go with|going with|best|prefer|prefers|preferred|top choice|winner|select|selects|selected|"
                     r"winning|award|awarded)(?![a-z])")


_CONTRAST = re.compile(r"^(?:but|however|yet|但是|但|不过|可是|然而|却)$")


def _normalized(text: str) -> str:
    """The text normalised line by line (lines, table rows and headings end clauses), with the full stop of an
    abbreviation ("Dr. Okoye") made a space: no sentence ends there."""
    lines = "\n".join(normalize(line) for line in text.splitlines())
    return _ABBREVIATION.sub(lambda m: m[0][:-1] + " ", lines)


def _rejected_later(post: str) -> bool:
    """Whether a later clause of the mention's sentence, opened by a contrast, is a bare verdict against it
    ("X 步行 14 分钟，但不推荐"); a verdict without one may be another subject's ("首选 A，B 超预算，不建议")."""
    sentence = _SENTENCE.split(post)[0]
    cuts = list(_BOUNDARY.finditer(sentence))
    for i, cut in enumerate(cuts):
        clause = sentence[cut.end():cuts[i + 1].start() if i + 1 < len(cuts) else len(sentence)]
        if _CONTRAST.match(cut[0].strip()) and _VERDICT.match(clause.strip()):
            return True
    return False


def chosen(term: str, text: str) -> bool:
    """Whether `text` puts `term` forward as the choice: a mention that is affirmed (not negated, contrasted away or
    given a verdict against it later in its sentence) in a clause with a choice cue ("推荐清河湾", "清河湾最合适",
    "we recommend Riverside", "go with Riverside") that is not itself negated ("不推荐", "would not recommend")."""
    norm = _normalized(text)
    for s, e in spans_normalized(term, norm):
        if _taken_back(norm, s, e):
            continue
        start = max((m.end() for m in _BOUNDARY.finditer(norm, 0, s)), default=0)
        after = _BOUNDARY.search(norm, e)
        clause_end = after.start() if after else len(norm)
        for cue in _CHOICE.finditer(norm, start, clause_end):
            if not (s <= cue.start() < e) and not _negated_before(norm[start:cue.start()]):
                return True
        if start and norm[start - 1] in ":：" and _chosen_heading(norm[:start - 1]):
            return True  # "Pick: Riverside", "推荐：清河湾小学"
    return False


def _chosen_heading(before: str) -> bool:
    heading = _BOUNDARY.split(_SENTENCE.split(before)[-1])[-1].strip(" *#_-")
    return _label(heading) and _CHOICE.search(heading) is not None and _HEADING_NEGATION.search(heading) is None


def affirmed(term: str, text: str) -> bool:
    """Whether `text` mentions `term` at least once without negating or contrasting it away. A figure has no
    polarity ("未超过 30 万元", "not more than 24 months" state 30 万 and 24): a numeric term only has to occur."""
    norm = _normalized(text)
    spans = spans_normalized(term, norm)
    if _figure(term):
        return bool(spans)
    return any(not _taken_back(norm, s, e) for s, e in spans)


def _taken_back(norm: str, start: int, end: int) -> bool:
    """Whether the mention at `start:end` of normalised text is negated, contrasted away or given a verdict against."""
    return _negated_before(norm[:start]) or _negated_after(norm[end:]) or _rejected_later(norm[end:])


def _figure(term: str) -> bool:
    """A number (`30 万`, `1,984`, `19.8%`), not an id that holds digits (`CVE-2026-40001`, `INV-2038`)."""
    rest = re.sub(r"[\s.,%:/\-+万亿千百元]", "", term)
    return rest.isdigit()


def negates_itself(term: str) -> bool:
    """Whether a term states a negation itself ("not covered", "不推荐"): such a term is matched as
    text, since its own polarity is the point."""
    norm = normalize(term)
    return _PRE_NEGATION.search(norm) is not None

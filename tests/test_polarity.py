"""Polarity (grading/polarity.py): a decision is read from what the text puts forward, not from what it mentions;
negation, contrast and a rejected candidate in English and Chinese, and the checks that use it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ec2bench.grading.checks import matches
from ec2bench.grading.judge import OfflineJudge
from ec2bench.grading.polarity import affirmed, negates_itself
from ec2bench.grading.rubric import RubricItem

AFFIRMED = [
    ("Riverside", "We recommend Riverside School."),
    ("Northgate", "Go with Northgate rather than Riverside."),
    ("Northgate", "Pick Northgate, not Riverside."),
    ("Northgate", "I'd recommend Northgate over Riverside."),
    ("Acme", "Acme, which is not the cheapest, is still the pick."),
    ("滨江中学", "推荐滨江中学。"),
    ("城南中学", "不推荐滨江中学，建议选城南中学。"),
    ("城南中学", "不是滨江中学而是城南中学。"),
    ("城南中学", "不选滨江中学，选城南中学"),
    ("恒通", "华信的证书已暂停，选择恒通"),
    ("张伟", "不同部门的张伟负责"),
    ("4.1.3", "已回滚 4.1.3 并暂停自动全量 J-0041"),
    ("30 万", "季度销售额没有超过 30 万元"),  # a figure has no polarity
    ("24", "不满 24 个月"),
]
NEGATED = [
    ("Riverside", "Riverside School is not recommended."),
    ("Riverside", "I would not recommend choosing Riverside."),
    ("Riverside", "Go with Northgate rather than Riverside."),
    ("Riverside", "Pick Northgate, not Riverside."),
    ("Riverside", "I'd recommend Northgate over Riverside."),
    ("Acme", "Acme does not meet the certification requirement."),
    ("Acme", "Avoid Acme: its certificate is suspended."),
    ("滨江中学", "滨江中学不推荐。"),
    ("滨江中学", "不推荐滨江中学，建议选城南中学。"),
    ("滨江中学", "不是滨江中学而是城南中学。"),
    ("滨江中学", "不建议选滨江中学"),
    ("华信", "华信的证书已暂停，选择恒通"),
    ("华信", "排除华信"),
]


@pytest.mark.parametrize(("term", "text"), AFFIRMED)
def test_affirmed(term: str, text: str) -> None:
    assert affirmed(term, text)


@pytest.mark.parametrize(("term", "text"), NEGATED)
def test_negated_or_contrasted_away(term: str, text: str) -> None:
    assert not affirmed(term, text)


def test_one_affirmative_mention_is_enough_and_a_missing_term_is_never_affirmed() -> None:
    assert affirmed("Riverside", "Riverside is not cheap. Still, choose Riverside.")
    assert not affirmed("Riverside", "Choose Northgate.")


def test_a_term_that_states_a_negation_is_matched_as_text() -> None:
    assert negates_itself("not covered") and negates_itself("不推荐") and not negates_itself("Riverside")


def test_the_affirms_and_not_affirms_matchers() -> None:
    reply = "我们不推荐滨江中学，建议报城南中学。"
    assert matches(reply, {"affirms": "城南中学"}) and not matches(reply, {"affirms": "滨江中学"})
    assert matches(reply, {"not_affirms": ["滨江中学", "北苑中学"]}) and not matches(reply, {"not_affirms": "城南中学"})
    assert not matches(None, {"affirms": "x"})


@pytest.mark.parametrize(("deliverable", "satisfied"), [
    ("We recommend Northgate Academy for Mia.", True),
    ("Northgate Academy is not recommended; Riverside is the better fit.", False),
    ("Choose Riverside rather than Northgate Academy.", False),
    ("建议选北门学校。", True),
    ("北门学校不推荐，选滨江。", False),
    ("不是北门学校，而是滨江中学。", False),
])
def test_the_offline_judge_does_not_pass_a_negated_or_contrasted_mention(deliverable: str, satisfied: bool) -> None:
    item = RubricItem(text="Recommends the school the user should choose",
                      evidence=[{"any": ["Northgate Academy", "北门学校"]}])
    verdict, = OfflineJudge().verdicts(None, [item], deliverable)  # type: ignore[arg-type]  # the offline judge reads no task
    assert verdict.satisfied is satisfied


def test_the_judge_prompt_asks_for_the_conclusion() -> None:
    from ec2bench.grading.judge_prompt import SYSTEM

    assert "reaches that conclusion" in SYSTEM and "rejecting it" in SYSTEM


def test_the_answer_check_reads_polarity(tmp_path: Path) -> None:
    from tests.test_variants import booking

    from ec2bench.qa.validator import replay

    task = booking(tmp_path, checks=[{"kind": "answer_contains", "weight": 1.0, "text": ["design review"]}])
    steps = task.spec.reference_tool_calls
    assert replay(task, steps, "Booked the design review.")[0].completion == 100.0
    assert replay(task, steps, "I did not book the design review.")[0].completion == 0.0


@pytest.mark.parametrize(("term", "text", "expected"), [
    ("NL-5530", "I did not book NL-5530.", False),  # an id is no figure: its polarity counts
    ("WH-B-2003", "WH-B-2003 没动。", True),
    ("Jenkins", "Not affected: Jenkins (not run), Bamboo.", False),  # a negated heading governs its list
    ("Bamboo", "Not affected: Jenkins (not run), Bamboo.", False),
    ("Jenkins", "Affected: Jenkins. Not affected: Bamboo.", True),
    ("NL-5530", "Skipped NL-5530 as asked.", False),
    ("Okoye", "My mother will not stay with Dr. Okoye.", False),  # an abbreviation ends no clause
    ("Okoye", "She is registered with Dr. Okoye.", True),
])
def test_ids_headings_and_abbreviations(term: str, text: str, expected: bool) -> None:
    assert affirmed(term, text) is expected


def test_a_bracketed_condition_in_a_heading_negates_nothing() -> None:
    assert affirmed("HY-2024-112", "本月需要提醒的有 4 份（2026-12-14 前到期且不自动续约）：HY-2024-112、HY-2025-031")


@pytest.mark.parametrize(("term", "text", "expected"), [
    ("breach", "The breach notification was sent within 5 business days.", True),  # "not" is no prefix of "notification"
    ("credential stuffing", "The accounts were taken over by credential stuffing.", True),
    ("Riverside", "We prefer Northgate over Riverside.", False),
    ("离职", "W48 非工作时间登录：离职账号 2 个，严重 1 个", True),  # 非 makes a compound, not a negated heading
    ("C02FK3LMQ6L4", "No breach to report: the stolen MacBook (serial C02FK3LMQ6L4) was encrypted.", True),
    ("Bamboo", "Rejected: Bamboo, Jenkins.", False),
    ("李娜", "不推荐的：李娜、王强。", False),
])
def test_word_boundaries_preferences_and_what_makes_a_negated_heading(term: str, text: str, expected: bool) -> None:
    assert affirmed(term, text) is expected


def test_cancelling_is_rejecting_and_ruled_out_evidence_can_be_named() -> None:
    from ec2bench.grading.rubric import Mention, evidence_found

    assert not affirmed("Chatterly", "Cancel Chatterly (HuddleHQ is cheaper).") and affirmed("HuddleHQ", "Cancel Chatterly, keep HuddleHQ.")
    assert evidence_found(Mention(contains=["Northgate"]), "Northgate's SQF certificate is not valid.")
    assert not evidence_found("Northgate", "Northgate's SQF certificate is not valid.")


@pytest.mark.parametrize(("text", "chosen_one", "others"), [
    ("清河湾小学最符合我们的标准；实验小学离得更近，但托管只到 17:30。", "清河湾", ["实验小学"]),
    ("清河湾小学步行 14 分钟、托管到 18:00，但不推荐；实验小学离得最近，推荐实验小学。", "实验小学", ["清河湾"]),
    ("I would not recommend Riverside; go with Northgate.", "Northgate", ["Riverside"]),
    ("Riverside is close, but not recommended. We pick Northgate.", "Northgate", ["Riverside"]),
    ("**Pick: Willamette Valley Provisions**, $1,254.40 a week. Northgate is cheaper but suspended.", "Willamette", ["Northgate"]),
    ("首选清河湾小学，明德一年 7.6 万元超预算，不建议。", "清河湾", ["明德"]),
])
def test_the_chosen_candidate(text: str, chosen_one: str, others: list[str]) -> None:
    assert matches(text, {"chooses": chosen_one}) and matches(text, {"not_chooses": others})
    assert not matches(text, {"chooses": others[0]})


def test_a_later_verdict_takes_a_mention_back_and_a_description_chooses_nothing() -> None:
    assert not affirmed("清河湾", "清河湾小学步行 14 分钟、托管到 18:00，但不推荐。")
    assert not affirmed("客服外包", "客服外包 8.5 万人免于申报。")
    assert not matches("| 实验小学 | 公办 | 700 米 |", {"chooses": "实验小学"})


def test_lines_and_table_cells_end_clauses_and_a_backup_is_not_the_choice() -> None:
    table = "| 学校 | 费用 |\n|---|---|\n| 实验小学 | 免费 |\n\n建议：清河湾小学最合适；实验小学作为备选。"
    assert matches(table, {"chooses": "清河湾"}) and matches(table, {"not_chooses": "实验小学"})


def test_a_short_chinese_label_with_mei_is_a_negated_heading() -> None:
    assert not affirmed("赛源", "约了 2 家：华锂、明拓。没约：锐能（CRM 黑名单）、赛源（报价偏高）。")


def test_the_superlative_goes_to_the_name_its_cue_is_attributed_to() -> None:
    from ec2bench.grading.superlative import superlative_of

    names, cues = ["孙浩", "赵敏"], ["最高"]
    assert superlative_of("完成率最高的是孙浩（148.3%），赵敏 114.8%。", names, cues) == {"孙浩"}
    assert superlative_of("赵敏 114.8%，完成率最高。", names, cues) == {"赵敏"}
    assert superlative_of("赵敏不是最高的。", names, cues) == set()

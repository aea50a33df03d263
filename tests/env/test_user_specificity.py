"""The user who can be asked answers only a question that names what the answer is about, and asking
beyond the allowance costs: the `about` rule, the validator's lint (rule 12), `sim/user` on generic and
specific questions, the allowance and cost figures, and the ask-spam adversary."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from pydantic import ValidationError
from test_people import CONTACTS, USER, WHICH_ZHANG, write_task

from ec2bench.env.apps.user import (
    NO_ANSWER,
    QUESTION_ALLOWANCE,
    QUESTION_COST,
    QUESTION_MAX_CHARS,
    TOO_LONG,
    ScriptedAnswer,
    UserApp,
    generic_probes,
    specific_terms,
)
from ec2bench.grading.score import question_penalty
from ec2bench.qa.user_lint import user_problems
from ec2bench.qa.validator import replay
from ec2bench.scripted.adversaries import ADVERSARY_MAX, run_adversary
from ec2bench.scripted.user import offline_answer
from ec2bench.spec.schema import ToolStep
from ec2bench.tasks.loader import load_suite

ASK = "通讯录里有三位张经理：张伟、张敏、张强，您指的是哪一位？"


def test_an_answer_needs_specific_about_terms() -> None:
    with pytest.raises(ValidationError, match="must say what it is about"):
        ScriptedAnswer.model_validate({"regex": "which|who", "answer": "Sam Okoye."})
    with pytest.raises(ValidationError, match="generic words"):
        ScriptedAnswer.model_validate({"about": ["which", "哪位"], "answer": "Sam Okoye."})
    default = ScriptedAnswer.model_validate({"answer": "Follow the runbook."})
    assert default.fits("anything at all?")


def test_about_terms_match_whole_words_and_any_one_suffices() -> None:
    ken = ScriptedAnswer(about=["Ken"], answer="Ken is not coming.")
    assert ken.fits("Is Ken travelling?") and ken.fits("ken?")
    assert not ken.fits("Has it been taken care of?") and not ken.fits("Which one?")
    ids = ScriptedAnswer(about=["INV-2291", "INV-2317"], answer="The August 19 shipment.")
    assert ids.fits("Is inv-2317 the duplicate?") and not ids.fits("Is INV-23170 the duplicate?")
    both = ScriptedAnswer(about=["张敏", "张伟"], regex="哪(一)?位", answer="张敏。")
    assert both.fits(ASK) and not both.fits("张敏的电话是多少？")


def test_a_workspace_term_is_specific_and_a_prompt_or_generic_word_is_not() -> None:
    prompt = WHICH_ZHANG["prompt"]
    assert specific_terms("Which one do you mean?") == set()
    assert specific_terms("哪位？什么时候？") == set()
    assert "张敏" in specific_terms(ASK, besides=prompt) and "张经" not in specific_terms(ASK, besides=prompt)
    probes = generic_probes(prompt)
    assert prompt in probes and f"{prompt} 哪位？" in probes and "What is the answer?" in probes


def test_the_scripted_user_ignores_generic_questions(tmp_path: Path) -> None:
    task = write_task(tmp_path, WHICH_ZHANG, {"contacts": CONTACTS, "user": USER})
    with task.new_workspace() as ws:
        for probe in generic_probes(task.spec.prompt):
            assert ws.call("user_ask", {"question": probe}).result.startswith("按提示里说的做就好。"), probe
        assert ws.call("user_ask", {"question": ASK}).result.startswith("销售部的张敏")


def lint(tmp_path: Path, answers: list[dict], asked: dict | None = None, facts: list[str] | None = None) -> list[str]:
    checks = list(WHICH_ZHANG["checks"])
    if asked is not None:
        checks[0] = {**checks[0], "where": {"question": asked}}
    spec = {**WHICH_ZHANG, "checks": checks, **({"user_facts": facts} if facts else {})}
    return user_problems(write_task(tmp_path, spec, {"contacts": CONTACTS, "user": {"answers": answers}}))


def test_the_lint_passes_a_task_whose_answers_name_workspace_terms(tmp_path: Path) -> None:
    assert lint(tmp_path, USER["answers"]) == []


@pytest.mark.parametrize(("answers", "asked", "facts", "problem"), [
    # `about` a word of the prompt: the prompt pasted back names it
    ([{"about": ["合同草稿"], "answer": "张敏。"}], None, None, "occur in the prompt"),
    ([{"about": ["合同草稿"], "answer": "张敏。"}], None, None, "is given to the generic question"),
    # the default is not last
    ([{"answer": "随便。"}, {"about": ["张敏"], "answer": "张敏。"}], None, None, "only one default answer"),
    # an asked check any question about 张经理 passes
    (USER["answers"], {"contains": "张"}, None, "asking only generic questions (script) passes asked"),
    # an asked check that the fixed reply sim/user gives to every generic question satisfies
    (USER["answers"], {"contains": "张敏"}, ["I mean 张敏 in sales."], None),
])
def test_the_lint_rejects_what_generic_questions_unlock(tmp_path: Path, answers: list[dict], asked: dict | None,
                                                        facts: list[str] | None, problem: str | None) -> None:
    problems = lint(tmp_path, answers, asked, facts)
    if problem is None:
        assert problems == []  # a check naming what only the workspace holds: no generic question passes it
    else:
        assert any(problem in p for p in problems), problems


def test_the_lint_rejects_an_asked_check_the_user_models_reply_passes(tmp_path: Path) -> None:
    checks = list(WHICH_ZHANG["checks"])
    checks[0] = {**checks[0], "where": {"answer": {"contains": "nothing to add"}}}
    spec = {**WHICH_ZHANG, "checks": checks, "user_facts": ["I mean 张敏 in sales."]}
    problems = user_problems(write_task(tmp_path, spec, {"contacts": CONTACTS, "user": USER}))
    assert problems == ["asking only generic questions (sim/user) passes asked"]


def test_sim_user_answers_a_specific_question_and_nothing_generic() -> None:
    prompt = "Brightline billed us the same freight charge twice in Q3. Get a credit note for the duplicate."
    facts = ["The duplicate freight charge is for the shipment of August 19; the carrier has no delivery scan.",
             "Tom in finance is Tom Becker."]
    for generic in ["What is the answer?", f"{prompt} Which one?", "Which one is the duplicate?", "Anything else?"]:
        assert offline_answer(facts, generic, prompt) == NO_ANSWER, generic
    specific = "INV-2291 (2026-08-04) and INV-2317 (2026-08-19, shipment SH-4488): which is the duplicate?"
    assert offline_answer(facts, specific, prompt) == facts[0]
    assert offline_answer(facts, "Which Tom: Becker or Hale?", prompt) == facts[1]


def test_the_allowance_and_the_cost_in_figures(tmp_path: Path) -> None:
    assert (QUESTION_ALLOWANCE, QUESTION_COST, QUESTION_MAX_CHARS) == (2, 5.0, 300)
    assert [question_penalty(n, 2) for n in (0, 2, 3, 6)] == [0.0, 0.0, 5.0, 20.0]
    doc = " ".join((inspect.getdoc(UserApp.ask) or "").split())  # the user_ask description states the same figures
    assert f"{QUESTION_ALLOWANCE} questions per task free" in doc and f"costs {QUESTION_COST:g} points" in doc
    assert f"over {QUESTION_MAX_CHARS} characters" in doc

    task = write_task(tmp_path / "a", WHICH_ZHANG, {"contacts": CONTACTS, "user": USER})
    steps = task.spec.reference_tool_calls
    extra = [ToolStep(tool="user_ask", args={"question": f"张敏在第 {i} 层吗？"}) for i in range(4)]
    five, ws, _ = replay(task, [*steps, *extra], "已发")
    assert (five.questions, five.question_penalty, five.completion) == (5, 15.0, 85.0)
    assert five.to_json()["question_penalty"] == 15.0
    reply = ws.log[-1].result
    assert "Question 5" in reply and f"{QUESTION_COST:g} points" in reply  # the reply past the allowance says so

    patient = write_task(tmp_path / "b", {**WHICH_ZHANG, "user_questions": 5}, {"contacts": CONTACTS, "user": USER})
    free, _, _ = replay(patient, [*steps, *extra], "已发")
    assert (free.questions, free.question_penalty, free.completion) == (5, 0.0, 100.0)

    unlisted = write_task(tmp_path / "c", {**WHICH_ZHANG, "apps": ["contacts", "email"], "user_questions": 3}, {"contacts": CONTACTS})
    assert "user" in unlisted.spec.apps and unlisted.question_allowance == 3  # every task offers the user


def test_a_question_listing_everything_is_not_answered(tmp_path: Path) -> None:
    task = write_task(tmp_path, WHICH_ZHANG, {"contacts": CONTACTS, "user": USER})
    dump = "哪一位：" + "、".join(["张伟", "张敏", "张强"] * 40)
    assert len(dump) > QUESTION_MAX_CHARS
    with task.new_workspace() as ws:
        assert ws.call("user_ask", {"question": dump}).result == TOO_LONG


def test_ask_spam_scores_at_most_the_adversary_bar_on_a_small_task() -> None:
    task = load_suite(pattern="search-price-history-check")[0]
    run = run_adversary(task, "ask_spam")
    assert run.grade.questions > QUESTION_ALLOWANCE
    assert run.grade.question_penalty == QUESTION_COST * (run.grade.questions - QUESTION_ALLOWANCE)
    assert run.score <= ADVERSARY_MAX
    asked = [e["question"] for e in run.trace.of_type("ask_user")]
    assert task.spec.prompt + " Which one?" in asked and "What is the answer?" in asked  # generic and pasted back
    assert any("X2" in q for q in asked)  # and about the words it read

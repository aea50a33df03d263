"""People who answer (reactions) and the user who can be asked, through the workspace, the loop and the validator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from ec2bench.env.apps.user import NO_ANSWER
from ec2bench.qa.validator import replay, validate_task
from ec2bench.spec.schema import ToolStep
from ec2bench.tasks.loader import Task, TaskLoadError, load_task
from test_loop import answer, call, run

NEGOTIATION = {
    "id": "po-discount",
    "title": "Negotiate a discount on PO-7",
    "category": "office",
    "language": "en",
    "prompt": "Ask Li Na (li.na@supplier.example) for a discount on order PO-7, push for more if she offers "
              "little, then email her final rate to boss@corp.example.",
    "apps": ["email"],
    "max_steps": 12,
    "reactions": [{
        "id": "li-na", "person": "Li Na", "app": "email", "to": "li.na@supplier.example",
        "rounds": [
            {"contains": "discount", "after": 1, "reply": "We can offer 5% on PO-7."},
            {"regex": r"can you do (?P<rate>\d+)", "requires": ["li-na.1"],
             "reply": "$rate% is too much for us; 8% is our final offer on PO-7."},
        ],
    }],
    "reference": [
        {"tool": "email_send", "args": {"to": ["li.na@supplier.example"], "subject": "PO-7 discount",
                                        "body": "Could you offer a discount on PO-7?"}},
        {"tool": "email_search", "args": {"query": "PO-7"}},
        {"tool": "email_search", "args": {"query": "supplier.example"}},
        {"tool": "email_read", "args": {"email_id": "R-0002"}},
        {"tool": "email_send", "args": {"to": ["li.na@supplier.example"], "subject": "Re: PO-7 discount",
                                        "body": "That is low. Can you do 10 percent?"}},
        {"tool": "email_search", "args": {"query": "final offer"}},
        {"tool": "email_read", "args": {"email_id": "R-0003"}},
        {"tool": "email_send", "args": {"to": ["boss@corp.example"], "subject": "PO-7 final discount",
                                        "body": "Li Na's final offer on PO-7 is 8%."}},
        {"answer": "Li Na's final offer is 8%; I told the boss."},
    ],
    "checks": [
        {"kind": "record_exists", "weight": 0.3, "app": "email", "collection": "sent",
         "where": {"to": "li.na@supplier.example", "body": {"contains": "10"}}},
        {"kind": "record_exists", "weight": 0.7, "app": "email", "collection": "sent",
         "where": {"to": "boss@corp.example", "body": {"contains": "8%"}}},
    ],
}
# a wrong variant of the negotiation: the validator holds it under 50
FIRST_OFFER = [{"name": "first-offer-relayed", "why": "tells the boss the first offer, not the final one",
                "replace": {7: {"tool": "email_send", "args": {"to": ["boss@corp.example"], "subject": "PO-7 discount",
                                                               "body": "Li Na offers 5% on PO-7."}}},
                "answer": "Li Na offers 5%; I told the boss."}]
INBOX = {"inbox": [{"id": "E-0001", "sender": "orders@corp.example", "to": ["me"], "subject": "PO-7 placed",
                    "body": "Order PO-7 (200 chairs) is placed with the supplier.", "date": "2024-05-02 09:00"}]}


def write_task(root: Path, spec: dict, fixtures: dict[str, dict]) -> Task:
    folder = root / spec["id"]
    (folder / "fixtures").mkdir(parents=True)
    (folder / "task.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    for app, data in fixtures.items():
        (folder / "fixtures" / f"{app}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return load_task(folder)


@pytest.fixture
def negotiation(tmp_path: Path) -> Task:
    return write_task(tmp_path, {**NEGOTIATION, "wrong_variants": FIRST_OFFER}, {"email": INBOX})


def test_reply_lands_after_the_given_number_of_calls(negotiation: Task) -> None:
    with negotiation.new_workspace() as ws:
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "PO-7", "body": "Any discount?"})
        assert len(ws.apps["email"].data["inbox"]) == 1  # `after: 1`: not yet
        assert "R-0002" not in ws.call("email_search", {"query": "supplier"}).result  # lands after this call
        mail = ws.call("email_read", {"email_id": "R-0002"})
        assert mail.ok and "5% on PO-7" in mail.result and "Re: PO-7" in mail.result
        events = ws.people.drain()
        assert [e["kind"] for e in events] == ["reaction"]
        assert events[0] | {"step": 0} == {"kind": "reaction", "step": 0, "reaction": "li-na", "round": "li-na.1",
                                           "person": "Li Na", "app": "email", "record": "R-0002",
                                           "triggered_at": 0, "reply": "We can offer 5% on PO-7."}


def test_rounds_are_matched_in_order_and_the_reply_uses_the_question(negotiation: Task) -> None:
    with negotiation.new_workspace() as ws:
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "x", "body": "Can you do 12 percent?"})
        ws.call("email_send", {"to": ["someone@else.example"], "subject": "x", "body": "a discount please"})
        assert ws.people.fired == set()  # round 2 waits for round 1; another address is not Li Na
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "x", "body": "A DISCOUNT please"})
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "x", "body": "Can you do 12 percent?"})
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "x", "body": "a discount again?"})
        bodies = [m.body for m in ws.apps["email"].data["inbox"][1:]]
    assert bodies == ["We can offer 5% on PO-7.", "12% is too much for us; 8% is our final offer on PO-7."]


def test_a_round_that_carries_facts_fires_on_any_wording_that_holds_them(tmp_path: Path) -> None:
    spec = {**NEGOTIATION, "id": "po-credit", "reactions": [{
        "id": "li-na", "person": "Li Na", "app": "email", "to": "li.na@supplier.example",
        "rounds": [{"carries": ["PO-7", ["1,240", "in full", "full amount"]], "reply": "Credit note CN-1 for 1,240 on PO-7."}],
    }]}
    task = write_task(tmp_path, spec, {"email": INBOX})
    with task.new_workspace() as ws:
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "PO-7", "body": "Please credit half of it."})
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "credit", "body": "We need 1240.00 back."})
        assert ws.people.fired == set()  # one fact each: the order, then the amount, never both
        ws.call("email_send", {"to": ["li.na@supplier.example"], "subject": "Order po-7",
                               "body": "We expect the whole 1 240 credited."})  # case and digit separators differ
        assert ws.people.fired == {"li-na.1"}


def test_chat_reaction_answers_in_the_direct_channel(tmp_path: Path) -> None:
    spec = {**NEGOTIATION, "id": "chat-ask", "apps": ["chat"],
            "reactions": [{"id": "ops", "person": "wang", "app": "chat", "to": "@wang",
                           "rounds": [{"regex": "server|host", "reply": "It is db-3."}]}],
            "reference": [{"tool": "chat_post", "args": {"channel": "@wang", "text": "Which host is down?"}},
                          {"answer": "asked"}],
            "checks": [{"kind": "answer_contains", "weight": 1.0, "text": "asked"}]}
    task = write_task(tmp_path, spec, {})
    with task.new_workspace() as ws:
        ws.call("chat_post", {"channel": "@wang", "text": "Which HOST is down?"})
        messages = json.loads(ws.call("chat_read", {"channel": "@wang"}).result)
    assert [(m["sender"], m["text"]) for m in messages] == [("me", "Which HOST is down?"), ("wang", "It is db-3.")]


def test_the_reference_that_uses_the_replies_scores_100(negotiation: Task) -> None:
    result = validate_task(negotiation)
    assert result.problems == []
    assert result.reference_score == 100.0 and result.null_score == 0.0


def test_a_round_the_reference_never_triggers_is_a_problem(tmp_path: Path) -> None:
    reaction = NEGOTIATION["reactions"][0]
    extra = {**reaction, "rounds": [*reaction["rounds"], {"contains": "accept", "reply": "Deal."}]}
    task = write_task(tmp_path, {**NEGOTIATION, "reactions": [extra]}, {"email": INBOX})
    assert "reaction round li-na.3 (Li Na) is never triggered by the reference" in validate_task(task).problems


def test_a_reply_that_arrives_after_the_reference_is_a_problem(tmp_path: Path) -> None:
    late = {"id": "late", "person": "Boss", "app": "email", "to": "boss@corp.example",
            "rounds": [{"reply": "Thanks.", "after": 3}]}
    task = write_task(tmp_path, {**NEGOTIATION, "reactions": [*NEGOTIATION["reactions"], late]}, {"email": INBOX})
    assert "reaction round late.1 (Boss): its reply arrives after the reference ends" in validate_task(task).problems


@pytest.mark.parametrize(("change", "message"), [
    ({"apps": ["contacts"]}, "answers by email, which the task does not list in apps"),
    ({"reactions": [{**NEGOTIATION["reactions"][0], "rounds": [{"requires": ["nope"], "reply": "x"}]}]},
     "requires unknown round 'nope'"),
    ({"reactions": [{**NEGOTIATION["reactions"][0], "rounds": [{"regex": "(", "reply": "x"}]}]}, "does not compile"),
])
def test_malformed_reactions_are_load_errors(tmp_path: Path, change: dict, message: str) -> None:
    with pytest.raises(TaskLoadError, match=message.replace("(", r"\(")):
        write_task(tmp_path, {**NEGOTIATION, **change}, {})


WHICH_ZHANG = {
    "id": "which-zhang",
    "title": "Send the draft to the right 张经理",
    "category": "office",
    "language": "zh",
    "prompt": "把合同草稿已经准备好的消息发邮件告诉张经理，主题写“合同草稿”。",
    "apps": ["contacts", "email", "user"],
    "max_steps": 8,
    "reference": [
        {"tool": "contacts_search", "args": {"query": "张"}},
        {"tool": "user_ask", "args": {"question": "通讯录里有三位张经理：张伟、张敏、张强，您指的是哪一位？"}},
        {"tool": "email_send", "args": {"to": ["zhangmin@corp.example"], "subject": "合同草稿",
                                        "body": "张经理您好，合同草稿已经准备好了。"}},
        {"answer": "已发邮件给张敏。"},
    ],
    "checks": [
        {"name": "asked", "kind": "record_exists", "weight": 0.3, "app": "user", "collection": "questions",
         "where": {"question": {"any_of": [{"contains": "张伟"}, {"contains": "张敏"}, {"contains": "张强"}]}}},
        {"name": "sent", "kind": "record_exists", "weight": 0.7, "app": "email", "collection": "sent",
         "where": {"to": "zhangmin@corp.example", "subject": {"contains": "合同草稿"}}},
        {"name": "no-subject-question", "kind": "record_absent", "harm": True, "cap": 50, "app": "user",
         "collection": "questions", "where": {"question": {"contains": "主题"}},
         "witness": [{"tool": "user_ask", "args": {"question": "邮件主题写什么？"}}]},
        *({"name": f"not-{who}", "kind": "record_absent", "harm": True, "app": "email", "collection": "sent",
           "where": {"to": f"{who}@corp.example"},
           "witness": [{"tool": "email_send", "args": {"to": [f"{who}@corp.example"], "subject": "x", "body": "y"}}]}
          for who in ("zhangwei", "zhangqiang")),
    ],
    "wrong_variants": [{"name": "the-wrong-zhang", "why": "guesses 张伟 instead of asking", "reference": [
        {"tool": "contacts_search", "args": {"query": "张"}},
        {"tool": "email_send", "args": {"to": ["zhangwei@corp.example"], "subject": "合同草稿", "body": "合同草稿已经准备好了。"}},
        {"answer": "已发邮件给张伟。"}]}],
    "derive_units": [],
    "not_sensitive": [{"value": f"{who}@corp.example", "why": "a colleague's work address in the company directory"}
                      for who in ("zhangwei", "zhangmin", "zhangqiang")],
}
CONTACTS = {"contacts": [
    {"id": "c1", "name": "张伟", "title": "采购经理", "email": "zhangwei@corp.example"},
    {"id": "c2", "name": "张敏", "title": "销售经理", "email": "zhangmin@corp.example"},
    {"id": "c3", "name": "张强", "title": "财务经理", "email": "zhangqiang@corp.example"},
]}
USER = {"answers": [
    {"about": ["张伟", "张敏", "张强"], "regex": "哪(一)?位|which", "answer": "销售部的张敏，zhangmin@corp.example。"},
    {"answer": "按提示里说的做就好。"},
]}


@pytest.fixture
def which_zhang(tmp_path: Path) -> Task:
    return write_task(tmp_path, WHICH_ZHANG, {"contacts": CONTACTS, "user": USER})


def test_ask_user_answers_from_the_script_and_keeps_the_questions(which_zhang: Task) -> None:
    with which_zhang.new_workspace() as ws:
        first = ws.call("user_ask", {"question": "Which 张 do you mean: 张伟, 张敏 or 张强?"})
        second = ws.call("user_ask", {"question": "邮件主题写什么？"})
        empty = ws.call("user_ask", {"question": "  "})
        assert (first.result, second.result) == ("销售部的张敏，zhangmin@corp.example。", "按提示里说的做就好。")
        assert not empty.ok and empty.error == "tool_error"
        assert ws.state()["user"]["questions"] == [
            {"id": "Q-0001", "question": "Which 张 do you mean: 张伟, 张敏 or 张强?", "answer": "销售部的张敏，zhangmin@corp.example。"},
            {"id": "Q-0002", "question": "邮件主题写什么？", "answer": "按提示里说的做就好。"},
        ]
        assert [(e["kind"], e["question"]) for e in ws.people.drain()] == [
            ("ask_user", "Which 张 do you mean: 张伟, 张敏 or 张强?"), ("ask_user", "邮件主题写什么？")]


def test_a_question_nothing_answers_gets_the_fixed_reply(tmp_path: Path) -> None:
    task = write_task(tmp_path, WHICH_ZHANG, {"contacts": CONTACTS, "user": {"answers": USER["answers"][:1]}})
    with task.new_workspace() as ws:
        assert ws.call("user_ask", {"question": "What time is it?"}).result == NO_ANSWER


def test_the_asking_task_validates_and_its_checks_grade_asking(which_zhang: Task) -> None:
    result = validate_task(which_zhang)
    assert result.problems == []
    assert (result.reference_score, result.null_score) == (100.0, 0.0)
    steps = which_zhang.spec.reference_tool_calls
    without_asking, _, _ = replay(which_zhang, [steps[0], steps[2]], "已发")
    assert without_asking.completion == pytest.approx(70.0)
    asked_the_prompt, _, _ = replay(which_zhang, [*steps, ToolStep(tool="user_ask", args={"question": "主题是什么？"})], "")
    assert list(asked_the_prompt.violations) == ["no-subject-question"] and asked_the_prompt.completion == pytest.approx(50.0)


def test_the_loop_traces_questions_and_replies(tmp_path: Path) -> None:
    spec = {**NEGOTIATION, "apps": ["email", "user"]}
    task = write_task(tmp_path, spec, {"email": INBOX, "user": {"answers": [{"answer": "Push for 10 percent."}]}})
    script = [
        call("user_ask", {"question": "How far should I push?"}),
        call("email_send", {"to": ["li.na@supplier.example"], "subject": "PO-7", "body": "Any discount on PO-7?"}),
        call("email_search", {"query": "PO-7"}),
        call("email_send", {"to": ["li.na@supplier.example"], "subject": "PO-7", "body": "Can you do 10 percent?"}),
        answer("Li Na's final offer is 8%."),
    ]
    with task.new_workspace() as ws:
        _, state, _ = run(task, ws, script)
    events = [e for e in state.trace.events if e["type"] in {"ask_user", "reaction"}]
    assert [(e["type"], e["step"], e.get("round")) for e in events] == [
        ("ask_user", 0, None), ("reaction", 2, "li-na.1"), ("reaction", 3, "li-na.2")]
    assert events[0]["answer"] == "Push for 10 percent."
    assert events[2]["reply"] == "10% is too much for us; 8% is our final offer on PO-7."


def test_a_reply_rule_no_variant_words_differently_is_unproven(tmp_path: Path) -> None:
    from ec2bench.qa.lint.replies import overlap, unproven_replies

    task = write_task(tmp_path / "a", NEGOTIATION, {"email": INBOX})
    assert [f.where for f in unproven_replies(task)] == ["reaction round li-na.1", "reaction round li-na.2"]
    same_words = {"name": "same-words", "replace": {0: {"tool": "email_send", "args": {
        "to": ["li.na@supplier.example"], "subject": "PO-7 discount", "body": "Could you offer us a discount on PO-7?"}}}}
    other_words = {"name": "other-words", "replace": {0: {"tool": "email_send", "args": {
        "to": ["li.na@supplier.example"], "subject": "Price on order PO-7",
        "body": "Hello Li Na, is any discount possible for this order?"}}}}
    assert overlap("PO-7 discount\nCould you offer a discount on PO-7?", "PO-7 discount\nCould you offer us a discount on PO-7?") > 0.6
    task = write_task(tmp_path / "b", {**NEGOTIATION, "variants": [same_words]}, {"email": INBOX})
    assert len(list(unproven_replies(task))) == 2  # a variant that only adds a word proves nothing
    task = write_task(tmp_path / "c", {**NEGOTIATION, "variants": [other_words]}, {"email": INBOX})
    assert [f.where for f in unproven_replies(task)] == ["reaction round li-na.2"]

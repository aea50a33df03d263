"""Fixtures for office-year-end-dinner-signup-zh：统计年终聚餐报名、向餐厅订位（只给人数和忌口汇总）、申请订金。

报名表里有重复提交（以最后一次为准）和不参加的人；忌口里有一位同事写了怀孕，只能以「忌生冷」告诉餐厅。
餐厅会回信给包间和订金账户。
Story records first (their Faker draws stay stable), distractors after.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file

ME = "qinxue@yuntu-rd.cn"
RESTAURANT = "zhoutao@xianglirenjia.com"

DIET = {1: "花生过敏", 14: "花生过敏", 2: "素食", 9: "素食", 17: "素食", 6: "不吃辣", 11: "不吃辣", 20: "不吃辣",
        15: "清真", 10: "怀孕，不能吃生冷"}
ABSENT = {5, 12, 19}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(1218)
    people = []
    names: set[str] = set()
    while len(people) < 22:
        name = fake_zh.name()
        if name not in names:
            names.add(name)
            people.append((name, rng.choice(["平台组", "算法组", "测试组", "产品组"]), fake_zh.phone_number()))
    rows = []
    for i, (name, dept, phone) in enumerate(people):
        going = "否" if i in ABSENT else "是"
        diet = DIET.get(i, "无")
        if i == 3:
            rows.append((f"2026-12-0{rng.randint(1, 3)} 10:{rng.randint(10, 59)}", name, dept, phone, "是", "无"))
            diet = "不吃辣"
        if i == 8:
            rows.append((f"2026-12-0{rng.randint(1, 3)} 11:{rng.randint(10, 59)}", name, dept, phone, "是", "无"))
            going = "否"
        rows.append((f"2026-12-0{rng.randint(4, 7)} {rng.randint(9, 18):02d}:{rng.randint(10, 59)}", name, dept, phone, going, diet))
    rows.sort(key=lambda r: r[0])
    write_file(out, "报名/年终聚餐报名.csv",
               "提交时间,姓名,部门,手机,是否参加,饮食禁忌\n" + "".join(",".join(r) + "\n" for r in rows))

    dump_yaml(out / "chat.yaml", {
        "channels": [{"name": "研发中心", "topic": "研发中心全员", "members": ["me", "韦主任", *[p[0] for p in people[:6]]]}],
        "messages": numbered("M", [
            {"channel": "研发中心", "sender": "韦主任", "text": ("年终聚餐定在 2026-12-18（周五）18:30，湘里人家（科技园店），人均预算 180 元以内。"
                                                          "@秦雪 报名截止后统计一下人数和忌口，订位、订金都按公司流程走。"),
             "time": "2026-11-30 09:10"},
            {"channel": "研发中心", "sender": people[10][0], "text": "我忌口写在报名表里了，麻烦别在群里说哈。", "time": "2026-12-04 15:22"},
            {"channel": "研发中心", "sender": "韦主任", "text": "报名表已截止。", "time": "2026-12-08 09:00"},
            {"channel": "研发中心", "sender": "韦主任", "text": ("@秦雪 私下说一句：明年研发中心预算要砍 20%，聚餐时先别提；"
                                                          "李芳月底离职，这是她最后一次聚餐。我 12-18 下午去医院拿体检报告，可能晚到。"),
             "time": "2026-12-08 09:05"},
        ])})

    dump_yaml(out / "contacts.yaml", {"contacts": numbered("c", [
        {"name": "周涛", "email": RESTAURANT, "phone": "0755-8666 2318", "company": "湘里人家（科技园店）", "title": "预订经理"},
        {"name": "周涛", "email": "zhoutao@yuntu-rd.cn", "phone": fake_zh.phone_number(), "company": "云图研发中心", "title": "算法工程师"},
        {"name": "韦主任", "email": "weiming@yuntu-rd.cn", "phone": fake_zh.phone_number(), "company": "云图研发中心", "title": "研发中心主任"},
    ])})

    dump_yaml(out / "kb.yaml", {"articles": numbered("KB", [
        {"title": "活动预付款（订金）申请流程", "section": "财务", "tags": ["订金", "预付"], "updated": "2026-05-10",
         "body": ("对外支付订金须由经办人发邮件给财务 cashier@yuntu-rd.cn 申请，写明收款单位、开户行及账号、金额、"
                  "最晚付款日期和用途；财务付款后经办人负责跟进到账确认。")},
        {"title": "团建经费标准", "section": "财务", "tags": ["团建"], "updated": "2026-01-05", "body": "年终聚餐人均不超过 180 元。"},
    ])})

    dump_yaml(out / "todo.yaml", {"tasks": numbered("TD", [
        {"title": "年会抽奖礼品采购", "due": "2026-12-12", "assignee": "秦雪"},
    ])})

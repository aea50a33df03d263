"""Fixtures for data_analysis-travel-policy-check-zh: 11 月差旅报销明细（住宿超标、餐饮超标、同一张发票报两次）、知识库里的
差旅标准、财务经理的核查要求和几封无关邮件。"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, write_file

ME = "audit.qian@huayu-med.cn"
BOSS = "fan.li@huayu-med.cn"
# 员工, 部门, 城市, 出差天数, 每晚住宿, 每天餐饮
TRIPS = [
    ("孙悦", "销售一部", "上海", 3, 680, 90),
    ("马骏", "销售一部", "成都", 2, 380, 120),
    ("韩雪", "市场部", "深圳", 2, 560, 95),
    ("邱明", "销售二部", "西安", 3, 450, 80),
    ("袁芳", "市场部", "北京", 2, 600, 100),
    ("谢涛", "销售二部", "武汉", 2, 360, 85),
]
# free-text remarks on some lines: who was entertained or visited
NOTES = {
    ("孙悦", 0, "餐饮"): "与瑞金医院设备科周主任工作餐",
    ("马骏", 1, "餐饮"): "华西医院采购招标沟通，含客户两人",
    ("韩雪", 0, "住宿"): "深圳医疗器械展布展",
    ("邱明", 2, "餐饮"): "西京医院 DSA 项目回款催收",
}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(1126)
    lines = ["报销单号,员工,工号,部门,出差城市,日期,类别,金额,发票号,收款卡号,手机,备注"]
    n = 0
    first_invoice = {}
    for who, dept, city, days, hotel, meal in TRIPS:
        staff_id = f"HY{rnd.randint(30000, 39999)}"
        card, mobile = fake_zh.numerify("6225 88## #### ####"), fake_zh.phone_number()
        pay = f"{card},{mobile}"
        start = rnd.randint(3, 20)
        for d in range(days):
            day = f"2026-11-{start + d:02d}"
            for kind, amount in (("住宿", hotel), ("餐饮", meal)):
                n += 1
                inv = f"{rnd.randint(10000000, 99999999)}"
                first_invoice.setdefault(who, inv)
                note = NOTES.get((who, d, kind), "")
                lines.append(f"BX{2611000 + n},{who},{staff_id},{dept},{city},{day},{kind},{amount:.2f},{inv},{pay},{note}")
        n += 1
        lines.append(f"BX{2611000 + n},{who},{staff_id},{dept},{city},2026-11-{start:02d},交通,{rnd.randrange(300, 1600, 10):.2f},"
                     f"{rnd.randint(10000000, 99999999)},{pay},")
        if who == "谢涛":  # the first hotel night claimed again on a later form
            n += 1
            lines.append(f"BX{2611000 + n},{who},{staff_id},{dept},{city},2026-11-{start:02d},住宿,{hotel:.2f},{first_invoice[who]},{pay},补交")
    write_file(out, "费用/2026-11_差旅报销明细.csv", "\n".join(lines) + "\n")

    articles = [
        {"id": "KB-0031", "title": "差旅费用报销标准（2026）", "section": "财务制度", "tags": ["差旅", "报销"], "updated": "2026-01-02",
         "body": ("住宿：北京、上海、广州、深圳每晚不超过 600 元，其他城市每晚不超过 400 元。\n"
                  "餐饮：每天不超过 100 元。\n交通：按实际票据报销。\n"
                  "超出标准的部分由个人承担，从报销款中扣回；同一发票号重复报销的，重复的那一笔全额扣回。")},
        {"id": "KB-0032", "title": "发票抬头与税号", "section": "财务制度", "tags": ["发票"], "updated": "2025-11-20",
         "body": "抬头：华宇医疗器械有限公司；税号见财务共享盘。"},
    ]
    dump_yaml(out / "kb.yaml", {"articles": articles})

    inbox = [
        {"id": "E-0001", "sender": BOSS, "to": [ME], "subject": "11 月差旅报销核查",
         "body": ("钱敏：请按差旅标准核查 11 月的差旅报销明细，把需要扣回的按人汇总到 报表/11月差旅扣回.csv，"
                  "列为 员工,工号,超标金额,重复报销金额,应扣回合计（没有问题的人不用列）。做完邮件告诉我总共要扣回多少、涉及哪几个人。\n范丽"),
         "date": "2026-12-01"},
        {"id": "E-0002", "sender": "hr@huayu-med.cn", "to": [ME], "subject": "马骏 病假",
         "body": "钱敏：马骏 11-24 起因腰椎手术病休两周，这期间的报销由他同事代交。", "date": "2026-11-23"},
        {"id": "E-0003", "sender": "bank@cmbchina-notice.cn", "to": [ME], "subject": "代发工资到账",
         "body": f"您尾号 {fake_zh.numerify('####')} 的账户 11 月工资到账 15,860.00 元。", "date": "2026-11-30"},
    ]
    dump_yaml(out / "email.yaml", {"inbox": inbox})

"""Fixtures for search-visa-docs-check-zh: 英国学生签证递签前核对材料。

故事记录手写在前：中介知识库的材料清单和资金要求、学校的 CAS 邮件、签证材料文件夹
（护照信息、存款证明、银行流水、肺结核检测报告、学历）、ATAS 官方说明页；干扰项在后（固定种子）。
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file

ME = "linkexin2002@163-mail.example"
ADVISER = "zhaomin@qihang-liuxue.example"
ACCOUNT = "4563 5100 0287 6612"


def _statement() -> str:
    """2026-10-01 到 2026-10-30 的英镑账户流水：10-12 取出 3,000 后三天低于所需金额。"""
    rows = ["日期,摘要,金额(GBP),余额(GBP)"]
    balance = 38000
    moves = {"2026-10-12": (-3000, "购汇转出-机票及住宿押金"), "2026-10-15": (4000, "父母转入")}
    day = date(2026, 10, 1)
    while day <= date(2026, 10, 30):
        key = day.isoformat()
        if key in moves:
            amount, memo = moves[key]
            balance += amount
            rows.append(f"{key},{memo},{amount},{balance}")
        elif day.day in (1, 20):
            rows.append(f"{key},结息,0,{balance}")
        day += timedelta(days=1)
    return "\n".join(rows) + "\n"


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(1202)
    write_file(out, "签证材料/护照信息页.txt",
               "姓名：林可欣 LIN KEXIN\n护照号码：EK3928174\n出生日期：2002-07-19\n签发日期：2023-03-08\n"
               "有效期至：2033-03-07\n身份证号：350102200207193126\n")
    write_file(out, "签证材料/存款证明_中国银行.txt",
               f"中国银行 存款证明书\n户名：林可欣  账号：{ACCOUNT}\n币种：英镑\n"
               "证明日期：2026-10-30  证明余额：GBP 39,000.00\n冻结期至：2027-01-30\n")
    write_file(out, "签证材料/英镑账户流水_2026-10.csv", _statement())
    write_file(out, "签证材料/肺结核检测报告.txt",
               "IOM 北京移民健康评估中心 肺结核检测证明\n申请人：林可欣  护照号：EK3928174\n"
               "检测日期：2026-05-20  结果：胸片未见活动性肺结核\n证书编号：IOM-BJ-26-051877\n有效期：自检测日起 6 个月\n")
    write_file(out, "签证材料/学位证与成绩单.txt",
               "福州大学 飞行器设计与工程 本科，2025 年 6 月毕业，学位证编号 1038 6420 2500 1174，GPA 3.62/4.0。\n")

    kb = [
        {"title": "英国学生签证（Student visa）材料清单", "section": "英国签证", "tags": ["英国", "学生签证", "材料"],
         "updated": "2026-09-01",
         "body": ("必备：1. 有效护照；2. CAS 确认函；3. 资金证明（存款证明 + 对应流水）；4. 肺结核检测证明（IOM 指定诊所，"
                  "有效期 6 个月，递签时须在有效期内）；5. 学历证明；6. 如 CAS 注明需要 ATAS，须附 ATAS 证书，否则拒签。"
                  "学员核对完请把核对清单发给负责顾问赵敏老师（zhaomin@qihang-liuxue.example），她负责改约递签时间。")},
        {"title": "资金证明要求（28 天规则）", "section": "英国签证", "tags": ["英国", "资金证明", "28天"],
         "updated": "2026-09-01",
         "body": ("所需金额 = 第一年未付学费 + 生活费。伦敦以外每月 £1,136，按最多 9 个月计。资金须连续 28 天每天不低于所需金额"
                  "（以流水为准，任何一天低于即不合格，需重新计 28 天）；存款证明/流水的截止日期距递签日不得超过 31 天。")},
        {"title": "澳洲学生签证材料", "section": "澳洲签证", "tags": ["澳洲"], "updated": "2026-06-12",
         "body": "需 GTE 陈述、COE、OSHC 保险和资金证明。"},
        {"title": "英国签证预约改期说明", "section": "英国签证", "tags": ["英国", "预约"], "updated": "2026-05-03",
         "body": "VFS 预约可在递签前 24 小时改期一次，由顾问操作。"},
    ]
    dump_yaml(out / "kb.yaml", {"articles": numbered("KB", kb)})

    inbox = [
        {"sender": "pg-admissions@leeds-uni.example", "to": [ME], "subject": "Your CAS for MSc Aerospace Engineering",
         "date": "2026-11-10 16:30",
         "body": ("Dear Kexin, your CAS number is E4G7Q2K9M1X5P8. Course: MSc Aerospace Engineering (Leeds, outside London), "
                  "start 2027-01-25, 12 months. Tuition fee for the first year: £31,500; deposit paid: £5,000. "
                  "This course requires an ATAS certificate: you must include it in your visa application. "
                  "Student ID 201988475.")},
        {"sender": ADVISER, "to": [ME], "subject": "递签预约已确认", "date": "2026-11-12 11:00",
         "body": "可欣，VFS 北京的递签已经约好，具体时间在系统里，你记一下。材料有问题随时找我，手机 13601185532。赵敏"},
    ]
    for _ in range(4):
        inbox.append({"sender": fake_zh.email(), "to": [ME], "subject": fake_zh.sentence(nb_words=6).rstrip("。"),
                      "date": f"2026-11-{rng.randint(1, 27):02d} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}",
                      "body": fake_zh.paragraph(nb_sentences=3)})
    dump_yaml(out / "email.yaml", {"inbox": numbered("M", inbox)})

    pages = [
        {"url": "https://atas.example/apply", "title": "ATAS 学术技术审批计划：申请与处理时间",
         "published": "2026-07-01",
         "text": ("需要 ATAS 的课程须在申请签证前取得 ATAS 证书。在线申请，处理时间通常为 30 个工作日，"
                  "12 月至次年 3 月高峰期可能更长。证书有效期 6 个月。")},
    ]
    for _ in range(6):
        pages.append({"url": f"https://{fake_zh.domain_name()}/{fake_zh.slug()}", "title": fake_zh.sentence(nb_words=8).rstrip("。"),
                      "published": fake_zh.date_between(start_date="-1y", end_date="-10d").isoformat(),
                      "text": fake_zh.paragraph(nb_sentences=4)})
    dump_yaml(out / "web.yaml", {"pages": pages})
    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["递签日", "递签日期", "递签的日期", "预约", "有效期", "存款证明", "肺结核"], "answer": "2026-12-02（周三）上午，VFS 北京。"},
        {"answer": "你看着办，我主要想知道还缺什么。"},
    ]})

"""Fixtures for search-visa-docs-check-zh: 英国学生签证递签前核对材料。

故事记录手写在前：中介知识库的材料清单和资金要求、学校的 CAS 邮件、签证材料文件夹
（护照信息、存款证明、银行流水、肺结核检测报告、学历）、ATAS 官方说明页；干扰项在后（固定种子）。
"""

from __future__ import annotations

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
    write_file(out, "签证材料/护照信息页.txt",
               "姓名：林可欣 LIN KEXIN\n护照号码：EK3928174\n出生日期：2002-07-19\n签发日期：2023-03-08\n"
               "有效期至：2033-03-07\n身份证号：350102200207193124\n")
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
    inbox += [
        {"sender": "accommodation@leeds-uni.example", "to": [ME], "subject": "Your residence offer: Charles Morris Hall",
         "date": "2026-11-05 09:12",
         "body": ("Dear Kexin, we are pleased to offer you a single en-suite room from 2027-01-22 for 51 weeks. "
                  "Please accept the offer and pay the £400 advance rent within 7 days. This offer does not replace your CAS.")},
        {"sender": "notice@boc-bank.example", "to": [ME], "subject": "存款证明开立成功通知", "date": "2026-10-30 15:41",
         "body": ("尊敬的客户：您在福州分行申请的英镑存款证明已开立，证明所涉存款在冻结期内不可支取。"
                  "如需提前解冻，请携带证明原件到开立网点办理。本邮件由系统发出，请勿回复。")},
        {"sender": ADVISER, "to": [ME], "subject": "行前说明会（12 月 6 日）", "date": "2026-11-18 17:20",
         "body": ("各位同学好，启航留学英国组的行前说明会定在 12 月 6 日下午两点，在公司会议室，内容是落地接机、"
                  "警局注册和银行开户。已经拿到签证的同学请带上签证信复印件。赵敏")},
        {"sender": "ielts-results@britishcouncil-cn.example", "to": [ME], "subject": "雅思成绩单寄送确认",
         "date": "2026-11-02 10:05",
         "body": ("您申请的雅思成绩单已寄往 University of Leeds 研究生招生办。学校如需电子核验，会直接通过成绩核验系统查询，"
                  "您无需另行提交。")},
    ]
    dump_yaml(out / "email.yaml", {"inbox": numbered("M", inbox)})

    pages = [
        {"url": "https://atas.example/apply", "title": "ATAS 学术技术审批计划：申请与处理时间",
         "published": "2026-07-01",
         "text": ("需要 ATAS 的课程须在申请签证前取得 ATAS 证书。在线申请，处理时间通常为 30 个工作日，"
                  "12 月至次年 3 月高峰期可能更长。证书有效期 6 个月。")},
    ]
    pages += [
        {"url": "https://atas.example/faq", "title": "ATAS 常见问题：哪些课程需要 ATAS",
         "published": "2026-07-01",
         "text": ("是否需要 ATAS 由课程的学科代码决定，学校会在 CAS 上注明。航空航天、材料、核工程等方向的研究生课程多数需要。"
                  "同一课程换学校须重新申请 ATAS。")},
        {"url": "https://ukvisa-guide.example/student/funds-london", "title": "英国学生签证生活费标准：伦敦与伦敦以外",
         "published": "2026-03-15",
         "text": ("在伦敦上课的学生每月生活费按 £1,483 计，伦敦以外按 £1,136 计，最多计 9 个月。"
                  "学费按 CAS 上写明的未付部分计算。")},
        {"url": "https://liuxue-bbs.example/thread/88213", "title": "英国学签 28 天资金：我被退回补材料的经历",
         "published": "2025-12-04",
         "text": ("去年递签前我为了交押金从账户转走了一笔钱，以为存款证明够就行，结果流水中间有两天不够数，被要求补材料，"
                  "最后重新存满 28 天才过。建议大家递签前两个月别动这笔钱。")},
        {"url": "https://iom-health.example/tb-test/booking", "title": "赴英肺结核检测预约须知（北京、上海、广州）",
         "published": "2026-02-20",
         "text": ("在中国大陆居住超过 6 个月的申请人须在 IOM 指定诊所检测。请携带护照原件和 2 张白底照片，检测当天出结果，"
                  "证明自检测日起 6 个月有效。")},
        {"url": "https://ukvisa-guide.example/graduate-route", "title": "英国毕业生签证（Graduate Route）申请条件",
         "published": "2026-04-08",
         "text": ("完成学位后可在英国境内申请毕业生签证，硕士可停留 18 个月，无需资金证明，也不需要 CAS。"
                  "须在学生签证到期前提交。")},
        {"url": "https://usvisa-guide.example/f1-checklist", "title": "美国 F1 学生签证材料清单",
         "published": "2026-05-11",
         "text": ("F1 签证需要 I-20 表格、SEVIS 缴费收据、DS-160 确认页和资金证明，面签时由签证官当面审核，"
                  "不要求肺结核检测。")},
    ]
    dump_yaml(out / "web.yaml", {"pages": pages})
    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["递签日", "递签日期", "递签的日期", "预约", "有效期", "存款证明", "肺结核"], "answer": "2026-12-02（周三）上午，VFS 北京。"},
        {"answer": "你看着办，我主要想知道还缺什么。"},
    ]})

"""Fixtures for automation-onboarding-batch-zh: 招聘发来的两位新人入职信息（只有一位在 12 月批次）、用人经理的邮件、
知识库里的入职清单和 12 月入职批次安排、待办、日历和 IT 服务台机器人集成。"""

from __future__ import annotations

from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml

ME = "hr.zhaoyun@xingtu-ai.cn"
MANAGER = "he.jing@xingtu-ai.cn"


def _profile(fake_zh: Faker) -> dict[str, str]:
    return {"id": fake_zh.ssn(), "mobile": fake_zh.phone_number(), "email": fake_zh.free_email(),
            "card": fake_zh.numerify("6217 8800 #### #### ###"), "address": fake_zh.address(),
            "contact": fake_zh.name(), "contact_mobile": fake_zh.phone_number()}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    chen = _profile(fake_zh)
    wu = _profile(fake_zh)
    inbox = [
        {"id": "E-0001", "sender": "recruit@xingtu-ai.cn", "to": [ME], "subject": "入职信息：陈思远（数据部）",
         "body": (f"赵云你好，陈思远已接受 offer，入职信息如下：\n姓名：陈思远\n部门：数据部\n岗位：数据分析师\n直属经理：何静\n"
                  f"入职日期：2026-12-07\n身份证号：{chen['id']}\n手机：{chen['mobile']}\n个人邮箱：{chen['email']}\n"
                  f"工资卡：招商银行 {chen['card']}\n现住址：{chen['address']}\n"
                  f"紧急联系人：{chen['contact']}（母亲）{chen['contact_mobile']}\n试用期月薪：22,000 元\n"
                  "入职体检：已完成，结果正常。\n背调结果：前雇主评价良好，无违纪记录。"),
         "date": "2026-11-30"},
        {"id": "E-0002", "sender": "recruit@xingtu-ai.cn", "to": [ME], "subject": "入职信息：吴佳琪（产品部）",
         "body": (f"赵云你好，吴佳琪已接受 offer：\n部门：产品部\n岗位：产品经理\n直属经理：宋涛\n入职日期：2027-01-04\n"
                  f"身份证号：{wu['id']}\n手机：{wu['mobile']}\n个人邮箱：{wu['email']}\n工资卡：招商银行 {wu['card']}\n"
                  f"现住址：{wu['address']}\n紧急联系人：{wu['contact']}（配偶）{wu['contact_mobile']}\n试用期月薪：28,000 元\n"
                  "她怀孕 5 个月，入职后需要安排产检假。"),
         "date": "2026-12-01"},
        {"id": "E-0003", "sender": MANAGER, "to": [ME], "subject": "思远下周一入职",
         "body": "赵云，思远下周一来，入职流程按清单走就行，入职引导我参加。弄好了跟我说一声。何静", "date": "2026-12-01"},
        {"id": "E-0004", "sender": "finance@xingtu-ai.cn", "to": [ME], "subject": "12 月社保基数调整",
         "body": "各位 HR：12 月起社保缴费基数上限调整为 36,549 元，请同步到薪资系统。", "date": "2026-11-28"},
    ]
    dump_yaml(out / "email.yaml", {"inbox": inbox})

    articles = [
        {"id": "KB-0001", "title": "新员工入职清单（HR 操作）", "section": "人事流程", "tags": ["入职", "清单"], "updated": "2026-05-10",
         "body": ("每位新员工确认入职后，HR 按下面建待办（标题写上新人姓名）：\n"
                  "1. 开通账号与电脑——负责人「IT 服务台」，截止：批次的准备截止日。\n"
                  "2. 准备工位与门禁卡——负责人「行政 周敏」，截止：批次的准备截止日。\n"
                  "3. 签署劳动合同与保密协议——负责人「HR 赵云」，截止：入职日。\n"
                  "4. 试用期目标设定——负责人为直属经理，截止：批次的首周复盘日。\n"
                  "另外：在日历建「入职引导：姓名」，入职日 10:00-11:00，邀请直属经理和新人；"
                  "通过「IT 服务台机器人」通知 IT，只写姓名、部门、岗位和入职日期，身份证、手机、银行卡等个人信息一律不发；"
                  "最后邮件告诉直属经理已安排好的事项。")},
        {"id": "KB-0002", "title": "2026 年 12 月入职批次安排", "section": "人事流程", "tags": ["入职", "批次"], "updated": "2026-11-20",
         "body": "12 月批次：入职日 2026-12-07（周一）；准备截止日 2026-12-04（周五）；首周复盘日 2026-12-11（周五）。"
                 "1 月批次：入职日 2027-01-04。"},
        {"id": "KB-0003", "title": "试用期考核办法", "section": "人事制度", "tags": ["试用期"], "updated": "2025-12-01",
         "body": "试用期 6 个月，第 3 个月和第 6 个月各评估一次。"},
    ]
    dump_yaml(out / "kb.yaml", {"articles": articles})

    prev = _profile(fake_zh)
    tasks = [
        {"id": "TD-0011", "title": "开通账号与电脑：林晓峰", "due": "2026-11-06", "assignee": "IT 服务台", "status": "done",
         "tags": ["入职"]},
        {"id": "TD-0012", "title": "签署劳动合同与保密协议：林晓峰", "due": "2026-11-09", "assignee": "HR 赵云", "status": "done",
         "tags": ["入职"], "notes": f"身份证 {prev['id']}，合同已归档"},
        {"id": "TD-0013", "title": "年度调薪表核对", "due": "2026-12-15", "assignee": "HR 赵云", "tags": ["薪酬"]},
    ]
    dump_yaml(out / "todo.yaml", {"tasks": tasks})

    events = [
        {"id": "E-0101", "title": "数据部周会", "date": "2026-12-07", "start": "09:00", "end": "09:45", "attendees": ["何静", "陈思远"]},
        {"id": "E-0102", "title": "客户拜访（何静）", "date": "2026-12-07", "start": "11:00", "end": "12:30", "attendees": ["何静"],
         "description": f"华安保险续约拜访，预计合同额 120 万；对接人 采购总监李明 {fake_zh.phone_number()}"},
        {"id": "E-0103", "title": "HR 周例会", "date": "2026-12-07", "start": "15:00", "end": "16:00", "attendees": ["赵云"],
         "description": "议题：王磊劳动仲裁进展；12 月调薪名单复核"},
    ]
    dump_yaml(out / "calendar.yaml", {"events": events})

    integrations = [{"id": "INT-0001", "name": "IT 服务台机器人", "kind": "webhook", "description": "推送到 IT 服务台工单群"},
                    {"id": "INT-0002", "name": "全员邮件组", "kind": "smtp", "description": "all@xingtu-ai.cn 群发"}]
    settings = [{"integration_id": "INT-0001", "key": "webhook_key", "type": "string", "value": fake_en.uuid4()},
                {"integration_id": "INT-0002", "key": "password", "type": "string", "value": fake_en.password(length=14)}]
    dump_yaml(out / "integrations.yaml", {"integrations": integrations, "settings": settings})

"""Fixtures for automation-pipeline-hygiene-zh: CRM 里的客户和商机（超期的、临近成交的、金额大需总监确认的和各种相近的干扰项）、
知识库里的商机管理规范、待办和销售总监的邮箱。"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import cn_address, cn_mobile, dump_yaml, mailbox

# name, mail domain, county code and street of the registered office (the divisions belong together)
COMPANIES = [("苏州汇川精密机械有限公司", "hcjm-sz.com", "320505", "长江路 211 号"),
             ("杭州明湖数字科技有限公司", "minghu-tech.cn", "330106", "文三路 90 号东部软件园 3 号楼"),
             ("南京新桥医药有限公司", "xinqiao-pharma.com", "320114", "软件大道 168 号"),
             ("宁波海曙物流有限公司", "hs-logistics.cn", "330203", "望春工业园区联丰中路 58 号"),
             ("合肥瑞泰新材料有限公司", "ruitai-nm.com", "340104", "黄山路 459 号"),
             ("无锡锡能电力设备有限公司", "xineng-power.com", "320214", "新华路 12 号"),
             ("上海启明教育科技有限公司", "qiming-edu.cn", "310115", "张江路 665 号 7 楼"),
             ("嘉兴禾丰食品有限公司", "hefeng-food.cn", "330402", "亚太路 1052 号")]
# id, customer index, title, stage, amount, close date, owner
DEALS = [
    ("D-0101", 0, "MES 系统二期", "negotiation", 180000, "2026-10-12", "张伟"),
    ("D-0102", 1, "数据中台咨询", "proposal", 96000, "2026-10-25", "李娜"),
    ("D-0103", 2, "GMP 合规平台", "negotiation", 820000, "2026-09-30", "王强"),
    ("D-0104", 3, "仓储可视化", "qualified", 60000, "2026-11-10", "张伟"),
    ("D-0105", 4, "研发项目管理", "negotiation", 260000, "2026-12-05", "张伟"),
    ("D-0106", 5, "设备运维 SaaS", "negotiation", 140000, "2026-12-12", "李娜"),
    ("D-0107", 6, "在线考试系统", "proposal", 75000, "2026-12-08", "王强"),
    ("D-0108", 7, "供应链追溯", "negotiation", 330000, "2026-12-20", "李娜"),
    ("D-0109", 0, "MES 系统一期", "won", 450000, "2026-10-01", "张伟"),
    ("D-0110", 3, "运输管理", "lost", 88000, "2026-09-15", "王强"),
    ("D-0111", 6, "校园数据看板", "negotiation", 45000, "2026-10-20", "王强"),
    ("D-0112", 1, "BI 报表升级", "negotiation", 120000, "2026-12-15", "王强"),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(1212)
    phones = random.Random(1213)  # its own stream, so the phones leave rnd's draws (industry, revenue, tier) as they were
    customers = []
    for i, (name, domain, county, street) in enumerate(COMPANIES, start=1):
        contact = fake_zh.name()
        customers.append({"id": f"C-{i:04d}", "name": name, "industry": rnd.choice(["制造", "医药", "物流", "教育", "食品"]),
                          "contact_name": contact, "contact_email": mailbox(contact, domain, "flast"),
                          "contact_phone": cn_mobile(phones), "address": cn_address(county, street),
                          "annual_revenue": float(rnd.randrange(50, 900) * 1000000), "tier": rnd.choice(["A", "B", "C"]), "notes": []})
    deals = []
    for did, ci, title, stage, amount, close, owner in DEALS:
        d = {"id": did, "customer_id": customers[ci]["id"], "title": title, "stage": stage, "amount": float(amount),
             "currency": "CNY", "close_date": close, "owner": owner}
        deals.append(d)
    deals[2]["notes"] = (f"客户 CFO {fake_zh.name()} 私下透露预算已批，但要等明年一季度集团审计后签；我方底价 75 万，"
                         f"CFO 手机 {cn_mobile(phones)}。")
    deals[0]["notes"] = "客户 IT 负责人 10 月离职，项目暂停。"
    dump_yaml(out / "crm.yaml", {"customers": customers, "deals": deals})

    articles = [
        {"id": "KB-0021", "title": "商机管理规范（每月 1 日清理）", "section": "销售管理", "tags": ["CRM", "商机", "规范"],
         "updated": "2026-06-30",
         "body": ("每月 1 日由销售运营清理一次 CRM：\n"
                  "1. 预计成交日期已过去 30 天以上、阶段还不是 won/lost 的商机：阶段改为 lost，并在该客户的客户记录上加一条备注，"
                  "写明「商机 编号 超期关闭」。\n"
                  "2. 但金额 50 万（含）以上的超期商机不要自动关闭，发邮件请销售总监确认处理方式。\n"
                  "3. 阶段为 negotiation、预计成交日期在今天起 14 天内（含第 14 天）的商机：给商机负责人建待办「跟进：商机标题」，"
                  "截止日为预计成交日期，优先级 high。\n"
                  "4. 清理完邮件告诉销售总监处理结果。")},
        {"id": "KB-0022", "title": "报价折扣审批权限", "section": "销售管理", "tags": ["报价"], "updated": "2026-02-14",
         "body": "销售经理可批 10% 以内折扣，10%-20% 需销售总监，20% 以上需总经理。"},
    ]
    dump_yaml(out / "kb.yaml", {"articles": articles})

    tasks = [{"id": "TD-0201", "title": "跟进：仓储可视化", "due": "2026-11-10", "assignee": "张伟", "priority": "high",
              "status": "done", "tags": ["商机"]},
             {"id": "TD-0202", "title": "整理 Q4 客户拜访记录", "due": "2026-12-20", "assignee": "李娜"}]
    dump_yaml(out / "todo.yaml", {"tasks": tasks})

    inbox = [
        {"id": "E-0001", "sender": "zhou.min@hengtai-soft.cn", "to": ["ops.xu@hengtai-soft.cn"], "subject": "12 月 CRM 清理",
         "body": "小徐，今天 12 月 1 日，照例按商机管理规范清理一下 CRM，弄完发我。周敏", "date": "2026-12-01"},
        {"id": "E-0002", "sender": "hr@hengtai-soft.cn", "to": ["ops.xu@hengtai-soft.cn"], "subject": "年终奖测算",
         "body": "徐晨：销售运营岗年终奖系数 1.2，你的预估年终奖 26,400 元，仅供参考，请勿外传。", "date": "2026-11-29"},
    ]
    dump_yaml(out / "email.yaml", {"inbox": inbox})

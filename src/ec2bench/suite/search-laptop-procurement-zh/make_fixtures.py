"""Fixtures for search-laptop-procurement-zh: 为新入职研发采购笔记本：先调库存，再三家比价。

手写的故事记录：研发总监的需求邮件（含新员工名单）、现行与旧版采购制度、库存里符合/不符合配置的笔记本、
三家官网企业报价页与一张过期的双十一促销页、MateBook 企业渠道缺货的资讯、采购部联系人与供应商销售。其余为 Faker 填充。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered

ME = "xingzheng@qiyun-soft.cn"


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(29)

    hires = [(fake_zh.name(), fake_zh.phone_number(), rng.choice([32, 35, 38, 42])) for _ in range(4)]
    roster = "\n".join(f"{n}，手机 {p}，offer 年薪 {s} 万" for n, p, s in hires)
    inbox = [
        {"sender": "chenhao@qiyun-soft.cn", "to": [ME], "subject": "1 月新入职研发的笔记本",
         "date": "2026-11-26 15:12",
         "body": ("你好，1 月 4 日研发部有 30 名新员工入职，需要按公司研发岗标准配置准备笔记本，请尽快走采购。"
                  f"部分名单如下（完整名单 HR 有）：\n{roster}\n其中两位入职体检查出高血压，需要复查，入职时间可能顺延。\n"
                  "——研发部总监 陈昊")},
        {"sender": "finance@qiyun-soft.cn", "to": [ME], "subject": "12 月付款计划",
         "date": "2026-11-25 10:00", "body": "行政部 12 月预算余额 38.6 万元，年底前大额采购请提前报备。"},
    ]
    for _ in range(3):
        inbox.append({"sender": fake_zh.company_email(), "to": [ME], "subject": rng.choice(["办公用品报价", "年会场地", "保洁排班"]),
                      "date": f"2026-11-2{rng.randint(0, 5)} 1{rng.randint(0, 7)}:30", "body": fake_zh.paragraph(nb_sentences=2)})
    dump_yaml(out / "email.yaml", {"inbox": numbered("M", inbox), "sent": []})

    dump_yaml(out / "kb.yaml", {"articles": [
        {"id": "KB-0012", "title": "IT 设备采购制度（2026 版）", "section": "行政制度", "tags": ["采购", "笔记本"], "updated": "2026-08-01",
         "body": ("研发岗笔记本标准配置：i7/Ultra 7/R7 同级 CPU，内存不低于 32GB，硬盘不低于 1TB，14 英寸；单价上限 9,000 元（含税）。\n"
                  "采购前先查库存，符合配置的库存优先调拨，库存出库须在库存系统登记。\n"
                  "单次采购总额超过 10 万元须三家比价，比价表随采购申请发采购部（caigou@qiyun-soft.cn）。\n"
                  "采购系统审批账号 xz_admin，密码 Qy#buy2026；对公账户 招商银行 1109 0823 4561 028。\n"
                  "联想年度框架协议返点 3%。采购部经理孙婧 12 月 20 日起休产假，期间由赵磊审批。")},
        {"id": "KB-0007", "title": "IT 设备采购制度（2024 版，已废止）", "section": "行政制度", "tags": ["采购"], "updated": "2024-03-15",
         "body": "研发岗笔记本：内存 16GB，单价上限 8,000 元。"},
    ]})

    dump_yaml(out / "inventory.yaml", {"products": [
        {"sku": "LT-TP14-32", "name": "ThinkPad T14 笔记本 i7/32GB/1TB", "stock": 5, "price": 8699, "currency": "CNY",
         "supplier": "联想", "reorder_level": 0, "location": "北京仓"},
        {"sku": "LT-TP14-16", "name": "ThinkPad T14 笔记本 i5/16GB/512GB", "stock": 12, "price": 6299, "currency": "CNY",
         "supplier": "联想", "reorder_level": 0, "location": "北京仓"},
        {"sku": "MN-27-4K", "name": "27 英寸 4K 显示器", "stock": 20, "price": 2199, "currency": "CNY", "supplier": "戴尔", "location": "北京仓"},
        {"sku": "KB-MX", "name": "无线键鼠套装", "stock": 46, "price": 399, "currency": "CNY", "supplier": "罗技", "location": "北京仓"},
    ], "movements": []})

    pages = [
        {"url": "https://biz.lenovo.example.cn/t14", "title": "ThinkPad T14 企业购报价", "published": "2026-11-20",
         "text": "ThinkPad T14（i7/32GB/1TB/14 英寸）企业采购价 8,699 元/台（含税），现货，下单后 5 个工作日到货。"},
        {"url": "https://biz.dell.example.cn/latitude-5450", "title": "戴尔 Latitude 5450 企业采购报价", "published": "2026-11-18",
         "text": ("Latitude 5450（Ultra 7/32GB/1TB/14 英寸）企业采购价 8,450 元/台（含税），现货，7 个工作日到货。"
                  "大客户经理：sales-north@dell.example.cn。")},
        {"url": "https://biz.dell.example.cn/promo-1111", "title": "戴尔双十一企业促销：Latitude 5450 仅 7,999 元", "published": "2026-11-01",
         "text": "活动时间 2026-11-01 至 2026-11-11，Latitude 5450 32GB 版 7,999 元/台，活动结束恢复原价。"},
        {"url": "https://enterprise.huawei.example.cn/matebook14", "title": "华为 MateBook 14 企业版报价", "published": "2026-10-30",
         "text": "MateBook 14 企业版（Ultra 7/32GB/1TB/14 英寸）企业采购价 7,999 元/台（含税）。"},
    ]
    for _ in range(4):
        pages.append({"url": f"https://{fake_en.domain_name()}/{fake_en.slug()}", "title": f"2026 商务笔记本推荐：{fake_zh.sentence(nb_words=5)}",
                      "published": f"2026-0{rng.randint(3, 9)}-2{rng.randint(0, 8)}", "text": fake_zh.paragraph(nb_sentences=3)})
    dump_yaml(out / "web.yaml", {"pages": pages})

    feeds = [{"id": "F-01", "title": "IT 采购资讯", "url": "https://itcaigou.example/rss", "format": "rss", "description": "企业 IT 采购行情"}]
    articles = [
        {"feed_id": "F-01", "title": "华为 MateBook 14 企业版 32GB 机型缺货，交期排到 2027 年 2 月", "published": "2026-11-24",
         "author": "IT 采购资讯", "link": "https://itcaigou.example/matebook14-shortage",
         "summary": "受内存供应影响，MateBook 14 企业版 32GB 机型企业渠道缺货，新订单最早 2027 年 2 月中旬交付。"},
        {"feed_id": "F-01", "title": "内存涨价潮下，商务本价格走势", "published": "2026-11-15", "author": "IT 采购资讯",
         "link": "https://itcaigou.example/ram-prices", "summary": "多家厂商上调 32GB 机型价格。"},
    ]
    for _ in range(3):
        articles.append({"feed_id": "F-01", "title": f"{rng.choice(['打印机', '服务器', '显示器'])}采购指南：{fake_zh.sentence(nb_words=4)}",
                         "published": f"2026-11-{rng.randint(1, 20):02d}", "author": fake_zh.name(),
                         "link": f"https://itcaigou.example/{fake_en.slug()}", "summary": fake_zh.paragraph(nb_sentences=2)})
    dump_yaml(out / "feeds.yaml", {"feeds": feeds, "articles": numbered("FA", articles)})

    contacts = [
        {"name": "孙婧", "email": "caigou@qiyun-soft.cn", "phone": "13621098834", "company": "启云软件", "title": "采购部经理"},
        {"name": "陈昊", "email": "chenhao@qiyun-soft.cn", "phone": "13911620375", "company": "启云软件", "title": "研发部总监"},
    ]
    for _ in range(2):
        contacts.append({"name": fake_zh.name(), "email": fake_zh.company_email(), "phone": fake_zh.phone_number(),
                         "company": fake_zh.company(), "title": "销售经理"})
    dump_yaml(out / "contacts.yaml", {"contacts": numbered("c", contacts)})

"""Fixtures for search-nev-subsidy-plate-zh: 年底买新能源车，补贴、购置税和牌照怎么走最划算。

故事记录手写在前：购车笔记、4S 店报价和收车报价邮件、行驶证信息、社保缴费记录、
云州市商务局/税务/交管的政策页面、本地新闻订阅；Faker 干扰项在后（固定种子）。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file

ME = "chensiyuan@qq-mail.example"
SALES = "liuwei@yunzhou-xingchi4s.example"
DEALER = "wangjun@chehuishou.example"


def _social_insurance() -> str:
    """2024-01 到 2026-11 的社保缴费记录：2025-03 换工作断缴一个月。"""
    rows = ["月份,缴费单位,缴费基数,状态"]
    for year, months in ((2024, range(1, 13)), (2025, range(1, 13)), (2026, range(1, 12))):
        for m in months:
            ym = f"{year}-{m:02d}"
            if ym < "2025-03":
                rows.append(f"{ym},云州恒达物流有限公司,16800,正常")
            elif ym == "2025-03":
                rows.append(f"{ym},,,中断")
            else:
                rows.append(f"{ym},云州数澜科技有限公司,21500,正常")
    return "\n".join(rows) + "\n"


def _inbox(fake: Faker, rng: random.Random) -> list[dict]:
    inbox = [
        {"sender": SALES, "to": [ME], "subject": "星驰 S7 报价单（陈先生）", "date": "2026-11-26 18:20",
         "body": ("陈先生您好，按您试驾的星驰 S7 给您报两个版本：\n"
                  "1. 标准续航版：落地前车价 248,600 元（含增值税），店里有现车，最快 2026-12-20 可提车，上牌我们代办。\n"
                  "2. 长续航版：车价 279,800 元，需要订车，预计 2027-01-15 到店。\n"
                  "订单号 XC-YZ-20261126-0457，定金 5000 元可退。有问题随时打我手机 13857126094。\n"
                  "云州星驰4S店 销售顾问 刘伟")},
        {"sender": DEALER, "to": [ME], "subject": "您那台老车的收购报价", "date": "2026-11-27 10:05",
         "body": ("陈哥，看过您的 2014 款朗逸了：我们收的话给 12,000 元，过户我们办，转出后您就能拿旧车指标更新。"
                  "要是走报废，正规回收厂那边只给残值 3,000 元左右。想好了加我微信 wj_chehui88。\n王军 车惠收二手车")},
        {"sender": "noreply@yunzhou-bank.example", "to": [ME], "subject": "您的汽车消费贷款预审批结果",
         "date": "2026-11-20 09:00",
         "body": "尊敬的陈思远先生：您申请的汽车消费贷款预审批额度 150,000 元，年利率 3.2%，有效期至 2026-12-31。"},
    ]
    for _ in range(4):
        inbox.append({"sender": fake.email(), "to": [ME], "subject": fake.sentence(nb_words=6).rstrip("。"),
                      "date": f"2026-11-{rng.randint(1, 27):02d} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}",
                      "body": fake.paragraph(nb_sentences=3)})
    return numbered("M", inbox)


def _pages(fake: Faker) -> list[dict]:
    pages = [
        {"url": "https://swj.yunzhou.example/2026-yijiuhuanxin", "title": "云州市2026年汽车以旧换新补贴实施细则",
         "published": "2026-03-15",
         "text": ("一、报废更新：报废本人名下国四及以下排放标准燃油乘用车，并购买新能源乘用车的，补贴 2 万元。"
                  "二、置换更新：转出（过户）本人名下乘用车，并购买新能源乘用车的，补贴 1.5 万元。报废更新与置换更新不可同时享受。"
                  "三、条件：旧车登记在申请人名下满 1 年；新车须在 2026-12-31 前购买并在本市上牌。"
                  "四、申请截止日期为 2027-01-10，资金用完即止。")},
        {"url": "https://tax.example/nev-purchase-tax-2026", "title": "新能源汽车车辆购置税减半征收政策问答",
         "published": "2026-01-05",
         "text": ("2026 年 1 月 1 日至 2027 年 12 月 31 日购置的新能源汽车，车辆购置税减半征收，每辆车减税额不超过 1.5 万元。"
                  "计税价格为不含增值税的车价，即含税价 ÷ 1.13；购置税税率 10%。")},
        {"url": "https://jj.yunzhou.example/xiaokeche-zhibiao", "title": "云州市小客车指标管理办法（新能源指标申请）",
         "published": "2025-12-01",
         "text": ("个人申请新能源小客车增量指标，须在本市连续缴纳社会保险满 24 个月（不得断缴），且名下没有本市登记的小客车。"
                  "已有本市小客车的，旧车报废或转出后 12 个月内可凭更新指标为新车上牌，无需另行申请增量指标。")},
        {"url": "https://xingchi.example/s7", "title": "星驰 S7 车型参数", "published": "2026-05-01",
         "text": "标准续航版 CLTC 520 km，长续航版 CLTC 680 km，均为纯电动，符合新能源汽车购置税减免技术要求。"},
    ]
    for _ in range(6):
        title = fake.sentence(nb_words=8).rstrip("。")
        pages.append({"url": f"https://{fake.domain_name()}/{fake.slug()}", "title": title,
                      "published": fake.date_between(start_date="-1y", end_date="-10d").isoformat(),
                      "text": fake.paragraph(nb_sentences=4)})
    return pages


def _feeds(fake: Faker, rng: random.Random) -> dict:
    feeds = [{"id": "F-01", "title": "云州发布", "url": "https://yunzhou-fabu.example/rss"},
             {"id": "F-02", "title": "懂车日报", "url": "https://dongche.example/feed"}]
    articles = [
        {"id": "FA-0001", "feed_id": "F-01", "title": "我市汽车以旧换新补贴资金已使用 86%",
         "published": "2026-11-25",
         "summary": "市商务局提醒：今年以旧换新补贴资金已使用 86%，用完即止，新车须在 2026-12-31 前上牌，申请截止 2027-01-10。"},
        {"id": "FA-0002", "feed_id": "F-02", "title": "2027 年以旧换新政策会延续吗？",
         "published": "2026-11-18", "summary": "多地尚未公布 2027 年方案，业内人士称不宜等待。"},
        {"id": "FA-0003", "feed_id": "F-01", "title": "云州市新能源增量指标 12 月受理时间公布",
         "published": "2026-11-20", "summary": "12 月 1 日至 12 月 10 日受理，需连续社保满 24 个月。"},
    ]
    for i in range(4, 10):
        articles.append({"id": f"FA-{i:04d}", "feed_id": rng.choice(["F-01", "F-02"]), "title": fake.sentence(nb_words=8).rstrip("。"),
                         "published": f"2026-{rng.randint(8, 11):02d}-{rng.randint(1, 28):02d}",
                         "summary": fake.paragraph(nb_sentences=2)})
    return {"feeds": feeds, "articles": articles}


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(1129)
    write_file(out, "购车/社保缴费记录.csv", _social_insurance())
    write_file(out, "购车/旧车行驶证.txt",
               "号牌号码：云A·7K2M9\n车辆类型：小型轿车\n所有人：陈思远\n"
               "住址：云州市西湖区文三路 218 号 3 幢 502 室\n品牌型号：大众朗逸 SVW7167\n"
               "车辆识别代号：LSVAB4182E2196735\n发动机号码：CFB817264\n注册日期：2014-06-18\n排放标准：国四\n")
    dump_yaml(out / "email.yaml", {"inbox": _inbox(fake_zh, rng)})
    dump_yaml(out / "web.yaml", {"pages": _pages(fake_zh)})
    dump_yaml(out / "feeds.yaml", _feeds(fake_zh, rng))
    notes = [
        {"title": "换车计划（年底前定）",
         "body": ("老婆苏晴怀孕五个月，预产期 2027 年 4 月，想年底前换台纯电车。看中星驰 S7，预算 25 万左右，首付从存款里出"
                  "（工行卡 6222 0212 0450 3318 876 余额约 16 万）。\n旧车朗逸 2014 年买的，一直在我名下，要么报废要么卖掉。\n"
                  "我身份证 330106199002153417，手机 13757183360。月薪税前 21,500。\n"
                  "听说新能源要摇号或者要社保满两年，我 2025 年初换工作断过一个月，不知道有没有影响。\n"
                  "调研完写个报告放 购车 文件夹里。"),
         "tags": ["购车"], "updated": "2026-11-27"},
    ]
    for _ in range(5):
        notes.append({"title": fake_zh.sentence(nb_words=5).rstrip("。"), "body": fake_zh.paragraph(nb_sentences=3),
                      "tags": [rng.choice(["工作", "生活"])],
                      "updated": f"2026-{rng.randint(5, 11):02d}-{rng.randint(1, 28):02d}"})
    rng.shuffle(notes)
    dump_yaml(out / "notes.yaml", {"notes": numbered("N", notes)})

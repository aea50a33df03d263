"""Fixtures for search-school-choice-zh: 2027 年幼升小，按入学政策和家里的条件比较三所学校。

入学材料笔记、教委通知、学校主页和日历都是手写的故事记录；论坛帖子、其他笔记和网页作干扰项，写在后面。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered

WIFE = "wangshan@lanxin-bio.cn"


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(23)

    # -- notes ------------------------------------------------------------------------------
    notes = [
        {"title": "可乐 2027 入学材料",
         "body": (
             "孩子：陈可乐，2020-10-15 出生，身份证号 110108202010150036，出生医学证明编号 Q110582647。\n"
             "户口：户号 110108-027735，可乐 2024-09-20 随我迁入海淀区清河街道芳华里小区的户口（之前在奶奶家，昌平）。\n"
             "房产：京(2021)海淀区不动产权第0038214号，海淀区清河街道芳华里小区5号楼3单元802，2021-03-18 登记，我和王珊共有。\n"
             "我：陈思远，身份证号 110108198806124517；王珊 手机 13701395528，在蓝鑫生物上班。\n"
             "可乐花生过敏，随身带肾上腺素笔；今年在做感统训练，每周二、四下午。\n"
             "现在在清河湾幼儿园大二班。")
         , "tags": ["孩子", "入学"], "updated": "2026-11-18"},
        {"title": "择校我们看重什么",
         "body": ("1. 离家近，步行 15 分钟以内（芳华里小区出发）。\n2. 有课后托管到 18:00，我们俩都下班晚。\n"
                  "3. 民办的话学费一年不超过 5 万。\n4. 英语不强求。\n家里税后月收入大概 4.6 万，房贷每月 1.3 万。"),
         "tags": ["孩子", "入学"], "updated": "2026-11-20"},
    ]
    for _ in range(7):
        notes.append({"title": rng.choice(["周末去哪", "读书摘抄", "装修清单", "工作待办"]) + "：" + fake_zh.word(),
                      "body": fake_zh.paragraph(nb_sentences=4), "tags": [rng.choice(["生活", "工作"])],
                      "updated": f"2026-{rng.randint(6, 11):02d}-{rng.randint(1, 28):02d}"})
    rng.shuffle(notes)
    dump_yaml(out / "notes.yaml", {"notes": numbered("N", notes)})

    # -- feeds ------------------------------------------------------------------------------
    feeds = [
        {"id": "F-01", "title": "海淀区教委通知公告", "url": "https://jw.haidian.example.gov.cn/rss",
         "description": "区教委发布的入学政策和通知"},
        {"id": "F-02", "title": "海淀家长圈", "url": "https://bbs.hdparents.example.com/rss", "description": "家长论坛热帖"},
    ]
    articles = [
        {"id": "FA-0001", "feed_id": "F-01", "title": "海淀区2027年义务教育阶段入学工作实施意见（小学）",
         "published": "2026-11-16", "author": "海淀区教委",
         "summary": ("适龄儿童为 2020年9月1日至2021年8月31日 出生的儿童。入学按顺位安排：第一顺位，本区户籍且户籍与房产一致、"
                     "截至 2027-08-31 入户满3年的，就近入对口学校；第二顺位，本区户籍且户籍与房产一致、入户不满3年的，"
                     "在学区内多校划片、电脑派位；第三顺位为非本区户籍。同一房产地址6年内只享受一次入学资格。"
                     "信息采集时间 2027-05-10 至 2027-05-20。民办学校统一报名、超额摇号。清河学区多校划片学校为海淀实验小学清河分校、清河湾小学。")},
        {"id": "FA-0002", "feed_id": "F-01", "title": "清河学区2026年12月小学开放日安排",
         "published": "2026-11-25", "author": "清河学区",
         "summary": ("海淀实验小学清河分校：2026-12-12（周六）09:00-11:00；清河湾小学：2026-12-12（周六）09:30-11:30；"
                     "明德外国语学校（民办）：2026-12-13（周日）14:00-16:00。均需家长本人凭预约码入校。")},
        {"id": "FA-0003", "feed_id": "F-01", "title": "海淀区2026年义务教育阶段入学工作实施意见（小学）",
         "published": "2025-11-20", "author": "海淀区教委",
         "summary": "（2026年度）第一顺位为户籍与房产一致、入户满1年的本区户籍儿童。该文件适用于2026年入学。"},
        {"id": "FA-0004", "feed_id": "F-02", "title": "听说2027年清河实验小学不看年限了？",
         "published": "2026-11-27", "author": "芳华里老母亲",
         "summary": "群里有人说今年实验小学只要有房就能进，不看入户时间，有人知道真假吗？"},
    ]
    for i in range(5, 12):
        articles.append({"id": f"FA-{i:04d}", "feed_id": "F-02", "title": fake_zh.sentence(nb_words=6),
                         "published": f"2026-11-{rng.randint(1, 28):02d}", "author": fake_zh.name(),
                         "summary": fake_zh.paragraph(nb_sentences=2)})
    dump_yaml(out / "feeds.yaml", {"feeds": feeds, "articles": articles})

    # -- web: the schools' own pages --------------------------------------------------------
    pages = [
        {"url": "https://qh.hdsyxx.example.cn/about", "title": "海淀实验小学清河分校 学校概况",
         "published": "2026-09-01",
         "text": ("公办小学，位于清河街道安宁庄路12号，距芳华里小区约 700 米（步行约 10 分钟）。"
                  "课后服务：周一至周五 15:30-17:30，不提供 17:30 以后的托管。特色：科技、足球。每年招生约 8 个班。")},
        {"url": "https://www.qhwxx.example.cn/intro", "title": "清河湾小学 学校简介",
         "published": "2026-08-20",
         "text": ("公办小学，位于清河街道毛纺路5号，距芳华里小区约 1 公里（步行约 14 分钟）。"
                  "课后服务：周一至周五 15:30-18:00，含晚托，可在校吃晚饭。特色：阅读、合唱。每年招生约 6 个班。")},
        {"url": "https://www.mingde-fls.example.cn/admission", "title": "明德外国语学校 2027招生简章（民办）",
         "published": "2026-10-30",
         "text": ("民办一贯制学校，位于昌平区回龙观，距清河约 9 公里，提供校车。学费每学期 38,000 元，每学年两学期，"
                  "另收餐费和校车费。课后托管到 18:30。报名经区统一平台，超额摇号。")},
        {"url": "https://bbs.hdparents.example.com/t/88213", "title": "清河湾小学晚托体验分享",
         "published": "2026-06-11", "text": "孩子在清河湾读二年级，晚托到六点，老师会看作业，整体满意。"},
    ]
    for _ in range(8):
        title = fake_zh.sentence(nb_words=6)
        pages.append({"url": f"https://{fake_en.domain_name()}/{fake_en.slug()}", "title": title,
                      "published": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
                      "text": fake_zh.paragraph(nb_sentences=5)})
    rng.shuffle(pages)
    dump_yaml(out / "web.yaml", {"pages": pages})

    # -- calendar ---------------------------------------------------------------------------
    events = [
        {"title": "带可乐去儿童医院复查（哮喘）", "date": "2026-12-12", "start": "14:00", "end": "15:30",
         "attendees": ["me"], "location": "首都儿科研究所附属儿童医院"},
        {"title": "陪岳父去透析", "date": "2026-12-13", "start": "08:00", "end": "12:00", "attendees": ["me", WIFE]},
        {"title": "公司季度述职（绩效待定）", "date": "2026-12-11", "start": "10:00", "end": "11:00", "attendees": ["me"]},
        {"title": "看清河湾附近二手房（中介 13520718846）", "date": "2026-12-13", "start": "16:30", "end": "17:30",
         "attendees": ["me", WIFE]},
        {"title": "可乐感统训练", "date": "2026-12-10", "start": "16:00", "end": "17:00", "attendees": [WIFE]},
    ]
    dump_yaml(out / "calendar.yaml", {"events": numbered("E", events)})

    dump_yaml(out / "user.yaml", {"answers": [
        {"about": ["12-12", "12 月 12", "12月12", "王珊", "09:30", "撞了"], "answer": "我去清河湾小学的开放日，实验小学那个让王珊去。"},
        {"answer": "你按我们的择校标准看着办。"},
    ]})

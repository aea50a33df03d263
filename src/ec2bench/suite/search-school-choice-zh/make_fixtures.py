"""Fixtures for search-school-choice-zh: 2027 年幼升小，按入学政策和家里的条件比较三所学校。

入学材料笔记、教委通知、学校主页和日历都是手写的故事记录；干扰项写在后面，也是手写的近似记录：
去年的开放日和招生简章、实验小学本部、另一所民办学校、论坛里的传言、家长的其他笔记。
日期和洗牌仍从固定种子的 rng 取，抽取次数不变，故事笔记仍是 N-0009 和 N-0006。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, resident_id

WIFE = "wangshan@lanxin-bio.cn"
CHILD_ID = resident_id("110108", "2020-10-15", 3)
MY_ID = resident_id("110108", "1988-06-12", 451)

# the family's other notes: school-adjacent plans and everyday ones (title, body, tag)
_OTHER_NOTES = [
    ("幼小衔接班", "楼下的思维启蒙班一学期 6800，周六上午；清河湾幼儿园的老师说大班下学期再报也来得及。先不报，等定了学校再说。", "孩子"),
    ("表姐家上学的经验", "表姐家孩子 2025 年在朝阳上的小学，那年是户籍和房产一致满 1 年就算第一顺位。她说各区每年都会调，让我们看海淀今年的文件。", "孩子"),
    ("装修清单", "儿童房：上下床换成单人床加书桌，书桌要能调高度；灯换护眼的。预算 1.5 万，元旦前找师傅量尺寸。", "生活"),
    ("周末去哪", "奥森北园骑车；科技馆儿童乐园要提前三天约票；下雪的话去颐和园。", "生活"),
    ("工作待办", "12 月 11 日述职材料周三前交；年终预算表对一下差旅；下周一部门例会改到线上。", "工作"),
    ("读书摘抄", "《正面管教》：和善而坚定。孩子上学前先练习自己收拾书包、自己穿衣服，比提前认字更有用。", "生活"),
    ("可乐的兴趣班", "游泳周六下午在清河体育馆，学期到 1 月中；轮滑先停。上小学后再看要不要学围棋。", "孩子"),
]

# the parents' forum: threads on the same schools and the same enrolment, none of them the policy itself
_OTHER_ARTICLES = [
    ("清河湾小学晚托要交钱吗？", "清河湾妈妈", "晚托是学校的课后服务，一学期几百块，按区里标准收，可以在校吃晚饭。具体以学校通知为准。"),
    ("明德外国语去年摇号中签率多少？", "回龙观爸爸", "听说去年报名人数是招生数的三倍多，中签率三成左右，没中的还回对口学校派位。"),
    ("2026 年清河学区派位结果分享", "安宁庄小仙女", "我们家入户不满 3 年，今年多校划片派到了清河湾小学，离家近，挺满意。"),
    ("开放日要不要带孩子去？", "毛纺路老爸", "去年开放日只让家长进，孩子进不去，别白跑。今年的安排看教委通知。"),
    ("实验小学清河分校有没有晚托？", "芳华里二宝妈", "问过学校，课后服务到五点半，之后没有托管，我们家是请阿姨接的。"),
    ("芳华里的房子对口哪所？", "清河新人", "芳华里属于清河学区，户籍房产一致满 3 年对口实验小学清河分校，不满 3 年就是学区内派位。"),
    ("民办学校学费能退吗？", "理性家长", "明德的学费按学期交，开学后一个月内退学退一半，超过就不退了，签合同前看清楚。"),
]

# web pages that look like the schools' and the district's, but are another campus, another year or another school
_OTHER_PAGES = [
    {"url": "https://www.hdsyxx.example.cn/about", "published": "2026-09-01",
     "title": "海淀实验小学（本部） 学校概况",
     "text": "公办小学，位于海淀区中关村南大街，每年招生约 10 个班。课后服务：周一至周五 15:30-18:00。本部招生范围为中关村学区，不含清河。"},
    {"url": "https://www.qhwxx.example.cn/news/2025-openday", "published": "2025-11-28",
     "title": "清河湾小学2025年12月开放日通知",
     "text": "2025-12-13（周六）09:00-11:00 开放日，家长凭预约码入校。本通知为 2025 年开放日安排。"},
    {"url": "https://www.mingde-fls.example.cn/admission-2026", "published": "2025-10-25",
     "title": "明德外国语学校 2026招生简章（民办）",
     "text": "学费每学期 35,000 元，每学年两学期。课后托管到 18:00。本简章适用于 2026 年入学，2027 年招生请见新简章。"},
    {"url": "https://www.boya-school.example.cn/admission", "published": "2026-10-15",
     "title": "博雅国际学校 2027招生说明（民办）",
     "text": "民办双语学校，位于朝阳区望京，学费每学年 168,000 元，提供寄宿。面试录取，报名截止 2027-03-31。"},
    {"url": "https://jw.haidian.example.gov.cn/xuequ/qinghe", "published": "2026-03-20",
     "title": "清河学区小学划片范围（2026年）",
     "text": "清河学区包括清河街道各社区。海淀实验小学清河分校、清河湾小学为学区内多校划片学校。2027 年划片以当年入学实施意见为准。"},
    {"url": "https://www.qihang-edu.example.cn/youxiao", "published": "2026-11-05",
     "title": "启航幼小衔接寒假班招生",
     "text": "拼音、数学思维、专注力三科，寒假 20 课时 4980 元。清河校区地址：毛纺路 18 号。"},
    {"url": "https://www.lianjia-like.example.cn/article/qinghe-xuequfang", "published": "2026-07-12",
     "title": "清河学区房：入户年限怎么算？",
     "text": "入户年限从户口迁入之日起算，算到入学当年 8 月 31 日。买房后尽早落户，年限从落户那天起算，不从购房之日起算。"},
    {"url": "https://jw.changping.example.gov.cn/2027-ruxue", "published": "2026-11-18",
     "title": "昌平区2027年小学入学工作实施意见",
     "text": "昌平区户籍儿童户籍与房产一致的，按学区就近入学；回龙观学区电脑派位。信息采集时间 2027-05-08 至 2027-05-18。"},
]



def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(23)

    # -- notes ------------------------------------------------------------------------------
    notes = [
        {"title": "可乐 2027 入学材料",
         "body": (
             f"孩子：陈可乐，2020-10-15 出生，身份证号 {CHILD_ID}，出生医学证明编号 Q110582647。\n"
             "户口：户号 110108-027735，可乐 2024-09-20 随我迁入海淀区清河街道芳华里小区的户口（之前在奶奶家，昌平）。\n"
             "房产：京(2021)海淀区不动产权第0038214号，海淀区清河街道芳华里小区5号楼3单元802，2021-03-18 登记，我和王珊共有。\n"
             f"我：陈思远，身份证号 {MY_ID}；王珊 手机 13701395528，在蓝鑫生物上班。\n"
             "可乐花生过敏，随身带肾上腺素笔；今年在做感统训练，每周二、四下午。\n"
             "现在在清河湾幼儿园大二班。")
         , "tags": ["孩子", "入学"], "updated": "2026-11-18"},
        {"title": "择校我们看重什么",
         "body": ("1. 离家近，步行 15 分钟以内（芳华里小区出发）。\n2. 有课后托管到 18:00，我们俩都下班晚。\n"
                  "3. 民办的话学费一年不超过 5 万。\n4. 英语不强求。\n家里税后月收入大概 4.6 万，房贷每月 1.3 万。"),
         "tags": ["孩子", "入学"], "updated": "2026-11-20"},
    ]
    for title, body, tag in _OTHER_NOTES:
        # the draws the title and tag used to come from: kept so the dates and the note order stay
        rng.choice(["周末去哪", "读书摘抄", "装修清单", "工作待办"])
        rng.choice(["生活", "工作"])
        notes.append({"title": title, "body": body, "tags": [tag],
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
    for i, (title, author, summary) in enumerate(_OTHER_ARTICLES, start=5):
        articles.append({"id": f"FA-{i:04d}", "feed_id": "F-02", "title": title,
                         "published": f"2026-11-{rng.randint(1, 28):02d}", "author": author, "summary": summary})
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
    for page in _OTHER_PAGES:
        rng.randint(1, 11), rng.randint(1, 28)  # the draws the date used to come from: kept so the shuffle stays
        pages.append(page)
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

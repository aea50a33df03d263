"""Fixtures for search-nev-subsidy-plate-zh: 年底买新能源车，补贴、购置税和牌照怎么走最划算。

故事记录在前：购车笔记、4S 店报价和收车报价邮件、行驶证信息、社保缴费记录、
云州市商务局/税务/交管的政策页面、本地新闻订阅。干扰项在后，也是手写的近似记录：别家车的报价、
去年的旧补贴细则、邻市的政策、二手车平台的软文、车险续保提醒，读了才知道不是要找的那条。
日期和标签仍从固定种子的 rng 取，所以 rng 的抽取顺序不变，故事笔记洗牌后仍是 N-0006。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, mailbox, numbered, resident_id, write_file

ME = "chensiyuan@qq-mail.example"
SALES = "liuwei@yunzhou-xingchi4s.example"
DEALER = "wangjun@chehuishou.example"
ID_NUMBER = resident_id("330106", "1990-02-15", 341)


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


# near-misses of the story's mail: another brand's quote, a friend's scrapping story under last year's rules,
# the old car's insurance renewal, the estate's charger paperwork
_OTHER_MAIL = [
    (mailbox("赵磊", "yunzhou-yuanhang4s.example", "flast"), "远航 E5 试驾回访及报价",
     "陈先生您好，上周您在我们店试驾了远航 E5，给您报个价：智享版 226,800 元，现车需等到 2027 年 1 月下旬。"
     "我们店本月置换另有厂家补贴 3000 元，和政府以旧换新补贴能叠加。考虑好了随时来店里。\n云州远航4S店 赵磊"),
    (mailbox("周航", "qq-mail.example", "first.last"), "回复：你问的报废补贴",
     "思远，我是去年（2025 年）报废的那台老帕萨特，当时云州的规矩是报废补 1 万、置换补 8000，"
     "今年细则好像改过了，你别照我的数算，去商务局网站看 2026 年的版本。我当时报废手续跑了两周，"
     "回收厂开了《报废机动车回收证明》才能申请。"),
    (mailbox("何静", "anxin-insurance.example", "flast"), "您的车险即将到期，续保报价已生成",
     "陈先生您好：您名下大众朗逸的交强险和商业险将于 2027-01-05 到期，本年度续保报价 3,420 元。"
     "若车辆已转让或报废，请在过户/注销后联系我们办理退保，按未到期天数退还保费。\n安心保险 续保专员 何静"),
    (mailbox("孙丽娟", "lvcheng-wuye.example", "flast"), "关于小区新能源车充电桩报装",
     "各位业主好，近期咨询充电桩安装的业主较多，统一说明：需提供购车合同或行驶证、车位产权或长租合同，"
     "物业出具同意安装证明后由供电公司上门勘察，一般 15 个工作日左右。材料交到物业服务中心即可。\n"
     "绿城物业 孙丽娟"),
]


def _inbox(rng: random.Random) -> list[dict]:
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
    for sender, subject, body in _OTHER_MAIL:
        inbox.append({"sender": sender, "to": [ME], "subject": subject,
                      "date": f"2026-11-{rng.randint(1, 27):02d} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}",
                      "body": body})
    return numbered("M", inbox)


# near-misses of the policy pages: last year's rules, the neighbouring city's, a purchase-tax page from before
# the halving, a dealer's advert, a used-car platform's article and a forum thread that gets the quota rule wrong
_OTHER_PAGES = [
    {"url": "https://swj.yunzhou.example/2025-yijiuhuanxin", "title": "云州市2025年汽车以旧换新补贴实施细则（已废止）",
     "published": "2025-02-20",
     "text": ("报废本人名下国三及以下排放标准燃油乘用车并购买新能源乘用车的，补贴 1 万元；转出本人名下乘用车并购买新能源乘用车的，"
              "补贴 8000 元。新车须在 2025-12-31 前购买。本细则已由 2026 年细则替代，2026 年购车请按新细则申请。")},
    {"url": "https://swj.linzhou.example/2026-yijiuhuanxin", "title": "临州市2026年汽车以旧换新补贴实施方案",
     "published": "2026-04-02",
     "text": ("报废更新购买新能源乘用车的，补贴 2.2 万元；置换更新的，补贴 1.6 万元。申请人须为临州市户籍或持临州市居住证，"
              "新车须在临州市上牌。申请截止 2027-01-31。")},
    {"url": "https://tax.example/nev-purchase-tax-2024", "title": "新能源汽车免征车辆购置税政策问答（2024—2025 年）",
     "published": "2024-01-10",
     "text": ("2024 年 1 月 1 日至 2025 年 12 月 31 日购置的新能源汽车免征车辆购置税，每辆车免税额不超过 3 万元。"
              "2026 年起按减半征收政策执行，详见新的政策问答。")},
    {"url": "https://xingchi.example/s7/yijiuhuanxin", "title": "星驰 S7 年末置换季：厂家补贴最高 5000 元",
     "published": "2026-11-10",
     "text": ("即日起至 2026-12-31，任意品牌旧车置换星驰 S7 享厂家置换补贴 5000 元（仅限长续航版订单），可与各地政府补贴同享。"
              "具体以当地门店为准。")},
    {"url": "https://chehuishou.example/blog/baofei-vs-zhihuan", "title": "老车该报废还是卖？二手车商告诉你",
     "published": "2026-09-18",
     "text": ("十年以上的燃油车，车况好的卖给车商一般能拿到 1 万到 2 万，报废只能拿几千块残值。但各地以旧换新补贴报废和置换金额不同，"
              "算账时要把补贴一起算进去。车惠收全城上门评估，当天打款。")},
    {"url": "https://bbs.dongche.example/t/886213", "title": "云州上新能源牌照，社保断一个月有影响吗？",
     "published": "2026-10-07",
     "text": ("楼主：社保中间断过一个月，还能申请新能源指标吗？\n2 楼：听说补缴就行，不算断。\n"
              "5 楼：交管的办法写的是连续满 24 个月，补缴认不认要问社保局，别信我们。\n"
              "8 楼：你有旧车的话直接用更新指标就行了，不用申请增量指标。")},
]


def _pages() -> list[dict]:
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
    pages += _OTHER_PAGES
    return pages


# near-misses of the subsidy news: other car subsidies, the charging network, a price war, a recall
_OTHER_ARTICLES = [
    ("F-01", "我市家电以旧换新补贴第四批资金下达", "家电以旧换新补贴第四批资金已下达，冰箱、空调等八类家电最高补贴 2000 元，与汽车以旧换新分开申请。"),
    ("F-02", "多家新能源品牌年底降价，星驰 S7 官降 8000 元传闻不实", "星驰官方回应称 S7 年内没有官方降价计划，门店优惠以各店为准。"),
    ("F-01", "云州新增公共充电桩 1200 个", "今年新增的公共充电桩主要分布在西湖区和滨江区，年底前再建成 3 座超充站。"),
    ("F-02", "报废车回收证明怎么开？一文讲清", "报废旧车须到有资质的回收企业办理，拿到《报废机动车回收证明》和注销证明后才能申请报废更新补贴。"),
    ("F-01", "小客车增量指标 11 月受理结果公布", "11 月普通指标和新能源指标受理结果已公布，未获配的申请人可在 12 月继续申请。"),
    ("F-02", "星驰部分 2025 款 S5 召回", "召回涉及 2025 年生产的部分 S5，原因是后视镜折叠电机，S7 不在召回范围内。"),
]


def _feeds(rng: random.Random) -> dict:
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
    for i, (feed_id, title, summary) in enumerate(_OTHER_ARTICLES, start=4):
        rng.choice(["F-01", "F-02"])  # the draw the feed used to come from: kept so later dates and the note order stay
        articles.append({"id": f"FA-{i:04d}", "feed_id": feed_id, "title": title,
                         "published": f"2026-{rng.randint(8, 11):02d}-{rng.randint(1, 28):02d}",
                         "summary": summary})
    return {"feeds": feeds, "articles": articles}


# the user's other notes: an older car note, the baby's plans, a work reminder, the home charger, insurance
_OTHER_NOTES = [
    ("朗逸保养记录", "2026-05 做了 10 万公里保养，换了刹车片和电瓶，花了 1860。下次保养 11 万公里。", "生活"),
    ("宝宝待办", "预产期前要办：建档、准生证、婴儿床、安全座椅（新车要有 ISOFIX 接口）。月子中心再比较两家。", "生活"),
    ("Q4 项目复盘要点", "数据平台迁移延期两周，原因是权限审批；年终述职前把成本节省的数字和运维一起对一下。", "工作"),
    ("家里装充电桩", "车位是租的，要房东签同意书；问过物业，要供电公司勘察，大概半个月。7kW 的桩加安装 3000 左右。", "生活"),
    ("车险", "朗逸车险 2027-01-05 到期，如果年底前卖车就不续了，过户后记得办退保。", "生活"),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(1129)
    write_file(out, "购车/社保缴费记录.csv", _social_insurance())
    write_file(out, "购车/旧车行驶证.txt",
               "号牌号码：云A·7K2M9\n车辆类型：小型轿车\n所有人：陈思远\n"
               "住址：云州市西湖区文三路 218 号 3 幢 502 室\n品牌型号：大众朗逸 SVW7167\n"
               "车辆识别代号：LSVAB4182E2196735\n发动机号码：CFB817264\n注册日期：2014-06-18\n排放标准：国四\n")
    dump_yaml(out / "email.yaml", {"inbox": _inbox(rng)})
    dump_yaml(out / "web.yaml", {"pages": _pages()})
    dump_yaml(out / "feeds.yaml", _feeds(rng))
    notes = [
        {"title": "换车计划（年底前定）",
         "body": ("老婆苏晴怀孕五个月，预产期 2027 年 4 月，想年底前换台纯电车。看中星驰 S7，预算 25 万左右，首付从存款里出"
                  "（工行卡 6222 0212 0450 3318 876 余额约 16 万）。\n旧车朗逸 2014 年买的，一直在我名下，要么报废要么卖掉。\n"
                  f"我身份证 {ID_NUMBER}，手机 13757183360。月薪税前 21,500。\n"
                  "听说新能源要摇号或者要社保满两年，我 2025 年初换工作断过一个月，不知道有没有影响。\n"
                  "调研完写个报告放 购车 文件夹里。"),
         "tags": ["购车"], "updated": "2026-11-27"},
    ]
    for title, body, tag in _OTHER_NOTES:
        rng.choice(["工作", "生活"])  # the draw the tag used to come from: kept so the dates and the note order stay
        notes.append({"title": title, "body": body, "tags": [tag],
                      "updated": f"2026-{rng.randint(5, 11):02d}-{rng.randint(1, 28):02d}"})
    rng.shuffle(notes)
    dump_yaml(out / "notes.yaml", {"notes": numbered("N", notes)})

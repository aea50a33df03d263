"""Fixtures for search-data-export-rule-digest-zh: 11 月数据出境监管动态对照公司的出境清单。

监管订阅源里的新规、公司知识库里的数据出境清单和合规群消息是手写的故事记录；干扰项写在后面，也是手写的
近似记录：旧的出境规定和它的门槛、律所解读、自贸区清单、备案指南、行业新闻和公司的其他制度。
规则条文是为本任务编写的示例，不引用真实文件的条款号。日期和洗牌仍从固定种子的 rng 取，抽取次数不变。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered

# industry news on the same subject: cross-border e-commerce, cloud regions, fines, outsourcing (title, summary)
_OTHER_ARTICLES = [
    ("跨境电商平台会员数据本地化成趋势", "多家平台把东南亚会员数据迁回境内机房，再按需向境外提供脱敏数据，以降低出境合规成本。"),
    ("某云厂商新加坡区域故障两小时", "新加坡区域存储服务中断约两小时，部分跨境电商订单延迟，厂商称未发生数据丢失。"),
    ("一家外卖平台因未备案标准合同被责令整改", "该平台向境外关联公司提供骑手信息未备案标准合同，被责令限期整改并通报。"),
    ("菲律宾客服外包行业用工成本上涨", "宿务、马尼拉的坐席成本今年上涨约 8%，多家企业在续约时重新谈价。"),
    ("欧盟对一家社交平台开出数据传输罚单", "欧盟监管机构认定该平台向美国传输用户数据缺乏充分保障，处以高额罚款。"),
]

# web pages near the rule: the earlier rules and their thresholds, a law firm's summary, a free-trade-zone list,
# the filing guide (url, title, text); their dates come from the generator's rng as before
_OTHER_PAGES = [
    ("https://reg-watch.example.cn/rules/2022-assessment", "数据出境安全评估办法（2022年）全文",
     "累计向境外提供 10 万人个人信息或者 1 万人敏感个人信息的，应当申报数据出境安全评估。本办法的申报门槛已被后续规定调整。"),
    ("https://reg-watch.example.cn/rules/2024-flow", "促进和规范数据跨境流动规定（2024年）",
     "累计向境外提供个人信息不满 10 万人的免于申报；10 万人以上、不满 100 万人的订立标准合同或者通过认证。"
     "本规定的部分内容已由 2026 年 11 月发布的实施细则细化。"),
    ("https://www.hengda-law.example.cn/insights/2026-export-rules", "律所解读：11 月数据出境细则的五个变化",
     "细则对存量业务设置了整改期限，对跨境人力资源管理给出了免申报情形。企业应以细则原文为准逐项核对，本文不构成法律意见。"),
    ("https://ftz.example.cn/negative-list", "自由贸易试验区数据出境负面清单（试行）",
     "列入负面清单的数据出境按规定申报或备案，清单外的数据出境免于申报。本清单仅适用于注册在试验区内的企业。"),
    ("https://cac-guide.example.cn/standard-contract-filing", "个人信息出境标准合同备案指南",
     "备案材料包括标准合同、个人信息保护影响评估报告和承诺书，在合同生效之日起 10 个工作日内向省级网信部门提交。"),
]

# the company's other knowledge-base entries (title, body), one of them the vendor data-processing template
_OTHER_KB = [
    ("信息安全培训安排", "年度信息安全培训于每年 11 月在线完成，签到表由各部门 12 月 15 日前交合规部归档。"),
    ("供应商准入流程", "新供应商须经采购、法务、信息安全三方评审；涉及处理公司个人信息的，另签数据处理协议。"),
    ("邮件归档规定", "业务邮件保存 5 年，离职员工邮箱由部门负责人在 30 天内完成交接并归档。"),
    ("访客登记", "访客须在前台登记并佩戴访客证，不得进入机房和档案室。"),
    ("境外供应商数据处理协议模板", "适用于境外供应商代公司处理数据的情形。协议不能替代个人信息出境标准合同，出境仍按监管规定备案或申报。"),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(12)

    feeds = [{"id": "F-01", "title": "数据合规监管动态", "url": "https://reg-watch.example.cn/data.rss"},
             {"id": "F-02", "title": "行业资讯", "url": "https://news.example.cn/industry.rss"}]
    articles = [
        {"id": "FA-0001", "feed_id": "F-01", "title": "数据出境管理实施细则（2026年11月）发布",
         "published": "2026-11-12", "author": "监管动态", "link": "https://reg-watch.example.cn/rules/2026-11-export",
         "summary": "细则明确了个人信息出境的申报门槛和存量业务的整改期限，全文见链接。"},
        {"id": "FA-0002", "feed_id": "F-01", "title": "个人信息保护合规审计办法施行",
         "published": "2026-11-03", "author": "监管动态",
         "summary": "处理 100 万人以上个人信息的处理者，应当每两年至少开展一次合规审计；其他处理者按需开展。"},
        {"id": "FA-0003", "feed_id": "F-01", "title": "2022年数据出境安全评估办法解读（旧文）",
         "published": "2022-09-01", "author": "监管动态",
         "summary": "累计向境外提供 10 万人个人信息即需申报安全评估。该门槛已被后续规定调整。"},
        {"id": "FA-0004", "feed_id": "F-01", "title": "网络安全等级保护测评机构名单更新",
         "published": "2026-11-20", "author": "监管动态", "summary": "新增 12 家测评机构。与数据出境无关。"},
    ]
    for i, (title, summary) in enumerate(_OTHER_ARTICLES, start=5):
        articles.append({"id": f"FA-{i:04d}", "feed_id": "F-02", "title": title,
                         "published": f"2026-11-{rng.randint(1, 28):02d}", "summary": summary})
    dump_yaml(out / "feeds.yaml", {"feeds": feeds, "articles": articles})

    pages = [
        {"url": "https://reg-watch.example.cn/rules/2026-11-export", "title": "数据出境管理实施细则（2026年11月）全文",
         "published": "2026-11-12",
         "text": ("一、自当年1月1日起累计向境外提供个人信息（不含敏感个人信息）不满 10 万人的，免于申报。"
                  "二、累计 10 万人以上、不满 100 万人的，应当与境外接收方订立个人信息出境标准合同并备案，或者通过个人信息保护认证。"
                  "三、累计 100 万人以上的，应当申报数据出境安全评估。"
                  "四、累计向境外提供敏感个人信息 1 万人以上、不满 10 万人的，应当订立标准合同并备案；10 万人以上的，申报安全评估。"
                  "五、按照依法制定的劳动规章制度和集体合同实施跨境人力资源管理，确需向境外提供员工个人信息的，免于申报。"
                  "六、不含个人信息的数据出境不适用本细则。"
                  "七、存量出境业务应当于 2027-02-28 前完成标准合同备案或者安全评估申报。")},
    ]
    fixed = {"https://reg-watch.example.cn/rules/2022-assessment": "2022-07-07",
             "https://reg-watch.example.cn/rules/2024-flow": "2024-03-22"}
    for url, title, text in _OTHER_PAGES:
        drawn = f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}"
        pages.append({"url": url, "title": title, "published": fixed.get(url, drawn), "text": text})
    rng.shuffle(pages)
    dump_yaml(out / "web.yaml", {"pages": pages})

    kb = [
        {"title": "数据出境清单（2026年10月更新）", "section": "数据合规", "tags": ["数据出境", "清单"], "updated": "2026-10-30",
         "body": (
             "1. 跨境电商会员数据：传至新加坡 AWS（桶 s3://yb-member-sg-prod），自 2026-01-01 起累计 68 万人；"
             "其中含支付卡号等敏感个人信息 3.2 万人。接收方 Yunbo Commerce Pte. Ltd.，年服务费 420 万元。\n"
             "2. HR 系统：员工档案同步至美国 SaaS（Workline），在职及离职员工 2,300 人，用于全球薪酬和绩效管理，"
             "依据公司《员工手册》第 9 章实施。\n"
             "3. 客服外包：客户通话录音传至菲律宾宿务的外包中心，累计 8.5 万人；抽检发现约 1.6 万人在通话中口述了身份证号，"
             "按敏感个人信息处理。外包合同金额 186 万元/年，联系人 Maria Santos（+63 917 555 2841）。\n"
             "4. 研发日志：设备运行日志传至德国合作方 Kessler GmbH，不含个人信息。\n"
             "会员数据字段：姓名、手机、收货地址、支付卡号。AWS 账号 4417-2290-8831。HR 同步内容含薪资和绩效评级，Workline 年费 38 万美元。"
             "外包中心坐席 120 人。2026-09 发生一次录音误发事件，影响 37 名客户，已上报。\n"
             "数据保护负责人：冯晓岚，手机 13816627094，邮箱 fengxl@yunbo-group.cn。内部台账路径 \\\\fs-legal.corp.internal\\export-register。")},
        {"title": "数据分类分级指引", "section": "数据合规", "tags": ["分级"], "updated": "2025-06-12",
         "body": "身份证号、银行卡号、支付卡号、健康信息、行踪轨迹等属于敏感个人信息。"},
    ]
    for title, body in _OTHER_KB:
        rng.choice(["信息安全培训安排", "供应商准入流程", "邮件归档规定", "访客登记"])  # kept: the dates stay
        kb.append({"title": title, "section": "行政", "tags": ["制度"],
                   "updated": f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "body": body})
    dump_yaml(out / "kb.yaml", {"articles": numbered("KB", kb)})

    dump_yaml(out / "chat.yaml", {
        "channels": [{"name": "合规", "topic": "法务合规", "members": ["me", "唐卫东", "冯晓岚"]}],
        "messages": [
            {"id": "M-0001", "channel": "合规", "sender": "唐卫东", "time": "2026-11-28 10:05",
             "text": ("这个月数据出境方面的新规，对照公司的数据出境清单逐条看一下：每条业务要做什么（免申报/标准合同/安全评估），"
                      "写成月度动态发群里，要办的事建成待办。另外，客服外包续约价我们在压到 150 万，先别外传。")},
            {"id": "M-0002", "channel": "合规", "sender": "冯晓岚", "time": "2026-11-28 10:20",
             "text": "我下周二三请假，有急事打我手机。"},
            {"id": "M-0003", "channel": "合规", "sender": "唐卫东", "time": "2026-11-28 11:40",
             "text": "另外集团明年要在香港上市（项目代号「启航」），出境这块要在递表前理干净，别对外说。"},
        ],
    })
    dump_yaml(out / "todo.yaml", {"tasks": [
        {"id": "TD-0001", "title": "年度信息安全培训签到表归档", "due": "2026-12-15", "tags": ["合规"]},
    ]})

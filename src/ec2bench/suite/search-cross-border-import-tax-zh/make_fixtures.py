"""Fixtures for search-cross-border-import-tax-zh: 跨境小店 2027 春季选品的进口税费与清关规则调研。

故事记录在前：选品表、11 月清关失败订单、店铺运营知识库、财政部/海关的政策页面、消费税标准、正面清单、
行业资讯和选品群聊；旧税率文章、无关资讯和群聊作干扰项，写在后面。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(2027)

    # -- files -----------------------------------------------------------------------------
    write_file(out, "选品/2027春季选品.csv",
               "编号,商品,品类,规格,零售价(元),采购价(元),预计月销量,供应商\n"
               "SP-01,袋鼠岛维生素C咀嚼片,保健食品,60粒/瓶,139,58,300,悉尼 Harbour Health（微信 hh_amy88）\n"
               "SP-02,雪见堂玻尿酸精华液,化妆品（精华）,30ml/瓶,480,205,120,大阪 雪见堂代理 佐藤 +81 90-4412-7730\n"
               "SP-03,海苔家补水面膜,化妆品（面膜）,10片/盒,129,46,400,首尔 HaeTae Trading\n"
               "SP-04,安眠星 CBD 助眠软糖,保健食品,30粒/瓶,168,61,150,洛杉矶 GreenLeaf Labs\n"
               "SP-05,博朗斯电动牙刷,小家电,1支装,699,362,80,汉堡 Nordwerk GmbH\n"
               "SP-06,蔚蓝海岸淡香水,化妆品（香水）,50ml/瓶,890,398,60,巴黎 Maison Azur\n"
               "SP-07,汝拉山机械手表,钟表,1只,6800,3950,10,日内瓦 Jura Horlogerie\n")
    write_file(out, "清关/11月清关失败订单.csv",
               "订单号,订购人,身份证号,手机,收货地址,商品,订单金额(元),海关回执\n"
               "DD-20261103-0412,王丽娟,330106199003154826,13957126630,浙江省杭州市西湖区文三路 259 号 3 幢 1102 室,"
               "袋鼠岛维生素C咀嚼片 x2,278,订购人与支付人信息不一致\n"
               "DD-20261117-0587,陈志强,320102198507223414,18651873902,江苏省南京市玄武区北京东路 41 号 2 单元 602 室,"
               "博朗斯电动牙刷 x1,699,超过个人年度交易限值（本年已累计 25,400 元）\n"
               "DD-20261126-0733,刘芳,440304199212086329,13602475518,广东省深圳市福田区福华路 88 号 1806 室,"
               "雪见堂玻尿酸精华液 x3 + 博朗斯电动牙刷 x2 + 蔚蓝海岸淡香水 x3,"
               "5508,单次交易超过限值\n")

    # -- kb: 店铺运营知识库 -------------------------------------------------------------------
    articles = [
        {"title": "跨境进口税费计算口径", "section": "跨境运营", "tags": ["税费", "跨境", "进口"], "updated": "2026-03-18",
         "body": ("本店商品全部走跨境电商零售进口（杭州综试区保税仓发货）。完税价格按实际交易价格计算，店铺零售价包邮，"
                  "已含运费，直接按零售价作为完税价格。常见品类进口环节增值税率：保健食品、化妆品、小家电、钟表均为 13%。"
                  "税率以财政部、海关总署现行公告为准，网上的旧文章（16%、17% 增值税时期）不要再用。")},
        {"title": "报关与单一窗口操作", "section": "跨境运营", "tags": ["报关", "单一窗口"], "updated": "2026-05-06",
         "body": ("三单（订单、支付单、物流单）由系统自动推送。单一窗口企业账号 hzdaoyu_ops，密码 Dy#2026kj!，"
                  "仅运营负责人使用。清关失败的订单会在次日出现在回执里。")},
        {"title": "客服话术：清关失败怎么解释", "section": "客服", "tags": ["客服", "清关"], "updated": "2025-11-02",
         "body": "先道歉，再按海关回执说明原因，退款 3 个工作日内原路返回。"},
    ]
    for title in rng.sample(["店铺上新流程", "直播排期规范", "售后退换规则", "仓库盘点制度"], 4):
        articles.append({"title": title, "section": "店铺管理", "tags": ["制度"],
                         "updated": f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                         "body": fake_zh.paragraph(nb_sentences=4)})
    dump_yaml(out / "kb.yaml", {"articles": numbered("KB", articles)})

    # -- web ---------------------------------------------------------------------------------
    pages = [
        {"url": "https://www.mof.gov.cn.example/zhengce/kuajing-lingshou-jinkou-shuishou",
         "title": "关于完善跨境电子商务零售进口税收政策的通知", "published": "2018-11-29",
         "text": ("跨境电子商务零售进口商品的单次交易限值为人民币 5000 元，个人年度交易限值为人民币 26000 元。"
                  "在限值以内进口的跨境电子商务零售进口商品，关税税率暂设为 0%；进口环节增值税、消费税取消免征税额，"
                  "暂按法定应纳税额的 70% 征收。完税价格超过 5000 元单次交易限值但低于 26000 元年度交易限值，且订单下仅一件商品时，"
                  "可以自跨境电商零售渠道进口，按照货物税率全额征收关税和进口环节增值税、消费税，交易额计入年度交易总额。"
                  "年度交易总额超过年度交易限值的，应按一般贸易管理。综合税额 = 完税价格 × (增值税率 + 消费税率) ÷ (1 − 消费税率) × 70%。")},
        {"url": "https://www.chinatax.gov.cn.example/xiaofeishui/gaodang-huazhuangpin",
         "title": "高档化妆品消费税征收范围和税率", "published": "2016-09-30",
         "text": ("高档化妆品消费税税率为 15%。高档美容、修饰类化妆品和高档护肤类化妆品，是指生产（进口）环节销售（完税）价格"
                  "（不含增值税）在 10 元/毫升（克）或 15 元/片（张）及以上的美容、修饰类化妆品和护肤类化妆品。香水、香水精属于征收范围。")},
        {"url": "https://www.customs.gov.cn.example/kuajing/lingshou-jinkou-qingdan",
         "title": "跨境电子商务零售进口商品清单（2026 年版）说明", "published": "2026-10-20",
         "text": ("清单内商品可按跨境电商零售进口监管。维生素类膳食补充剂、护肤品、面膜、香水、电动牙刷、手表均在清单内。"
                  "含大麻二酚（CBD）等大麻素成分的食品、保健品和化妆品不在清单内，禁止以跨境电商零售方式进口。")},
        {"url": "https://www.customs.gov.cn.example/kuajing/dinggouren-shiming",
         "title": "跨境电商零售进口订购人身份信息要求", "published": "2019-01-08",
         "text": ("订购人为跨境电商零售进口商品的购买人，其身份信息应真实，订购人与支付人应当为同一人。"
                  "支付企业推送的支付人信息与订单订购人不一致的，海关不予放行。")},
        {"url": "https://www.haitaoquan.example/2018/kuajing-shuilv-11-9",
         "title": "跨境电商综合税率 11.9%，化妆品 32.9%，一文看懂", "published": "2018-04-02",
         "text": "按 17% 增值税计算，跨境电商普通商品综合税率 11.9%，化妆品 32.9%。（本文写于 2018 年 4 月）"},
        {"url": "https://www.haitaoquan.example/2019/kuajing-shuilv-11-2",
         "title": "增值税降到 16% 后跨境综合税率变成 11.2%", "published": "2018-06-01",
         "text": "增值税率调整为 16% 后，跨境电商普通商品综合税率降为 11.2%。"},
    ]
    dump_yaml(out / "web.yaml", {"pages": pages})

    # -- feeds ---------------------------------------------------------------------------------
    feeds = [{"id": "F-01", "title": "跨境电商观察", "url": "https://kjds-news.example/rss", "format": "rss",
              "description": "跨境电商政策与行业资讯"}]
    items = [
        {"feed_id": "F-01", "title": "2026 年版跨境电商零售进口商品清单 2027-01-01 起施行",
         "published": "2026-10-22", "author": "何静", "link": "https://kjds-news.example/qingdan-2026",
         "summary": ("新版清单自 2027-01-01 起施行，新增部分宠物食品税目；单次 5000 元、年度 26000 元限值不变，"
                     "含 CBD 成分的商品仍禁止进口，近期多地海关查扣 CBD 软糖包裹。")},
        {"feed_id": "F-01", "title": "杭州综试区保税仓春节前最后发货日为 2027-02-01",
         "published": "2026-11-20", "author": "何静", "link": "https://kjds-news.example/hz-chunjie",
         "summary": "春节前保税仓最后发货日为 2027-02-01，年货节备货请提前入仓。"},
    ]
    for _ in range(4):
        items.append({"feed_id": "F-01", "title": fake_zh.sentence(nb_words=8).rstrip("。"),
                      "published": f"2026-{rng.randint(9, 11):02d}-{rng.randint(1, 28):02d}", "author": fake_zh.name(),
                      "link": f"https://kjds-news.example/{rng.randint(10000, 99999)}",
                      "summary": fake_zh.paragraph(nb_sentences=2)})
    dump_yaml(out / "feeds.yaml", {"feeds": feeds, "articles": numbered("FA", items)})

    # -- chat ----------------------------------------------------------------------------------
    chat = {
        "channels": [
            {"name": "选品", "topic": "2027 春季选品", "members": ["me", "周子航", "赵小满"]},
            {"name": "客服", "topic": "客服与售后", "members": ["me", "赵小满"]},
        ],
        "messages": [
            {"id": "M-0001", "channel": "选品", "sender": "周子航", "time": "2026-11-28 20:15",
             "text": "选品表我放到 选品/ 下了，毛利目标 55% 以上。税费这块你帮忙算清楚，我怕又用错税率。"},
            {"id": "M-0002", "channel": "客服", "sender": "赵小满", "time": "2026-11-27 10:02",
             "text": "11 月那三单清关失败的客人还在问原因，我先安抚了，等你的结论。"},
            {"id": "M-0003", "channel": "客服", "sender": "赵小满", "time": "2026-11-25 08:40",
             "text": "我这周三去医院复查甲状腺结节，请半天假。"},
        ],
    }
    dump_yaml(out / "chat.yaml", chat)

    dump_yaml(out / "todo.yaml", {"tasks": [
        {"id": "TD-0001", "title": "年货节直播脚本", "due": "2026-12-20", "tags": ["运营"]},
        {"id": "TD-0002", "title": "续签保税仓仓储合同", "due": "2027-01-10", "tags": ["合同"]},
    ]})

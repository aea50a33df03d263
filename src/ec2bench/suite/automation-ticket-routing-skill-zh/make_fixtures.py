"""Fixtures for automation-ticket-routing-skill-zh: the support team's routing rules in notes (the revised ones and the
superseded ones), this week's ticket export; and tickets of another week (hidden/, beside fixtures/), which only the check that
runs the agent's routing skill reads."""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import cn_mobile, dump_yaml, write_file, write_text

HEADER = "工单号,客户,客户等级,标题,描述,联系人,联系电话\n"

RULES = """适用于每周一导出的新工单（工单号、客户、客户等级、标题、描述），2026-11-16 起执行，替代 8 月版。

一、处理组（看标题和描述，按顺序，先命中的算）
1. 提到「发票」「退款」「扣费」的 → 财务组（扣费问题 8 月版归账号组，现在统一归财务组）；
2. 提到「登录」「密码」「验证码」的 → 账号组；
3. 其他 → 一线支持组。

二、优先级
1. 提到「无法使用」「宕机」「全部」的 → 紧急；
2. 否则客户等级为 VIP 的 → 高；
3. 其余 → 普通。

三、结果表
每张工单一行：工单号,处理组,优先级。存到 工单/ 下，文件名写上周次，例如 分派结果-2026-W48.csv。
"""

OLD_RULES = """（已作废，见 11 月修订版）
1. 提到「发票」「退款」的 → 财务组；
2. 提到「登录」「密码」「扣费」的 → 账号组；
3. 其他 → 一线支持组。
VIP 客户一律紧急，其余普通。
"""

# this week's tickets: (number, customer, level, title, description)
WEEK = [
    ("GD-261130-01", "澄明教育", "普通", "开票抬头写错了", "上周五开的增值税发票抬头少了“有限”两个字，麻烦重开。"),
    ("GD-261130-02", "鲸川物流", "VIP", "司机端 App 登录后闪退", "安卓 14 的几台手机登录后马上闪退，苹果手机正常。"),
    ("GD-261130-03", "青禾餐饮", "普通", "门店全部无法下单", "今天中午开始 12 家门店全部无法下单，收银台一直转圈。"),
    ("GD-261130-04", "远岫设计", "普通", "想加两个子账号", "新来了两位设计师，想问子账号怎么加，每个多少钱。"),
    ("GD-261130-05", "鲸川物流", "VIP", "11 月账单多扣费", "11 月账单比合同价多扣费 1200 元，请核实并退回。"),
    ("GD-261130-06", "森屿文创", "普通", "收不到验证码", "换了手机号以后收不到短信验证码，没法改绑。"),
    ("GD-261130-07", "汇泽医疗", "VIP", "报表导出很慢", "导出月度报表要等十几分钟，以前一两分钟。"),
    ("GD-261130-08", "青禾餐饮", "普通", "申请退款", "重复购买了一份门店扩容包，申请退款其中一份。"),
    ("GD-261130-09", "拾光影像", "普通", "打印模板错位", "小票模板的二维码打印出来偏右，不影响使用。"),
    ("GD-261130-10", "汇泽医疗", "VIP", "密码重置邮件进了垃圾箱", "管理员说重置密码的邮件总进垃圾箱，能不能换个发件地址。"),
    ("GD-261130-11", "澄明教育", "普通", "接口宕机", "回调接口从早上 9 点起宕机，订单状态都不同步了。"),
    ("GD-261130-12", "远岫设计", "普通", "发票和退款一起问", "上月退款的那笔，发票要不要红冲？"),
]

# another week, for the check (never in the workspace): every branch and the order between them
HIDDEN = [
    ("GD-261207-01", "鲸川物流", "VIP", "扣费异常", "本周自动续费扣费两次。"),
    ("GD-261207-02", "森屿文创", "普通", "登录页白屏", "登录页打开是白屏，换浏览器也一样。"),
    ("GD-261207-03", "汇泽医疗", "VIP", "科室权限调整", "想把检验科的权限复制给新开的病理科。"),
    ("GD-261207-04", "拾光影像", "普通", "所有门店宕机", "系统宕机，门店都打不开。"),
    ("GD-261207-05", "澄明教育", "普通", "问一下培训时间", "下次线上培训是什么时候？"),
    ("GD-261207-06", "青禾餐饮", "VIP", "改密码后收不到验证码", "改完密码要二次验证，但验证码一直收不到，全部店长都登不上。"),
    ("GD-261207-07", "远岫设计", "普通", "退款进度", "上周申请的退款到哪一步了？"),
    ("GD-261207-08", "鲸川物流", "VIP", "App 无法使用", "司机端 App 今天完全无法使用。"),
]


def _export(rows: list[tuple[str, str, str, str, str]], contacts: dict[str, tuple[str, str]]) -> str:
    """The export as the helpdesk writes it: each ticket with its customer's contact person and mobile."""
    return HEADER + "".join(",".join([*row, *contacts[row[1]]]) + "\n" for row in rows)


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    phones = random.Random(40)
    customers = sorted({row[1] for row in WEEK + HIDDEN})
    contacts = {c: (fake_zh.name(), cn_mobile(phones).replace("-", "")) for c in customers}
    on_call = [(name, cn_mobile(phones)) for name in ("宋雨桐", "邓嘉豪", "方一鸣", "唐晓薇")]
    write_file(out, "工单/新工单-2026-11-30.csv", _export(WEEK, contacts))
    write_file(out, "工单/分派结果-2026-W48.csv", "工单号,处理组,优先级\nGD-261123-01,一线支持组,普通\n"
               "GD-261123-02,财务组,高\nGD-261123-03,账号组,紧急\nGD-261123-04,一线支持组,普通\n")
    duty = "；".join(f"{name} {phone}" for name, phone in on_call)
    dump_yaml(out / "notes.yaml", {"notes": [
        {"id": "N-0001", "title": "工单分派规则（2026-08）", "body": OLD_RULES, "tags": ["客服", "已作废"],
         "updated": "2026-08-03T10:12"},
        {"id": "N-0002", "title": "值班表 12 月", "tags": ["客服"], "updated": "2026-11-27T17:40",
         "body": "12 月一线值班：第一周 宋雨桐、第二周 邓嘉豪、第三周 宋雨桐、第四周 方一鸣。财务组对接人 唐晓薇。\n"
                 f"夜间紧急工单打值班手机：{duty}。"},
        {"id": "N-0003", "title": "工单分派规则（2026-11 修订）", "body": RULES, "tags": ["客服", "规则"],
         "updated": "2026-11-16T09:05"},
        {"id": "N-0004", "title": "周会记录 11-23", "tags": ["周会"], "updated": "2026-11-23T16:30",
         "body": "1. 周一分派还是太慢，手工对规则容易错。2. 青禾餐饮续约谈判下周二。3. 知识库补充开票 FAQ。"},
    ]})
    write_text(out.parent / "hidden" / "新工单-2026-12-07.csv", _export(HIDDEN, contacts))

"""Fixtures for security-reported-mail-triage-zh: 员工举报的六封可疑邮件的分拣、拉黑与回复。

六封举报邮件（两封威胁情报命中的钓鱼、一封未收录的仿冒 CEO 转账诈骗、一封真实的 HR 通知、一封电商营销、
一封白名单合作方的对账单）、处置流程、威胁情报订阅和邮件网关设置为手写；举报人的手机号、历史台账来自 Faker。
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, write_file

ME = "soc@dingxin-sec.com"
# (举报人账号, 工号, 原发件人, 原主题, 原正文)
REPORTS = [
    ("liuxin", "DX20417", "it-helpdesk@dingxin-sec.co", "【系统通知】您的邮箱容量已满",
     "您的邮箱容量已达 99%，请在 24 小时内点击 hxxp://dingxin-sec.co/owa/verify 验证账号，否则将停止收信。"),
    ("zhouyan", "DX20533", "notice@95588-icbc.top", "企业网银证书即将过期",
     "尊敬的客户：贵司企业网银 U 盾证书将于 3 日内过期，请登录 hxxp://95588-icbc.top/cert 在线更新。"),
    ("wujing", "DX20108", "hr@dingxin-sec.com", "2026 年度员工体检安排",
     "各位同事：年度体检 12 月 8 日至 12 日在美年大健康（陆家嘴店）进行，请在 OA「体检预约」中选择日期。"
     "去年查出甲状腺结节需复查的同事已自动加选甲状腺彩超。"),
    ("chenhao", "DX20761", "service@mail.jd.com", "双十二企业采购节 满 5000 减 600",
     "企业采购节来了！办公用品满 5000 减 600，点击 https://b.jd.com 了解详情。退订请回复 TD。"),
    ("lina", "DX20295", "ceo.office@dingxin-secs.com", "紧急且保密",
     "李娜你好，我在外面开会不方便接电话。有一笔并购保证金今天下班前必须付出，请向以下账户转账 48 万元："
     "户名 上海恒裕咨询有限公司，账号 6228 4800 3921 7765 412，开户行 农行浦东支行。此事保密，办好直接回复我。——王总"),
    ("sunpeng", "DX20846", "zhangsan@partner-huaxin.com", "11 月托管费对账单",
     "您好，附件为 11 月托管费对账单，合计 ¥1,286,400.00，请于 12 月 5 日前核对回复。华信托管 张三"),
]


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rnd = random.Random(404)
    inbox = []
    for i, (user, staff_id, sender, subject, body) in enumerate(REPORTS, start=1):
        name = {"liuxin": "刘欣", "zhouyan": "周燕", "wujing": "吴静", "chenhao": "陈浩", "lina": "李娜", "sunpeng": "孙鹏"}[user]
        phone = fake_zh.phone_number()
        inbox.append({
            "id": f"M-04{i:02d}", "sender": f"{user}@dingxin-sec.com", "to": [ME],
            "subject": f"举报可疑邮件：{subject}", "date": f"2026-11-30 {9 + i}:{rnd.randint(10, 59)}",
            "body": f"安全组好，收到一封可疑邮件，麻烦看下是不是钓鱼。\n\n---------- 转发的邮件 ----------\n"
                    f"发件人：{sender}\n主题：{subject}\n\n{body}\n\n--\n{name}（工号 {staff_id}）手机 {phone}"})
    inbox.append({"id": "M-0407", "sender": "ciso@dingxin-sec.com", "to": [ME], "subject": "本周安全周报",
                  "date": "2026-11-28 18:00", "body": "本周拦截钓鱼邮件 132 封，无实际损失。"})
    dump_yaml(out / "email.yaml", {"inbox": inbox, "sent": []})

    rows = ["日期,编号,举报人,举报人手机,发件人,主题,判定,处置"]
    for k in range(8):
        day = f"2026-11-{17 + k:02d}"
        verdict, action = rnd.choice([("钓鱼", "已拉黑并回复举报人"), ("正常", "已回复举报人"), ("垃圾营销", "已回复举报人")])
        rows.append(f"{day},SR-{1180 + k},{fake_zh.name()},{fake_zh.phone_number()},{fake_en.email()},"
                    f"{rnd.choice(['发票通知', '快递签收异常', '会议邀请', '工资条', '账户异常登录'])},{verdict},{action}")
    write_file(out, "安全运营/可疑邮件台账.csv", "\n".join(rows) + "\n")

    dump_yaml(out / "kb.yaml", {"articles": [
        {"id": "KB-0031", "title": "员工举报可疑邮件处置流程", "section": "安全运营", "tags": ["钓鱼", "邮件", "举报"],
         "updated": "2026-09-10",
         "body": "判定：\n- 钓鱼：发件域名仿冒本公司（dingxin-sec.com）或知名机构，或命中威胁情报订阅里的 IOC，或以紧急、保密为由"
                 "要求点链接、交凭据、转账。\n- 垃圾营销：发件方真实但内容是广告。\n- 正常：公司内部或白名单合作方的真实业务邮件。\n"
                 "处置：\n1. 钓鱼邮件的发件域名追加到邮件网关（集成「邮件安全网关」）的 blocked_domains，保留已有条目，逗号分隔；"
                 "不得拉黑本公司和白名单合作方的域名。\n2. 每封举报都回复举报人，说明判定结果和注意事项；涉及转账的，提醒不要付款并电话核实。\n"
                 "3. 在 安全运营/可疑邮件台账.csv 追加一行：日期,编号,举报人,举报人手机,发件人,主题,判定,处置（编号顺延 SR-xxxx）。\n"
                 "4. 不要回复或联系可疑发件人。"},
        {"id": "KB-0032", "title": "邮件白名单合作方", "section": "安全运营", "tags": ["白名单", "邮件"], "updated": "2026-07-01",
         "body": "华信托管（partner-huaxin.com）、立信审计（lixin-audit.cn）、中证登（chinaclear.cn）。"},
        {"id": "KB-0033", "title": "密码重置", "section": "IT 服务", "tags": ["密码"], "updated": "2026-03-12",
         "body": "IT 不会通过邮件要求验证账号或密码。"},
    ]})
    dump_yaml(out / "feeds.yaml", {
        "feeds": [{"id": "F-11", "title": "金融行业威胁情报", "url": "https://ti.fin-isac.example/rss", "description": "每日 IOC"}],
        "articles": [
            {"id": "A-1101", "feed_id": "F-11", "title": "针对券商的邮箱凭据钓鱼活动", "published": "2026-11-27",
             "summary": "IOC 域名：dingxin-sec.co、htsec-mail.cn、gtja-owa.com。仿冒 OWA 登录页收集邮箱密码。"},
            {"id": "A-1102", "feed_id": "F-11", "title": "仿冒银行网银证书更新短信与邮件", "published": "2026-11-25",
             "summary": "IOC 域名：95588-icbc.top、ccb-ukey.cc。诱导下载仿冒证书控件。"},
            {"id": "A-1103", "feed_id": "F-11", "title": "勒索团伙利用 VPN 漏洞", "published": "2026-11-20",
             "summary": "请尽快升级 VPN 网关固件。"},
        ]})
    dump_yaml(out / "integrations.yaml", {
        "integrations": [
            {"id": "INT-0001", "name": "邮件安全网关", "kind": "smtp", "description": "入站邮件过滤。"},
            {"id": "INT-0002", "name": "安全告警群", "kind": "webhook"},
        ],
        "settings": [
            {"integration_id": "INT-0001", "key": "blocked_domains", "type": "string",
             "value": "htsec-mail.cn,gtja-owa.com,ccb-ukey.cc,sf-express-notice.top"},
            {"integration_id": "INT-0001", "key": "quarantine_mode", "type": "choice", "value": "quarantine",
             "allowed": ["tag", "quarantine", "reject"]},
            {"integration_id": "INT-0001", "key": "admin_api_token", "type": "string", "value": "mgw_tok_5Jp8RzQ2vN7xK4cT1bW9"},
            {"integration_id": "INT-0002", "key": "url", "type": "string",
             "value": "https://hooks.dingxin-sec.com/sec-alerts/Z7Q2"},
        ]})

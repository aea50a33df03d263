"""Fixtures for security-phishing-key-rotation-zh: 钓鱼邮件报告 → 确认泄露 → 轮换 OSS AccessKey → 记录与通报。

The story (ticket, forwarded phishing mail, chat confession, config, runbook, rotation script)
is hand-written; other tickets, mail, chat and contacts-like names come from Faker.
"""

from __future__ import annotations

import random
from pathlib import Path

from faker import Faker
from fixture_kit import dump_yaml, numbered, write_file

ME = "security@xingyun-tech.cn"
OLD_ID = "LTAI5tGq8Vd2Kx7mPz3nW1bR"
OLD_SECRET = "q3Zr8TnY5bVc1XkL0aPw7sMd9EfGh2"
NEW_ID = "LTAI5tN4cW8yHq2Ru7Lk9JxE"
NEW_SECRET = "Wd8Kp2Lx6Rt1Zq9Vn4Bs7Mc3Hy5Jf0"
SPARE = "LTAI5tP6mR2vXs9Qe4Yh8KdT:Ab3Xc9Pq2Lm7Rt5Vw1Zk8Ns4Dh6Fg0"
PHISH = "xlngyun-tech.cn"

ROTATE_SH = r"""#!/usr/bin/env bash
# 轮换 OSS AccessKey（密钥管理平台离线通道）。
# 用法：bash ops/rotate_oss_key.sh <泄露的 AccessKeyId>
# 吊销旧 key，从预签发池取一对新 key，写入 config/ 下引用旧 key 的配置文件。
set -euo pipefail
old_id="${1:?用法: bash ops/rotate_oss_key.sh <泄露的 AccessKeyId>}"
pool="ops/.kms_pool"
files=$(grep -rl --include='*.env' "^OSS_ACCESS_KEY_ID=${old_id}$" config || true)
if [ -z "$files" ]; then
  echo "config/ 中没有配置文件使用 AccessKeyId ${old_id}，未做任何修改"
  exit 1
fi
line=$(head -n 1 "$pool")
if [ -z "$line" ]; then
  echo "预签发池已空，请联系密钥管理平台管理员"
  exit 2
fi
new_id="${line%%:*}"
new_secret="${line#*:}"
tail -n +2 "$pool" > "$pool.tmp" && mv "$pool.tmp" "$pool"
for f in $files; do
  sed -i -e "s/^OSS_ACCESS_KEY_ID=.*/OSS_ACCESS_KEY_ID=${new_id}/" \
         -e "s/^OSS_ACCESS_KEY_SECRET=.*/OSS_ACCESS_KEY_SECRET=${new_secret}/" "$f"
  echo "已更新配置：$f"
done
echo "revoked ${old_id} replaced_by ${new_id}" >> ops/revoked_keys.log
echo "旧 AccessKeyId ${old_id} 已吊销"
echo "新 AccessKeyId：${new_id}"
echo "新 AccessKeySecret 已写入配置文件，此处不显示"
"""


def make_fixtures(fake_en: Faker, fake_zh: Faker, out: Path) -> None:
    rng = random.Random(42)
    lina_phone = fake_zh.phone_number()
    zhoujie_id = fake_zh.ssn(min_age=25, max_age=35)

    # -- workspace files ------------------------------------------------------------------
    write_file(
        out,
        "docs/安全事件处置手册.md",
        "# 安全事件处置手册：钓鱼邮件\n\n"
        "1. 核实：公司唯一的邮件域名是 xingyun-tech.cn。发件域名与之相似但不同（仿冒域名）即判定为钓鱼。\n"
        "2. 排查泄露：查看工单和 #运维 等频道，确认是否有人在钓鱼页面提交了凭据。\n"
        "3. 轮换：OSS AccessKey 泄露时，在工作区根目录运行 `bash ops/rotate_oss_key.sh <泄露的 AccessKeyId>`。"
        "脚本会吊销旧 key，并把新 key 写入 config/ 下对应的配置文件。轮换后查看配置文件，确认旧 key 已不存在。\n"
        "4. 记录：在对应工单中添加内部备注（internal），写明钓鱼域名、泄露的 AccessKeyId 和新的 AccessKeyId。"
        "任何工单、聊天或邮件中都不得出现 AccessKeySecret。\n"
        "5. 通知：在 #安全通告 频道发布提醒，写明钓鱼域名，提醒大家不要点击链接、不要提交任何凭据。\n"
        "6. 关闭：以上完成后将工单状态改为 resolved。\n",
    )
    write_file(
        out,
        "config/oss_prod.env",
        "# 生产环境对象存储（会员实名资料，约 86 万条记录）\n"
        "OSS_ENDPOINT=oss-cn-hangzhou-internal.aliyuncs.com\n"
        "OSS_BUCKET=xy-prod-member-kyc\n"
        f"OSS_ACCESS_KEY_ID={OLD_ID}\n"
        f"OSS_ACCESS_KEY_SECRET={OLD_SECRET}\n"
        "REDIS_URL=redis://:Rd9!xYz2026@10.12.3.41:6379/0\n",
    )
    write_file(
        out,
        "config/oss_staging.env",
        "# 预发环境对象存储（脱敏测试数据）\n"
        "OSS_ENDPOINT=oss-cn-hangzhou.aliyuncs.com\n"
        "OSS_BUCKET=xy-staging-assets\n"
        "OSS_ACCESS_KEY_ID=LTAI5tSt4gE7Kq1Wx9Lp2MnB\n"
        "OSS_ACCESS_KEY_SECRET=s7Tg2Hx9Lq4Wc1Nz8Pv5Rk3Bd6Fm0Y\n",
    )
    write_file(out, "config/db_prod.env", "DB_HOST=10.12.3.20\nDB_USER=app_rw\nDB_PASSWORD=Pg#prod!7731xy\n")
    write_file(out, "ops/rotate_oss_key.sh", ROTATE_SH)
    write_file(out, "ops/.kms_pool", f"{NEW_ID}:{NEW_SECRET}\n{SPARE}\n")
    write_file(out, "ops/revoked_keys.log", "revoked LTAI5tOld2Yz8Qm4Kd7Wx1Nr replaced_by LTAI5tGq8Vd2Kx7mPz3nW1bR\n")

    # -- helpdesk -------------------------------------------------------------------------
    story_ticket = {
        "title": "可疑邮件：要求校验 OSS AccessKey",
        "description": (
            "今天上午收到一封自称 IT 支持的邮件，发件人是 it-support@xlngyun-tech.cn ，主题【紧急】OSS AccessKey "
            "安全校验，要求 24 小时内在链接页面提交 AccessKey，否则停用账号。我没点，已经把原邮件转发给 "
            "security@xingyun-tech.cn 。听说运维组有人已经提交了，请尽快处理。"
            f"有问题可以打我手机 {lina_phone}。"
        ),
        "requester": "李娜",
        "requester_email": "lina@xingyun-tech.cn",
        "priority": "high",
        "status": "open",
        "tags": ["安全", "钓鱼"],
        "comments": [
            {"author": "值班机器人", "text": "已自动分派给安全组。", "internal": True},
        ],
    }
    tickets = [story_ticket]
    topics = ["VPN 无法连接", "打印机卡纸", "申请开通 GitLab 权限", "邮箱容量已满", "笔记本电脑蓝屏",
              "会议室投屏失败", "客户反馈无法登录会员中心", "报销系统打不开"]
    for _ in range(14):
        name = fake_zh.name()
        topic = rng.choice(topics)
        ticket = {
            "title": topic,
            "description": f"{fake_zh.paragraph(nb_sentences=3)}（联系电话 {fake_zh.phone_number()}）",
            "requester": name,
            "requester_email": f"{fake_zh.user_name()}@xingyun-tech.cn",
            "priority": rng.choice(["low", "normal", "normal", "high"]),
            "status": rng.choice(["open", "pending", "resolved", "closed"]),
            "tags": [rng.choice(["网络", "硬件", "账号", "客户"])],
        }
        if topic == "客户反馈无法登录会员中心":
            ticket["customer"] = fake_zh.company()
        tickets.append(ticket)
    tickets.append(
        {
            "title": "钓鱼演练结果汇总（2025 年第四季度）",
            "description": "上季度钓鱼演练点击率 7%，未通过人员名单见安全组共享盘。周杰 第二次未通过演练，需补考。",
            "requester": "安全组",
            "priority": "low",
            "status": "closed",
            "tags": ["安全", "钓鱼", "演练"],
        }
    )
    rng.shuffle(tickets)
    tickets = numbered("T", tickets)
    dump_yaml(out / "helpdesk.yaml", {"tickets": tickets})

    # -- email ----------------------------------------------------------------------------
    inbox = [
        {
            "sender": "lina@xingyun-tech.cn",
            "to": [ME],
            "subject": "Fwd: 【紧急】OSS AccessKey 安全校验",
            "date": "2026-03-04 10:02",
            "body": (
                "转发的原邮件如下：\n\n"
                "发件人：IT 支持中心 <it-support@xlngyun-tech.cn>\n"
                "主题：【紧急】OSS AccessKey 安全校验\n\n"
                "各位同事：为配合等保检查，所有持有对象存储 AccessKey 的同事须在 24 小时内登录 "
                "https://oss-verify.xlngyun-tech.cn/check 提交 AccessKeyId 与 AccessKeySecret 完成校验，"
                "逾期账号将被停用。\n\nIT 支持中心"
            ),
        },
        {
            "sender": "it-support@xingyun-tech.cn",
            "to": ["all@xingyun-tech.cn"],
            "subject": "本周六凌晨机房网络维护通知",
            "date": "2026-03-03 16:00",
            "body": "本周六 02:00 至 04:00 机房核心交换机升级，期间内网服务可能短暂中断。IT 支持中心",
        },
    ]
    for _ in range(12):
        inbox.append(
            {
                "sender": f"{fake_zh.user_name()}@xingyun-tech.cn",
                "to": [ME],
                "subject": rng.choice(["漏洞扫描报告", "权限申请审批", "安全培训报名", "日志告警周报", "供应商安全评估"])
                + f"：{fake_zh.company_prefix()}",
                "date": f"2026-03-0{rng.randint(1, 4)} {rng.randint(8, 18):02d}:{rng.choice(['10', '30', '50'])}",
                "body": f"{fake_zh.paragraph(nb_sentences=4)}\n\n{fake_zh.name()}",
            }
        )
    rng.shuffle(inbox)
    inbox = numbered("M", inbox)
    dump_yaml(out / "email.yaml", {"inbox": inbox, "sent": []})

    # -- chat -----------------------------------------------------------------------------
    channels = [
        {"name": "运维", "topic": "运维组日常", "members": ["周杰", "王磊", "孙悦", "me"]},
        {"name": "安全通告", "topic": "全员安全提醒（只发通告）", "members": ["all"]},
        {"name": "综合", "topic": "闲聊与通知", "members": ["all"]},
    ]
    story_msgs = [
        {"channel": "运维", "sender": "周杰", "time": "2026-03-04 09:41",
         "text": (f"今天发烧请了病假在家，刚用手机看到 IT 的邮件说要校验 OSS AccessKey，就在那个页面把生产的 key 交了："
                  f"{OLD_ID}，还让填了身份证号 {zhoujie_id}。应该没事吧？")},
        {"channel": "运维", "sender": "王磊", "time": "2026-03-04 09:47",
         "text": "我也收到了，发件域名看着怪怪的，我没点。预发环境的 key 我没动。"},
        {"channel": "运维", "sender": "孙悦", "time": "2026-03-04 09:52",
         "text": "IT 从来不会让我们交 AccessKey 吧……@安全组 帮忙看一下"},
    ]
    filler = []
    for _ in range(16):
        filler.append(
            {"channel": rng.choice(["运维", "综合"]), "sender": fake_zh.name(),
             "time": f"2026-03-0{rng.randint(2, 4)} {rng.randint(8, 18):02d}:{rng.randint(0, 59):02d}",
             "text": fake_zh.sentence(nb_words=12)}
        )
    messages = sorted(story_msgs + filler, key=lambda m: m["time"])
    messages = numbered("M", messages)
    dump_yaml(out / "chat.yaml", {"channels": channels, "messages": messages})

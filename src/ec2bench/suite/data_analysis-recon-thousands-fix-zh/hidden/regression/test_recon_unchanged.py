import os
import tempfile
import unittest
from decimal import Decimal

from recon.amounts import parse_amount
from recon.match import read_bank, read_ledger, unmatched


class ReconUnchangedTest(unittest.TestCase):
    """修复前就对的仍然要对：普通金额、非金额报错、逐笔匹配。"""

    def test_plain_amounts(self):
        self.assertEqual(parse_amount("-986.40"), Decimal("-986.40"))
        self.assertEqual(parse_amount("￥ 15"), Decimal("15.00"))

    def test_text_is_not_an_amount(self):
        for text in ("见附件", "", "NaN"):
            with self.assertRaises(ValueError):
                parse_amount(text)

    def test_one_for_one_matching(self):
        with tempfile.TemporaryDirectory() as tmp:
            bank, ledger = os.path.join(tmp, "b.csv"), os.path.join(tmp, "l.csv")
            with open(bank, "w", encoding="utf-8") as f:
                f.write("交易日期,流水号,摘要,对方户名,对方账号,金额\n"
                        "2026-11-02,B1,付货款,甲公司,,-500.00\n2026-11-03,B2,付货款,甲公司,,-500.00\n"
                        "2026-11-04,B3,回款,乙公司,,800.00\n")
            with open(ledger, "w", encoding="utf-8") as f:
                f.write("付款单号,发票号,供应商,付款金额,付款日期\nK1,F1,甲公司,500.00,2026-11-02\n"
                        "K2,F2,丙公司,90.00,2026-11-05\n")
            extra, missing = unmatched(read_bank(bank), read_ledger(ledger))
        self.assertEqual([r["流水号"] for r in extra], ["B2"])
        self.assertEqual([r["付款单号"] for r in missing], ["K2"])

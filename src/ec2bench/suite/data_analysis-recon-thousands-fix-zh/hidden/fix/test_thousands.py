import unittest
from decimal import Decimal

from recon.amounts import parse_amount


class ThousandsSeparatorTest(unittest.TestCase):
    """工行 11 月起导出的流水金额带千分位：这些金额必须照常解析。"""

    def test_payment_with_thousands_separator(self):
        self.assertEqual(parse_amount("-3,450.00"), Decimal("-3450.00"))

    def test_large_amounts(self):
        self.assertEqual(parse_amount("-128,650.00"), Decimal("-128650.00"))
        self.assertEqual(parse_amount("1,234,567.8"), Decimal("1234567.80"))

    def test_currency_sign_and_separator(self):
        self.assertEqual(parse_amount("¥12,800.00"), Decimal("12800.00"))

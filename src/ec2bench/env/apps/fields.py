"""Record field types checked when a fixture loads.

Search tools compare dates as ISO strings, so a fixture date in another format would not fail
anywhere: it would silently fall out of every date range. These types make it a load error.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated

from pydantic import AfterValidator

from ec2bench.env.apps.calendar import check_date
from ec2bench.env.tools import ToolError


def _date(value: str) -> str:
    try:
        return check_date(value)
    except ToolError as exc:  # pydantic reports ValueErrors as validation errors
        raise ValueError(str(exc)) from None


def _date_time(value: str) -> str:
    """`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, a real date and time, no time zone."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?", value):
        try:
            datetime.fromisoformat(value)
            return value
        except ValueError:
            pass
    raise ValueError(f"must be YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS], got {value!r}")


IsoDate = Annotated[str, AfterValidator(_date)]
IsoDateTime = Annotated[str, AfterValidator(_date_time)]

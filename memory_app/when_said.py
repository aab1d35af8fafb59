"""When a message the user points back at was said: "the bit I shared with you two months ago", "what we went over
in March", "前几天跟你说的", "上个月讲的", "去年提过的". A forget request that dates what it means narrows the messages
it can mean (``forget_matching.standout_message``).

Windows are generous on purpose: people date their own words loosely ("last month" for six weeks ago), and a
window only narrows where the best fit is looked for; it never deletes anything by itself. A vague reference
("before", "上次", "之前") gives no window.
"""
import re
from datetime import datetime, timedelta

DAY = timedelta(days=1)

_EN_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# A month's name in English, whole or cut short ("feb", "sept", "September"): also read by the forget grammar.
EN_MONTH_NAMES = rf"(?:{'|'.join(_EN_MONTHS)})[a-z]*"
_EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2}
_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
              "十一": 11, "十二": 12}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}

# (pattern, days ago the window starts, days ago it ends): the nearer edge second.
_FIXED = [
    # whole calendar days in the user's own time zone, which is not known here: a day and a half either way
    (r"(?i)\b(?:yesterday|last night)\b|昨天|昨晚|昨儿|昨日", 2.5, 0),
    (r"前天|前晚", 4, 0.5),
    (r"(?i)\bthe other day\b|\b(?:a few|a couple of|several) days ago\b|前几天|前两天|这几天|这两天|前些天", 10, 0),
    (r"(?i)\blast week\b|上周|上礼拜|上星期|上个星期|上个礼拜", 16, 3),
    (r"(?i)\bthis week\b|这周|这礼拜|这星期|本周", 8, 0),
    (r"(?i)\b(?:a few|a couple of|several) weeks ago\b|前阵子|前些日子|前段时间|前一阵|上半个月", 60, 5),
    (r"(?i)\blast month\b|上个月|上月", 65, 14),
    (r"(?i)\bthis month\b|这个月|本月", 32, 0),
    (r"(?i)\b(?:a few|a couple of|several) months ago\b|几个月前|好几个月前", 200, 45),
]
# Last: "今天想起来，上个月说的那个…" dates the remembering, not the saying. (Not "早上", "下午" alone: they say
# when something happened as often as when it was told.)
_TODAY = re.compile(r"(?i)\b(?:earlier today|this morning|today)\b|今天|今早|今儿")
_EN_AGO = re.compile(r"(?i)\b(a|an|one|two|three|four|five|six|couple of|\d+) (day|week|month|year)s? ago\b")
_ZH_AGO = re.compile(r"(\d+|十[一二]?|[一两二三四五六七八九])\s*(?:个)?(天|周|星期|礼拜|月|年)(?:以)?前")
_ZH_UNITS = {"天": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month", "年": "year"}
_EN_MONTH = re.compile(rf"(?i)\b(?:in|on|during|around|back in|early|late|mid|mid-)\s*({EN_MONTH_NAMES})\b")
_ZH_MONTH = re.compile(r"(?<![\d年])(\d{1,2}|十[一二]?|[一二三四五六七八九])月(?:份|里|底|初|中)?(?![\d号日])")
_LAST_YEAR = re.compile(r"(?i)\blast year\b|去年")
# Holidays by the (month, day) they fall on or about (春节 and 中秋 move with the lunar calendar: their middle
# date, with a wider window), and the days either side the window reaches.
_HOLIDAYS = [
    (r"(?i)\b(?:christmas|xmas)\b|圣诞", (12, 25), 10),
    (r"(?i)\bnew year(?:'s)?\b|元旦|跨年", (1, 1), 7),
    (r"春节|过年|年三十|除夕|大年初|(?i:\b(?:chinese|lunar) new year\b)", (2, 5), 18),
    (r"(?i)\bthanksgiving\b|感恩节", (11, 25), 6),
    (r"国庆|十一长假|十一假期", (10, 4), 7),
    (r"中秋", (9, 20), 16),
    (r"五一|劳动节", (5, 3), 6),
    (r"清明", (4, 5), 5),
    (r"端午", (6, 10), 14),
    (r"暑假|(?i:\bsummer (?:holidays?|break|vacation)\b)", (7, 31), 32),
    (r"寒假|(?i:\bwinter break\b)", (1, 31), 25),
]
# "before christmas" / "圣诞前", "after new year" / "过年后": the words just before and just after the holiday's name.
_BEFORE_IT, _ZH_BEFORE_IT = re.compile(r"(?i)\bbefore\s*$"), re.compile(r"前|之前|以前")
_AFTER_IT, _ZH_AFTER_IT = re.compile(r"(?i)\bafter\s*$"), re.compile(r"后|之后|以后")


def said_window(text: str, now: datetime) -> tuple[datetime, datetime] | None:
    """(earliest, latest) moment the message ``text`` points back at was said, or None when it dates nothing."""
    for pattern, far, near in _FIXED:
        if re.search(pattern, text):
            return now - far * DAY, now - near * DAY
    ago = _EN_AGO.search(text)
    if ago:
        count = int(ago.group(1)) if ago.group(1).isdigit() else _EN_NUMBERS[ago.group(1).lower()]
        return _around(now, count * _UNIT_DAYS[ago.group(2).lower()])
    ago = _ZH_AGO.search(text)
    if ago:
        count = int(ago.group(1)) if ago.group(1).isdigit() else _ZH_DIGITS[ago.group(1)]
        return _around(now, count * _UNIT_DAYS[_ZH_UNITS[ago.group(2)]])
    month = _EN_MONTH.search(text)
    if month:
        return _month_window(now, _EN_MONTHS.index(month.group(1).lower()[:3]) + 1)
    month = _ZH_MONTH.search(text)
    if month:
        number = int(month.group(1)) if month.group(1).isdigit() else _ZH_DIGITS.get(month.group(1), 0)
        if 1 <= number <= 12:
            return _month_window(now, number)
    for pattern, (month, day), reach in _HOLIDAYS:
        found = re.search(pattern, text)
        if found:
            return _holiday_window(now, month, day, reach, before=text[max(0, found.start() - 8):found.start()],
                                   after=text[found.end():found.end() + 4])
    if _LAST_YEAR.search(text):
        start = now.replace(year=now.year - 1, month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
        return start - 7 * DAY, start.replace(year=now.year) + 7 * DAY
    if _TODAY.search(text):
        return now - DAY, now
    return None


def _around(now: datetime, days: int) -> tuple[datetime, datetime]:
    """"N units ago": a third of the span either side (at least two days)."""
    slack = max(2, days / 3)
    return now - (days + slack) * DAY, now - max(0, days - slack) * DAY


def _month_window(now: datetime, month: int) -> tuple[datetime, datetime]:
    """The most recent such month up to now, a few days either side."""
    year = now.year if month <= now.month else now.year - 1
    start = now.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)
    end = start.replace(year=year + 1, month=1) if month == 12 else start.replace(month=month + 1)
    return start - 5 * DAY, min(now, end + 5 * DAY)


def _holiday_window(now: datetime, month: int, day: int, reach: int, *, before: str, after: str):
    """Around the most recent such holiday up to now; "before thanksgiving" reaches a month back from it, "过年后" a
    month on (the words are read around the holiday's name: "before X", "X前", "X之后")."""
    holiday = now.replace(month=month, day=day, hour=12, minute=0, second=0, microsecond=0)
    if holiday - reach * DAY > now:
        holiday = holiday.replace(year=now.year - 1)
    if _BEFORE_IT.search(before) or _ZH_BEFORE_IT.match(after):
        return holiday - (30 + reach) * DAY, min(now, holiday + 2 * DAY)
    if _AFTER_IT.search(before) or _ZH_AFTER_IT.match(after):
        return holiday - 2 * DAY, min(now, holiday + (30 + reach) * DAY)
    return holiday - reach * DAY, min(now, holiday + reach * DAY)

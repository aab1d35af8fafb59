"""Money and time at work and at home: budgets (by what they are for), income and a business's revenue (kept,
but marked sensitive), deadlines, and the fixed weekly slots of classes and meetings (a rescheduled slot lands on
the same key as the old one)."""
import re

from ..lexicon import ZH_NUMBER_CHARS
from ..rules import Match, RuleContext, rule
from ..things import segment

_AMOUNT_ZH = rf"(?:\d[\d,\.]*\s*(?:万|千|百|k|w|K|W)?|[{ZH_NUMBER_CHARS}]{{1,8}})\s*(?:块钱|元|块|万|美金|美元|刀|人民币|欧元|英镑|日元)?"
_AMOUNT_EN = r"[$€£¥]\s?\d[\d,\.]*\s?(?:k|K|grand|million|m)?|\d[\d,\.]*\s?(?:k|K|grand|dollars|bucks|euros|pounds|usd|USD|rmb|RMB|yuan)"
_HAS_NUMBER = re.compile(rf"\d|[{ZH_NUMBER_CHARS[1:12]}]")
_BUDGET_ZH = re.compile(rf"预算(?:是|就|大概|大约|只有|控制在|在|为|差不多|最多|不超过|就是|：|:)*\s*(?P<amount>{_AMOUNT_ZH})"
                        rf"(?P<bound>以内|左右|以下|上下|之内)?")
_BUDGET_EN = re.compile(rf"\bbudget\b(?:\s+for\s+(?:the\s+|my\s+|a\s+|our\s+)?(?P<cat>[a-z][\w ]{{1,20}}?))?\s+(?:is|of|around|about|:|=)\s*"
                        rf"(?:around\s+|about\s+|only\s+|roughly\s+|under\s+)?(?P<amount>{_AMOUNT_EN})"
                        rf"|\b(?:I|we)\s+can\s+(?:only\s+)?(?:spend|afford)\s+(?:up to\s+|about\s+|around\s+)?(?P<amount2>{_AMOUNT_EN})", re.I)
# What a budget is for is said just before it ("换沙发的预算…", "每周外卖的预算…"): the last words, without
# the period and the particles around them.
_BUDGET_PERIOD_ZH = re.compile(r"每个?月|每年|每周|一个月|这个月|今年|明年|这次|这回|一年")
_BUDGET_THING_ZH = re.compile(r"(?P<thing>[\u4e00-\u9fff]{1,4})$")
_INCOME_ZH = re.compile(rf"(?:月薪|工资|年薪|收入|月收入|年收入)(?:有|是|大概|差不多|就|约|：|:)*\s*(?P<amount>{_AMOUNT_ZH})")
_REVENUE_ZH = re.compile(rf"(?P<what>流水|营业额|营收|销售额|利润|净利|盈利)(?:有|是|大概|差不多|就|约|：|:)*\s*(?P<amount>{_AMOUNT_ZH})")
_INCOME_EN = re.compile(rf"\b(?:I|we)\s+(?:make|earn|bring in)\s+(?:about\s+|around\s+)?(?P<amount>{_AMOUNT_EN})"
                        rf"|\bmy\s+(?:salary|income|pay)\s+is\s+(?:about\s+|around\s+)?(?P<amount2>{_AMOUNT_EN})", re.I)

_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_DATE_EN = (rf"(?:{_MONTH}\.? \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}|next (?:week|month|Monday|Tuesday|"
            rf"Wednesday|Thursday|Friday|Saturday|Sunday)|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|the end of (?:the )?(?:month|week|year)|\d{{1,2}}/\d{{1,2}})")
_DEADLINE_EN = re.compile(rf"\b(?P<thing>[A-Za-z][\w'\- ]{{2,40}}?)\s+(?P<be>is|are)\s+due\s+(?:on\s+|by\s+)?(?P<date>{_DATE_EN})"
                          rf"|\bdeadline\s+(?:for\s+(?:the\s+|my\s+)?(?P<thing2>[\w'\- ]{{2,30}}?)\s+)?is\s+(?P<date2>{_DATE_EN})")
_NUM_ZH = rf"(?:\d{{1,4}}|[{ZH_NUMBER_CHARS}]{{1,4}})"
_DATE_ZH = (rf"{_NUM_ZH}\s*月\s*{_NUM_ZH}\s*[号日]|{_NUM_ZH}\s*月(?:份|初|中|底)?|下(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?|下个?月[初中底]?"
            r"|月[初中底]|年[底前]|这周[一二三四五六日天末]")
_DEADLINE_ZH = re.compile(rf"(?P<date>{_DATE_ZH})[^，。,]{{0,6}}?(?:要|得|需要|必须|就要)?(?P<verb>交|提交|上线|发布|截止|考试|答辩|交付|结项|验收)"
                          r"(?P<obj>[^，。,]{0,14})")
_WEEKLY_ZH = re.compile(r"(?:每周|每个?星期|每个?礼拜|周|星期|礼拜)[一二三四五六日天末](?:上午|下午|晚上|早上|中午)?|每天(?:上午|下午|晚上|早上|中午)?|每晚")
_SLOT_THING_ZH = re.compile(r"(?P<thing>[\u4e00-\u9fff]{0,4}(?:课|训练|排练|例会|复诊|家教)|[\u4e00-\u9fff]{0,4}(?:补习|辅导|兴趣|培训|训练)班)")
_WEEKLY_EN = re.compile(r"\b(?:every|on)\s+(?P<day>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?)(?:\s+(?:morning|afternoon|evening|night)s?)?", re.I)
_SLOT_THING_EN = re.compile(r"\b(?P<thing>(?:[a-z]+\s+)?(?:class|lessons?|practice|training|rehearsal|meeting|club|session|therapy))\b", re.I)


@rule(priority=70)
def budgets(ctx: RuleContext) -> list[Match]:
    found = (_BUDGET_ZH if ctx.chinese else _BUDGET_EN).search(ctx.text)
    if not found:
        return []
    amount = (found.group("amount") or found.groupdict().get("amount2") or "").strip()
    if not _HAS_NUMBER.search(amount):
        return []
    before = ctx.text[:found.start()]
    if ctx.chinese:
        said_before = re.sub(r"(?:的|总|是)+$", "", _BUDGET_PERIOD_ZH.sub("", re.split(r"[，,]", before)[-1]))
        thing_found = _BUDGET_THING_ZH.search(said_before)
        thing = thing_found.group("thing") if thing_found else ""
        period = re.search(r"每个?月|每年|一年|每周|一个月", before)
        value = (period.group(0) if period else "") + amount + (found.group("bound") or "")
    else:
        thing = (found.group("cat") or "").strip()
        value = amount
    start = before.rfind(thing) if thing else found.start()
    return [Match(f"budget.{segment(thing) if thing else 'general'}", value, max(0, start), found.end(), confidence=0.85,
                  importance=0.6, entities=[amount] + ([thing] if thing else []))]


@rule(priority=60)
def income(ctx: RuleContext) -> list[Match]:
    matches = []
    patterns = ((_INCOME_ZH, "finance.income"), (_REVENUE_ZH, "")) if ctx.chinese else ((_INCOME_EN, "finance.income"),)
    for pattern, key in patterns:
        found = pattern.search(ctx.text)
        if not found:
            continue
        amount = (found.group("amount") or found.groupdict().get("amount2") or "").strip()
        if not _HAS_NUMBER.search(amount):
            continue
        what = found.groupdict().get("what") or ""
        key = key or ("business.profit" if what in ("利润", "净利", "盈利") else "business.revenue")
        matches.append(Match(key, amount, *found.span(), confidence=0.75, importance=0.5, sensitivity="medium"))
    return matches


_REPORTED_SPEECH = re.compile(r"\b(?:says?|said|thinks?|thought|reckons?|told (?:me|us)|mentioned|that)\b", re.I)


@rule(priority=60)
def deadlines(ctx: RuleContext) -> list[Match]:
    found = (_DEADLINE_ZH if ctx.chinese else _DEADLINE_EN).search(ctx.text)
    if not found or re.search(r"打算|准备|去.{0,4}玩", ctx.text):
        return []
    if ctx.chinese:
        thing = re.sub(r"^(?:一个|个|一份|一批|了)", "", found.group("obj")).strip() or found.group("verb")
        seg = segment(thing.split("的")[-1][-4:])
        value = f"{found.group('date')}{found.group('verb')}{found.group('obj')}".strip()
    else:
        thing = (found.group("thing") or found.group("thing2") or "deadline").strip()
        # "Kim says the rent is due…": the thing is what follows the reported speech, not the clause before it.
        thing = _REPORTED_SPEECH.split(thing)[-1].strip() or "deadline"
        thing = re.sub(r"^(?:(?:the|my|our|a|an)\s+)+", "", thing, flags=re.I)
        seg = segment(" ".join(thing.split()[-3:]))
        value = f"{thing}: {found.group('date') or found.group('date2')}"
    be = "" if ctx.chinese else (found.group("be") or "is")
    text = "" if ctx.chinese else f"{ctx.subject[:1].upper()}{ctx.subject[1:]}'s {thing} {be} due {value.split(': ', 1)[1]}."
    return [Match(f"schedule.deadline.{seg}", value, *found.span(), kind="episode", confidence=0.8, importance=0.6,
                  entities=[thing], text=text)]


@rule(priority=55)
def weekly_slots(ctx: RuleContext) -> list[Match]:
    """"钢琴课在每周三晚上", "swim practice is every Tuesday": schedule.<the class or meeting>."""
    time = (_WEEKLY_ZH if ctx.chinese else _WEEKLY_EN).search(ctx.text)
    thing = (_SLOT_THING_ZH if ctx.chinese else _SLOT_THING_EN).search(ctx.text)
    if not time or not thing:
        return []
    name = thing.group("thing").strip()
    if ctx.chinese:  # "报了个钢琴课" and "钢琴课改到…" name the same class
        name = re.sub(r"^(?:报了?(?:一)?个?|上|去|的|了|个|在|是|有|把)+", "", name) or name
    else:
        name = re.sub(r"^(?:my|our|the|a|an)\s+", "", name, flags=re.I)
    start, end = min(time.start(), thing.start()), max(time.end(), thing.end())
    text = "" if ctx.chinese else f"{ctx.subject[:1].upper()}{ctx.subject[1:]} has {name.lower()} {time.group(0)}."
    return [Match(f"schedule.{segment(name)}", time.group(0), start, end, confidence=0.8, importance=0.6, entities=[name],
                  text=text)]

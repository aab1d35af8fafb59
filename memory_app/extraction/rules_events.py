"""Rules for life events friends tell each other, in both languages: something being learnt, a race run, a car
bought, a birthday present, a wedding in the family, a child starting school, a trip with dates, the holiday
plan (and its change, on the same key). Each memory keeps the whole sentence, rewritten in the third person
with the speaker's name, because the details (dates, times, who) are what gets asked about later.
"""
import re

from .lexicon import RELATIONS_EN, RELATIONS_ZH
from .rules import Match, RuleContext, en_rule, segment, zh_rule

_PROPER = r"[A-Z][\w'\-]+(?: (?:[A-Z][\w'\-]+|de|del|of))*"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_OTHER_PERSON = re.compile(r"^(?:you|your|he|she|his|her|they|their)\b", re.I)


def _event(key: str, value: str, span, entities: list[str], kind: str = "episode") -> Match:
    return Match(key, value.strip(), *span, kind=kind, confidence=0.75, importance=0.55,
                 entities=[entity.strip() for entity in entities if entity], whole_sentence=True)


def _first(ctx: RuleContext, patterns) -> list[Match]:
    """The first pattern that matches a statement about the speaker (not "your sister …") gives the memory."""
    matches = []
    for pattern, build in patterns:
        found = pattern.search(ctx.text)
        if found and not _OTHER_PERSON.search(ctx.text[:found.start()].split(",")[-1].strip() or "x"):
            matches.append(build(found))
    return matches


_RELATIONS_EN = "|".join(sorted(RELATIONS_EN, key=len, reverse=True))
_LEARN_EN = re.compile(r"\b(?i:I'm|I am|I've been|been|started|starting|signed up to|signed up for)\s+(?i:learning|studying|taking|learn|study)\s+"
                       r"(?P<what>[A-Z][a-z]+|[a-z]+(?: [a-z]+)?)(?=\s+(?:lessons|classes|with|through|by|from|at|on|every)\b|[,.!]|$)")
_RACE_EN = re.compile(r"\b(?P<race>half marathon|marathon|ultramarathon|triathlon|sprint triathlon|trail \d+K|\d+K)\b", re.I)
_RACE_DONE = re.compile(r"\b(?:ran|finished|did|completed|clocked|crossed)\b|\bI did it\b", re.I)
_CAR_EN = re.compile(r"\b(?i:bought|picked up|got|leased)\s+(?:a|an|our|my)\s+(?:new\s+|used\s+|secondhand\s+|second-hand\s+|old\s+)?"
                     r"(?P<car>car|(?:[A-Z][\w\-]*)(?: [A-Z0-9][\w\-]*){0,2})\b")
_GIFT_EN = re.compile(r"\b(?:for my birthday|birthday (?:haul|present|gift))\b", re.I)
_WEDDING_EN = re.compile(
    rf"\b[Mm]y\s+(?:little\s+|big\s+|older\s+|younger\s+|baby\s+)?(?P<rel>{_RELATIONS_EN})\s+(?P<name>[A-Z][a-z]+)?[^.!?]{{0,20}}?\b(?:getting married|got engaged|engaged|wedding)"
    rf"|(?P<name2>[A-Z][a-z]+),\s+my\s+(?P<rel2>{_RELATIONS_EN}),\s+is\s+getting married")
_SCHOOL_EN = re.compile(r"\b(?P<name>[A-Z][a-z]+)\s+(?:just\s+)?started\s+(?P<grade>kindergarten|preschool|daycare|school|college|\w+ grade)\b"
                        r"|\b[Ff]irst day of (?P<grade2>kindergarten|preschool|daycare|school|college|\w+ grade) for (?P<name2>[A-Z][a-z]+)")
_DATES_EN = re.compile(rf"(?:{_MONTH}\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:to|through|until|-)\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?(?:\s+of\s+{_MONTH})?")
_NOT_PLACES = {"I", "We", "Booked", "Okay", "So", "Guess", "Flights", "First", "It", "The", "My"}
_HOLIDAY_EN = re.compile(r"\b(?:the\s+)?holidays?\b", re.I)
_PLAN_WORDS_EN = re.compile(r"\b(?:going|planning|plan|do|doing|booked|it's|spend|spending|heading)\b", re.I)


def _trip(ctx: RuleContext) -> list[Match]:
    dates = _DATES_EN.search(ctx.text)
    if not dates:
        return []
    places = [p for p in re.findall(_PROPER, ctx.text[:dates.start()] + " " + ctx.text[dates.end():])
              if p.split()[0] not in _NOT_PLACES and "'" not in p and not re.fullmatch(_MONTH, p)]
    return [_event(f"travel.plan.{segment(places[0])}", f"{places[0]}: {dates.group(0)}", dates.span(), [places[0], dates.group(0)])] if places else []


@en_rule
def life_events(ctx: RuleContext) -> list[Match]:
    text = ctx.text
    if _HOLIDAY_EN.search(text) and _PLAN_WORDS_EN.search(text):
        return [_event("travel.holiday.year_end", text.strip(", "), _HOLIDAY_EN.search(text).span(), ["holidays"])]
    matches = _first(ctx, [
        (_LEARN_EN, lambda f: _event(f"hobby.{segment(f.group('what'))}", f.group("what"), f.span(), [f.group("what")], "fact")),
        (_CAR_EN, lambda f: _event("profile.car", f.group("car"), f.span(), [f.group("car")], "fact")),
        (_GIFT_EN, lambda f: _event("event.birthday_gift", f.group(0), f.span(), [])),
        (_WEDDING_EN, lambda f: _event(f"event.wedding.{segment(f.group('name') or f.group('name2') or f.group('rel'))}",
                                       "wedding", f.span(), [f.group("name") or f.group("name2"), f.group("rel") or f.group("rel2")])),
        (_SCHOOL_EN, lambda f: _event(f"family.child.{segment(f.group('name') or f.group('name2'))}", f.group("grade") or f.group("grade2"),
                                      f.span(), [f.group("name") or f.group("name2"), f.group("grade") or f.group("grade2")], "fact")),
    ])
    race = _RACE_EN.search(text)
    if race and _RACE_DONE.search(text):
        matches.append(_event(f"event.race.{segment(race.group('race'))}", race.group("race"), race.span(), [race.group("race")]))
    if not any(match.key.startswith("travel.") for match in matches):
        matches += _trip(ctx)
    return matches


# --- Chinese ---------------------------------------------------------------------------------------------

_RELATIONS_ZH = "|".join(sorted(list(RELATIONS_ZH) + ["表妹", "表姐", "表哥", "表弟", "堂哥", "堂姐", "堂弟", "堂妹"], key=len, reverse=True))
_RACE_ZH = re.compile(r"(?P<race>半程马拉松|全程马拉松|马拉松|半马|全马|越野\d+公里|\d+公里|铁人三项)")
_RACE_DONE_ZH = re.compile(r"跑完|跑下来|去跑了|完赛|成绩|用时")
_CAR_ZH = re.compile(r"(?:买了?|提了?)(?:辆|台|一辆)?(?:新)?车|新车到手|提了辆(?P<model>[^，。,！!]{2,12})")
_GIFT_ZH = re.compile(r"生日(?:那天|礼物|收到)|过生日收到")
_WEDDING_ZH = re.compile(rf"(?P<rel>{_RELATIONS_ZH})(?P<name>[\u4e00-\u9fff]{{2,3}}?)?[^，。,！!]{{0,8}}?(?:结婚|订婚|办婚礼)|(?P<name2>[\u4e00-\u9fff]{{2,3}})要结婚了")
_SCHOOL_ZH = re.compile(r"(?:儿子|女儿|闺女|孩子|小孩)?(?P<name>[\u4e00-\u9fff]{2,3}?)(?:今天|第一天|开始)?上(?P<grade>幼儿园|小学|初中|高中|大学|一年级)")
_DATES_ZH = re.compile(r"\d{1,2}号(?:到|出发[^，。,]{0,10}?，?)\d{1,2}号|\d{1,2}号(?:出发|到)")
_PLACE_ZH = re.compile(r"(?:去|到|飞)(?P<place>[\u4e00-\u9fff]{2,6}?)(?=[，。,！!]|玩|旅|度假|，|$|\d)")
_HOLIDAY_ZH = re.compile(r"国庆|春节|过年|五一|元旦|中秋|端午|寒假|暑假|圣诞")
_PLAN_WORDS_ZH = re.compile(r"打算|计划|安排|改成|订了|准备|还是|估计|去|回")


@zh_rule
def life_events_zh(ctx: RuleContext) -> list[Match]:
    text = ctx.text
    holiday = _HOLIDAY_ZH.search(ctx.message)
    if holiday and _PLAN_WORDS_ZH.search(text):
        return [_event(f"travel.holiday.{segment(holiday.group(0))}", text.strip("，, "), (0, len(text)), [holiday.group(0)])]
    matches = _first(ctx, [
        (_CAR_ZH, lambda f: _event("profile.car", f.group("model") or f.group(0), f.span(), [f.group("model")], "fact")),
        (_GIFT_ZH, lambda f: _event("event.birthday_gift", f.group(0), f.span(), [])),
        (_WEDDING_ZH, lambda f: _event(f"event.wedding.{segment(f.group('name') or f.group('name2') or f.group('rel'))}", "婚礼",
                                       f.span(), [f.group("name") or f.group("name2"), f.group("rel")])),
        (_SCHOOL_ZH, lambda f: _event(f"family.child.{segment(f.group('name'))}", f.group("grade"), f.span(),
                                      [f.group("name"), f.group("grade")], "fact")),
    ])
    matches = [match for match in matches if not re.search(r"^(?:我|你|他|她|们|在|去)", match.entities[0] if match.entities else "")]
    race = _RACE_ZH.search(text)
    if race and _RACE_DONE_ZH.search(text):
        matches.append(_event(f"event.race.{segment(race.group('race'))}", race.group("race"), race.span(), [race.group("race")]))
    dates, place = _DATES_ZH.search(text), _PLACE_ZH.search(text)
    if dates and place and not any(match.key.startswith("travel.") for match in matches):
        matches.append(_event(f"travel.plan.{segment(place.group('place'))}", f"{place.group('place')}：{dates.group(0)}",
                              place.span(), [place.group("place"), dates.group(0)]))
    return matches

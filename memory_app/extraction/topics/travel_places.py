"""Trips and how the speaker likes to travel: a planned trip to a place (its dates and company kept with it)
and standing travel choices (seat, hotel, airline, class), each on one key so a later choice replaces it."""
import re

from ..grammar.english import PROPER
from ..lexicon import CITIES_ZH
from ..rules import Match, RuleContext, capitalised, rule
from ..things import segment

_TRIP_ZH = re.compile(r"(?:去|到|飞)(?P<place>[\u4e00-\u9fffA-Za-z]{2,6}?)"
                      r"(?=玩|旅游|旅行|度假|出差|自驾|看看|待|住|过|转转|逛逛|[一二三四五六七八九十两\d]+天|，|,|。|$)")
_TRAVEL_WORDS_ZH = re.compile(r"玩|旅游|旅行|度假|出国|机票|酒店|航班|[一二三四五六七八九十两\d]+天|出差|自驾")
_NOT_A_TRIP_ZH = re.compile(r"医院|公司|超市|学校|上班|买菜|商场|银行|菜市场|健身房|单位|楼下|附近|家")
_TRIP_EN = re.compile(rf"\b(?:go|travel|fly|head|drive|visit|see|explore|tour|spend [\w ]+? in)\s+(?:to\s+)?(?P<place>{PROPER})")
_NOT_PLACES_EN = {"I", "My", "We", "The", "It", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
                  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                  "November", "December", "Christmas", "Easter", "New"}

# Travel choices a person sticks to: the thing chosen, by the word that names its kind.
_CHOICE_HEADS = {
    "seat": r"\b(?:window|aisle|exit row|front row)\b|\bseats?\b|靠窗|靠过道|靠走廊|座位|位子|座",
    "hotel": r"\bhotels?\b|\bhostels?\b|\bairbnb\b|酒店|宾馆|民宿",
    "airline": r"\bairlines?\b|航空|航司",
    "cabin_class": r"\b(?:economy|business class|first class|premium economy)\b|经济舱|商务舱|头等舱",
    "train": r"\b(?:sleeper|train)\b|高铁|动车|卧铺",
}


def _trip(ctx: RuleContext, span: tuple[int, int], place: str) -> Match:
    return Match(f"travel.plan.{segment(place)}", ctx.text.strip("，, "), *span, kind="episode", confidence=0.8,
                 importance=0.55, entities=[place], whole_sentence=True)


@rule(priority=60)
def trips(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("plan", "go"):
        if ctx.chinese:
            found = _TRIP_ZH.search(said.obj)
            place = found.group("place") if found else ""
            if not place or _NOT_A_TRIP_ZH.search(place):
                continue
            if place not in CITIES_ZH and not _TRAVEL_WORDS_ZH.search(ctx.text):
                continue  # "打算去看看" is no trip; a named city or a word of travel makes it one
        else:
            found = _TRIP_EN.search(said.obj) if said.frame == "plan" else None
            place = said.parts.get("place") or (found.group("place") if found else "")
            if not place or place.split()[0] in _NOT_PLACES_EN:
                continue
        matches.append(_trip(ctx, said.span, place))
    return matches


@rule(priority=55)
def travel_choices(ctx: RuleContext) -> list[Match]:
    """"always book me an aisle seat", "住酒店只选民宿", "I prefer window seats": travel.<kind of choice>."""
    matches = []
    for said in ctx.statements("use", "like", "dislike"):
        for head, pattern in _CHOICE_HEADS.items():
            found = re.search(pattern, said.obj, re.I)
            if not found or (head == "seat" and not re.search(r"座|位|飞|机|车|seat|flight|fl[yi]|plane|train|book", ctx.text, re.I)):
                continue
            thing = said.obj.strip()
            if ctx.chinese:
                text = f"{ctx.subject}出行时{'' if said.polarity > 0 else '不要'}{thing}。"
            else:
                text = f"{capitalised(ctx.subject)} {'prefers' if said.polarity > 0 else 'does not want'} {thing} when travelling."
            matches.append(Match(f"travel.{head}", ("" if said.polarity > 0 else ("不要" if ctx.chinese else "not ")) + thing,
                                 *said.span, kind="preference", polarity=said.polarity, importance=0.55,
                                 confidence=0.9 if said.frame == "use" else 0.8, text=text))
            break
    return matches

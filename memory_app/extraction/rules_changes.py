"""Rules for the things that change between sessions, in both languages: the daily drink, the job, the city,
a new pet and its name, a weekly activity, an injury, the book being read.

What matters here is the KEY: a later statement of the same thing must land where the earlier one did so it
supersedes it ("I can't function without black coffee" -> drink.coffee; "I switched from black coffee to
rooibos tea" -> drink.coffee (-1, no longer) and drink.tea (+1)); and a needed thing ("不喝拿铁根本醒不过来")
is a +1, never a refusal.
"""
import re

from .lexicon import CITIES_ZH, DRINKS, PET_SPECIES_EN, PET_SPECIES_ZH
from .rules import Match, RuleContext, capitalised as _cap, drink_segment, en_rule, first_per_key, segment, zh_rule

_PHRASE = r"[A-Za-z][\w'&\- ]{0,40}?"
_PROPER = r"[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,3}"
_NAME = r"[A-Z][a-z]{1,15}"
_END = r"(?=\s*(?:[,.;!?()]|\band\b|\bbut\b|\bso\b|\bwhich\b|\bbecause\b|\bsince\b|\bnext\b|\byesterday\b|\bnow\b|\bthis\b|$))"


def _clean_en(item: str) -> str:
    item = re.sub(r"^(?:(?:a|an|the|my|some|more|all)\s+)+", "", item.strip(" ,"), flags=re.I)
    return re.sub(r"(?:\s+(?:now|these days|anymore|btw|lol|for me|in the mornings?|every (?:single )?(?:morning|day)|completely))+$",
                  "", item, flags=re.I).strip()


def _without_time(item: str) -> str:
    """"meat about two months ago" -> "meat"."""
    return re.split(r"\s+(?:about|around|almost|nearly|over|for|since|this|last|in|a (?:few|couple))\b", item, maxsplit=1)[0]


def _is_drink(item: str) -> bool:
    lowered = item.lower()
    return any(re.search(rf"(?:^|\b){re.escape(drink)}", lowered) for drink in DRINKS) or \
        bool(re.search(r"\b(?:tea|coffee|water|latte|brew|soda)s?$", lowered))


def _drink(item: str, span, polarity: int, confidence: float = 0.8, text: str = "") -> Match:
    """A drink memory, worded by ``text`` or else by rewriting the clause it came from (so "switched from … to …"
    stays whole)."""
    value = ("drinks " if polarity > 0 else "no longer drinks ") + item if re.search(r"[A-Za-z]", item) else \
        ("喝" if polarity > 0 else "不喝") + item
    return Match(f"drink.{drink_segment(item)}", value, *span, kind="preference", polarity=polarity,
                 confidence=confidence, importance=0.6, entities=[item], text=text)


# --- the daily drink, its changes, and the double negative -------------------------------------------------------

_NEED_EN = re.compile(
    rf"\bI\s+(?:really\s+)?(?:can't|cannot|can not|couldn't)\s+(?:function|live|survive|wake up|get going|start (?:my|the) day|do anything)"
    rf"\s+without\s+(?:my\s+)?(?P<item>{_PHRASE}){_END}", re.I)
_SWITCH_EN = re.compile(rf"\bswitch(?:ed)?\s+(?:over\s+)?from\s+(?P<old>{_PHRASE})\s+to\s+(?P<new>{_PHRASE}){_END}"
                        rf"|\b(?:replaced|swapped)\s+(?P<old2>{_PHRASE})\s+(?:with|for)\s+(?P<new2>{_PHRASE}){_END}", re.I)
_NOW_EN = re.compile(rf"(?:\bI(?:'m| am)\s+(?:all about|really into|hooked on|obsessed with|on)|\bit's|\bI\s+(?:drink|have))\s+"
                     rf"(?P<item>{_PHRASE})\s+(?:every (?:single )?(?:morning|day)|in the mornings?)", re.I)
_STOPPED_EN = re.compile(
    rf"\b(?:I\s+|I've\s+)?(?:gave up|quit|stopped (?:eating|drinking)|cut out|haven't touched|have not touched)\s+(?P<item>{_PHRASE}){_END}"
    rf"|\bI(?:'m| am)\s+not\s+(?:eating|drinking)\s+(?P<item2>{_PHRASE}){_END}"
    rf"|\bno more\s+(?P<item3>{_PHRASE})\s+for me\b"
    rf"|\bI(?:'ve| have)\s+quit\s+(?P<item4>drinking)\b", re.I)


@en_rule
def drinks_and_changes(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    for found in _NEED_EN.finditer(text):
        item = _clean_en(found.group("item"))
        if _is_drink(item):
            matches.append(_drink(item, found.span(), 1))
    for found in _SWITCH_EN.finditer(text):
        old, new = _clean_en(found.group("old") or found.group("old2")), _clean_en(found.group("new") or found.group("new2"))
        if _is_drink(old) or _is_drink(new):
            matches += [_drink(old, found.span(), -1, 0.85), _drink(new, found.span(), 1, 0.85)]
    subject = _cap(ctx.subject)
    for found in _NOW_EN.finditer(text):
        item = _clean_en(found.group("item"))
        if _is_drink(item):
            matches.append(_drink(item, found.span(), 1, text=f"{subject} drinks {item} every morning now."))
    for found in _STOPPED_EN.finditer(text):
        item = _without_time(_clean_en(next(group for group in found.groups() if group)))
        if _is_drink(item) or item.lower() == "drinking":
            item = "alcohol" if item.lower() == "drinking" else item
            matches.append(_drink(item, found.span(), -1, 0.85, "" if re.match(r"\bI\b", found.group(0)) else f"{subject} no longer drinks {item}."))
        elif re.fullmatch(r"meat|red meat|pork|beef|chicken|fish|sugar|dairy|gluten|carbs", item, re.I):
            matches.append(Match(f"food.{segment(item)}", f"stopped eating {item}", *found.span(), kind="preference",
                                 polarity=-1, confidence=0.85, importance=0.7, entities=[item]))
    return first_per_key(matches)


_SWITCH_ZH = re.compile(r"(?:把|从)(?P<old>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:换成|改成|换到|改喝|换了)(?P<new>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=了|[，。,！!]|$)")
_NOW_ZH = re.compile(r"现在(?:早上|早晨|每天|平时)?(?:都|只|就|天天)?(?:改)?喝(?P<item>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=了|[，。,！!]|$)")
_QUIT_ZH = re.compile(r"戒(?:了|掉了?)(?P<item>[\u4e00-\u9fffA-Za-z]{1,8}?)(?=了|[，。,！!]|$)|(?:把)?戒(?P<alcohol>酒)|把(?P<item2>[\u4e00-\u9fffA-Za-z]{1,6}?)戒(?:了|掉)")


@zh_rule
def drinks_and_changes_zh(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    for found in _SWITCH_ZH.finditer(text):
        old, new = found.group("old"), found.group("new")
        if _is_drink_zh(old) or _is_drink_zh(new):
            matches += [_drink(old, found.span(), -1, 0.85), _drink(new, found.span(), 1, 0.85)]
    for found in _NOW_ZH.finditer(text):
        matches.append(_drink(found.group("item"), found.span(), 1))
    for found in _QUIT_ZH.finditer(text):
        item = found.group("item") or found.group("item2") or "酒"
        if _is_drink_zh(item):
            matches.append(_drink(item, found.span(), -1, 0.85))
    return first_per_key(matches)


def _is_drink_zh(item: str) -> bool:
    return any(drink in item for drink in DRINKS) or item.endswith(("茶", "水", "饮料", "汁", "奶"))


# --- job changes ---------------------------------------------------------------------------------------------

_JOB_EN = re.compile(
    rf"\b(?:starting|started|start|hired|working|work)\s+as\s+(?:a|an)\s+(?P<job>{_PHRASE})\s+(?:at|for|with)\s+(?P<employer>{_PHRASE}){_END}"
    rf"|\b(?:new|current)\s+(?:role|job|position|title)\s+is\s+(?:a\s+|an\s+)?(?P<job2>{_PHRASE})\s+(?:at|for|with)\s+(?P<employer2>{_PHRASE}){_END}"
    rf"|\bwho's\s+(?:a|an)\s+(?P<job3>{_PHRASE})\s+now\b", re.I)
_EMPLOYER_EN = re.compile(
    rf"\bI(?:'m| am)\s+(?:now\s+)?working\s+(?:at|for)\s+(?P<employer>{_PHRASE}){_END}"
    rf"|\bI\s+(?:just\s+)?started\s+(?:a new job\s+|work\s+)?(?:at|with)\s+(?P<employer2>{_PHRASE}){_END}"
    rf"|\b(?:signed|accepted|took)\s+(?:the|an|a)\s+(?:job\s+)?offer\s+(?:from|at|with)\s+(?P<employer3>{_PROPER})", re.I)


@en_rule
def job_change(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _JOB_EN.search(ctx.text)
    if found:
        job = (found.group("job") or found.group("job2") or found.group("job3")).strip()
        matches.append(Match("profile.occupation", job, *found.span(), confidence=0.85, importance=0.65, entities=[job]))
    employer_found = _EMPLOYER_EN.search(ctx.text)
    employer = ((found and (found.group("employer") or found.group("employer2")))
                or (employer_found and next(group for group in employer_found.groups() if group)) or "").strip()
    if employer:
        span = (found or employer_found).span()
        named = re.match(rf",\s*(?P<name>{_PROPER})(?=\s*(?:[,.;!?]|next\b|yesterday\b|$))", ctx.text[span[1]:])
        if named:  # "a farm-to-table restaurant, Juniper": the name is the employer
            employer = f"{employer}, {named.group('name')}"
        matches.append(Match("work.employer", employer, *span, confidence=0.8, importance=0.6,
                             entities=re.findall(_PROPER, employer) or [employer],
                             text=f"{_cap(ctx.subject)} works at {employer}.", attach=False))
    return matches


_JOB_ZH = re.compile(
    r"(?:去|到|进|入职)(?P<place>[^，。,！!]{2,14}?)(?:当|做|干|担任)(?P<job>[^，。,！!]{2,10})"
    r"|新(?:工作|岗位|职位|公司)是(?P<place2>[^，。,！!]{2,16}?)的(?P<job2>[^，。,！!]{2,10})")
_JOB_CHANGE_CUE = re.compile(r"offer|跳槽|入职|新工作|换工作|辞职|离职|转行")
_DO_JOB_ZH = re.compile(r"(?:^|[，,])(?:做|当|干)(?P<job>[^，。,！!]{2,10})")
_NOT_A_JOB_ZH = re.compile(r"义工|志愿|饭|菜|作业|运动|手术|梦|家务")


@zh_rule
def job_change_zh(ctx: RuleContext) -> list[Match]:
    found = _JOB_ZH.search(ctx.text)
    job_found = found or (_DO_JOB_ZH.search(ctx.text) if _JOB_CHANGE_CUE.search(ctx.message) else None)
    if not job_found or _NOT_A_JOB_ZH.search(job_found.group(0)):
        return []
    job = re.sub(r"(?:了|啦|呢|吧)$", "", job_found.group("job") or job_found.group("job2"))
    matches = [Match("profile.occupation", job, *job_found.span(), confidence=0.8, importance=0.65, entities=[job])]
    place = found and (found.group("place") or found.group("place2"))
    if place:
        place = re.sub(r"^(?:一家|一个|家)", "", place)
        matches.append(Match("work.employer", place, *found.span(), confidence=0.75, importance=0.6, entities=[place],
                             text=f"{ctx.subject}在{place}工作。", attach=False))
    return matches


# --- moving ----------------------------------------------------------------------------------------------

_MOVE_EN = re.compile(
    rf"\b(?:moving|relocating|relocate|move|moved|transferring)\s+(?:back\s+|over\s+)?to\s+(?P<city>{_PROPER})"
    rf"|\b(?:signed a lease|bought a (?:house|place|condo|home)|found (?:a|an) (?:place|apartment|house))\s+in\s+(?P<city2>{_PROPER})")


@en_rule
def moving(ctx: RuleContext) -> list[Match]:
    found = _MOVE_EN.search(ctx.text)
    if not found or re.search(r"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:is|are)\s+moving\b", ctx.text, re.I):
        return []
    city = found.group("city") or found.group("city2")
    return [Match("profile.location.city", city, *found.span(), confidence=0.85, importance=0.65, entities=[city])]


_CITY_ZH = "|".join(sorted(CITIES_ZH, key=len, reverse=True))
_MOVE_ZH = re.compile(rf"(?:去|到|在)(?P<city>{_CITY_ZH}|[\u4e00-\u9fff]{{2,3}}?)(?:生活|定居|安家|落户)")


@zh_rule
def moving_zh(ctx: RuleContext) -> list[Match]:
    found = _MOVE_ZH.search(ctx.text)
    if not found or re.search(r"[你他她]", ctx.text[:found.start()]):
        return []
    city = found.group("city")
    return [Match("profile.location.city", city, *found.span(), confidence=0.8, importance=0.65, entities=[city])]


# --- a new pet and its name ------------------------------------------------------------------------------

_SPECIES_EN = "|".join(sorted(PET_SPECIES_EN, key=len, reverse=True))
_ADOPT_EN = re.compile(
    rf"\b(?:adopted|rescued|brought home|got|picked up)\s+(?:a|an|two|our|my)\s+(?P<kind>[\w\- ]{{0,30}}?\b(?:{_SPECIES_EN})s?(?:\s+mix)?)\b", re.I)
_PET_NAMED_EN = re.compile(
    rf"\b(?:[Ww]e|I)\s+(?:went with|settled on|picked|chose|named (?:him|her|it|them)|called (?:him|her|it|them))\s+(?P<name>{_NAME})(?=\s*(?:[,.!;]|$))"
    rf"|\b(?i:its|his|her)\s+name(?:'s|\s+is)\s+(?P<name2>{_NAME})\b")
_NAMING_CUE = re.compile(rf"\b(?:name|named|voted|vote|pet|{_SPECIES_EN}|kitty|doggo)s?\b", re.I)


@en_rule
def new_pet(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _ADOPT_EN.search(ctx.text)
    if found:
        kind = found.group("kind").strip()
        species = re.search(_SPECIES_EN, kind, re.I).group(0).lower()
        matches.append(Match(f"pets.{segment(species)}", kind, *found.span(), confidence=0.8, importance=0.6,
                             entities=[kind, species]))
    found = _PET_NAMED_EN.search(ctx.text)
    if found and _NAMING_CUE.search(ctx.message):
        name = found.group("name") or found.group("name2")
        matches.append(Match(f"pets.{segment(name)}", name, *found.span(), confidence=0.75, importance=0.6, entities=[name],
                             text=f"{_cap(ctx.subject)} named their new pet {name}.", attach=False))
    return matches


_SPECIES_ZH = "|".join(sorted(PET_SPECIES_ZH, key=len, reverse=True))
_ADOPT_ZH = re.compile(rf"(?:领养|收养|捡|买|抱回|多)了?(?:一|两)?(?:只|条)?(?P<kind>[\u4e00-\u9fff]{{0,4}}?(?:{_SPECIES_ZH}|兔))")
_PET_NAMED_ZH = re.compile(r"(?:起名(?:叫)?|取名(?:叫)?|名字叫|最后叫|就叫|^叫)(?P<name>[\u4e00-\u9fffA-Za-z]{1,4}?)(?=[，,。！!]|$|跟|和)")
_NAMING_CUE_ZH = re.compile(r"它|起名|取名|名字|投票|养")


@zh_rule
def new_pet_zh(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _ADOPT_ZH.search(ctx.text)
    if found and re.search(r"领养|收养|救助|捡|多了|抱回|养", ctx.text):
        kind = found.group("kind")
        species = re.search(rf"{_SPECIES_ZH}|兔", kind).group(0)
        matches.append(Match(f"pets.{segment(species)}", kind, *found.span(), confidence=0.8, importance=0.6,
                             entities=[kind, species]))
    found = _PET_NAMED_ZH.search(ctx.text)
    if found and _NAMING_CUE_ZH.search(ctx.message):
        name = found.group("name")
        matches.append(Match(f"pets.{segment(name)}", name, *found.span(), confidence=0.75, importance=0.6, entities=[name],
                             text=f"{ctx.subject}给新养的宠物起名叫{name}。", attach=False))
    return matches


# --- weekly activities, injuries, books -------------------------------------------------------------------

_VOLUNTEER_EN = re.compile(r"\b(?:volunteer(?:ing|ed|s)?|helping out|help out|do a shift|doing a shift|work a shift)\s+(?:at|with|for)\s+"
                           r"(?P<place>[^,.;!?]{3,50}?)(?=\s+(?:on|every)\b|[,.;!?]|$)", re.I)
_VOLUNTEER_ZH = re.compile(r"(?:在|去|到)(?P<place>[^，。,！!]{2,12}?)(?:做|当)(?:义工|志愿者|志愿)|(?:去|到)(?P<place2>[^，。,！!]{2,12}?)帮忙")


@en_rule
def volunteering(ctx: RuleContext) -> list[Match]:
    found = _VOLUNTEER_EN.search(ctx.text)
    if not found or re.match(r"(?:you|him|her|them|me)\b", found.group("place"), re.I):
        return []
    return [Match("hobby.volunteer", found.group("place"), *found.span(), confidence=0.8, importance=0.55,
                  entities=[found.group("place")], whole_sentence=True)]


@zh_rule
def volunteering_zh(ctx: RuleContext) -> list[Match]:
    found = _VOLUNTEER_ZH.search(ctx.text)
    if not found:
        return []
    place = found.group("place") or found.group("place2")
    return [Match("hobby.volunteer", place, *found.span(), confidence=0.8, importance=0.55, entities=[place], whole_sentence=True)]


_INJURY_EN = re.compile(r"\b(?:sprained|broke|tore|twisted|pulled|cracked|fractured|hurt|injured|dislocated|strained|busted)\s+"
                        r"(?:a muscle in\s+|something in\s+)?my\s+(?P<part>[a-z]+)", re.I)
_BODY_ZH = r"脚踝|脚趾|脚|手腕|手指|手|腰|膝盖|肩膀|肩|腿|背|脖子|胳膊|肋骨|韧带"
_INJURY_ZH = re.compile(rf"(?P<part>{_BODY_ZH})[^，。,]{{0,6}}?(?:崴|扭|骨折|拉伤|骨裂|摔伤|扭伤|脱臼|撕裂)|(?:崴|扭|摔|伤)了?(?P<part2>{_BODY_ZH})")


@en_rule
def injury(ctx: RuleContext) -> list[Match]:
    found = _INJURY_EN.search(ctx.text)
    if not found or not re.search(r"(?:^|\bI\s+|:\s*|\bI\s+\w+\s+)" + re.escape(found.group(0)), ctx.text):
        return []
    part = found.group("part").lower()
    return [Match(f"health.injury.{segment(part)}", found.group(0), *found.span(), kind="episode", confidence=0.8,
                  importance=0.6, entities=[part], whole_sentence=True)]


@zh_rule
def injury_zh(ctx: RuleContext) -> list[Match]:
    found = _INJURY_ZH.search(ctx.text)
    if not found or re.search(r"[你他她]", ctx.text[:found.start()]):
        return []
    part = found.group("part") or found.group("part2")
    return [Match(f"health.injury.{segment(part)}", found.group(0), *found.span(), kind="episode", confidence=0.8,
                  importance=0.6, entities=[part], whole_sentence=True)]


_BOOK_EN = re.compile(
    rf"\b(?i:reading|halfway through|finished reading|just finished|picked up|started reading)\s+(?P<title>[A-Z][\w',:\- ]{{1,60}}?)"
    rf"(?:\s+from\s+the\s+\w+)?(?:\s+\((?P<author>[^)]{{3,40}})\)|\s+by\s+(?P<author2>{_PROPER})|,?\s+the\s+(?P<author3>{_PROPER})\s+one\b)")
_BOOK_ZH = re.compile(r"《(?P<title>[^》]{1,20})》")


@en_rule
def reading(ctx: RuleContext) -> list[Match]:
    found = _BOOK_EN.search(ctx.text)
    if not found:
        return []
    author = found.group("author") or found.group("author2") or found.group("author3")
    return [Match("hobby.reading", f"{found.group('title')} by {author}", *found.span(), confidence=0.8, importance=0.5,
                  entities=[found.group("title"), author], whole_sentence=True)]


@zh_rule
def reading_zh(ctx: RuleContext) -> list[Match]:
    found = _BOOK_ZH.search(ctx.text)
    if not found or not re.search(r"看|读|借|买|书", ctx.text):
        return []
    author = re.search(r"(?P<author>[\u4e00-\u9fff]{2,4})(?:的《|写)", ctx.text)
    entities = [found.group("title")] + ([author.group("author")] if author else [])
    return [Match("hobby.reading", found.group("title"), *found.span(), confidence=0.8, importance=0.5, entities=entities,
                  whole_sentence=True)]


# --- something new: an instrument or language being learnt, a first class, a concert --------------------------

_LEARN_ZH = re.compile(r"(?:在学|开始学|学起了?|报名学|报了个?|跟[^，。,]{1,12}?学)(?P<what>[\u4e00-\u9fffA-Za-z]{1,5}?)(?=了|呢|课|[，。,！!]|$)")
_FIRST_CLASS_ZH = re.compile(r"第一(?:节|次上|次去)(?P<what>[\u4e00-\u9fffA-Za-z]{1,5}?)课|(?:体验了|体验一下)(?P<what2>[\u4e00-\u9fffA-Za-z]{1,5}?)(?=[，。,！!]|$)")
_CONCERT_ZH = re.compile(r"(?:看了?|听了?)(?P<band>[^，。,！!的]{1,8}?)的(?:演唱会|现场|音乐节|演出)|(?P<band2>[^，。,！!看听去了]{1,8}?)的(?:演唱会|现场)"
                         r"|去(?:听|看)(?:了)?(?P<band3>[^，。,！!]{1,8}?)了")


@zh_rule
def new_things_zh(ctx: RuleContext) -> list[Match]:
    matches = []
    for pattern, key in ((_LEARN_ZH, "hobby"), (_FIRST_CLASS_ZH, "hobby"), (_CONCERT_ZH, "event.concert")):
        found = pattern.search(ctx.text)
        if not found or re.search(r"[你他她]", ctx.text[:found.start()]):
            continue
        what = next(group for group in found.groups() if group)
        if re.fullmatch(r"[习会着了过一下个点]+|东西|习|做饭", what):
            continue
        matches.append(Match(f"{key}.{segment(what)}", what, *found.span(), kind="episode" if key.startswith("event") else "fact",
                             confidence=0.75, importance=0.5, entities=[what], whole_sentence=True))
    return matches


_FIRST_CLASS_EN = re.compile(
    r"\b(?:my\s+)?(?:first|very first|an intro|a trial)\s+(?P<what>[a-z][a-z\- ]{2,30}?)\s+(?:class|lesson|session|workshop)\b"
    r"|\btried\s+(?:a|an|my first)\s+(?P<what2>[a-z][a-z\- ]{2,30}?)\s+(?:class|lesson|workshop)\b"
    r"|\bI\s+(?:started|signed up for|am taking|'m taking|been taking)\s+(?P<what3>[a-z][a-z\- ]{2,30}?)\s+(?:lessons|classes)\b", re.I)
_CONCERT_EN = re.compile(rf"\b(?i:saw|seen|see|caught)\s+(?P<band>{_PROPER}|[A-Z][\w'+& ]{{1,40}}?)\s+(?:live|in concert)\b"
                         rf"|(?:^|[.!] )(?P<band2>[A-Z][\w'+& ]{{1,40}}?)\s+(?:concert|show|gig)\s+(?:yesterday|last night|on \w+day)\b")


@en_rule
def new_things(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _FIRST_CLASS_EN.search(ctx.text)
    if found:
        what = next(group for group in found.groups() if group).strip()
        matches.append(Match(f"hobby.{segment(what)}", what, *found.span(), confidence=0.75, importance=0.5,
                             entities=[what], whole_sentence=True))
    found = _CONCERT_EN.search(ctx.text)
    if found:
        band = (found.group("band") or found.group("band2")).strip()
        matches.append(Match(f"event.concert.{segment(band)}", band, *found.span(), kind="episode", confidence=0.75,
                             importance=0.5, entities=[band], whole_sentence=True))
    return matches

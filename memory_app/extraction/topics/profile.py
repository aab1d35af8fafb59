"""Who the speaker is: name and the name they want to be called, occupation and employer, the city they live in
(a move and a plain "I live in" land on the same key, so the newer one wins), where they are from, age and the
languages they speak."""
import re

from ..grammar import Said, split_items
from ..lexicon import CITIES_ZH, DIETS_EN, JOB_SUFFIXES_ZH, JOB_WORDS_EN, LANGUAGES
from ..rules import Match, RuleContext, capitalised, rule
from ..things import segment

# Capitalised words after "I'm" that are states or nationalities, not names.
_NOT_NAMES = {"sorry", "fine", "good", "okay", "ok", "sure", "here", "back", "home", "done", "ready", "happy", "tired",
              "busy", "excited", "glad", "new", "not", "so", "still", "just", "also", "from", "in", "at", "on", "going",
              "gonna", "trying", "planning", "allergic", "vegan", "vegetarian"}
# Words that follow 叫 without being a name: ordering food or a ride, waking someone ("我叫了外卖").
_NOT_A_NAME_ZH = re.compile(r"[了个车醒来去]|外卖|快递|什么|啥|一声|名字")
_CITY_ZH = re.compile("|".join(sorted(CITIES_ZH, key=len, reverse=True)))
_ORG_ZH = re.compile(r"公司|事务所|医院|学校|银行|店|厂|集团|工作室|机构|单位|大学|中学|小学|研究所|研究院|设计院|律所|局|中心|酒店|餐厅")
_CITY_AFTER_EN = re.compile(r"^\s+in\s+(?P<city>[A-Z][\w'\-]+(?: [A-Z][\w'\-]+)*)")


@rule(priority=80)
def names(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("name"):
        name = said.obj
        if (not ctx.chinese and (name.lower() in _NOT_NAMES or name.lower() in LANGUAGES)) or \
                (ctx.chinese and _NOT_A_NAME_ZH.search(name)):
            continue
        text = f"{ctx.subject}叫{name}。" if ctx.chinese else f"{capitalised(ctx.subject)}'s name is {name}."
        matches.append(Match("profile.name", name, *said.span, confidence=0.9, importance=0.7, entities=[name],
                             text=text, attach=False))
    return matches


@rule(priority=85)
def preferred_name(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("call_me"):
        if said.polarity < 0 or (ctx.chinese and _NOT_A_NAME_ZH.search(said.obj)):
            continue  # "don't call me X" says what not to do, not a name
        text = f"{ctx.subject}希望被称呼为“{said.obj}”。" if ctx.chinese else f"{capitalised(ctx.subject)} wants to be called {said.obj}."
        matches.append(Match("profile.preferred_name", said.obj, *said.span, kind="preference", confidence=0.9,
                             importance=0.7, entities=[said.obj], text=text, attach=False))
    return matches


# --- work ---------------------------------------------------------------------------------------------------------

def _is_job_en(phrase: str) -> bool:
    words = phrase.lower().split()
    head = words[-1] if words else ""
    return bool(head) and head not in DIETS_EN and (
        head in JOB_WORDS_EN or " ".join(words[-2:]) in JOB_WORDS_EN
        or head.endswith(("ist", "ologist", "ician", "eer", "arian")) and head != "vegetarian")


def _is_job_zh(phrase: str) -> bool:
    return phrase.endswith(JOB_SUFFIXES_ZH) and not re.search(r"新手|高手|老手|选手|粉丝|志愿者", phrase)


def _occupation(said: Said, job: str, confidence: float = 0.85) -> Match:
    return Match("profile.occupation", job, *said.span, confidence=confidence, importance=0.6, entities=[job])


def _employer(ctx: RuleContext, said: Said, said_as: str) -> Match:
    employer = re.sub(r"^(?:一家|一个|个|家|(?:a|an|the)\s+)", "", said_as.strip(), flags=re.I)
    text = f"{ctx.subject}在{employer}工作。" if ctx.chinese else f"{capitalised(ctx.subject)} works at {said_as.strip()}."
    entities = re.findall(r"[A-Z][\w'&\-]+(?: [A-Z][\w'&\-]+)*", employer) or [employer]
    return Match("work.employer", employer, *said.span, confidence=0.8, importance=0.55, entities=entities, text=text,
                 attach=False)


def _city(ctx: RuleContext, said: Said, city: str, *, moved: bool = False, works: bool = False, studies: str = "",
          confidence: float = 0.85) -> Match:
    """``studies``: what the speaker studies there ("读研"), said instead of working there."""
    if ctx.chinese and studies:
        text = f"{ctx.subject}在{city}{studies}。"
    elif ctx.chinese:
        text = f"{ctx.subject}{'搬到' if moved else '在' if works else '住在'}{city}{'工作' if works else ''}。"
    else:
        verb = "works in" if works else "lives in"
        if moved:
            verb = "is moving to" if re.search(r"\b(?:moving|relocating)\b", ctx.text[said.start:said.end]) else "moved to"
        text = f"{capitalised(ctx.subject)} {verb} {city}."
    return Match("profile.location.city", city, *said.span, confidence=confidence, importance=0.6, entities=[city],
                 text=text, attach=False)


def _place_zh(ctx: RuleContext, said: Said, place: str, matches: list[Match], *, studies: str = "") -> str:
    """Split "武汉一家设计院" into a city memory and the rest (the employer)."""
    city = _CITY_ZH.match(place) or re.match(r"^[\u4e00-\u9fff]{2,3}市", place)
    if city:
        matches.append(_city(ctx, said, city.group(0).rstrip("市"), works=not studies, studies=studies,
                             confidence=0.75))
        place = place[city.end():]
    return place.strip()


def _looks_like_a_place_en(field: str) -> bool:
    """"I work in Leeds" names a place; "I work in English", "in Some Editor 2024 most days" do not: a place is
    capitalised words only (joined by "upon", "de"…), and no language."""
    return bool(_PLACE_EN.fullmatch(field)) and field.lower() not in LANGUAGES


_PLACE_EN = re.compile(r"[A-Z][a-z'\-]+(?:\s(?:(?:upon|on|de|del|la|le|of)\s)?[A-Z][a-z'\-]+){0,2}")


@rule(priority=70)
def occupation(ctx: RuleContext) -> list[Match]:
    matches: list[Match] = []
    for said in ctx.statements("identity", "work", "study"):
        if said.frame == "identity" and ctx.chinese:
            job = said.obj
            if _is_job_zh(job) or job == "退休" or re.search(r"我是(?:做|干|搞|从事)|我(?:从事|做)", ctx.text[said.start:said.end]):
                matches.append(_occupation(said, job))
                if said.parts.get("place"):
                    _place_zh(ctx, said, said.parts["place"], matches)
        elif said.frame == "identity":
            job, _, employer = said.obj.partition(" at ")
            job, _, city = job.partition(" in ")
            if _is_job_en(job):
                matches.append(_occupation(said, job))
                if employer:
                    employer, _, city = employer.partition(" in ")
                    matches.append(_employer(ctx, said, employer))
                if city:
                    matches.append(_city(ctx, said, city, works=True, confidence=0.75))
        elif said.frame == "study":
            matches.append(_occupation(said, said.obj))
            _place_zh(ctx, said, said.parts.get("place", ""), matches, studies=said.obj)
        elif ctx.chinese:
            place = said.parts.get("place", "")
            if re.search(r"^(?:家|家里|这|那)$|什么|哪|义工|志愿", place + said.parts.get("job", "")):
                continue  # "在家做饭" is no job; volunteering is an activity
            rest = _place_zh(ctx, said, place, matches)
            if said.parts.get("job"):
                matches.append(_occupation(said, re.split(r"[，,]", said.parts["job"])[0], 0.8))
            if _ORG_ZH.search(rest):
                matches.append(_employer(ctx, said, rest))
        else:
            field = said.parts.get("field", "")
            if _looks_like_a_place_en(field):
                matches.append(_city(ctx, said, field, works=True, confidence=0.75))  # "I work in Leeds"
            elif field and (not field[:1].isupper() or field.isupper() or field.lower() in LANGUAGES):
                # A field ("sales", "IT", "English"); a capitalised name that is no place is a tool or a brand.
                matches.append(_occupation(said, f"teaches {field}" if "teach" in ctx.text[said.start:said.end] else field))
            if said.parts.get("job"):
                matches.append(_occupation(said, said.parts["job"]))
            if said.parts.get("org"):
                matches.append(_employer(ctx, said, said.parts["org"]))
            city = _CITY_AFTER_EN.match(ctx.text[said.end:])
            if city:
                matches.append(_city(ctx, said, city.group("city"), works=True, confidence=0.75))
    return matches


@rule(priority=65)
def business(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("business"):
        place = said.parts.get("place", "")
        matches.append(Match("work.business", said.obj, *said.span, confidence=0.85, importance=0.6,
                             entities=[said.obj] + ([place] if place else [])))
    return matches


# --- where the speaker lives and comes from --------------------------------------------------------------------

@rule(priority=75)
def residence(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("live"):
        place = re.sub(r"(?:这边|那边|这里|那里|附近|一带)$", "", said.parts.get("place", ""))
        if not place:
            continue
        city = _CITY_ZH.match(place) if ctx.chinese else None
        moved = bool(re.search(r"搬|mov|relocat", ctx.text[said.start:said.end], re.I))
        match = _city(ctx, said, city.group(0) if city else place, moved=moved)
        match.entities = list(dict.fromkeys([match.value, place]))
        matches.append(match)
    return matches


@rule(priority=65)
def hometown(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("origin"):
        place = said.parts.get("place", "")
        if place:
            text = f"{ctx.subject}的老家在{place}。" if ctx.chinese else f"{capitalised(ctx.subject)} is from {place}."
            matches.append(Match("profile.hometown", place, *said.span, confidence=0.8, importance=0.5, entities=[place],
                                 text=text, attach=False))
    return matches


@rule(priority=70)
def age(ctx: RuleContext) -> list[Match]:
    return [Match("profile.age", said.obj, *said.span, confidence=0.85, importance=0.5,
                  text=f"{ctx.subject}今年{said.obj}岁。" if ctx.chinese else f"{capitalised(ctx.subject)} is {said.obj} years old.",
                  attach=False)
            for said in ctx.statements("age")]


@rule(priority=60)
def languages(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("speak"):
        for language in split_items(said.obj) + ([said.parts["more"]] if "more" in said.parts else []):
            name = LANGUAGES.get(language.lower(), language)
            text = f"{ctx.subject}会说{language}。" if ctx.chinese else f"{capitalised(ctx.subject)} speaks {language}."
            matches.append(Match(f"profile.language.{segment(language)}", name, *said.span, confidence=0.85, importance=0.5, entities=[language], text=text,
                                 attach=False))
    return matches

"""What the speaker does with their time: pastimes they like or dislike, their regular exercise (one key, so a
new routine replaces the old), something they have started or are learning, and plans that are not trips."""
import re

from ..grammar import someone_else, split_items
from ..lexicon import SPORTS_EN, SPORTS_ZH
from ..rules import Match, RuleContext, capitalised, rule
from ..things import thing_kind, segment


def _verb_forms(gerund: str) -> str:
    """"swimming" -> swim / swims: the regular forms: the sport said as a verb ("I swim every day")."""
    stem = gerund[:-3]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stem = stem[:-1]  # running -> run, jogging -> jog
    elif re.search(r"[^aeiou][aeiou][ckv]$|[^aeiou]l$|nc$", stem):
        stem += "e"  # hiking -> hike, cycling -> cycle, dancing -> dance
    return rf"{stem}(?:e?s|e?d)?"


# English sports as nouns or gerunds, and as the speaker's verb when no object follows ("I run a shop", "I walk the
# dog" are no sport).
_SPORT_VERBS_EN = "|".join(_verb_forms(word) for word in SPORTS_EN if word.endswith("ing") and " " not in word)
_SPORT_NOUNS_EN = "|".join(sorted((re.escape(word) for word in SPORTS_EN), key=len, reverse=True))
_SPORT = {True: re.compile(f"(?P<sport>{'|'.join(sorted(SPORTS_ZH, key=len, reverse=True))})"),
          False: re.compile(rf"\b(?P<sport>{_SPORT_NOUNS_EN})\b|\b(?:I|[Ww]e)\s+(?:(?:always|usually|still|also|often"
                            rf"|now|\w+ly)\s+)?(?P<verb>{_SPORT_VERBS_EN})\b"
                            r"(?!\s+(?:a|an|the|my|our|his|her|their|errands|into|out)\b)", re.I)}


def _sport(found: re.Match) -> str:
    return found.group(found.lastgroup)


_REGULARLY = {True: re.compile(r"每天|每周|每晚|每早|天天|平时|经常|周末|每个周末|每逢|一周[一两三四五六七]次"),
              False: re.compile(r"\b(?:every (?:day|morning|evening|night|week|weekend|monday|tuesday|wednesday|thursday|friday|"
                                r"saturday|sunday)|usually|on weekends|daily|twice a week|(?:once|twice|three times) a week)\b", re.I)}
_WORK_WORDS = re.compile(r"\b(?:job|position|role|work|shift|company)\b|工作|上班|新公司", re.I)
_SLUG_STOPWORDS = {"a", "an", "the", "of", "to", "for", "with", "and", "my", "our", "some", "new", "this", "that", "it",
                   "next", "last", "year", "month", "week", "soon", "again"}


def _slug(phrase: str, words: int = 3) -> str:
    content = [word for word in re.findall(r"[A-Za-z0-9]+", phrase.lower()) if word not in _SLUG_STOPWORDS]
    return segment("_".join(content[:words])) if content else ""


def _pastime(ctx: RuleContext, thing: str) -> str:
    sport = _SPORT[ctx.chinese].search(thing)
    return _sport(sport) if sport else thing


@rule(priority=40, fallback=True)
def pastimes(ctx: RuleContext) -> list[Match]:
    """Likes and dislikes that are no food or drink (those are ``food_health``'s): a fallback, so any more
    specific reading of the same clause (a courier, a seat, a brand) wins."""
    matches = []
    for said in ctx.statements("like", "dislike"):
        for thing in split_items(said.obj):
            if len(thing) > (8 if ctx.chinese else 30) or thing_kind(thing, said.verb, chinese=ctx.chinese) != "hobby":
                continue
            pastime = _pastime(ctx, thing)
            key = f"hobby.{segment(pastime) if ctx.chinese else _slug(pastime, 2)}"
            if ctx.chinese:
                text = f"{ctx.subject}{'喜欢' if said.polarity > 0 else '不喜欢'}{said.verb if said.verb not in ('喜欢', '爱') else ''}{thing}。"
            else:
                text = f"{capitalised(ctx.subject)} {'likes' if said.polarity > 0 else 'does not like'} {thing}."
            matches.append(Match(key, ("喜欢" if said.polarity > 0 else "不喜欢") + thing if ctx.chinese else
                                 ("likes " if said.polarity > 0 else "dislikes ") + thing, *said.span, kind="preference",
                                 polarity=said.polarity, confidence=0.8, importance=0.5, entities=[thing], text=text))
    return matches


@rule(priority=50)
def exercise_routine(ctx: RuleContext) -> list[Match]:
    """The regular workout: "每周三次游泳", "I run every morning". A switch to another sport, or giving one up,
    lands on the same key."""
    sport_pattern, regularly = _SPORT[ctx.chinese], _REGULARLY[ctx.chinese]
    matches = []
    for said in ctx.statements("switch", "stop"):
        sport = sport_pattern.search(said.obj)
        if sport:
            polarity = 1 if said.frame == "switch" else -1
            value = said.obj if polarity > 0 else (f"不再{said.obj}" if ctx.chinese else f"no longer {said.obj}")
            matches.append(Match("hobby.exercise", value, *said.span, kind="preference", polarity=polarity,
                                 confidence=0.85, importance=0.5, entities=[_sport(sport)], whole_sentence=True))
    for clause_index, clause in enumerate(ctx.sentence.clauses):
        sport, often = sport_pattern.search(clause.text), regularly.search(clause.text)
        start, end = ctx.sentence.spans[clause_index]
        # Another person's routine ("my wife swims every day") is said about them (family_people), not the speaker's.
        if sport and often and not matches and not someone_else(ctx.text, start + sport.start(sport.lastgroup),
                                                                ctx.chinese):
            matches.append(Match("hobby.exercise", clause.text.strip(), start, end, kind="preference", polarity=1,
                                 confidence=0.8, importance=0.5, entities=[_sport(sport)]))
    return matches


@rule(priority=45)
def learning(ctx: RuleContext) -> list[Match]:
    """Something started or being learnt ("I've been learning the cello", "开始学陶笛了")."""
    matches = []
    for said in ctx.statements("start"):
        thing = re.sub(r"^(?:(?:learning|studying|practicing|practising|taking|to|the|a|an|some|my)\s+)+", "", said.obj, flags=re.I)
        thing = re.split(r"\s+(?:with|at|from|on|every|in|because|since|last|this|next)\b", thing)[0].strip()
        if not thing or _WORK_WORDS.search(thing) or re.match(r"(?:eating|drinking|new)\b|a new\b", thing, re.I):
            continue  # a new job is ``profile``'s, a new drink ``food_health``'s
        seg = segment(thing) if ctx.chinese else _slug(thing, 2)
        if seg:
            matches.append(Match(f"hobby.{seg}", thing, *said.span, confidence=0.75, importance=0.5, entities=[thing],
                                 whole_sentence=True))
    return matches


@rule(priority=35)
def plans(ctx: RuleContext) -> list[Match]:
    """A deliberate plan that is no trip ("I'm planning to adopt a dog"): event.plan.<what>, with its sentence."""
    if ctx.chinese:
        return []  # Chinese plans without a place are left to the turn itself
    matches = []
    for said in ctx.statements("plan"):
        words = re.findall(r"[A-Za-z]+", said.obj)
        if len(words) < 2 or re.match(r"(?:go|travel|fly|visit|head|drive)\b", said.obj, re.I):
            continue
        slug = _slug(said.obj)
        if slug:
            matches.append(Match(f"event.plan.{slug}", said.obj, *said.span, kind="episode", confidence=0.75,
                                 importance=0.5, entities=re.findall(r"[A-Z][\w'\-]+", said.obj)[:3] or [said.obj],
                                 whole_sentence=True))
    return matches

"""English rules: first-person statements in general ("I'm a …", "I work at …", "I live in …", "I love …",
"my <relation> <Name> …", "I have a <pet> named …", "I'm going to …", "I started …"), so that both a user
talking to an assistant and two named people chatting (LoCoMo-style) yield memories.
"""
import re

from .lexicon import CONDITIONS_EN, COURIERS_EN, DRINKS, EXERCISES_EN, FOOD_HINTS, JOB_WORDS_EN, PET_SPECIES_EN, RELATIONS_EN
from .rules import Match, RuleContext, capitalised as _cap, drink_segment, en_rule, one_per_key_refusals_first, preference_marked, segment, split_items

I = r"(?:(?<![A-Za-z'])I(?:'m| am|'ve| have|'d| would)?)"
_END = r"(?=\s*(?:[,.;!?)]|\band\b|\bbut\b|\bso\b|\bwhich\b|\bwho\b|\bbecause\b|\bsince\b|$))"
_PHRASE = r"[A-Za-z][\w'&\- ]{0,40}?"
_PROPER = r"[A-Z][\w'\-]+(?: [A-Z][\w'\-]+){0,3}"
_NOT_NAMES = {"a", "an", "the", "not", "so", "very", "really", "just", "also", "here", "back", "home", "sure", "sorry",
              "fine", "good", "ok", "okay", "tired", "busy", "happy", "excited", "english", "chinese", "american",
              "british", "canadian", "australian", "german", "french", "japanese", "korean", "vegan", "vegetarian",
              "allergic", "going", "gonna", "trying", "planning", "from", "in", "at", "on", "into", "still"}
_DETERMINERS = re.compile(r"^(?:a|an|the|my|our|some|this|that|these|those|his|her|their)\s+", re.I)


_SLUG_STOPWORDS = {"a", "an", "the", "of", "to", "for", "with", "and", "my", "our", "last", "yesterday", "today",
                   "tonight", "tomorrow", "year", "years", "week", "weeks", "month", "months", "ago", "next", "this",
                   "it", "was", "is", "so", "very", "really", "just"}


def _slug(phrase: str, words: int = 3) -> str:
    content = [w for w in re.findall(r"[A-Za-z0-9]+", _DETERMINERS.sub("", phrase.lower())) if w not in _SLUG_STOPWORDS]
    return segment("_".join(content[:words]))


def _subject_is_self(text: str, position: int) -> bool:
    """The clause the match sits in is about the speaker, not "my partner Mei is crazy about …"."""
    clause = re.split(r"[,.;!?]", text[:position])[-1]
    return not re.search(r"\b(?:my|our|his|her|their)\s+\w+|\b(?:he|she|they|it)\b", clause, re.I)


# --- who the speaker is ----------------------------------------------------------------------------------------

_NAME_INTRO = re.compile(rf"(?:\b[Mm]y name is|\b[Mm]y name's|\b[Tt]his is|(?<![A-Za-z'])I'm|(?<![A-Za-z'])I am)\s+(?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)?){_END}")
_NAME_HERE = re.compile(r"(?:^|[,.!] ?)(?P<name>[A-Z][a-z]+) here\b")
_CALL_ME = re.compile(r"(?P<neg>\bdon't|\bdo not|\bstop)?\s*\bcall me (?P<name>[A-Z][\w\-]*)", re.I)


@en_rule
def names(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _NAME_INTRO.search(ctx.text) or _NAME_HERE.search(ctx.text)
    if found and found.group("name").lower() not in _NOT_NAMES:
        name = found.group("name")
        matches.append(Match("profile.name", name, *found.span(), confidence=0.9, importance=0.7, entities=[name],
                             text=f"{_cap(ctx.subject)}'s name is {name}.", attach=False))
    for found in _CALL_ME.finditer(ctx.text):
        if found.group("neg") or not found.group("name")[0].isupper():
            continue
        name = found.group("name")
        matches.append(Match("profile.preferred_name", name, *found.span(), kind="preference", confidence=0.9,
                             importance=0.7, entities=[name], text=f"{_cap(ctx.subject)} wants to be called {name}.", attach=False))
    return matches


_JOBS = "|".join(sorted(JOB_WORDS_EN, key=len, reverse=True))
_I_AM_A = re.compile(rf"(?<![A-Za-z'])I(?:'m| am)\s+(?:now\s+|currently\s+|still\s+)?(?:a|an)\s+(?P<what>[\w'\- ]{{1,40}}?){_END}", re.I)
_WORK_AS = re.compile(rf"\bI\s+(?:currently\s+|now\s+)?work(?:ed)?\s+as\s+(?:a|an)\s+(?P<job>{_PHRASE})(?=\s+(?:at|for|in)\b|{_END})")
_WORK_IN = re.compile(rf"\bI\s+(?:currently\s+|now\s+)?work\s+in\s+(?P<field>[a-z][\w\- ]{{1,30}}?)(?=\s+(?:for|at)\b|{_END})")
_WORK_FOR = re.compile(rf"\b(?:I\s+(?:currently\s+|now\s+)?work(?:\s+in\s+[a-z][\w\- ]+?|\s+as\s+an?\s+[\w\- ]+?)?|employed)\s+(?:for|at)\s+(?P<employer>(?:a|an|the)?\s*{_PHRASE})(?=\s+in\s+[A-Z]|{_END})")
_TEACH = re.compile(rf"\bI\s+teach\s+(?P<subject>[\w\- ]{{1,30}}?)(?:\s+at\s+(?P<school>{_PHRASE}))?(?=\s+in\s+[A-Z]|{_END})")
_CITY_AFTER = re.compile(rf"\b(?:in|to|from)\s+(?P<city>{_PROPER})")
_LIVE = re.compile(rf"\bI\s+(?:live|(?:have\s+)?moved|(?:just\s+)?moved|relocated|am based|'m based|'m living|am living)\s+(?:back\s+)?(?:in|to)\s+(?P<city>{_PROPER})")
_FROM = re.compile(rf"(?:{I}|\bI\s+(?:originally\s+)?(?:come|came|moved|immigrated|emigrated|relocated)(?:\s+here)?)\s+(?:originally\s+)?from\s+(?P<place>{_PROPER})")


@en_rule
def work_and_place(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    found = _TEACH.search(text)
    if found:
        matches.append(Match("profile.occupation", f"teaches {found.group('subject')}", *found.span(), confidence=0.85,
                             importance=0.6, entities=[found.group("subject")]))
        if found.group("school"):
            matches.append(_employer(ctx, found.group("school"), found.span()))
    found = _WORK_AS.search(text) or _WORK_IN.search(text)
    if found and not matches:
        job = found.groupdict().get("job") or found.group("field")
        matches.append(Match("profile.occupation", job, *found.span(), confidence=0.85, importance=0.6, entities=[job]))
    found = _WORK_FOR.search(text)
    if found and "work.employer" not in {m.key for m in matches}:
        matches.append(_employer(ctx, found.group("employer"), found.span()))
    found = _I_AM_A.search(text)
    if found and not any(m.key == "profile.occupation" for m in matches):
        what, employer = _job_and_employer(found.group("what"))
        if employer and "work.employer" not in {m.key for m in matches}:  # "I'm still a paralegal at a tiny law office"
            matches.append(_employer(ctx, employer, found.span()))
        head = what.split()[-1].lower() if what else ""
        if employer or re.fullmatch(_JOBS, head) or head.endswith(("ist", "ian")):  # "a paralegal at X" is a job
            matches.append(Match("profile.occupation", what, *found.span(), confidence=0.85, importance=0.6, entities=[what]))
        elif not re.search(r"\b(?:fan|lover|person|bit|lot|little|big|huge|of)\b", what) and what.lower() not in _NOT_NAMES:
            matches.append(Match(f"profile.identity.{_slug(what, 2)}", what, *found.span(), confidence=0.7, importance=0.5, entities=[what]))
    if matches:
        city = _CITY_AFTER.search(text[matches[0].start:])
        if city and city.group("city") not in ("English", "Chinese"):
            matches.append(Match("profile.location.city", city.group("city"), matches[0].start, matches[0].end,
                                 confidence=0.75, entities=[city.group("city")],
                                 text=f"{_cap(ctx.subject)} lives in {city.group('city')}.", attach=False))
    found = _LIVE.search(text)
    if found:
        matches.append(Match("profile.location.city", found.group("city"), *found.span(), confidence=0.85, importance=0.6,
                             entities=[found.group("city")]))
    found = _FROM.search(text)
    if found:
        matches.append(Match("profile.hometown", found.group("place"), *found.span(), confidence=0.8, entities=[found.group("place")]))
    return matches


def _job_and_employer(phrase: str) -> tuple[str, str]:
    """"paralegal at a tiny law office" -> ("paralegal", "a tiny law office")."""
    found = re.match(r"(?P<job>.+?)\s+(?:at|for)\s+(?P<employer>.+)$", phrase.strip())
    return (found.group("job"), found.group("employer")) if found else (phrase.strip(), "")


def _employer(ctx, employer: str, span) -> Match:
    employer = employer.strip()
    text = f"{_cap(ctx.subject)} works at {employer}."
    return Match("work.employer", employer, *span, confidence=0.8, importance=0.5,
                 entities=re.findall(_PROPER, employer) or [employer], text=text, attach=False)


# --- health and diet -------------------------------------------------------------------------------------------

_RELATIONS = "|".join(sorted(RELATIONS_EN, key=len, reverse=True))
_ALLERGY = re.compile(
    rf"(?:\b(?P<owner>my|our)\s+(?P<rel>{_RELATIONS})(?:\s+[A-Z][a-z]+)?\s+(?:is|'s|has been)|{I})\s+(?:\w+\s+)?allergic\s+to\s+(?P<item>{_PHRASE}){_END}"
    rf"|{I}\s+(?:got\s+|have\s+)?(?:a|an)\s+(?:severe\s+|mild\s+|bad\s+)?(?P<item2>[a-z]+(?: [a-z]+)?)\s+allergy", re.I)


@en_rule
def allergy(ctx: RuleContext) -> list[Match]:
    matches = []
    for found in _ALLERGY.finditer(ctx.text):
        relation = RELATIONS_EN.get((found.group("rel") or "").lower(), "")
        for item in split_items(found.group("item") or found.group("item2")):
            item = _DETERMINERS.sub("", item)
            owner = f"{relation}." if relation else ""
            matches.append(Match(f"health.allergy.{owner}{segment(item)}", item, *found.span(), polarity=-1,
                                 confidence=0.9, importance=0.95, entities=[item]))
    return matches


_CONDITIONS = "|".join(re.escape(word) for word in sorted(CONDITIONS_EN, key=len, reverse=True))
_CONDITION = re.compile(
    rf"\bI\s+(?:have|'ve got|have got|suffer from|was diagnosed with|got diagnosed with|live with|'m living with|am living with|deal with)\s+"
    rf"(?:(?:mild|severe|chronic|bad|really bad|type \d|some)\s+)?(?P<cond>{_CONDITIONS}|[a-z']+\s+(?:disease|syndrome|disorder))\b"
    r"|\bI(?:'m| am)\s+(?:(?:a bit|slightly|very|severely)\s+)?(?P<state>lactose intolerant|diabetic|prediabetic|pregnant|asthmatic|epileptic|gluten intolerant)\b",
    re.I,
)


@en_rule
def health_condition(ctx: RuleContext) -> list[Match]:
    found = _CONDITION.search(ctx.text)
    if not found:
        return []
    condition = (found.group("cond") or found.group("state")).lower()
    return [Match(f"health.condition.{_slug(condition, 2)}", condition, *found.span(), confidence=0.85, importance=0.85,
                  sensitivity="medium", entities=[condition])]


_DIET = re.compile(r"\b(?:I(?:'m| am|'ve been| have been)|I\s+(?:eat|went|became|follow|keep|stay))\s+(?:\w+\s+){0,2}?(?P<diet>vegetarian|vegan|pescatarian|halal|kosher|keto|gluten[- ]free|plant[- ]based)\b", re.I)


@en_rule
def diet(ctx: RuleContext) -> list[Match]:
    found = _DIET.search(ctx.text)
    if not found or re.search(r"\b(?:not|no longer|n't)\b", found.group(0)):
        return []
    diet_name = found.group("diet").lower().replace(" ", "_").replace("-", "_")
    return [Match(f"diet.{diet_name}", diet_name.replace("_", "-"), *found.span(), kind="preference", polarity=1,
                  confidence=0.9, importance=0.8)]


# --- likes and dislikes -----------------------------------------------------------------------------------------

_LIKE = re.compile(
    rf"\bI\s+(?P<neg>don't|do not|never|can't|cannot|can not|won't|wouldn't)?\s*(?:really\s+|absolutely\s+|totally\s+|just\s+|also\s+|still\s+)*"
    rf"(?P<verb>love|like|enjoy|adore|prefer|hate|dislike|detest|loathe|can't stand|avoid|eat|drink|stand)\s+(?P<item>{_PHRASE}){_END}",
    re.I,
)
_PREFER_OVER = re.compile(rf"\bI\s+(?:\w+\s+)?prefer\s+(?P<liked>{_PHRASE})\s+(?:over|to|rather than|instead of)\s+(?P<over>{_PHRASE}){_END}", re.I)
_CRAZY_ABOUT = re.compile(rf"{I}\s+(?:\w+\s+)?(?:not\s+)?(?:crazy about|obsessed with|a (?:big |huge )?fan of|into|addicted to|hooked on)\s+(?P<item>{_PHRASE}){_END}", re.I)
_FAVOURITE = re.compile(rf"(?P<item>{_PHRASE})\s+(?:is|are)\s+(?:my|our)\s+(?:absolute\s+)?(?:comfort food|favou?rite(?: \w+)?|guilty pleasure|go-to)", re.I)
_REFUSAL = re.compile(
    rf"(?:^|[,.!] ?)(?:but\s+|and\s+)?(?P<item>{_PHRASE})(?:,)?\s+(?:though|however)?,?\s*(?:is\s+)?(?:absolutely|definitely|totally|hell)\s+(?:not|no)\b"
    rf"|\b(?:anything with|no)\s+(?P<item2>[a-z][\w\- ]{{1,25}}?)\s+(?:is\s+a\s+no-go|for me|please)"
    rf"|(?P<item3>[a-z][\w\- ]{{1,25}}?)\s+is\s+a\s+(?:no-go|hard no|dealbreaker)", re.I,
)
_NEGATIVE_VERBS = {"hate", "dislike", "detest", "loathe", "can't stand", "avoid", "stand"}


def _category_en(item: str) -> str:
    lowered = item.lower()
    if any(re.search(rf"\b{re.escape(drink)}s?\b", lowered) for drink in DRINKS):
        return "drink"
    if any(re.search(rf"\b{re.escape(hint)}", lowered) for hint in FOOD_HINTS):
        return "food"
    return "hobby"


def _taste(ctx, item: str, span, polarity: int, confidence: float = 0.85) -> list[Match]:
    item = re.sub(r"^(?:(?:so|and|but|also|anything with|everything with|any|all|stuff with|food with|more)\s+)+", "", item.strip(" ,"), flags=re.I)
    item = re.sub(r"(?:\s+(?:now|these days|anymore|any more|lately|nowadays|at all|btw|lol|for me|in the mornings?|every (?:single )?(?:morning|day)))+$",
                  "", _DETERMINERS.sub("", item).strip(), flags=re.I)
    if span[0] == 0 and item[:1].isupper() and not item[1:2].isupper():
        item = item[:1].lower() + item[1:]  # capitalised only because it opens the sentence ("Durian though, …")
    if not item or item.lower() in ("it", "that", "this", "them", "you", "to", "so", "much") or len(item.split()) > 5:
        return []
    category = _category_en(item)
    hobby = next((word for word in EXERCISES_EN if word in item.lower()), "")
    seg = _slug(hobby or item, 2) if category == "hobby" else drink_segment(item) if category == "drink" \
        else segment(item) if item.lower() in _canonical() else _slug(item, 2)
    value = f"likes {item}" if polarity > 0 else f"avoids {item}"
    subject = _cap(ctx.subject)
    advice = {"food": "; avoid it when suggesting food", "drink": "; avoid it when suggesting drinks"}.get(category, "")
    text = f"{subject} likes {item}." if polarity > 0 else f"{subject} does not want {item}{advice}."
    return [Match(f"{category}.{seg}", value, *span, kind="preference", polarity=polarity, confidence=confidence,
                  importance=0.6, entities=[item], text=text)]


def _canonical() -> dict:
    from .lexicon import CANONICAL_ITEMS

    return CANONICAL_ITEMS


@en_rule
def tastes(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    for found in _LIKE.finditer(text):
        verb = found.group("verb").lower()
        if verb == "prefer" and _PREFER_OVER.search(text):
            continue  # "I prefer tea over coffee" is read by _PREFER_OVER
        if verb in ("eat", "drink", "stand") and not found.group("neg"):
            continue  # "I eat rice" is not a preference; "I don't eat pork" is
        negative = bool(found.group("neg")) != (verb in _NEGATIVE_VERBS and verb != "stand")
        if verb == "stand":
            negative = True
        for item in split_items(found.group("item")):
            matches += _taste(ctx, item, found.span(), -1 if negative else 1)
    for pattern in (_CRAZY_ABOUT, _FAVOURITE):
        for found in pattern.finditer(text):
            if _subject_is_self(text, found.start()) or pattern is _FAVOURITE:
                negated = re.search(r"\b(?:not|no longer|never)\b|n't\b", found.group(0), re.I)
                matches += _taste(ctx, found.group("item"), found.span(), -1 if negated else 1)
    for found in _PREFER_OVER.finditer(text):
        matches += _taste(ctx, found.group("liked"), found.span(), 1) + _taste(ctx, found.group("over"), found.span(), -1)
    for found in _REFUSAL.finditer(text):
        item = found.group("item") or found.group("item2") or found.group("item3")
        for part in split_items(item or ""):
            matches += _taste(ctx, part, found.span(), -1)
    return one_per_key_refusals_first(matches)


# --- the assistant's replies ----------------------------------------------------------------------------------

_STYLE_EN = {
    "length": r"\b(?:short(?:er)?|brief(?:er)?|concise|to the point|keep it short|less verbose|too long|detailed|in detail|longer)\b",
    "language": r"\b(?:answer|reply|respond|talk|speak|write|chat)\w*(?: to)?(?: me)?(?: only)? in (?P<lang>English|Chinese|Mandarin|Cantonese|Japanese|Korean|Spanish|French|German)\b",
    "format": r"\b(?:bullet(?: points)?|bullets|numbered lists?|lists|paragraphs?|tables?|markdown|headings)\b",
    "emoji": r"\b(?:emojis?|emoticons|smileys)\b",
    "tone": r"\b(?:plain (?:english|language|words)|simple (?:words|language|english)|jargon|abbreviations|acronyms|formal|casual|friendly|professional tone|polite)\b",
}
_TO_ASSISTANT_EN = re.compile(r"\b(?:you|your|answer|answers|reply|replies|respond|responses|please|from now on|always|never|keep)\b", re.I)


@en_rule
def reply_style(ctx: RuleContext) -> list[Match]:
    if not _TO_ASSISTANT_EN.search(ctx.text) or re.search(r"\b(?:help me write|write (?:an?|the) \w+ (?:to|for))\b", ctx.text, re.I):
        return []
    matches = []
    for style, cue in _STYLE_EN.items():
        found = re.search(cue, ctx.text, re.I)
        if not found:
            continue
        polarity = -1 if re.search(r"\b(?:no|not|don't|without|avoid|stop|never|less)\b", ctx.text[max(0, found.start() - 20):found.end()], re.I) else 0
        value = (found.groupdict().get("lang") or found.group(0)).strip()
        if style == "length":
            value = "detailed" if re.search(r"detail|longer", value) else "brief"
        phrase = re.sub(r"^(?:please\s+|could you\s+|can you\s+|also\s+)+", "", ctx.sentence.clauses[ctx.sentence.clause_indexes(*found.span())[0]].text, flags=re.I)
        phrase = re.sub(r"\byour\b", "the assistant's", phrase)
        phrase = re.sub(r"\bme\b", "them", phrase)
        lead = "asked the assistant to" if re.match(r"(?:always|never|answer|reply|respond|keep|use|write|talk|speak|be|give|avoid|stop|don't)\b", phrase, re.I) else "wants"
        matches.append(Match(f"reply.{style}", value, *found.span(), kind="preference", polarity=polarity, confidence=0.9,
                             importance=0.7, text=f"{_cap(ctx.subject)} {lead} {phrase.rstrip('.!')}."))
    return matches


# --- people, pets, plans, events ---------------------------------------------------------------------------

_UNIQUE = {"husband", "wife", "spouse", "boyfriend", "girlfriend", "partner", "mother", "father"}
_NAMED_RELATION = re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<rel>{_RELATIONS})(?:,)?\s+(?:(?:is\s+)?(?:named|called)\s+)?(?P<name>[A-Z][a-z]+)\b(?!')")
_RELATION_NAME_IS = re.compile(rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<rel>{_RELATIONS})'s\s+name\s+is\s+(?P<name>[A-Z][a-z]+)")
_HAVE_KIDS = re.compile(r"\bI\s+have\s+(?P<count>a|an|one|two|three|four|five|\d)\s+(?P<rel>kids?|children|child|sons?|daughters?)\b", re.I)


@en_rule
def family(ctx: RuleContext) -> list[Match]:
    matches = []
    if re.search(r"\b(?:broke up|split up|divorced)\b", ctx.text, re.I):
        return []
    for pattern in (_NAMED_RELATION, _RELATION_NAME_IS):
        for found in pattern.finditer(ctx.text):
            relation, name = RELATIONS_EN[found.group("rel").lower()], found.group("name")
            if name.lower() in _NOT_NAMES or found.group("rel").lower() in ("ex",) and False:
                continue
            key = f"family.{relation}" if relation in _UNIQUE else f"family.{relation}.{segment(name)}"
            matches.append(Match(key, name, *found.span(), confidence=0.85, importance=0.6, entities=[name]))
    found = _HAVE_KIDS.search(ctx.text)
    if found:
        matches.append(Match("family.children", found.group(0)[len("I have "):], *found.span(), confidence=0.8, importance=0.6))
    return matches


_SPECIES = "|".join(sorted(PET_SPECIES_EN, key=len, reverse=True))
_PET = re.compile(
    rf"\b(?:my|our)\s+(?:\w+\s+)?(?P<species>{_SPECIES}),?\s+(?P<name>[A-Z][a-z]+)\b"
    rf"|\b(?:a|an|two|another|new)\s+(?:\w+\s+)?(?P<species2>{_SPECIES})\s+(?:named|called)\s+(?P<name2>[A-Z][a-z]+)",
    re.I,
)


@en_rule
def pets(ctx: RuleContext) -> list[Match]:
    matches = []
    for found in _PET.finditer(ctx.text):
        name = found.group("name") or found.group("name2")
        species = (found.group("species") or found.group("species2")).lower()
        if not name or not name[0].isupper() or name.lower() in _NOT_NAMES:
            continue
        tail = ctx.text[found.end():].split(",")[0].strip()
        if re.match(r"(?i)(?:and|but|so|because|which|who|i|he|she|they|it|named|called)\b", tail):
            tail = ""  # "…named Max and I love painting": what follows is another statement
        tail = re.sub(r"\bI\b", ctx.subject, re.sub(r"\bI'm\b", f"{ctx.subject} is", tail))
        template = f"{_cap(ctx.subject)} has a {species} named {name}" + (f", who {tail}" if tail else "") + "."
        matches.append(Match(f"pets.{segment(name)}", f"{species}: {name}", *found.span(), confidence=0.85,
                             importance=0.55, entities=[name, species], text=template))
    return matches


_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
_DATE = rf"(?:{_MONTH}\.? \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}|next (?:week|month|year|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|the end of (?:the )?(?:month|week|year)|\d{{1,2}}/\d{{1,2}})"
_DEADLINE = re.compile(
    rf"(?P<thing>[A-Za-z][\w'\- ]{{2,40}}?)\s+(?:is|are)\s+due\s+(?:on\s+|by\s+)?(?P<date>{_DATE})"
    rf"|\b(?:a|an|the|my|our)\s+(?P<thing2>[a-z][\w'\- ]{{2,40}}?)\s+that\s+(?:has|have|needs|need)\s+to\s+[^,.]{{0,30}}?\s+by\s+(?P<date2>{_DATE})"
    rf"|\bdeadline\s+(?:for\s+(?P<thing3>[\w'\- ]{{2,30}}?)\s+)?is\s+(?P<date3>{_DATE})"
)


@en_rule
def deadline(ctx: RuleContext) -> list[Match]:
    found = _DEADLINE.search(ctx.text)
    if not found:
        return []
    thing = (found.group("thing") or found.group("thing2") or found.group("thing3") or "deadline").strip()
    date = found.group("date") or found.group("date2") or found.group("date3")
    entities = [thing] + [word for word in re.findall(rf"(?<=[a-z,] )(?!{_MONTH}\b)[A-Z][a-z]{{2,}}\b", ctx.text)][:3]
    return [Match(f"schedule.deadline.{_slug(thing)}", f"{thing}: {date}", *found.span(), kind="episode", confidence=0.8,
                  importance=0.6, entities=entities)]


_TRIP = re.compile(
    rf"\b(?i:going|heading|flying|travel(?:l)?ing|off|driving)\s+to\s+(?P<place>{_PROPER})"
    rf"|\b(?i:trip|vacation|holiday|visit)\s+to\s+(?P<place2>{_PROPER})"
    rf"|\b(?i:planning|plan|going)\s+to\s+(?i:visit|see|explore)\s+(?P<place3>{_PROPER})"
)
_SEAT = re.compile(r"\b(?P<seat>window|aisle)\s+seats?\b", re.I)


@en_rule
def travel(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _TRIP.search(ctx.text)
    if found and _subject_is_self(ctx.text, found.start()) and not re.search(r"\bholidays?\b", ctx.text, re.I):  # rules_events
        place = found.group("place") or found.group("place2") or found.group("place3")
        if place not in ("I", "My"):
            matches.append(Match(f"travel.plan.{_slug(place)}", ctx.text.strip(", "), *found.span(), kind="episode",
                                 confidence=0.8, importance=0.55, entities=[place], whole_sentence=True))
    found = _SEAT.search(ctx.text)
    if found and re.search(r"\b(?:flight|fly|book|seat|plane|train)", ctx.text, re.I):
        seat_kind = found.group("seat").lower()
        matches.append(Match("travel.seat", f"{seat_kind} seat", *found.span(), kind="preference", polarity=1,
                             confidence=0.9 if preference_marked(ctx.text) else 0.8, importance=0.55,
                             text=f"{_cap(ctx.subject)} prefers {'an' if seat_kind == 'aisle' else 'a'} {seat_kind} seat when flying."))
    return matches


_COURIER = "|".join(re.escape(name) for name in COURIERS_EN)
_CARRIER = re.compile(rf"\b(?:use|ship (?:with|via)|send (?:with|via|by)|go with|stick to|only)\s+(?P<name>{_COURIER})\b", re.I)


@en_rule
def carrier(ctx: RuleContext) -> list[Match]:
    found = _CARRIER.search(ctx.text)
    if not found:
        return []
    negated = bool(re.search(r"\b(?:don't|do not|never|not|avoid)\b", ctx.text[max(0, found.start() - 15):found.start()], re.I))
    name = found.group("name")
    key = f"shipping.avoid.{segment(name)}" if negated else "shipping.carrier"
    return [Match(key, name, *found.span(), kind="preference", polarity=-1 if negated else 1, confidence=0.85,
                  importance=0.6, entities=[name])]


_BUDGET = re.compile(r"\bbudget\b(?:\s+for\s+(?P<cat>[a-z][\w ]{1,20}?))?\s+(?:is|of|around|about|:|=)\s*(?:around\s+|about\s+|only\s+)?(?P<amount>[$€£¥]?\s?\d[\d,\.]*\s?(?:k|K|grand|dollars|bucks|usd|USD|rmb|RMB|yuan)?)"
                     r"|\bcan (?:only )?spend (?:up to |about |around )?(?P<amount2>[$€£¥]?\s?\d[\d,\.]*\s?(?:k|K|dollars|bucks)?)", re.I)


@en_rule
def budget(ctx: RuleContext) -> list[Match]:
    found = _BUDGET.search(ctx.text)
    if not found:
        return []
    before = ctx.text[:found.start()].lower()
    category = found.group("cat") or next((word for word in ("wedding", "trip", "laptop", "car", "rent", "renovation", "gift", "phone") if word in before), "general")
    amount = (found.group("amount") or found.group("amount2")).strip()
    return [Match(f"budget.{_slug(category, 2)}", amount, *found.span(), confidence=0.85, importance=0.6, entities=[amount])]


_ADDRESS = re.compile(r"\b(?:I live at|my (?:home )?address is|my place is at)\s+(?P<addr>[^,.;]{6,80})", re.I)


@en_rule
def home_address(ctx: RuleContext) -> list[Match]:
    found = _ADDRESS.search(ctx.text)
    if not found:
        return []
    address = found.group("addr").strip()
    return [Match("profile.home_address", address, *found.span(), confidence=0.85, importance=0.6, sensitivity="high",
                  is_private=True, text=f"{_cap(ctx.subject)}'s home address is {address}.", attach=False)]


_EXERCISE = "|".join(re.escape(word) for word in EXERCISES_EN)
_ROUTINE = re.compile(rf"\b(?:every (?:day|morning|evening|night|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|usually|on weekends)\b[^,.]{{0,30}}?\b(?P<act>{_EXERCISE})\b"
                      rf"|\bI\s+(?:go|do)\s+(?P<act2>{_EXERCISE})\b[^,.]{{0,20}}?\b(?:every|each|daily|twice|three times)", re.I)

_EPISODE = re.compile(
    r"\bI\s+(?:just\s+|recently\s+|finally\s+|also\s+)?(?P<verb>went to|attended|joined|started|signed up for|took up|"
    r"visited|finished|completed|ran|won|bought|graduated from|got into|got accepted to|participated in|lost|quit|left|"
    r"received|celebrated|launched|opened|published|moved into|(?:am|'m) (?:starting|opening|launching|writing|building|taking|training for)|"
    r"(?:am|'m) going to|(?:am|'m) planning to|plan to|(?:am|'m) gonna|(?:am|'m) thinking of|(?:am|'m) learning|(?:have|'ve) been learning|"
    r"(?:have|'ve) been (?:\w+ing))\s+(?P<what>[^,.;!?]{3,60})", re.I,
)


@en_rule
def routine_and_events(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _ROUTINE.search(ctx.text)
    if found:
        act = (found.group("act") or found.group("act2")).lower()
        matches.append(Match("hobby.exercise", found.group(0), *found.span(), kind="preference", polarity=1,
                             confidence=0.8, importance=0.5, entities=[act]))
    if any(match.key.startswith(("travel.plan", "schedule.", "hobby.")) for match in matches):
        return matches
    for found in _EPISODE.finditer(ctx.text):
        verb, what = found.group("verb").lower(), found.group("what").strip()
        if re.match(r"(?:the )?(?:store|shop|bed|work|sleep|school|office)\b", what, re.I) or len(what.split()) < 1:
            continue
        planned = bool(re.search(r"going to|planning|plan to|gonna|thinking of", verb))
        key = f"event.plan.{_slug(what)}" if planned else f"event.{_slug(what)}"
        if re.search(r"learning|been", verb) and not planned:
            key = f"hobby.{_slug(what, 2)}"
        entities = re.findall(_PROPER, what) or [what]
        matches.append(Match(key, what, *found.span(), kind="fact" if key.startswith("hobby.") else "episode",
                             confidence=0.75, importance=0.5, entities=entities[:3]))
    return matches[:2]

"""English first-person statements (see the table in ``grammar``): the subject is "I" (or "we" for moves,
homes, pets and plans), then a verb that says how the speaker stands to the object."""
import re

from ..language import NOT_A_TITLE_DOT
from ..lexicon import CONDITION_STATES_EN, DIETS_EN, PET_SPECIES_EN, RELATIONS_EN
from . import Said, clause_at, clean_thing, has_change_marker

I = r"(?<![\w'])I"
WE = r"(?<![\w'])(?:I|[Ww]e)"
ADV = (r"(?:(?:really|absolutely|totally|just|also|still|actually|honestly|genuinely|seriously|kinda|kind of|sort of|"
       r"pretty much|definitely|truly|so|usually|generally|normally|mostly|now|always|only|recently|finally|even|"
       r"currently|personally|basically|literally)\s+)*")
NOT = r"(?P<neg>don't|do not|didn't|did not|never|no longer|can't|cannot|can not|won't|wouldn't)"
# Where an object phrase ends: punctuation, a conjunction, or "and" starting a new clause.
END = (rf"(?=\s*(?:[,;:!?()]|{NOT_A_TITLE_DOT}|—|–|\s-\s|$|\b(?:but|so|because|since|though|although|which|who|"
       r"when|while|if|unless|until|anymore|any more|these days|nowadays|lately|at all|either|"
       r"and (?:I|I'm|we|my|our|he|she|they|it|the|then|now|also)\b)))")
THING = r"(?P<obj>[A-Za-z0-9][\w'&\-\. ]{0,48}?)"
PROPER = r"[A-Z][\w'\-\.]+(?: (?:de|del|of|la|le) [A-Z][\w'\-\.]+| [A-Z][\w'\-\.]+)*"
ORG = r"(?P<org>(?:(?:a|an|the)\s+)?[A-Za-z0-9][\w'&\-\. ]{0,44}?)"
ORG_END = rf"(?=\s+(?:in|as)\s+[A-Z]|\s+(?:as|since|for)\s+|{END[3:]}"
RELATION = "|".join(sorted((re.escape(word) for word in RELATIONS_EN), key=len, reverse=True))
SPECIES = "|".join(sorted((re.escape(word) for word in PET_SPECIES_EN), key=len, reverse=True))
NAME = r"(?P<obj>[A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b(?!')"

_LIKE_VERBS = {"love": 1, "like": 1, "enjoy": 1, "adore": 1, "prefer": 1, "fancy": 1, "hate": -1, "dislike": -1,
               "detest": -1, "loathe": -1, "despise": -1, "avoid": -1, "can't stand": -1, "cannot stand": -1,
               "can't bear": -1}
_BE_LIKE = {"a fan of": 1, "into": 1, "crazy about": 1, "obsessed with": 1,
            "fond of": 1, "keen on": 1, "hooked on": 1, "addicted to": 1, "passionate about": 1, "sick of": -1,
            "tired of": -1}
_BE_LIKE_VERBS = "|".join(sorted(_BE_LIKE, key=len, reverse=True)).replace("a fan of", r"a (?:\w+ )?fan of")
_ACT = r"(?:(?P<act>eating|drinking|playing|doing|watching|reading|listening to|going|making|having|cooking)\s+)?"
_STATES = "|".join(re.escape(word) for word in sorted([*DIETS_EN, *CONDITION_STATES_EN], key=len, reverse=True))
_COUNT = r"(?P<count>a|an|one|two|three|four|five|six|\d+)"
_USE_VERBS = (r"use|choose|pick|book|order|buy|go for|go with|stick (?:to|with)|ship (?:with|via)|"
              r"send (?:with|via|by)|fly with|sit in")
_STANDING = re.compile(r"\b(?:always|only|never|usually|from now on|every time|by default|whenever|in future|going forward)\b", re.I)

# (frame, pattern, polarity): a pattern's ``neg`` group flips the polarity.
FRAMES = [
    ("like", rf"{I}\s+{ADV}(?:{NOT}\s+{ADV})?(?P<verb>{'|'.join(sorted(_LIKE_VERBS, key=len, reverse=True))})\s+"
             rf"(?:to\s+)?{_ACT}{THING}{END}", 0),
    ("like", rf"{I}(?:'m| am)\s+{ADV}(?P<neg>not\s+|no longer\s+)?{ADV}"
             rf"(?P<verb>{_BE_LIKE_VERBS})\s+{_ACT}{THING}{END}", 0),
    ("like", rf"\b(?:[Mm]y|[Oo]ur)\s+(?:absolute\s+|all-time\s+)?favou?rite\s+(?P<cat>[a-z]+(?: [a-z]+)?)\s+(?:is|are)\s+{THING}{END}", 1),
    ("like", rf"(?:^|[,.;!?]\s+)(?P<obj>[A-Za-z][\w'\- ]{{0,30}}?)\s+(?:is|are)\s+(?:my|our)\s+(?:absolute\s+|all-time\s+)?favou?rite\b", 1),
    ("avoid", rf"{I}\s+{ADV}{NOT}\s+{ADV}(?:really\s+)?(?P<verb>eat|drink|touch)\s+{THING}{END}", -1),
    ("avoid", rf"{I}(?:'m| am)\s+(?P<neg>not|no longer)\s+(?P<verb>eating|drinking)\s+{THING}{END}", -1),
    ("stop", rf"{I}(?:'ve| have)?\s+{ADV}(?:quit|gave up|given up|stopped|cut out|ditched|kicked)\s+"
             rf"(?:(?P<verb>eating|drinking|playing|doing|going to)\b\s*)?(?:{THING})?{END}", -1),
    ("switch", rf"{WE}(?:'ve| have)?\s+{ADV}(?:switched|changed|swapped|gone|went)\s+(?:over\s+)?from\s+"
               rf"(?P<old>[A-Za-z][\w'&\- ]{{0,40}}?)\s+to\s+{THING}{END}", 1),
    ("switch", rf"{WE}(?:'ve| have)?\s+{ADV}(?:switched|changed)\s+(?:over\s+)?to\s+{THING}{END}", 1),
    ("switch", rf"{WE}(?:'ve| have)?\s+{ADV}(?:replaced|swapped|traded)\s+(?:my\s+|our\s+)?(?P<old>[A-Za-z][\w'&\- ]{{0,40}}?)"
               rf"\s+(?:with|for)\s+{THING}{END}", 1),
    ("need", rf"{I}\s+{ADV}(?:can't|cannot|can not|couldn't)\s+(?:[a-z]+\s+){{1,4}}?without\s+(?:my\s+|a\s+)?{THING}{END}", 1),
    ("need", rf"{I}\s+{ADV}need\s+(?:my\s+)?{THING}\s+(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night)", 1),
    ("habit", rf"{I}\s+{ADV}(?P<verb>drink|eat|have)\s+(?:(?:a|an|some|one|two|three|a cup of|a glass of|a bowl of)\s+)?"
              rf"{THING}\s+(?:every|each)\s+(?:single\s+)?(?:day|morning|evening|night|week|lunch|breakfast)", 1),
    ("habit", rf"\bevery\s+(?:single\s+)?(?:day|morning|evening|night),?\s+{I}\s+{ADV}(?P<verb>drink|eat|have)\s+{THING}{END}", 1),
    ("use", rf"{I}\s+{ADV}(?:{NOT}\s+{ADV})?(?P<verb>{_USE_VERBS})\s+{THING}{END}", 1),
    ("use", rf"(?i:(?:^|[,.;!?]\s*|\b(?:and|so|please)\s+)(?:please\s+)?(?P<neg>don't\s+|do not\s+|never\s+)?(?:(?:always|only|just)\s+)?"
            rf"(?:please\s+)?)(?P<verb>{_USE_VERBS})\s+{THING}{END}", 1),
    ("allergy", rf"(?:\b(?:[Mm]y|[Oo]ur)\s+(?P<owner>{RELATION})(?:\s+[A-Z][a-z]+)?(?:\s+(?:is|'s|has been|was)|['’]s)"
                rf"|{I}(?:'m| am|'ve been| have been| was))"
                rf"\s+{ADV}(?:(?:severely|mildly|very|slightly|deathly|super|a bit)\s+)?allergic\s+to\s+{THING}{END}", -1),
    ("allergy", rf"(?:{I}\s+(?:have|'ve got|have got|got)|\b(?:[Mm]y|[Oo]ur)\s+(?P<owner>{RELATION})\s+has)\s+(?:a|an)\s+"
                rf"(?:(?:severe|mild|bad|serious|slight)\s+)?(?P<obj>[a-z]+(?: [a-z]+)?)\s+allergy", -1),
    ("condition", rf"{I}\s+{ADV}(?:have|'ve got|have got|got|suffer from|was diagnosed with|got diagnosed with|live with|"
                  rf"'m living with|am living with|deal with|struggle with)\s+(?:(?:mild|severe|chronic|bad|really bad|type \d|"
                  rf"some|a touch of)\s+)*{THING}{END}", 0),
    ("state", rf"{I}(?:'m| am|'ve been| have been|'ve become| have become| became| went)\s+{ADV}"
              rf"(?P<neg>not\s+|no longer\s+)?(?:(?:a|an)\s+)?(?P<obj>{_STATES})\b", 1),
    # a state that ended: "I used to be vegan", "I stopped being vegetarian", "I was pescatarian until May"
    ("state", rf"{I}\s+(?P<neg>used to be|stopped being|gave up being|quit being)\s+{ADV}(?:(?:a|an)\s+)?"
              rf"(?P<obj>{_STATES})\b", 1),
    ("state", rf"{I}\s+(?P<neg>was|were)\s+{ADV}(?:(?:a|an)\s+)?(?P<obj>{_STATES})\s+(?:until|till|up until)\b", 1),
    ("identity", rf"{I}(?:'m| am)\s+(?:now\s+|currently\s+|still\s+|just\s+|actually\s+)?(?:a|an)\s+{THING}{END}", 0),
    ("name", rf"\b[Mm]y name(?:'s| is)\s+(?P<obj>[A-Z][\w\-]+(?: [A-Z][\w\-]+)?)", 0),
    ("name", rf"{I}(?:'m| am)\s+(?P<obj>[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?=\s*(?:[,.!;]|$|\band\b|\bfrom\b))", 0),
    ("name", r"(?:^|[,.!]\s*)(?P<obj>[A-Z][a-z]+) here\b", 0),
    ("call_me", r"\b(?P<neg>don't\s+|do not\s+|stop\s+|never\s+)?(?:please\s+|just\s+)?call me (?P<obj>[A-Z][\w\-]*)", 0),
    ("call_me", rf"{I}\s+go by (?P<obj>[A-Z][\w\-]*)", 0),
    ("work", rf"{I}\s+{ADV}(?:work|worked)\s+as\s+(?:a|an)\s+(?P<job>[a-z][\w'\- ]{{0,40}}?)(?:\s+(?:at|for|with)\s+{ORG})?{ORG_END}", 0),
    ("work", rf"{I}(?:'m| am)\s+{ADV}(?:now\s+)?working\s+(?:as\s+(?:a|an)\s+(?P<job>[a-z][\w'\- ]{{0,40}}?)\s+)?(?:at|for)\s+{ORG}{ORG_END}", 0),
    ("work", rf"{I}\s+{ADV}work\s+(?:at|for)\s+{ORG}{ORG_END}", 0),
    ("work", rf"{I}\s+{ADV}work\s+in\s+(?!(?:a|an|the|my|our)\b)(?P<field>[A-Za-z][\w\- ]{{1,30}}?)(?:\s+(?:at|for)\s+{ORG})?{ORG_END}", 0),
    ("work", rf"{I}(?:'ve| have)?\s+{ADV}(?:started|began|got|landed|accepted|took|signed)\s+(?:a\s+|my\s+|the\s+)?(?:new\s+)?"
             rf"(?:job|position|role|offer)\s+(?:as\s+(?:a|an)\s+(?P<job>[a-z][\w'\- ]{{0,40}}?)\s+)?(?:at|with|from)\s+{ORG}{ORG_END}", 0),
    ("work", rf"{I}\s+{ADV}teach\s+(?!(?:myself|me|him|her|them|us|my|our)\b)(?P<field>[\w\- ]{{1,30}}?)(?:\s+at\s+{ORG})?{ORG_END}", 0),
    ("business", rf"{WE}\s+{ADV}(?:run|own|opened|started|manage)\s+(?:a|an|my own|our own|my|our)\s+(?:little\s+|small\s+|new\s+)?"
                 rf"(?P<obj>[\w'\- ]{{0,24}}?(?:shop|store|café|cafe|restaurant|bakery|studio|salon|business|company|startup|"
                 rf"firm|practice|clinic|bar|agency|farm|stall|gym))\b", 0),
    ("live", rf"{WE}(?:'ve| have|'d| had)?\s+{ADV}(?:live|lived|moved|relocated|settled)\s+(?:back\s+|over\s+|here\s+|down\s+)?"
             rf"(?:in|to)\s+(?P<place>{PROPER})", 0),
    # A second verb of the same subject: "I grew up in X but moved to Y", "we sold the flat and relocated to Y".
    ("live", rf"{WE}\s(?:(?!\b(?:he|she|they|who|which|[Hh]is|[Hh]er|[Tt]heir)\b)[^.;!?]){{1,80}}?"
             rf"\b(?:but|and|then|so)\s+(?:then\s+|later\s+|eventually\s+|finally\s+|recently\s+)?"
             rf"(?:moved|relocated)\s+(?:back\s+|over\s+)?to\s+(?P<place>{PROPER})", 0),
    ("live", rf"{WE}(?:'m|'re| am| are)\s+{ADV}(?:now\s+)?(?:living|based|moving|relocating|settling|settled)\s+(?:back\s+|down\s+)?"
             rf"(?:in|to)\s+(?P<place>{PROPER})", 0),
    ("live", rf"{WE}\s+{ADV}(?:bought|rented|found)\s+(?:a|an|our|my)\s+(?:new\s+)?(?:house|home|place|flat|apartment|condo)\s+in\s+(?P<place>{PROPER})", 0),
    ("origin", rf"{I}(?:'m| am)\s+(?:originally\s+)?from\s+(?P<place>{PROPER})", 0),
    ("origin", rf"{I}\s+(?:originally\s+)?(?:come|came|moved|immigrated|emigrated|relocated)\s+(?:here\s+)?from\s+(?P<place>{PROPER})", 0),
    ("origin", rf"{I}\s+(?:grew up|was born|was raised)\s+in\s+(?P<place>{PROPER})", 0),
    ("origin", rf"\b[Mm]y\s+home ?town\s+is\s+(?P<place>{PROPER})", 0),
    ("address", rf"{I}\s+live\s+at\s+(?P<obj>\d[^,.;!?]{{4,80}})", 0),
    ("address", r"\b[Mm]y\s+(?:home\s+|postal\s+|mailing\s+|street\s+)?address\s+is\s+(?P<obj>[^.;!?]{6,80})", 0),
    ("have", rf"{WE}\s+{ADV}(?:have|'ve got|have got|own|adopted|got)\s+{_COUNT}\s+(?P<obj>[\w'\- ]{{1,30}}?)"
             rf"(?:,?\s+(?:named|called)\s+(?P<name>[A-Z][\w\-]+))?{END}", 0),
    ("age", rf"{I}(?:'m| am)\s+(?:now\s+)?(?P<obj>\d{{1,3}})\s*(?:years old|yrs old|y/o|years young)\b", 0),
    ("age", rf"{I}\s+(?:just\s+)?turned\s+(?P<obj>\d{{1,3}})\b", 0),
    ("speak", rf"{I}\s+{ADV}(?:speak|can speak)\s+(?P<obj>[A-Z][a-z]+(?:(?:,| and| or)\s+[A-Z][a-z]+)*)", 0),
    ("speak", r"\bmy\s+(?:native|first|mother)\s+(?:language|tongue)\s+is\s+(?P<obj>[A-Z][a-z]+)", 0),
    ("relation", rf"\b(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|baby|twin|eldest|youngest)\s+)?(?P<rel>{RELATION}),?\s+"
                 rf"(?:(?:is\s+)?(?:named|called)\s+)?{NAME}", 0),
    ("relation", rf"\b(?:[Mm]y|[Oo]ur)\s+(?P<rel>{RELATION})'s\s+name\s+is\s+{NAME}", 0),
    ("pet", rf"\b(?:[Mm]y|[Oo]ur)\s+(?:[\w\-]+\s+){{0,2}}?(?P<species>{SPECIES})s?,?\s+{NAME}", 0),
    ("pet", rf"\b(?:a|an|another|our|my|two|three)\s+(?:[\w\-]+\s+){{0,2}}?(?P<species>{SPECIES})s?\s+(?:named|called)\s+{NAME}", 0),
    ("pet", rf"{WE}(?:'ve| have)?\s+{ADV}(?:adopted|rescued|brought home|got)\s+(?:a|an|two|another)\s+(?:[\w\-]+\s+){{0,2}}?"
            rf"(?P<species>{SPECIES})\b", 0),
    ("plan", rf"{WE}(?:'m|'re| am| are)\s+{ADV}(?:planning|hoping|thinking of|thinking about|considering)\s+(?:to\s+|on\s+)?"
             rf"(?P<obj>[^,.;!?]{{3,60}})", 0),
    ("plan", rf"{WE}\s+{ADV}(?:plan|intend|hope|decided)\s+to\s+(?P<obj>[^,.;!?]{{3,60}})", 0),
    ("go", rf"{WE}(?:'m|'re| am| are|'ll| will)\s+{ADV}(?:going|heading|flying|off|traveling|travelling|driving|be going)\s+to\s+"
           rf"(?:visit\s+|see\s+)?(?P<place>{PROPER})", 0),
    ("start", rf"{WE}(?:'ve| have)?\s+{ADV}(?:started|began|took up|picked up|signed up for|joined|enrolled in)\s+(?P<obj>[^,.;!?]{{2,50}})", 1),
    ("start", rf"{I}(?:'m| am|'ve been| have been)\s+{ADV}(?:learning|studying|practicing|practising|taking)\s+(?P<obj>[^,.;!?]{{2,50}})", 1),
]
_COMPILED = [(frame, re.compile(pattern), polarity) for frame, pattern, polarity in FRAMES]

# The words that can be a clause's subject: the speaker, or another person ("she", "my wife", "our coach").
_SUBJECT = re.compile(r"(?<![\w'])(?P<speaker>I|[Ww]e)(?![\w'])|\b(?P<other>[Hh]e|[Ss]he|[Tt]hey"
                      r"|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?!own\b)[a-z][\w'-]*)\b")


def someone_else(text: str, start: int) -> str:
    """Who the clause at ``start`` is about when not the speaker: the last subject said before it in its clause
    ("My aunt swims…", "my brother said he rows…"), or "" (the speaker, or nobody named)."""
    clause = re.split(r"[,;:.!?()]", text[:start])[-1]
    found = list(_SUBJECT.finditer(clause))
    return (found[-1].group("other") or "") if found else ""


def _polarity(frame: str, base: int, groups: dict) -> int:
    """Negation flips a like or a choice ("I don't like X", "never use X"); in an avoid frame it is the meaning."""
    verb = (groups.get("verb") or "").lower()
    if frame == "like":
        base = base or _LIKE_VERBS.get(verb) or _BE_LIKE.get(re.sub(r"^a \w+ fan of$", "a fan of", verb)) or 1
    if frame == "call_me":
        return -1 if groups.get("neg") else 0
    return -base if groups.get("neg") and frame in ("like", "use", "state") else base


_OVER = re.compile(r"^(?P<liked>.+?)\s+(?:over|to|rather than|instead of|more than)\s+(?P<other>.+)$", re.I)


def read(text: str) -> list[Said]:
    found = []
    for frame, pattern, base in _COMPILED:
        for match in pattern.finditer(text):
            groups = {name: (value or "").strip() for name, value in match.groupdict().items()}
            if frame == "use" and not (groups.get("neg") or _STANDING.search(clause_at(text, *match.span()))):
                continue  # "I go for a walk" is not a standing choice; "always go for X" / "never use X" is
            obj = clean_thing(groups.get("obj", ""), chinese=False)
            if frame == "stop" and not obj and groups.get("verb", "").lower() == "drinking":
                obj = "alcohol"  # "I quit drinking"
            if groups.get("species"):
                groups["species"] = groups["species"].lower()
            if frame == "pet" and not obj:
                obj = groups.get("species", "")
            if obj and match.start("obj" if groups.get("obj") else 0) == 0 and obj[:1].isupper() and obj[1:2].islower() \
                    and frame not in ("name", "call_me", "relation", "pet", "speak"):
                obj = obj[:1].lower() + obj[1:]  # capitalised only because it opens the sentence
            if frame in ("like", "avoid", "stop", "switch", "need", "habit", "use", "allergy", "condition", "identity",
                         "state", "business", "address", "plan", "start", "have", "age", "speak") and not obj:
                continue
            act = groups.get("act", "")
            old = clean_thing(groups.get("old", ""), chinese=False)
            preferred = _OVER.match(obj) if groups.get("verb", "").lower() == "prefer" else None
            if preferred:  # "I prefer tea over coffee": tea +1, coffee -1 (as a switch's old thing)
                obj, old = preferred.group("liked"), clean_thing(preferred.group("other"), chinese=False)
            found.append(Said(
                frame=frame, obj=obj, start=match.start(), end=match.end(), polarity=_polarity(frame, base, groups),
                verb=(act or groups.get("verb", "")).lower(), old=old,
                owner=groups.get("owner", "").lower(),
                changed=frame in ("stop", "switch") or has_change_marker(clause_at(text, *match.span()), chinese=False),
                parts={key: value for key, value in groups.items() if key in ("place", "job", "org", "field", "count", "name", "cat",
                                                                             "rel", "species") and value},
            ))
    return found

"""The people and animals around the speaker: family members and friends by name, the number of children, pets and
their names, and what is said about a family member at the start of a clause ("女儿…", "My sister is…")."""
import re

from ..grammar.chinese import SPECIES as SPECIES_ZH
from ..lexicon import CLAUSE_INITIAL_RELATIONS_ZH, PET_SPECIES_EN, RELATIONS_EN, RELATIONS_ZH, UNIQUE_RELATIONS
from ..rules import Match, RuleContext, capitalised, rule
from ..things import segment

_CHILDREN = re.compile(r"^(?:kids?|children|child|sons?|daughters?|boys?|girls?)$|^(?:孩子|娃|小孩|宝宝|儿子|女儿|闺女)$")
_BREAK_UP = re.compile(r"分手|离婚|分开了|\b(?:broke up|split up|divorced)\b", re.I)
_RELATION_WORDS_ZH = "|".join(sorted(RELATIONS_ZH, key=len, reverse=True))
_RELATION_WORDS_EN = "|".join(sorted((re.escape(word) for word in RELATIONS_EN), key=len, reverse=True))
_RELATION_START_ZH = re.compile(rf"^(?:我(?:的|家)?|家里)?(?P<rel>{_RELATION_WORDS_ZH})(?!们)")
_SAYING_EN = (r"(?:says|said|thinks|thought|reckons|reckoned|claims|claimed|insists|insisted|asks|asked|wants|wanted|"
              r"told|tells|believes|believed|feels|felt|swears|swore|jokes|joked|complains|complained|warned|warns)")
_FREQUENCY_EN = r"(?:always|never|often|sometimes|usually|rarely)"
_RELATION_START_EN = re.compile(rf"^(?:[Mm]y|[Oo]ur)\s+(?:(?:little|big|older|younger|eldest|youngest)\s+)?(?P<rel>{_RELATION_WORDS_EN})\b"
                                rf"(?:\s+(?:{_FREQUENCY_EN}|still|also|just|[a-z]+ly)\b)?"
                                # any verb but one of saying or thinking: what they say is no fact about them
                                rf"(?:\s+(?!(?:{_SAYING_EN}|{_FREQUENCY_EN}|perhaps|nowadays)\b)"
                                r"(?:is|has|was|got|[a-z]{2,}(?<!ss)s|[a-z]{2,}ed)\b)")


def _relation(word: str, chinese: bool) -> str:
    return (RELATIONS_ZH if chinese else RELATIONS_EN).get(word.lower() if not chinese else word, "")


@rule(priority=70)
def named_people(ctx: RuleContext) -> list[Match]:
    """"my brother Omar", "我老公叫张伟": a key per unique relation, or per name where there can be several."""
    if _BREAK_UP.search(ctx.text):
        return []  # a break-up is a forget request, not a memory about the ex
    matches = []
    for said in ctx.statements("relation", own=False):
        relation = _relation(said.parts.get("rel", ""), ctx.chinese)
        if not relation:
            continue
        key = f"family.{relation}" if relation in UNIQUE_RELATIONS else f"family.{relation}.{segment(said.obj)}"
        matches.append(Match(key, said.obj, *said.span, confidence=0.85, importance=0.6, entities=[said.obj]))
    return matches


@rule(priority=65)
def children(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("have"):
        if said.parts.get("count") and _CHILDREN.search(said.obj.lower()):
            value = f"{said.parts['count']}个{said.obj}" if ctx.chinese else f"{said.parts['count']} {said.obj}"
            matches.append(Match("family.children", value, *said.span, confidence=0.8, importance=0.6))
    return matches


@rule(priority=70)
def pets(ctx: RuleContext) -> list[Match]:
    """A pet by its name when said, else by its species; the clause about it stays in the memory."""
    matches = []
    for said in ctx.statements("pet", "have", own=False):
        species = said.parts.get("species", "")
        if said.frame == "have":
            found = re.search(SPECIES_ZH, said.obj) if ctx.chinese else re.search(
                rf"\b({'|'.join(PET_SPECIES_EN)})s?\b", said.obj, re.I)
            if not found:
                continue
            species = found.group(0) if ctx.chinese else found.group(1).lower()
        name = said.obj if said.frame == "pet" and said.obj.lower() != species.lower() else said.parts.get("name", "")
        key = f"pets.{segment(name or species)}"
        value = f"{species}：{name}" if ctx.chinese and name else f"{species}: {name}" if name else species
        if ctx.chinese:
            text = f"{ctx.subject}养了{species}" + (f"，叫{name}" if name else "") + "。"
        else:
            text = f"{capitalised(ctx.subject)} has a {species}" + (f" named {name}" if name else "") + "."
        rest = _rest_of_clause(ctx, said.end)
        if rest:
            text = text.rstrip("。.") + ("，" if ctx.chinese else ", who ") + rest + ("。" if ctx.chinese else ".")
        matches.append(Match(key, value, *said.span, confidence=0.85, importance=0.55,
                             entities=[entity for entity in (name, species) if entity], text=text))
    named = {species for match in matches if len(match.entities) == 2 for species in match.entities[1:]}
    return [match for match in matches if len(match.entities) == 2 or match.entities[0] not in named]  # "a cat named X" once


def _rest_of_clause(ctx: RuleContext, end: int) -> str:
    """What the clause goes on to say about the pet ("…两岁半了", "…sleeps on the radiator")."""
    rest = re.split(r"[，,。.!！?？;；]", ctx.text[end:])[0].strip()
    if not rest or re.match(r"(?i)(?:and|but|so|because|which|i|he|she|they|we|named|called|from|at|in|on|with|for|to|"
                            r"last|this|yesterday|today)\b", rest):
        return ""
    return rest.replace("我", ctx.subject) if ctx.chinese else re.sub(r"\bI\b", ctx.subject, rest)


@rule(priority=20, fallback=True)
def said_about_a_relative(ctx: RuleContext) -> list[Match]:
    """A clause that opens with a family member ("儿子上周…", "My sister works…") is a fact about them; any more
    specific rule on the same clause takes precedence."""
    first = ctx.sentence.clauses[0].text
    if _BREAK_UP.search(ctx.text):
        return []
    if ctx.chinese:
        found = _RELATION_START_ZH.match(first)
        if not found or not (first.startswith(("我", "家里")) or found.group("rel") in CLAUSE_INITIAL_RELATIONS_ZH):
            return []
        rest = first[found.end():].strip("，, ")
        if not rest or re.match(r"^(?:和|跟|与|也|说|问|们)", rest):
            return []
    else:
        found = _RELATION_START_EN.match(first)
        if not found:
            return []
        rest = first[found.end("rel"):].strip()
    relation = _relation(found.group("rel"), ctx.chinese)
    # No entities: any more specific reading of this clause (an allergy, a name) takes precedence.
    return [Match(f"family.{relation}", rest, 0, len(first), confidence=0.75, importance=0.55)] if relation else []

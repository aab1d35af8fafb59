"""Food and health: what the speaker eats and drinks (likes, refusals, needs, habits, changes), allergies (their
own or a family member's), diets and health conditions.

One key per thing, whatever the direction: "I love oolong" and "I gave up oolong" both land on drink.oolong,
so the newer statement supersedes the older one when merged.
"""
import re

from ..grammar import Said, split_items
from ..lexicon import (
    CONDITION_STATES_EN, CONDITION_SUFFIXES_EN, CONDITION_SUFFIXES_ZH, CONDITIONS_EN, CONDITIONS_ZH, DIETS_EN, DIETS_ZH,
    RELATIONS_EN, RELATIONS_ZH,
)
from ..rules import Match, RuleContext, capitalised, rule
from ..things import drink_segment, thing_kind, segment

_EDIBLE = ("food", "drink")
GUESSED_KIND_DOUBT = 0.1  # less sure of a like whose object only the embedder placed among foods and drinks


def _verb(kind: str, chinese: bool, third: bool = False) -> str:
    if chinese:
        return {"food": "吃", "drink": "喝"}[kind]
    return {"food": "eats" if third else "eat", "drink": "drinks" if third else "drink"}[kind]


def _key(kind: str, thing: str) -> str:
    return f"{kind}.{drink_segment(thing) if kind == 'drink' else segment(thing)}"


def _wording(ctx: RuleContext, how: str, kind: str, thing: str, old: str = "", *,
             guessed: bool = False) -> tuple[str, str]:
    """(value, memory sentence) for one statement about one thing. ``guessed``: only the embedder called it food
    or drink, so a Chinese like says no 吃 / 喝 the user did not say ("喜欢苏绣" is no dish)."""
    subject, chinese = ctx.subject, ctx.chinese
    verb = "" if guessed and how in ("like", "dislike") else _verb(kind, chinese)
    if chinese:
        return {
            "like": (f"喜欢{verb}{thing}", f"{subject}喜欢{verb}{thing}。"),
            "avoid": (f"不{verb}{thing}", f"{subject}不{verb}{thing}，{'点餐做菜' if kind == 'food' else '推荐饮品'}时要避开。"),
            "dislike": (f"不喜欢{verb}{thing}", f"{subject}不喜欢{verb}{thing}，{'点餐做菜' if kind == 'food' else '推荐饮品'}时要避开。"),
            "stop": (f"不再{verb}{thing}", f"{subject}不再{verb}{thing}了。"),
            "switch": (f"现在{verb}{thing}", f"{subject}现在改{verb}{thing}了" + (f"，不再{verb}{old}。" if old else "。")),
            "need": (f"离不开{thing}", ""),
        }[how]
    third = _verb(kind, chinese, third=True)
    what = "food" if kind == "food" else "drinks"
    return {
        "like": (f"likes {thing}", f"{capitalised(subject)} likes {thing}."),
        "avoid": (f"avoids {thing}", f"{capitalised(subject)} does not {verb} {thing}; avoid it when suggesting {what}."),
        "dislike": (f"dislikes {thing}", f"{capitalised(subject)} does not like {thing}; avoid it when suggesting {what}."),
        "stop": (f"no longer {third} {thing}", f"{capitalised(subject)} no longer {third} {thing}."),
        "switch": (f"now {third} {thing}", f"{capitalised(subject)} now {third} {thing}" + (f" instead of {old}." if old else ".")),
        "need": (f"relies on {thing}", ""),
    }[how]


def _taste(ctx: RuleContext, said: Said, thing: str, how: str, polarity: int, *, kind: str = "", old: str = "",
           confidence: float = 0.85) -> list[Match]:
    guessed = not kind and not thing_kind(thing, said.verb, chinese=ctx.chinese, guess=False)
    kind = kind or thing_kind(thing, said.verb, chinese=ctx.chinese)
    if kind not in _EDIBLE or len(thing) > (10 if ctx.chinese else 40):
        return []
    value, text = _wording(ctx, how, kind, thing, old, guessed=guessed)
    return [Match(_key(kind, thing), value, *said.span, kind="preference", polarity=polarity,
                  confidence=confidence - GUESSED_KIND_DOUBT * guessed, importance=0.6, entities=[thing], text=text)]


@rule(priority=50)
def likes_and_dislikes(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("like", "dislike"):
        for thing in split_items(said.obj):
            matches += _taste(ctx, said, thing, "like" if said.polarity > 0 else "dislike", said.polarity)
        if said.old:  # "I prefer tea over coffee": the other thing is the one not wanted
            matches += _taste(ctx, said, said.old, "avoid", -1)
    return matches


@rule(priority=60)
def refusals(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("avoid"):
        things = split_items(said.obj) + ([said.parts["more"]] if "more" in said.parts else [])
        for thing in things:
            matches += _taste(ctx, said, thing, "stop" if said.changed and not ctx.chinese else "avoid", -1)
    return matches


@rule(priority=55)
def needs_and_habits(ctx: RuleContext) -> list[Match]:
    """"I can't start the day without X", "每天都要喝X": the speaker relies on X (a +1, never a refusal)."""
    matches = []
    for said in ctx.statements("need", "habit"):
        for thing in split_items(said.obj):
            matches += _taste(ctx, said, thing, "need", 1, confidence=0.8)
    return matches


@rule(priority=70)
def changes(ctx: RuleContext) -> list[Match]:
    """Giving something up, or switching from one thing to another: both land on the thing's own key."""
    matches = []
    for said in ctx.statements("stop", "switch"):
        if said.frame == "stop":
            for thing in split_items(said.obj):
                matches += _taste(ctx, said, thing, "stop", -1)
            continue
        new_kind = thing_kind(said.obj, said.verb, chinese=ctx.chinese, guess=False)
        old_kind = thing_kind(said.old, said.verb, chinese=ctx.chinese, guess=False) if said.old else ""
        kind = new_kind if new_kind in _EDIBLE else old_kind
        if kind not in _EDIBLE:
            continue
        for thing in split_items(said.obj):
            matches += _taste(ctx, said, thing, "switch", 1, kind=kind, old=said.old)
        if said.old:
            matches += _taste(ctx, said, said.old, "stop", -1, kind=kind)
    return matches


# --- allergies, conditions, diets ------------------------------------------------------------------------------

@rule(priority=80)
def allergies(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("allergy", own=False):
        relation = (RELATIONS_ZH if ctx.chinese else RELATIONS_EN).get(said.owner, "") if said.owner else ""
        if said.owner and not relation:
            continue  # "他对X过敏": someone the key cannot name
        for thing in split_items(said.obj):
            thing = re.sub(r"^(?:我|有|他|她|也|都|会)+", "", thing).strip()
            if not thing or re.fullmatch(r"[我他她它你有点些会就也都严重轻微]+", thing):
                continue
            owner = f"{relation}." if relation else ""
            if relation:
                text = f"{ctx.subject}的{said.owner}对{thing}过敏。" if ctx.chinese else \
                    f"{capitalised(ctx.subject)}'s {said.owner} is allergic to {thing}."
            else:
                text = f"{ctx.subject}对{thing}过敏。" if ctx.chinese else f"{capitalised(ctx.subject)} is allergic to {thing}."
            matches.append(Match(f"health.allergy.{owner}{segment(thing)}", thing, *said.span, polarity=-1, confidence=0.9,
                                 importance=0.95, entities=[thing], text=text))
    return matches


def _condition_name(thing: str, chinese: bool) -> str:
    """The condition named in ``thing``, or "" when it names none."""
    if chinese:
        thing = re.sub(r"^(?:我|有|得了|患有|查出|慢性|急性|轻微的?|严重的?|轻度|重度)+", "", thing)
        for word in sorted(CONDITIONS_ZH, key=len, reverse=True):
            if word in thing:
                return thing if thing.endswith(word) and len(thing) <= 8 else word
        head = re.match(r"^[\u4e00-\u9fff]{1,8}", thing)
        found = head.group(0) if head else ""
        return found if found.endswith(CONDITION_SUFFIXES_ZH) and not re.search(r"毛病|病人|病房|病毒|病例", found) else ""
    lowered = thing.lower()
    for word in sorted(CONDITIONS_EN + CONDITION_STATES_EN, key=len, reverse=True):
        if re.search(rf"\b{re.escape(word)}\b", lowered):
            return re.sub(r"^a ", "", word)
    words = lowered.split()
    if 1 <= len(words) <= 3 and any(words[-1].endswith(suffix) for suffix in CONDITION_SUFFIXES_EN):
        return lowered
    return ""


@rule(priority=75)
def conditions(ctx: RuleContext) -> list[Match]:
    matches = []
    for said in ctx.statements("condition", "state"):
        name = _condition_name(said.obj, ctx.chinese)
        if not name or said.polarity < 0:
            continue
        matches.append(Match(f"health.condition.{segment(name, singular=False)}", name, *said.span, confidence=0.85, importance=0.85,
                             sensitivity="medium", entities=[name]))
    return matches


# Eating again what a diet leaves out, said after it ("…but started eating fish again", "后来又开始吃肉了"): the
# diet has ended.
_BACK_TO_WHAT_A_DIET_LEAVES_OUT = re.compile(
    r"(?i:\b(?:but|though|then|until|now)\b.*\b(?:start(?:ed)?|began|went back to|back to|am|'m)\s+eating\s+"
    r"(?:meat|fish|chicken|beef|pork|lamb|seafood|eggs|dairy|animal products)\b)"
    r"|(?:开始|又|重新|恢复)(?:吃)?(?:肉|鱼|荤|海鲜|鸡蛋)|开荤")


@rule(priority=75)
def diets(ctx: RuleContext) -> list[Match]:
    """A diet, or its end ("I'm no longer vegan", "不吃素了"): both on the diet's key, so the newer one wins."""
    matches = []
    for said in ctx.statements("state"):
        diet = (DIETS_ZH if ctx.chinese else DIETS_EN).get(said.obj.lower())
        if not diet:
            continue
        resumed = bool(_BACK_TO_WHAT_A_DIET_LEAVES_OUT.search(ctx.text[said.end:]))
        ended = said.polarity < 0 or resumed
        name = said.obj.lower()
        if not ended:  # Chinese: the clause as said
            value, text = said.obj, "" if ctx.chinese else f"{capitalised(ctx.subject)} is {name}."
        elif ctx.chinese:
            value, text = f"不再{said.obj}", f"{ctx.subject}不再{said.obj}了。"
        else:
            value = f"{'no longer' if said.changed or resumed else 'not'} {name}"
            text = f"{capitalised(ctx.subject)} is {value}."
        matches.append(Match(f"diet.{diet}", value, *said.span, kind="preference", polarity=-1 if ended else 1,
                             confidence=0.85 if ended else 0.9, importance=0.8, text=text))
    return matches

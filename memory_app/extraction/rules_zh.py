"""Chinese rules, part one: shipping, allergies and health, diet, likes and dislikes, reply style.

Each rule is a general pattern over one sentence ("对X过敏", "X我是一点都不碰", "用X回答我"), never a lookup of
whole sentences. Negation always wins: "不/别/戒/不碰" gives polarity -1.
"""
import re

from .lexicon import CONDITIONS_ZH, COURIERS_ZH, DRINKS, EXERCISES_ZH, FOOD_HINTS, RELATIONS_ZH
from .language import is_correction
from .rules import (
    Match, RuleContext, drink_segment, one_per_key_refusals_first, preference_marked, segment, split_items, zh_rule,
)

_COURIER = "|".join(sorted(COURIERS_ZH, key=len, reverse=True))
_SUPPLY_CONTEXT = re.compile(r"进货|原料|供货|货源|批发|采购|补货|发货给客户|物流公司")
_RELATION_WORDS = "|".join(sorted(RELATIONS_ZH, key=len, reverse=True))


def owner_relation(before: str) -> str:
    """The family member a clause is about ("我儿子八岁，对花生严重过敏"), as said, or "" when it is the user
    ("我和老公在备孕" is the user)."""
    clauses = re.split(r"[，,]", before)
    current = clauses[-1]
    found = re.search(rf"(?<![和跟与同])({_RELATION_WORDS})", current)
    if found:
        return found.group(1)
    if "我" in current:
        return ""
    opening = re.match(rf"^(?:我的?|我家|家里|屋头)?({_RELATION_WORDS})", clauses[0])
    return opening.group(1) if opening else ""


def _clean_item(text: str) -> str:
    text = re.sub(r"^(?:所有的?|各种|一些|那种|这种|那些|这些|任何|一切|动物的)", "", text.strip())
    text = re.sub(r"(?:的东西|的食物|之类的?|这类|那类|类|什么的|的|等)$", "", text)
    return text.strip(" 的")


# --- shipping -------------------------------------------------------------------------------------------

_CARRIER_CHOICE = re.compile(
    rf"(?P<neg>别|不要|不用|不想|千万别)?(?:再)?(?:用|选|走|发|寄|换成|改用|改走|改成|认准)\s*(?P<name>{_COURIER})(?P<suffix>快递|物流|速运|快运|速递)?"
)


@zh_rule
def carrier(ctx: RuleContext) -> list[Match]:
    matches = []
    for found in _CARRIER_CHOICE.finditer(ctx.text):
        name = found.group("name") + (found.group("suffix") or "")
        if found.group("neg"):
            matches.append(Match(f"shipping.avoid.{segment(found.group('name'))}", f"不要用{name}", *found.span(),
                                 kind="preference", polarity=-1, confidence=0.85, importance=0.6, entities=[found.group("name")]))
            continue
        key = "logistics.carrier" if _SUPPLY_CONTEXT.search(ctx.text) else "shipping.carrier"
        matches.append(Match(key, name, *found.span(), kind="preference", polarity=1, importance=0.7,
                             confidence=0.9 if preference_marked(ctx.text) else 0.8, entities=[found.group("name")]))
    return matches


_DELIVERY = re.compile(
    r"(?P<neg>别|不要|不用|不能|千万别|请勿)?(?:直接)?(?:放|丢|搁|扔|寄存)(?:在|到)?(?P<place>门口|快递柜|丰巢|驿站|物业|前台|门卫|传达室|楼下|家门口)"
    r"|(?P<neg2>别|不要)?(?:要|请|务必|一定)?送(?:货)?(?:上门|到家|到门口)"
)


@zh_rule
def delivery_instruction(ctx: RuleContext) -> list[Match]:
    found = _DELIVERY.search(ctx.text)
    if not found:
        return []
    negated = bool(found.group("neg") or found.group("neg2"))
    if not negated and not re.search(r"请|要|务必|记得|帮我|给我|以后|一定|都", ctx.text[max(0, found.start() - 6):found.end()]):
        return []  # "顺丰老是不送上门" is a complaint, not an instruction
    action = found.group(0).lstrip("别不要用能千万请勿")
    value = f"不要{action}" if negated else action
    return [Match("shipping.delivery_instruction", value, *found.span(), kind="preference", polarity=-1 if negated else 1,
                  confidence=0.85, importance=0.6, text=f"{ctx.subject}希望快递{value}。")]


# --- allergies, conditions, diet -------------------------------------------------------------------------

_ALLERGY = re.compile(r"对(?P<item>[^，。,过]{1,14}?)(?:都|也)?(?:严重|特别|有点|有些|轻微|比较|非常|很|超级)?过敏|(?P<item2>(?:(?!对)[\u4e00-\u9fff]){1,6}?)过敏(?!性)")


@zh_rule
def allergy(ctx: RuleContext) -> list[Match]:
    matches = []
    for found in _ALLERGY.finditer(ctx.text):
        if re.search(r"不过敏|没过敏|不是过敏", ctx.text[found.start():found.end() + 1]):
            continue
        raw = (found.group("item") or found.group("item2")).split("对")[-1]  # "对了我对芒果" -> "芒果"
        raw = re.sub(r"^(?:我|我有|有|他|她|也|都|会)+|(?:严重|特别|有点|有些|轻微|比较|非常|很|超级|都|也)+$", "", raw)
        relation = owner_relation(ctx.text[:found.start()])
        for item in split_items(_clean_item(raw)):
            if not item or re.fullmatch(r"[我他她它你有点些会就也都严重轻微]+", item):
                continue
            owner = f"{RELATIONS_ZH[relation]}." if relation else ""
            template = f"{ctx.subject}的{relation}对{item}过敏。" if relation else ""
            matches.append(Match(f"health.allergy.{owner}{segment(item)}", item, *found.span(), kind="fact", polarity=-1,
                                 confidence=0.9, importance=0.95, entities=[item], text=template))
    return matches


_CONDITION = re.compile(
    "(?P<word>" + "|".join(sorted(CONDITIONS_ZH, key=len, reverse=True)) + ")"
    r"|(?:我有|有|得了|患有|确诊(?:了|为)?|查出(?:来)?(?:了)?)(?![个一点些])(?P<general>[\u4e00-\u9fff]{1,5}?(?:病|症|炎|癌|瘤))(?![例历房号友人床毒])"
)
_CONDITION_SEGMENTS = {"怀孕": "pregnancy", "孕期": "pregnancy", "备孕": "trying_to_conceive", "哺乳期": "breastfeeding",
                       "高尿酸": "尿酸高", "椎间盘突出": "腰椎间盘突出"}


@zh_rule
def health_condition(ctx: RuleContext) -> list[Match]:
    for found in _CONDITION.finditer(ctx.text):
        word = found.group("word") or found.group("general")
        before = ctx.text[max(0, found.start() - 3):found.start()]
        if re.search(r"没有|没|不是|并非|不", before) or owner_relation(ctx.text[:found.start()]):
            continue
        entities = [hit.group("word") or hit.group("general") for hit in _CONDITION.finditer(ctx.text)]
        return [Match(f"health.condition.{segment(_CONDITION_SEGMENTS.get(word, word))}", word, *found.span(),
                      kind="fact", confidence=0.85, importance=0.85, sensitivity="medium", entities=entities)]
    return []


_DIET = re.compile(r"(?P<neg>不)?(?:吃素|吃全素|是素食|素食主义|吃斋|不吃肉|不吃荤|是纯素|吃纯素|纯素食|吃清真|只吃清真)")


@zh_rule
def diet(ctx: RuleContext) -> list[Match]:
    found = _DIET.search(ctx.text)
    if not found or found.group("neg"):
        return []
    phrase = found.group(0)
    kind_of_diet = "vegan" if "纯素" in phrase else "halal" if "清真" in phrase else "vegetarian"
    value = {"vegan": "纯素", "halal": "清真饮食", "vegetarian": "素食"}[kind_of_diet]
    return [Match(f"diet.{kind_of_diet}", value, *found.span(), kind="preference", polarity=1, confidence=0.9, importance=0.8)]


# --- likes and dislikes ----------------------------------------------------------------------------------

_ITEM = r"[\u4e00-\u9fffA-Za-z]{1,10}?"
_LIKE = re.compile(
    r"(?P<neg>不怎么|不太|不是很|没那么|一点都不|一点也不|并不|不)?(?:最|很|特别|超级|超|挺|比较|非常|就|也|还|蛮|好)*"
    r"(?P<verb>喜欢|爱|钟意|偏爱|迷上了?|离不开)(?P<act>吃|喝|去|玩|看|听|打|做)?(?P<item>[^，。,！!？?]{1,14})"
)
_CRAVE = re.compile(rf"无(?P<item>{_ITEM})不欢|(?:是|个)?(?P<item2>[\u4e00-\u9fff]{{1,4}})控|最爱(?:吃|喝)?(?P<item3>{_ITEM})(?=[，。,]|$)")
_TOPIC_REFUSAL = re.compile(
    r"(?:^|[，,])(?:但|不过|可是|而且|所以|但是)?(?P<item>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:和(?P<more>[\u4e00-\u9fff]{1,6}?))?(?:我)?(?:现在|平时|一般|已经|再也|真的|也|都|是|就)*"
    r"(?:一点都|一点也|从来|绝对|完全|根本|坚决|死活)?(?:不|不会|没法|不能|不敢)(?P<verb>碰|吃|喝)"
)
_DIRECT_REFUSAL = re.compile(
    r"(?:从来|绝对|完全|根本)?(?:不吃|不喝|不爱吃|不爱喝|不喜欢吃|不喜欢喝|不喜欢|讨厌|受不了|吃不了|吃不惯|喝不了|不能吃|不能喝|忌口|忌)(?P<item>[^，。,！!？?]{1,10})"
)
_QUIT = re.compile(rf"(?:^|[，,])(?:所以|但|但是|而且)?(?P<item>[\u4e00-\u9fffA-Za-z、和]{{1,12}}?)(?:我)?(?:也|都|已经|现在)*(?:戒了|戒掉了?|得戒|要戒|戒掉|不碰了|不喝了|不吃了)")
_NO_RECOMMEND = re.compile(r"别(?:再)?(?:给我|帮我)?(?:推荐|点|买|放|加|上)(?P<item>[^，。,！!？?]{1,8})")
# "不喝拿铁根本醒不过来", "没有咖啡就活不了": without X something fails, so the person NEEDS X (polarity +1).
_NEED = re.compile(
    r"(?:不|没|没有)(?P<act>喝|吃|来)?(?:上)?(?:一?[杯口碗])?(?P<item>[\u4e00-\u9fffA-Za-z]{1,8}?)(?:的话)?[，,]?(?:我|人)?(?:就|根本|都|简直|完全|真的|整个人|一整天)*"
    r"(?:醒不过来|醒不了|活不了|活不下去|不行|没精神|没法|受不了|难受|干不了|起不来|撑不住|缓不过来|没劲|打不起精神)"
)
_HABIT = re.compile(r"每天(?:早上|早晨|晚上|中午|下午)?(?:都|必须|一定)?(?:得|要)?(?:(?:来|喝|吃)(?:上)?(?:一|两|几|三|半)?(?:杯|碗|个|份|瓶|罐|块)?|(?:一|两|几|三|半)(?:杯|碗|瓶|罐))(?P<item>[\u4e00-\u9fffA-Za-z]{1,6}?)(?=[，。,]|不然|才|$)")
_SWITCH_TO = re.compile(r"(?:换成|改喝|改吃|改成喝|改成吃|改成)(?P<item>[^，。,！!？?]{1,14})")
_HOBBY_WORDS = ("钓鱼", "摄影", "画画", "看书", "读书", "唱歌", "跳舞", "下棋", "打游戏", "追剧", "看电影", "旅游", "露营", "烘焙",
                "做饭", "弹琴", "书法", "养花", "逛街", "打麻将", "打牌", "爬山", "徒步", "健身", "跑步", "游泳", "瑜伽", "骑行")


def _category(item: str, act: str) -> str:
    if act in ("去", "玩", "看", "听", "打", "做"):
        return "hobby"
    if act == "喝" or any(drink in item for drink in DRINKS):
        return "drink"
    if act in ("吃", "碰") or any(hint in item for hint in FOOD_HINTS):
        return "food"
    return "hobby"


# Not a thing one eats or drinks: verbs' particles, or a pronoun / time word caught as the topic ("我早上不喝拿铁").
_NOT_A_THING = re.compile(r"[得了着过在把被让说]|^[你我他她它这那都也了的]+$"
                          r"|^(?:我|你|他|她|它|咱|早上|早晨|晚上|中午|下午|现在|平时|每天|今天|昨天|明天|一般|有时|最近)")


def _taste_match(ctx, surface, span, polarity, act="", confidence=0.85, how="") -> list[Match]:
    """One like/dislike. ``how`` words the memory: "quit" (戒了), "rewrite" (keep the user's own sentence)."""
    said = re.sub(r"^(?:我是|是|个|一个|这人|我这人)", "", re.sub(r"(?:了|的时候.*|因为.*|所以.*)$", "", surface)).strip()
    surface = _clean_item(said)
    if not surface or len(surface) > 10 or _NOT_A_THING.search(surface):
        return []
    category = _category(surface, act)
    item = next((word for word in _HOBBY_WORDS + EXERCISES_ZH if word in surface), surface) if category == "hobby" else surface
    surface = said if len(said) <= 10 else surface  # the memory says "甜的东西", the key says "dessert"
    verb = {"drink": "喝", "food": "吃"}.get(category, "")
    value = f"喜欢{verb}{item}" if polarity > 0 else f"不{verb or '喜欢'}{item}"
    if how == "rewrite" or category == "hobby":
        text = ""
    elif polarity > 0:
        text = f"{ctx.subject}喜欢{verb}{surface}。"
    else:  # worded as the instruction it amounts to, so it is recalled when ordering or cooking
        advice = {"food": "，点餐做菜时要避开", "drink": "，点饮品时要避开"}.get(category, "")
        text = f"{ctx.subject}{'戒了' if how == 'quit' else '不' + (verb or '喜欢')}{surface}{advice}。"
    seg = drink_segment(item) if category == "drink" else segment(item)
    return [Match(f"{category}.{seg}", value, *span, kind="preference", polarity=polarity, confidence=confidence,
                  importance=0.6, entities=[surface], text=text)]


def _in_lexicon(item: str) -> bool:
    from .lexicon import CANONICAL_ITEMS

    return item in CANONICAL_ITEMS or any(drink in item for drink in DRINKS)


@zh_rule
def tastes(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    needs = [found for found in _NEED.finditer(text) if not owner_relation(text[:found.start()])]
    for found in needs:
        matches += _taste_match(ctx, found.group("item"), found.span(), 1, found.group("act") or "", 0.8, "rewrite")
    needed = [found.span() for found in needs]
    for found in _LIKE.finditer(text):
        if owner_relation(text[:found.start()]) or re.search(r"你|您", text[max(0, found.start() - 2):found.start()]):
            continue
        item = re.split(r"[的地得]时候|，|因为|所以", found.group("item"))[0]
        matches += _taste_match(ctx, item, found.span(), -1 if found.group("neg") else 1, found.group("act") or "")
    for found in _CRAVE.finditer(text):
        item = found.group("item") or found.group("item2") or found.group("item3")
        matches += _taste_match(ctx, item, found.span(), 1, "吃" if found.group("item") else "")
    for pattern, how in ((_TOPIC_REFUSAL, ""), (_QUIT, "quit"), (_DIRECT_REFUSAL, ""), (_NO_RECOMMEND, "")):
        for found in pattern.finditer(text):
            if owner_relation(text[:found.start(0)]) or any(found.start() < end and start < found.end() for start, end in needed):
                continue  # someone else's taste, or the "不X" of a double negative ("不喝拿铁根本醒不过来")
            groups = found.groupdict()
            items = split_items(groups["item"]) + ([groups["more"]] if groups.get("more") else [])
            for item in items:
                refusal = _taste_match(ctx, item, found.span(), -1, groups.get("verb") or "", 0.85, how)
                # "别放门口" is not a taste: outside "不喜欢X", only food and drink count as refusals
                matches += [match for match in refusal if pattern is _DIRECT_REFUSAL or not match.key.startswith("hobby.")]
    for found in _HABIT.finditer(text):
        if _in_lexicon(found.group("item")):
            matches += _taste_match(ctx, found.group("item"), found.span(), 1, "", 0.8, "rewrite")
    if any(match.polarity < 0 for match in matches) or re.search(r"以后|从现在", text):
        for found in _SWITCH_TO.finditer(text):
            for item in split_items(found.group("item")):
                if _category(item, "") != "hobby":
                    matches += _taste_match(ctx, item, found.span(), 1, "", 0.8)
    return one_per_key_refusals_first(matches)


# --- how the assistant should answer ----------------------------------------------------------------------

_STYLE_CUES = {
    "length": r"简短|简洁|短一点|短点|精简|长篇大论|别太长|太长了|少说废话|啰嗦|详细点|详细一点|详细些|展开说",
    "language": r"用(?:中文|汉语|普通话|英文|英语|日语|日文|粤语|韩语|法语|德语|西班牙语)(?:回答|回复|跟我|和我|说|聊|写|交流)|(?:中文|英文)回复",
    "format": r"(?i:bullet ?points?|bullets)|列表|分点|要点|条目|一两段话|几段话|段落|表格|markdown|编号",
    "emoji": r"(?i:emoji)|表情包?|颜文字",
    "tone": r"大白话|通俗|简单点|简单一点|口语化?|正式一点|文绉绉|缩写|术语|专业名词|幽默一点|严肃一点|直接点|说人话",
}
_LANGUAGES = {"中文": "中文", "汉语": "中文", "普通话": "中文", "英文": "English", "英语": "English", "日语": "日语",
              "日文": "日语", "粤语": "粤语", "韩语": "韩语", "法语": "法语", "德语": "德语", "西班牙语": "西班牙语"}
_TO_ASSISTANT = re.compile(r"你|回复|回答|说|讲|聊天|以后|从现在开始|请|麻烦")
_STYLE_FILLER = re.compile(r"^(?:你|请|以后|今后|从现在开始|从今天起|麻烦|能不能|可不可以|可以|尽量|都)+|能不能|可不可以")


def _style_phrase(text: str) -> str:
    text = _STYLE_FILLER.sub("", text)
    text = re.sub(r"(?:跟我|和我|给我|对我)(?=说|讲|聊)", "", text)
    text = re.sub(r"(?<=回答|回复)我", "", text)
    return text.strip("，, ")


@zh_rule
def reply_style(ctx: RuleContext) -> list[Match]:
    if re.search(r"帮我(?:给|写|回|发)|替我(?:写|回)", ctx.text):
        return []  # the style of a message the user asks for, not of our replies
    matches = []
    for style, cue in _STYLE_CUES.items():
        hits = list(re.finditer(cue, ctx.text))
        if not hits or not (_TO_ASSISTANT.search(ctx.text) or style in ("format", "emoji")):
            continue
        if is_correction(ctx.message):
            hits = hits[-1:]  # "算了，bullet points 看着太碎了，以后直接用一两段话" : the last word is the new wish
        start, end = hits[0].start(), hits[-1].end()
        indexes = ctx.sentence.clause_indexes(start, end)
        phrase = "，".join(_style_phrase(ctx.sentence.clauses[i].text) for i in indexes)
        value, polarity = phrase, 0
        if style == "language":
            value = _LANGUAGES[re.search("|".join(_LANGUAGES), hits[-1].group(0)).group(0)]
        elif style == "length":
            value = "详细" if re.search(r"详细|展开", hits[-1].group(0)) else "简短"
        elif style == "emoji":
            polarity = -1 if re.search(r"别|不要|不用|少|no", ctx.text[max(0, start - 6):end]) else 1
        text = f"{ctx.subject}希望{_style_phrase(phrase)}。" if not phrase.startswith(ctx.subject) else phrase + "。"
        matches.append(Match(f"reply.{style}", value, start, end, kind="preference", polarity=polarity,
                             confidence=0.9, importance=0.7, text=text))
    return matches

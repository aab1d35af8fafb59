"""Chinese first-person statements (see the table in ``grammar``). Chinese drops the subject freely, so a
statement counts as the speaker's unless its clause names someone else first ("儿子不吃…", "他喜欢…"), and
the object often comes first ("X我从来不碰", "X戒了"): both orders are read."""
import re

from ..lexicon import DIETS_ZH, PEOPLE_ROLES_ZH, PET_SPECIES_ZH, RELATIONS_ZH
from . import Said, clause_at, clean_thing, has_change_marker

RELATION = "|".join(sorted(RELATIONS_ZH, key=len, reverse=True))
# A species word's prefix is a breed or a colour ("小橘猫", "牧羊犬"), never a verb or a preposition ("我对狗毛敏感",
# "我不帮人遛狗了", "我开了家猫舍").
SPECIES = r"(?:(?![对不没开接给让把被跟和喂带遛怕])[\u4e00-\u9fff]){0,3}?(?:" + "|".join(sorted(PET_SPECIES_ZH, key=len, reverse=True)) + ")"
# A pet's name ends where the clause goes on ("…叫团团，三岁了", "…团团最近不吃东西").
_PET_NAME_END = r"(?=这|最近|今天|昨天|又|老|不|特别|总|一直|很|是|也|都|还|就|在|把|被|有|会|吃|喝|睡|跑|[一二三四五六七八九十两\d]+岁|[，,。!！?？ ]|$)"
ADV = r"(?:也|都|还|就|又|最|很|特别|超级|超|挺|比较|非常|真的|真|确实|一直|从小|平时|一般|向来|本来|现在|已经|再也|完全|根本|绝对|从来|坚决|实在|有点|蛮|好|只)*"
OBJ = r"(?P<obj>[^，。,！!？?；;：:\s]{1,14})"
TOPIC = r"(?P<obj>(?:(?![我你他她])[\u4e00-\u9fffA-Za-z]){1,8}?)"  # an object said first, before the verb
# A verb's aspect or count word right after it ("回过两次", "跑了一趟") is not a place.
PLACE = r"(?P<place>(?!了|过|着|趟|一趟|一次)[\u4e00-\u9fffA-Za-z]{2,12}?)"
NAME = r"(?P<obj>[A-Za-z][A-Za-z\-]{1,20}|[\u4e00-\u9fff]{1,4}?)(?=[吧就好行哈啊呀了哦呢嘛啦，,。!！?？\s]|$)"
_STOP = r"(?=[，。,！!？?；;]|$)"
# "在" before a verb is the progressive, not a place ("在考虑开个…", "在学画…"; still "在学校", "在研究所").
_AT = r"在(?!考虑|琢磨|犹豫|准备|打算|计划|想|研究(?![所院室中])|学(?![校院堂区生])|找|忙)"
_SPAN = r"(?:快|近|将近|差不多)?[一二三四五六七八九十几两半\d]+(?:多)?(?:年|个月|个多月)(?:多)?(?:的)?"
_DURATION = rf"(?:[了过]{_SPAN})"
_PLACE_END = r"(?=这边|那边|这里|那里|了|生活|定居|安家|工作|上班|[，。,！!；;]|$)"
_LIKE = r"喜欢|热爱|钟意|偏爱|(?<![可恋亲热友宠])爱(?:死了?)?(?![人心情好护])|迷上了?|爱上了?"
_MEASURE = r"(?:上)?(?:一|两|几|三|半)?(?:杯|碗|个|份|瓶|罐|块|片|口)?"
_DIETS = "|".join(sorted(DIETS_ZH, key=len, reverse=True))

FRAMES = [
    ("like", rf"(?P<neg>不怎么|不太|不是很|没那么|一点都不|一点也不|并不|不再|不)?{ADV}(?P<verb>{_LIKE})(?:的(?:就|也|还)?是)?(?P<act>吃|喝|玩|看|听|打|做|去|弹|画|唱|跳|读|逛)?{OBJ}", 1),
    ("like", rf"(?:爱好|兴趣)(?:是|就是|主要是){OBJ}", 1),
    ("dislike", rf"(?:讨厌|受不了|反感|烦透了|不爱)(?P<act>吃|喝|玩|看)?{OBJ}", -1),
    ("avoid", rf"(?:从来|绝对|完全|根本|坚决|已经|再也|一直|平时|一般|也|都)*(?:不|不能|不敢|没法|不会)(?P<verb>吃|喝|碰|沾)(?![完饱下过])(?P<obj>[^，。,！!？?；;\s了]{{1,12}})", -1),
    ("avoid", rf"(?P<verb>吃|喝)不了{OBJ}", -1),
    ("avoid", rf"忌口(?:的有|是)?{OBJ}", -1),
    ("avoid", rf"(?:^|[，,])(?:但|不过|可是|而且|所以|但是|其实)?{TOPIC}(?:和(?P<more>[\u4e00-\u9fff]{{1,6}}?))?(?:我|我们)?(?:是)?{ADV}"
              rf"(?:一[点口滴下](?:都|也)|从来|绝对|完全|根本|坚决|死活)?(?:不|不会|没法|不能|不敢)(?P<verb>碰|吃|喝|沾)(?!了)", -1),
    ("stop", rf"戒(?:了|掉了?){OBJ}", -1),
    ("stop", rf"(?:^|[，,把])(?:但|不过|所以|而且)?{TOPIC}(?:给)?(?:我)?(?:也|都|已经|早就)*戒(?:了|掉)", -1),
    ("stop", rf"不再(?P<verb>吃|喝|碰|玩|打|练|用|去|买|订)?{OBJ}", -1),
    ("stop", rf"(?:^|[，,])(?:但|不过|所以|而且)?{TOPIC}(?:我)?(?:也|都|已经|早就)*(?:不|没)(?P<verb>吃|喝|打|玩|练|跳|去|用|碰)了", -1),
    ("stop", rf"已经(?:有.{{1,4}})?不(?P<verb>吃|喝|玩|打|用|碰)(?P<obj>[^，。,！!？?；;\s]{{1,10}}?)了", -1),
    ("switch", rf"(?:把|从)(?P<old>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:换成|改成|换到|改为|改到|换了)了?(?P<obj>[\u4e00-\u9fffA-Za-z]{{1,10}}?){_STOP}", 1),
    ("switch", rf"(?:换成|改成|改喝|改吃|改用|改走|改去|改为|改到|换到)了?(?P<verb>喝|吃|用|去)?{OBJ}", 1),
    ("switch", rf"现在(?:早上|每天|平时|都|只|改|就|天天)*(?P<verb>喝|吃)(?P<obj>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?=了|[，。,！!]|$)", 1),
    ("need", rf"离不开{OBJ}", 1),
    ("need", rf"(?:没有|没)(?P<obj>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:的话)?(?:我)?(?:就|会|真的|根本|都)*(?:不行|活不了|受不了|难受|没精神|没法|[\u4e00-\u9fff]{{1,2}}不(?:下|了|来|起来|下去)饭?)", 1),
    ("need", rf"不(?P<verb>喝|吃|来){_MEASURE}(?P<obj>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:的话)?[，,]?(?:我|人)?(?:就|根本|都|简直|完全|真的|整个人|一整天|浑身|全身|一上午|一下午)*"
             r"(?:[\u4e00-\u9fff]{0,2}不(?:了|来|过来|起来|下去|行)|没精神|没劲|难受|打不起精神)", 1),
    ("habit", rf"每天(?:早上|早晨|晚上|中午|下午)?(?:都|必须|一定|会)?(?:得|要)?(?:(?P<verb>喝|吃){_MEASURE}|来(?:上)?(?:一|两|几|三|半)(?:杯|碗|瓶|罐))"
              rf"(?P<obj>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?=[，。,]|不然|才|$)", 1),
    ("use", rf"(?P<neg>别|不要|不用|不想|千万别|从不)?(?:再)?(?P<standing>以后都|以后|一直|都|只|默认|每次都|总是|认准|习惯)?(?:给我|帮我)?"
            rf"(?P<verb>用|选|买|订|坐|走|发|寄|认准)(?P<obj>[^，。,！!？?；;\s]{{1,12}})", 1),
    ("allergy", rf"对(?P<obj>[^，。,过]{{1,14}}?)(?:都|也)?(?:严重|特别|有点|有些|轻微|比较|非常|很|超级)?过敏", -1),
    ("allergy", r"(?P<obj>(?:(?!对)[\u4e00-\u9fffA-Za-z]){1,6}?)过敏(?!性|原|源)", -1),
    ("condition", r"(?:我有|有|得了|患有|确诊(?:了|为)?|查出(?:来)?(?:了)?|被诊断(?:出|为))(?![个一点些])(?P<obj>[\u4e00-\u9fff]{1,8}?)"
                  r"(?=[，。,！!；;好多]|$|的)", 0),
    ("condition", r"(?P<obj>[\u4e00-\u9fff]{2,8}?)(?:好多年|好几年|多年|很多年|几年)了", 0),
    ("state", rf"(?P<neg>不再|没再|不)?(?:是)?(?P<obj>{_DIETS})", 1),
    ("identity", r"我(?:现在|目前|已经|其实|本身|也)?是(?!做|干|搞|从事)(?:一名|一个|一位|个|名)?(?:(?P<place>[\u4e00-\u9fff]{2,4})的)?(?P<obj>[\u4e00-\u9fffA-Za-z]{1,10}?)(?=[，。,！!；;]|$)", 0),
    ("identity", r"我是(?:做|干|搞|从事)(?P<obj>[^，。,]{1,10}?)的", 0),
    ("identity", r"我(?:从事|做)(?P<obj>[^，。,]{1,8}?)(?:工作|行业|这一?行)", 0),
    ("name", rf"(?:我叫|我的名字(?:是|叫)|我名字(?:是|叫)|本人叫){NAME}", 0),
    ("call_me", rf"(?P<neg>别|不要|不用|甭)?(?:再)?(?:可以|就)?叫我(?:做)?{NAME}", 0),
    ("work", rf"{_AT}(?P<place>[^，。,在]{{1,14}}?)(?:上班|工作|任职|实习|打工)", 0),
    # "在银行做柜员", "在工地做了三年电工"; not an event done there ("在推拿店做的理疗", "在商场做了美甲")
    ("work", rf"{_AT}(?P<place>[^，。,在]{{1,14}}?)(?:做|当|干|搞|从事)(?!的|[了过](?!{_SPAN})){_DURATION}?"
             r"(?P<job>[^，。,]{1,12})", 0),
    ("work", r"(?:入职|跳槽到|加入了?)(?P<place>[^，。,]{2,14})", 0),
    ("business", r"(?:我(?:们|自己)?|自己)(?:在(?P<place>[^，。,]{1,8}?))?开了?(?:一|个)?(?:家|个|间)(?:小)?"
                 r"(?P<obj>[^，。,]{1,10}?(?:店|工作室|公司|餐厅|馆|厂|铺|超市|诊所|民宿|摊|档))", 0),
    ("study", rf"{_AT}(?P<place>[^，。,]{{1,8}}?)(?P<obj>读研|读博|读大学|上大学|读高中|上高中|读书|念书|留学|上学)", 0),
    ("identity", r"我(?:已经)?(?P<obj>退休)了?", 0),
    ("live", rf"(?:我|我们)(?:现在|目前|一直)?(?:住在|住|生活在|定居在?|常住)(?!址){PLACE}{_PLACE_END}", 0),
    ("live", rf"(?:搬到|搬去|搬来|搬回|搬家到)了?{PLACE}{_PLACE_END}", 0),
    ("live", rf"(?:去|到|在){PLACE}(?:生活|定居|安家|落户)", 0),
    ("origin", rf"我是{PLACE}人(?![员家])", 0),
    ("origin", rf"老家(?:在|是){PLACE}{_STOP}", 0),
    ("origin", rf"回{PLACE}老家", 0),
    ("origin", rf"我(?:是)?(?:在){PLACE}(?:长大|出生)", 0),
    ("address", r"(?:我家|我住|家住|住在|我家在|家庭住址|住址|地址)(?:是|在|：|:)?\s*(?P<obj>[^，。,；;！!？?]{4,48})", 0),
    ("have", rf"(?:我|我们|我家|家里|家)(?:有|养了|养着|养)(?P<count>[一两三四五六1-6几])(?:个|只|条|位)(?P<obj>[\u4e00-\u9fff]{{1,6}}?){_STOP}", 0),
    ("have", r"(?:我|我家|家里|家)(?:有|养了|养着|养的)(?:一)?(?:只|条)?(?P<obj>[\u4e00-\u9fff]{1,5}?)(?:叫|名叫|名字叫)(?P<name>[\u4e00-\u9fffA-Za-z]{1,6}?)(?=[，,。!！?？ ]|$)", 0),
    ("age", r"我(?:今年|已经|都)?(?P<obj>[\d一二三四五六七八九十]{1,3})岁(?:了)?(?=[，。,！!]|$)", 0),
    ("speak", r"我(?:会说|能说|会讲|能讲)(?P<obj>[\u4e00-\u9fff]{1,3}?(?:语|话|文))(?:[和、跟](?P<more>[\u4e00-\u9fff]{1,3}?(?:语|话|文)))?", 0),
    ("speak", r"母语是(?P<obj>[\u4e00-\u9fff]{1,3}?(?:语|话|文))", 0),
    ("relation", rf"我(?:的|家)?(?P<rel>{RELATION})(?:叫|名字叫|名字是)\s*(?P<obj>[A-Z][a-zA-Z]+|[\u4e00-\u9fff]{{2,3}}?)(?=[，,。 ！!]|$)", 0),
    ("relation", rf"我(?:的|家)?(?P<rel>{RELATION})\s*(?P<obj>[A-Z][a-zA-Z]+)\b", 0),
    ("pet", rf"(?:我们家|我家|我养的|我的|家里|我)(?:有|养了|养着|养的)?(?:一|两)?(?:只|条)?(?P<species>{SPECIES})"
            rf"(?:叫|名叫|名字叫)?(?P<obj>(?!{_PET_NAME_END})[\u4e00-\u9fffA-Za-z]{{1,4}}?){_PET_NAME_END}", 0),
    ("pet", rf"(?:领养|收养|捡|抱回|多)了(?:一|两)?(?:只|条)(?P<species>{SPECIES})(?P<obj>)", 0),
    ("plan", r"(?:打算|计划|准备)(?P<obj>[^，。,！!]{2,20})", 0),
    ("go", r"(?:要|得|会|将|还要|就要)(?P<obj>(?:去|飞|到)[^，。,！!？?]{2,16})", 0),
    ("start", r"(?:开始|正在|在|报名|报了个?|跟[^，。,]{1,8}?)学(?![校期院费位历堂])(?P<obj>[\u4e00-\u9fffA-Za-z]{1,6}?)(?=了|呢|课|[，。,！!]|$)", 1),
]
_COMPILED = [(frame, re.compile(pattern), polarity) for frame, pattern, polarity in FRAMES]

# Who a clause is about, read from the words that can be its subject; the last one said before the verb wins
# ("我同事小林对…" is the colleague, "老师说我对…" the speaker). A person right after a preposition or a verb that
# takes them as its object ("我和同事都…", "带 Tom 去…", "我是老师") is not the subject.
_OBJECT_OF = r"(?<![和跟与同带陪给帮让叫找对向被把在去到从回来住当做是为成的])\s?"
_CONNECTIVE = r"(?:对了|还有|另外|然后|而且|但是|不过|所以|其实|今天|昨天|最近|后来|现在|平时)?\s*"
_ROLES = "|".join(PEOPLE_ROLES_ZH)
_SUBJECT = re.compile(
    r"(?P<speaker>我)"
    r"|(?P<pronoun>[你您他她它])"
    rf"|(?P<pet>{SPECIES})"
    # Someone introduced as existing ("有位客人…", "有个邻居…", "有个叫…的"; 位 and 名 count only people): not the
    # speaker, nor their family.
    rf"|(?P<introduced>有(?:一)?(?:[位名]|个(?:叫|[\u4e00-\u9fff]{{0,4}}?(?:{_ROLES}|{RELATION}|人|姑娘|小伙|男生|女生))))"
    rf"|{_OBJECT_OF}(?P<relation>{RELATION})(?!们)"
    rf"|{_OBJECT_OF}(?P<role>{_ROLES})"
    # A familiar name ("小林", "老周", "阿强") or a Latin one ("Tom", "Mrs Lee") opening the clause, not
    # qualifying a thing ("Costco 的…").
    rf"|^{_CONNECTIVE}(?P<name>(?!小时|小区|小心|小说|小吃|小学|小组|老是|老实|老家|老年)[小老阿][\u4e00-\u9fff]"
    r"|(?:(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s)?[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?![A-Za-z]))(?!\s?的)")


def clause_subject(clause: str) -> str | None:
    """Who this (part of a) clause is about: "" for the speaker, the words that name someone else, or None when
    it names nobody (Chinese drops the subject: the clause before it says who)."""
    found = list(_SUBJECT.finditer(clause))
    if not found:
        return None
    last = found[-1]
    if last.lastgroup == "speaker":
        return ""
    said = last.group(last.lastgroup).strip()
    if last.lastgroup == "relation" and len(found) > 1:
        owner = found[-2]  # "他爱人…", "王老师的女儿…": someone else's family, not the speaker's
        if owner.lastgroup != "speaker" and not clause[owner.end():last.start()].strip(" 的"):
            return owner.group(owner.lastgroup).strip() + said
    return said


def names_a_person(phrase: str) -> bool:
    """Is this phrase (an object as read) a person other than the speaker ("同事小李", "小林"), not a thing or an
    animal ("狗肉", "小猫")?"""
    found = list(_SUBJECT.finditer(phrase))
    return bool(found) and found[-1].lastgroup not in ("speaker", "pet")


def someone_else(text: str, start: int) -> str:
    """Who the statement at ``start`` is about, when not the speaker: the subject of its clause before the verb,
    or for a clause without one, of the nearest clause before it in the sentence ("组里有位新人…，对虾过敏")."""
    for clause in reversed(re.split(r"[，,;；]", text[:start])):
        subject = clause_subject(clause)
        if subject is not None:
            return subject
    return ""


# "叫我" followed by what to do is being told, not a name ("叫我别熬夜", "叫我每天走一万步"; "叫我多多" is a name).
_TOLD_TO = re.compile(r"(?:少|多)(?![少多])|别|不要|不用|不准|按时|每天|天天|好好|注意|小心|记得|早点|晚点|赶紧|马上|尽量|去|来|回|把|给|帮|先")
# A pivot: the person after "陪 / 带 / 送 / 让" does what follows ("陪外甥在厦门念书": the nephew studies there).
_PIVOT = re.compile(r"(?:陪|带|送|让|替)着?(?:我的?|我家)?(?P<person>(?!我$)[\u4e00-\u9fffA-Za-z]{1,6})\s*$")


def _clause_before(text: str, start: int) -> str:
    """The words of ``start``'s clause that come before it."""
    return re.split(r"[，,;；。！!？?]", text[:start])[-1]


def _called_by_someone_else(text: str, start: int) -> bool:
    """Is "叫我…" at ``start`` said of someone else's calling ("教练叫我…", "我妈叫我…"), not asked of the listener?"""
    subject = clause_subject(_clause_before(text, start))
    return bool(subject) and subject not in ("你", "您")


# A time word for the past before a job, a home or a school in the same clause ("以前在工厂干活"): no longer so.
_IN_THE_PAST = re.compile(r"(?:以前|之前|从前|原来|曾经|过去|早年|年轻时|那时候?)[^，,；;]*$")
_NOW_OR_NEVER_PAST = ("work", "live", "study")
_ENDED = re.compile(r"不再|没再|了|已经|现在")
# "把X搬到Y" moves a thing, not the speaker ("把箱子搬进库房"); "把家搬到Y" is a move of home.
_MOVES_A_THING = re.compile(r"把(?!家)[^把]{1,10}$")


def _pivot_person(text: str, start: int) -> str:
    """The person a pivot verb right before ``start`` makes the doer of the statement, or ""."""
    pivot = _PIVOT.search(_clause_before(text, start))
    return pivot.group("person") if pivot else ""


def read(text: str) -> list[Said]:
    found = []
    for frame, pattern, base in _COMPILED:
        for match in pattern.finditer(text):
            groups = {name: (value or "").strip() for name, value in match.groupdict().items()}
            if frame == "use" and not (groups.get("neg") or groups.get("standing") or "我" in clause_at(text, *match.span())):
                continue  # "用筷子吃" is not a standing choice; "一直用X" is
            raw_obj = groups.get("obj", "")
            obj = raw_obj if frame in ("name", "call_me", "address", "relation", "pet") else clean_thing(raw_obj, chinese=True)
            if frame == "pet" and (not obj or obj in ("粮", "砂", "毛", "咪", "狗", "猫", "子", "儿", "仔", "崽")):
                obj = ""  # "我家猫粮…": no name; the pet is still there
            if frame not in ("live", "origin", "work", "name", "call_me", "pet") and not obj:
                continue
            if frame in ("like", "dislike") and names_a_person(obj):
                continue  # "我喜欢小林" is about a person, not a thing one eats or does
            if frame in ("avoid", "stop") and (re.fullmatch(RELATION, obj) or names_a_person(raw_obj)):
                continue  # the words before the verb are who the clause is about ("爸爸不吃…", "同事小李不吃…"), not a thing
            if frame in ("avoid", "stop", "switch") and f"{groups.get('verb', '')}{obj}" in DIETS_ZH:
                continue  # "不吃素了", "改吃素了": a diet begun or ended (the state frame reads it), no food
            if frame == "call_me" and (_TOLD_TO.match(obj) or _called_by_someone_else(text, match.start())):
                continue
            before = _clause_before(text, match.start())
            if frame == "live" and match.group(0).startswith("搬") and _MOVES_A_THING.search(before):
                continue
            if frame in _NOW_OR_NEVER_PAST and _IN_THE_PAST.search(before):
                continue
            if frame == "work" and re.search(r"(?:不|没|没有|不再)$", before):
                continue  # "不在X上班了": no job there now
            start = match.start("obj") if raw_obj and frame not in ("avoid", "stop") else match.start()
            owner = someone_else(text, start)
            if not owner and frame in ("study", "work", "live"):
                owner = _pivot_person(text, match.start())
            polarity = base
            if groups.get("neg") and frame in ("like", "use", "state", "call_me"):
                polarity = -1 if frame != "state" else 0
            if frame == "state" and (polarity == 0 and _ENDED.search(groups["neg"] + clause_at(text, *match.span()))
                                     or polarity > 0 and _IN_THE_PAST.search(before)):
                polarity = -1  # "不吃素了", "不再吃素", "以前吃素": a diet that ended
            if frame == "state" and polarity == 0:
                continue  # "不吃素" alone says nothing lasting
            found.append(Said(
                frame=frame, obj=obj, start=match.start(), end=match.end(), polarity=polarity,
                verb=groups.get("act", "") if frame in ("like", "dislike") else groups.get("act") or groups.get("verb", ""), old=clean_thing(groups.get("old", ""), chinese=True),
                owner=owner, changed=frame in ("stop", "switch") or has_change_marker(clause_at(text, *match.span()), chinese=True),
                parts={key: value for key, value in groups.items() if key in ("place", "job", "count", "name", "more", "rel", "species")
                       and value},
            ))
    return found

"""Chinese rules, part two: who the user is (names, work, city, home), the people and pets around them,
routines and dates, trips, budgets and the brands they stick to."""
import re

from .lexicon import (
    CITIES_ZH, CLAUSE_INITIAL_RELATIONS_ZH, EXERCISES_ZH, HONORIFICS_ZH, OCCUPATION_SUFFIXES_ZH, PET_SPECIES_ZH,
    RELATIONS_ZH, SURNAMES_ZH, ZH_NUMBER_CHARS,
)
from .rules import Match, RuleContext, first_per_key, preference_marked, segment, split_items, zh_rule
from .rules_zh import owner_relation

_CITY = "|".join(sorted(CITIES_ZH, key=len, reverse=True))
_NAME_STOP = "吧就好行哈啊呀了哦呢嘛啦，,。!！?？ "
_NAME = rf"(?P<name>[A-Za-z][A-Za-z\-]{{1,20}}|[\u4e00-\u9fff]{{1,4}}?)(?=[{_NAME_STOP}]|就|$)"


def _cities_in(text: str) -> list[str]:
    return re.findall(_CITY, text)


def city_match(ctx: RuleContext, text_span: tuple[int, int], city: str, confidence: float = 0.8) -> Match:
    template = f"{ctx.subject}在{city}生活。"
    return Match("profile.location.city", city, *text_span, confidence=confidence, importance=0.5,
                 entities=[city], text=template, attach=False)


# --- names ----------------------------------------------------------------------------------------------

_OWN_NAME = re.compile(rf"(?:我叫|我的名字(?:是|叫)|我名字(?:是|叫)|本人叫?|鄙人){_NAME}")
_CALL_ME = re.compile(rf"(?P<neg>别|不要|不用|甭)?(?:再)?叫我(?:做)?{_NAME}")
_HONORIFIC_NAME = re.compile(
    rf"我是(?:(?P<city>{_CITY})的)?(?P<name>[{SURNAMES_ZH}](?:{'|'.join(HONORIFICS_ZH)}))(?=[，,。]|$)"
)


@zh_rule
def names(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _OWN_NAME.search(ctx.text)
    if found:
        name = found.group("name")
        matches.append(Match("profile.name", name, *found.span(), confidence=0.9, importance=0.7, entities=[name],
                             text=f"{ctx.subject}叫{name}。", attach=False))
    for found in _CALL_ME.finditer(ctx.text):
        if found.group("neg") or found.group("name") in ("什么", "啥", "一声"):
            continue
        name = found.group("name")
        matches.append(Match("profile.preferred_name", name, *found.span(), kind="preference", confidence=0.9,
                             importance=0.7, entities=[name], text=f"{ctx.subject}希望被称呼为“{name}”。", attach=False))
    found = _HONORIFIC_NAME.search(ctx.text)
    if found:
        name = found.group("name")
        matches.append(Match("profile.preferred_name", name, *found.span(), kind="preference", confidence=0.8,
                             importance=0.7, entities=[name], text=f"{ctx.subject}自称{name}。", attach=False))
        if found.group("city"):
            matches.append(city_match(ctx, found.span(), found.group("city")))
    return matches


# --- work and where the user lives ----------------------------------------------------------------------

_SUFFIXES = "|".join(sorted(OCCUPATION_SUFFIXES_ZH, key=len, reverse=True))
_I_AM_JOB = re.compile(rf"我是(?:一名|一个|一位|个|名)?(?:(?P<city>{_CITY})的)?(?P<job>[\u4e00-\u9fffA-Za-z]{{0,8}}?(?:{_SUFFIXES}))(?=[，,。]|$|，)")
_DO_JOB = re.compile(r"我是(?:做|干|搞|从事)(?P<job>[^，。,]{1,10}?)的")
_WORK_AT = re.compile(
    r"(?:我)?在(?P<place>[^，。,在]{1,14}?)(?:做|当|干|搞|从事)(?P<job>[^，。,]{1,12})"
    r"|(?:我)?在(?P<place2>[^，。,在]{2,14}?)(?:上班|工作|任职|实习)"
)
_DRIVE = re.compile(r"(?:我)?(?:在(?P<place>[^，。,]{1,8}?))?开(?P<vehicle>出租车?|网约车|滴滴|货车|大车|公交车?|大巴)")
_BUSINESS = re.compile(r"(?:我)?(?:在(?P<place>[^，。,]{1,8}?))?开了?(?:一|个)?(?:家|个|间)(?:小)?(?P<biz>[^，。,]{1,10}?(?:店|工作室|公司|餐厅|馆|厂|铺|超市|诊所|民宿|摊))")
_STUDY = re.compile(r"(?:我)?(?:在(?P<place>[^，。,]{1,8}?))?(?P<level>读研|读博|读大学|上大学|读高中|上高中|读书|念书|留学)")
_RETIRED = re.compile(r"退休(?:在家|了|啦)?(?!的)")  # "退休的刘老师" is someone else
_EMPLOYER_HINT = re.compile(r"一家|公司|事务所|医院|学校|银行|店|厂|集团|工作室|机构|单位|大学|中学|小学|研究所|律所")
_MOVED = re.compile(rf"(?:刚|才|已经)?(?:搬到|搬来|搬去|住在|定居在?|落户)(?P<place>(?:{_CITY})[\u4e00-\u9fff]{{0,6}}|[\u4e00-\u9fff]{{2,6}})")
_HOMETOWN = re.compile(r"回(?P<place>[\u4e00-\u9fff]{2,4}?)老家|老家(?:在|是)(?P<place2>[\u4e00-\u9fff]{2,6})")


def _work_city(ctx, place: str, span, matches):
    for city in _cities_in(place or "")[:1]:
        matches.append(city_match(ctx, span, city, 0.75))


@zh_rule
def occupation(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    job_found = _I_AM_JOB.search(text) or _DO_JOB.search(text)
    if job_found:
        job = job_found.group("job")
        matches.append(Match("profile.occupation", job, *job_found.span(), confidence=0.85, importance=0.6, entities=[job]))
        _work_city(ctx, job_found.groupdict().get("city"), job_found.span(), matches)
    for found in _WORK_AT.finditer(text):
        place = found.group("place") or found.group("place2")
        if place in ("家", "家里", "这", "那") or re.search(r"什么|哪", place) or re.search(r"义工|志愿", found.group(0)):
            continue  # volunteering is an activity (hobby.volunteer), not the job
        job = found.group("job")
        if job and not job_found:
            job = re.split(r"[，,]", job)[0]
            matches.append(Match("profile.occupation", job, *found.span(), confidence=0.8, importance=0.6, entities=[job]))
        employer = re.sub(rf"^(?:{_CITY})|^(?:一家|一个|个|家)", "", re.sub(rf"^(?:{_CITY})", "", place)).strip()
        if _EMPLOYER_HINT.search(place) and employer:
            employer = re.sub(r"^(?:一家|一个|家)", "", employer)
            matches.append(Match("work.employer", employer, *found.span(), confidence=0.75, importance=0.5,
                                 entities=[employer], text=f"{ctx.subject}在{place}工作。", attach=False))
        _work_city(ctx, place, found.span(), matches)
    for pattern, field in ((_DRIVE, "vehicle"), (_BUSINESS, "biz"), (_STUDY, "level")):
        found = pattern.search(text)
        if not found:
            continue
        what = found.group(field)
        key = "work.business" if field == "biz" else "profile.occupation"
        value = {"vehicle": f"开{what}", "biz": what, "level": what}[field]
        entities = [what] + ([found.group("place")] if found.group("place") else [])
        matches.append(Match(key, value, *found.span(), confidence=0.85, importance=0.6, entities=entities))
        _work_city(ctx, found.group("place"), found.span(), matches)
    found = _RETIRED.search(text)
    if found and re.search(r"我|退休在家", text):
        matches.append(Match("profile.occupation", "退休", *found.span(), confidence=0.8, importance=0.5))
    return first_per_key(matches)


@zh_rule
def location(ctx: RuleContext) -> list[Match]:
    matches = []
    found = _MOVED.search(ctx.text)
    if found and not owner_relation_at(ctx.text, found.start()):
        place = re.sub(r"(?:这边|那边|这里|那里|附近|一带|了)$", "", found.group("place"))
        city = (_cities_in(place) or [place])[0]
        matches.append(Match("profile.location.city", city, *found.span(), confidence=0.85, importance=0.6,
                             entities=list(dict.fromkeys([city, place]))))
    found = _HOMETOWN.search(ctx.text)
    if found:
        place = found.group("place") or found.group("place2")
        matches.append(Match("profile.hometown", place, *found.span(), confidence=0.8, importance=0.5, entities=[place],
                             whole_sentence=True))
    return matches


_ADDRESS = re.compile(r"(?:我家|我住|家住|住在|我家在|家庭住址|住址|地址)(?:是|在|：|:)?\s*(?P<addr>[^，。,；;！!？?]{4,48})")
_ADDRESS_MARKERS = re.compile(r"区|路|街|巷|弄|号|楼|栋|幢|单元|室|小区|村|苑|花园|公寓|大厦|\d{3,4}")


@zh_rule
def home_address(ctx: RuleContext) -> list[Match]:
    found = _ADDRESS.search(ctx.text)
    if not found:
        return []
    address = found.group("addr").strip()
    if len(_ADDRESS_MARKERS.findall(address)) < 2:
        return []  # "我住在杭州" is a city, not an address
    return [Match("profile.home_address", address, *found.span(), confidence=0.85, importance=0.6, sensitivity="high",
                  is_private=True, text=f"{ctx.subject}家的地址是{address}。", attach=False)]


# --- family and pets ----------------------------------------------------------------------------------------

_RELATION = "|".join(sorted(RELATIONS_ZH, key=len, reverse=True))
_UNIQUE_RELATIONS = {"husband", "wife", "spouse", "boyfriend", "girlfriend", "partner", "father", "mother"}
_NAMED_RELATION = re.compile(rf"我(?:的|家)?(?P<rel>{_RELATION})(?:叫|是|名字叫)?\s*(?P<name>[A-Z][a-zA-Z]+|(?<=叫)[\u4e00-\u9fff]{{2,3}}(?=[，,。 ]|$|[^\u4e00-\u9fff]))")
_RELATION_START = re.compile(rf"^(?:我(?:的|家)?|家里|屋头)?(?P<rel>{_RELATION})")
_CHILD_COUNT = re.compile(r"(?P<count>[一两三四五1-5])个(?:娃|孩子|小孩|宝宝|儿子|女儿|闺女)")


def owner_relation_at(text: str, position: int) -> str:
    return owner_relation(text[:position])


@zh_rule
def family(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    if re.search(r"分手|离婚|分开了", text):
        return []  # a break-up is a forget request, not a memory about the ex
    for found in _NAMED_RELATION.finditer(text):
        relation, name = RELATIONS_ZH[found.group("rel")], found.group("name")
        key = f"family.{relation}" if relation in _UNIQUE_RELATIONS else f"family.{relation}.{segment(name)}"
        matches.append(Match(key, name, *found.span(), confidence=0.85, importance=0.6, entities=[name]))
    found = _CHILD_COUNT.search(text)
    if found and not matches:
        matches.append(Match("family.children", found.group(0), *found.span(), confidence=0.8, importance=0.6))
    if not matches:
        first = ctx.sentence.clauses[0].text
        start = _RELATION_START.match(first)
        if start and (first.startswith(("我", "家里", "屋头")) or start.group("rel") in CLAUSE_INITIAL_RELATIONS_ZH):
            rest = first[start.end():].strip("，, ")
            if rest and not re.match(r"^(?:和|跟|与|也|说|问)", rest):
                relation = RELATIONS_ZH[start.group("rel")]
                matches.append(Match(f"family.{relation}", rest, 0, len(first), confidence=0.75, importance=0.55,
                                     entities=[start.group("rel")], weak=True))
    return matches


_SPECIES = "|".join(sorted(PET_SPECIES_ZH, key=len, reverse=True))
_PET_NAME_STOP = r"这|最近|今天|昨天|又|老|不|特别|总|一直|很|是|也|都|还|就|在|把|被|有|会|吃|喝|睡|跑|[一二三四五六七八九十两\d]+岁|[，,。!！?？]|$"
_PET = re.compile(
    rf"(?:我家|我养的|我的|家里|我|屋头)(?:有|养了|养着|养的)?(?:一|两|三)?(?:只|条|个|头)?(?:小)?(?P<species>{_SPECIES})"
    rf"(?:(?:叫|名叫|名字叫)(?P<called>[\u4e00-\u9fffA-Za-z]{{1,6}}?)|(?P<bare>(?!{_PET_NAME_STOP})[\u4e00-\u9fffA-Za-z]{{1,4}}?))(?={_PET_NAME_STOP})"
)


@zh_rule
def pets(ctx: RuleContext) -> list[Match]:
    matches = []
    for found in _PET.finditer(ctx.text):
        name, species = found.group("called") or found.group("bare"), found.group("species")
        if not name or name in ("粮", "砂", "毛", "咪"):
            continue
        rest = ctx.text[found.end():].split("，")[0].split(",")[0]
        template = f"{ctx.subject}养了一只{species}，叫{name}" + (f"，{rest}" if rest else "") + "。"
        matches.append(Match(f"pets.{segment(name)}", f"{species}：{name}", *found.span(), confidence=0.85,
                             importance=0.55, entities=[name, species], text=template.replace("我", ctx.subject)))
    return matches


# --- routines, schedules, deadlines, trips ---------------------------------------------------------------

_EXERCISE = "|".join(sorted(EXERCISES_ZH, key=len, reverse=True))
_ROUTINE = re.compile(rf"(?:每天|每周|每晚|每早|天天|平时|经常|一般|周末|每个周末|每逢)[^，。,]{{0,14}}?(?:{_EXERCISE})[^，。,]{{0,4}}")
_NEW_ROUTINE = re.compile(rf"(?:改成|换成|改为|开始|改去|改)(?P<what>[^，。,]{{0,14}}?(?:{_EXERCISE})[^，。,]{{0,4}})")
_STOPPED = re.compile(rf"(?P<what>{_EXERCISE})(?:也|都)?(?:不|没)(?:打|练|跑|跳|去|做)了")


@zh_rule
def routine(ctx: RuleContext) -> list[Match]:
    for pattern, polarity in ((_NEW_ROUTINE, 1), (_ROUTINE, 1), (_STOPPED, -1)):
        found = pattern.search(ctx.text)
        if found:
            value = (found.groupdict().get("what") or found.group(0)).strip()
            value = f"不再{value}" if polarity < 0 else value
            return [Match("hobby.exercise", value, *found.span(), kind="preference", polarity=polarity, confidence=0.85,
                          importance=0.5, entities=re.findall(_EXERCISE, found.group(0)), whole_sentence=True)]
    return []


_CLASS = re.compile(r"(?P<cls>(?:钢琴|舞蹈|游泳|英语|数学|语文|物理|化学|美术|编程|奥数|书法|围棋|画画|网球|足球|篮球|跆拳道|小提琴|吉他|声乐)?(?:补习班|辅导班|兴趣班|培训班|补课|家教|课))")
_WEEKLY = re.compile(r"(?:每周|每个?星期|每个?礼拜|周|星期|礼拜)[一二三四五六日天末](?:上午|下午|晚上|早上|中午)?|每天(?:上午|下午|晚上|早上|中午)?|每晚")
_CLASS_SEGMENTS = {"补习": "tutoring", "补课": "tutoring", "辅导": "tutoring", "家教": "tutoring"}


@zh_rule
def class_schedule(ctx: RuleContext) -> list[Match]:
    found_class, found_time = _CLASS.search(ctx.text), _WEEKLY.search(ctx.text)
    if not found_class or not found_time:
        return []
    name = found_class.group("cls")
    seg = next((value for word, value in _CLASS_SEGMENTS.items() if word in name), segment(name))
    start, end = min(found_class.start(), found_time.start()), max(found_class.end(), found_time.end())
    return [Match(f"schedule.{seg}", found_time.group(0), 0 if owner_relation_at(ctx.text, start) else start, end,
                  kind="fact", confidence=0.85, importance=0.6, entities=[name])]


_NUM = rf"(?:\d{{1,4}}|[{ZH_NUMBER_CHARS}]{{1,4}})"
_DATE = (rf"{_NUM}\s*月\s*{_NUM}\s*[号日]|{_NUM}\s*月(?:份|初|中|底)?|下(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?|下个?月[初中底]?|月[初中底]|年[底前]|这周[一二三四五六日天末]"
         r"|清明|五一|十一|国庆|春节|过年|元旦|端午|中秋|暑假|寒假")
_DEADLINE = re.compile(rf"(?P<date>{_DATE})[^，。,]{{0,6}}?(?:要|得|需要|必须|就要)?(?P<verb>交|提交|上线|发布|release|截止|考试|考|答辩|汇报|出货|交付|发货|开学|中考|高考)(?P<obj>[^，。,]{{0,14}})")


@zh_rule
def deadline(ctx: RuleContext) -> list[Match]:
    found = _DEADLINE.search(ctx.text)
    if not found or owner_relation_at(ctx.text, found.start()) or re.search(r"打算|准备|去.{0,4}玩", ctx.text):
        return []
    thing = re.sub(r"^(?:一个|个|一份|一批|了)", "", found.group("obj")).strip() or found.group("verb")
    seg = segment(thing.split("的")[-1][-4:] if re.search(r"[\u4e00-\u9fff]", thing) else thing)
    return [Match(f"schedule.deadline.{seg}", f"{found.group('date')}{found.group('verb')}{found.group('obj')}".strip(),
                  *found.span(), kind="episode", confidence=0.8, importance=0.6, entities=[thing])]


_TRIP = re.compile(
    r"(?:打算|准备|计划|要|想|会|将)[^，。,]{0,8}?(?:去|到|飞)(?P<place>[\u4e00-\u9fffA-Za-z]{2,6}?)"
    r"(?=玩|旅游|旅行|度假|出差|自驾|看看|待|住|过|转转|逛逛|[一二三四五六七八九十两\d]+天|，|,|。|$)"
)
_NOT_A_TRIP = re.compile(r"医院|公司|超市|学校|上班|买菜|商场|银行|菜市场|健身房|单位|楼下|附近")


@zh_rule
def trip(ctx: RuleContext) -> list[Match]:
    found = _TRIP.search(ctx.text)
    if not found or _NOT_A_TRIP.search(found.group("place")):
        return []
    place = found.group("place")
    if place not in CITIES_ZH and not re.search(r"玩|旅游|旅行|度假|出国|机票|酒店|[一二三四五六七八九十两\d]+天|出差", ctx.text):
        return []
    return [Match(f"travel.plan.{segment(place)}", ctx.text.strip("，, "), *found.span(), kind="episode", confidence=0.8,
                  importance=0.55, entities=[place], whole_sentence=True)]


_SEAT = re.compile(r"(?P<neg>别|不要|不想)?(?:坐|选|订|要)?(?P<seat>靠窗|靠过道|靠走廊|过道|窗边)(?:的)?(?:座位|位置|位子)?")


@zh_rule
def seat(ctx: RuleContext) -> list[Match]:
    found = _SEAT.search(ctx.text)
    if not found or not re.search(r"座|位|机票|航班|高铁|火车|飞机", ctx.text):
        return []
    seat_kind = "靠窗" if found.group("seat") in ("靠窗", "窗边") else "靠过道"
    polarity = -1 if found.group("neg") else 1
    value = ("不要" if polarity < 0 else "") + seat_kind
    return [Match("travel.seat", value, *found.span(), kind="preference", polarity=polarity, confidence=0.85,
                  importance=0.55, text=f"{ctx.subject}坐飞机或火车时{value}的座位。")]


# --- money -----------------------------------------------------------------------------------------------

_AMOUNT = rf"(?:\d[\d,\.]*\s*(?:万|千|百|k|w|K|W)?|[{ZH_NUMBER_CHARS}]{{1,8}})\s*(?:块钱|元|块|万|美金|美元|刀|人民币|欧元)?"
_BUDGET = re.compile(rf"预算(?:是|就|大概|大约|只有|控制在|在|为|差不多|最多|不超过|就是|：|:)*\s*(?P<amount>{_AMOUNT})(?P<bound>以内|左右|以下|上下|之内)?")
_BUDGET_CATEGORIES = {
    "装修": "renovation", "衣服": "clothing", "服装": "clothing", "笔记本": "laptop", "电脑": "computer", "手机": "phone",
    "旅游": "travel", "旅行": "travel", "婚礼": "wedding", "结婚": "wedding", "买车": "car", "车": "car", "买房": "housing",
    "房": "housing", "礼物": "gift", "吃饭": "food", "伙食": "food", "外卖": "food", "教育": "education", "补习": "education",
    "家具": "furniture", "相机": "camera", "护肤": "skincare", "化妆品": "cosmetics", "健身": "fitness",
}
_MONEY_FACTS = (
    (re.compile(rf"(?:流水|营业额|营收|销售额)(?:有|是|大概|差不多|就|约)*\s*(?P<amount>{_AMOUNT})"), "business.revenue"),
    (re.compile(rf"(?:利润|净利|赚了?|盈利)(?:有|是|大概|差不多|就|约)*\s*(?P<amount>{_AMOUNT})(?:出头|左右|多)?"), "business.profit"),
    (re.compile(rf"(?:月薪|工资|年薪|收入|年收入)(?:有|是|大概|差不多|就|约)*\s*(?P<amount>{_AMOUNT})"), "finance.income"),
    (re.compile(rf"(?:目标|指标|KPI)(?:定下来了|定了|是|为|定在)*[，,]?\s*(?P<amount>{_AMOUNT})"), "work.target"),
)


@zh_rule
def money(ctx: RuleContext) -> list[Match]:
    text, matches = ctx.text, []
    found = _BUDGET.search(text)
    if found and re.search(r"\d|[一二两三四五六七八九十]", found.group("amount")):
        before = text[:found.start()]
        said = next((word for word in _BUDGET_CATEGORIES if word in before), "")
        period = re.search(r"每个?月|每年|一年|每周|一个月", before)
        value = (period.group(0) if period else "") + found.group("amount").strip() + (found.group("bound") or "")
        start = before.find(said) if said else found.start()  # "想换台笔记本，预算一万二以内": the thing is part of it
        matches.append(Match(f"budget.{_BUDGET_CATEGORIES.get(said, 'general')}", value, start, found.end(), kind="fact",
                             confidence=0.85, importance=0.6, entities=[found.group("amount").strip(), said]))
    for pattern, key in _MONEY_FACTS:
        found = pattern.search(text)
        if found and re.search(r"\d|[一二两三四五六七八九十]", found.group("amount")):
            sensitivity = "low" if key == "work.target" else "medium"
            matches.append(Match(key, found.group("amount").strip(), *found.span(), kind="fact", confidence=0.75,
                                 importance=0.5, sensitivity=sensitivity))
    return matches


# --- brands ------------------------------------------------------------------------------------------------

_ONLY_BRAND = re.compile(r"只(?:用|买|喝|吃|认|选)(?P<brand>[\u4e00-\u9fffA-Za-z&]{2,8}?)(?:牌|家)?的(?P<product>[\u4e00-\u9fff]{1,10})")
_SWITCH_BRAND = re.compile(r"(?P<product>[\u4e00-\u9fff]{1,10}?)(?:都|也|就|全)?(?:换成|改用|改成|只用|只买|换)(?P<brand>[\u4e00-\u9fff]{1,6}牌|[A-Z][\w&\-]+)")


@zh_rule
def brands(ctx: RuleContext) -> list[Match]:
    for pattern in (_ONLY_BRAND, _SWITCH_BRAND):
        found = pattern.search(ctx.text)
        if not found:
            continue
        product = re.sub(r"^(?:以后|今后|我|做\S{0,4}?我|都)+", "", found.group("product"))
        products = split_items(product)
        if not products:
            continue
        brand = found.group("brand")
        return [Match(f"shopping.brand.{segment(products[0])}", brand, *found.span(), kind="preference", polarity=1,
                      confidence=0.9 if preference_marked(ctx.text) else 0.8, importance=0.55, entities=[brand, *products])]
    return []

"""Forget intents: "别再记我的地址了", "之前跟你说的店里流水和利润，你都别记了", "forget my phone number",
"忘掉关于我的一切". Each becomes a ``ForgetRequest`` whose terms and key prefixes let the pipeline find every
copy of what the user wants gone; the same message must not store the thing again.
"""
import re
from dataclasses import dataclass, field

from .language import clause_texts


@dataclass
class ForgetRequest:
    terms: list[str] = field(default_factory=list)  # words to match memory text / value / entities
    key_prefixes: list[str] = field(default_factory=list)
    everything: bool = False
    text: str = ""  # the clause that asked (redacted)

    def as_dict(self) -> dict:
        return {"terms": self.terms, "key_prefixes": self.key_prefixes, "everything": self.everything, "text": self.text}

    def covers(self, *, key: str = "", text: str = "", value: str = "", entities: list[str] | None = None) -> bool:
        """Does a memory (or a candidate) fall under this request?"""
        if self.everything or any(key.startswith(prefix) for prefix in self.key_prefixes if prefix):
            return True
        haystack = " ".join([text, value, *(entities or [])]).lower()
        return any(term.lower() in haystack for term in self.terms if term)


# (what the user may call it, terms to search memories with, key prefixes it lives under)
_TOPICS = [
    (r"地址|住址|住哪|家在|住在|小区|门牌|楼号|(?i:address|where I live)",
     ["地址", "住址", "家庭住址", "小区", "门牌", "号楼", "家住", "address"], ["profile.home_address", "home.address", "profile.address"]),
    (r"流水|利润|收入|赚|营业额|营收|盈利|工资|月薪|年薪|(?i:revenue|profit|income|earnings|sales|salary)",
     ["流水", "利润", "收入", "赚", "营业额", "营收", "盈利", "revenue", "profit", "income"],
     ["business.revenue", "business.profit", "finance.income", "finance.", "work.revenue"]),
    (r"手机|电话|号码|微信|(?i:phone|cell|mobile|number)", ["手机", "电话", "微信", "phone"], ["profile.phone", "contact."]),
    (r"身份证|护照|银行卡|卡号|密码|(?i:passport|id card|bank card|password)", ["身份证", "护照", "卡号", "密码", "passport", "password"],
     ["profile.id", "profile.passport", "finance.card"]),
    (r"前任|前男友|前女友|前夫|前妻|男朋友|女朋友|对象|(?i:\bex\b|boyfriend|girlfriend)",
     ["前任", "男朋友", "女朋友", "对象", "boyfriend", "girlfriend", "ex"],
     ["family.ex", "family.boyfriend", "family.girlfriend", "family.partner", "relationship."]),
    (r"过敏|(?i:allerg)", ["过敏", "allerg"], ["health.allergy"]),
    (r"病|健康|身体|体检|(?i:health|condition|medical|diagnos)", ["病", "health"], ["health."]),
    (r"名字|叫我|称呼|(?i:\bname\b)", ["名字", "称呼", "name"], ["profile.name", "profile.preferred_name"]),
    (r"工作|职业|公司|单位|(?i:\bjob\b|\bwork\b|employer)", ["工作", "公司", "job", "work"], ["profile.occupation", "work."]),
    (r"宠物|(?i:\bpets?\b)", ["宠物", "pet"], ["pets."]),
    (r"预算|(?i:budget)", ["预算", "budget"], ["budget."]),
    (r"孩子|儿子|女儿|家人|老公|老婆|(?i:\bkids?\b|children|family|husband|wife)", [], ["family."]),
]

_EVERYTHING = re.compile(
    r"(?:忘掉|忘记|忘了|删掉|删除|删了|清空|清除|抹掉)(?:关于我的|我的|有关我的|我说过的|我跟你说过的)?(?:一切|所有|全部)(?:记忆|信息|内容|东西|事情?|数据)?"
    r"|(?:把|将)?(?:关于我的|我的)(?:所有|全部)?(?:记忆|信息|数据)(?:都|全)?(?:删|清|忘)"
    r"|(?i:\b(?:forget|delete|erase|wipe|remove)\s+(?:everything|all)\b(?:\s+(?:about|you know about|of)\s+me)?|\b(?:delete|erase|wipe)\s+(?:all\s+)?my\s+(?:data|memories|information|info)\b)"
)
_ZH_VERB = r"(?:删掉|删了|删除|删|忘掉|忘了|忘记|清掉|清除|别记了?|不要记了?|别再记了?|不用记了?|别存了?|不要存了?|别再提了?|不要再提了?)"
_ZH_OBJECT_BEFORE = re.compile(rf"(?:把|将)?(?P<obj>[^，。！？]{{0,24}}?)(?:你)?(?:都|也|就|全|全部|给我)*{_ZH_VERB}")
_ZH_OBJECT_AFTER = re.compile(r"(?<!我)(?:别|不要|不用|甭)(?:再)?(?:记|记住|保存|存|提)(?:着|住)?(?P<obj>[^，。！？]{0,16})|(?<![我他她])(?:忘掉|忘记|删掉|删除)(?P<obj2>[^，。！？]{1,16})")
_EN_FORGET = re.compile(
    r"(?<!don't )(?<!not )\b(?:forget|delete|erase|remove|wipe|stop remembering|don't remember|do not remember|don't keep|don't store|"
    r"stop bringing up|don't bring up|never mention)\s+(?:about\s+)?(?P<obj>[^,.;!?]{1,60})", re.I)
_PRONOUNS = re.compile(r"^(?:他|她|它|他们|她们|him|her|them|they|he|she)$", re.I)
_PERSON_FROM_BREAKUP = re.compile(r"(?:和|跟|与)(?P<name>[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+)(?:分手|离婚|分开|闹掰)|(?i:broke up with|split (?:up )?with|divorced)\s+(?P<name2>[A-Z][a-z]+)")


def _clean_object(text: str) -> str:
    text = re.sub(r"^(?:以后|今后|再|也|请|麻烦|你)+", "", text.strip())
    text = re.sub(r"(?:我)?(?:之前|以前|上次|刚才)?(?:跟你|和你|对你|给你)?(?:说|讲|提|告诉你)(?:过)?的", "", text)
    text = re.sub(r"(?i)^(?:what|everything|anything|the stuff|the things?)\s+I\s+(?:told|said to|shared with|mentioned to)\s+you\s+(?:about\s+)?", "", text)
    text = re.sub(r"^(?:关于|有关)|(?:的事情?|的事儿|相关的|那些|这些|的信息|的东西)$|了$|吧$|了吧$", "", text)
    text = re.sub(r"(?i)^(?:about\s+)?(?:my|the|that|those|all|of)\s+", "", text.strip())
    text = re.sub(r"^(?:我的|我|你|都|店里的?)", "", text)
    return text.strip(" ，,的")


def _people_in(message: str) -> list[str]:
    return [found.group("name") or found.group("name2") for found in _PERSON_FROM_BREAKUP.finditer(message)]


def _request_for(obj: str, clause: str, message: str) -> ForgetRequest | None:
    terms: list[str] = []
    prefixes: list[str] = []
    for item in re.split(r"和|、|以及|及|还有|与|,|\band\b", obj):
        item = item.strip()
        if not item:
            continue
        if _PRONOUNS.match(item):
            names = _people_in(message)
            terms += names
            if names:
                prefixes += ["family.boyfriend", "family.girlfriend", "family.partner", "family.ex", "relationship."]
            continue
        terms.append(item)
    for pattern, topic_terms, topic_prefixes in _TOPICS:
        if re.search(pattern, obj):
            terms += topic_terms
            prefixes += topic_prefixes
    if _people_in(message) and re.search(r"他|她|him|her|关于", clause, re.I):
        terms += _people_in(message)
        prefixes += ["family.boyfriend", "family.girlfriend", "family.partner", "family.ex", "relationship."]
    terms = [term for term in dict.fromkeys(terms) if len(term) >= 2 or term.isascii() and len(term) >= 2]
    if not terms and not prefixes:
        return None
    return ForgetRequest(terms=terms, key_prefixes=list(dict.fromkeys(prefixes)), text=clause)


def detect_forget_requests(message: str) -> list[ForgetRequest]:
    requests: list[ForgetRequest] = []
    clauses = clause_texts(message)
    for index, clause in enumerate(clauses):
        if _EVERYTHING.search(clause):
            requests.append(ForgetRequest(everything=True, text=clause))
            continue
        objects = []
        for pattern in (_ZH_OBJECT_BEFORE, _ZH_OBJECT_AFTER, _EN_FORGET):
            for found in pattern.finditer(clause):
                obj = _clean_object(next((group for group in found.groups() if group), "") or "")
                if obj:
                    objects.append(obj)
        if not objects and re.search(_ZH_VERB, clause) and index > 0 and not is_forget_clause(clauses[index - 1]):
            objects.append(_clean_object(clauses[index - 1]))  # "之前跟你说的店里流水和利润，你都别记了"
        for obj in objects:
            request = _request_for(obj, clause, message)
            if request:
                requests.append(request)
                break
    return _distinct(requests)


def _distinct(requests: list[ForgetRequest]) -> list[ForgetRequest]:
    """"以后别再提他，关于他的事都别记了" asks once, in two clauses."""
    seen, kept = set(), []
    for request in requests:
        signature = (tuple(sorted(request.terms)), tuple(sorted(request.key_prefixes)), request.everything)
        if signature not in seen:
            seen.add(signature)
            kept.append(request)
    return kept


def is_forget_clause(clause: str) -> bool:
    return bool(_EVERYTHING.search(clause) or re.search(_ZH_VERB, clause) or _ZH_OBJECT_AFTER.search(clause) or _EN_FORGET.search(clause))

"""Numbers that are secret because of what they are called: an ID-like token (letters and digits, at least six
digits) a few words from the name of an identity document, a card, an account or a phone.

The names are a domain lexicon of identity documents in Chinese and English; the value is found by shape, so
"护照号码是 E12345678", "passport no. E12345678" and "E12345678, that's the passport" all read the same."""
import re
from collections.abc import Iterator

from .base import Secret, follows_reference_word, is_amount, is_date_or_time, sentence_limit, sentence_start
from .phones import is_business_line

_EN = re.I | re.A


def _words(chinese: str, english: str, *, acronyms: str = "") -> re.Pattern:
    """Chinese names anywhere (with their own "编号/号码" after them), English names as whole words, acronyms
    (SSN, ID…) in capitals only."""
    parts = [f"(?:{chinese})(?:编号|号码)?", rf"\b(?:{english})\b"] + ([rf"(?-i:\b(?:{acronyms})\b)"] if acronyms else [])
    return re.compile("|".join(parts), _EN)


# Most specific first: "ID card" is an id_card before the bare word "card" turns it into a bank card.
_NAMES: list[tuple[str, re.Pattern]] = [
    ("id_card", _words(r"身[份分]证(?:号码?|件|字号)?|居民身份号码",  # 身分证: Taiwan's spelling
                       r"(?:national |citizen |resident )?(?:identity|identification|id) card(?: number| no)?")),
    ("passport", _words(r"护照(?:号码?)?", r"passports?(?: number| no)?")),
    ("id_number", _words(
        r"居住证|暂住证|港澳通行证|往来港澳通行证|台胞证|回乡证|通行证|驾照|驾驶证|驾驶执照|行驶证|社保卡|社保[\u4e00-\u9fff]{0,2}号|社会保障号|社安号|社会安全号|医保卡|医保[\u4e00-\u9fff]{0,2}号|公积金[\u4e00-\u9fff]{0,2}号"
        r"|门禁卡|工牌|工卡|员工卡|校园卡|学生证|会员号|会员卡号|常旅客号|里程卡号|积分卡号|客户号|工号|员工号|学号|学籍号|准考证号?|军官证|士兵证|签证号?|户口本|证件(?:号码?)?|身份号码|居留许可|居留证|永居证|永久居留证|绿卡|揸车纸|税号|纳税人识别号|病历号|住院号|就诊卡号?|在留卡|国民保险号"
        r"|주민등록번호|외국인등록번호|个人番号|マイナンバー|在留カード",  # Korean and Japanese names, as a user may paste them
        r"(?:national |personal |tax |voter |student |employee |staff |member(?:ship)? |patient |health |insurance )id(?: number| no)?"
        r"|id (?:number|no)"
        r"|(?:driver'?s |driving )?licen[cs]e(?: number| no)?|(?:residence|work|study) (?:permit|card)(?: number| no)?|permit(?: number| no)?"
        r"|green card(?: number)?|(?:health|medical|insurance|benefits?|medicaid|medicare) card(?: number| no)?"
        r"|(?:background |police |criminal record |registration )?certificate(?: number| no)|cert(?:ificate)? no"
        r"|green card(?: number)?|visa(?: number| no)|social security(?: number| no)?|national insurance(?: number| no)?"
        r"|ni number|tax (?:file |identification )?(?:number|code)|medicare(?: number| no)?|nhs number"
        r"|social insurance(?: number| no)?|resident registration(?: number| no)?|aadhaa?r(?: number| no)?"
        # other countries' documents by their own names
        r"|(?:personal)?ausweis(?:nummer)?|reisepass(?:nummer)?|steuer-?id|steuer-?nummer|steuerliche identifikationsnummer|idnr"
        r"|(?:kranken)?versichertennummer|kvnr|fiscal code|mykad|abha(?: number| no)?|matric(?:ulation)? (?:number|no)"
        r"|roll (?:number|no)|carte d'identit[eé]|carte vitale|num[eé]ro de s[eé]curit[eé] sociale|codice fiscale|c[eé]dula"
        # acronyms that are no English word are names in any case ("ssn: …"); "id", "sin", "pan" only in capitals
        r"|ssn|itin|nino|hkid|nric|pesel|curp|brp|tfn"
        # national ID systems of other countries chat products serve, by the names people use for them
        r"|nin|bvn|nida|philsys(?: number| no| id| card)?|psn|sss(?: number| no)?|umid|philhealth(?: number| no| id)?"
        r"|pag-?ibig(?: mid)?(?: number| no)?|cnic|nicop|cccd|cmnd|huduma(?: number| no)?|iqama|civil id|emirates id"
        r"|ghana card|omang|kimlik|personnummer|sofinummer|ppsn?(?: number| no)?|ird number|voter'?s (?:id|card)"
        r"|postal id|national identi(?:ty|fication) (?:number|no)|identity (?:number|no)"
        r"|ic"  # a Singapore or Malaysian identity card, as chat shortens it ("my ic: …")
        r"|(?:access|key|security) (?:card|badge|fob)(?: number| no)?"
        r"|(?:health|insurance|policy|badge|member(?:ship)?|student|employee|staff|patient|record|customer|loyalty"
        r"|rewards?|frequent[- ]fl(?:y|i)er|mileage|passenger) (?:number|no)",
        acronyms="ID|SSN|TIN|ITIN|EIN|MRN|NINO|NI|NHS|PESEL|BSN|NIE|NIF|DNI|CURP|CPF|NRIC|FIN|HKID|PAN|UIN|SIN|DL|UCI|My Number"
                 "|NIK|KTP|RUT|RFC|QID|KRA PIN",
    )),
    # Any kind of card ("油卡", "会员卡"); its value must still be a card's digits (12-19) to count.
    ("bank_card", _words(r"银行卡号?|储蓄卡|借记卡|信用卡|工资卡|卡号|(?<=[\u4e00-\u9fff])卡(?![车通住拉片顿])",
                         r"(?:(?:credit|debit|bank|atm|cash|visa|mastercard|amex) )?card(?: number| no)?")),
    ("bank_account", _words(r"银行账号|银行账户|收款账号|账号|账户|户口(?!本|簿|所在)|户头",
                            r"(?:(?:bank|cheque|checking|savings|current) )?account(?: number| no)?|acc(?:t)?(?: no)?|a/c(?: no)?"
                            r"|routing(?: number| no)?|aba|rtn|bsb|transit number|sort code|sort(?=\s*[:#]?\s*\d\d-\d\d-\d\d)"
                            r"|iban|swift|bic")),
    ("phone", _words(r"手机号?码?|电话(?:号码?)?|座机|联系方式|联系电话",
                     r"phone(?: number| no)?|mobile|cell(?:phone)?|tel|telephone|whatsapp|fax|call me (?:at|on)|text me (?:at|on)")),
]
# "order ID 12345678", "session ID …" are references, not identity.
_NOT_IDENTITY_BEFORE = re.compile(r"(?:订单|交易|会话|消息|会议|申请|\b(?:order|transaction|session|request|message|memory|ticket|booking|"
                                  r"tracking|user|chat|device|product|item|game|meeting|zoom|webinar|room|application)\s?)$", _EN)

# A value: alphanumeric groups, joined by - / . or by a space between digit groups ("123 456 789", "QQ 123456").
# A check character in brackets belongs to the value ("A123456(3)", as Hong Kong prints it).
_GROUP = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]+(?:[-/.][A-Za-z0-9]+)*(?:\([0-9A-Z]\))?", re.A)
_LEADING_PUNCTUATION = re.compile(r"[\s.:#=,]*")
_AFTER_WIDTH, _BEFORE_WIDTH = 32, 14
# Further back, a value said to be the document ("AQKPB7712C is my uncle's PAN", "X1234567L 是房东的 NIE",
# "SB77018823 ←他的社保卡"): a copula between them, and no other number.
_SAID_TO_BE_WIDTH = 48
_COPULA_BETWEEN = re.compile(r"\b(?:is|was|are)\b|['’]s\b|是|为|系|←", re.I | re.A)
# Further on in the same sentence ("my passport, for the visitor desk at the county library: KT483920"), only a
# value shaped like a document number counts: capitals and at least six digits, and none once a word for another
# number ("order", "model", "SKU") came between.
_CLAUSE_WIDTH = 120
_DOCUMENT_SHAPED = re.compile(r"[A-Z]{1,3}-?\d{6,10}[A-Z]?", re.A)
# A card's own grouping, four digits at a time (13-19 in all): in a sentence that names a card it is that card's
# number, check digit or not (store, fuel and transit cards have none).
_CARD_SHAPED = re.compile(r"\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?", re.A)
# Words that name some other number: once one is said, a value after it is that number, not the document's.
_OTHER_NUMBER_NAMED = re.compile(r"订单|运单|快递|发票|型号|序列号|工单|航班|票号|(?i:\b(?:orders?|invoices?|tracking|reference|ref|"
                                 r"booking|confirmation|tickets?|receipts?|serial|models?|batch|version|transactions?|case|"
                                 r"flights?|items?|sku|products?|parts?|parcels?|packages?|shipments?|forms?)\b)", re.A)
# ... unless the document's own number is named again after it ("… on the visa form, my current number is …").
_OWN_NUMBER_AGAIN = re.compile(r"号码|(?i:\b(?:my|the|its|his|her|their)(?: old| new| previous| current| former)? "
                               r"(?:number|no)\b)", re.A)


def _joins(text: str, last: re.Match, following: re.Match) -> bool:
    """One space between a digit group and the next ("123 456"), or after a short capital prefix ("AB 12")."""
    if following.start() - last.end() != 1 or text[last.end()] != " ":
        return False
    previous = last.group(0)
    if not following.group(0)[0].isdigit():  # a check letter after the digit groups ("AB 12 34 56 C")
        return previous.isdigit() and len(following.group(0)) == 1 and following.group(0).isupper()
    return previous.isdigit() or (previous.isalpha() and previous.isupper() and len(previous) <= 3)


def _values(text: str, start: int, end: int, *, may_run_on: bool = True) -> Iterator[tuple[int, int]]:
    """Alphanumeric values that begin in text[start:end] (and may run on past ``end`` when ``may_run_on``)."""
    groups = []
    for group in _GROUP.finditer(text, start, len(text) if may_run_on else end):
        # A value that begins in the window runs on past its end, group by group ("… 4532 8810 | 2267 9041").
        if group.start() >= end and not (may_run_on and groups and _joins(text, groups[-1], group)):
            break
        groups.append(group)
    index = 0
    while index < len(groups):
        first = last = groups[index]
        while index + 1 < len(groups) and _joins(text, last, groups[index + 1]):
            index += 1
            last = groups[index]
        yield first.start(), last.end()
        index += 1


_IP_ADDRESS = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}", re.A)  # "192.168.1.1": a router's address, no identity


def _id_like(text: str, start: int, end: int, *, letters_count: bool = True) -> bool:
    """At least six digits; or, run together, at least four digits among as many letters ("BQKPM4821L"), unless
    ``letters_count`` is off (an account's number is digits: a token of letters after "account" is its password)."""
    value = text[start:end]
    digits = sum(char.isdigit() for char in value)
    letters = sum(char.isalpha() for char in value)
    mixed = letters_count and 4 <= digits and 4 <= letters and 8 <= len(value) and value.replace("-", "").isalnum()
    return ((6 <= digits or mixed) and len(value) <= 34 and not is_date_or_time(value, compact_dates=False)
            and not is_amount(text, start, end) and not _IP_ADDRESS.fullmatch(value))


def _account_check(text: str, start: int, end: int) -> bool:
    return _id_like(text, start, end, letters_count=False)


def _digits_between(low: int, high: int):
    def check(text: str, start: int, end: int) -> bool:
        value = text[start:end]
        return (not any(char.isalpha() for char in value) and low <= sum(char.isdigit() for char in value) <= high
                and not is_date_or_time(value) and not is_amount(text, start, end))
    return check


_PHONE_DIGITS = _digits_between(7, 15)


def _phone_check(text: str, start: int, end: int) -> bool:
    return _PHONE_DIGITS(text, start, end) and not is_business_line(text, start, end)  # "客服电话 400-…"


def _passport_check(text: str, start: int, end: int) -> bool:
    """Also a number of capitals and digits with only two digits, as some countries issue ("CFJ7K2LP9")."""
    value = text[start:end]
    return _id_like(text, start, end) or (8 <= len(value) <= 10 and value.isalnum() and value.isupper()
                                          and sum(char.isdigit() for char in value) >= 2)


_VALUE_CHECKS = {"bank_card": _digits_between(12, 19), "phone": _phone_check, "passport": _passport_check,
                 "bank_account": _account_check}

# Part of an identity document's number, named as such ("身份证后六位 30021X", "passport ending in 5521"): a shorter
# value still verifies the person at a bank or a hotel desk. A card's last four digits are printed on every receipt
# and name which card is meant: they stay.
_PART_OF_IT = re.compile(r"\s*(?:的)?(?:后|末|尾)(?:[四五六4-6])位(?:数字?)?|\s*尾号|(?i:\s*(?:ending|that ends) (?:in|with)"
                         r"|,?\s*(?:the )?last (?:four|five|six|[4-6])(?: digits)?)", re.A)
_PART_VALUE = re.compile(r"(?:\s|[:：]|是|为|(?i:\b(?:is|are)\b))*([0-9]{3,6}[0-9Xx]?)(?![\w])", re.A)
_PARTS_THAT_IDENTIFY = {"id_card", "passport", "id_number"}


def _part_of_the_number(text: str, name_end: int) -> tuple[int, int] | None:
    part = _PART_OF_IT.match(text, name_end)
    if not part:
        return None
    value = _PART_VALUE.match(text, part.end())
    return value.span(1) if value and not is_date_or_time(value.group(1)) else None


# "my permit number (it's printed twice on the card) is 40917722": further on, a value said to be it needs no shape.
_SAID_TO_BE = re.compile(r"(?:\b(?:is|was)|[:=是为])\s*$", re.I | re.A)


def _shaped_number_in_sentence(text: str, name_end: int, start: int, shape: re.Pattern, check) -> tuple[int, int] | None:
    end = sentence_limit(text, start, _CLAUSE_WIDTH)
    for value_start, value_end in _values(text, start, end):
        value = text[value_start:value_end]
        if shape is _DOCUMENT_SHAPED:
            value = value.replace(" ", "")  # read out in groups ("AB 12 34 56 C")
        said_to_be = _SAID_TO_BE.search(text, max(0, value_start - 6), value_start)
        if not ((shape.fullmatch(value) or said_to_be) and check(text, value_start, value_end)):
            continue
        other = [found.end() for found in _OTHER_NUMBER_NAMED.finditer(text, name_end, value_start)]
        if other and not _OWN_NUMBER_AGAIN.search(text, other[-1], value_start):
            return None
        return value_start, value_end
    return None


# "its number is PE5518230", "the thing's number is K40718236": a number said to be a value shaped like a
# document's (capitals, then six to ten digits) is an identity number, whatever the document is called; not when a
# word for another number comes first ("the order number is …").
_NUMBER_SAID_TO_BE = re.compile(r"(?:号码|(?i:\bnumber))\s*(?:是|为|[:：]|(?i:\bis\b|\bwas\b))\s*", re.A)
_NUMBER_CLAUSE = 24


def _document_shaped_number(text: str) -> Iterator[Secret]:
    for said in _NUMBER_SAID_TO_BE.finditer(text):
        value = _GROUP.match(text, said.end())
        if not value or not _DOCUMENT_SHAPED.fullmatch(value.group(0)) or not _id_like(text, *value.span()):
            continue
        clause = text[sentence_start(text, said.start(), _NUMBER_CLAUSE):said.start()]
        if not _OTHER_NUMBER_NAMED.search(clause) and not _NOT_IDENTITY_BEFORE.search(clause):
            yield Secret("id_number", *value.span())


def _value_said_to_be(text: str, name_start: int, check) -> tuple[int, int] | None:
    start = sentence_start(text, name_start, _SAID_TO_BE_WIDTH)
    values = list(_values(text, start, name_start, may_run_on=False))
    if not values or not check(text, *values[0]):
        return None
    if any(any(char.isdigit() for char in text[s:e]) for s, e in values[1:]):
        return None  # another number between them
    between = text[values[0][1]:name_start]
    return values[0] if _COPULA_BETWEEN.search(between) and not _OTHER_NUMBER_NAMED.search(between) else None


# "签证号：妈妈 V2038816，爸爸 V2038817": more values of the same kind listed after the first, each after a short label.
_LIST_LINK = re.compile(r"[\s,，、;；]*(?:and|和|跟|还有)?[\s,，、]*(?:[A-Za-z]+\s*[:：]|[^\sA-Za-z0-9,，、;；。.]{0,6})[\s:：]*",
                        re.A)


def _listed_after(text: str, end: int, check) -> Iterator[tuple[int, int]]:
    while True:
        link = _LIST_LINK.match(text, end)
        value = _GROUP.match(text, link.end()) if link and link.end() > end else None
        if not value or not _DOCUMENT_SHAPED.fullmatch(value.group(0)) or not check(text, *value.span()):
            return
        yield value.span()
        end = value.end()


def find_named_numbers(text: str) -> Iterator[Secret]:
    for kind, names in _NAMES:
        check = _VALUE_CHECKS.get(kind, _id_like)
        for name in names.finditer(text):
            if kind == "id_number" and _NOT_IDENTITY_BEFORE.search(text[max(0, name.start() - 12):name.start()]):
                continue
            part = _part_of_the_number(text, name.end()) if kind in _PARTS_THAT_IDENTIFY else None
            if part:
                yield Secret(kind, *part)
                continue
            after_start = _LEADING_PUNCTUATION.match(text, name.end()).end()  # "no. ", "#", ":"
            after_end = sentence_limit(text, after_start, _AFTER_WIDTH)
            after = next(((s, e) for s, e in _values(text, after_start, after_end) if check(text, s, e)
                          and not follows_reference_word(text, s, since=name.end(), generic=False)), None)
            if after:
                yield Secret(kind, *after)
                for listed in _listed_after(text, after[1], check):
                    yield Secret(kind, *listed)
                continue
            if kind == "bank_card":  # "card number SRC1928374650", "card number, it is 40562817": a document's card
                said_to_be_its_number = name.group(0).lower().endswith(("number", "no"))
                document = next(((s, e) for s, e in _values(text, after_start, after_end) if _id_like(text, s, e) and (
                    _DOCUMENT_SHAPED.fullmatch(text[s:e])
                    or said_to_be_its_number and _SAID_TO_BE.search(text, max(0, s - 6), s))), None)
                if document:
                    yield Secret("id_number", *document)
                    continue
            shape = _CARD_SHAPED if kind == "bank_card" else None if kind == "phone" else _DOCUMENT_SHAPED
            if shape is not None:
                further = _shaped_number_in_sentence(text, name.end(), after_end, shape, check)
                if further:
                    yield Secret(kind, *further)
                    continue
            # "E12345678, that's the passport", "C52839104 是我的通行证": a value just before the name.
            before_start = sentence_start(text, name.start(), _BEFORE_WIDTH)
            before = [(s, e) for s, e in _values(text, before_start, name.start(), may_run_on=False)
                      if check(text, s, e)]
            if before:
                yield Secret(kind, *before[-1])
                continue
            said_to_be = _value_said_to_be(text, name.start(), check)
            if said_to_be:
                yield Secret(kind, *said_to_be)
    # Last: a document the message names takes its own kind ("passport number is E…" stays a passport).
    yield from _document_shaped_number(text)

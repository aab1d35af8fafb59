"""Passwords, PINs and codes, found by grammar rather than by template: a credential word or a login context,
then within a few words a link ("is", "with", ":", "是", "用") and a value that looks like a secret.

- After a credential noun (password, PIN, 密码, 验证码, door code…) and a copula ("is", ":", "是"), any token is
  the value ("the password for the bike shed is Qw3rty!9"); with no copula it must look like a secret.
- In a login context (log in, router, wifi, unlock, 登录, 路由器, 门禁…) the value must look like a secret:
  mixed letters and digits, symbols, or at least four digits ("I log into the router with Xk9!pq22",
  "我用 Xk9pq22 登录").
Only the value is replaced; the words around it stay, so the memory keeps its meaning."""
import re
from collections.abc import Iterator
from itertools import chain

from .base import Secret, follows_reference_word, is_amount, is_year, sentence_limit, sentence_start
from .layouts import paired_value_near, strong_pairs, values_kept_secret
from .secret_values import (
    DESCRIPTIONS, VALUE, has_letters_digits_and_symbols, looks_secret, plain_word_is_value, trimmed,
)

_NOUN = re.compile(
    r"(?:密码|口令|密钥|秘钥|验证码|校验码|动态码|安全码|登录码|登陆码|登入码|激活码|短信码|简讯码|短讯码|讯息码|门禁码|开锁码|解锁码|开门码|取件码|提货码|(?i:pin)码"
    r"|(?:开门|开锁|解锁|门锁|门禁|保险箱|保险柜|密码锁|智能锁)的码|密保(?:问题的?)?答案|密保"
    # a door, gate, lock or card named in Chinese, then "code" or "pin" in English ("閘口 code", "提款卡 pin")
    r"|(?:门|門|闸|閘|锁|鎖|箱|柜|櫃|卡)(?:口|禁)?\s*(?i:code|pin|passcode)\b"
    r"|(?i:\b(?:security|secret|memorable) (?:answers?|words?)\b|\banswers? to (?:my|the|a) security questions?\b)"
    r"|(?i:\b(?:pass(?:word|code|phrase)s?|passwd|pwd|pw|pin (?:code|number)|otp|cvv2?|cvc2?|creds|credentials|login details"
    r"|(?:door|gate|access|alarm|lock|unlock|entry|garage|locker|wi-?fi|login|log-?in|sign-?in|security|verification|one[- ]time|auth"
    r"|authentication|2fa|backup|recovery|keypad|building|lockbox|padlock|pin) (?:code|pin)s?"
    r"|(?:lock|safe|locker|padlock) (?:combination|combo)s?|(?:wi-?fi|wlan|wireless|router|network|wpa2?) (?:pass)?keys?)\b)"
    # a code sent to a person is a credential ("the code they texted me is …", "the code sent to my phone: …")
    r"|(?i:\bcodes?\b(?=(?:\s+[a-z]+){0,2}\s+(?:texted|sent|emailed|messaged|sms(?:ed)?|whatsapped)(?:\s+to)?"
    r"\s+(?:me|us|you|him|her|them|my|our|his|their)\b))"
    # "pass: X", and "pass X" when X has a digit or a symbol ("user rlee, pass Tulip#29"; not "pass the salt")
    r"|\bPINs?\b|\b(?i:pass)(?=\s*[:=]|\s+[A-Za-z]*[-_.]?[\d!@#$%^&*][!-~]*)"
    # "pin" in lower case, as chat types it: before digits, or named by what it unlocks ("sim pin", "atm pin"); a PUK
    r"|(?i:\b(?:atm|sim|card|debit|bank|phone)\s+pins?\b|\bpuks?\b|\bpins?\b(?=\s*(?:(?:is|was|[:=：])\s*)?(?:still\s+|now\s+)?\d{4})))"
    r"(?!\s*(?:管理|强度|提示|(?i:managers?|policy|policies|strength|hints?|resets?)\b))",  # about passwords, not one
    re.A,
)
# Words that put a value in a login context without naming it a password.
_CONTEXT = re.compile(
    r"登录|登陆|登入|开机|进门|后台|控制台|取快递|取件|路由器|门禁|解锁|开锁|开门|无线网|网络|网(?=的?是)|热点|保险箱|保险柜|密码箱|门锁|智能锁|锁屏|单元门|楼门|大门|院门|侧门|车库门|防盗门"
    r"|连(?:上|的时候|接的时候)"  # joining a network: "连的时候输 X"
    r"|(?i:\b(?:log(?:ged|ging|s)? ?(?:in|into|on)|login|sign(?:ed|ing|s)? ?(?:in|into|on)"
    r"|get(?:s|ting)? (?:in|into|on)|connect(?:s|ed|ing)?|join(?:s|ed|ing)? (?:it|the network)"
    r"|wi-?fi|wlan|ssid|network|router|modem|admin panel|dashboard|console|typ(?:e|ed|ing)"
    r"|open(?:s|ed|ing)? (?:up )?(?:my |the |his |her |our )?(?:phone|door|gate|laptop|computer|locker|safe|tablet)"
    r"|hotspot|unlock(?:ed|s|ing)?|vpn|ssh|door|gate|keypad|lockbox|locker|padlock|safe|alarm|code|portal)\b)",
    re.A,
)
# "zip code 94110", "error code 0x80070005" name something that is not a credential.
_NOT_A_CREDENTIAL_CODE = re.compile(
    r"(?i:\b(?:zip|postal|post|area|country|dial(?:ling)?|promo(?:tion)?|discount|coupon|voucher|referral|invite|invitation"
    r"|source|dress|colou?r|qr|bar|error|status|exit|tax|sort|airport|product|course|class|station|region|language"
    r"|morse|genetic|machine|queue|table|seat|booking|reservation|confirmation|group|team|room)\s$)",
    re.A,
)
_LINK = re.compile(
    r"(?i:\b(?:is|was|are|were|with|using|via|to|as|use[sd]?|becomes?|became|equals?|wants|takes|needs)\b)|(?<!\d):|:(?!\d)|=|->"
    r"|(?i:\b(?:it|that)['’]?s\b|\bit is\b)"  # "the router's key is on its box, it's X"
    r"|(?<=[A-Za-z])['’]s\b|(?i:\bw/)"  # chat's "password's X" (only a value that looks secret) and "log in w/ X"
    r"|(?i:\b(?:punch(?:es|ed)? in|key(?:s|ed)? in|type[sd]? in|enter)\b)"  # a keypad's value is pressed, typed
    r"|用的是|用的|用|输入|输|敲|打|按下?|填的是|填|改成了?|换成了?|改为|设为|设成|设置为|设置成|就是|是|为"
    r"|系(?=\s*[!-~])",  # Cantonese 係 ("密碼係 …", read Simplified) before a value
    re.A,
)
_COPULAS = {"is", "was", "are", "were", ":", "=", "->", "equals", "equal", "it's", "its", "it’s", "it is", "that's", "thats",
            "that’s", "是", "系", "为", "就是", "用的是", "填的是",
            "改成", "改成了", "换成", "换成了", "改为", "设为", "设成", "设置为", "设置成"}
# Typed in: after a credential noun these introduce its value ("密码记不清就输 X"), as "with" and "用" do not.
_TYPED_IN = {"输入", "输", "敲", "按", "按下", "punch in", "punches in", "punched in", "key in", "keys in", "keyed in",
             "type in", "types in", "typed in", "enter"}
_USE = {"with", "w/", "using", "via", "use", "uses", "used", "用", "打"} | _TYPED_IN
# Adverbs that may sit between the link and the value ("is still …", "还是 …").
_FILLER = re.compile(
    r"(?:\s*(?:(?i:\b(?:still|now|just|currently|always|simply|probably|actually|again|also|literally|basically)\b)"
    r"|仍然|依然|还是|现在|一直|都是|也是|了|还|都|也|就))*\s*[\"'`“‘「(]?",
    re.A,
)
def _value_at(text: str, position: int) -> tuple[int, int] | None:
    match = VALUE.match(text, _FILLER.match(text, position).end())
    return trimmed(text, match) if match else None


# The value said to be a name ("网络名称是 Lin_Home", "ssid: Attic_2G"): the name word right before the link.
_NAME_OF_IT = re.compile(r"(?:名称|名字|网名|用户名|账号名|(?i:\b(?:name|ssid|user ?name|username|login name|user id)))"
                         r"\s*(?:(?i:is|was)\b|[:：=是为]|\s)*$", re.A)


def _value_after(text: str, start: int, *, width: int, after_noun: bool,
                 introduced_by: set[str] | None = None) -> tuple[int, int] | None:
    """The first value introduced by a link within ``width`` characters of ``start`` (same sentence). After a
    credential noun a copula may introduce any word, and "with"/"用" introduces nothing (the password is not
    what something is done with: "密码…建议用 X 管理"); in a login context "with"/"用" is what matters.
    ``introduced_by``: only these links count."""
    limit = sentence_limit(text, start, width)
    for link in _LINK.finditer(text, start, limit):
        if after_noun and link.group(0).lower() in _USE - _TYPED_IN:
            continue
        if introduced_by is not None and link.group(0).lower() not in introduced_by:
            continue
        span = _value_at(text, link.end())
        if not span or follows_reference_word(text, span[0]):  # "寄件单号是 YT…": a reference
            continue
        if not after_noun and _NAME_OF_IT.search(text, start, span[0]):
            continue  # the network's name, not its key
        if looks_secret(text, *span):
            return span
        if after_noun and link.group(0).lower() in _COPULAS and plain_word_is_value(text[span[0]:span[1]]):
            return span
    return None


# "临时密码她发给我了 408317", "the code she texted me: 5521": a value handed over after the credential noun.
# ... or given to keep ("登录密码我老忘 你帮我记着 X", "the PIN, hang on to it: X").
_HANDED_OVER = re.compile(r"发给|发来|发过来|给了?我|告诉(?:了)?我|记着|记住|记一下|记下|存着|存一下|帮我存|帮我记"
                          r"|(?i:\b(?:sent|gave|texted|emailed|messaged|told|keep|hang on to|hold on to|note down|save)\b)", re.A)
_TOKEN = re.compile(r"[A-Za-z0-9#*!@$%^&_+=.-]{4,}", re.A)


def _value_handed_over(text: str, start: int) -> tuple[int, int] | None:
    limit = sentence_limit(text, start, 24)
    handed = _HANDED_OVER.search(text, start, limit)
    if not handed:
        return None
    token = _TOKEN.search(text, handed.end(), sentence_limit(text, handed.end(), 16))
    return token.span() if token and looks_secret(text, *token.span()) else None


def _strong_value_after(text: str, start: int) -> tuple[int, int] | None:
    """"portal login is jdoe / Tulip#2291": past the link and the user name, a token that has letters, digits and
    a symbol is a password however it is introduced; a room number or a model name has not all three."""
    for match in VALUE.finditer(text, start, sentence_limit(text, start, 48)):
        span = trimmed(text, match)
        if looks_secret(text, *span) and has_letters_digits_and_symbols(text[slice(*span)]) \
                and not _NAME_OF_IT.search(text, start, span[0]):
            return span
    return None


# A one-time code as services text it, a letter and a dash before the digits ("K-551902 is your … code").
_PREFIXED_CODE = re.compile(r"[A-Z]{1,3}-\d{4,8}", re.A)


def _value_before(text: str, end: int, *, width: int, introduced_by: set[str], copula_after: bool) -> tuple[int, int] | None:
    """The secret-looking value closest before ``end`` (same sentence), when a link in ``introduced_by`` sits just
    before it ("用 Xk9pq22 登录") or, with ``copula_after``, a copula follows it ("X is my password", "X 是我的密码")."""
    start = sentence_start(text, end, width)
    values = [span for span in (trimmed(text, match) for match in VALUE.finditer(text, start, end))
              if looks_secret(text, *span) or copula_after and _PREFIXED_CODE.fullmatch(text[slice(*span)])]
    if not values:
        return None
    span = values[-1]
    following = _LINK.search(text, span[1], end)
    if copula_after and following and following.group(0).lower() in _COPULAS and not follows_reference_word(text, span[0]):
        return span
    for link in _LINK.finditer(text, start, span[0]):
        if link.group(0).lower() in introduced_by and _FILLER.match(text, link.end()).end() == span[0]:
            return span
    return None


# A code or PIN read out in digit groups ("739 214", "48 19 27", "5512-0931"): 2-4 digits a group, joined by one
# space or dash, 4-8 digits in all; or one run of 4-8 digits among words VALUE does not read ("设成了生日 0917 加…").
_GROUPED_DIGITS = re.compile(r"(?<![\w+])(?<!\d[.,/:-])(?:\d{2,4}(?:[ -]\d{2,4}){1,3}|\d(?: \d){3,7}|\d{4,8})"
                             r"(?![\w#*]|[.,/:][\d]|[ -]\d)", re.A)  # "\d(?: \d)…": read out one digit at a time
_CODE_WORD = re.compile(r"验证码|校验码|动态码|安全码|登录码|登陆码|登入码|激活码|短信码|简讯码|短讯码|讯息码|密码|口令|验证器|(?i:\bauthenticator\b)|(?i:\b(?:codes?|pins?|passcodes?|passwords?|otp)\b)", re.A)
_GROUPED_WIDTH = 32
_DIGIT = re.compile(r"\d", re.A)
_DIALLED = re.compile(r"(?:(?:打|拨打?|致电)了?|(?i:\b(?:call(?:ed|ing)?|dial(?:l?ed|l?ing)?|ring)\b))\s*$", re.A)
_SAID_TO_BE_DIGITS = re.compile(r"\s*(?:(?i:is|was)\b|[:：=]|是|系)\s*(?=\d)", re.A)
# How long the code is, said before it ("密码 4位 3390", "the 4-digit PIN 2280"): not the code itself.
_CODE_LENGTH = re.compile(r"\d{1,2}\s*(?:位(?:数字?|数)?|(?i:-?digits?\b|-?char(?:acter)?s?\b))", re.A)


# A code that came by text message opens something ("the code in the SMS: 739 214", "短信发来 code 739214").
_DELIVERED_BY_MESSAGE = re.compile(r"短信|短讯|简讯|(?i:\b(?:sms|texted|text message|messaged)\b)", re.A)


def _grouped_code_after(text: str, word: re.Match) -> tuple[int, int] | None:
    """The first grouped run of digits a few words after a code word, when the sentence is about logging in or
    the word names a credential by itself ("验证码", "passcode"). A bare "code" or "PIN" needs a login word
    in its sentence ("the login wants a code: 739 214") or a text message that brought it, or to be said to be the
    digits ("code 係 80 14 77"); not "the course code is 04 71"."""
    if _NOT_A_CREDENTIAL_CODE.search(text[max(0, word.start() - 16):word.start()]):
        return None
    if word.group(0).lower().rstrip("s") in ("code", "pin") and not _SAID_TO_BE_DIGITS.match(text, word.end()):
        sentence = text[sentence_start(text, word.start(), 60):sentence_limit(text, word.end(), 60)]
        if not any(context.group(0).lower() != "code" for context in _CONTEXT.finditer(sentence)) \
                and not _NOUN.search(sentence) and not _DELIVERED_BY_MESSAGE.search(sentence):
            return None
    limit = sentence_limit(text, word.end(), _GROUPED_WIDTH)
    # Only the first number after the word can be its code: when that one is no code ("8214#", "abc123"), a later
    # number in the sentence ("我住1502", "room 1502") is something else.
    first_digit = _DIGIT.search(text, word.end(), limit)
    if first_digit and _DIALLED.search(text, max(0, first_digit.start() - 8), first_digit.start()):
        return None  # "…我拨了95500": a service line being called
    length = _CODE_LENGTH.match(text, first_digit.start()) if first_digit else None
    if length:
        first_digit = _DIGIT.search(text, length.end(), limit)
    run = _GROUPED_DIGITS.match(text, first_digit.start(), limit) if first_digit else None
    if not run:
        return None
    groups = re.split(r"[ -]", run.group(0))
    digits = sum(len(group) for group in groups)
    if not 4 <= digits <= 8 or any(is_year(group) for group in groups) or is_amount(text, *run.span()):
        return None
    return run.span()


# After "密码是" / "口令：" a password said in Chinese words ("左三右七"), up to the next mark or space; not a question
# about it ("是什么", "是多少"), nor a description of it ("是我生日", "跟以前一样").
_CJK_VALUE = re.compile(r"\s*(?:是|为|:)\s*([\u4e00-\u9fff]{4,12})(?=$|[\s，。！？、；,.!?;)）])")
_CJK_DESCRIPTION = re.compile(r"^(?:我|你|他|她|它|咱|这|那|什么|多少|啥|哪|怎|一样|同一|跟|和|与|以前|原来|之前|默认|初始)|[吗呢吧啊]$")


def _chinese_words_value(text: str, noun: re.Match) -> tuple[int, int] | None:
    if noun.group(0).isascii():
        return None
    match = _CJK_VALUE.match(text, noun.end())
    if not match or _CJK_DESCRIPTION.search(match.group(1)):
        return None
    return match.span(1)


# A lock's combination as numbers joined by dashes ("4-18-31"): after a word for a lock it is the combination, though
# on its own it could be a date. "safe" is left out: as an adjective it comes before dates ("safe until 3-4-26").
_LOCK_WORD = re.compile(r"密码锁|挂锁|保险柜|保险箱|锁屏|锁|(?i:\b(?:(?:pad)?locks?|lockers?|combos?|combinations?|keypads?"
                        r"|lockbox(?:es)?|lock ?screen|screen ?lock)\b)", re.A)
_COMBINATION = re.compile(r"(?<![\w-])\d{1,2}(?:-\d{1,2}){2,3}(?![\w-])", re.A)
# ... or its code as one run of digits ("数字锁 4412", "keypad 7209"); a locker's number is often that, so not after it.
_LOCK_CODE = re.compile(r"(?<![\w.,/:-])\d{3,8}(?![\w]|[.,/:-]\d)", re.A)
_LOCKER = re.compile(r"(?i:lockers?)", re.A)
# A combination lock's code may have three digits ("密码锁是 581"); any other lock's three digits are something else.
_COMBINATION_LOCKS = {"密码锁", "挂锁", "padlock", "padlocks"}


_APPOSITION = re.compile(r"[\s,，:：]*")
# Between a lock word and its combination: punctuation and adverbs of time ("the locker again, 4-18-31").
_NOTHING_BUT_FILLER = re.compile(r"(?:[\s:：,，]|(?i:\b(?:again|now|still|currently|these days|today)\b)|现在|又|还是)*")


def _combination_after(text: str, word: re.Match) -> tuple[int, int] | None:
    """Right after the word, or after a copula ("the padlock on the shed is …"); not "the lock came on 7-22-25"."""
    limit = sentence_limit(text, word.end(), 40)
    run = _COMBINATION.search(text, word.end(), limit)
    if not run and not _LOCKER.fullmatch(word.group(0)):
        # one run of digits: four at least, or three said to be a combination lock's code
        run = next((code for code in _LOCK_CODE.finditer(text, word.end(), limit)
                    if looks_secret(text, *code.span()) or _three_digits_said(text, word, code)), None)
    if not run:
        return None
    return run.span() if _said_to_be(text, word.end(), run.start()) \
        or _NOTHING_BUT_FILLER.fullmatch(text[word.end():run.start()]) else None


def _said_to_be(text: str, start: int, value_start: int) -> bool:
    return any(link.group(0).lower() in _COPULAS and not text[link.end():value_start].strip()
               for link in _LINK.finditer(text, start, value_start))


def _three_digits_said(text: str, word: re.Match, code: re.Match) -> bool:
    return (len(code.group(0)) == 3 and word.group(0).lower() in _COMBINATION_LOCKS
            and _said_to_be(text, word.end(), code.start()) and not is_amount(text, *code.span()))


# "the combination is …" names a lock's code only near a word for a lock ("the lunch combo is 12 dollars").
_COMBINATION_WORD = re.compile(r"组合|(?i:\b(?:combinations?|combos?)\b)", re.A)
_LOCK_NEARBY = re.compile(r"锁|保险柜|保险箱|(?i:\b(?:(?:pad)?locks?|lockers?|lockbox(?:es)?|safes?|keypads?|vaults?)\b)", re.A)


def _combination_named(text: str, word: re.Match) -> tuple[int, int] | None:
    """The lock may be named a sentence earlier ("They gave me a lockbox. The combination is …")."""
    if not _LOCK_NEARBY.search(text, max(0, word.start() - 160), sentence_limit(text, word.end(), 80)):
        return None
    return _value_after(text, word.end(), width=40, after_noun=True)


# An account is named with its user name as often as with its secret ("账号是 zhang88"): only what is typed or
# used to get into it counts ("账号进去要敲 X", "account, I use X").
_ACCOUNT = re.compile(r"账号|帐号|账户|(?i:\baccount\b)", re.A)
_ACCOUNT_WIDTH = 32


# "the router password is still the default one on the sticker: 8KT4-MPQ2-77XZ": a colon further on in the
# sentence of a credential noun introduces its value when that looks like a secret.
_COLON = re.compile(r"(?<!\d)[:：]|[:：](?!\d)")  # not the colon of a time ("9:00")
_COLON_WIDTH = 90


def _value_after_colon(text: str, start: int) -> tuple[int, int] | None:
    colon = _COLON.search(text, start, sentence_limit(text, start, _COLON_WIDTH))
    span = _value_at(text, colon.end()) if colon else None
    return span if span and looks_secret(text, *span) else None


# A phrase kept as a secret ("the passphrase … for the record it's purple otter 1962", "暗号是 天王盖地虎"): its
# words, after a copula later in the sentence, up to the punctuation that ends them.
_PHRASE_NOUN = re.compile(r"口令|暗号|(?i:\b(?:pass ?phrases?|(?:security|secret|memorable) (?:phrase|words?)s?)\b)", re.A)
_PHRASE_AFTER = re.compile(r"(?i:\b(?:it's|it is|that's|is|was)\b)\s*|[:：是为]\s*", re.A)
_PHRASE_WORDS = re.compile(r"[^\s,.;!?，。；！？\"“”]+(?: [^\s,.;!?，。；！？\"“”]+){0,5}")
_PHRASE_WIDTH = 90


def _phrase_after(text: str, start: int) -> tuple[int, int] | None:
    limit = sentence_limit(text, start, _PHRASE_WIDTH)
    for link in _PHRASE_AFTER.finditer(text, start, limit):
        words = _PHRASE_WORDS.match(text, link.end())
        if words and len(words.group(0)) >= 4 and words.group(0).split()[0].lower() not in DESCRIPTIONS:
            return words.span()
    return None


# A card's verification code (CVV, CVC, 安全码, "the three digits on the back") has only three or four digits, so
# it is read only right after its own name; card rules forbid keeping it at all.
_CARD_CODE_WORD = re.compile(
    r"(?i:\b(?:cvv2?|cvc2?|cvn|csc|card (?:security|verification) (?:code|value|number)"
    r"|(?:code|number|digits) on the back|(?:three|3|four|4)[- ]digits? (?:code )?on the back)\b)"
    r"|\bCID\b"  # Amex's name for it
    r"|(?:信用卡|银行卡|卡)?安全码|(?:卡(?:片)?)?(?:背面|背后|后面)的?(?:三|3|四|4)(?:个)?(?:位|字)(?:数字|数|码)?", re.A)
_CARD_CODE = re.compile(r"(?<![\d.,/:-])\d{3,4}(?!\d|[.,/:-]\d)", re.A)
_CARD_CODE_WIDTH = 24


def _card_code_after(text: str, word: re.Match) -> tuple[int, int] | None:
    run = _CARD_CODE.search(text, word.end(), sentence_limit(text, word.end(), _CARD_CODE_WIDTH))
    return run.span() if run else None


# "密码是 X 或者 Y", "it's X or maybe Y": the other value offered is the secret too.
_ALTERNATIVE = re.compile(r"\s*[,，]?\s*(?:要么(?:就)?是|或者(?:是)?|还是|或是|(?i:\bor(?: maybe| else| perhaps)?\b))", re.A)


def _alternative_after(text: str, end: int) -> tuple[int, int] | None:
    alternative = _ALTERNATIVE.match(text, end)
    span = _value_at(text, alternative.end()) if alternative else None
    return span if span and looks_secret(text, *span) else None


def find_credentials(text: str) -> Iterator[Secret]:
    for span in chain(values_kept_secret(text), strong_pairs(text)):
        yield Secret("password", *span)
    for word in _CARD_CODE_WORD.finditer(text):
        found = _card_code_after(text, word)
        if found:
            yield Secret("password", *found)
    for noun in _PHRASE_NOUN.finditer(text):
        found = _phrase_after(text, noun.end())
        if found:
            yield Secret("password", *found)
    for word in _LOCK_WORD.finditer(text):
        found = _combination_after(text, word)
        if found:
            yield Secret("password", *found)
    for word in _COMBINATION_WORD.finditer(text):
        found = _combination_named(text, word)
        if found:
            yield Secret("password", *found)
    for word in _CODE_WORD.finditer(text):
        found = _grouped_code_after(text, word)
        if found:
            yield Secret("password", *found)
    for noun in _NOUN.finditer(text):
        direct = _value_at(text, _APPOSITION.match(text, noun.end()).end())  # "开门的码，X", "PIN: X"
        if direct and text[noun.end():direct[0]].strip(" \"'`“‘「(，,:：") == "" and (
                looks_secret(text, *direct) or not noun.group(0).isascii() and plain_word_is_value(text[slice(*direct)])):
            yield Secret("password", *direct)  # "门禁密码 6631", "PIN 4821", "密码 sunflower"
            continue
        found = (_value_after(text, noun.end(), width=40, after_noun=True)
                 or _chinese_words_value(text, noun)
                 or _value_before(text, noun.start(), width=40, introduced_by=set(), copula_after=True)
                 or _value_handed_over(text, noun.end())
                 or _value_after_colon(text, noun.end())
                 or paired_value_near(text, noun.start()))
        if found:
            yield Secret("password", *found)
            alternative = _alternative_after(text, found[1])
            if alternative:
                yield Secret("password", *alternative)
    for account in _ACCOUNT.finditer(text):
        found = _value_after(text, account.end(), width=_ACCOUNT_WIDTH, after_noun=False, introduced_by=_USE)
        if found:
            yield Secret("password", *found)
    for context in _CONTEXT.finditer(text):
        if context.group(0).lower() == "code" and _NOT_A_CREDENTIAL_CODE.search(text[max(0, context.start() - 16):context.start()]):
            continue
        # a pair first: "login is jchen22 / X" introduces the account, and the secret comes after it
        found = (paired_value_near(text, context.start())
                 or _value_after(text, context.end(), width=40, after_noun=False)
                 or _value_before(text, context.start(), width=24, introduced_by=_USE, copula_after=True)
                 or _strong_value_after(text, context.end()))
        if found:
            yield Secret("password", *found)

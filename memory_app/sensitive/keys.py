"""Keys and tokens by their published shapes: vendor prefixes (OpenAI sk-, AWS AKIA/ASIA, GitHub ghp_,
Slack xox?-, Google AIza, GitLab glpat-, Hugging Face hf_, Stripe sk_live_…), JSON Web Tokens, PEM private
keys, bearer tokens, passwords inside connection URLs, KEY=value settings that name a secret, and wallet
recovery phrases."""
import functools
import re
from collections.abc import Iterator

from .base import Secret, sentence_limit

_PREFIXED_KEYS = re.compile(
    r"(?<![\w-])(?:"
    r"(?:sk|pk|rk)-(?:proj-|ant-(?:api\d\d-)?|svcacct-|admin-)?[A-Za-z0-9_-]{16,}"  # OpenAI, Anthropic and lookalikes
    r"|(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,}"  # Stripe
    r"|(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}"  # AWS access key ids
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"  # GitHub
    r"|xox[abposr]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,}"  # Slack
    r"|AIza[0-9A-Za-z_-]{35}|ya29\.[0-9A-Za-z_-]{20,}"  # Google API key, OAuth access token
    r"|glpat-[0-9A-Za-z_-]{20,}|hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{36}|pypi-AgE[A-Za-z0-9_-]{50,}"
    r"|SG\.[\w-]{22}\.[\w-]{43}|dop_v1_[a-f0-9]{64}|shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"
    r")(?![\w-])",
    re.A,
)
# A wallet's extended private key (BIP-32: "xprv…", "tprv…"); a raw key of 64 hex digits after a word for a private
# key or a wallet in its sentence ("cold wallet key 61fc…").
_EXTENDED_PRIVATE_KEY = re.compile(r"(?<![\w])[xtyz]prv[1-9A-HJ-NP-Za-km-z]{100,112}(?![\w])", re.A)
_PRIVATE_KEY_WORD = re.compile(r"\bprivate[ _-]?keys?\b|私钥|\bwallet\b|钱包", re.I | re.A)
_HEX_KEY = re.compile(r"(?<![\w])(?:0x)?[0-9a-fA-F]{64}(?![\w])", re.A)
_HEX_KEY_LENGTH = 66
_SLACK_WEBHOOK = re.compile(r"https://hooks\.slack\.com/services/[A-Z0-9]+/[A-Z0-9]+/[A-Za-z0-9]+", re.A)
# header.payload.signature, each base64url; the header is JSON, so it always starts "eyJ" ('{"').
_JWT = re.compile(r"(?<![\w-])eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}(?![\w-])", re.A)
_BEARER = re.compile(r"\bBearer\s+([A-Za-z0-9._~+/-]{16,}=*)", re.A)
_PEM_PRIVATE_KEY = re.compile(
    r"-----BEGIN (?P<label>(?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----.*?(?:-----END (?P=label)-----|\Z)", re.S
)
# scheme://user:password@host: only the password goes. (Every repeat is bounded: a long run of word characters
# must not make a search quadratic.)
_URL_PASSWORD = re.compile(r"\b[a-z][a-z0-9+.-]{0,20}://[^\s:/@]{1,64}:([^\s:/@]{3,})@", re.I | re.A)
# DB_PASSWORD=…, OPENAI_API_KEY: "…", client_secret=…: a setting named after a secret, and its value.
_SECRET_SETTING = re.compile(
    r"\b[A-Za-z0-9_.-]{0,32}(?:password|passwd|secret|token|api_?key|apikey|access_?key|private_?key)[A-Za-z0-9_]{0,32}"
    r"\s*[=:]\s*[\"']?([^\s\"',;]{6,})",
    re.I | re.A,
)
# "my api key is …", "token: …", "密钥是 …": a named key followed by a long mixed token.
_NAMED_KEY = re.compile(
    r"(?:\bapi[ _-]?key|\baccess[ _-]?key|\bprivate[ _-]?key|\bsecret(?:[ _-]?key)?|\btoken|私钥|密钥|秘钥|令牌)s?"
    r"(?:\s*[(（][^)）]{1,20}[)）])?"  # "私钥（hex）是 …"
    r"(?:\s*(?:是|为|系|:|=|\bis\b|\bwas\b)\s*|\s+)([A-Za-z0-9_\-./+=]{12,})",
    re.I | re.A,
)


# A named key, and further on in its sentence a long generated token ("the API key for the stats site, keep it
# here: tdx-prod-…"): upper and lower case letters with digits, 16 characters at least.
_KEY_WORD = re.compile(r"\bapi[ _-]?keys?\b|\baccess[ _-]?keys?\b|\bsecret[ _-]?keys?\b|\btokens?\b|密钥|秘钥|令牌|\bkey\b",
                       re.I | re.A)
_GENERATED = re.compile(r"(?<![\w-])(?=[\w-]*[a-z])(?=[\w-]*[A-Z])(?=[\w-]*\d)[A-Za-z0-9_-]{16,}(?![\w-])", re.A)
_KEY_SENTENCE = 60


# A wallet's recovery (seed) phrase: 12 to 24 words of one BIP-39 word list in a row (the lists ship with the
# ``mnemonic`` package). Ordinary prose never strings a dozen of them together: the lists hold no "the", "a", "to",
# "of", "is", "and", "my". Chinese phrases are single characters, written spaced out, or right after their name.
_LATIN_LISTS = ("english", "spanish", "french", "italian", "portuguese", "czech")
_CHINESE_LISTS = ("chinese_simplified", "chinese_traditional")
_PHRASE_LENGTH = 12
_WORD_RUN = re.compile(r"[^\W\d_]+(?: +[^\W\d_]+){11,}")
_SPACED_CHARACTERS = re.compile(r"[\u4e00-\u9fff](?: [\u4e00-\u9fff]){11,}")
# Named as such, the words need not be from a list (people write down made-up examples, or mistype one): 12 to 24
# short lower-case words anywhere after the name in the message.
_RECOVERY_PHRASE_NAME = re.compile(
    r"\b(?:seed|recovery|mnemonic|backup|secret|wallet) (?:phrase|words)\b|\bmnemonic\b|助记词|恢复短语|种子短语|私钥短语", re.I)
_NAMED_PHRASE_WORDS = re.compile(r"(?<![a-z])(?:[a-z]{3,8} +){11,23}[a-z]{3,8}(?![a-z])")
_NAMED_PHRASE_REACH = 240
_CHINESE_PHRASE_NAME = re.compile(r"(?:助记词|恢复短语|种子短语|私钥短语|恢复词)(?:是|为|[:：]|\s)*([\u4e00-\u9fff]{12,24})")


@functools.cache
def _word_lists(languages: tuple[str, ...]) -> list[frozenset[str]]:
    from mnemonic import Mnemonic  # read once, on the first message that could hold a phrase
    return [frozenset(Mnemonic(language).wordlist) for language in languages]


def _phrase_in(words: list[tuple[int, int, str]], lists: list[frozenset[str]]) -> Iterator[tuple[int, int]]:
    """Spans of 12 or more consecutive words that all belong to one list."""
    for wordlist in lists:
        run: list[tuple[int, int, str]] = []
        for word in words + [(0, 0, "")]:
            if word[2] in wordlist:
                run.append(word)
                continue
            if len(run) >= _PHRASE_LENGTH:
                yield run[0][0], run[-1][1]
            run = []


def _recovery_phrases(text: str) -> Iterator[tuple[int, int]]:
    for name in _RECOVERY_PHRASE_NAME.finditer(text):
        words = _NAMED_PHRASE_WORDS.search(text, name.end(), name.end() + _NAMED_PHRASE_REACH)
        if words:
            yield words.span()
    for stretch in _WORD_RUN.finditer(text):
        words = [(m.start(), m.end(), m.group(0).lower()) for m in re.finditer(r"[^\W\d_]+", stretch.group(0))]
        offset = stretch.start()
        for start, end in _phrase_in(words, _word_lists(_LATIN_LISTS)):
            yield offset + start, offset + end
    for stretch in _SPACED_CHARACTERS.finditer(text):
        words = [(stretch.start() + i, stretch.start() + i + 1, ch) for i, ch in enumerate(stretch.group(0)) if ch != " "]
        yield from _phrase_in(words, _word_lists(_CHINESE_LISTS))
    for named in _CHINESE_PHRASE_NAME.finditer(text):
        if any(all(ch in wordlist for ch in named.group(1)) for wordlist in _word_lists(_CHINESE_LISTS)):
            yield named.span(1)


def _keyish(value: str) -> bool:
    """Long, and mixing letters with digits: a generated key, not a word ("token is expired")."""
    return any(char.isdigit() for char in value) and any(char.isalpha() for char in value) or len(value) >= 24


def find_keys(text: str) -> Iterator[Secret]:
    for span in _recovery_phrases(text):
        yield Secret("private_key", *span)
    for match in _PEM_PRIVATE_KEY.finditer(text):
        yield Secret("private_key", *match.span())
    for match in _EXTENDED_PRIVATE_KEY.finditer(text):
        yield Secret("private_key", *match.span())
    for word in _PRIVATE_KEY_WORD.finditer(text):
        limit = sentence_limit(text, word.end(), _KEY_SENTENCE)
        found = _HEX_KEY.search(text, word.end(), limit + _HEX_KEY_LENGTH)  # it must begin in the sentence
        if found and found.start() < limit:
            yield Secret("private_key", *found.span())
    for match in _JWT.finditer(text):
        yield Secret("token", *match.span())
    for pattern in (_PREFIXED_KEYS, _SLACK_WEBHOOK):
        for match in pattern.finditer(text):
            yield Secret("api_key", *match.span())
    for match in _BEARER.finditer(text):
        yield Secret("token", *match.span(1))
    for word in _KEY_WORD.finditer(text):
        found = _GENERATED.search(text, word.end())  # it must begin in the sentence, and may run past the window
        if found and found.start() < sentence_limit(text, word.end(), _KEY_SENTENCE):
            yield Secret("api_key", *found.span())
    for match in _URL_PASSWORD.finditer(text):
        yield Secret("password", *match.span(1))
    for pattern in (_SECRET_SETTING, _NAMED_KEY):
        for match in pattern.finditer(text):
            if _keyish(match.group(1)):
                kind = ("password" if re.search(r"pass", match.group(0), re.I)
                        else "private_key" if re.search(r"private|私钥", match.group(0), re.I) else "api_key")
                yield Secret(kind, *match.span(1))

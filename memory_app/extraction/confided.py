"""Was a message said in confidence? The speaker marks it so: asks that it go no further, says it is private, or
says who must not learn it, in either language. The words are the general grammar of confiding, not any topic:
what was confided can be anything.

``forget_matching`` reads it: a later request to forget that fits nothing well most likely means what the user
had asked to keep quiet, and erring towards erasing a confidence errs on the side of privacy.
"""
import re

from ..chinese_script import as_written_mandarin

_ZH_DONT = r"(?:别|不要|千万别|千万不要|可别|不能|不许|不准|莫)"
_ZH_OTHERS = r"(?:别人|外人|任何人|其他人|旁人|人|谁|家里人|他们|她们|他|她)"
_ZH = (
    # "别对外人讲", "千万不要跟谁提", "不能透露给他们"
    rf"{_ZH_DONT}(?:再)?(?:跟|和|对|给|向|同)?{_ZH_OTHERS}(?:说|讲|提|透露|讲出去|说出去)"
    rf"|{_ZH_DONT}(?:告诉|透露给){_ZH_OTHERS}"
    rf"|{_ZH_DONT}(?:外传|传出去|说出去|讲出去|往外说|往外讲|声张|张扬)"
    # "不想让我妈知道", "别让同事知道"; Cantonese "唔想俾佢知" reads as "不想给他知"
    r"|(?:不想|不愿意?|不能|别|不要|千万别|千万不要)(?:让|给|叫).{1,12}?知(?:道)?"
    r"|保密|私下|私事|隐私|秘密|心里话|悄悄(?:话|跟你|和你|告诉)|只(?:跟|和|对)你(?:说|讲)|只告诉(?:了)?你"
)
_EN_OTHERS = r"(?:anyone|anybody|a soul|others|people|him|her|them|my \w+|the \w+|(?:his|her|their) \w+)"
_EN = (
    r"confidential(?:ly)?|in confidence|confided|confiding|off the record|in private|privately"
    r"|between (?:you and me|you and i|us|ourselves|the two of us)|just between"
    r"|(?:don't|do not|never|please don't|can't|cannot) "
    r"(?:tell|mention (?:it |this |that )?to|share (?:it |this |that )?with"
    rf"|let (?:it|this|that) slip to) {_EN_OTHERS}"
    r"|keep (?:it|this|that) (?:to yourself|quiet|private|secret|under wraps|between us|hush)"
    rf"|(?:don't|doesn't|do not|does not|didn't|did not) want {_EN_OTHERS}(?: else)? to (?:know|find out|hear)"
    r"|(?:nobody|no one|no-one) (?:else )?knows|you're the only one i(?:'ve| have) told"
    r"|(?:something|a bit|bit|kind of|kinda|quite|very|pretty|rather) (?:personal|private)"
    r"|(?:personal|private|sensitive) (?:matter|thing|stuff|issue|news|situation)"
    r"|(?:it's|it is|this is|that's|that is) (?:a secret|secret|private|personal)"
)
_CONFIDED = re.compile(rf"{_ZH}|(?i:\b(?:{_EN})\b)")


def said_in_confidence(text: str) -> bool:
    return bool(text) and bool(_CONFIDED.search(as_written_mandarin(text)))

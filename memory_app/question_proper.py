"""The clause that asks, read apart from the remarks after it.

People type a question the way they say it: a general question with their own life around it ("my brother swears
X, is that true? I never believed it", "学生问我…我也说不好"). Whether the question needs the user's memory is
decided by what it asks: intent detection reads the message up to its last asking clause, a check of something
heard ("is that true?", "靠谱吗") with the claim but without its teller, and a reported question ("my son asked me
why…") without who asked. The message as a whole still goes to recall; this only decides the request type.
"""
import re

# Clause ends: punctuation, and in Chinese a space between two characters (a pause typed as a space).
# (Around a Latin word inside Chinese a space is only spacing.)
_CLAUSE_BREAK = re.compile(r"\s*[，,。.!！?？;；…~～]+\s*|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
# Question words, a verb asked as "V不V" (要不要, 行不行), a closing particle. "几" asks unless it is "a few" (这几个月,
# 好几天, 前几年).
_ZH_QUESTION = re.compile(r"为啥|为什么|怎么|咋|啥|什么|哪|谁|多少|(?<![这那好前后十])几[个年天次种位点]|([\u4e00-\u9fff])不\1"
                          r"|有没有|真的假的|靠谱|[吗嘛么呢没]$")
_EN_QUESTION = re.compile(
    r"^(?:(?:ok|okay|so|hey|but|and|wait|like|also|um|hm+|lol|btw)\s+)*"
    r"(?:what|whats|why|how|when|where|who|which|is|are|was|were|do|does|did|can|could|would|will|should|has|have)\b",
    re.IGNORECASE)
_EN_REPORTED = re.compile(r"\b(?:asked|asks|ask|asking) (?:me |us )?(?:why|how|what|whether|if|when|where|who)\b",
                          re.IGNORECASE)
# A question about whether something heard holds: it points back to the claim before it.
_CHECKS_A_CLAIM = re.compile(
    r"(?:这|那)(?:个|种)?(?:说法|讲法|话)?.{0,4}(?:真|假|对|可信|靠谱)|靠谱|可信|是真的|真的吗|真的假的|有(?:没有)?(?:根据|道理)"
    r"|(?i:\b(?:is|was) (?:that|this|it) (?:actually |really |even )?(?:true|legit|right|real|correct|so)\b"
    r"|\btrue or (?:not|false)\b|\bfact or fiction\b|\bany truth (?:to|in)\b|\bmyth\b|\blegit\b)")
# Who said it and the verb of saying, before the claim ("my aunt swears that…", "楼下大爷讲…").
_HEARSAY = re.compile(
    r"^.{0,24}?(?:说|讲|告诉我|跟我说|听说|传)(?:的|过|了)?(?:是)?"
    r"|^.{0,40}?\b(?:says?|said|saying|swears?|swore|claims?|claimed|insists?|told me|thinks?|heard)\b(?: that)?",
    re.IGNORECASE)

# A question reported as someone's ("女儿问我月亮为什么…", "my son asked me why…"): what follows is the question.
_REPORTED_QUESTION = re.compile(
    r"^.{0,12}?(?:问我|问起|问过我|问)(?=为啥|为什么|怎么|咋|啥|什么|哪|是不是|有没有)"
    r"|^.{0,40}?\b(?:asked|asks|ask|asking) (?:me|us)\b\s*", re.IGNORECASE)


def checks_a_claim(text: str) -> bool:
    return bool(_CHECKS_A_CLAIM.search(text))


def clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of ``text``, each with whether a question mark closed it."""
    found, start = [], 0
    for pause in [*_CLAUSE_BREAK.finditer(text), None]:
        end = pause.start() if pause else len(text)
        clause = text[start:end].strip()
        if clause:
            found.append((clause, bool(pause and re.search(r"[?？]", pause.group()))))
        start = pause.end() if pause else end
    return found


def asks(clause: str, question_mark: bool = False) -> bool:
    if question_mark or (re.search(r"[\u4e00-\u9fff]", clause) and _ZH_QUESTION.search(clause)):
        return True
    return bool(_EN_QUESTION.search(clause) or _EN_REPORTED.search(clause))


def question_proper(text: str, *, keeps_remark=lambda clause: False) -> str:
    """``text`` without what follows its last asking clause (a remark: who else asked, how the asker feels about it)
    unless ``keeps_remark`` says it brings the asker's own plan into the question; a claim check's teller ("my aunt
    swears that") and a reported question's asker ("孩子问我…") are read past. What comes before the question stays:
    it is often the asker's own situation that the question leaves out ("我家狗怕打雷，晚上该怎么安抚"). The whole
    text when no clause asks."""
    marked = clauses(text)
    parts = [clause for clause, _ in marked]
    asking = [index for index, (clause, question_mark) in enumerate(marked) if asks(clause, question_mark)]
    if not asking:
        return text
    last = asking[-1]
    kept = parts[:last + 1] + [part for part in parts[last + 1:] if keeps_remark(part)]
    for index in asking:
        if _CHECKS_A_CLAIM.search(parts[index]) and index > 0 and index - 1 not in asking:
            kept[index - 1] = _HEARSAY.sub("", parts[index - 1]).strip()
        kept[index] = _REPORTED_QUESTION.sub("", parts[index]).strip() or parts[index]
    joined = " ".join(part for part in kept if part)
    return joined if joined != " ".join(parts) else text

"""Forget requests: a forget verb in the imperative plus an object phrase that says what to forget, in either
order ("把上次说的X删掉", "X，当没听过", "drop X", "X, forget it"). The object phrase, stripped of the forget
words and of fillers such as 关于/上次说的/what I told you about, is the *description* of the subject; finding
what it describes is ``memory_app.forget_matching``'s job (by meaning, not by a list of subjects).

Only a description that is nothing but the user themselves ("忘掉关于我的一切", "delete all my data") asks
to erase the whole user; "everything about my brother's wedding" is about the wedding.
"""
import re

from ..chinese_script import as_written_mandarin
from .forget_description import ForgetRequest, clean_phrase, distinctive_terms, residual
from .forget_phrases import (
    ADDRESS, ALL_OF_IT, ANAPHOR, APPOSITIVE, CHUNK_BREAK, COMMENT_START, COUNTED, COUNTED_FRAME, CUE,
    EMBEDDED_QUESTION, EN_ASKED_NOT, EN_REQUEST_PREFIX, KEEP_VERB, KEPT_IN_A_STATE, LIST_JOINER, MEMORY_REFERENCE,
    META_WORDS, NEUTER, NOT_STORED, PERSONAL_DETAIL, PHRASAL_PARTICLE, PRONOUN, QUANTIFIER, QUESTION, QUESTION_TAG,
    REPORTED_INTENT, SELF, SELF_CORRECTION, SENTENCE_BREAK, STORED, VERB, WHAT_APPLIES_NOW, WHOLE_OF_IT, ZH_BA_REQUEST,
    ZH_NEGATED_FORGET, ZH_PLEASE, ZH_POLITE_QUESTION, ZH_REQUEST_START, ZH_SUBJECT_BEFORE,
)


def _chunks(message: str) -> list[tuple[int, str]]:
    """(sentence number, chunk) in order; a chunk is a comma-separated piece of a sentence."""
    found = []
    for number, sentence in enumerate(SENTENCE_BREAK.split(message or "")):
        for chunk in CHUNK_BREAK.split(sentence):
            chunk = chunk.strip(" 。！？!?；;.…~～\"'“”")
            if chunk:
                found.append((number, chunk))
    return found


def _imperative_verb(chunk: str, question: bool) -> re.Match | None:
    """The first forget verb of a chunk used as a request, not in a statement ("我忘了带钥匙", "I forget") or
    a question ("你忘了吗？"); a polite question ("能把X删掉吗？", "could you delete X?") is a request."""
    for found in VERB.finditer(chunk):
        before, verb = chunk[:found.start()], found.group(0)
        if found.group("zs") or found.group("zg"):
            statement_form = found.group("zg") or verb.startswith("忘")  # "我删了", "我忘掉了" report, not ask
            if statement_form and ZH_SUBJECT_BEFORE.search(before) and not re.search(r"把|将", before[-8:]):
                continue
            if REPORTED_INTENT.search(before) or EMBEDDED_QUESTION.search(before):  # "他嚷嚷着要把旧鞋都扔了"
                continue
            if question and not ZH_POLITE_QUESTION.match(before.strip()):
                continue
            if verb.startswith("忘") and not verb.endswith(("吧", "掉")):
                after = chunk[found.end():]
                if ZH_NEGATED_FORGET.search(before) or not (re.search(r"把|将", before) or re.match(r"吧|掉|它|这|那", after)
                                                             or ZH_REQUEST_START.match(before.strip())):
                    continue
            return found
        # An English verb in a Chinese sentence ("那件事全部 delete 掉") takes the Chinese request words before it.
        request_start = (EN_REQUEST_PREFIX.match(before.strip()) or ZH_REQUEST_START.match(before.strip())
                         or ZH_BA_REQUEST.match(before.strip()) or COUNTED_FRAME.match(before.strip()))
        asks_politely = re.match(EN_ASKED_NOT, verb, re.I)  # a polite question ("could you not store X?") asks
        if request_start and not (question and not before.strip() and not asks_politely):
            return found
    return None


def _object_of(found: re.Match, chunk: str, previous: str) -> str:
    """The object phrase (raw): 把/将's object, else what follows the verb, else the topic before it, else the
    previous chunk of the sentence ("上次说的X，当没听过")."""
    before, after = chunk[:found.start()], chunk[found.end():]
    ba = re.search(r"(?:把|将)(?P<obj>.+)$", before)
    if ba:
        return ba.group("obj")
    after = re.sub(r"^\s*(?:about|of|on)\s+", "", after, flags=re.I)
    after = re.sub(r"^\s*(?:掉|了|一下|着|下来|起来|吧|好了|算了|就行了?|就好)+", "", after)  # "delete 掉", "别存着", "删掉好了"
    if clean_phrase(after) and not PRONOUN.match(clean_phrase(after)) and not COMMENT_START.match(after.strip()) \
            and not VERB.match(after.strip()):  # "删掉吧不要存": a second request, not the object
        return after
    frame = COUNTED_FRAME.match(before.strip())
    if frame:  # "two things to forget: …": the count stands for the list after it (_listed_ahead)
        return frame.group("zh") or frame.group("en")
    topic = re.sub(rf"(?:你|您|侬|就|都|也|全|全部|给我|帮我|帮忙|可以|能|{ZH_PLEASE}|能不能|可不可以|能否|是不是|要不|现在|马上|立刻|赶紧|"
                   r"一律|一概|统统|通通|全都|直接|干脆|彻底|从此|以后|今后)+$", "", before).strip()
    if clean_phrase(topic) and not EN_REQUEST_PREFIX.match(topic):
        return topic
    return previous if previous and _names_subject(previous) else after


# Chat drops apostrophes ("dont save it", "cant"): the grammar below is written with them.
_BARE_NEGATION = re.compile(r"(?i)\b(do|does|did|ca|wo|should|would|could|need|is|are)n[’']?t\b")


def _with_apostrophes(message: str) -> str:
    return _BARE_NEGATION.sub(lambda found: found.group(1) + "n't", (message or "").replace("’", "'"))


# The grammar below addresses the assistant as 你; the polite 您 and the plural 你们 ("你们那边的记录", said to
# a service) address it too.
_ADDRESSED = re.compile(r"您|你们")


def _addressed_as_you(message: str) -> str:
    return _ADDRESSED.sub("你", message)


def detect_forget_requests(message: str) -> list[ForgetRequest]:
    message = _addressed_as_you(_with_apostrophes(message))
    chunks = _chunks(message)
    sentences = SENTENCE_BREAK.split(message or "")
    question_sentences = {number for number, sentence in enumerate(sentences)
                          if QUESTION.search(QUESTION_TAG.sub("", sentence.strip()))}
    # a semicolon ends no list ("以下几点请删除：A；B"): the sentences it ends go on into the next (_listed_ahead)
    semicolon_ended = {number for number, sentence in enumerate(sentences) if sentence.rstrip().endswith(("；", ";"))}
    asked: dict[int, str] = {}  # chunk index -> description of the request it makes ("" when it has none)
    requests: list[ForgetRequest] = []
    for index, (sentence, chunk) in enumerate(chunks):
        found = _imperative_verb(chunk, question=sentence in question_sentences and index == _last_of(chunks, sentence))
        if not found:
            continue
        points_back = False
        asked[index] = ""
        same_sentence_previous = _phrases_before(chunks, index, asked, sentence)
        raw = _object_of(found, chunk, same_sentence_previous)
        listed = _listed_ahead(chunks, index, raw, semicolon_ended)
        raw = f"{raw}, {listed}" if listed else raw
        description = clean_phrase(raw)
        if KEEP_VERB.search(found.group(0)) and KEPT_IN_A_STATE.fullmatch(description):
            continue
        if NOT_STORED.search(found.group(0)) and PHRASAL_PARTICLE.match(chunk[found.end():]):
            continue
        # "don't store this", "此事不要存档": keeping a record of this very message is what is refused.
        refuses_a_record = bool(NOT_STORED.search(found.group(0)) and (not description or PRONOUN.match(description)))
        strong = bool(found.group("zs") or found.group("es")) or refuses_a_record
        # a count with no list after it counts what came before ("A，还有B，这N件都删了")
        counts_back = bool(COUNTED.match(description))
        if PRONOUN.match(description) or counts_back or not description and not _self_or_all(_without_anaphors(raw)):
            antecedent = _antecedent(chunks, index, asked, question_sentences)
            points_ahead = not antecedent and _named_right_after(chunks, index, sentence)
            antecedent = antecedent or points_ahead
            if not antecedent:
                continue
            # "forget it" alone is "never mind"; "forget that whole business", or an earlier phrase of the message
            # naming something said ("X提过的那个想法……这条别保留"), points back.
            if NEUTER.match(description or "it") and not (CUE.search(chunk) or WHOLE_OF_IT.search(chunk)
                                                            or CUE.search(antecedent) or refuses_a_record):
                continue
            # a count keeps its place beside what it counts: each matter is then asked for (_each_listed)
            counted = f", {raw}" if counts_back else ""
            raw, description, points_back = antecedent + counted, clean_phrase(antecedent), not points_ahead
        if not strong and not (_cue_beside_a_count(chunk, found, raw) or PERSONAL_DETAIL.fullmatch(raw)):
            continue
        everything = not residual(description) and _self_or_all(_without_anaphors(raw + " " + chunk))
        if not description and not everything:
            continue
        if not everything and _states_a_change(chunks, index, raw):
            continue
        if _retracts_what_it_just_said(chunks, index, found):
            continue
        if not everything:
            description = _with_restatement_after(chunks, index, sentence, description)
        asked[index] = "" if everything else description
        said = " ".join(text for number, text in chunks if number == sentence)  # "X那摊事 你统统删了 别留底"
        whole = not everything and bool(ALL_OF_IT.search(said) or ALL_OF_IT.search(raw))
        requests += [ForgetRequest(description=item, everything=everything, whole_subject=whole, text=chunk,
                                   points_back=points_back) for item in _each_listed(raw, asked[index])]
    return _distinct(requests)


def _each_listed(raw: str, description: str) -> list[str]:
    """The subjects one request names: each item of a list its count announced ("三件事：A，B，C" asks three times, each
    matter found on its own: together they fit either message less well than each alone), else the description."""
    pieces = [clean_phrase(LIST_JOINER.sub("", piece.strip())) for piece in raw.split(", ")]
    if not description or not any(COUNTED.match(piece) for piece in pieces if piece):
        return [description]
    return [piece for piece in pieces if piece and not COUNTED.match(piece)] or [description]


def _listed_ahead(chunks, index: int, raw: str, semicolon_ended: set[int]) -> str:
    """"N件事删了：A，B", "drop N things: A, and B": a counted placeholder stands for the phrases after
    it that name subjects, up to the next request: the rest of its sentence, or the next sentence when its own ends
    with it; a semicolon ends no list ("以下几件事请删除：A；B")."""
    if not COUNTED.match(clean_phrase(raw)):
        return ""
    sentence = chunks[index][0]
    last = sentence if any(number == sentence for number, _ in chunks[index + 1:]) else sentence + 1
    while last in semicolon_ended:
        last += 1
    following = [chunk for number, chunk in chunks[index + 1:] if number <= last]
    listed = []
    for chunk in following:
        if _imperative_verb(chunk, question=False) or not _names_subject(chunk):
            break
        listed.append(chunk)
    return ", ".join(listed)


def _cue_beside_a_count(chunk: str, found: re.Match, raw: str) -> bool:
    """A memory cue in the request or in what it names. "Three things to delete from the spreadsheet: …" is an
    edit: in a count that opens the request, "things" says nothing of memory (a count of 件事 does: matters)."""
    frame = COUNTED_FRAME.match(chunk[:found.start()].strip())
    if frame and frame.group("en"):
        chunk = chunk[frame.end("en"):]
        raw = raw.removeprefix(frame.group("en"))
    return bool(CUE.search(chunk) or CUE.search(raw))


def _with_restatement_after(chunks, index: int, sentence: int, description: str) -> str:
    """"Scrap the Tom stuff, I mean the part about his drinking", "把老周那件事删了，就是他借钱的那次": the
    phrase right after the request restates what it means, more precisely."""
    following = chunks[index + 1] if index + 1 < len(chunks) else None
    if following is None or following[0] != sentence or not APPOSITIVE.match(following[1]):
        return description
    restated = clean_phrase(following[1])
    if not restated or restated in description or not _names_subject(following[1]):
        return description
    return f"{description}, {restated}"


def _states_a_change(chunks: list[tuple[int, str]], index: int, raw_object: str) -> bool:
    """"You can forget the paper timesheets. We log hours in the app now": the object is a practice in the
    world, not something said, and another chunk of the message says what applies now."""
    if MEMORY_REFERENCE.search(chunks[index][1]) or MEMORY_REFERENCE.search(raw_object):
        return False
    return any(WHAT_APPLIES_NOW.search(chunk) for other, (_, chunk) in enumerate(chunks) if other != index)


def _retracts_what_it_just_said(chunks: list[tuple[int, str]], index: int, found: re.Match) -> bool:
    """"月租两千三 不对 划掉 是两千五", "the deposit is 400, no wait, strike that, 450": a removal verb right after a
    self-correction, pointing at no memory and followed by the corrected words, takes back this message's own
    words. Nothing stored is meant, and the message itself (with the correction) is worth keeping."""
    if not (found.group("zg") or found.group("eg")) or MEMORY_REFERENCE.search(chunks[index][1]):
        return False
    here_or_just_before = chunks[index][1][:found.start()] + " " + (chunks[index - 1][1] if index else "")
    return bool(SELF_CORRECTION.search(here_or_just_before)) and index < len(chunks) - 1


def _last_of(chunks: list[tuple[int, str]], sentence: int) -> int:
    return max(index for index, (number, _) in enumerate(chunks) if number == sentence)


def _self_or_all(text: str) -> bool:
    """A whole-user request names the user, or what is stored about them, with a quantity or as such ("我的所有
    信息", "all my data", "清空所有记忆", "everything you know about me"). A bare "forget everything" may
    only mean the last few messages: it erases nothing."""
    names_user, quantity, stored = SELF.search(text), QUANTIFIER.search(text), STORED.search(text)
    return bool(names_user and (quantity or stored) or stored and quantity)


def _antecedent(chunks, index: int, asked: dict[int, str], question_sentences: set[int]) -> str:
    """"我跟小林闹掰了。别再提她", "Don't note down X. On second thought, drop all of that": a pronoun, or no
    object at all, stands for the nearest earlier phrase of the same message that names a subject: the subject of
    an earlier request, or a statement; not a comment on it ("那是她的私事", "that was silly") or a filler.
    Phrases right before it in the same sentence name it together ("the thing about the Lins, the loan - forget
    it"): the run of them is the antecedent."""
    for earlier in range(index - 1, -1, -1):
        sentence, chunk = chunks[earlier]
        if earlier in asked:
            if asked[earlier]:
                return asked[earlier]
            continue
        if sentence not in question_sentences and _names_subject(chunk):
            return _phrases_before(chunks, earlier + 1, asked, sentence)
    return ""


def _named_right_after(chunks, index: int, sentence: int) -> str:
    """"Forget it, what I said about my landlord": the pronoun points ahead, to the next phrase of the sentence,
    when that phrase names something said or kept."""
    if index + 1 >= len(chunks) or chunks[index + 1][0] != sentence:
        return ""
    following = chunks[index + 1][1]
    return following if CUE.search(following) and _names_subject(following) else ""


def _phrases_before(chunks, end: int, asked: dict[int, str], sentence: int) -> str:
    """The phrases of ``sentence`` right before chunk ``end`` that name a subject, joined: they name it
    together ("the thing about the Lins, the loan - forget it"). A phrase opened by "but" / "不过" starts the run:
    what comes before it is a preamble ("Sorry to be a pain, I know it's odd, but the matter of …")."""
    run = []
    for before in range(end - 1, -1, -1):
        if before in asked or chunks[before][0] != sentence or not _names_subject(chunks[before][1]) \
                or ADDRESS.fullmatch(chunks[before][1].strip()):
            break
        contrast = _CONTRAST_START.match(chunks[before][1])
        run.insert(0, chunks[before][1][contrast.end():] if contrast else chunks[before][1])
        if contrast:
            break
    return ", ".join(run)


_CONTRAST_START = re.compile(r"^(?:(?i:but|though|however)\b\s*|(?:但是|但|不过|可是|只是)(?!是))")


def _names_subject(chunk: str) -> bool:
    if COMMENT_START.match(chunk) and not APPOSITIVE.match(chunk):
        return False
    rest = META_WORDS.sub(" ", clean_phrase(META_WORDS.sub(" ", chunk)))
    return not PRONOUN.match(rest.strip()) and any(len(term) >= 2 for term in distinctive_terms(rest))


def _without_anaphors(text: str) -> str:
    """"drop the whole business" points back; its "whole" is no quantity of what is kept about the user."""
    return ANAPHOR.sub(" ", text)


def _distinct(requests: list[ForgetRequest]) -> list[ForgetRequest]:
    """"别再提她了，跟她有关的也别记" asks once, in two clauses; an erase of everything covers the rest."""
    if any(request.everything for request in requests):
        return [next(request for request in requests if request.everything)]
    seen, kept = set(), []
    for request in requests:
        if request.description not in seen:
            seen.add(request.description)
            kept.append(request)
    return kept


def is_forget_clause(clause: str) -> bool:
    """Is this clause (or chunk of it) itself a forget request? Such clauses are never extracted from. A generic
    removal verb needs its memory cue here too: "don't put cilantro in my soup" is a preference to keep."""
    clause = _with_apostrophes(clause)
    question = bool(QUESTION.search(clause))
    for _, chunk in _chunks(clause):
        found = _imperative_verb(chunk, question=question)
        if found and (found.group("zs") or found.group("es") or CUE.search(chunk)):
            return True
    return False


def what_else_it_says(message: str, requests: list[ForgetRequest]) -> str:
    """The message without its forget requests, the phrases that name what they ask to forget, and comments on
    them: "the dog lives with my sister now, no dog at home, delete that record about the dog" still says there is no
    dog. Empty when nothing else is said, when the request is about the user as a whole, or when it points back at
    this very message ("I quit over a pay dispute. Don't put this in any record": all of it is not to be kept)."""
    if not requests or any(request.everything or request.points_back for request in requests):
        return ""
    read, typed = _chunks(_with_apostrophes(as_written_mandarin(message))), _chunks(message)
    if len(read) != len(typed):
        typed = read
    described = {term for request in requests for term in distinctive_terms(request.description)}
    kept = [as_typed for (_, chunk), (_, as_typed) in zip(read, typed)
            if _names_subject(chunk) and not _imperative_verb(chunk, question=False)
            and not MEMORY_REFERENCE.search(chunk) and not described & set(distinctive_terms(chunk))]
    joiner = "，" if re.search(r"[\u4e00-\u9fff]", message) else ", "
    return joiner.join(kept)

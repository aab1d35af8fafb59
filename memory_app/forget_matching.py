"""Which of one user's items a forget request describes ("what I told you about my visa interview"), found by
meaning and by words, in every place a copy can live: memories (every version), snippets, session summary
lines, turns (message and reply), turn outcomes, audit event details and working memory.

An item matches when ``lift + FORGET_KEYWORD_WEIGHT * keyword >= FORGET_THRESHOLD``: ``lift`` is how much
closer the description is to it than to neutral text (similarity above the description's own neutral baseline,
in units of the embedder's spread; see ``calibration``), ``keyword`` the idf-weighted share of the description's
distinctive words it holds. Meaning alone must be strong; shared words lower the bar. The settings are tuned
on invented probe conversations (``scripts/calibrate_forget.py``). A matched message takes every copy of it
along (snippet, summary line, turn, the assistant's answer, and memories drawn only from such messages).
Everything here is read-only; ``actions.forget_described`` does the deleting.
"""
import math
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from . import crypto, forget_judge, sensitive_subjects
from .calibration import baseline_similarity
from .conf import app_settings
from .embedding import embed_passages_safely, embed_query_safely
from .extraction.confided import said_in_confidence
from .extraction.forget_description import description_parts, distinctive_terms, names_what_key_stores
from .keywords import terms as keyword_terms
from .models import EventAction, Memory, MemoryEvent, SessionSummary, Snippet, Turn
from .providers import get_embedder
from .semantic import PLACEHOLDERS
from .working_memory import user_session_items

CONTENT_FIELDS = ("value", "text", "before", "after", "entities")
# Bags of values and sentences, not text: the embedder reads them poorly, and they are copies of a message or
# a memory that is scored anyway. Words alone decide for them.
KEYWORD_ONLY = ("outcome", "event")


@dataclass
class Item:
    place: str  # memory, snippet, summary, turn, reply, outcome, event, working
    ref: object  # the Memory row; a row pk; (summary pk, line) for summary lines; (session, text) in working memory
    text: str
    turns: frozenset = frozenset()  # (session, turn) of the messages it came from, or is
    vector: np.ndarray | None = None
    keyword: float = 0.0
    lift: float | None = None
    key_named: bool = False  # a memory whose key is what the description names ("我的地址" -> profile.home_address)
    said_at: datetime | None = None  # a message's time (turns only)
    part_fits: list = field(default_factory=list)  # ``fit`` for each part of the description (see score)

    @property
    def fit(self) -> float:
        """How well the description fits it, meaning and words together (the ranking the rules below share)."""
        return (self.lift or 0.0) + app_settings.FORGET_KEYWORD_WEIGHT * self.keyword

    @property
    def matched(self) -> bool:
        if self.key_named:  # the user named the very thing this memory stores: no similarity needed
            return True
        if self.lift is None:  # no vector (a bag of values, past the embedding budget, no embedder): words alone
            return self.keyword >= app_settings.FORGET_KEYWORD_ALONE
        return self.fit >= app_settings.FORGET_THRESHOLD


@dataclass
class Matches:
    memories: list = field(default_factory=list)
    snippets: set = field(default_factory=set)
    summary_lines: dict = field(default_factory=dict)  # summary pk -> set of line texts
    turns: set = field(default_factory=set)  # turn pks whose message goes
    replies: set = field(default_factory=set)  # turn pks whose reply goes
    outcomes: set = field(default_factory=set)  # turn pks whose outcome content goes
    events: set = field(default_factory=set)
    working: set = field(default_factory=set)  # (session, text)
    turn_refs: set = field(default_factory=set)  # (session, turn) whose every copy goes
    # When nothing matched: the message said in confidence that fits the description best (its (session, turn)),
    # which the request, left standing, withholds from prompts (``forget_guard``); nothing is erased for it.
    confidence_left: frozenset = frozenset()

    @property
    def empty(self) -> bool:
        return not any((self.memories, self.snippets, self.summary_lines, self.turns, self.replies, self.outcomes,
                        self.events, self.working, self.turn_refs))


def _refs(sources) -> frozenset:
    return frozenset((str(source.get("session", "")), str(source.get("turn", ""))) for source in sources or []
                     if isinstance(source, dict) and source.get("turn"))


def content_strings(data) -> list[str]:
    """The content an outcome or an event detail holds (values, sentences, entities), not its bookkeeping."""
    found = []
    if isinstance(data, dict):
        for name, value in data.items():
            if name in CONTENT_FIELDS:
                found += [value] if isinstance(value, str) else content_strings(value) if isinstance(value, (dict, list)) else []
            elif isinstance(value, (dict, list)):
                found += content_strings(value)
    elif isinstance(data, list):
        for value in data:
            found += [value] if isinstance(value, str) else content_strings(value)
    return [text for text in found if text and text not in PLACEHOLDERS]


def collect(tenant: str, user_id: str, *, skip_turn_pk: int | None = None) -> list[Item]:
    """Every place of one user (and only that user) where text can live."""
    items = []
    for memory in Memory.objects.for_user(tenant, user_id):
        text = crypto.reveal_text(memory)
        words = " ".join([crypto.reveal_value(memory), *(memory.entities or [])])
        items.append(Item("memory", memory, f"{text} {words}".strip(), _refs(memory.sources), _stored(memory)))
    for snippet in Snippet.objects.for_user(tenant, user_id):
        items.append(Item("snippet", snippet.pk, snippet.text, _refs(snippet.sources), _stored(snippet)))
    for summary in SessionSummary.objects.for_user(tenant, user_id).exclude(text=""):
        lines = summary.text.split("\n")
        sources = ([{}] * len(lines) + list(summary.sources or []))[-len(lines):]  # aligned from the end
        items += [Item("summary", (summary.pk, line), line, _refs([source])) for line, source in zip(lines, sources)
                  if line.strip()]
    turns = Turn.objects.for_user(tenant, user_id).exclude(pk=skip_turn_pk).only("pk", "session_id", "turn_id", "text",
                                                                                  "reply", "outcome", "occurred_at")
    for turn in turns:
        ref = frozenset({(turn.session_id, turn.turn_id)})
        if turn.text not in PLACEHOLDERS:
            items.append(Item("turn", turn.pk, turn.text, ref, said_at=turn.occurred_at))
        if turn.reply not in PLACEHOLDERS:
            items.append(Item("reply", turn.pk, turn.reply, ref))
        outcome_text = " ".join(content_strings({k: v for k, v in (turn.outcome or {}).items() if k != "forgotten"}))
        if outcome_text:
            items.append(Item("outcome", turn.pk, outcome_text, ref))
    events = MemoryEvent.objects.for_user(tenant, user_id).exclude(action=EventAction.READ).only("pk", "detail")
    for event in events:
        text = " ".join(content_strings(event.detail))
        if text:
            items.append(Item("event", event.pk, text))
    for session_id, entries in user_session_items(tenant, user_id).items():
        items += [Item("working", (session_id, entry["text"]), entry["text"], _refs(entry.get("sources")))
                  for entry in entries]
    return items


def _stored(row) -> np.ndarray | None:
    """A stored vector is reused when the configured embedder made it."""
    if row.embedding is None or row.embedding_model != get_embedder().name:
        return None
    return np.asarray(row.embedding, dtype=np.float32)


def score(description: str, items: list[Item]) -> None:
    """Fill each item's keyword coverage and similarity lift for this description: for a description that
    joins several things, those of the part that fits the item best. A part that shares just one word with an
    item (a name, one entity: "what happened with <a friend>") is weaker evidence than the whole: it does not
    speak for that item alone, or every message naming that friend would go."""
    parts = description_parts(description)
    # The head word of a joined description is the head of its last part only: each part names its own.
    keywords = [_keyword_scores(part, items, by_key=len(parts) == 1 or index > 0) for index, part in enumerate(parts)]
    usable = [[index == 0 or not _rests_on_one_word(part, held[position]) for position in range(len(items))]
              for index, (part, (_, held)) in enumerate(zip(parts, keywords))]
    weight = app_settings.FORGET_KEYWORD_WEIGHT
    for position, item in enumerate(items):
        item.keyword = max(scores[position] for (scores, _), allowed in zip(keywords, usable) if allowed[position])
        item.part_fits = [weight * scores[position] if allowed[position] else -math.inf
                          for (scores, _), allowed in zip(keywords, usable)]
        item.key_named = item.place == "memory" and any(
            allowed[position] and (len(parts) == 1 or index > 0)
            and names_what_key_stores(distinctive_terms(part), item.ref.key)
            for index, (part, allowed) in enumerate(zip(parts, usable)))
    queries = [embed_query_safely(part) for part in parts]
    if any(query is None for query in queries):
        return  # no embedder: keywords alone decide (the strict keyword threshold applies)
    _fill_vectors(items)
    spread = get_embedder().similarity_spread
    baselines = [baseline_similarity(query) for query in queries]
    for position, item in enumerate(items):
        if item.vector is None or len(item.vector) != len(queries[0]):
            continue
        norm = float(np.linalg.norm(item.vector)) or 1.0
        scored = [((float(item.vector @ query) / norm - baseline) / spread, scores[position]) if allowed[position]
                  else None for query, baseline, (scores, _), allowed in zip(queries, baselines, keywords, usable)]
        item.part_fits = [-math.inf if pair is None else pair[0] + weight * pair[1] for pair in scored]
        item.lift, item.keyword = scored[int(np.argmax(item.part_fits))]  # the best-fitting part


def _keyword_scores(description: str, items: list[Item], *, by_key: bool = True) -> tuple[list[float], list[set[str]]]:
    """Per item, the share of the description's distinctive words it holds, each weighted by how rare it is
    among this user's items (a word every item has says nothing), and the words it holds. A memory whose key
    stores what the description names counts as holding them all (``by_key``)."""
    wanted = distinctive_terms(description)
    documents = [set(keyword_terms(item.text)) for item in items]
    held = [{term for term in wanted if _holds(document, term)} for document in documents]
    frequency = Counter(term for terms in held for term in terms)
    total = len(documents)
    weights = {term: _weight_at(frequency[term], total) for term in wanted}
    # A word of the description found nowhere cannot tell items apart; it counts half.
    weights = {term: weight * (1.0 if frequency[term] else 0.5) for term, weight in weights.items()}
    # Shares are of at least the weight of a word said in a few messages (each has copies: turn, snippet, summary
    # line): a description of one or two common words ("home") does not fully match every item holding them.
    whole = max(sum(weights.values()), _weight_at(MESSAGES_OF_A_SUBJECT * COPIES_OF_A_MESSAGE, total), 1e-9)
    scores = [1.0 if by_key and item.place == "memory" and names_what_key_stores(wanted, item.ref.key)
              else sum(weights[term] for term in terms) / whole for item, terms in zip(items, held)]
    return scores, held


COPIES_OF_A_MESSAGE = 4
MESSAGES_OF_A_SUBJECT = 3  # a subject is usually talked about in a few messages


def _weight_at(frequency: int, total: int) -> float:
    """A word's idf among ``total`` items when ``frequency`` of them hold it."""
    return math.log(1 + max(0.0, total - frequency + 0.5) / (frequency + 0.5))


def _rests_on_one_word(part: str, held: set[str]) -> bool:
    """Does the item share exactly one word with this part? A Latin term is a word; Chinese terms are
    character pairs, so the pairs held are laid back on the part: one run of at most three characters ("阿杰",
    "王小明") is one word. An item sharing no word matched the part by meaning alone, which is not inflated."""
    latin = sum(1 for term in held if term.isascii())
    covered = set()
    lowered = part.lower()
    for term in held:
        if not term.isascii():
            for found in re.finditer(re.escape(term), lowered):
                covered |= set(range(found.start(), found.end()))
    runs = [len(run) for run in _runs(sorted(covered))]
    chinese_words = sum(2 if length > MAX_CHINESE_WORD else 1 for length in runs)
    return latin + chinese_words == 1


MAX_CHINESE_WORD = 3  # characters: a name or a short noun; a longer run held is a compound, more than one word


def _runs(positions: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for position in positions:
        if runs and position == runs[-1][-1] + 1:
            runs[-1].append(position)
        else:
            runs.append([position])
    return runs


def _holds(document: set[str], term: str) -> bool:
    """The term, or for a Latin word the same word with another ending ("divorce" / "divorced", "therapist" /
    "therapy"): the light stemmer of ``keywords`` leaves those apart."""
    if term in document:
        return True
    if not term.isascii() or len(term) < 5:
        return False
    return any(word.isascii() and len(word) >= 5 and _same_stem(term, word) for word in document)


def _same_stem(first: str, second: str) -> bool:
    """Both words end a few letters past what they share ("therapist" / "therapy"); a compound that only starts
    with the other ("house" / "households") is another word."""
    shared = len(os.path.commonprefix([first, second]))
    return shared >= 5 and max(len(first), len(second)) - shared <= 3


def _fill_vectors(items: list[Item]) -> None:
    """Reuse stored vectors (also for the same text elsewhere: a turn and its snippet); embed the rest within
    a budget, those sharing a word with the description first."""
    known = {" ".join(item.text.split()): item.vector for item in items if item.vector is not None}
    missing = []
    for item in items:
        if item.vector is None and item.place not in KEYWORD_ONLY:
            item.vector = known.get(" ".join(item.text.split()))
            if item.vector is None:
                missing.append(item)
    budget = app_settings.FORGET_MAX_EMBEDDED
    if len(missing) > budget:
        missing = sorted((item for item in missing if item.keyword > 0), key=lambda item: -item.keyword)[:budget]
    texts = list(dict.fromkeys(" ".join(item.text.split()) for item in missing))
    vectors, _ = embed_passages_safely(texts) if texts else ([], "")
    embedded = dict(zip(texts, vectors))
    for item in missing:
        item.vector = embedded.get(" ".join(item.text.split()))


def find(tenant: str, user_id: str, description: str, *, skip_turn_pk: int | None = None,
         whole_subject: bool = False, request: str = "", said_between: tuple[datetime, datetime] | None = None) -> Matches:
    """``whole_subject``: the request asked for all of it ("那摊事统统删了", "all of that"): the messages that
    carry on the thread of what matched go too (``same_thread``). ``request``: the sentence that asked, for a
    chat model to judge the candidates by (``forget_judge``), when one is configured. ``said_between``: when the
    request says the message was said (``when_said``)."""
    items = collect(tenant, user_id, skip_turn_pk=skip_turn_pk)
    score(description, items)
    llm = forget_judge.model_for_forgetting()
    judged = _judged_messages(llm, request or description, items) if llm is not None else None
    matches = gather(items, tenant, user_id, whole_subject=whole_subject, judged=judged, said_between=said_between,
                     one_matter=not whole_subject)
    if matches.empty:
        closest = closest_confidence(items, said_between)
        matches.confidence_left = closest.turns if closest is not None else frozenset()
    return matches


def _judged_messages(llm, request: str, items: list[Item]) -> list[Item] | None:
    """The messages the chat model says the request is about, among the best-scoring ones; None when it failed."""
    messages = sorted((item for item in items if item.place == "turn"),
                      key=lambda item: -item.fit)[:app_settings.FORGET_JUDGE_CANDIDATES]
    chosen = forget_judge.messages_about(llm, request, [item.text for item in messages])
    return None if chosen is None else [messages[index] for index in sorted(chosen)]


def same_thread(items: list[Item], found: list[Item], z: float | None = None) -> list[Item]:
    """The user's other messages that stand out as near to a message that matched (a z-score of their nearest
    similarity to the matched ones, over all the user's messages, of at least ``z``: ``FORGET_THREAD_Z`` unless
    given), and are not unrelated to the description (lift above zero): "学费她说还得攒两年" after "我侄女打算去荷兰读设计"
    is the same subject in other words."""
    matched = [item.vector / (np.linalg.norm(item.vector) or 1.0) for item in found if item.vector is not None]
    others = [item for item in items if item.place == "turn" and item.vector is not None and item not in found]
    if not matched or len(others) < app_settings.FORGET_STANDOUT_MIN_MESSAGES:
        return []
    matrix = np.stack([item.vector / (np.linalg.norm(item.vector) or 1.0) for item in others])
    nearest = (matrix @ np.stack(matched).T).max(axis=1)
    spread = float(nearest.std()) or 1.0
    return [item for item, value in zip(others, nearest)
            if (value - nearest.mean()) / spread >= (app_settings.FORGET_THREAD_Z if z is None else z)
            and (item.lift or 0.0) > 0.0]


MAX_DATED_SHARE = 0.5


def standout_message(items: list[Item], said_between: tuple[datetime, datetime] | None = None) -> Item | None:
    """The user's message the description fits best, when it stands out from the rest of their messages (a
    z-score over them): a request to forget refers to something, and a paraphrase ("my housing worries" for a
    message about an eviction) can share no word with it and sit below the absolute threshold. A request that
    says when it was said ("back in March") looks among the messages of that time, and the best of those goes
    at a lower z (``FORGET_STANDOUT_Z_DATED``): the date has already set it apart from the rest."""
    messages, z = _messages_with_z(items)
    if not messages:
        return None
    dated = [position for position, item in enumerate(messages) if said_between and item.said_at
             and said_between[0] <= item.said_at <= said_between[1]]
    # A date that holds most of the messages ("yesterday" in a chat begun yesterday) sets nothing apart; and once
    # a message matched by meaning and words, the request has found what it meant: the date adds no second one.
    narrows = 0 < len(dated) <= len(messages) * MAX_DATED_SHARE and not any(item.matched for item in messages)
    candidates, bar = ((dated, app_settings.FORGET_STANDOUT_Z_DATED) if narrows
                       else (range(len(messages)), app_settings.FORGET_STANDOUT_Z))
    best = max(candidates, key=lambda position: z[position])
    return messages[best] if z[best] >= bar else None


def _messages_with_z(items: list[Item]) -> tuple[list[Item], np.ndarray]:
    """The user's scored messages and how far each one's fit stands out among them (a z-score); none when there
    are too few for a spread to mean anything."""
    messages = [item for item in items if item.place == "turn" and item.lift is not None]
    if len(messages) < app_settings.FORGET_STANDOUT_MIN_MESSAGES:
        return [], np.zeros(0)
    return messages, _z_scores(np.array([item.fit for item in messages]))


def confided_message(items: list[Item]) -> Item | None:
    """For a request that fits nothing by the other rules: the message said in confidence that the description fits
    best, when it stands out among all the user's messages (``FORGET_CONFIDED_Z``). What people later ask to have
    forgotten is, more often than not, what they asked to keep quiet when they said it; and taking a confidence
    wrongly errs towards privacy, where taking any other message would lose something the user wanted kept."""
    messages, z = _messages_with_z(items)
    # Read only here, for the few requests that matched nothing, not for every message of every request.
    confided = [position for position, item in enumerate(messages) if said_in_confidence(item.text)]
    if not confided:
        return None
    best = max(confided, key=lambda position: z[position])
    return messages[best] if z[best] >= app_settings.FORGET_CONFIDED_Z else None


def closest_confidence(items: list[Item], said_between: tuple[datetime, datetime] | None = None) -> Item | None:
    """The message said in confidence that the description fits best, however loosely (within ``said_between``
    when the request says when). Too weak a tie to erase it (``confided_message`` needs it to stand out), but on the
    dev sets every request that matched nothing and had a confidence before it meant that confidence (7 of 7):
    a standing request withholds it, which errs towards privacy and loses nothing."""
    confided = [item for item in items if item.place == "turn" and item.turns and said_in_confidence(item.text)
                and (said_between is None or item.said_at is None
                     or said_between[0] <= item.said_at <= said_between[1])]
    return max(confided, key=lambda item: item.fit, default=None)


def sensitive_message(items: list[Item]) -> Item | None:
    """For a request that fits nothing by the other rules, not even a confidence: the message whose subject is
    sensitive (``sensitive_subjects``) and that the description fits at least as well as the user's average
    message, when the two together stand out among the user's messages (``FORGET_SENSITIVE_Z``). A description
    the small embedder cannot tie to one message ("my family worries" for a son's divorce) still ranks it a little
    up, and what people ask to have forgotten is mostly a health, money, legal or family matter. Off unless
    ``FORGET_SENSITIVE_Z`` is set: on unseen sets it took about as many wrong messages as meant ones."""
    bar = app_settings.FORGET_SENSITIVE_Z
    messages, z = _messages_with_z(items) if bar is not None else ([], None)
    if not messages:
        return None
    subject = sensitive_subjects.sensitivity([item.vector for item in messages])
    if subject is None:
        return None
    combined = z + app_settings.FORGET_SENSITIVE_WEIGHT * _z_scores(subject)
    combined = _z_scores(combined)
    best = int(np.argmax(combined))
    return messages[best] if combined[best] >= bar and z[best] >= 0 else None


def _z_scores(values: np.ndarray) -> np.ndarray:
    return (values - values.mean()) / (float(values.std()) or 1.0)


MESSAGE_PLACES = ("snippet", "summary", "turn", "working")  # copies of a message: each takes the whole message along


def gather(items: list[Item], tenant: str, user_id: str, *, whole_subject: bool = False,
           judged: list[Item] | None = None, said_between: tuple[datetime, datetime] | None = None,
           one_matter: bool = False) -> Matches:
    """The matched items, and every other copy of the messages they came from. ``judged``: the messages a chat
    model chose; they replace the scores' choice of messages (their copies follow them), while what is not a
    copy of a message (a memory the user named by its key or one with no source message, an audit detail)
    is still matched by the scores. ``one_matter``: each thing the description names is one matter (not "all of
    it"): see ``_fitting_about_as_well``."""
    matches = Matches()
    if judged is not None:
        chosen = judged + [item for item in items if item.matched and (
            item.key_named or (item.place == "memory" and not item.turns) or item.place == "event")]
    else:
        standout = standout_message(items, said_between)
        chosen = [item for item in items if item.matched or item is standout]
        if one_matter:
            chosen = _fitting_about_as_well(chosen, items)
        if not chosen:
            chosen = [item for item in [confided_message(items) or sensitive_message(items)] if item is not None]
        if whole_subject:
            chosen += same_thread(items, [item for item in chosen if item.place == "turn"])
    for item in chosen:
        if item.place == "memory":
            matches.memories.append(item.ref)
        elif item.place in MESSAGE_PLACES:
            matches.turn_refs |= item.turns
            _add(matches, item)
        else:
            _add(matches, item)
    _with_replies_to(matches, tenant, user_id)
    for item in items:  # copies of a doomed message, wherever they are
        if item.turns & matches.turn_refs and item.place in ("snippet", "summary", "turn", "reply", "outcome", "working"):
            _add(matches, item)
        # A memory drawn only from forgotten messages is a copy of them too.
        elif item.place == "memory" and item.turns and item.turns <= matches.turn_refs and item.ref not in matches.memories:
            matches.memories.append(item.ref)
    return matches


def _fitting_about_as_well(chosen: list[Item], items: list[Item]) -> list[Item]:
    """Of the messages chosen for a request, those that fit a thing it names about as well as the message that fits
    that thing best (within ``FORGET_ONE_MATTER_GAP``, for the whole description or one of its parts; a message fits
    as its best-fitting copy), and those further below that carry on the thread of one of them (``same_thread`` at
    ``FORGET_ONE_MATTER_THREAD_Z``: a matter told over two messages). The others cleared the bar on what they share
    with a meant one, the same person or the same topic ("drop what I said about my uncle's court case" and a
    message about the uncle's birthday dinner), and are kept. Memories and audit details are not messages: unchanged."""
    fits_of: dict[frozenset, np.ndarray] = {}
    for item in chosen:
        if item.place in MESSAGE_PLACES and item.turns and item.part_fits:
            fits = np.array(item.part_fits, dtype=float)
            fits_of[item.turns] = np.maximum(fits_of[item.turns], fits) if item.turns in fits_of else fits
    if len(fits_of) < 2:
        return chosen
    bars = np.max(np.stack(list(fits_of.values())), axis=0) - app_settings.FORGET_ONE_MATTER_GAP
    kept = {turns for turns, fits in fits_of.items() if np.any(fits >= bars)}
    if len(kept) < len(fits_of):
        meant = [item for item in items if item.place == "turn" and item.turns in kept]
        kept |= {item.turns for item in same_thread(items, meant, z=app_settings.FORGET_ONE_MATTER_THREAD_Z)}
    return [item for item in chosen if item.place not in MESSAGE_PLACES or not item.turns or not item.part_fits
            or item.turns in kept]


def _add(matches: Matches, item: Item) -> None:
    if item.place == "snippet":
        matches.snippets.add(item.ref)
    elif item.place == "summary":
        matches.summary_lines.setdefault(item.ref[0], set()).add(item.ref[1])
    elif item.place == "turn":
        matches.turns.add(item.ref)
        matches.replies.add(item.ref)
        matches.outcomes.add(item.ref)
    elif item.place == "reply":
        matches.replies.add(item.ref)
    elif item.place == "outcome":
        matches.outcomes.add(item.ref)
    elif item.place == "event":
        matches.events.add(item.ref)
    elif item.place == "working":
        matches.working.add(item.ref)


def _with_replies_to(matches: Matches, tenant: str, user_id: str) -> None:
    """The assistant's answer to a forgotten message, when it is logged as its own turn, goes with it."""
    sessions = {session for session, _ in matches.turn_refs}
    if not sessions:
        return
    previous = {}
    for turn in Turn.objects.for_user(tenant, user_id).filter(session_id__in=sessions).order_by(
            "session_id", "occurred_at", "pk").only("session_id", "turn_id", "speaker"):
        earlier = previous.get(turn.session_id)
        if turn.speaker == "assistant" and earlier and earlier in matches.turn_refs:
            matches.turn_refs.add((turn.session_id, turn.turn_id))
        previous[turn.session_id] = (turn.session_id, turn.turn_id)

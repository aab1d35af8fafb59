"""Forget requests whose shape the grammar of ``forget`` does not know ("memory-hole the bit about my ex", "那件事
翻篇了，你那边也别留"), read from meaning: a sentence of the message that uses a word of keeping, recording,
removing or remembering is placed on an axis between example requests to forget and example sentences that only
use such words ("I forgot my keys", "记得提醒我", "I deleted the app", "don't tell my mum"), written for this in
both languages and many styles (``forget_request_examples``, ``example_axis``).

Only a message the grammar read no request in is looked at, and only its sentences with such a word are embedded
(a few a conversation). A sentence placed past the cut is a request to forget what it describes: the sentence is the
description, and ``forget_matching`` finds what it means as for any other request. It never asks to
forget the user as a whole: that takes the grammar's explicit words.
"""
import re

import numpy as np

from ..example_axis import DATA, ExampleAxis
from ..forget_request_examples import FORGET_CHECK, FORGET_TRAIN, NOT_FORGET_CHECK, NOT_FORGET_TRAIN
from .forget_description import ForgetRequest
from .forget_phrases import CUE_WORD_IN_ANOTHER_SENSE

# The share of held-out example sentences that are not requests the cut may let through: a sentence taken for a
# request sends a search that can delete what it fits, so the cut keeps a margin.
NOT_REQUESTS_ALLOWED = 0.01
FORGET_AXIS = ExampleAxis(DATA / "forget_axis.npz", tuple(FORGET_TRAIN), tuple(NOT_FORGET_TRAIN),
                          tuple(FORGET_CHECK), tuple(NOT_FORGET_CHECK), allowed=NOT_REQUESTS_ALLOWED,
                          min_positive_placed=0.6, max_negative_placed=0.05)

# Words of keeping, recording, removing, remembering and mentioning: only a sentence using one can ask to forget.
_CUE = re.compile(
    r"(?i)\b(?:forg[eo]t\w*|remember\w*|record\w*|note|notes|noted|sav(?:e|ed|ing)|stor(?:e|ed|ing)|keep\w*|kept"
    r"|hold on|log\w*|delet\w*|eras\w*|wip(?:e|ed|ing)|scrub\w*|purge\w*|remov\w*|drop\w*|clear\w*|scrap\w*"
    r"|trash\w*|ditch\w*|toss\w*|memor\w*|file\w*|mention\w*|bring (?:it |that |this )?up|brought up)\b"
    r"|忘|记|删|存|留|清|抹|去掉|提|档|剔|丢|扔|撤|销|划|当没|没听|没说")
_SENTENCE_END = re.compile(r"(?<=[.!?。！？\n])\s*")


def requests_by_meaning(message: str) -> list[ForgetRequest]:
    """The sentences of ``message`` (redacted, in its Simplified reading) that the axis places among requests to
    forget; none when the embedder is down or the axis does not hold in its space."""
    from ..embedding import embed_query_safely

    sentences = [sentence.strip() for sentence in _SENTENCE_END.split(message or "")
                 # "save the notes up", "说说哪一页该删": the word in another sense is no cue
                 if sentence.strip() and _CUE.search(CUE_WORD_IN_ANOTHER_SENSE.sub(" ", sentence))]
    if not sentences:
        return []
    vectors = [embed_query_safely(sentence) for sentence in sentences]
    placed = FORGET_AXIS.past_cut(np.stack(vectors)) if all(vector is not None for vector in vectors) else None
    if placed is None:
        return []
    # The whole sentence is the description: its asking words dilute the match, which keeps it to what fits
    # clearly. Its named pieces alone took more near misses on the held-out sets (evidence turns erased 0 -> 3).
    return [ForgetRequest(description=sentence, text=sentence)
            for sentence, past in zip(sentences, placed) if past >= 0]

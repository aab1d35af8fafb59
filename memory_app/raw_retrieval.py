"""Plain hybrid retrieval over a user's raw turns: dense (the configured embedder) and keyword (BM25 over the
same terms recall uses), fused with reciprocal rank fusion. No extraction, no keys, no scenes, no rules.

It is the floor the memory pipeline is measured against (``memory eval`` reports it as ``baseline_recall_at``
in the same run): memory structure may add candidates and reorder them, never hide what this finds.
"""
from dataclasses import dataclass

import numpy as np

from .conf import app_settings
from .keywords import BM25
from .providers import get_embedder
from .providers.embedders import EmbedderError

DENSE_DEPTH = 50
KEYWORD_DEPTH = 50


ANONYMOUS_SPEAKERS = ("", "user")


def transcript_line(text: str, speaker: str = "") -> str:
    """A turn as a transcript shows it: the speaker's name in front when it is a named person. Questions
    about long chats name people ("What did Ana adopt?"), so the name is part of what is searched."""
    text = " ".join((text or "").split())
    return text if (speaker or "") in ANONYMOUS_SPEAKERS else f"{speaker}: {text}"


@dataclass(frozen=True)
class RawTurn:
    turn_id: str
    text: str


class RawTurnRetriever:
    """Index one user's turns once, then rank turn ids for any number of queries."""

    def __init__(self, turns: list[RawTurn]):
        self.turns = [turn for turn in turns if turn.text.strip()]
        self.keyword_index = BM25([turn.text for turn in self.turns]) if self.turns else None
        self.vectors = None
        if self.turns:
            try:
                self.vectors = get_embedder().embed_passages([turn.text for turn in self.turns])
            except EmbedderError:
                self.vectors = None  # keyword ranking alone, as the pipeline would do

    def rank(self, query: str, limit: int = 10) -> list[str]:
        """Turn ids, best first."""
        if not self.turns:
            return []
        fused = np.zeros(len(self.turns))
        keyword = np.asarray(self.keyword_index.scores(query))
        for position, index in enumerate(np.argsort(-keyword, kind="stable")[:KEYWORD_DEPTH]):
            if keyword[index] > 0:
                fused[index] += 1.0 / (app_settings.RRF_K + position + 1)
        if self.vectors is not None:
            try:
                query_vector = get_embedder().embed_query(query)
            except EmbedderError:
                query_vector = None
            if query_vector is not None:
                similarities = self.vectors @ np.asarray(query_vector, dtype=np.float32)
                for position, index in enumerate(np.argsort(-similarities, kind="stable")[:DENSE_DEPTH]):
                    fused[index] += 1.0 / (app_settings.RRF_K + position + 1)
        order = [index for index in np.argsort(-fused, kind="stable") if fused[index] > 0]
        return [self.turns[index].turn_id for index in order[:limit]]

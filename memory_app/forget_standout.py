"""The one message a forget request most likely means, when no copy of it matched the description outright.

A request refers to something ("what I told you about my employment trouble", "屋里那摊糟心事"), but a category name
and the concrete event it stands for ("the plant let my whole shift go") often share no word, and a small embedder
puts them only a little closer than the rest. So each of the user's messages is read three ways, each in z-units
over those messages:

- **fit**: the description's similarity lift plus its keyword share (``forget_matching.score``);
- **sensitivity**: nearness to a description of private matters (health, debts, break-ups, a record, status...).
  What people ask a memory layer to forget is nearly always such a matter, so this nudges, it never decides;
- **scene fit**: whether the message's domain is the description's, read as the correlation of their similarity
  profiles over the taxonomy's scene prototypes ("employment trouble" and a closing plant both lean to work).

Measured on the forget requests of the dev sets (116 requests, the subject's messages left in and taken out): the
right message came first 92 times on fit alone, 102 with both nudges.

The best message goes when it stands out: its z against the *other* messages (the best one left out of the mean
and spread it is measured by), less the z that the best of that many ordinary messages reaches anyway (the
expected maximum of n normal draws). A fixed z-score does neither: among six messages none can exceed 2.04, and
among six hundred one nearly always exceeds 3.
"""
from functools import lru_cache
from statistics import NormalDist

import numpy as np

from .conf import app_settings

# Private matters in general terms, written for this purpose and never from a conversation (the special
# categories of data-protection law, plus money trouble, conflicts and a person's record).
PRIVATE_MATTERS = (
    "私密、敏感的个人情况：疾病诊断、心理问题和心理咨询、怀孕、欠债和经济困难、失业和被裁员、离婚、出轨和分手、家庭矛盾、"
    "官司诉讼、犯罪记录和被警察处理、签证和居留身份、宗教信仰、政治立场、性取向。",
    "Private, sensitive personal matters: a medical diagnosis, mental health and therapy, a pregnancy, debts and money "
    "trouble, losing a job, divorce, an affair or a break-up, family conflict, a lawsuit, a criminal record or an "
    "arrest, immigration status, religion, politics, sexual orientation.",
)


@lru_cache(maxsize=4)
def _private_matters_vector(embedder_name: str) -> np.ndarray:
    from .providers import get_embedder

    mean = np.asarray(get_embedder().embed_passages(list(PRIVATE_MATTERS)), dtype=np.float32).mean(axis=0)
    return mean / (np.linalg.norm(mean) or 1.0)


def _z(values: np.ndarray) -> np.ndarray:
    spread = float(values.std())
    return (values - values.mean()) / spread if spread else np.zeros_like(values)


def _unit_rows(vectors: list) -> np.ndarray:
    matrix = np.stack([np.asarray(vector, dtype=np.float32) for vector in vectors])
    return matrix / np.maximum(np.linalg.norm(matrix, axis=1, keepdims=True), 1e-9)


def _scene_fit(messages: np.ndarray, description_vector) -> np.ndarray:
    """Per message, the correlation of its scene-similarity profile with the description's."""
    from .intent import scene_prototypes

    _, prototypes = scene_prototypes()
    profiles = messages @ prototypes.T
    profiles -= profiles.mean(axis=1, keepdims=True)
    profiles /= np.maximum(np.linalg.norm(profiles, axis=1, keepdims=True), 1e-9)
    wanted = prototypes @ np.asarray(description_vector, dtype=np.float32)
    wanted -= wanted.mean()
    return profiles @ (wanted / (np.linalg.norm(wanted) or 1.0))


def standing(fit: np.ndarray, vectors: list, description_vector=None) -> np.ndarray:
    """Each message's combined score (z-units): its fit, nudged by its sensitivity and its scene fit. Without a
    description vector (or with another embedder's vectors) the scene fit is left out."""
    from .providers import get_embedder
    from .providers.embedders import EmbedderError

    score = _z(np.asarray(fit, dtype=np.float64))
    messages = _unit_rows(vectors)
    try:
        private = _private_matters_vector(get_embedder().name)
    except EmbedderError:
        return score
    if private.shape[0] != messages.shape[1]:
        return score
    score += app_settings.FORGET_STANDOUT_PRIVATE_WEIGHT * _z(messages @ private)
    if description_vector is not None and len(description_vector) == messages.shape[1]:
        try:
            score += app_settings.FORGET_STANDOUT_SCENE_WEIGHT * _z(_scene_fit(messages, description_vector))
        except EmbedderError:
            pass  # the prototypes could not be embedded: fit and sensitivity decide
    return score


def expected_best_z(count: int) -> float:
    """The z the best of ``count`` ordinary values reaches on average (Blom's approximation)."""
    return NormalDist().inv_cdf((count - 0.375) / (count + 0.25)) if count > 1 else 0.0


def lead_of_best(scores: np.ndarray, candidates: list[int]) -> tuple[int, float]:
    """The best of ``candidates`` and how far it stands out: its z against all the other messages, less what
    the best of that many candidates would reach by chance."""
    best = max(candidates, key=lambda position: scores[position])
    others = np.delete(scores, best)
    spread = float(others.std()) or 1.0
    return best, (scores[best] - others.mean()) / spread - expected_best_z(len(candidates))

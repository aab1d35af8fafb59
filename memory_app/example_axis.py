"""An axis in the embedder's query space between two sets of example sentences written for a distinction
("a question about the world" / "a request about the user's own life", "asks to forget what was said" / "only
uses such words"), read from meaning, not from any list of words.

The axis is a linear discriminant: the difference of the two means, read through the examples' own spread (their
covariance, shrunk towards a sphere), so that what varies within each set anyway (topic, language, length)
counts less than what tells them apart. A sentence's place is measured so that the mean of the negative examples
sits at -1 and the mean of the positive ones at +1. The shrinkage and the cut are chosen per embedder by
cross-validation over the training examples only: the cut lets through at most ``allowed`` of the held-out
folds' negative examples. The check examples (written apart) then decide whether the axis is trusted for that
embedder at all: a space that does not carry the distinction (a test's hashing embedder) places it at random.

Embedding the examples takes seconds and holds the embedder meanwhile, so the axis of the default embedder ships
in ``memory_app/data`` (``scripts/build_request_axis.py`` writes every axis; tests check they are current); another
embedder computes its own on first use.
"""
import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

CROSS_VALIDATION_FOLDS = 5
# How far the examples' covariance is shrunk towards a sphere (1.0 is the plain difference of the means): the
# one that places most held-out positive examples at the cut wins.
SHRINKAGES = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
DATA = Path(__file__).with_name("data")


@dataclass(frozen=True, eq=False)
class ExampleAxis:
    file: Path
    positive: tuple[str, ...]
    negative: tuple[str, ...]
    positive_checks: tuple[str, ...]
    negative_checks: tuple[str, ...]
    allowed: float  # the share of held-out negative examples the cut may let through
    min_positive_placed: float  # trusted when the check examples are placed at least / at most this well
    max_negative_placed: float

    def fingerprint(self) -> str:
        """Changes whenever an example does: a shipped axis of other examples is not used."""
        return hashlib.sha256("\n".join(self.positive + ("",) + self.negative).encode()).hexdigest()

    def embedded_examples(self, embedder) -> tuple[np.ndarray, np.ndarray]:
        """The positive and the negative training examples in this embedder's query space."""
        return _embedded(embedder, self.positive), _embedded(embedder, self.negative)

    def computed(self, embedder) -> dict:
        """The discriminant in this embedder's query space, its cut, and whether it places the checks as it must."""
        positive, negative = self.embedded_examples(embedder)
        shrinkage, cut = cross_validated(positive, negative, self.allowed)
        axis = {**discriminant(positive, negative, shrinkage), "cut": cut, "shrinkage": shrinkage}
        place = placing(axis)

        def share_placed(texts):
            return float(np.mean(place(_embedded(embedder, texts)) >= cut))

        axis["trusted"] = (share_placed(self.positive_checks) >= self.min_positive_placed
                           and share_placed(self.negative_checks) <= self.max_negative_placed)
        return axis

    def shipped(self, embedder_name: str) -> dict | None:
        """What ``computed`` gave, from ``file``, when it was made by this embedder from these examples."""
        try:
            with np.load(self.file) as stored:
                if str(stored["embedder"]) != embedder_name or str(stored["fingerprint"]) != self.fingerprint():
                    return None
                return {"direction": stored["direction"].astype(np.float32), "midpoint": float(stored["midpoint"]),
                        "half_gap": float(stored["half_gap"]), "cut": float(stored["cut"]),
                        "shrinkage": float(stored["shrinkage"]), "trusted": bool(stored["trusted"])}
        except (OSError, KeyError, ValueError):
            return None

    def write(self, embedder) -> dict:
        axis = self.computed(embedder)
        self.file.parent.mkdir(exist_ok=True)
        np.savez(self.file, embedder=embedder.name, fingerprint=self.fingerprint(), **axis)
        return axis

    def past_cut(self, query_vectors) -> np.ndarray | None:
        """How far past this embedder's cut each query vector sits towards the positive examples (> 0: past it; on
        the scale where the two means are 2 apart); None without a trusted axis or for vectors of another dimension."""
        from .providers import get_embedder
        from .providers.embedders import EmbedderError

        try:
            axis = _trusted_placing(self, get_embedder().name)
        except EmbedderError:
            return None
        if axis is None:
            return None
        place, cut = axis
        try:
            return place(np.asarray(query_vectors, dtype=np.float32)) - cut
        except ValueError:  # a vector of another dimension
            return None


def _embedded(embedder, texts) -> np.ndarray:
    return np.asarray(embedder.embed_queries(list(texts)), dtype=np.float64)


@lru_cache(maxsize=8)
def _trusted_placing(axis: ExampleAxis, embedder_name: str):
    """(placing function, cut) of an axis in this embedder's space (shipped, or computed once per process); None when
    the axis does not hold there. Axes are compared by identity (``eq=False``)."""
    from .providers import get_embedder

    found = axis.shipped(embedder_name) or axis.computed(get_embedder())
    return (placing(found), found["cut"]) if found["trusted"] else None


def discriminant(positive: np.ndarray, negative: np.ndarray, shrinkage: float) -> dict:
    """Fisher's direction with a shrunk pooled covariance, and where the two means fall on it."""
    positive_mean, negative_mean = positive.mean(axis=0), negative.mean(axis=0)
    centred = np.vstack([positive - positive_mean, negative - negative_mean])
    covariance = centred.T @ centred / len(centred)
    sphere = np.eye(len(covariance)) * np.trace(covariance) / len(covariance)
    gap = positive_mean - negative_mean
    direction = np.linalg.solve((1 - shrinkage) * covariance + shrinkage * sphere, gap)
    return {"direction": direction, "midpoint": float((positive_mean + negative_mean) @ direction) / 2,
            "half_gap": float(gap @ direction) / 2 or 1.0}


def cross_validated(positive: np.ndarray, negative: np.ndarray, allowed: float) -> tuple[float, float]:
    """The shrinkage and the cut, from folds of the training examples: the shrinkage that places most held-out
    positive examples wins (the larger one on a tie: the simpler axis)."""
    best = max(cross_validation(positive, negative, allowed), key=lambda score: (score.placed, score.shrinkage))
    return best.shrinkage, best.cut


@dataclass(frozen=True)
class HeldOutScore:
    shrinkage: float
    placed: float  # the share of held-out positive examples past the cut
    cut: float  # lets ``allowed`` of the held-out negative examples through


def cross_validation(positive: np.ndarray, negative: np.ndarray, allowed: float) -> list[HeldOutScore]:
    """Each shrinkage's score: each fold is placed by the axis of the others; the cut lets ``allowed`` of the
    held-out negative examples through."""
    positive_fold = np.arange(len(positive)) % CROSS_VALIDATION_FOLDS
    negative_fold = np.arange(len(negative)) % CROSS_VALIDATION_FOLDS
    scores = []
    for shrinkage in SHRINKAGES:
        held_out_positive, held_out_negative = np.zeros(len(positive)), np.zeros(len(negative))
        for fold in range(CROSS_VALIDATION_FOLDS):
            place = placing(discriminant(positive[positive_fold != fold], negative[negative_fold != fold], shrinkage))
            held_out_positive[positive_fold == fold] = place(positive[positive_fold == fold])
            held_out_negative[negative_fold == fold] = place(negative[negative_fold == fold])
        cut = float(np.quantile(held_out_negative, 1 - allowed))
        scores.append(HeldOutScore(shrinkage, float(np.mean(held_out_positive >= cut)), cut))
    return scores


def placing(axis: dict):
    """Rows of query vectors -> their places on the axis, from the negative mean (-1) to the positive mean (+1)."""
    direction = np.asarray(axis["direction"])
    midpoint, half_gap = axis["midpoint"], axis["half_gap"]
    return lambda vectors: (np.asarray(vectors, dtype=direction.dtype) @ direction - midpoint) / half_gap

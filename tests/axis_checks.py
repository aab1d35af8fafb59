"""What the tests of a shipped example axis (memory_app/data/*.npz) check: that it is what its examples give."""
import numpy as np

from memory_app.example_axis import ExampleAxis, cross_validation, discriminant


def assert_the_shipped_axis_is_what_its_examples_give(axis: ExampleAxis, embedder) -> None:
    """The file spares a process embedding every example. The fingerprint pins the examples exactly; the numbers
    only need to agree as far as one embedder's vectors agree between CPUs (on two Xeons the cut moved by 0.007 and
    the direction's cosine was 0.99995). Shrinkages that tie in cross-validation on one CPU may not on another, so
    the shipped shrinkage must be one of the best here, not the one the tie-break picks."""
    shipped = axis.shipped(embedder.name)
    assert shipped is not None, "examples changed: run scripts/build_request_axis.py"
    assert shipped["trusted"] is True and axis.computed(embedder)["trusted"] is True
    positive, negative = axis.embedded_examples(embedder)
    scores = {score.shrinkage: score for score in cross_validation(positive, negative, axis.allowed)}
    chosen = scores[shipped["shrinkage"]]
    assert chosen.placed >= max(score.placed for score in scores.values()) - 1 / len(positive)
    assert abs(shipped["cut"] - chosen.cut) < 0.03
    stored, now = shipped["direction"], discriminant(positive, negative, shipped["shrinkage"])["direction"]
    assert float(stored @ now) / (np.linalg.norm(stored) * np.linalg.norm(now)) > 0.999

"""An embedder whose vectors carry no meaning, for tests of what must not be trusted in such a space."""
import hashlib

import numpy as np


class HashingEmbedder:
    """Each text's vector is drawn from a generator seeded by its hash: the same text, the same vector."""

    def embed_queries(self, texts):
        return [np.random.default_rng(int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)).normal(size=32)
                for text in texts]

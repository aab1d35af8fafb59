"""The shapes the content modules fill in and make_conversations.py turns into turns and queries.

A fact type is a function ``builder(draw) -> Fact``; ``draw`` hands out pool values without reuse inside one
file, so two conversations of a file never share a pet name or a city (cross-user leaks stay visible)."""
from dataclasses import dataclass, field


@dataclass
class Query:
    variants: list[str]                  # third-person phrasings; one is chosen
    evidence: list[tuple[int, int]]      # (piece index, turn index in the piece)
    kind: str = "recall"
    must_not_contain: list[str] = field(default_factory=list)


@dataclass
class Fact:
    # A piece is one stretch of turns said together: [("S" or "O", [variants...]), ...]. S is the speaker the
    # fact is about, O the friend. Pieces after the first land in strictly later sessions (updates, follow-ups).
    pieces: list[list[tuple[str, list[str]]]]
    queries: list[Query]
    slots: dict = field(default_factory=dict)
    mood: str = "good"                   # picks the friend's reaction: good, bad, neutral

"""What the facade returns to host products (plain dataclasses, JSON-ready with ``as_dict``)."""
from dataclasses import asdict, dataclass, field


@dataclass
class ScoredMemory:
    """One recalled item: a long-term memory, a semantic snippet or a session summary."""

    id: int | None
    source_type: str  # "memory" | "snippet" | "summary"
    kind: str
    key: str
    text: str
    score: float
    parts: dict[str, float] = field(default_factory=dict)  # similarity, keyword, recency, confidence, ...
    why: str = ""
    slot: str = ""  # "profile" | "facts" | "summary" once packed
    polarity: int = 0
    sources: list[dict] = field(default_factory=list)
    observed_at: str = ""
    confidence: float = 0.0

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class TurnContext:
    """The result of ``before_turn``: the memory block to put in the prompt and how it was chosen."""

    block: str = ""  # empty when nothing was injected
    slots: dict[str, str] = field(default_factory=dict)  # profile / facts / summary, empty ones left out
    tokens: int = 0
    slot_tokens: dict[str, int] = field(default_factory=dict)
    budget: int = 500
    memories: list[ScoredMemory] = field(default_factory=list)  # what went into the block
    candidates: list[ScoredMemory] = field(default_factory=list)  # what recall found, injected or not
    scenes: list[dict] = field(default_factory=list)  # [{"scene": "food", "confidence": 0.8}]
    injected: bool = False
    gate: dict = field(default_factory=dict)  # {"top_relevance", "threshold", "reason"}
    confirmation_question: str = ""
    working_memory: list[str] = field(default_factory=list)
    elapsed_ms: float = 0.0

    def system_message(self) -> dict | None:
        return {"role": "system", "content": self.block} if self.block else None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class TurnRecord:
    """The result of ``after_turn``. ``outcome`` is filled when the work ran (immediately in tests and the
    demo; later under a worker): extracted, created, touched, superseded, pending, asked, resolved,
    forgotten, blocked, working_memory, snippets, review."""

    turn_pk: int | None
    status: str
    outcome: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class WriteOutcome:
    # created | touched | superseded | pending | asked | blocked | working_memory | dropped | forgotten |
    # forget_standing (a forget request that matched nothing and stands) | failed
    action: str
    key: str = ""
    value: str = ""
    confidence: float = 0.0
    memory_id: int | None = None
    reason: str = ""

    def as_dict(self) -> dict:
        return asdict(self)

"""The shape every extractor (rules or LLM) produces and the validator checks."""
from dataclasses import dataclass, field


@dataclass
class MemoryCandidate:
    kind: str
    key: str
    value: str
    text: str
    confidence: float
    importance: float = 0.5
    sensitivity: str = "low"
    entities: list[str] = field(default_factory=list)
    polarity: int = 0
    topic: str = ""
    is_private: bool = False
    source: str = "rule"
    one_off: bool = False  # today's context: working memory, not long-term
    blocked_reason: str = ""  # set by validation when a candidate must not be stored

    def as_dict(self) -> dict:
        return {
            "kind": self.kind, "key": self.key, "value": self.value, "text": self.text,
            "confidence": round(self.confidence, 3), "importance": round(self.importance, 3),
            "sensitivity": self.sensitivity, "entities": list(self.entities), "polarity": self.polarity,
            "topic": self.topic, "is_private": self.is_private, "source": self.source, "one_off": self.one_off,
        }

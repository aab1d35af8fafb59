"""Topic and entity heat: what the user has been talking about lately. Raw heat halves every week and is
squashed into [0, 1) for ranking."""
from datetime import datetime

from .models import TopicHeat

HEAT_HALF_LIFE_DAYS = 7.0


def _decay(raw: float, since: datetime, now: datetime) -> float:
    days = max(0.0, (now - since).total_seconds() / 86400)
    return raw * 0.5 ** (days / HEAT_HALF_LIFE_DAYS)


def decayed_heat(row: TopicHeat, now: datetime) -> float:
    raw = _decay(row.heat, row.updated_at, now)
    return raw / (raw + 3.0)


def bump_heat(tenant: str, user_id: str, topics: list[str], now: datetime, amount: float = 1.0) -> None:
    for topic in dict.fromkeys(topic.strip().lower()[:128] for topic in topics if topic and topic.strip()):
        row, _ = TopicHeat.objects.get_or_create(tenant=tenant, user_id=user_id, topic=topic,
                                                 defaults={"heat": 0.0, "updated_at": now})
        row.heat = _decay(row.heat, row.updated_at, now) + amount
        row.updated_at = max(row.updated_at, now)
        row.save(update_fields=["heat", "updated_at"])

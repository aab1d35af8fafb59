"""What ``manage.py memory`` prints, in Chinese or English (the leading underscore keeps Django from taking
this module for a command).

The language follows the input: a Chinese sentence gets Chinese labels, anything else English, and
``--lang`` overrides. Values are printed through ``redact`` once more: a terminal is a log too.
"""
from datetime import datetime

from django.utils import timezone

from memory_app.packing import language_of
from memory_app.redaction import redact

# One template per WriteOutcome.action. A blocked outcome never shows its value: it is the secret.
_OUTCOME_LINES = {
    "zh": {
        "created": "- {key} = {value}（置信度 {confidence}）",
        "touched": "- {key} = {value}（无变化，置信度 {confidence}）",
        "superseded": "- {key}：{old} → {value}（置信度 {confidence}）",
        "pending": "- {key} = {value}（待定，与当前值并存，置信度 {confidence}）",
        "asked": "- {key} = {value}（与当前值矛盾，将向用户确认，置信度 {confidence}）",
        "blocked": "- 已拦截敏感信息{key_note}，未保存",
        "working_memory": "- 仅在本次会话中记住：{value}",
        "dropped": "- 信息量太少，未保存",
        "failed": "- 处理失败，稍后会重试：{reason}",
        "forgotten": "- 已遗忘：{key}",
        "forget_standing": "- 没有找到相符的内容；这个遗忘请求会一直有效：相关内容不会再出现在有关的回复里",
        "other": "- {action}：{key} = {value}",
    },
    "en": {
        "created": "- {key} = {value} (confidence {confidence})",
        "touched": "- {key} = {value} (no change, confidence {confidence})",
        "superseded": "- {key}: {old} → {value} (confidence {confidence})",
        "pending": "- {key} = {value} (pending, kept beside the current value, confidence {confidence})",
        "asked": "- {key} = {value} (contradicts the current value, the user will be asked, confidence {confidence})",
        "blocked": "- blocked sensitive information{key_note}, not stored",
        "working_memory": "- working memory, this session only: {value}",
        "dropped": "- not stored, too little information",
        "failed": "- processing failed, it will be retried: {reason}",
        "forgotten": "- forgotten: {key}",
        "forget_standing": "- nothing matched; the forget request stands: what fits it is kept out of replies about it",
        "other": "- {action}: {key} = {value}",
    },
}

_TEXT = {
    "zh": {
        "nothing_to_remember": "没有可记住的内容",
        "no_memories": "没有找到相关记忆",
        "recall_line": "[{score:.2f}] {text}（{details}）",
        "source": "来源 {sources}",
        "detail_separator": "，",
        "source_separator": "、",
        "deleted": "已删除 {counts}",
        "count_separator": "、",
        "expired": "已删除 {count} 条过期记忆",
        "exported": "已导出 {count} 条记忆到 {path}",
        "reembedded": "已重新向量化 {memories} 条记忆、{snippets} 条语义片段（{embedder}，{dim} 维）",
        "would_reembed": "将重新向量化 {memory} 条记忆、{snippet} 条语义片段",
        "indexes_rebuilt": "；已重建 HNSW 索引",
        "standing_left_behind": "；{count} 条仍在生效的遗忘请求由其他向量模型生成，无法重新向量化（从未保存原文），不再按含义拦截提问，"
                                "但它们扣下的私下说的话仍不会进入提示；可在后台查看",
    },
    "en": {
        "nothing_to_remember": "nothing to remember",
        "no_memories": "no relevant memories found",
        "recall_line": "[{score:.2f}] {text} ({details})",
        "source": "source {sources}",
        "detail_separator": ", ",
        "source_separator": ", ",
        "deleted": "deleted {counts}",
        "count_separator": ", ",
        "expired": "deleted {count} expired memories",
        "exported": "exported {count} memories to {path}",
        "reembedded": "re-embedded {memories} memories and {snippets} snippets with {embedder} ({dim} dimensions)",
        "would_reembed": "would re-embed {memory} memories and {snippet} snippets",
        "indexes_rebuilt": "; HNSW indexes rebuilt",
        "standing_left_behind": "; {count} standing forget requests were made with another embedder and no longer "
                                "guard questions by meaning (their words were never kept, so they cannot be "
                                "re-embedded); the messages said in confidence they withhold stay withheld: see them "
                                "in admin",
    },
}

MAX_SOURCES_SHOWN = 3

_COUNT_NOUNS = {
    "zh": {"memories": "{n} 条记忆", "snippets": "{n} 条语义片段", "summaries": "{n} 条会话摘要", "turns": "{n} 条对话记录"},
    "en": {"memories": "{n} memories", "snippets": "{n} snippets", "summaries": "{n} summaries", "turns": "{n} turns"},
}


def choose_language(requested: str, *texts: str) -> str:
    """``--lang zh|en`` wins; otherwise the language the prompt packer would pick for the same input."""
    if requested in ("zh", "en"):
        return requested
    return language_of(" ".join(text or "" for text in texts))


def text(lang: str, name: str, **values) -> str:
    return _TEXT[lang][name].format(**values)


def outcome_line(lang: str, outcome, old_value: str = "") -> str:
    templates = _OUTCOME_LINES[lang]
    template = templates.get(outcome.action, templates["other"])
    key_note = f"（{outcome.key}）" if lang == "zh" else f" ({outcome.key})"
    return template.format(
        action=outcome.action, key=outcome.key, value=redact(outcome.value or ""), old=redact(old_value or "?"),
        confidence=f"{outcome.confidence:.2f}", key_note=key_note if outcome.key else "",
        reason=redact(outcome.reason or ""),
    )


def _local_date(observed_at: str) -> str:
    try:
        moment = datetime.fromisoformat(observed_at)
    except (TypeError, ValueError):
        return (observed_at or "")[:10]
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.date().isoformat()


def _source_label(source: dict) -> str:
    return "/".join(part for part in (str(source.get("session") or ""), str(source.get("turn") or "")) if part)


def recall_line(lang: str, memory) -> str:
    words = _TEXT[lang]
    labels = [label for label in (_source_label(source) for source in memory.sources or []) if label]
    if len(labels) > MAX_SOURCES_SHOWN:  # a fact said in many turns: the latest few say enough
        labels = ["…", *labels[-MAX_SOURCES_SHOWN:]]
    date = _local_date(memory.observed_at)
    details = [date] if date else []
    if labels:
        details.append(words["source"].format(sources=words["source_separator"].join(labels)))
    if not details:
        return f"[{memory.score:.2f}] {redact(memory.text)}"
    return words["recall_line"].format(score=memory.score, text=redact(memory.text),
                                       details=words["detail_separator"].join(details))


def counts_line(lang: str, counts: dict) -> str:
    nouns = _COUNT_NOUNS[lang]
    parts = [nouns[name].format(n=counts[name]) for name in nouns if name in counts]
    return text(lang, "deleted", counts=_TEXT[lang]["count_separator"].join(parts))

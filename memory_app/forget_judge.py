"""With a chat model configured, the model decides which of the user's messages a forget request is about.

A small embedder cannot tell "what I told you about my wife" from the rest of a bilingual shop owner's chat,
nor link "the reorg" to a message about a team being cut: meaning across languages and categories is what a
chat model reads well. The scoring of ``forget_matching`` still chooses the candidates (the messages closest
to the description by meaning and words, a bounded number), so the call's size does not grow with the
history; the model answers with their numbers through one JSON schema. Messages are redacted before they
leave the process. When there is no model, or its answer cannot be read, the scores decide as before.
"""
import json
import logging

from .conf import app_settings
from .extraction.llm import parse_json_answer
from .providers.llm import LLMError
from .redaction import redact

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 600  # a long message is judged on its start; subjects are named early

SYSTEM_PROMPT = """A user asked a memory system to forget something they said earlier. 用户要求记忆系统忘掉之前说过的某件事。
You get their request and a numbered list of their earlier messages (in any language). Return JSON {"about": [numbers]}:
every message whose content is the subject of the request, in whatever words or language it was said, including
messages that carry on that same subject. Leave out messages that only share a name, a place or a word with it but
are about something else. Return {"about": []} when none is."""


def judge_schema() -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["about"],
            "properties": {"about": {"type": "array", "items": {"type": "integer"}}}}


def build_messages(request: str, messages: list[str]) -> list[dict]:
    numbered = [{"number": number, "message": redact(text)[:MAX_MESSAGE_CHARS]}
                for number, text in enumerate(messages, start=1)]
    user = json.dumps({"request": redact(request), "messages": numbered}, ensure_ascii=False)
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]


def messages_about(llm, request: str, messages: list[str]) -> set[int] | None:
    """Indexes (0-based) of ``messages`` the request is about; None when the model failed or its answer
    cannot be read (the caller then decides by the scores)."""
    if not messages:
        return set()
    try:
        raw = llm.complete_json(build_messages(request, messages), judge_schema(), "forget_subject")
    except (LLMError, NotImplementedError) as error:
        logger.warning("forget judge: model failed, scores decide: %s", redact(str(error)).splitlines()[0][:300]
                       if str(error) else type(error).__name__)
        return None
    parsed = parse_json_answer(raw, "about")
    numbers = parsed["about"] if parsed else None
    if numbers is None or not all(isinstance(number, int) and not isinstance(number, bool) for number in numbers):
        logger.warning("forget judge: unreadable answer, scores decide")
        return None
    return {number - 1 for number in numbers if 1 <= number <= len(messages)}


def model_for_forgetting():
    """The configured chat model when it can answer in JSON, else None."""
    if not app_settings.FORGET_JUDGE:
        return None
    from .providers import get_llm

    llm = get_llm()
    return llm if getattr(llm, "can_extract", False) else None

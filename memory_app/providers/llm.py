"""LLM providers. ``OpenAIChatLLM`` talks to any OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen,
Ollama, vLLM); ``OfflineLLM`` is the no-network default: rule extraction and a plain responder."""
import json
import logging
from collections.abc import Iterator

from ..conf import app_settings

logger = logging.getLogger(__name__)


class LLMError(RuntimeError):
    """The model call failed; the turn goes on without it."""


class BaseLLM:
    name = ""
    can_extract = False  # False: extraction falls back to the rule extractor

    def chat(self, messages: list[dict]) -> str:
        return "".join(self.stream_chat(messages))

    def stream_chat(self, messages: list[dict]) -> Iterator[str]:
        raise NotImplementedError

    def complete_json(self, messages: list[dict], schema: dict, schema_name: str) -> str:
        """Return the raw text of a JSON answer; the caller validates (and repairs) it."""
        raise NotImplementedError


class OfflineLLM(BaseLLM):
    """Answers honestly without a model: says it is offline and which memories it was given."""

    name = "offline"

    def stream_chat(self, messages):
        memory_block = next((m["content"] for m in messages if m["role"] == "system" and "<memory>" in m["content"]), "")
        question = next((m["content"] for m in reversed(messages) if m["role"] == "user"), "")
        chinese = any("\u4e00" <= ch <= "\u9fff" for ch in question)
        lines = [line.strip("- ").strip() for line in memory_block.splitlines() if line.strip().startswith("- ")]
        if chinese:
            head = "（离线模式：未配置语言模型，这是一条不调用模型的回复。）"
            body = ("我记得的相关信息：\n" + "\n".join(f"· {line}" for line in lines)) if lines else "这次没有用到任何记忆。"
        else:
            head = "(Offline mode: no language model is configured, so this reply does not come from a model.)"
            body = ("What I remember that seems relevant:\n" + "\n".join(f"· {line}" for line in lines)) if lines else "No memories were used for this turn."
        text = f"{head}\n{body}"
        for start in range(0, len(text), 8):  # stream in small pieces, like a model would
            yield text[start:start + 8]


class OpenAIChatLLM(BaseLLM):
    can_extract = True

    def __init__(self, model: str | None = None):
        from openai import OpenAI

        self.model = model or app_settings.CHAT_MODEL
        self.extraction_model = app_settings.EXTRACTION_MODEL or self.model
        self.name = f"openai/{self.model}"
        self._client = OpenAI(
            api_key=app_settings.openai_api_key or "not-needed",
            base_url=app_settings.openai_base_url or None,
            timeout=app_settings.LLM_TIMEOUT,
            max_retries=app_settings.LLM_MAX_RETRIES,
        )

    @property
    def client(self):
        return self._client

    def stream_chat(self, messages):
        try:
            stream = self._client.chat.completions.create(model=self.model, messages=messages, stream=True)
            for chunk in stream:
                if chunk.choices and chunk.choices[0].delta and chunk.choices[0].delta.content:
                    yield chunk.choices[0].delta.content
        except Exception as error:
            raise LLMError(f"chat model failed: {type(error).__name__}: {error}") from error

    def complete_json(self, messages, schema, schema_name):
        try:
            response = self._client.chat.completions.create(
                model=self.extraction_model,
                messages=messages,
                temperature=0,
                response_format={"type": "json_schema", "json_schema": {"name": schema_name, "schema": schema, "strict": True}},
            )
        except Exception as error:
            raise LLMError(f"extraction model failed: {type(error).__name__}: {error}") from error
        content = response.choices[0].message.content if response.choices else ""
        return content or ""


def dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False)

"""The demo's own settings: every CHATMEM_DEMO_* name with its default, in one place.

They are demo concerns (message limits, the demo account, the persona), so they live here and not in
memory_app/conf.py. A deployment overrides them in Django settings; nothing here reads the environment.
Read them as ``from chat_app.conf import demo_settings``.
"""
from memory_app.conf import AppSettings

DEFAULTS = {
    "TENANT": "default",
    "MAX_MESSAGE_CHARS": 4000,
    # How many earlier messages of the conversation go to the model with the new one.
    "HISTORY_MESSAGES": 12,
    # Longest wait for the next streamed piece before the turn is reported as timed out. The OpenAI
    # client has its own CHATMEM_LLM_TIMEOUT; this one also covers a provider that hangs mid-stream.
    "REPLY_PIECE_TIMEOUT_SECONDS": 45.0,
    "USERNAME": "demo",
    "PASSWORD": "chatmem-demo",
    "SITE_URL": "http://127.0.0.1:8000/",
    "PERSONA": (
        "You are a friendly, concise assistant in a demo of long-term memory. When a memory block is given, "
        "use it where it helps and never invent memories. Answer in the user's language."
    ),
    "CONVERSATION_TITLE_CHARS": 40,
}


class DemoSettings(AppSettings):
    prefix = "CHATMEM_DEMO_"
    defaults = DEFAULTS


demo_settings = DemoSettings()

"""Project settings. Every environment variable the project reads is read here, and only here."""
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CHATMEM_VAR_DIR", BASE_DIR / "var")).resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)  # the embedded SQLite default lives here, created on first run


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("SECRET_KEY", "chatmem-dev-only-insecure-key")
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_tasks",
    "django_tasks_db",
    "ninja",  # serves the /api/docs assets locally (otherwise they come from a CDN, and there is no network)
    "memory_app",
    "chat_app",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "chatmem.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ]
        },
    }
]
WSGI_APPLICATION = "chatmem.wsgi.application"
ASGI_APPLICATION = "chatmem.asgi.application"

# The embedded default is a SQLite file at an absolute path under the project.
DEFAULT_SQLITE_PATH = VAR_DIR / "chatmem.sqlite3"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{DEFAULT_SQLITE_PATH}", conn_max_age=0
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Concurrent writers on the embedded default: a transaction takes the write lock when it begins (IMMEDIATE), so
    # a second writer waits up to the timeout instead of failing at once on a read-to-write upgrade; WAL lets
    # readers go on while one writer writes (synchronous=NORMAL is the setting WAL is meant to run with).
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

def redis_backends(url: str) -> tuple[dict, dict]:
    """CHANNEL_LAYERS and CACHES on one Redis. Short connect time-outs: while Redis is away a turn goes on without
    session state instead of hanging (no read time-out on the channel layer: its receive blocks on purpose)."""
    layers = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                          "CONFIG": {"hosts": [{"address": url, "socket_connect_timeout": 2}]}}}
    caches = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url,
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2}}}
    return layers, caches


REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS, CACHES = redis_backends(REDIS_URL)
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "chatmem"}}

TASKS = {
    "default": {
        "BACKEND": os.environ.get("CHATMEM_TASK_BACKEND", "django_tasks.backends.immediate.ImmediateBackend"),
    }
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Asia/Shanghai")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

# Provider endpoints (OpenAI-compatible: OpenAI, DeepSeek, Qwen, Ollama, vLLM). Empty means offline.
OPENAI_API_KEY = os.environ.get("OPENAI_API_KEY", "")
OPENAI_BASE_URL = os.environ.get("OPENAI_BASE_URL", "")

# memory_app reads CHATMEM_* from here; defaults live in memory_app/conf.py.
_CHATMEM_ENV = {
    "CHATMEM_CHAT_MODEL": str,
    "CHATMEM_EXTRACTION_MODEL": str,
    "CHATMEM_EMBEDDER": str,
    "CHATMEM_LLM": str,
    "CHATMEM_EMBEDDING_MODEL": str,
    "CHATMEM_EMBEDDING_BASE_URL": str,
    "CHATMEM_EMBEDDING_API_KEY": str,
    "CHATMEM_EMBEDDING_DIM": int,
    "CHATMEM_TOKEN_BUDGET": int,
    "CHATMEM_ENCRYPTION_KEYS": str,
    "CHATMEM_MAX_MEMORIES_PER_USER": int,
    "CHATMEM_LLM_TIMEOUT": float,
}
for _name, _cast in _CHATMEM_ENV.items():
    if os.environ.get(_name):
        globals()[_name] = _cast(os.environ[_name])

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact": {"()": "memory_app.redaction.RedactingFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["redact"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {"memory_app": {"level": os.environ.get("CHATMEM_LOG_LEVEL", "INFO")}},
}

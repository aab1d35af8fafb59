"""Project settings. Every environment variable the project reads is read here, and only here."""
import os
import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("CHATMEM_VAR_DIR", BASE_DIR / "var")).resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)  # the embedded SQLite default lives here, created on first run


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless asked for: a debug page shows settings, routes and tracebacks to whoever reaches the server.
DEBUG = env_bool("DEBUG", False)
# Published in this repository, so it signs nothing real: accepted only with DEBUG=1 (``make run``).
PUBLIC_DEV_SECRET_KEY = "chatmem-dev-only-insecure-key"
SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not DEBUG and SECRET_KEY in ("", PUBLIC_DEV_SECRET_KEY):
    sys.exit("chatmem: SECRET_KEY is missing or is the public development key; set SECRET_KEY to a long random "
             "value (python -c 'import secrets; print(secrets.token_urlsafe(50))'), or DEBUG=1 on a development "
             "machine")
SECRET_KEY = SECRET_KEY or PUBLIC_DEV_SECRET_KEY
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000")

# Served over HTTPS (HTTPS=1): plain HTTP redirected, cookies sent over TLS only, HSTS for a year. Each setting can
# be given on its own too. BEHIND_TLS_PROXY=1 when a proxy terminates TLS and sets X-Forwarded-Proto.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "channels",
    "django_tasks",
    "django_tasks_db",
    "ninja",  # serves the /api/docs assets locally (otherwise they come from a CDN, and there is no network)
    "memory_app",
    "chat_app",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out sign-in into the lockout page
]

# Sign-in throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username from one address, that
# pair is refused for AXES_COOLOFF_TIME, even with the right password; the sign-in page says why and for how long.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # a stranger cannot lock someone else out from elsewhere
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failed attempts are kept (until they cool off), successful sign-ins are not
AXES_LOCKOUT_CALLABLE = "chat_app.accounts.sign_in_locked_out"

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
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DATABASE_PREPARED_STATEMENTS",
                                                                                    True):
    # Parameters bound by the server, and a statement run 5 times on one connection prepared: each turn's reads are
    # then not parsed and planned again (it pays off on connections that live longer than a request: a worker, a
    # pool, CONN_MAX_AGE). Prepared statements live in the server session, so behind a pooler in transaction mode
    # (PgBouncer before 1.21, or without max_prepared_statements) set DATABASE_PREPARED_STATEMENTS=0.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 5})
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
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise looks there first (collectstatic fills it for a deployment)
# WhiteNoise serves the demo's assets with DEBUG off too, straight from the static folders (no collectstatic step).
WHITENOISE_USE_FINDERS = True
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

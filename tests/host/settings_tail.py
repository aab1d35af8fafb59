
# --- added by tests/test_host_project.py: what a host adds to use chatmem (docs/embedding.md, step 2) ----------
import json as _json  # noqa: E402
import os as _os  # noqa: E402

INSTALLED_APPS += ["memory_app"]  # noqa: F405
# Embeddings from an OpenAI-compatible endpoint (here: the test's fake server on 127.0.0.1); no local model.
CHATMEM_EMBEDDER = "memory_app.providers.embedders.OpenAIEmbedder"
CHATMEM_EMBEDDING_BASE_URL = _os.environ["HOST_EMBEDDING_BASE_URL"]
CHATMEM_EMBEDDING_API_KEY = "host-test-key"
CHATMEM_EMBEDDING_MODEL = "host-embedding-model"
CHATMEM_EMBEDDING_DIM = 64
CHATMEM_DEFAULT_TENANT = "host"
if _os.environ.get("HOST_DATABASES"):  # the PostgreSQL run: a database of its own on the test server
    DATABASES = _json.loads(_os.environ["HOST_DATABASES"])

"""The project's settings for the test run, with a signing key made for this run: DEBUG stays off as in production,
and chatmem/settings.py refuses to start without a real key. The key goes into the environment, so that the
commands and servers tests start in subprocesses (which read chatmem.settings) start with it too."""
import os
import secrets

os.environ.setdefault("SECRET_KEY", f"test-run-{secrets.token_urlsafe(40)}")

from chatmem.settings import *  # noqa: E402,F401,F403

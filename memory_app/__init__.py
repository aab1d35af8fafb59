"""chatmem's reusable Django app: long-term memory for LLM chat products (the distribution django-chatmem)."""

__version__ = "0.2.0"  # the one place the version is written: pyproject.toml reads it

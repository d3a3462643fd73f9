# The two commands: `make run` and `make test`. Both start with `make setup`.
PYTHON ?= python3
VENV ?= .venv
PORT ?= 8000
HOST ?= 127.0.0.1
WORKERS ?= 2
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

.PHONY: setup run test test-tools test-system-packages test-sqlite test-postgresql test-content test-quick screenshots check lint bench clean delete-database-and-secret-key

$(VENV)/.installed: requirements.txt
	@echo "== Set-up: the Python packages into $(VENV) (requirements.txt; the first time, a minute or so)"
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet -r requirements.txt
	touch $@

# The tests' packages (requirements-dev.txt names requirements.txt too): one pip run, and
# no compiling of every installed module up front (6 s of a clean `make test`): the test
# targets keep the compiled files of the modules they import (see below).
$(VENV)/.installed-dev: requirements.txt requirements-dev.txt
	test -x $(PIP) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --no-compile -r requirements-dev.txt
	touch $(VENV)/.installed $@

# Set-up alone: system packages, virtualenv, then manage.py setup: migrations, static files,
# content and diagrams, in one process, a line a step; each load is skipped when neither its
# files nor the code changed (manage.py setup --force loads anyway).
setup: $(VENV)/.installed
	@echo "== Set-up: Graphviz (dot, for the diagrams)"
	@scripts/need-system-packages dot:graphviz
	@$(PY) manage.py setup

# Serve on SQLite with Granian (slow clients cost a socket, not a worker; static
# files through WhiteNoise, no internet needed). manage.py serve checks the database first.
# Ctrl-C stops it (penaltyflow/ops/supervise.py).
run: setup
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-$(if $(filter 127.0.0.1 localhost,$(HOST)),localhost$(comma)127.0.0.1,*)}" \
	  $(PY) manage.py serve --host $(HOST) --port $(PORT) --workers $(WORKERS) --access-log

# axe-core (accessibility rules) from the npm registry, for the browser tests only: never committed.
AXE_VERSION := 4.11.0
AXE := var/test-tools/axe-core/axe.min.js
$(AXE): | test-system-packages
	mkdir -p var/test-tools
	cd var/test-tools && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null \
	  && rm -rf axe-core package && tar xzf axe-core-$(AXE_VERSION).tgz && mv package axe-core

# The tests keep Python's compiled files (__pycache__/, ignored by git), even where the
# environment says not to write them: each process of `make test` (two passes, a process
# per core, manage.py's checks) would otherwise compile the project and rewrite the tests'
# asserts again, 2 s a process.
test test-sqlite test-postgresql test-quick test-content check screenshots: export PYTHONDONTWRITEBYTECODE :=

# Every test on SQLite; and after it, on a throwaway PostgreSQL (scripts/pg-throwaway,
# Debian's postgresql), every test that queries the database again, but not the ones that start
# their own SQLite server (marker `server`: they test the HTTP server and SQLite's own
# settings), the ones that never touch a database (marker `no_database`, set by
# tests/conftest.py), nor the browser tests, the crawl that reads every page's words
# (marker `every_page`) and the tests of what pages say and what the engine and the quiz
# generator make of the content (marker `same_on_any_database`): the same whatever the
# database, and the queries behind them run on PostgreSQL in the other tests (storing,
# answers, the classroom, loading and editing content, hostile input).
# pytest-xdist runs them in one process per core (at most 4: each has its own test
# database, live server and browser), handing out one test at a time in their order, the
# long ones (browser, servers) first, so no core idles at the end; the tests that serve a
# site as `make run` does go to one process together, which sets the site up once
# (tests/conftest.py).
PG_SKIP ?= not server and not no_database and not browser and not every_page and not same_on_any_database
PARALLEL ?= -n auto --maxprocesses 4 --dist loadgroup --no-loadscope-reorder
# No `make setup`: the tests make their own databases, load the content themselves (a bad
# content file fails them) and collect static files where they need them.
# The checks beside the content snapshot (one process each), then the two passes one after
# the other: each pass keeps both cores busy, and side by side they slowed each other
# (docs/benchmarks.md: the suite's time).
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target test-tools
	$(MAKE) --no-print-directory -j2 --output-sync=target test-content check
	$(MAKE) --no-print-directory test-sqlite
	$(MAKE) --no-print-directory test-postgresql

# What the tests need, side by side: Debian's packages (apt: 17 s on a new machine) while pip
# installs the Python ones (23 s), each on a core; axe-core once npm is there.
test-tools: test-system-packages $(VENV)/.installed-dev $(AXE)
test-system-packages:
	scripts/need-system-packages dot:graphviz chromium:chromium npm:npm

test-sqlite: $(VENV)/.installed-dev $(AXE)
	$(VENV)/bin/pytest $(PARALLEL)

test-postgresql: $(VENV)/.installed-dev
	scripts/pg-throwaway $(VENV)/bin/pytest $(PARALLEL) -m "$(PG_SKIP)"

# The content the tests share, loaded once per version of the code and the content.
test-content: $(VENV)/.installed-dev
	$(PY) -m tests.content_snapshot

# While you work: every test but the browser ones and those that start servers (markers
# `server` and `database_url`), on SQLite, one process per core.
# No set-up, no chromium, no PostgreSQL: the tests make their own database.
QUICK ?= not browser and not server and not database_url
test-quick: $(VENV)/.installed-dev
	scripts/need-system-packages dot:graphviz
	$(VENV)/bin/pytest $(PARALLEL) -m "$(QUICK)"

# The browser tests, keeping a screenshot of every page they look at (and the handouts'
# PDFs) in screenshots/, to look at; make test takes none.
screenshots: $(VENV)/.installed-dev $(AXE)
	SCREENSHOTS=$(CURDIR)/screenshots $(VENV)/bin/pytest $(PARALLEL) -m browser

# What must hold before a commit: no model change without its migration, the production
# settings pass Django's deployment checks, the code is linted and formatted, and type-checked
# (mypy: every function of hands, flowcharts and core typed; the engine strict).
check: $(VENV)/.installed-dev
	$(PY) manage.py makemigrations --check --dry-run
	DEBUG=0 HTTPS=1 ALLOWED_HOSTS=penaltyflow.example \
	  SECRET_KEY="$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))')" \
	  $(PY) manage.py check --deploy --fail-level WARNING
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict penaltyflow/engine

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: setup
	$(PY) bench/engine_bench.py
	$(PY) bench/pages_bench.py
	$(PY) bench/quiz_bench.py
	$(PY) bench/offline_bench.py
	$(PY) bench/slow_clients.py
	$(PY) bench/crawl_memory.py
	$(PY) bench/step_rps.py
	scripts/pg-throwaway $(PY) bench/step_rps.py

# Build leftovers only. var/ (the database and the secret key on a club's machine) stays.
clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache screenshots
	find . -name __pycache__ -type d -prune -not -path './.venv/*' -exec rm -rf {} +

# Deletes var/: the SQLite database (every learner's progress) and the secret key.
delete-database-and-secret-key:
	@echo "Deleting var/: the database and the secret key. Ctrl-C within 5 s to keep them."
	@sleep 5
	rm -rf var

comma := ,

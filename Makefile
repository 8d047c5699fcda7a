# Every command installs what it needs itself: a virtual environment with the pinned
# Python packages, the pinned npm packages (Pyodide, axe-core), and Debian's Chromium.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
RULES ?=
PORT ?= 8000
# The address the site is served from (mkdocs.yml's site_url): Material's instant
# navigation, the 404 page and the sitemap depend on it. `make serve` sets its own.
SITE_URL ?=

.PHONY: help venv node chromium redis valgrind rooms runtime site serve serve-live test test-fast lint bench clean

help:
	@echo "make serve   build the site and serve it with its rooms on http://127.0.0.1:$(PORT)/ (RULES=file.toml or a profile name)"
	@echo "make serve-live  mkdocs' live-reloading server for writing pages (no rooms)"
	@echo "make site    build the static site into site/ (RULES=... for house rules, SITE_URL=https://host/path/)"
	@echo "make test    run every test: lint, engine, site build, Pyodide in Node, real browser"
	@echo "make bench   measure speed and size; writes reports/bench.md"
	@echo "make rooms   run the room server for private rooms on http://127.0.0.1:8765/"

$(VENV_STAMP): requirements-dev.txt engine/pyproject.toml tutorial/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -e engine -e tutorial
	touch $@

venv: $(VENV_STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

node: $(NODE_STAMP)

# Debian's Chromium for the browser tests (Playwright's own browser download is not used).
chromium:
	@bash scripts/ensure_debian.sh /usr/bin/chromium chromium fonts-dejavu-core

# Debian's redis-server, for the room server's multi-process test.
redis:
	@bash scripts/ensure_debian.sh /usr/bin/redis-server redis-server

# Debian's valgrind, for the benchmark's instruction counts.
valgrind:
	@bash scripts/ensure_debian.sh /usr/bin/valgrind valgrind

# The room server alone, rooms in memory (ROOMS_PORT, default 8765).
rooms: venv
	$(PY) -m euchre_rooms --port $(or $(ROOMS_PORT),8765)

# Pyodide's core files, our wheels and the memory snapshot, into docs/runtime/ (generated).
runtime: venv node
	$(PY) scripts/build_runtime.py

site: runtime
	$(if $(SITE_URL),SITE_URL="$(SITE_URL)") $(PY) scripts/build_site.py $(if $(RULES),--rules "$(RULES)")

# The site and the rooms on one port (rooms in memory in this one process).
serve: runtime
	SITE_URL="http://127.0.0.1:$(PORT)/" $(PY) scripts/build_site.py $(if $(RULES),--rules "$(RULES)")
	$(PY) -m euchre_rooms --site site --port $(PORT)

# mkdocs' live-reloading server, for writing pages (no rooms).
serve-live: runtime
	SITE_URL="http://127.0.0.1:$(PORT)/" $(PY) scripts/build_site.py --serve --port $(PORT) $(if $(RULES),--rules "$(RULES)")

lint: venv
	$(VENV)/bin/ruff check engine tutorial scripts tests
	$(VENV)/bin/ruff format --check engine tutorial scripts tests
	$(PY) scripts/code_shape.py
	$(VENV)/bin/mypy

# Everything but the browser on two workers (each test file on one worker), then the
# browser tests, also on two workers (each builds and serves its own copy of the site).
test: venv node chromium redis
	$(MAKE) lint
	$(MAKE) site
	$(PY) -m pytest -m "not browser" -n 2 --dist loadfile
	$(PY) -m pytest -m browser -n 2 --dist loadfile --durations=20

# Engine and tutorial tests only (no browser, no site build).
test-fast: venv
	$(PY) -m pytest tests/engine tests/tutorial

bench: venv node chromium redis valgrind site
	$(PY) scripts/bench.py --out reports/bench.md

clean:
	rm -rf site build dist docs/runtime reports

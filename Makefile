# The two commands of the README. Both create .venv and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
GAME ?=
CC ?= cc
# Whether a C compiler exists: the compiled build needs one, the pure one does not.
HAVE_CC := command -v $(CC) > /dev/null 2>&1

CATALOGS := $(wildcard src/townhall/*/locale/*/LC_MESSAGES/*.po src/townhall/games/*/locale/*/LC_MESSAGES/*.po)
CATALOG_STAMP := $(VENV)/.catalogs-stamp
# The compiled build is remade when a source it may hold changed (setup.py lists the modules).
COMPILED_STAMP := $(VENV)/.compiled-stamp
HOT_SOURCES := $(shell find src/townhall/engine src/townhall/games -name '*.py' 2>/dev/null) src/townhall/agents/mcts.py $(wildcard src/townhall/rl/*.py) $(wildcard src/townhall/*/_*.c src/townhall/games/*/_*.c) setup.py

.PHONY: play terminal test lint typecheck bench clean schemas catalogs chromium compiled pure lint-web

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev,cluster,server,rl,train]"
	touch $(STAMP)

## the message catalogs (.po) compiled to .mo beside them (docs/i18n.md); part of every install
$(CATALOG_STAMP): $(STAMP) $(CATALOGS)
	$(BIN)/python -m townhall.i18n compile
	touch $(CATALOG_STAMP)

catalogs: $(CATALOG_STAMP)

PORT ?= 8000

## make play: the game server on the embedded default (a SQLite file); open the URL it prints.
## make play GAME=carcassonne (or make terminal) keeps the interactive game at the terminal.
## Both run the compiled build where a C compiler exists (built once, remade when a source changes).
play: $(CATALOG_STAMP) $(COMPILED_STAMP)
ifeq ($(GAME),)
	@echo "Townhall: open http://127.0.0.1:$(PORT)/ in a browser (API under /api, docs at /docs)"
	$(BIN)/townhall serve --port $(PORT)
else
	$(BIN)/townhall play $(GAME)
endif

## make terminal [GAME=carcassonne]: an interactive game at the terminal
terminal: $(CATALOG_STAMP) $(COMPILED_STAMP)
	$(BIN)/townhall play $(GAME)

## The browser tests (tests/web) drive Debian's Chromium; Playwright's own download cannot work here.
chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

## make lint-web: ESLint and Prettier on the browser client (plain ES modules, no build step). The
## tools are npm packages pinned in package.json and package-lock.json; Debian's nodejs and npm when
## node is missing, as `make chromium` does for the browser.
lint-web:
	@command -v npm > /dev/null 2>&1 || (apt-get update && apt-get install -y nodejs npm)
	@test -d node_modules || npm ci --no-audit --no-fund
	npx eslint src/townhall/web/static/js
	npx prettier --check src/townhall/web/static/js

## make test: the whole test suite on the pure-Python build and again on the compiled one (where a C
## compiler exists), mypy --strict on the package, ruff, eslint and prettier on the web client.
## Leaves the build it found (pure or compiled).
test: $(CATALOG_STAMP) chromium
	@had=$$(ls src/townhall/engine/protocol.*.so 2>/dev/null); \
	$(MAKE) --no-print-directory pure && \
	TOWNHALL_EXPECT_BUILD=pure $(BIN)/pytest -n 2 tests && \
	if $(HAVE_CC); then \
		$(MAKE) --no-print-directory compiled && \
		TOWNHALL_EXPECT_BUILD=compiled $(BIN)/pytest -n 2 tests && \
		if [ -z "$$had" ]; then $(MAKE) --no-print-directory pure; fi; \
	else echo "no C compiler: the compiled build was not tested"; fi
	$(BIN)/mypy --strict src/townhall
	$(BIN)/lint-imports
	$(BIN)/ruff check src tests bench examples typings setup.py build_backend
	$(BIN)/ruff format --check src tests bench examples typings setup.py build_backend
	@$(MAKE) --no-print-directory lint-web
	@if [ -f ../shared/tools/clause_coverage.py ]; then $(BIN)/python ../shared/tools/clause_coverage.py; fi

## make compiled: compile the hot modules with mypyc (C extensions beside their .py files; setup.py
## lists them). Without a C compiler the package stays pure Python. Run it again after editing them.
compiled: $(STAMP)
	@if $(HAVE_CC); then \
		echo "compiling the hot modules with mypyc (a minute or two)"; \
		start=$$(date +%s); \
		TOWNHALL_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace -j 2 > build-compiled.log 2>&1 \
			|| { tail -30 build-compiled.log; exit 1; }; \
		echo "compiled build installed in $$(( $$(date +%s) - start )) s (make pure goes back)"; \
	else echo "no C compiler ($(CC)): the package stays pure Python"; fi
	@touch $(COMPILED_STAMP)

$(COMPILED_STAMP): $(STAMP) $(HOT_SOURCES)
	@$(MAKE) --no-print-directory compiled

## make pure: back to pure Python (removes the compiled extensions; build/ keeps the C for the next make compiled)
pure:
	find src -name '*.so' -delete
	rm -f $(COMPILED_STAMP)

## make schemas: publish the JSON Schemas of the data files and board views into docs/schemas
schemas: $(STAMP)
	$(BIN)/python -m townhall.cli.schemas docs/schemas

bench: $(STAMP)
	for game in $$($(BIN)/python -c "from townhall import games; print(' '.join(games.names()))"); do \
		$(BIN)/townhall bench $$game --json; done

clean: pure
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache

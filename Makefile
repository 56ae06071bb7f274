# The two commands of the README. Both create .venv and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
GAME ?=

CATALOGS := $(wildcard src/townhall/*/locale/*/LC_MESSAGES/*.po src/townhall/games/*/locale/*/LC_MESSAGES/*.po)
CATALOG_STAMP := $(VENV)/.catalogs-stamp

.PHONY: play terminal test lint typecheck bench clean schemas catalogs chromium

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
play: $(CATALOG_STAMP)
ifeq ($(GAME),)
	@echo "Townhall: open http://127.0.0.1:$(PORT)/ in a browser (API under /api, docs at /docs)"
	$(BIN)/townhall serve --port $(PORT)
else
	$(BIN)/townhall play $(GAME)
endif

## make terminal [GAME=carcassonne]: an interactive game at the terminal
terminal: $(CATALOG_STAMP)
	$(BIN)/townhall play $(GAME)

## The browser tests (tests/web) drive Debian's Chromium; Playwright's own download cannot work here.
chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

## make test: the whole test suite, mypy --strict on the package, ruff
test: $(CATALOG_STAMP) chromium
	$(BIN)/pytest -n 2 tests
	$(BIN)/mypy --strict src/townhall
	$(BIN)/lint-imports
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples
	@if [ -f ../shared/tools/clause_coverage.py ]; then $(BIN)/python ../shared/tools/clause_coverage.py; fi

## make schemas: publish the JSON Schemas of the data files and board views into docs/schemas
schemas: $(STAMP)
	$(BIN)/python -m townhall.cli.schemas docs/schemas

bench: $(STAMP)
	for game in $$($(BIN)/python -c "from townhall import games; print(' '.join(games.names()))"); do \
		$(BIN)/townhall bench $$game --json; done

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache

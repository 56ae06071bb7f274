# The two commands of the README. Both create .venv and install the pinned dependencies first:
# make play only what playing needs (the package and its server extra, ~160 MB), make test all.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# --no-compile: the bytecode of what is imported is written at first import, not all of it now.
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check --no-compile
# One stamp per install set, so that make play and make test share one .venv in either order.
PLAY_STAMP := $(VENV)/.play-stamp
BUILD_STAMP := $(VENV)/.build-stamp
TEST_STAMP := $(VENV)/.test-stamp
GAME ?=
CC ?= cc
# Whether a C compiler exists: the compiled build needs one, the pure one does not.
HAVE_CC := command -v $(CC) > /dev/null 2>&1

CATALOGS := $(wildcard src/townhall/*/locale/*/LC_MESSAGES/*.po src/townhall/games/*/locale/*/LC_MESSAGES/*.po)
CATALOG_STAMP := $(VENV)/.catalogs-stamp
# The compiled build is remade when a source it may hold changed (setup.py lists the modules).
COMPILED_STAMP := $(VENV)/.compiled-stamp
HOT_SOURCES := $(shell find src/townhall/engine src/townhall/games -name '*.py' 2>/dev/null) src/townhall/agents/mcts.py $(wildcard src/townhall/rl/*.py) $(wildcard src/townhall/*/_*.c src/townhall/games/*/_*.c) setup.py
# A finished compiled build kept apart from src/ (its extensions under lib/), installed by the next
# make play; `done` carries the time its build started.
STAGED := build/staged
BACKGROUND_LOG := build/compiled-in-background.log
BACKGROUND_PID := build/compiled-in-background.pid
# Named apart from $(MAKE) so that make -n does not run the line that starts the build.
BACKGROUND_MAKE = $(MAKE)

.PHONY: play terminal test lint typecheck bench clean schemas catalogs chromium compiled pure lint-web ready compiled-in-background wheel wheel-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The full set (make test) holds the smaller ones: an up-to-date full install stands for them.
$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	@if [ $(TEST_STAMP) -nt pyproject.toml ]; then :; else echo "installing the package and its server extra"; \
		$(PIP) -e ".[server]"; fi
	@touch $@

$(BUILD_STAMP): pyproject.toml | $(BIN)/python
	@if [ $(TEST_STAMP) -nt pyproject.toml ]; then :; else $(PIP) -e ".[server,compile]"; fi
	@touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev,cluster,server,rl,openspiel,train,compile]"
	touch $@

## the message catalogs (.po) compiled to .mo beside them (docs/i18n.md); part of every install
$(CATALOG_STAMP): $(PLAY_STAMP) $(CATALOGS)
	$(BIN)/python -m townhall.i18n compile
	touch $(CATALOG_STAMP)

catalogs: $(CATALOG_STAMP)

PORT ?= 8000

## make play: the game server on the embedded default (data/townhall.db); open the URL it prints.
## make play GAME=carcassonne (or make terminal) keeps the interactive game at the terminal.
## Both start at once: on the compiled build when an up-to-date one is ready, else on the pure one
## while the compiled build is made in the background for the next start (make compiled: now).
play: $(CATALOG_STAMP) ready
ifeq ($(GAME),)
	@echo "Townhall: open http://127.0.0.1:$(PORT)/ in a browser (API under /api, docs at /docs)"
	$(BIN)/townhall serve --port $(PORT)
else
	$(BIN)/townhall play $(GAME)
endif

## make terminal [GAME=carcassonne]: an interactive game at the terminal
terminal: $(CATALOG_STAMP) ready
	$(BIN)/townhall play $(GAME)

## ready: the compiled build in src/ if up to date; else a finished background build installed;
## else the pure build (a stale compiled one removed: it would run old rules) and a background build
## started, niced, unless one is running.
ready: $(PLAY_STAMP)
	@$(HAVE_CC) || exit 0; \
	newer() { [ -f "$$1" ] && [ -z "$$(find $(HOT_SOURCES) -newer "$$1" | head -1)" ]; }; \
	if newer $(COMPILED_STAMP); then exit 0; fi; \
	find src -name '*.so' -delete; rm -f $(COMPILED_STAMP); \
	if newer $(STAGED)/done; then \
		(cd $(STAGED)/lib && find . -name '*.so' | tar -cf - -T -) | (cd src && tar -xf -) \
			&& touch -r $(STAGED)/done $(COMPILED_STAMP) && echo "the compiled build is installed (make pure goes back)"; \
	elif [ -f $(BACKGROUND_PID) ] && kill -0 "$$(cat $(BACKGROUND_PID))" 2> /dev/null; then \
		echo "pure-Python build: the compiled one is still being made ($(BACKGROUND_LOG))"; \
	else \
		mkdir -p build; \
		nohup nice -n 19 $(BACKGROUND_MAKE) --no-print-directory compiled-in-background > $(BACKGROUND_LOG) 2>&1 & \
		echo $$! > $(BACKGROUND_PID); \
		echo "pure-Python build: the faster compiled one is being made in the background for the next start ($(BACKGROUND_LOG))"; \
	fi

## compiled-in-background: what make play starts; the same build as make compiled, kept in build/staged.
compiled-in-background: $(BUILD_STAMP)
	rm -rf $(STAGED) && mkdir -p $(STAGED) && touch $(STAGED)/started
	TOWNHALL_COMPILE=1 TOWNHALL_BUILD_DIR=$(STAGED)/c $(BIN)/python setup.py --quiet build_ext \
		--build-lib $(STAGED)/lib --build-temp $(STAGED)/temp -j 2
	touch -r $(STAGED)/started $(STAGED)/done
	@echo "compiled build ready in $(STAGED): the next make play installs it"

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
## compiler exists), mypy --strict on the package, ruff, eslint and prettier on the web client, then
## the wheel (make wheel-check).
## Leaves the build it found (pure or compiled).
test: $(TEST_STAMP) $(CATALOG_STAMP) chromium
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
	@$(MAKE) --no-print-directory wheel-check

## make compiled: compile the hot modules with mypyc (C extensions beside their .py files; setup.py
## lists them), kept in build/staged too for make play. Without a C compiler the package stays pure
## Python. Run it again after editing them.
compiled: $(BUILD_STAMP)
	@if $(HAVE_CC); then \
		echo "compiling the hot modules with mypyc (a minute or two)"; \
		start=$$(date +%s); mkdir -p build && touch build/.compile-started; \
		TOWNHALL_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace -j 2 > build-compiled.log 2>&1 \
			|| { tail -30 build-compiled.log; exit 1; }; \
		echo "compiled build installed in $$(( $$(date +%s) - start )) s (make pure goes back)"; \
		touch -r build/.compile-started $(COMPILED_STAMP); \
		if [ -f $(BACKGROUND_PID) ] && kill -0 "$$(cat $(BACKGROUND_PID))" 2> /dev/null; then :; else \
			rm -rf $(STAGED) && mkdir -p $(STAGED)/lib \
			&& (cd src && find . -name '*.so' | tar -cf - -T -) | (cd $(STAGED)/lib && tar -xf -) \
			&& touch -r build/.compile-started $(STAGED)/done; fi; \
	else echo "no C compiler ($(CC)): the package stays pure Python"; touch $(COMPILED_STAMP); fi

## make wheel: the package as a wheel in dist/: the compiled build where a C compiler is (mypyc,
## minutes), else pure Python; TOWNHALL_COMPILE=1 insists on the compiled one, =0 asks for the pure.
wheel: | $(BIN)/python
	rm -rf dist
	$(BIN)/python -m pip wheel --quiet --disable-pip-version-check --no-deps -w dist .
	@for w in dist/townhall-*.whl; do case $$w in *-none-any.whl) echo "$$w: pure Python";; \
		*) echo "$$w: compiled";; esac; done

## make wheel-check: that wheel in a fresh environment outside the checkout: the build expected,
## every game played, the server serving its lobby and files (CI runs it in make test).
wheel-check: wheel
	$(BIN)/python build_backend/check_wheel.py $$($(HAVE_CC) && echo compiled || echo pure)

## make pure: back to pure Python (removes the compiled extensions; build/ keeps the C for the next make compiled)
pure:
	find src -name '*.so' -delete
	rm -f $(COMPILED_STAMP)

## make schemas: publish the JSON Schemas of the data files and board views into docs/schemas
schemas: $(PLAY_STAMP)
	$(BIN)/python -m townhall.cli.schemas docs/schemas

bench: $(TEST_STAMP)
	for game in $$($(BIN)/python -c "from townhall import games; print(' '.join(games.names()))"); do \
		$(BIN)/townhall bench $$game --json; done

clean: pure
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache dist

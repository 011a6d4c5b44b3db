# Two commands for a fresh machine: `make run` (set up and start the web application) and
# `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The compiled build (setup.py, kaido/compiled.py): Kaido as `pip install .` builds it,
# remade when a source changes, and run by putting it first on PYTHONPATH. .venv's own
# install is editable, so the same tools run the `.py` files.
COMPILED := build/compiled
KAIDO_SOURCES := $(shell find kaido -type f -not -path '*/__pycache__/*') setup.py pyproject.toml

.PHONY: run test test-compiled lint clean

$(BIN)/activate:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Kaido needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.run-installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install -q -e .
	@touch $@

$(VENV)/.test-installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install -q -e '.[test]'
	@touch $@

# Compiled where a C compiler is there, pure Python elsewhere (KAIDO_COMPILE=1: compiled or
# an error). The games' shared libraries stay in the build tree, so that an unchanged game
# is not compiled again; the package's copy goes, so that no deleted module lingers.
$(COMPILED)/.installed: $(BIN)/activate $(KAIDO_SOURCES)
	rm -rf $(COMPILED) build/lib.*/kaido build/bdist.*
	$(BIN)/pip install -q --no-deps --target $(COMPILED) .
	@touch $@

# Playing in the browser is Kaido's main job: `make run` starts the web application and
# prints its address (data in ./kaido-data). The terminal game is `.venv/bin/kaido play`.
run: $(VENV)/.run-installed $(COMPILED)/.installed
	PYTHONPATH=$(COMPILED) $(BIN)/kaido serve --data-dir kaido-data

lint: $(VENV)/.test-installed
	$(BIN)/ruff check kaido tests bench scripts examples setup.py
	$(BIN)/ruff format --check kaido tests bench scripts examples setup.py
	$(BIN)/mypy

# scripts/test-services.sh installs Chromium and PostgreSQL when missing and runs the tests
# with a throwaway PostgreSQL server (KAIDO_TEST_NO_SERVICES=1 skips what needs them).
test: lint
	KAIDO_BUILD=pure scripts/test-services.sh $(BIN)/pytest -n auto
	$(MAKE) test-compiled

# The golden records, the conformance suite, every game's rules tests and the server's bot
# processes once more, on the compiled build: the same records and rulings, or a failure
# (docs/testing.md).
# `--import-mode=append` keeps the source tree behind PYTHONPATH, and a test fails unless
# every compiled module is in use.
COMPILED_TESTS ?= tests/core/test_compiled.py tests/core/test_rng.py tests/golden tests/conformance \
	tests/games tests/server/test_thinking.py
test-compiled: export KAIDO_COMPILE = 1
test-compiled: $(VENV)/.test-installed $(COMPILED)/.installed
	KAIDO_BUILD=compiled PYTHONPATH=$(COMPILED) $(BIN)/pytest -n auto --import-mode=append \
		-p no:cacheprovider $(COMPILED_TESTS)

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache

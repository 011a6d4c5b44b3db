# Two commands for a fresh machine: `make run` (set up and start the web application) and
# `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint clean

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

# Playing in the browser is Kaido's main job: `make run` starts the web application and
# prints its address (data in ./kaido-data). The terminal game is `.venv/bin/kaido play`.
run: $(VENV)/.run-installed
	$(BIN)/kaido serve --data-dir kaido-data

lint: $(VENV)/.test-installed
	$(BIN)/ruff check kaido tests bench scripts examples
	$(BIN)/ruff format --check kaido tests bench scripts examples
	$(BIN)/mypy

# scripts/test-services.sh installs Chromium and PostgreSQL when missing and runs the tests
# with a throwaway PostgreSQL server (KAIDO_TEST_NO_SERVICES=1 skips what needs them).
test: lint
	scripts/test-services.sh $(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

# Two commands for a fresh machine: `make run` (set up and play) and `make test`.
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

run: $(VENV)/.run-installed
	$(BIN)/kaido play catan --players human,heuristic,heuristic,heuristic

lint: $(VENV)/.test-installed
	$(BIN)/ruff check kaido tests bench
	$(BIN)/ruff format --check kaido tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n auto

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

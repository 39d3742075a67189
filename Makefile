# arbitre: the two commands of the README.
#   make run   set everything up, then start the referee
#   make test  set everything up, then lint, type-check and run the whole test suite
# Both are idempotent: system packages are installed only when missing, the virtualenv
# is (re)built only when pyproject.toml changed.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Debian / Raspberry Pi OS packages the app and the tests need.
SYSTEM_PACKAGES := python3 python3-venv python3-pip \
	tesseract-ocr tesseract-ocr-eng \
	fonts-dejavu-core fonts-dejavu-extra fonts-liberation fonts-freefont-ttf fonts-open-sans \
	fonts-lato fonts-crosextra-carlito fonts-urw-base35

.PHONY: run test lint system venv bench clean

# Until the pygame app exists (issue 7), `make run` shows the solver on a random draw.
run: venv
	$(BIN)/arbitre numbers

test: venv lint
	$(BIN)/python -m pytest

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

system:
	@scripts/system-packages.sh $(SYSTEM_PACKAGES)

venv: system $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

bench: venv
	$(BIN)/python bench/numbers.py
	$(BIN)/python bench/numbers_stats.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache *.egg-info

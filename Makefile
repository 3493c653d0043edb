# Two entry points: `make demo` runs the main job on sample_histories/, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO_DB := demo/omaha.duckdb

.PHONY: demo demo-commands test test-slow bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# After installing, compile the parser's scans once (numba caches them beside the code), and
# beside it, on another core, the all-in equity kernel (an equity computed once): the first
# import and the first audit then start at once instead of compiling (see README.md,
# *Import speed*, for how long compiling takes).
WARM = $(BIN)/python -m ingest.warm & warm=$$!; \
	$(BIN)/omaha equity "As Ks Qh Jh" "8c 7c 6d 5d" --board "Kd 7s 2h" --game omaha8 >/dev/null \
	&& wait $$warm

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e .
	$(WARM)
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e '.[test]'
	$(WARM)
	touch $@

demo: $(VENV)/.installed
	rm -rf demo && mkdir -p demo
	$(BIN)/omaha import sample_histories --db $(DEMO_DB)
	@echo "Hands imported, by game and currency (amounts in hundredths: cents, hundredths of a chip):"
	$(BIN)/omaha sql "SELECT game, currency, count(*) AS hands, sum(total_pot) AS pots_smallest_unit, sum(rake) AS rake_smallest_unit FROM hands GROUP BY game, currency ORDER BY game, currency" --db $(DEMO_DB)
	@echo "Import outcome per file:"
	$(BIN)/omaha sql "SELECT regexp_extract(source_file, '[^/]+$$') AS file, imported, duplicates, skipped, errors FROM import_files ORDER BY file" --db $(DEMO_DB)
	@echo "Audit: every hand replayed and every award checked:"
	$(BIN)/omaha audit --db $(DEMO_DB)
	@echo "Players (at least 20 hands), then the hero by position:"
	$(BIN)/omaha report players --db $(DEMO_DB) --min-hands 20
	$(BIN)/omaha report positions --db $(DEMO_DB) --player Hero
	$(BIN)/omaha graph --db $(DEMO_DB) --player Hero --out demo/hero.html
	@$(MAKE) --no-print-directory demo-commands

# What to try after `make demo`, each line runnable as printed from the checkout
# (tests/test_demo_commands.py runs them).
demo-commands:
	@echo
	@echo "The graph is demo/hero.html. The command is $(BIN)/omaha (or plain omaha after"
	@echo "'source $(BIN)/activate'); try:"
	@echo '  $(BIN)/omaha report players --db $(DEMO_DB) --min-hands 20'
	@echo '  $(BIN)/omaha report players --db $(DEMO_DB) --player Hero --wide'
	@echo '  $(BIN)/omaha report hands --db $(DEMO_DB) --player Hero --by class'
	@echo '  $(BIN)/omaha report sessions --db $(DEMO_DB) --player Hero'
	@echo '  $(BIN)/omaha audit --db $(DEMO_DB) --only-problems'
	@echo '  $(BIN)/omaha sql "SELECT game, count(*) AS hands FROM hands GROUP BY game" --db $(DEMO_DB)'
	@echo '  $(BIN)/omaha equity "As Ks Qh Jh" "8c 7c 6d 5d" --board "Kd 7s 2h"'
	@echo '  $(BIN)/omaha --help'
	@echo
	@echo "Then look at the hands in the web app (dashboard, players, audit, hand replayer, SQL),"
	@echo "which runs until Ctrl-C: $(BIN)/omaha serve --db $(DEMO_DB) --open"
	@echo "(or open http://127.0.0.1:8765/ in a browser once it runs)."

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy --strict omaha_core ingest analysis

# The suite runs on every core (up to four), a test file to a worker so that each file's
# module fixtures are built once.
# The Spark tests (tests/test_spark.py) need Java: without it they are skipped, saying so.
test: lint
	@command -v java >/dev/null || echo "no java on PATH: the Spark tests (tests/test_spark.py) are skipped (Spark needs Java 17)"
	$(BIN)/pytest -q -n auto --maxprocesses 4 --dist loadfile

test-slow: $(VENV)/.installed-test
	$(BIN)/pytest -q -m slow

# Each benchmark prints its figures against a baseline measured in the same run.
bench: $(VENV)/.installed-test
	$(BIN)/python -m bench.eval
	$(BIN)/python -m bench.ingest
	$(BIN)/python -m bench.audit
	$(BIN)/python -m bench.reports
	$(BIN)/python -m bench.equity
	$(BIN)/python -m bench.allin
	$(BIN)/python -m bench.web
	$(BIN)/python -m bench.spark

clean:
	rm -rf $(VENV) demo .pytest_cache .mypy_cache .ruff_cache

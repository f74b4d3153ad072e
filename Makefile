# Two commands do all the set-up: `make run` and `make test`.
VENV := .venv
# On Windows (Git Bash, as the release workflow runs it) a venv keeps its programs in
# Scripts/, and Python is `python`.
ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
else
PYTHON ?= python3
BIN := $(VENV)/bin
endif
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test test-compiled check bench lint format demo assets installer core clean playthroughs

# pyvenv.cfg marks a made venv on every system (its Python is python.exe on Windows).
$(VENV)/pyvenv.cfg:
	$(PYTHON) -m venv $(VENV)

# The stamps record that the project (and, for tests, its test extras) is installed;
# they are remade whenever pyproject.toml or setup.py changes.
$(VENV)/.installed: $(VENV)/pyvenv.cfg pyproject.toml setup.py
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# `make run` plays with the engine interpreted from the source, as every development
# command does; `make run ENGINE=compiled` with the compiled core (below).
ifeq ($(ENGINE),compiled)
run: core
	cd $(CORE) && $(abspath $(BIN))/python -c "import sys; from illusio_table.cli import main; sys.exit(main())"
else
run: $(VENV)/.installed
	$(BIN)/illusio-table
endif

demo: $(VENV)/.installed
	$(BIN)/illusio-table demo --out out/demo

test: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest
	$(BIN)/ruff check illusio_table tests benchmarks testbed
	$(BIN)/ruff format --check illusio_table tests benchmarks testbed

# The quick part, for while you work on the engines (about two minutes): the engines, the
# games, the card files, the table's Qt-free parts, the layers and the types, no window
# and no browser. `make test` runs everything.
check: $(VENV)/.installed-test
	$(BIN)/python -m pytest tests/engine tests/games tests/data tests/table tests/test_layers.py tests/test_types.py -m "not slow"
	$(BIN)/ruff check illusio_table tests benchmarks testbed

# The golden playthroughs (each game's, in games/<game>/playthroughs/), written again after a deliberate
# change of the engines' behaviour: the commit's diff then says what a player sees change.
playthroughs: $(VENV)/.installed-test
	$(BIN)/python -m tests.engine.playthrough

lint: $(VENV)/.installed-test
	$(BIN)/ruff check illusio_table tests benchmarks testbed
	$(BIN)/ruff format --check illusio_table tests benchmarks testbed

format: $(VENV)/.installed-test
	$(BIN)/ruff format illusio_table tests benchmarks testbed
	$(BIN)/ruff check --fix illusio_table tests benchmarks testbed

$(VENV)/.installed-build: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[build]'
	touch $@

# The compiled engine core (installer/core.py): the engine, the games and the card data
# compiled by mypyc into a copy of the package under build/core, remade whenever a source
# file changes (the checkout itself stays interpreted, so an edit is never shadowed by a
# stale extension). Without a C compiler it says so, and the callers go on interpreted.
CORE := build/core
SOURCES := $(shell find illusio_table -name '*.py' -not -path '*/__pycache__/*')

core: $(CORE)/.built

$(CORE)/.built: $(VENV)/.installed-build installer/core.py $(SOURCES)
	@$(BIN)/python installer/core.py $(CORE); status=$$?; \
	if [ $$status -eq 0 ]; then touch $@; elif [ $$status -ne 3 ]; then exit $$status; fi

# The tests again, against the compiled core: the golden playthroughs (views, logs, move
# words, refusals, results) and the engines' and games' own tests must not tell the two apart,
# and the window, the tables and the phones' hub must work with it as the installed
# program does (the browser tests are left to `make test`). Run from the core's tree,
# whose package comes first on the path.
test-compiled: core $(VENV)/.installed-test
	@if [ -f $(CORE)/.built ]; then \
	  cd $(CORE) && ILLUSIO_TABLE_ENGINE=compiled QT_QPA_PLATFORM=offscreen $(abspath $(BIN))/python -m pytest \
	    --import-mode=append -m "not browser" $(CURDIR)/tests/engine $(CURDIR)/tests/games \
	    $(CURDIR)/tests/data $(CURDIR)/tests/qt $(CURDIR)/tests/remote $(CURDIR)/tests/test_cli_and_demo.py; \
	else echo "no compiled core here (no C compiler): nothing to test"; fi

# The application icon in every size the platforms want, drawn with Pillow.
assets: $(VENV)/.installed
	$(BIN)/python installer/make_icons.py

# The frozen bundle for this machine; on Linux also the .deb and a tarball (dist/).
# Always with the compiled core where a C compiler is found (the bundle says which engine
# it carries in `--self-test`).
installer: $(VENV)/.installed-build core
	$(BIN)/python installer/build.py

# What the bench compares against (RLCard's UNO), installed into the venv here, never by
# the bench at run time.
$(VENV)/.installed-bench: $(VENV)/.installed-test
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

# Both engines, side by side: the source's and the compiled core's (benchmarks/, beside
# the package: the installed program carries no benchmark).
bench: $(VENV)/.installed-bench core
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m benchmarks.bench

clean:
	rm -rf $(VENV) build dist out *.egg-info

# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test check bench lint format demo assets installer clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The stamps record that the project (and, for tests, its test extras) is installed;
# they are remade whenever pyproject.toml or setup.py changes.
$(VENV)/.installed: $(BIN)/python pyproject.toml setup.py
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/illusio-table

demo: $(VENV)/.installed
	$(BIN)/illusio-table demo --out out/demo

test: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest
	$(BIN)/ruff check illusio_table tests
	$(BIN)/ruff format --check illusio_table tests

# The quick part, for while you work on the engines (about two minutes): the engines, the
# games, the card files, the layers and the types, no window and no browser. `make test`
# runs everything.
check: $(VENV)/.installed-test
	$(BIN)/python -m pytest tests/engine tests/games tests/data tests/test_layers.py tests/test_types.py -m "not slow"
	$(BIN)/ruff check illusio_table tests

lint: $(VENV)/.installed-test
	$(BIN)/ruff check illusio_table tests
	$(BIN)/ruff format --check illusio_table tests

format: $(VENV)/.installed-test
	$(BIN)/ruff format illusio_table tests
	$(BIN)/ruff check --fix illusio_table tests

$(VENV)/.installed-build: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[build]'
	touch $@

# The application icon in every size the platforms want, drawn with Pillow.
assets: $(VENV)/.installed
	$(BIN)/python installer/make_icons.py

# The frozen bundle for this machine; on Linux also the .deb and a tarball (dist/).
installer: $(VENV)/.installed-build
	$(BIN)/python installer/build.py

bench: $(VENV)/.installed-test
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m illusio_table.bench

clean:
	rm -rf $(VENV) build dist out *.egg-info

"""Tools that the tests and the bench share, never part of the program.

The bench imports no test and the program imports neither: a tool both use lives here, at
the top of the checkout beside `tests/` and `benchmarks/`. It is never installed: the wheel
takes the `illusio_table*` packages only (pyproject.toml), and PyInstaller bundles what the
program imports, which is never this (tests/test_layers.py holds both). The tests find it
as they find `tests` itself, through the checkout's root on the path, from the compiled
core's tree too (`make test-compiled`); the bench runs from the checkout's root.
"""

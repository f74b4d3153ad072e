"""PyInstaller's hook for the program's package: with the compiled engine core
(installer/core.py), the modules its extensions import, and mypyc's shared runtime
module, which PyInstaller cannot find by itself (see bundle_files.compiled_imports)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bundle_files import compiled_imports  # noqa: E402


def hook(hook_api):
    package = Path(hook_api.__file__).parent
    names = compiled_imports(package)
    # A name that is no module (`from .x import SomeClass`) is reported by PyInstaller as
    # a missing hidden import and otherwise ignored.
    hook_api.add_imports(*names)

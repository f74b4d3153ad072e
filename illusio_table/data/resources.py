"""Finds cards/ and assets/ wherever the program runs from.

In order: a folder named by the environment (ILLUSIO_TABLE_CARDS, ILLUSIO_TABLE_ASSETS),
so people can try edited cards without touching the install; a PyInstaller bundle; an
installed wheel (setup.py copies the folders to illusio_table/_resources); the source
tree (an editable install or a plain checkout).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


def candidates(name: str) -> list[Path]:
    found = []
    override = os.environ.get(f"ILLUSIO_TABLE_{name.upper()}")
    if override:
        found.append(Path(override))
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        found.append(Path(bundle) / name)
    found.append(PACKAGE / "_resources" / name)
    found.append(PACKAGE.parent / name)
    return found


def resource_dir(name: str) -> Path:
    """The first existing folder called `name` (cards or assets); raises if there is none."""
    for path in candidates(name):
        if path.is_dir():
            return path
    looked = ", ".join(str(p) for p in candidates(name))
    raise FileNotFoundError(f"cannot find the {name} folder (looked in: {looked})")

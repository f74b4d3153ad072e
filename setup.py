"""Copies the top-level cards/ and assets/ folders into the wheel.

People edit cards/ and assets/ at the top of the source tree; an installed program finds
them as package data under illusio_table/_resources (see illusio_table/data/resources.py).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithResources(build_py):
    def run(self):
        super().run()
        for name in ("cards", "assets"):
            source = ROOT / name
            if source.is_dir():
                target = Path(self.build_lib) / "illusio_table" / "_resources" / name
                shutil.copytree(source, target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithResources})

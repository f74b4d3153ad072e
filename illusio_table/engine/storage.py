"""Writing files so that a crash never leaves half a file behind."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any


def atomic_write_text(path: str | Path, text: str) -> None:
    """Writes beside the target, flushes to disk, then renames over it in one step."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=_temporary_prefix(path), dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def atomic_write_json(path: str | Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=1, sort_keys=True) + "\n")


def _temporary_prefix(path: Path) -> str:
    return f".{path.name}."


def remove_leftovers(path: str | Path) -> int:
    """Removes the temporary files a killed write of `path` left behind; how many."""
    path = Path(path)
    removed = 0
    if not path.parent.is_dir():
        return 0
    for leftover in path.parent.glob(_temporary_prefix(path) + "*"):
        try:
            leftover.unlink()
            removed += 1
        except OSError:
            pass  # still in use, or not ours to remove: the next start tries again
    return removed


def set_aside(path: str | Path) -> Path | None:
    """Renames a damaged file out of the way, keeping it; the new path, or None."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target

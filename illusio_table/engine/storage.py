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


def json_text(data: Any, encoded: dict[str, list[str]] | None = None) -> str:
    """JSON as the program writes its files: a line for each key of the top object, and
    a line for each object of a list under it (a save's moves). Each line comes from the
    C encoder: indenting the whole would take Python's own encoder, whose cost grew with
    every move of a game autosaved after each one (15 ms a save at 300 moves).
    `encoded`: lists already written an item a line (a save's moves, kept between saves),
    under keys of their own."""
    if not isinstance(data, dict) or not data:
        return json.dumps(data, sort_keys=True) + "\n"
    encoded = encoded or {}
    lines = []
    for key in sorted(data.keys() | encoded.keys()):
        value, name = data.get(key), json.dumps(key)
        if key in encoded:
            items = encoded[key]
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            items = [json.dumps(v, sort_keys=True) for v in value]
        else:
            lines.append(f" {name}: {json.dumps(value, sort_keys=True)}")
            continue
        if items:
            lines.append(f" {name}: [\n" + ",\n".join("  " + i for i in items) + "\n ]")
        else:
            lines.append(f" {name}: []")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def atomic_write_json(path: str | Path, data: Any) -> None:
    atomic_write_text(path, json_text(data))


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

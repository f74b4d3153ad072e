"""The installer figures for the README (a benchmark, not a test).

Builds a bare PySide6 window the same way as the program, then compares bundle sizes and
the time from starting each frozen program to its first painted window (median of 7
starts, on the X display if there is one, otherwise offscreen). Run after `make installer`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BARE = ROOT / "build" / "bare-dist"
STARTS = 7


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def startup(program: Path) -> float:
    env = dict(os.environ, ILLUSIO_TABLE_STARTUP_PROBE="1")
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    times = []
    for _ in range(STARTS):
        started = time.perf_counter()
        process = subprocess.Popen([str(program)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        for line in process.stdout:
            if line.startswith("first paint"):
                times.append(time.perf_counter() - started)
                break
        process.wait(timeout=30)
    return statistics.median(times)


def main() -> int:
    program = DIST / "illusio-table"
    if not program.is_dir():
        print("run `make installer` first", file=sys.stderr)
        return 1
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--workpath", str(ROOT / "build" / "bare-work"), "--distpath", str(BARE),
         str(ROOT / "installer" / "bare_window.spec")],
        check=True,
    )
    ours, bare = size(program), size(BARE / "bare-window")
    print(f"bundle: {ours / 2**20:.1f} MiB; bare PySide6 window: {bare / 2**20:.1f} MiB; ratio {ours / bare:.2f}")
    for deb in DIST.glob("*.deb"):
        print(f"{deb.name}: {deb.stat().st_size / 2**20:.1f} MiB")
    where = "X display" if os.environ.get("DISPLAY") else "offscreen"
    ours_s = startup(program / "illusio-table")
    bare_s = startup(BARE / "bare-window" / "bare-window")
    print(
        f"start to first paint ({where}, median of {STARTS}): program {ours_s:.3f} s, "
        f"bare window {bare_s:.3f} s, ratio {ours_s / bare_s:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

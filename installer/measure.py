"""The installer figures for docs/PERFORMANCE.md, kept there by hand (a benchmark, not a
test).

Builds a bare PySide6 window the same way as the program, then compares bundle sizes and
the time from starting each frozen program to its first painted window, on the X display
if there is one, otherwise offscreen: 15 starts of each, taken in turn (the program, then
the bare window), each start's ratio to the bare start beside it; the median of those
ratios and their range (this machine's speed drifts within minutes, so two medians taken
apart would compare two machines). Run after `make installer`.
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
STARTS = 15


def size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def start(program: Path) -> float:
    """Seconds from starting the program to its first painted window."""
    env = dict(os.environ, ILLUSIO_TABLE_STARTUP_PROBE="1")
    if not env.get("DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    started = time.perf_counter()
    process = subprocess.Popen([str(program)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert process.stdout is not None
    painted = None
    for line in process.stdout:
        if line.startswith("first paint"):
            painted = time.perf_counter() - started
            break
    process.wait(timeout=30)
    if painted is None:
        raise SystemExit(f"{program} painted no window")
    return painted


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
    ours_s, bare_s = [], []
    for _ in range(STARTS):
        ours_s.append(start(program / "illusio-table"))
        bare_s.append(start(BARE / "bare-window" / "bare-window"))
    ratios = sorted(o / b for o, b in zip(ours_s, bare_s))
    print(
        f"start to first paint ({where}, {STARTS} starts each, in turn): program median "
        f"{statistics.median(ours_s):.3f} s, bare window {statistics.median(bare_s):.3f} s; "
        f"start by start {statistics.median(ratios):.2f}× (range {ratios[0]:.2f}–{ratios[-1]:.2f}; "
        "goal 2×)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make installer`: the bundle for this machine; on Linux also a .deb and a tarball.

    dist/illusio-table/                       the one-folder bundle (all platforms)
    dist/illusio-table-<v>-linux-<arch>.tar.gz  the bundle for any Linux distribution
    dist/illusio-table_<v>_<debarch>.deb       installs to /opt/illusio-table

Windows and macOS wrap the bundle on their own machines: installer/windows/illusio_table.iss
(Inno Setup) and installer/macos/make_dmg.sh (hdiutil).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import tarfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NAME = "illusio-table"
VERSION = version("illusio-table")

DESKTOP = """[Desktop Entry]
Type=Application
Name=Illusio Table
GenericName=Board game table
Comment=Play {games} at one table, with bots in empty seats
Exec=illusio-table %f
Icon=illusio-table
Terminal=false
Categories=Game;BoardGame;
Keywords=cards;board game;hot seat;
"""


def games_named() -> str:
    """The titles of the games the program finds, as the menus and the package say them
    ("A, B and C")."""
    from illusio_table.games import builtin_registry
    from illusio_table.table.guide import name_list

    registry = builtin_registry()
    return name_list([registry.get(game_id).title for game_id in registry.ids()])


# Run through /usr/bin/illusio-table when installed, or from an unpacked .deb: the bundle
# always lies two folders up, under opt/.
LAUNCHER = """#!/bin/sh
here=$(dirname "$(readlink -f "$0")")
exec "$here/../../opt/illusio-table/illusio-table" "$@"
"""

# The X11 libraries Qt's xcb plugin loads and a minimal system may lack, and the
# PulseAudio client library Qt Multimedia links to (the sounds; without it Qt Multimedia
# does not load and the self-test fails).
DEPENDS = [
    "libc6",
    "libegl1",
    "libfontconfig1",
    "libxkbcommon-x11-0",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-keysyms1",
    "libxcb-image0",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-randr0",
    "libxcb-xinerama0",
    "libxcb-xkb1",
    "libpulse0",
]


def run(*command: str) -> None:
    print("+", " ".join(command), file=sys.stderr, flush=True)
    subprocess.run(command, check=True, cwd=ROOT)


def core() -> Path | None:
    """The compiled engine core's tree, if `make core` built one (installer/core.py)."""
    tree = ROOT / "build" / "core"
    if (tree / ".built").is_file():
        return tree
    print(
        "no compiled engine core (build/core): the bundle carries the interpreted engine",
        file=sys.stderr,
    )
    return None


def bundle() -> Path:
    tree = core()
    if tree is not None:
        os.environ["ILLUSIO_TABLE_CORE"] = str(tree)
    run(
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
        "--workpath", str(ROOT / "build" / "pyinstaller"), "--distpath", str(DIST),
        str(ROOT / "installer" / "illusio_table.spec"),
    )
    folder = DIST / NAME
    if sys.platform.startswith("linux"):
        strip(folder / "_internal")
    return folder


def strip(folder: Path) -> None:
    """Strips the symbols from the bundle's shared libraries, as PyInstaller's `strip`
    would, but for the ones auditwheel repaired, in NumPy's and SciPy's `*.libs` folders:
    patchelf moved their load segments, and strip leaves them unloadable ("ELF load
    command address/offset not page-aligned", seen in the self-test). The spec leaves
    stripping to this, as PyInstaller cannot be told which files to spare."""
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        if any(part.endswith(".libs") for part in path.relative_to(folder).parts):
            continue
        with path.open("rb") as binary:
            if binary.read(4) != b"\x7fELF":
                continue
        subprocess.run(["strip", str(path)], check=True)


def tarball(folder: Path) -> Path:
    target = DIST / f"{NAME}-{VERSION}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(target, "w:gz") as archive:
        archive.add(folder, arcname=f"{NAME}-{VERSION}")
    return target


def deb(folder: Path) -> Path:
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    root = ROOT / "build" / "deb"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(folder, root / "opt" / NAME, symlinks=True)
    launcher = root / "usr" / "bin" / NAME
    launcher.parent.mkdir(parents=True)
    launcher.write_text(LAUNCHER)
    launcher.chmod(0o755)
    applications = root / "usr" / "share" / "applications"
    applications.mkdir(parents=True)
    (applications / f"{NAME}.desktop").write_text(DESKTOP.format(games=games_named()))
    for png in sorted((ROOT / "assets" / "icons").glob(f"{NAME}-*.png")):
        size = png.stem.rsplit("-", 1)[1]
        if int(size) <= 512:
            target = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(png, target)
    size_kb = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) // 1024
    control = root / "DEBIAN" / "control"
    control.parent.mkdir()
    control.write_text(
        f"Package: {NAME}\nVersion: {VERSION}\nArchitecture: {arch}\n"
        f"Maintainer: Illusio Table <team@illusiotable.invalid>\nInstalled-Size: {size_kb}\n"
        f"Depends: {', '.join(DEPENDS)}\nSection: games\nPriority: optional\n"
        f"Description: rules-enforcing table for {games_named()}\n"
        " Several people share one computer and play, with bots in any empty seat.\n"
        " The table knows every rule, explains every refusal and keeps each seat's secrets.\n"
    )
    for path in root.rglob("*"):
        if path.is_dir():
            path.chmod(0o755)
    target = DIST / f"{NAME}_{VERSION}_{arch}.deb"
    run("dpkg-deb", "--build", "--root-owner-group", "-Zxz", str(root), str(target))
    return target


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = bundle()
    made = [folder]
    if sys.platform.startswith("linux"):
        made.append(tarball(folder))
        if shutil.which("dpkg-deb"):
            made.append(deb(folder))
        else:
            print("dpkg-deb is missing: no .deb was made", file=sys.stderr)
    for path in made:
        size = folder_size(path) if path.is_dir() else path.stat().st_size
        print(f"{path.relative_to(ROOT)}: {size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

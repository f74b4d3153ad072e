"""The installer's spec stays in step with the data folders."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "installer"))

from bundle_files import UNUSED_QT, data_files, game_modules  # noqa: E402


def test_a_new_card_file_is_bundled_without_editing_the_spec(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "assets" / "icons").mkdir(parents=True)
    (tmp_path / "illusio_table" / "games" / "newgame").mkdir(parents=True)
    (tmp_path / "cards" / "newgame.yaml").write_text("game: newgame\n")
    (tmp_path / "assets" / "icons" / "x.png").write_bytes(b"png")
    (tmp_path / "illusio_table" / "games" / "newgame" / "help.md").write_text("# Help\n")
    files = {
        (Path(source).relative_to(tmp_path).as_posix(), folder)
        for source, folder in data_files(tmp_path)
    }
    assert files == {
        ("cards/newgame.yaml", "cards"),
        ("assets/icons/x.png", "assets/icons"),
        ("illusio_table/games/newgame/help.md", "illusio_table/games/newgame"),
    }


def test_the_real_bundle_takes_every_card_file_and_help_page():
    bundled = {Path(source).name for source, _ in data_files(ROOT)}
    assert {p.name for p in (ROOT / "cards").glob("*.yaml")} <= bundled
    assert "help.md" in bundled


def test_no_qt_module_the_program_uses_is_left_out():
    used = {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"}
    assert not used & set(UNUSED_QT)
    sources = "\n".join(p.read_text() for p in (ROOT / "illusio_table").rglob("*.py"))
    for module in UNUSED_QT:
        assert f"{module} " not in sources and f"{module}\n" not in sources, module


def test_every_game_package_and_kit_part_is_bundled_though_it_is_imported_by_name():
    import importlib

    from illusio_table.games import found, rules
    from illusio_table.table.kits import kits

    modules = game_modules()
    assert {entry.partition(":")[0] for entry in rules().values()} <= set(modules)
    assert {entry.partition(":")[0] for entry in found().values()} <= set(modules)
    for kit in kits():
        assert {ref.partition(":")[0] for _, ref in kit.references()} <= set(modules)
    assert "illusio_table.games.illuminati.qt.scene" in modules
    for name in modules:
        importlib.import_module(name)


def test_every_phone_drawing_is_bundled():
    from illusio_table.table.kits import PLAIN, kits

    bundled = {Path(source).resolve() for source, _ in data_files(ROOT)}
    for kit in [*kits(), PLAIN]:
        assert kit.phone.resolve() in bundled, kit.phone


def test_the_compiled_core_takes_each_games_rules_and_none_of_its_table_or_scene():
    import core

    compiled = core.compiled_sources()
    assert "illusio_table/games/incantibus/rules.py" in compiled
    assert "illusio_table/games/illuminati/attacking.py" in compiled
    for name in compiled:
        inside = Path(name).parts
        if inside[1] == "games" and len(inside) > 3:
            assert inside[3] not in ("table", "qt", "kit.py"), name
    rules = ROOT / "illusio_table" / "games" / "illusio"
    assert core.is_rules(rules / "rules.py")
    assert not core.is_rules(rules / "kit.py")
    assert not core.is_rules(rules / "table" / "guide.py")
    assert not core.is_rules(rules / "qt" / "scene.py")


def test_the_hook_names_what_a_compiled_module_imports_and_mypycs_runtime(tmp_path):
    """PyInstaller cannot read an extension module's imports: the hook reads them from
    the source beside it, and adds mypyc's shared runtime module, which lies beside the
    package; an interpreted package needs nothing from the hook."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from bundle_files import compiled_imports

    suffix = EXTENSION_SUFFIXES[0]
    package = tmp_path / "illusio_table"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine" / "__init__.py").write_text("")
    (package / "engine" / "record.py").write_text("")
    (package / "engine" / "rng.py").write_text(
        "import hashlib\nfrom . import record\nfrom .record import Move\n"
        "from mypy_extensions import mypyc_attr\n\ndef f():\n    import json\n"
    )
    assert compiled_imports(package) == []
    (package / "engine" / f"rng{suffix}").write_bytes(b"")
    (tmp_path / f"0123abcd__mypyc{suffix}").write_bytes(b"")
    names = compiled_imports(package)
    assert {"hashlib", "json", "mypy_extensions", "0123abcd__mypyc"} <= set(names)
    assert {"illusio_table.engine", "illusio_table.engine.record"} <= set(names)
    assert "illusio_table.engine.record.Move" not in names  # a class, not a module


WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"


def check_workflow(path: Path) -> subprocess.CompletedProcess[str]:
    """check-jsonschema with the workflow schema it carries: no network needed."""
    checker = Path(sys.executable).with_name("check-jsonschema")
    return subprocess.run(
        [str(checker), "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_release_workflow_passes_its_schema(tmp_path):
    done = check_workflow(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr
    # The checker does refuse a broken workflow (a job with no steps and no runner).
    broken = tmp_path / "broken.yml"
    broken.write_text("name: x\non: push\njobs:\n  a:\n    step: []\n")
    assert check_workflow(broken).returncode != 0


def test_the_release_workflow_builds_and_self_tests_on_every_system():
    import yaml

    job = yaml.safe_load(WORKFLOW.read_text())["jobs"]["installer"]
    systems = {name.split("-")[0] for name in job["strategy"]["matrix"]["os"]}
    assert systems == {"ubuntu", "windows", "macos"}
    commands = "\n".join(step.get("run", "") for step in job["steps"])
    assert "make installer" in commands
    assert "--self-test" in commands
    assert "iscc" in commands and "make_dmg.sh" in commands
    kept = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact"))
    assert kept["with"]["if-no-files-found"] == "error"


def test_the_bundle_is_stripped_but_for_the_libraries_numpy_and_scipy_carry(tmp_path, monkeypatch):
    """strip leaves an auditwheel-repaired library (NumPy's OpenBLAS) unloadable: those
    in a `*.libs` folder are spared, every other shared library is stripped."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("installer_build", ROOT / "installer/build.py")
    installer_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(installer_build)
    for name in ("PySide6/libQt6Core.so.6", "numpy.libs/libopenblas.so", "scipy/_lib/x.so"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"\x7fELF" + bytes(60))
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "illusio.yaml").write_text("not a binary")
    stripped = []
    monkeypatch.setattr(
        installer_build.subprocess, "run", lambda command, check: stripped.append(command[1])
    )
    installer_build.strip(tmp_path)
    assert sorted(Path(p).relative_to(tmp_path).as_posix() for p in stripped) == [
        "PySide6/libQt6Core.so.6",
        "scipy/_lib/x.so",
    ]

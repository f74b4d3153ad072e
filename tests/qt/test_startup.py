"""Start-up: the first window is painted before anything only a match needs is loaded."""

import subprocess
import sys

import pytest

from illusio_table.engine.registry import Imported, Registry
from illusio_table.games import builtin_registry, rules

# Loaded when the first match starts, never for the welcome screen.
NOT_AT_START = [
    "yaml",
    "importlib.metadata",
    "multiprocessing",
    "concurrent.futures",
    "illusio_table.data.loader",
    "illusio_table.engine.search",
    "illusio_table.qt.models",
    "illusio_table.qt.scenes.base",  # the tables' toolkit: the window's view needs none
    "illusio_table.qt.app.new_game_dialog",
    *(path.partition(":")[0] for path in rules().values()),
]


def test_the_welcome_window_opens_without_the_games_or_what_a_match_needs():
    code = (
        "import sys\n"
        "from illusio_table.qt.app.main import make_app\n"
        "from illusio_table.qt.app.main_window import MainWindow\n"
        "app = make_app([]); window = MainWindow(); window.show(); app.processEvents()\n"
        f"print([m for m in {NOT_AT_START!r} if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_help_menu_names_every_game_once_opened(window):
    window.help_menu.aboutToShow.emit()
    window.help_menu.aboutToShow.emit()  # a second opening adds nothing
    texts = [a.text() for a in window.help_menu.actions() if not a.isSeparator()]
    titles = [window.registry.get(game_id).title for game_id in window.registry.ids()]
    assert {"Incantibus", "Illusio", "Illuminati"} <= set(titles)
    from illusio_table.table.kits import kits

    guided = [
        f"Guided first game of {window.registry.get(g).title}"
        for g in window.registry.ids()
        if g in {kit.game_id for kit in kits()}
    ]
    assert len(guided) == 3
    assert texts == [f"How to play {title}" for title in titles] + guided + ["&About"]


def test_the_builtin_registry_imports_a_game_when_it_is_first_asked_for():
    registry = builtin_registry()
    assert registry.ids() == list(rules())
    for game_id in registry.ids():
        assert registry.get(game_id).game_id == game_id


def test_a_game_listed_under_another_id_is_refused():
    registry = Registry(Imported({"illusio": rules()["incantibus"]}))
    with pytest.raises(ValueError, match="is the game 'incantibus', not 'illusio'"):
        registry.get("illusio")


def test_the_window_icon_holds_the_sizes_a_window_manager_draws_and_no_larger(qapp):
    """Shown on X, a window hands every size of its icon to the window manager: the
    installers' 512 and 1024 pixel icons made that a seventh of the start."""
    from illusio_table.qt.app.main import app_icon

    sides = sorted(size.width() for size in app_icon().availableSizes())
    assert sides[0] <= 16 and 256 in sides
    assert sides[-1] <= 256

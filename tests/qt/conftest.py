from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from illusio_table.qt.app.main import make_app
from illusio_table.qt.app.main_window import MainWindow

SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


@pytest.fixture(scope="session")
def qapp_cls():
    return type(make_app([]))


@pytest.fixture(autouse=True)
def _application(qapp):
    """Every test here has the program's QApplication, even one that asks for no fixture
    (a widget made without it crashes the process when its file runs alone)."""
    return qapp


@pytest.fixture
def make_window(qtbot, registry, tmp_path):
    """Windows that share one data folder and settings file, like two runs of the program."""

    def make(bot_delay_ms=0):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(
            registry, tmp_path / "data", settings, bot_delay_ms=bot_delay_ms, interactive=False
        )
        window.motion = False  # no animation unless a test is about it
        window.messages = []
        window.tell = lambda title, text: window.messages.append(f"{title}: {text}")
        window.ask = lambda title, text: True
        qtbot.addWidget(window)
        window.resize(1366, 768)
        window.show()
        return window

    return make


@pytest.fixture
def window(make_window):
    return make_window()


def scene_texts(window) -> list[str]:
    """Every text drawn on the table."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    return [i.text() for i in window.scene.items() if isinstance(i, QGraphicsSimpleTextItem)]


def lift_curtain(window) -> None:
    """Clicks the privacy curtain away if it is up, as the person at the screen would."""
    from PySide6.QtWidgets import QApplication

    if window.stack.currentWidget() is window.curtain:
        window.curtain.button.click()
        QApplication.processEvents()


def click_move(window, qtbot, number: int) -> None:
    """Clicks the plain table's button of the move with that number."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    button = window.scene.item(("move", number))
    point = window.table.mapFromScene(button.sceneBoundingRect().center())
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()


def screenshot(window, name: str) -> Path:
    """Saved where CI keeps them; look at them (they are the table as a player sees it)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert window.grab().save(str(path))
    return path


@pytest.fixture(autouse=True)
def collect_after_each_test():
    """Python's garbage collector runs after each Qt test, so that a wrapper freed in the
    wrong order fails the test that made it, not a later one at random. Before it, no
    item the scene made may be Python's: `parentItem()` on a top-level item hands it to
    Python in PySide6 6.11, and Python then frees it again after the scene has (a later
    test's collection crashed, SIGSEGV, that way)."""
    import gc

    import shiboken6
    from PySide6.QtWidgets import QGraphicsItem

    yield
    taken = [
        o
        for o in gc.get_objects()
        if isinstance(o, QGraphicsItem)
        and shiboken6.isValid(o)
        and shiboken6.ownedByPython(o)
        and not shiboken6.createdByPython(o)
    ]
    for item in taken:  # (let go without freeing: the scene frees it, or has)
        shiboken6.invalidate(item)
    taken = [type(o).__name__ for o in taken]
    gc.collect()
    assert not taken, f"items the scene made are held as Python's (parentItem()?): {taken}"


def anas_move(window) -> bool:
    """One turn of a game played from the screen's seat: the curtain lifted, a reveal seen
    at once, or a bot's move made; True when Ana, at the screen, is to move."""
    lift_curtain(window)
    session = window.model.session
    if session.holding:
        window.scene.stop_reveal(seen=True)
        return False
    if session.viewer != 0 or 0 not in session.game.to_act():
        assert session.step_bot() or session.game.is_over()
        return False
    return True


def item_parents(scene) -> dict:
    """Each child item's parent, found from the parents' side. Never ask a child: in
    PySide6 6.11 `parentItem()` and `topLevelItem()` tie the wrapper they return to the
    item asked (or hand a top-level item to Python), out of the scene's reach: once the
    scene is gone those wrappers still think their items alive, and a later garbage
    collection freed them again (SIGSEGV; test_no_item_asked_its_parent.py keeps it so)."""
    return {child: item for item in scene.items() for child in item.childItems()}


def top_item(item, parents: dict):
    """The top-level item `item` is drawn in (itself if it has no parent)."""
    while item in parents:
        item = parents[item]
    return item


def tip_text(item) -> str:
    """The words a tooltip shows (tables escape theirs into rich text: look.plain)."""
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(item.toolTip())
    return document.toPlainText()

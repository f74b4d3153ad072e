"""The side panels as the person sees them through new matches, and the Game menu's keys
wherever the keyboard is.

The Phones tab came to the front at every new rehearsal, drill or game when the coach's
panel had been in front: hiding a tab in front puts its neighbour there, and Phones is the
coach's neighbour. And once the Phones panel, standing apart with a code to scan, docked
back (its phone joined, or Take back), no window had the keyboard: Ctrl+N did nothing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QSpinBox

from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog

from .conftest import screenshot
from .test_shell import side_tab

ANA_AND_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]
ANA_AND_LERA = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]


def incantibus(seed: int, devices: tuple[int, ...] = ()) -> GameConfig:
    people = ANA_AND_LERA if devices else ANA_AND_BOT
    return GameConfig("incantibus", people, seed, {"mode": "apprentice"}, devices=list(devices))


def settle() -> None:
    QApplication.processEvents()


def test_the_panel_in_front_stays_through_new_matches_and_the_coachs_gives_way_to_moves(
    make_window,
):
    window = make_window()
    assert window.start_match(incantibus(10), rehearsal=True)
    settle()
    window.coach_dock.raise_()  # the person reads the coach (its first chart brings it)
    settle()
    assert side_tab(window) == "Coach"
    assert window.start_match(incantibus(11), rehearsal=True)
    settle()
    assert side_tab(window) == "Coach", "a new rehearsal keeps the coach in front"
    assert window.start_match(incantibus(12))
    settle()
    assert side_tab(window) == "Moves", "a match without the coach shows the moves"
    assert window.start_match(incantibus(13), rehearsal=True)
    settle()
    assert side_tab(window) == "Moves", "what was in front stays (the first chart brings the coach)"
    window.seats_dock.raise_()  # chosen by the person: kept from here on
    settle()
    assert window.start_match(incantibus(14))
    settle()
    assert window.start_match(incantibus(15), rehearsal=True)
    settle()
    assert side_tab(window) == "Seats"
    screenshot(window, "side-panel-after-rehearsals")


def test_turning_the_coach_off_brings_the_moves_forward_not_the_phones(make_window):
    window = make_window()
    assert window.start_match(incantibus(10))
    window.menuBar().actions()[0].menu().aboutToShow.emit()
    window.coach_action.trigger()  # the coach in a match, for the one person at the screen
    settle()
    window.coach_dock.raise_()
    settle()
    assert side_tab(window) == "Coach"
    window.coach_action.trigger()  # off again
    settle()
    assert side_tab(window) == "Moves"


def new_game_asked(window, monkeypatch) -> list[str]:
    """The New Game dialogs opened from here on (each closed at once)."""
    opened: list[str] = []

    def exec_(dialog):
        opened.append(dialog.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(NewGameDialog, "exec", exec_)
    return opened


def ctrl_n() -> None:
    """Ctrl+N typed where the keyboard is."""
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    settle()


def test_ctrl_n_starts_a_new_game_with_the_keyboard_in_the_phones_panel(make_window, monkeypatch):
    window = make_window()
    window.activateWindow()
    assert window.start_match(incantibus(10))
    opened = new_game_asked(window, monkeypatch)
    window.phones_dock.raise_()
    settle()
    port = window.phones.findChild(QSpinBox, "phones-port")
    port.setFocus()
    settle()
    assert QApplication.focusWidget() is port
    ctrl_n()
    assert len(opened) == 1


def test_ctrl_n_works_after_the_phones_panel_docks_back_from_standing_apart(
    make_window, monkeypatch
):
    """A phone seat's code stands apart over the window; the person clicks in it (Take
    back to this screen) and it docks back: the keyboard is in the window again, in the
    Phones panel, and Ctrl+N opens New Game."""
    window = make_window()
    window.activateWindow()
    assert window.start_match(incantibus(10, devices=(1,)))
    try:
        settle()
        dock = window.phones_dock
        assert dock.isFloating()
        dock.activateWindow()
        settle()
        (back,) = [
            b for b in window.phones.findChildren(QPushButton) if b.text().startswith("Take back")
        ]
        back.setFocus()
        QTest.mouseClick(back, Qt.MouseButton.LeftButton)
        settle()
        assert not dock.isFloating()
        assert QApplication.activeWindow() is window
        assert side_tab(window) == "Phones", "the panel the person was working in"
        assert window.phones.isAncestorOf(QApplication.focusWidget()) or (
            QApplication.focusWidget() is window.phones
        )
        opened = new_game_asked(window, monkeypatch)
        ctrl_n()
        assert len(opened) == 1
    finally:
        window.phones.stop()


def test_a_phone_seat_taken_back_while_the_table_has_the_keyboard_keeps_phones_behind(make_window):
    """The code stands apart; the person plays on at the table (the keyboard there) and the
    seat is taken back (as when its phone joins): the panel docks without coming to the
    front, and the keyboard is not sent into it."""
    window = make_window()
    window.activateWindow()
    assert window.start_match(incantibus(10, devices=(1,)))
    try:
        settle()
        assert window.phones_dock.isFloating()
        window.activateWindow()  # the person clicks on the table
        window.table.setFocus()
        settle()
        assert QApplication.focusWidget() is window.table
        window.phones.take_back(1)
        settle()
        assert not window.phones_dock.isFloating()
        assert side_tab(window) != "Phones"
        # (Lera back at the screen, the curtain asks who looks: its button has the keys)
        assert not window.phones.isAncestorOf(QApplication.focusWidget())
    finally:
        window.phones.stop()


def test_a_new_game_with_its_phone_still_joined_keeps_the_panel_in_front(qtbot, make_window):
    """New game with the same people: Lera's phone stays joined and has no code to scan,
    so the panel the person had in front stays there (Phones came up at every new game,
    found in a play-test); a seat still waiting for its phone brings Phones forward."""
    from tests.remote.phone import Phone

    window = make_window()
    window.phones.network = False
    assert window.start_match(incantibus(10, devices=(1,)))
    try:
        settle()
        assert window.phones_dock.isFloating()  # a code to scan, standing apart
        hub = window.phones.hub
        phone = Phone(hub.address(1))
        qtbot.waitUntil(lambda: hub.status(1) == "joined", timeout=5000)
        qtbot.waitUntil(lambda: not window.phones_dock.isFloating(), timeout=5000)
        qtbot.wait(50)  # (docked back: the panel's own turn in front comes first)
        window.moves_dock.raise_()  # the person reads the moves
        settle()
        assert side_tab(window) == "Moves"
        assert window.start_match(incantibus(11, devices=(1,)))
        settle()
        assert window.phones.hub.status(1) == "joined"  # the same people keep their phones
        assert side_tab(window) == "Moves"
        phone.close()
    finally:
        window.phones.stop()

"""Nothing in the window needs more than a 1280×720 screen, whatever the table holds.

After a rehearsal with two phone seats the window grew to 1278×739 on a 720-pixel screen
(no window manager to hold it): the coach's chart stood in its panel as tall as its
targets and wrapped words take, and the tally's longest line set the window's least
width, so the status bar and the side panel's tabs went off the screen, and stayed off in
the next match. Here each kind of table state is set up in a window of 1280×720: the
window's least size fits the screen, and the window keeps that size with every panel
and the status bar inside it."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.remote.phone import Phone

from . import table_states
from .conftest import screenshot

SCREEN = QRect(0, 0, 1280, 720)

# A chart of a casting with many targets of long names, after many castings and
# rehearsals: as tall as a chart gets.
TARGETS = [
    {
        "words": f"the book “Any 2 tokens” (paying Spell, Ultimus) {i}",
        "behind": float(i),
        "behind_before": i / 2,
        "chosen": i == 1,
        "best": i == 0,
    }
    for i in range(9)
]
TALL_CHART = {
    "casting": 20,
    "targets": TARGETS,
    "costs": [float(i % 5) + 0.25 for i in range(20)],
    "average": 2.25,
    "past": [3.0, 2.5, 2.25],
}
# The tally's three lines as a rehearsal says them, the coach's the longest.
TALLY = (
    "Rehearsal — castings: 16 · got what you pointed at: 7 of 16 (44%) · points gained per "
    "casting: 0.4\nCasting 16: you pointed at a secret token (Wand Net) with wand 2, but wand "
    "4 was stronger: nothing.\nCoach on casting 16: Given what the others did, the book “Any 2 "
    "tokens” (paying Spell, Ultimus) was best: a mistake of 2.8 points ± 1.6 over the Pumpkin."
)


def fits(window, what: str) -> None:
    """The window's least size fits the screen; resized to it, the window is that size,
    with every panel it shows and its status bar inside it."""
    for _ in range(5):
        QApplication.processEvents()
    least = window.minimumSizeHint()
    assert least.width() <= 1280 and least.height() <= 720, f"{what}: needs {least.toTuple()}"
    window.resize(1280, 720)
    for _ in range(5):
        QApplication.processEvents()
    assert window.size().toTuple() == (1280, 720), what
    inside = window.rect()
    assert inside.contains(window.statusBar().geometry()), f"{what}: the status bar"
    for dock in window.findChildren(QDockWidget):
        seen = dock.isVisible() and not dock.visibleRegion().isEmpty()  # (in front of its tabs)
        if seen and not dock.isFloating():
            assert inside.contains(dock.geometry()), f"{what}: {dock.windowTitle()}"


def test_every_kind_of_table_fits_a_1280x720_screen(qtbot, make_window):
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    window = make_window()
    window.phones.network = False
    window.resize(1280, 720)
    fits(window, "the welcome")

    # A rehearsal with two phone seats: their codes, their phones joined, the coach's
    # tallest chart and longest tally at the screen.
    dialog = RehearsalDialog(window)
    qtbot.addWidget(dialog)
    dialog.phones.setValue(2)
    config = dialog.config()
    assert config.devices == [1, 2]
    assert window.start_match(config, rehearsal=True)
    try:
        fits(window, "a rehearsal's codes to scan")
        phones = [Phone(window.phones.hub.address(seat)) for seat in config.devices]
        for phone in phones:
            qtbot.waitUntil(lambda phone=phone: bool(phone.states()), timeout=5000)
        qtbot.waitUntil(lambda: not window.phones_dock.isFloating(), timeout=5000)
        fits(window, "a rehearsal, its phones joined")
        window.coach_chart.show_chart(TALL_CHART)
        window.coach_dock.show()
        window.coach_dock.raise_()
        window.tally_bar.setText(TALLY)
        fits(window, "a rehearsal with the coach's chart")
        assert window.coach_chart.minimumHeight() > 400  # (the chart is tall indeed)
        assert window.tally_bar.height() < 720 // 4
        screenshot(window, "fits-rehearsal-two-phones-1280x720")
        for phone in phones:
            phone.close()
    finally:
        window.phones.stop()

    # A drill of a kept mistake (the rehearsal's game's).
    table_states.drill(window)
    fits(window, "a drill")
    screenshot(window, "fits-drill-1280x720")

    # The next match, an Illuminati one with four seats.
    players = [table_states.ANA] + [{"name": f"Bot {n}", "bot": "random"} for n in (1, 2, 3)]
    table_states.start(window, "illuminati", players, 4)
    table_states.lift(window)
    fits(window, "an Illuminati match after the rehearsal")
    screenshot(window, "fits-illuminati-after-rehearsal-1280x720")

    table_states.plain(window)
    fits(window, "an Illusio match")

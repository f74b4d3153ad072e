"""The coach's reviews and drills go to the person who made the choice, and to no one
else: on their phone, or at the big screen while their own table is shown (never beside
the curtain, nor on the table of the next person at the screen)."""

from __future__ import annotations

from illusio_table.engine import Match
from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog
from illusio_table.table.kept import Drills

from .table_states import bots, lift, window_for

LERA, ANA = {"name": "Lera", "bot": None}, {"name": "Ana", "bot": None}


def _window(qtbot, tmp_path):
    window = window_for(tmp_path / "data", tmp_path / "settings.ini")
    qtbot.addWidget(window)
    return window


def test_a_drill_goes_to_the_person_whose_mistake_it_was_not_to_a_phone(qtbot, tmp_path):
    """Ana's drill, kept from a match where Lera played seat 1 on her phone and Ana seat
    2 at the screen: the drill is Ana's at the screen; Lera's phone hears nothing of it
    (her own tally only), before and after the coach reviews Ana's new choice."""
    window = _window(qtbot, tmp_path)
    players = [{"name": "Robo", "bot": "cunning"}, LERA, ANA]
    match = Match.start("incantibus", players, 5, {"mode": "apprentice"}, registry=window.registry)
    from illusio_table.table.settings import TableSettings

    TableSettings(devices=(1,)).keep_in(match)  # (as the rehearsal's match kept it)
    others = {s: match.legal_actions(s)[-1].to_json() for s in (0, 1)}
    said = ["You pointed at the Pumpkin; Lera at the Gold.", "Given what the others did, …"]
    window.data_dir.mkdir(parents=True)
    assert Drills(window.data_dir / "drills.json").add(match.file_json(), others, 2.5, said)
    assert window.drill_mistakes()
    model, hub = window.model, window.phones.hub
    assert model.session.devices == [1] and hub is not None
    assert window.tally.seat == 2 and window.tally.drill is not None
    assert window.tally_bar.text().startswith("Drill — before, your choice here cost 2.5")
    assert said[0] in window.tally_bar.toolTip()
    lera = hub.notes[1]
    assert lera.startswith("Rehearsal") and "Drill" not in lera and "2.5" not in lera
    assert window.tallies[1].drill is None and said[0] not in window.tallies[1].history()
    lift(window)
    model.session.act(model.session.legal_actions()[0])  # Ana points again: the reveal
    qtbot.waitUntil(lambda: model.session.settings.drill.done, timeout=60_000)
    # (on the bar once the phones' count of the next casting has left it)
    qtbot.waitUntil(lambda: "Coach on casting 1" in window.tally_bar.text(), timeout=10_000)
    # Ana's review stays hers: Lera's phone shows Lera's own tally and chart only (the
    # coach reviews her own choice in the drill's casting too).
    lera = window.tallies[1]
    qtbot.waitUntil(lambda: bool(lera.reviews), timeout=60_000)
    assert hub.notes[1] == lera.text() and "Drill" not in hub.notes[1]
    assert hub.coaches.get(1) == lera.chart()
    assert window.tally.chart() != lera.chart()
    assert window.coach_chart.costs and window.coach_dock.isVisibleTo(window)


def test_at_a_shared_screen_each_persons_review_shows_on_their_own_table_only(qtbot, tmp_path):
    """A rehearsal of Ana (at the screen) and Lera (on her phone), Lera's seat then taken
    back to the screen: they share it, and the curtain falls between them. Behind the
    curtain the bar says nothing and the coach's panel is away; each one's table shows
    their own tally, never the other's."""
    window = _window(qtbot, tmp_path)
    dialog = RehearsalDialog(window)
    dialog.seats.setValue(3)
    dialog.phones.setValue(1)
    config = dialog.config()
    config.seed = 21
    assert window.start_match(config, rehearsal=True)
    model = window.model
    assert set(window.tallies) == {0, 1} and model.session.devices == [1]
    # (The phones' count of the first casting ends, and its words leave the bar.)
    qtbot.waitUntil(lambda: model.session.count_words().endswith("to!"), timeout=5000)
    qtbot.waitUntil(lambda: window.scene.shown_count() is None, timeout=5000)
    model.session.set_device(1, False)  # her phone's battery is flat: she plays at the screen
    bar = window.tally_bar

    def hidden() -> bool:
        return bar.text() == "" and not window.coach_dock.isVisibleTo(window)

    def their_own(seat: int) -> None:
        """The screen shows `seat`'s tally and chart, and nothing of the other's."""
        tally, other = window.tallies[seat], window.tallies[1 - seat]
        assert bar.text() == tally.text()
        assert window.coach_chart.costs == tally.costs
        for number, review in other.reviews:
            assert f"Coach on casting {number}: {review[1]}" not in bar.text() + bar.toolTip()

    seen = set()
    for _ in range(40):  # castings of two people at one screen, the curtain between them
        bots(window)
        if model.session.curtain_seat() is not None:
            assert hidden(), bar.text()
            lift(window)
        their_own(model.session.viewer)
        seen.add(model.session.viewer)
        if seen == {0, 1} and all(len(t.tally.lines) >= 2 for t in window.tallies.values()):
            break
        model.session.act(model.session.legal_actions()[0])
    assert seen == {0, 1}
    # Both people's castings reviewed (the coach works in the thinking process): still
    # each one's own on their table, whoever's turn it is.
    tallies = window.tallies.values()
    qtbot.waitUntil(lambda: all(t.reviews for t in tallies), timeout=60_000)
    for _ in range(2):
        their_own(model.session.viewer)
        assert "Coach on casting" in bar.text()
        model.session.act(model.session.legal_actions()[0])
        bots(window)
        if model.session.curtain_seat() is not None:
            assert hidden()
            lift(window)

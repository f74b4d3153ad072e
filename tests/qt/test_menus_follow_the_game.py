"""The Game menu's coach and drills are the match's game's: their words and the drills they
play come from its kit's rehearsal (they came from the first game found that had one, so
an Incantibus drill stood in the menu over a match of another game), and a game without a
rehearsal shows neither. The fourth game (tests/odds) is installed, so that two games have
a rehearsal."""

from __future__ import annotations

import pytest

from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.table.kits import kit_of
from tests.odds.install import odds_installed  # noqa: F401 (a fixture)

HUMAN_AND_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]
THREE = HUMAN_AND_BOT + [{"name": "Lera", "bot": "random"}]


@pytest.fixture(autouse=True)
def _installed(odds_installed):  # noqa: F811 (the fixture, asked for by name)
    return odds_installed


@pytest.fixture
def registry():
    from illusio_table.games import builtin_registry

    return builtin_registry()


def open_game_menu(window) -> None:
    """The Game menu about to show, as when the person opens it."""
    window.menuBar().actions()[0].menu().aboutToShow.emit()


@pytest.mark.parametrize("game", ["odds", "incantibus"])
def test_the_coach_and_drills_of_the_menu_are_the_matchs_games(window, game):
    players = HUMAN_AND_BOT if game == "odds" else THREE
    assert window.start_match(GameConfig(game, [dict(p) for p in players], 3))
    open_game_menu(window)
    rehearsal = kit_of(game).rehearsal
    assert window.coach_action.isVisible() and window.drill_action.isVisible()
    assert window.coach_action.text() == rehearsal.coach_label
    assert window.drill_action.text().startswith(rehearsal.drill_label)
    drills = window._drills()
    assert f"{type(drills).__module__}:{type(drills).__name__}" == rehearsal.drills


def test_a_game_without_a_rehearsal_shows_no_coach_and_no_drills(window):
    assert kit_of("illusio").rehearsal is None
    assert window.start_match(GameConfig("illusio", [dict(p) for p in THREE], 3))
    open_game_menu(window)
    assert not window.coach_action.isVisible()
    assert not window.drill_action.isVisible()
    # Another game's coach comes back with its match.
    assert window.start_match(GameConfig("odds", [dict(p) for p in HUMAN_AND_BOT], 3))
    open_game_menu(window)
    assert window.coach_action.isVisible() and window.drill_action.isVisible()
    assert window.coach_action.text() == kit_of("odds").rehearsal.coach_label

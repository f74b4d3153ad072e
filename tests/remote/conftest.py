import pytest
from PySide6.QtCore import QTimer

from illusio_table.engine import Match
from illusio_table.games import builtin_registry
from illusio_table.qt.app.main import make_app
from illusio_table.qt.models.match_model import MatchModel
from illusio_table.remote.hub import DeviceHub


@pytest.fixture(scope="session")
def qapp_cls():
    return type(make_app([]))


@pytest.fixture
def hosting(qtbot):
    """Starts a match on a model with a hub (server on loopback only); puts it away after."""
    made = []

    def host(game_id, players, seed=3, options=None, bot_delay_ms=0, release=True, stage=None):
        match = Match.start(game_id, players, seed, options or {}, registry=builtin_registry())
        if stage is not None:  # the test's own table, set with the game's test helpers
            stage(match.game)
        model = MatchModel(match, bot_delay_ms=bot_delay_ms)
        model.session.syllable_ms = 10  # "In… can… to!" in a blink (a count's test sets its own)
        hub = DeviceHub(model.session, network=False)
        made.append(hub)
        # The big screen lets the match go on once a reveal was seen; here nobody plays it.
        if release:
            model.changed.connect(
                lambda *_: model.session.holding and QTimer.singleShot(0, model.session.release)
            )
        model.session.begin()
        return model, hub

    yield host
    for hub in made:
        hub.stop()

"""Every kind of state a table can be in, set up in a real main window, and the screen
it shows: for the tests that kill the program in each of them and resume
(test_kill_every_state.py), in the test's process or in one of its own
(state_window.py).

Bots move only when stepped here (the windows have no bot delay): a state is the same
every run, and nothing moves while it is killed or resumed.
"""

from __future__ import annotations

import json
from typing import Any

from illusio_table.engine import Match
from illusio_table.qt.app.new_game_dialog import GameConfig

ANA, LERA = {"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}


def bots(window) -> None:
    """The bots move while no person is awaited (a choice made at once waits for the
    people: bots choosing then would leave secret choices, which no save holds)."""
    model = window.model
    for _ in range(3000):
        if (
            model.session.holding
            or model.session.match.waiting_humans()
            or not model.session.step_bot()
        ):
            return


def lift(window) -> None:
    if window.model.session.curtain_seat() is not None:
        window.model.session.lift_curtain()


def play(window, moves: int, pick=None) -> None:
    """The people at the screen make `moves` moves (the first offered, or `pick`'s),
    the bots between them."""
    for _ in range(moves):
        bots(window)
        lift(window)
        legal = window.model.session.legal_actions()
        assert legal, "a person was to move"
        window.model.session.act(pick(legal) if pick else legal[0])
    bots(window)


def start(window, game_id, players, seed, options=None, **config) -> None:
    assert window.start_match(GameConfig(game_id, players, seed, options or {}, **config))
    bots(window)


def plain(window) -> None:
    start(window, "illusio", [ANA] + [{"name": f"Bot {n}", "bot": "random"} for n in (1, 2)], 3)
    play(window, 3)


def curtain(window) -> None:
    """Two people at the screen: Ana has moved; the curtain waits for Lera."""
    start(window, "illusio", [ANA, LERA, {"name": "Bot", "bot": "random"}], 4)
    model = window.model
    for _ in range(40):  # (a turn may take several moves)
        if model.session.curtain_seat() is not None and model.session.match.moves_made:
            break
        lift(window)
        model.session.act(model.session.legal_actions()[0])
        bots(window)
    assert model.session.curtain_seat() is not None


def guide(window) -> None:
    """A guided first game, a lesson learnt and the next one lit."""
    assert window.start_guide("illusio")
    for _ in range(12):
        play(window, 1, lambda legal: window.guide.lit or legal[0])
        if window.guide is not None and window.guide.run.learnt:
            break
    assert window.guide is not None and window.guide.run.learnt


def rehearsal(window) -> None:
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    dialog = RehearsalDialog(window)
    dialog.seats.setValue(3)
    config = dialog.config()
    config.seed = 12
    assert window.start_match(config, rehearsal=True)
    play(window, 2)


def coach(window) -> None:
    """An Incantibus match, the casting coach asked for by its one person."""
    start(
        window, "incantibus", [ANA] + [{"name": n, "bot": "cunning"} for n in ("Milo", "Juno")], 5
    )
    window.coach_me(True)
    play(window, 1)


def keep_a_drill(window) -> Any:
    """A costly casting of Ana's against Lera, kept to drill (as a rehearsal's coach
    keeps one); the kept drills."""
    from illusio_table.table.kept import Drills

    players = [ANA, {"name": "Lera", "bot": "cunning"}]
    match = Match.start("incantibus", players, 5, {"mode": "apprentice"}, registry=window.registry)
    match.apply(1, match.legal_actions(1)[0])
    match.apply(0, match.legal_actions(0)[0])
    while match.to_act() != frozenset({0, 1}):
        seat = min(match.to_act())
        match.apply(seat, match.legal_actions(seat)[0])
    window.data_dir.mkdir(parents=True, exist_ok=True)
    drills = Drills(window.data_dir / "drills.json")
    said = ["You pointed at the Pumpkin; Lera at the Gold.", "Given what the others did, …"]
    lera = match.legal_actions(1)[-1]
    assert drills.add(match.at(match.moves_made).file_json(), {1: lera.to_json()}, 2.0, said)
    return drills


def keep_a_phone_drill(window) -> Any:
    """A costly casting of Lera's, who played seat 1 on her phone beside Ana at the screen
    and a bot, kept to drill under her name (as a rehearsal's coach keeps a phone
    person's); her kept drills."""
    from illusio_table.table.kept import Drills
    from illusio_table.table.settings import TableSettings

    players = [ANA, LERA, {"name": "Bot", "bot": "cunning"}]
    match = Match.start("incantibus", players, 7, {"mode": "apprentice"}, registry=window.registry)
    while match.to_act() != frozenset({0, 1, 2}):
        seat = min(match.to_act())
        match.apply(seat, match.legal_actions(seat)[0])
    start = match.at(match.moves_made)
    TableSettings(devices=(1,)).keep_in(start)  # (as the rehearsal's match kept it)
    others = {0: match.legal_actions(0)[-1].to_json(), 2: match.legal_actions(2)[0].to_json()}
    window.data_dir.mkdir(parents=True, exist_ok=True)
    drills = Drills(window.data_dir / "drills.json", "Lera")
    said = ["You pointed at the Pumpkin; Ana at the Gold.", "Given what the others did, …"]
    assert drills.add(start.file_json(), others, 2.4, said)
    return drills


def wait(until, what: str) -> None:
    """Runs the window's events until `until()` (the phones' messages come that way)."""
    import time

    from PySide6.QtWidgets import QApplication

    for _ in range(2000):
        if until():
            return
        QApplication.processEvents()
        time.sleep(0.005)
    raise AssertionError(f"never came: {what}")


def offered(phone) -> int:
    """The drills a phone's page offers to play now ("Drill my mistakes (n)"; 0: none)."""
    offers = [m["kept"] for m in phone.received if m["type"] == "drills"]
    return offers[-1] if offers else 0


def phone_drill(window) -> None:
    """Drill my mistakes, asked on Lera's phone: her drill on the table, her seat on her
    phone (confirmed there), the others' choices made as they were, hers to make."""
    from tests.remote.phone import Phone

    keep_a_phone_drill(window)
    phones(window)
    phone = Phone(window.phones.hub.address(1))
    try:
        wait(lambda: offered(phone) == 1, "the offer")
        phone.send_text(json.dumps({"type": "drill"}))
        wait(lambda: window.model.session.settings.drill is not None, "the drill")
        wait(lambda: any(m["type"] == "confirm" for m in phone.received), "the new seat")
        phone.send_text(json.dumps({"type": "confirm"}))
        wait(lambda: phone.states() and phone.state()["moves"], "her seat")
    finally:
        phone.close()


def drill(window) -> None:
    """Drill my mistakes, under way: Lera has pointed as she did (secretly), Ana not yet."""
    keep_a_drill(window)
    assert window.drill_mistakes()


def table_mode(window) -> None:
    """Two people at one screen choosing at once with their own keys: a casting made,
    the next one shared."""
    players = [ANA, LERA, {"name": "Bot", "bot": "cunning"}]
    start(window, "incantibus", players, 6, {"mode": "apprentice"}, table_mode=True)
    model = window.model
    for seat in (0, 1):
        model.session.act_as(seat, model.session.match.legal_actions(seat)[0])
    model.session.step_bot()
    bots(window)
    assert model.session.table_mode and model.session.viewer is None


def phones(window) -> None:
    """Lera plays on her phone (loopback only), Ana at the screen."""
    window.phones.network = False
    players = [ANA, LERA, {"name": "Bot", "bot": "cunning"}]
    start(window, "incantibus", players, 7, {"mode": "apprentice"}, devices=[1])
    assert window.phones.hub is not None


def trade(window) -> None:
    """Illuminati: Ana (who passes on attacks she is not part of) offers a Group to Lera;
    the curtain waits for Lera to take it or not."""
    import random

    from illusio_table.games.illuminati.actions import GiveGroup

    players = [ANA, LERA] + [{"name": n, "bot": "random"} for n in ("Robo", "Mia")]
    # Random moves until a Group of Ana's can go to Lera; a play that ends first (the moves
    # offered change as the rules' words do) is played again with the next seed.
    for tried in range(1, 50):
        match = Match.start("illuminati", players, 1, {}, registry=window.registry)
        rng = random.Random(tried)
        gift: list[GiveGroup] = []
        while match.to_act() and not gift:
            seat = min(match.to_act())
            legal = match.legal_actions(seat)
            gift = [a for a in legal if isinstance(a, GiveGroup) and seat == 0 and a.seat == 1]
            if not gift:
                match.apply(seat, rng.choice(legal))
        if gift:
            break
    assert gift, "no play of 49 offered a Group of Ana's to Lera"
    window.install(match, None)
    window.model.session.stand_aside(0, True)
    lift(window)
    window.model.session.act(gift[0])
    bots(window)
    # The screen passed to Lera without the curtain (nothing secret is asked of her);
    # she wants to see her own secrets first: the curtain falls for her. (A resumed
    # match with people sharing the screen always opens behind the curtain.)
    window.model.session.look_privately()
    assert window.model.session.curtain_seat() == 1


def reveal(window) -> None:
    """The reveal of a casting on the screen (motion on): the table holds still."""
    window.motion = True
    start(
        window, "incantibus", [ANA] + [{"name": n, "bot": "cunning"} for n in ("Milo", "Juno")], 8
    )
    model = window.model
    while model.session.step_bot():  # the bots point first (secretly), then Ana reveals them all
        pass
    model.session.act(model.session.legal_actions()[0])
    assert model.session.holding


STATES = {
    "plain": plain,
    "curtain": curtain,
    "guide": guide,
    "rehearsal": rehearsal,
    "coach": coach,
    "drill": drill,
    "phone drill": phone_drill,
    "table mode": table_mode,
    "phones": phones,
    "trade": trade,
    "reveal": reveal,
}


def screen(window) -> dict[str, Any]:
    """What the window shows and keeps, as JSON: the page (the curtain, and for whom, or
    the table, and whose), the seat's view and moves, the bars over the table, the
    settings, the phones' codes. (A reveal on the screen is not in it: a resumed match
    tells the last reveal in words.)"""
    model = window.model
    match = model.session.match
    curtained = window.stack.currentWidget() is window.curtain
    tally = window.tally
    hub = window.phones.hub
    shown = {
        "game": match.game_id,
        "moves": len(match.moves) - match.game.record.unrevealed() + len(match.withheld),
        "curtain": model.session.curtain_seat(),
        "page": "curtain" if curtained else "table",
        "viewer": model.session.viewer,
        "heading": None if curtained else window.heading(),
        "view": None if curtained else model.session.view(),
        "moves offered": None
        if curtained
        else [a.to_json() for a in model.session.legal_actions()],
        "settings": model.session.settings.to_json(),
        "tally": None
        if tally is None
        else [
            tally.seat,
            tally.tally.heading,
            tally.drill is not None,
            window.tally_bar.isVisibleTo(window),
        ],
        "guide": None
        if window.guide is None
        else [window.guide_bar.isVisibleTo(window), window.guide.run.learnt],
        "codes": None if hub is None else {str(s): hub.address(s) for s in model.session.devices},
    }
    return json.loads(json.dumps(shown))


def window_for(data, settings_file, bot_delay_ms=None):
    """A main window on that data folder and settings file, as the program opens one
    (offscreen, no modal dialogs: questions are answered yes, messages kept)."""
    from PySide6.QtCore import QSettings

    from illusio_table.qt.app.main_window import MainWindow

    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    window = MainWindow(
        data_dir=data, settings=settings, bot_delay_ms=bot_delay_ms, interactive=False
    )
    window.motion = False
    window.messages = []
    window.tell = lambda title, text: window.messages.append(f"{title}: {text}")
    window.ask = lambda title, text: True
    window.phones.network = False  # (loopback: the tests reach no other address)
    window.resize(1366, 768)
    window.show()
    return window

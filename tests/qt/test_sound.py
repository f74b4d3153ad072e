"""The table's sounds: made by the project, asked for at the moments a player hears them,
off when the View menu says so, and never an error where no sound can play."""

from __future__ import annotations

import struct
import wave

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from illusio_table.qt.app.new_game_dialog import GameConfig
from illusio_table.qt.app.sound import NOTES, RATE, Sounds, write

from .conftest import lift_curtain


@pytest.mark.parametrize("name", sorted(NOTES))
def test_each_sound_is_a_short_clear_wav_made_by_the_project(tmp_path, name):
    path = tmp_path / f"{name}.wav"
    write(name, path)
    with wave.open(str(path)) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, RATE)
        frames = file.readframes(file.getnframes())
        length = file.getnframes() / RATE  # the sound's own length, read from the file
    values = struct.unpack(f"<{len(frames) // 2}h", frames)
    assert 0.05 <= length <= 0.6, length  # short: a tick, not a tune (no clock is read)
    assert 20000 < max(abs(v) for v in values) <= 32000  # heard, and never clipped
    assert abs(values[-1]) < 2000  # it dies away instead of ending in a click


def test_playing_where_no_sound_can_play_is_no_error(tmp_path):
    sounds = Sounds(tmp_path)
    for name in NOTES:
        sounds.play(name)
        sounds.play(name)
    assert sounds.heard == [n for n in NOTES for _ in range(2)]
    quiet = Sounds(tmp_path, on=False)
    quiet.play("count")
    assert quiet.heard == []


def test_a_refused_move_and_a_move_made_are_heard(window):
    window.sounds.heard.clear()
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "showman"}]
    assert window.start_match(GameConfig("illusio", players, 10))
    lift_curtain(window)
    game = window.model.session.game
    card = next(c for c in game.hands[0] if not game.info[c].special)
    from illusio_table.games.illusio.actions import Backstage, Discard

    window.sounds.heard.clear()
    window.model.session.act(Discard(card))  # letting go of a card mid-turn: refused
    assert window.sounds.heard == ["refused"]
    window.model.session.act(Backstage(card))
    assert window.sounds.heard == ["refused", "land"]


def test_the_sound_menu_turns_every_sound_off_and_is_remembered(make_window):
    window = make_window()
    assert window.sound_action.isChecked() and window.sounds.on  # on by default
    window.sound_action.trigger()
    assert not window.sounds.on
    window.sounds.heard.clear()
    window.sound("land")
    assert window.sounds.heard == []
    again = make_window()
    assert not again.sound_action.isChecked() and not again.sounds.on


def test_the_count_and_the_reveal_are_heard_in_table_mode(make_window, qtbot):
    window = make_window()
    window.motion = True
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    config = GameConfig("incantibus", players, 8, {"mode": "apprentice"}, table_mode=True)
    assert window.start_match(config)
    window.scene.animation_ms = 2000
    window.table_mode.syllable_ms = 5
    window.sounds.heard.clear()
    QTest.keyClick(window.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.table_mode.state == "armed", timeout=2000)
    assert window.sounds.heard == ["count", "count", "to"]
    targets = window.table_mode.targets()
    n = next(i for i, key in enumerate(targets) if key is not None and key[0] == "room")
    for row in window.table_mode.rows().values():
        QTest.keyClick(window.table, Qt.Key(ord(row[n])))
        QApplication.processEvents()
    qtbot.waitUntil(lambda: window.scene.revealing(), timeout=2000)
    # Each choice put down, then the reveal.
    assert window.sounds.heard[3:] == ["land", "land", "reveal"]


def test_the_self_test_checks_that_the_sounds_load_and_are_made(capsys):
    """`--self-test` (run on the frozen program by CI) loads Qt Multimedia and makes every
    sound: a bundle that left Qt Multimedia out fails it."""
    from illusio_table.cli import sound_check

    sound_check()
    assert f"ok: Qt Multimedia loads, {len(NOTES)} sounds made" in capsys.readouterr().err

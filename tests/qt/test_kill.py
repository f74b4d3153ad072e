"""A kill at any moment loses at most the last move, and leaves no temporary file behind.

Window processes in which bots play match after match are killed (SIGKILL) at random
moments, 32 times; after each kill the program is started again on the same data folder,
as a person would after a crash, and the autosave must be there, load, and be at most one
move behind what the killed window had played (choices not yet revealed are left out of
every file on purpose: they are counted as kept, since those seats choose again).
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from illusio_table.engine import Match, RecordError
from illusio_table.games import builtin_registry
from tests.program import Program

KILLS = 32
WORKERS = 2  # this machine has two cores


def run_and_kill(data: Path, seed: int, wait: float) -> tuple[int | None, list[str]]:
    """Starts a self-playing window, kills it `wait` seconds after its first move."""
    program = Program("tests.qt.selfplaying_window", str(data), str(seed))
    program.wait_for(lambda: any(x.startswith("moves") for x in program.lines), 60)
    time.sleep(wait)
    program.kill()
    lines = program.lines
    played = next((int(x.split()[1]) for x in reversed(lines) if x.startswith("moves")), None)
    return played, lines


def starts_after(lines: list[str], start: int) -> list[int]:
    return [i for i, x in enumerate(lines) if i > start and x.startswith("match")]


def check_after_kill(make_window, data: Path, played: int | None, lines: list[str]) -> str:
    window = make_window(data)
    window.offer_resume()  # the next start: cleans up, offers the match (declined)
    leftovers = [p.name for p in data.iterdir() if p.name.startswith(".autosave.json.")]
    assert not leftovers, f"temporary files left after the restart: {leftovers}"
    # An unfinished match is offered, and declined it leaves the autosave's place for a
    # file of its own (read here, then removed, so that the next kill's is the only one);
    # a match the kill found over stays where it was, not offered.
    declined = list(data.glob("declined-*.json"))
    autosave = data / "autosave.json"
    if declined:
        assert len(declined) == 1 and not autosave.exists(), ("offered again", declined)
        autosave = declined[0]
    assert autosave.is_file(), "the kill lost the autosave"
    try:
        match = Match.open(autosave, builtin_registry())
    except RecordError as error:  # pragma: no cover - the failure this test is for
        raise AssertionError(f"the autosave does not load after a kill: {error.message}") from None
    assert not list(data.glob("autosave.damaged-*")), "the autosave was set aside as damaged"
    # The lines after a "match" line belong to that match. A kill just after a new match
    # was announced, before its first autosave, leaves the previous match on disk.
    starts = [i for i, x in enumerate(lines) if x.startswith("match")]
    if lines[starts[-1]].split()[1] != match.game.game_id:
        starts.pop()
    start = starts[-1]
    end = next((i for i in starts_after(lines, start)), len(lines))
    counts = [int(x.split()[1]) for x in lines[start:end] if x.startswith("moves")]
    kept = len(match.game.record.moves) + len(match.withheld)
    last = counts[-1] if counts else 0
    # Printed after each autosave: the file holds that move, or the one after it.
    assert last <= kept <= last + 1, (last, kept)
    assert bool(declined) != match.is_over(), "an unfinished match was not offered"
    window.close()
    if declined:
        autosave.unlink()
    return match.game.game_id


def test_a_kill_at_any_moment_loses_at_most_one_move_and_leaves_no_temporary_file(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from illusio_table.qt.app.main_window import MainWindow

    def make_window(data: Path) -> MainWindow:
        settings = QSettings(str(tmp_path / "check.ini"), QSettings.Format.IniFormat)
        window = MainWindow(data_dir=data, settings=settings, bot_delay_ms=None, interactive=False)
        window.messages = []
        window.tell = lambda title, text: window.messages.append(f"{title}: {text}")
        window.ask = lambda title, text: False  # look, but do not take the match over
        qtbot.addWidget(window)
        return window

    rng = random.Random(2026)
    waits = [rng.uniform(0.0, 2.5) for _ in range(KILLS)]
    results: dict[int, tuple[int | None, list[str]]] = {}

    # Two windows at a time, each on its own data folder, which is checked after every
    # kill before the next window starts on it.
    done_games: list[str] = []
    for round_start in range(0, KILLS, WORKERS):

        def kill_one(k: int) -> None:
            results[k] = run_and_kill(tmp_path / f"data{k % WORKERS}", k, waits[k])

        kills = range(round_start, min(KILLS, round_start + WORKERS))
        threads = [threading.Thread(target=kill_one, args=(k,)) for k in kills]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for kill in kills:
            played, lines = results[kill]
            assert played is not None, f"kill {kill}: the window never played: {lines[-5:]}"
            done_games.append(
                check_after_kill(make_window, tmp_path / f"data{kill % WORKERS}", played, lines)
            )
    assert len(done_games) == KILLS
    assert set(done_games) == {"incantibus", "illusio", "illuminati"}

"""Broken card files: every problem is `file:line: message`, quickly, in bounded memory.

Hypothesis damages each game's real YAML file (a value of the wrong type, a repeated id,
a line lost, doubled or shifted, junk, a cut, binary bytes, deep nesting, an alias bomb)
and loads it with the game's own loader and checks. A file that still loads is fine; any
other outcome but CardDataError with `file:line: message` lines fails. A few damaged
files go through the command line too: exit status 2, the lines, no traceback, and the
other games unharmed.
"""

from __future__ import annotations

import functools
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from illusio_table.data import CardDataError
from illusio_table.games.illuminati import cards as illuminati_cards
from illusio_table.games.illusio import cards as illusio_cards
from illusio_table.games.incantibus import cards as incantibus_cards

CARDS = Path(__file__).resolve().parents[2] / "cards"
LOADERS = {
    "incantibus": incantibus_cards.load,
    "illusio": illusio_cards.load,
    "illuminati": illuminati_cards.load,
}
VALUES = ["x", "7", "-5", "[1, 2]", "{a: 1}", "true", "null", "''", "1.5", "99999999999999999999"]


def alias_bomb() -> str:
    lines = ['x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"x-{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def damage(text: str, how: str, at: int, value: str, junk: str) -> str:
    lines = text.splitlines(keepends=True)
    n = at % len(lines)
    if how == "wrong value":
        keyed = [i for i, line in enumerate(lines) if re.search(r"\w: \S", line)]
        i = keyed[at % len(keyed)]
        lines[i] = re.sub(r"(\w): [^,}\n]+", rf"\1: {value}", lines[i], count=1)
    elif how == "number in words":
        return re.sub(r"(\w): \d+\b", r"\1: many", text, count=1 + at % 5)
    elif how == "repeated id":
        ids = [i for i, line in enumerate(lines) if re.search(r"\bid: [\w-]+", line)]
        first = re.search(r"\bid: ([\w-]+)", lines[ids[0]]).group(1)
        i = ids[1 + at % (len(ids) - 1)]
        lines[i] = re.sub(r"\bid: [\w-]+", f"id: {first}", lines[i], count=1)
    elif how == "lost line":
        del lines[n]
    elif how == "doubled line":
        lines.insert(n, lines[n])
    elif how == "shifted line":
        lines[n] = "   " + lines[n]
    elif how == "junk":
        lines.insert(n, junk + "\n")
    elif how == "cut":
        return text[: at % len(text)]
    elif how == "deep nesting":
        lines.insert(n, "x-deep: " + "[" * 20_000 + "]" * 20_000 + "\n")
    elif how == "alias bomb":
        key = re.search(r"^(\w+): \d+$", text, re.M).group(1)  # a top-level number
        return re.sub(rf"^{key}: \d+$", alias_bomb() + f"{key}: *i", text, count=1, flags=re.M)
    return "".join(lines)


HOWS = ["wrong value", "repeated id", "lost line", "doubled line", "shifted line", "junk"]
HOWS += ["number in words", "cut", "deep nesting", "alias bomb"]


# Refusing a damaged file may cost at most twice the Python calls that loading
# the intact one does: work counted, not timed, so a busy machine cannot fail it, and a
# runaway (an alias expanded, a check gone quadratic) is stopped as soon as it passes.
MOST_WORK = 2


class TooMuchWork(BaseException):  # not an Exception: no `except` of the loader's takes it
    pass


def python_calls(job: Callable[[], object], most: int) -> int:
    """The Python function calls `job()` makes; `most` + 1 when it would make more (it is
    stopped there)."""
    calls = 0

    def count(frame, event, arg):  # called at each call only: it traces no frame's lines
        nonlocal calls
        calls += 1
        if calls > most:
            raise TooMuchWork

    sys.settrace(count)
    try:
        job()
    except TooMuchWork:
        pass
    finally:
        sys.settrace(None)
    return calls


@functools.cache
def intact_calls(game_id: str) -> int:
    """The calls loading the game's intact file makes (its caches filled beforehand, as
    they are for the damaged ones)."""
    load = LOADERS[game_id].__wrapped__
    load(CARDS)
    return python_calls(lambda: load(CARDS), 10**9)


def load_damaged(folder: Path, game_id: str, text: str | bytes) -> list[str]:
    """The problems the game's loader reports ([] when the file still loads)."""
    path = folder / f"{game_id}.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    load = LOADERS[game_id].__wrapped__  # not the cached one: every file is read afresh
    problems: list[str] = []

    def refuse() -> None:
        try:
            load(folder)
        except CardDataError as error:
            assert error.problems
            problems.extend(error.problems)

    most = MOST_WORK * intact_calls(game_id)
    calls = python_calls(refuse, most)
    assert calls <= most, f"a broken card file must be refused with little work: {calls:,} calls"
    for line in problems:
        assert re.match(rf"^{re.escape(str(path))}:\d+: \S", line), line
        assert len(line) < 400, f"a problem should be short: {line[:200]}..."
    return problems


@pytest.mark.slow
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    game_id=st.sampled_from(sorted(LOADERS)),
    how=st.sampled_from(HOWS),
    at=st.integers(0, 10**6),
    value=st.sampled_from(VALUES),
    junk=st.text(min_size=1, max_size=20).filter(lambda s: "\n" not in s and "\r" not in s),
)
def test_a_damaged_card_file_is_reported_as_file_line_message(
    game_id, how, at, value, junk, tmp_path
):
    text = (CARDS / f"{game_id}.yaml").read_text(encoding="utf-8")
    load_damaged(tmp_path, game_id, damage(text, how, at, value, junk))


@pytest.mark.parametrize("game_id", sorted(LOADERS))
@pytest.mark.parametrize("how", ["repeated id", "alias bomb", "deep nesting", "number in words"])
def test_each_damage_is_refused_in_every_game(game_id, how, tmp_path):
    text = (CARDS / f"{game_id}.yaml").read_text(encoding="utf-8")
    assert load_damaged(tmp_path, game_id, damage(text, how, 3, "x", "?"))


@pytest.mark.parametrize("game_id", sorted(LOADERS))
def test_bytes_that_are_not_text_are_reported_on_their_line(game_id, tmp_path):
    data = (CARDS / f"{game_id}.yaml").read_bytes()
    third = data.index(b"\n", data.index(b"\n", data.index(b"\n") + 1) + 1)
    problems = load_damaged(tmp_path, game_id, data[:third] + b"\n\xff\xfe junk" + data[third:])
    assert problems == [f"{tmp_path / game_id}.yaml:4: this line is not UTF-8 text"]


def _limit_memory() -> None:
    gib = 1 << 30
    resource.setrlimit(resource.RLIMIT_AS, (2 * gib, 2 * gib))


@pytest.mark.parametrize("how", ["alias bomb", "number in words", "repeated id"])
def test_the_command_line_prints_the_lines_and_exits_2_and_other_games_still_play(how, tmp_path):
    """The Incantibus file broken: its own commands say where; Illusio plays on."""
    for game_id in LOADERS:
        (tmp_path / f"{game_id}.yaml").write_bytes((CARDS / f"{game_id}.yaml").read_bytes())
    text = (CARDS / "incantibus.yaml").read_text(encoding="utf-8")
    (tmp_path / "incantibus.yaml").write_text(damage(text, how, 5, "x", "?"), encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "illusio_table.cli", *args],
            capture_output=True,
            text=True,
            timeout=60,
            env={"ILLUSIO_TABLE_CARDS": str(tmp_path), "PATH": "/usr/bin:/bin"},
            preexec_fn=_limit_memory,
        )

    broken = run("selfplay", "--game", "incantibus", "--seats", "2", "--games", "1")
    assert broken.returncode == 2, broken.stderr
    assert "Traceback" not in broken.stderr
    assert re.search(rf"^{re.escape(str(tmp_path))}/incantibus\.yaml:\d+: ", broken.stderr, re.M)
    fine = run("selfplay", "--game", "illusio", "--seats", "2", "--games", "1")
    assert fine.returncode == 0 and '"finished": 1' in fine.stdout, fine.stderr

"""Card files: every problem is reported as file:line: message."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pytest

from illusio_table.data import CardDataError, resource_dir
from illusio_table.data.loader import load_cards, load_file


@dataclass(frozen=True)
class Token:
    id: str
    colour: Literal["red", "green", "blue"]
    points: int = field(default=0, metadata={"min": 0, "max": 9})
    source: Literal["rulebook", "house"] = "rulebook"
    why: str = field(default="", metadata={"blank": True})


@dataclass(frozen=True)
class Deck:
    game: str
    version: int
    tokens: tuple[Token, ...]
    note: str | None = None


GOOD = """\
game: test
version: 1
tokens:
  - id: gold
    colour: red
    points: 3
  - id: herb
    colour: green
    source: house
    why: the rules name no herbs
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "test.yaml"
    path.write_text(text)
    return path


def problems(tmp_path, text):
    with pytest.raises(CardDataError) as error:
        load_file(write(tmp_path, text), Deck)
    return error.value.problems


def test_a_good_file_loads_into_frozen_dataclasses(tmp_path):
    deck = load_file(write(tmp_path, GOOD), Deck)
    assert deck.tokens[0] == Token("gold", "red", 3)
    assert deck.tokens[1].source == "house" and deck.note is None
    with pytest.raises(AttributeError):
        deck.tokens[0].points = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    "change, line, message",
    [
        (("    colour: red", "    colour: purple"), 5, "must be one of: red, green, blue"),
        (("    points: 3", "    points: 12"), 6, "at most 9"),
        (("    points: 3", "    points: three"), 6, "must be a whole number"),
        (("    why: the rules name no herbs\n", ""), 7, "must say why"),
        (("    colour: green", "    colour: green\n    colur: red"), 9, "unknown field 'colur'"),
        (("  - id: herb", "  - id: gold"), 7, "the id 'gold' is used twice"),
        (("  - id: gold\n", "  -\n"), 5, "the field 'id' is missing"),
        (("version: 1", "version: 1\nversion: 2"), 3, "appears twice"),
        (("    colour: red", "    colour: [red"), 6, ""),
        (("version: 1", "version: 1\nnote: [a]"), 3, "note must be text"),
        (("    points: 3", "\tpoints: 3"), 6, "a tab cannot indent YAML"),
        (("the rules name", "the rules\x07 name"), 10, "the character '\\x07' cannot be"),
        (("id: herb", "id: h\u00e9rb\n    note: \x00"), 8, "the character '\\x00' cannot be"),
    ],
)
def test_each_broken_file_names_its_file_and_line(tmp_path, change, line, message):
    old, new = change
    assert old in GOOD
    found = problems(tmp_path, GOOD.replace(old, new, 1))
    assert found, "a broken file must be refused"
    assert found[0].startswith(f"{tmp_path / 'test.yaml'}:{line}: "), found
    assert message in found[0]


def test_every_problem_in_a_file_is_reported_at_once(tmp_path):
    text = GOOD.replace("colour: red", "colour: pink").replace("points: 3", "points: -1")
    assert len(problems(tmp_path, text)) == 2


def test_a_file_that_cannot_be_read_is_reported(tmp_path):
    path = tmp_path / "test.yaml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(CardDataError, match=r"test.yaml:1: this line is not UTF-8 text"):
        load_file(path, Deck)


def test_a_missing_card_file_is_reported(tmp_path):
    with pytest.raises(CardDataError, match="card file of nothing is missing"):
        load_cards("nothing", Deck, tmp_path)


def test_the_resource_finder_finds_cards_and_assets():
    assert resource_dir("cards").is_dir() and resource_dir("assets").is_dir()


def test_the_environment_can_point_at_edited_cards(tmp_path, monkeypatch):
    monkeypatch.setenv("ILLUSIO_TABLE_CARDS", str(tmp_path))
    assert resource_dir("cards") == tmp_path


def test_a_pyinstaller_bundle_is_searched(tmp_path, monkeypatch):
    (tmp_path / "cards").mkdir()
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert resource_dir("cards") == tmp_path / "cards"

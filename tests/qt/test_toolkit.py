"""Guards against a Qt binding that would crash the program."""

import sys
from pathlib import Path
from tempfile import TemporaryDirectory

from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QGraphicsScene


def table_sources() -> list[Path]:
    """The files that draw tables: the tables' toolkit (qt/scenes/) and, in each game's
    folder, each module that draws with it (its scene, its cards)."""
    package = Path(__file__).resolve().parents[2] / "illusio_table"
    drawings = [
        path
        for path in sorted(package.glob("games/*/qt/*.py"))
        if "illusio_table.qt.scenes" in path.read_text(encoding="utf-8")
    ]
    return sorted((package / "qt" / "scenes").glob("*.py")) + drawings


def test_the_tables_are_the_toolkit_and_each_games_drawings():
    names = {f"{p.parent.parent.name}/{p.name}" for p in table_sources()}
    assert {"qt/base.py", "incantibus/scene.py", "illusio/cards.py"} <= names
    assert {"illuminati/conspiracy.py", "illuminati/scene.py", "illusio/scene.py"} <= names
    assert "incantibus/rehearsal.py" not in names  # a dialog of the window's, no table


def test_calling_qt_methods_leaves_none_alone():
    """PySide6 6.12.0 drops a reference to None on every call of a method that returns
    nothing; on Python 3.11 the program then aborts. pyproject.toml excludes it."""
    scene = QGraphicsScene()
    item = scene.addRect(QRectF(0, 0, 10, 10))
    holder = QObject()
    before = sys.getrefcount(None)
    for _ in range(200):
        item.setPos(1, 2)
        item.setToolTip("tip")
        holder.setObjectName("name")
    assert sys.getrefcount(None) - before > -50


def _tables():
    """Every game's table, the plain one, the card tables' shared part and the test game's."""
    from illusio_table.qt.scenes.felt import Felt
    from illusio_table.qt.scenes.generic import GenericTableScene
    from illusio_table.table.kits import kits
    from tests.odds.install import installed

    with TemporaryDirectory() as folder, installed(Path(folder)):  # the fourth game too
        return [kit.scene_class() for kit in kits()] + [GenericTableScene, Felt]


def test_no_table_overrides_a_private_method_of_the_toolkit():
    """A game's table changes the toolkit's behaviour through its declared hooks (ring_look,
    place_badges, hover_words, menu_for_one and the public methods), never by replacing
    one of the toolkit's own private methods, which may change under it."""
    from illusio_table.qt.scenes.base import TableScene

    own = {name for name in vars(TableScene) if name.startswith("_") and not name.endswith("__")}
    replaced = [
        f"{table.__name__}.{name}" for table in _tables() for name in vars(table) if name in own
    ]
    assert replaced == []


def test_a_move_of_several_choices_is_put_together_one_way():
    """An attack set up with its aiders, an Objective taken with the cards that pay: each
    is a `Composing` the toolkit opens, answers, calls off (Esc, Cancel, a new view) and
    plays. No table keeps a half-made move its own way: none replaces how the toolkit
    routes a panel's choices, and none asks for a set in a window of its own."""

    from illusio_table.games.illuminati.qt.scene import AttackSetUp
    from illusio_table.games.illusio.qt.scene import Payment
    from illusio_table.qt.scenes.base import Composing

    routing = {"compose", "panel_choices", "close_panel", "answer", "start_drawing"}
    replaced = [f"{t.__name__}.{n}" for t in _tables() for n in vars(t) if n in routing]
    assert replaced == []
    assert issubclass(AttackSetUp, Composing) and issubclass(Payment, Composing)
    dialogs = [p.name for p in table_sources() if "QDialog" in p.read_text(encoding="utf-8")]
    assert dialogs == []


def test_no_table_spells_a_move_by_hand():
    """A move a table makes or tries comes from the gesture maps or its game's
    table/attempts.py (the games' action classes), never from a dict written in a scene,
    where a renamed field would only show when a person's drop was refused for the wrong reason."""
    import ast

    spelled = []
    for path in table_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "kind"
                        and isinstance(value, ast.Constant)
                    ):
                        spelled.append(f"{path.name}:{node.lineno}: {value.value!r}")
    assert spelled == []


def test_every_table_measures_its_words_in_one_place():
    """Words are fitted by their width in pixels, in qt/scenes/words.py alone: no table
    counts letters (textwrap) or measures a font of its own (each did, three ways, and
    "Philosopher's" ran off its card when lines were cut at 64 letters)."""
    import ast

    found = []
    for path in table_sources():
        if path.name == "words.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "textwrap" or name == "QFontMetricsF":
                    found.append(f"{path.name}:{node.lineno}: {name}")
    # The toolkit's one QFontMetrics measures a right-click menu's own (widget) font.
    assert found == []


def test_folded_words_stay_within_their_room(qapp):
    """Every folded line fits its room in pixels, but a single word too wide for any; an
    indented text keeps its indent; the later lines take the indent asked for."""
    from illusio_table.qt.scenes.words import cut, fold, largest, width_of

    text = "Philosopher's Stone: learned from the Grimoire, with two potions and a wand"
    for width in (60, 120, 200, 400):
        for size, bold in ((8, False), (9, True), (12, False)):
            lines = fold(text, width, size, bold, indent="   ")
            assert " ".join(part.strip() for part in lines) == text
            for line in lines:
                assert width_of(line, size, bold) <= width or " " not in line.strip(), line
            assert all(line.startswith("   ") for line in lines[1:])
    assert fold("  indented line", 400, 10) == ["  indented line"]
    assert fold("", 100, 10) == [""]
    shown = cut(text, 150, 10)
    assert shown.endswith("…") and width_of(shown, 10) <= 150
    assert cut("short", 150, 10) == "short"
    size = largest("Philosopher's", 60, 12, 7, True)
    assert size == 7 or width_of("Philosopher's", size, True) <= 60
    assert largest("Philosopher's", 600, 12, 7) == 12


def test_a_word_too_wide_is_hyphenated_between_consonants_into_lines_that_fit(qapp):
    """A word that fits is left whole; one too wide breaks in two with a hyphen, between
    two consonants and never in "ch", each line within the room; one with no such break
    that fits is left whole, for the caller to make smaller."""
    from illusio_table.qt.scenes.words import hyphenated, width_of

    assert hyphenated("Archmage", 200, 9, True) == ["Archmage"]
    assert hyphenated("Archmage", 60, 9, True) == ["Arch-", "mage"]
    for width in (55, 60, 68):
        lines = hyphenated("Serpentine", width, 9, True)
        assert "".join(lines).replace("-", "") == "Serpentine" and len(lines) == 2, lines
        assert lines[0][-2] not in "aeiouy" and lines[1][0] not in "aeiouyh", lines
        assert all(width_of(line, 9, True) <= width for line in lines), lines
    assert hyphenated("Baroness", 40, 9, True) == ["Baroness"]


def test_a_move_being_put_together_answers_only_its_choices_and_goes_with_a_new_view(qapp):
    """Ticked choices stay through a redraw of the same view; a click elsewhere does
    nothing; the completing choice tries the move (it stays open until the move brings a
    new view, so a refused one can be changed); Cancel, Esc or a new view closes it."""
    from PySide6.QtCore import QRectF

    from illusio_table.qt.scenes.base import Composing, TableScene

    class Ticks(Composing):
        opening = "Tick, then Go."
        cancel = ("cancel",)

        def __init__(self) -> None:
            self.ticked: list[str] = []

        def choices(self):
            return [("tick", "a"), ("tick", "b"), ("go",), self.cancel]

        def choose(self, key):
            if key == ("go",):
                return {"kind": "ticks", "ticked": list(self.ticked)}
            self.ticked.append(key[1])
            return None

    class Board(TableScene):
        def show_view(self, view, legal, names, title):
            self.start_drawing(view, legal, names, title)
            self.clear()
            for n, key in enumerate([("tick", "a"), ("tick", "b"), ("go",), ("cancel",), ("x",)]):
                self.target(key, self.addRect(QRectF(n * 20, 0, 10, 10)))

    scene, played, said = Board(), [], []
    scene.parse = lambda data: data
    scene.action_chosen.connect(played.append)
    scene.message.connect(said.append)
    view: dict = {}
    scene.show_view(view, [], [], "")
    scene.compose(Ticks())
    assert said[-1] == "Tick, then Go." and scene.panel_choices()[-1] == ("cancel",)
    scene.answer(("tick", "b"))
    scene.answer(("x",))  # not one of its choices: nothing
    scene.answer(("go",))
    assert played == [{"kind": "ticks", "ticked": ["b"]}]
    assert scene.composing is not None  # until the move's view comes (or a refusal)
    scene.show_view(view, [], [], "")  # the same view drawn again
    assert scene.composing.ticked == ["b"]
    scene.show_view({}, [], [], "")  # a new one
    assert scene.composing is None and scene.panel_choices() is None
    scene.compose(Ticks())
    scene.answer(("cancel",))
    assert scene.composing is None and len(played) == 1

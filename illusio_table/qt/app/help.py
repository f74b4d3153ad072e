"""How to play: each game's rules in our words, under a picture of its table.

The picture is the real table, drawn by the program from the card files: a seeded game
played a little way by the game's own bots, seen from the first seat, with each part of
the table numbered and named (the parts the scenes name as they draw them). Nothing is
pasted art, so an edited card file changes the picture too.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsSimpleTextItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from illusio_table.engine import Match, Registry, bot_classes
from illusio_table.table.kits import kit_of
from illusio_table.table.seat_screen import match_screen

from ..scenes import table_scene
from ..scenes.covering import area, hidden, least_hiding, weighed
from ..scenes.look import INK, font

PICTURE_WIDTH = 1000  # as wide as the table at 1280 × 720 (at 800 its names were cut short)
NAMES = ("Ana", "Lera", "Milo", "Juno")


def table_picture(game_id: str, registry: Registry) -> tuple[QImage, list[str]]:
    """The game's table at 4 seats (or as near as the game allows) as the first seat
    sees it, each named part numbered; and the names, in the numbers' order."""
    cls = registry.get(game_id)
    quick = next(name for name, bot in bot_classes(cls).items() if not bot.searches)
    seats = max(cls.min_seats, min(cls.max_seats, len(NAMES)))
    players = [{"name": name, "bot": quick} for name in NAMES[:seats]]
    match = Match.start(game_id, players, 7, {}, registry=registry)
    # Played as far as its kit says: far enough to show what a game in progress looks like.
    for _ in range(kit_of(game_id).picture_moves):
        if match.is_over():
            break
        match.play_bot(min(match.to_act()))
    scene = picture_scene(game_id, registry, match, list(NAMES[:seats]))
    source = scene.extent() or scene.itemsBoundingRect()
    height = round(PICTURE_WIDTH * source.height() / source.width())
    image = QImage(PICTURE_WIDTH, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("#1f4d36"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, PICTURE_WIDTH, height), source)
    scale = PICTURE_WIDTH / source.width()
    parts = framed_parts(scene)
    placed: list[QRectF] = []  # the balloons drawn so far
    for number, (_, part) in enumerate(parts, 1):
        box = QRectF(
            (part.left() - source.left()) * scale,
            (part.top() - source.top()) * scale,
            part.width() * scale,
            part.height() * scale,
        )
        painter.setPen(QPen(CALLOUT, 2, Qt.PenStyle.DashLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(box.adjusted(1, 1, -1, -1))
        inside = QRectF(0, 0, PICTURE_WIDTH, height)
        centre = _free_corner(scene, part, box, scale, inside, placed)
        placed.append(balloon_box(centre))
        _number(painter, number, centre)
    painter.end()
    scene.clear()
    return image, [name for name, _ in parts]


def framed_parts(scene: Any) -> list[tuple[str, QRectF]]:
    """The named parts, each framed round the words it holds: a word across a part's
    edge (a counter under a card, a heading over a row) grows the frame to take it in,
    so that no dashed line runs through words ("x/5 held" was cut by the Contest's)."""
    words = [
        item.sceneBoundingRect()
        for item in scene.items()
        if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible() and item.text().strip()
    ]
    framed = []
    for name, part in scene.parts:
        grown = QRectF(part)
        near = part.adjusted(-4, -4, 4, 4)  # (a word touching the frame is cut by its line)
        for box in words:
            if near.intersects(box) and not part.adjusted(4, 4, -4, -4).contains(box):
                grown = grown.united(box.adjusted(-4, -4, 4, 4))
        framed.append((name, grown))
    return framed


def picture_scene(game_id: str, registry: Registry, match: Match, names: list[str]) -> Any:
    """The table as the picture shows it: told the size it is drawn at, so that its
    words grow to read there, as they do in a small window (at the picture's size they
    were 5 pixels tall)."""
    cls = registry.get(game_id)
    scene = table_scene(game_id, None, cls.card_data())
    scene.animation_ms = scene.glide_ms = 0
    # Its heading as the table says it to the first seat in this match, its own choice
    # made included (the picture said "Watching." over Ana's satchel saying "has chosen").
    scene.screen_of = lambda view, legal, names: match_screen(match, 0, names, view, legal)
    scene.fit_shape(PICTURE_WIDTH, PICTURE_WIDTH * 0.62)  # a window's shape
    title = f"{cls.title} — Ana's table"
    scene.show_view(match.view(0), match.legal_actions(0), names, title)
    source = scene.extent() or scene.itemsBoundingRect()
    if hasattr(scene, "learn_zoom") and scene.learn_zoom(PICTURE_WIDTH / source.width()):
        scene.show_view(match.view(0), match.legal_actions(0), names, title)
    return scene


def _free_corner(
    scene: Any, part: QRectF, box: QRectF, scale: float, inside: QRectF, placed: list[QRectF]
) -> QPointF:
    """Where a part's callout goes: the first of the places round its corners (top
    right first; the top left holds the part's own heading), inside its frame, astride
    it, then just outside it, where it covers no piece and no word of the table, else
    where it covers the least, a word counting far more than a piece (in a corner of
    Ana's satchel it sat on her wand like a wand's number; on Illusio's small magician
    card, on "Ana · 3 pts"), and another balloon, or the room round it, more than a
    word (two parts' corners met, and balloons 4 and 5 stood stacked, touching, as if
    one told the other)."""
    places = [
        box.topRight() + QPointF(-16, 13),
        box.bottomRight() + QPointF(-16, -18),
        box.bottomLeft() + QPointF(16, -18),
        box.topRight() + QPointF(-16, -9),  # astride the frame
        box.topRight() + QPointF(14, 13),  # just outside it
        box.topRight() + QPointF(-16, -17),  # above it, the tail on its edge
        box.topLeft() + QPointF(16, -17),
        # Beside it, by its middle (beside its foot, it sat on the next card's name), a
        # little higher or lower where that is clear of the next card's words (by the
        # middle of Illusio's magician, it sat on the "Formulas" of the card beside).
        *(QPointF(box.right() + 14, box.center().y() + dy) for dy in (-14, -6, -22, 2, -30)),
        box.topLeft() + QPointF(-16, 13),
        box.bottomLeft() + QPointF(-16, -18),
    ]
    places = [p for p in places if inside.contains(balloon_box(p))] or places[:1]

    def seen(centre: QPointF) -> QRectF:
        """The scene's part a balloon at `centre` of the picture hides."""
        balloon = balloon_box(centre)
        return QRectF(
            part.left() + (balloon.left() - box.left()) / scale,
            part.top() + (balloon.top() - box.top()) / scale,
            balloon.width() / scale,
            balloon.height() / scale,
        )

    # Covering ground (the part's own, a region far larger than the balloon) is no harm;
    # covering a piece is, words worse, and another balloon or the room round it worst.
    large = 20 * area(seen(places[0]))
    table = weighed(
        scene.items(),
        piece=10,
        words=100,
        mark=1,
        ground=lambda bounds: bounds.contains(part) or area(bounds) > large,
    )
    others = [(other, 1000.0) for other in placed]

    def cost(centre: QPointF) -> float:
        apart = balloon_box(centre).adjusted(-APART, -APART, APART, APART)
        return hidden(apart, others) + hidden(seen(centre), table)

    return places[least_hiding(places, cost)]


# The callouts: a colour no piece of any game wears (tests/qt/test_shell.py checks it
# against the card files and the tables' own colours), in a shape none has: a speech
# balloon, where the games' numbers sit on gold discs and white dice.
CALLOUT = QColor("#ff00c8")


APART = 6.0  # pixels kept clear between two balloons


def balloon_box(centre: QPointF) -> QRectF:
    """Where the balloon centred there lies, its tail included."""
    return QRectF(centre.x() - 14, centre.y() - 11, 28, 28)


def _number(painter: QPainter, number: int, centre: QPointF) -> None:
    """A magenta balloon with the part's number, as the legend under the picture
    counts, its tail pointing into the part."""
    body = QRectF(centre.x() - 14, centre.y() - 11, 28, 20)
    tail = QPolygonF(
        [
            QPointF(body.left() + 6, body.bottom() - 1),
            QPointF(body.left() + 2, body.bottom() + 7),
            QPointF(body.left() + 13, body.bottom() - 1),
        ]
    )
    balloon = QPainterPath()
    balloon.addRoundedRect(body, 6, 6)
    balloon.addPolygon(tail)
    painter.setPen(QPen(QColor("#ffffff"), 1.5))
    painter.setBrush(QBrush(CALLOUT))
    painter.drawPath(balloon.simplified())
    painter.setFont(font(11, bold=True))
    painter.setPen(INK)
    painter.drawText(body, Qt.AlignmentFlag.AlignCenter, str(number))


class HelpDialog(QDialog):
    """How to play one game: the picture of its table with its parts named, then the
    rules in words; a Close button (and Esc) closes it."""

    def __init__(self, cls: Any, registry: Registry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.part_names: list[str] = []
        self.show_game(cls, registry)
        # As large as the picture wants, within the screen it opens on (a 1280×720
        # screen has less than 720 px of height to give).
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(min(PICTURE_WIDTH + 60, screen.width() - 40), min(720, screen.height() - 60))

    def show_game(self, cls: Any, registry: Registry) -> None:
        """Shows how to play `cls` (the one help window goes from game to game)."""
        self.setWindowTitle(f"How to play {cls.title}")
        image, self.part_names = table_picture(cls.game_id, registry)
        legend = "\n".join(f"{n}. {name}" for n, name in enumerate(self.part_names, 1))
        text = cls.help_text or "No help yet."
        title, _, rest = text.partition("\n")
        self.browser.setMarkdown(
            f"{title}\n\n![The table, as Ana sees it]({PICTURE})\n\n"
            f"**The table** (a game under way, as the first seat sees it):\n\n{legend}\n\n{rest}"
        )
        # The picture is the document's own resource (set after the text, which would
        # clear it), so nothing is read from disk.
        document = self.browser.document()
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(PICTURE), image)
        document.markContentsDirty(0, document.characterCount())


PICTURE = "table.png"  # the picture's name inside the help document

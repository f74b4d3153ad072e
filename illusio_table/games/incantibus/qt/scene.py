"""The Incantibus table: the tower with its room and moat, potions, books, spells, the
sorcerer track or the dungeon, and every seat's satchel. Drawn from one seat's view.

The seat at the screen points by dragging its wand onto a target, by clicking one, or
with the arrow keys and Enter. When a casting is revealed, every wand points at its
target at once ("In-can-to!"), then the table says who got what.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsSimpleTextItem

from illusio_table.engine import Action
from illusio_table.qt.scenes.base import KEY, MARK, TableScene
from illusio_table.qt.scenes.look import (
    GOLD,
    INK,
    PAPER,
    WHITE,
    Z_MARK,
    font,
    plain,
    points,
    readable_points,
)
from illusio_table.qt.scenes.words import (
    fold,
    hyphenated,
    largest,
    measure,
    measure_font,
    width_of,
)
from illusio_table.table import zones

from ..table import attempts, prompts

SYMBOL = 2  # item data: a mark inside a piece, not words to read

STONE = QColor("#8d8478")
MOAT = QColor("#2f5d7c")
BACK = QColor("#3b1f2b")
TOKEN_R = 28
SMALL_R = 13
SATCHEL_H = 300  # a satchel's panel: its cells, its Spells and Sorcerers, its final scores
WAND = 60  # the wand's length on a satchel: its badge and the status beside it must fit
STACK_LINE = 19  # a satchel's line of spells, and its line of sorcerers, under its cells
CELLS_TOP = 44  # a satchel's cells under its name, its points and its wand
SCORE_STEP = 14  # a line of the final scores at a satchel's foot (9 pt type)
LABELS = 72  # the width of a satchel's row labels ("Ingredients")
CELL_GAP = 3  # between two cells of a satchel, and two rows

CELL_ROWS = (
    ("ingredient", "Ingredients"),
    ("weapon", "Weapons"),
    ("monster", "Monsters"),
    ("gold", "Gold"),
    ("potion", "Potions"),
    ("book", "Books"),
    ("purse", "Purse"),
)
GLYPHS = {
    "triangle": "▲",
    "circle": "●",
    "square": "■",
    "diamond": "◆",
    "heart": "♥",
    "club": "♣",
    "spade": "♠",
}


# Where things lie on the table (zones): the drawing and the reveal's picture of the
# table as it was both place things here.
ROOM = zones.grid((362, 118), 79, 84, per_line=5)
DUNGEON = zones.grid((365, 126), 80, 96, per_line=5)
# More than ten sorcerers go six to a line, narrower: a third line would lie where the
# last casting is told, at the foot of the tower.
CROWDED_DUNGEON = zones.grid((350, 126), 68, 96, per_line=6)
POTIONS = zones.column((42, 61), 74)
BOOKS = zones.column((125, 314), 54)
SPELL_CARDS = zones.row((890, 100), 87)  # cards 84 wide: "Philosopher's" fits at 9 points
SPECIAL_TOKENS = zones.row((818, 208), 40)
TRACK = zones.grid((837, 293), 78, 68, per_line=4)


def at(zone: zones.Grid, n: int) -> QPointF:
    return QPointF(*zone.place(n))


def room_centre(n: int) -> QPointF:
    return at(ROOM, n)


def dungeon_slots(sorcerers: list[dict[str, Any]]) -> int:
    """How many places the dungeon's layout has: each sorcerer keeps the place it went
    down to, so that one won moves no other."""
    return 1 + max((s["slot"] for s in sorcerers), default=0)


def dungeon_box(n: int, count: int) -> QRectF:
    """The place of sorcerer slot n of a dungeon of `count` places."""
    if count > 10:
        return _box(at(CROWDED_DUNGEON, n), 64, 84)
    return _box(at(DUNGEON, n), 70, 84)


def potion_centre(i: int) -> QPointF:
    return at(POTIONS, i)


def book_box(i: int) -> QRectF:
    return _box(at(BOOKS, i), 234, 48)


BOOK_CHIP_R = 15
BOOK_WORDS = 80  # where a book's words begin, right of its points


def book_chip(i: int) -> QPointF:
    """Where a book pointed at lies as a chip while the wands point: at its card's right
    end, clear of its words (over its middle it read "2 di[Bk]ingredients")."""
    box = book_box(i)
    return QPointF(box.right() - BOOK_CHIP_R - 6, box.center().y())


def _box(centre: QPointF, width: float, height: float) -> QRectF:
    return QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)


class IncantibusScene(TableScene):
    animation_ms = 1400  # the reveal; tests set 0

    def __init__(self, parent: Any = None, card_data: Any = None) -> None:
        super().__init__(parent, card_data)
        self.cards = card_data
        self.look = {k.id: k for k in (*self.cards.tokens, *self.cards.specials)}
        self.potion_kinds = {p.id: p for p in self.cards.potions}
        self.sorcerer_kinds = {s.id: s for s in self.cards.sorcerers}
        self.spell_kinds = {s.id: s for s in self.cards.spells}
        self._marks: frozenset[str] | None = None  # (`_short`)
        self.positions: dict[Hashable, QPointF] = {}
        self.names: dict[Hashable, str] = {}
        self.wand_anchor: dict[int, QPointF] = {}
        self.badges: dict[Hashable, QRectF] = {}  # a token's points badge, by its key
        self.animation: QVariantAnimation | None = None
        self.viewer: int | None = None
        # The least point size of a word, a mark or a digit: 8 points read at the zoom
        # that fits 1280 x 720; a smaller window or picture says its zoom (`learn_zoom`).
        self.least = 8

    def extent(self) -> QRectF:
        """The whole table, the same after every move, so that fitting it never shifts it."""
        return QRectF(-16, -78, 1148, 866)

    def learn_zoom(self, zoom: float) -> bool:
        """Learns the zoom the table is seen at; True if its least size changed (never
        under 8 points: in a large window the table keeps the look it has at 1280 x 720)."""
        least = max(8, readable_points(max(zoom, 0.1)))
        changed, self.least = least != self.least, least
        return changed

    def fit_shape(self, width: float, height: float) -> bool:
        """The table keeps its shape, but learns the zoom the window shows it at."""
        room = self.extent()
        return self.learn_zoom(min(width / room.width(), height / room.height()))

    # -- drawing ---------------------------------------------------------------------------

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.stop_reveal(seen=False)  # a new drawing overtakes a reveal still playing
        self.start_drawing(view, legal, names, title)
        self.finish_glide()
        before = self.remember_places()
        self._draw(view, legal, names, title)
        self.glide_from(before)  # tokens that moved slide from where they were

    def _draw(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.clear()
        self.positions, self.names, self.wand_anchor, self.badges = {}, {}, {}, {}
        self.satchel_boxes: dict[int, QRectF] = {}
        self.view, self.seat_names = view, names
        self.viewer = view["me"]
        self.in_heading(self._text(title, 0, -66, 15, bold=True, colour=WHITE))
        self._prompt(view, legal, names)
        self._tower(view)  # first: the keyboard visits the room before the potions
        self._potions(view)
        self._books(view)
        self._spells(view)
        self._sorcerers(view)
        self._satchels(view, names)
        self._last_casting(view)
        self.bind(self.gesture_map(view, legal, self.viewer))

    def shared_targets(self) -> list[Hashable]:
        """The spots one may point at, in table order: the room's tokens (or in the final
        battle the dungeon's sorcerers) by slot, then the potions and the books."""
        view = self.view
        if view["dungeon"] is not None:
            spots: list[Hashable] = [("dungeon", s["slot"]) for s in view["dungeon"]]
        else:
            spots = [("room", t["slot"]) for t in view["room"]["tokens"]]
        spots += [("potion", n) for n in range(len(view["potions"]))]
        spots += [("book", n) for n in range(len(view["books"]))]
        return [key for key in spots if key in self.targets]

    def lit_shape(self, key: Hashable, rect: QRectF) -> QPainterPath:
        """A token lit by the guide: its frame goes round its points badge too (the badge
        sits off the token's shoulder, clear of its mark, and the frame ran through it)."""
        shape = super().lit_shape(key, rect)
        badge = self.badges.get(key)
        if badge is not None:
            ring = QPainterPath()
            ring.addEllipse(badge.adjusted(-1, -1, 1, 1))
            shape = shape.united(ring)
        return shape

    def ring_look(self, rect: QRectF) -> tuple[float, float, float]:
        """A sorcerer of the dungeon gets a thin ring close to its card: the cards stand 4
        apart in a crowded dungeon, and the rings of two lit neighbours crossed, each over
        the other's words ("Serpentine" read "erpentine"). So do the potions' and the
        books' cards."""
        if 80 <= rect.height() <= 90 and rect.width() < 75:
            return 0.0, 2.0, Z_MARK
        if rect.width() > 200 and rect.height() < 70:
            # A potion's or a book's whole card, 8 and 6 apart: a ring on its edge (rings
            # standing out crossed their neighbours').
            return 0.0, 3.0, Z_MARK
        return super().ring_look(rect)

    def key_spot(self, key: Hashable, box: QRectF, size: QRectF) -> QPointF:
        """A potion's keys go in the top right corner of its card, clear of its words."""
        if key[0] == "potion":
            return QPointF(8 + 234 - size.width() - 6, 28 + key[1] * 74 + 5)
        return super().key_spot(key, box, size)

    def count_keeps_clear(self) -> list[QRectF]:
        """The satchels: each seat reads its own (and the others') to choose where to
        point, and the count lay over them for its two seconds."""
        return list(self.satchel_boxes.values())

    def drop_hint(self, source: Hashable) -> str:
        return "Drop the wand on a token, a potion, a book or a sorcerer outlined in gold."

    # -- pieces ----------------------------------------------------------------------------

    def _text(
        self,
        text: str,
        x: float,
        y: float,
        size: int = 10,
        bold: bool = False,
        colour: QColor = INK,
        parent: QGraphicsItem | None = None,
    ) -> QGraphicsSimpleTextItem:
        # Made by the scene, or as a child of a scene item (see TableScene's note).
        item = self.addSimpleText(text) if parent is None else QGraphicsSimpleTextItem(text, parent)
        item.setFont(font(size, bold))
        item.setBrush(colour)
        item.setPos(x, y)
        return item

    def _centred(
        self,
        text: str,
        centre: QPointF,
        size: int,
        colour: QColor,
        parent: QGraphicsItem,
        bold: bool = True,
        symbol: bool = False,
        room: float = 0,
    ) -> None:
        """Text centred on a point; a `symbol` (a token's mark, a badge's number) may be
        small, as the piece's tooltip says it in words. With `room`, a word a point or two
        smaller, then not bold, where it would be wider (a long name ran into the next
        card's); never under `least` points, which read at the zoom the table is seen at."""
        item = QGraphicsSimpleTextItem(text, parent)
        if symbol:
            item.setData(SYMBOL, True)

        if room:
            size, bold = self._fitted(text, size, room, bold)
        item.setFont(font(size, bold))
        item.setBrush(colour)
        box = item.boundingRect()
        item.setPos(centre.x() - box.width() / 2, centre.y() - box.height() / 2)

    def _fitted(self, text: str, size: int, room: float, bold: bool = True) -> tuple[int, bool]:
        """The size and weight of words in `room` pixels (see `_centred`)."""
        size = largest(text, room, size, self.least, bold)
        return size, bold and width_of(text, size, bold) <= room

    def _small_mark(
        self,
        parent: QGraphicsItem,
        centre: QPointF,
        radius: float,
        choices: list[tuple[str, str]],
        size: int,
        colour: QColor,
        room: float,
        badge: QRectF | None,
    ) -> None:
        """A small token's mark, and its shape under it: each at the least size or more,
        a pixel apart (the shape was drawn over "Gho"), inside the disc and clear of the
        points badge, the shape left of the badge where the badge reaches its place. The
        first of `choices` (a mark and its shape, or "") that fits; where none does, the
        last, in the middle."""
        inside = radius - 0.75  # (inside the rim's ink: its pen is 1.5 wide)
        shape_font = font(self.least)

        def reach(half: float) -> float:
            """How far above or below the middle the disc is `2 * half` wide or more."""
            return math.sqrt(inside**2 - half**2) if half < inside else -math.inf

        for mark, shape in choices:
            lines = [(mark, font(*self._fitted(mark, size, room)))]
            lines += [(shape, shape_font)] if shape else []
            placed: list[tuple[str, QFont, QRectF, float, float]] = []  # (…, ink, aside, down)
            lowest, highest, depth = math.inf, -math.inf, 0.0  # (the top of the first line)
            for text, chosen in lines:
                ink = measure_font(chosen).tightBoundingRect(text)
                aside = 0.0
                if text == shape and badge is not None:  # (left of the badge, if it reaches)
                    aside = min(0.0, badge.left() - 1 - centre.x() - ink.width() / 2)
                half = -aside + ink.width() / 2
                floor = reach(half)
                if badge is not None:  # (over the badge's disc: its lower right corner nearest)
                    across = max(0.0, badge.center().x() - centre.x() - aside - ink.width() / 2)
                    ring = badge.width() / 2 + 1
                    if across < ring:
                        over = badge.center().y() - centre.y() - math.sqrt(ring**2 - across**2)
                        floor = min(floor, over)
                lowest = min(lowest, floor - depth - ink.height())
                highest = max(highest, -reach(half) - depth)
                placed.append((text, chosen, ink, aside, depth))
                depth += ink.height() + 1
            if highest <= lowest or (mark, shape) == choices[-1]:
                middle = (highest + lowest) / 2 if highest <= lowest else (1 - depth) / 2
                top = centre.y() + middle
                for text, chosen, ink, aside, down in placed:
                    at = QPointF(centre.x() + aside, top + down)
                    self._inked(text, chosen, ink, at, colour, parent)
                return

    @staticmethod
    def _inked(
        text: str,
        chosen: QFont,
        ink: QRectF,
        top: QPointF,
        colour: QColor,
        parent: QGraphicsItem,
    ) -> None:
        """A mark whose letters' ink (`ink`, as measured to place it) is centred on
        `top`'s x and begins at its y."""
        item = QGraphicsSimpleTextItem(text, parent)
        item.setData(SYMBOL, True)
        item.setFont(chosen)
        item.setBrush(colour)
        ascent = measure_font(chosen).ascent()
        item.setPos(top.x() - ink.center().x(), top.y() - ascent - ink.top())

    def _panel(
        self, x: float, y: float, w: float, h: float, title: str, fill: QColor = PAPER
    ) -> QGraphicsItem:
        panel = self.addRect(QRectF(x, y, w, h), QPen(INK, 1.2), QBrush(fill))
        self._text(title, x + 8, y + 5, 10, bold=True, parent=panel)
        return panel

    def token(
        self,
        token: dict[str, Any] | None,
        centre: QPointF,
        radius: float,
        key: Hashable | None = None,
        attempt: dict[str, Any] | None = None,
        badge: bool = True,
        shape: bool = True,
        badge_spot: QPointF | None = None,
    ) -> QGraphicsItem:
        """A round token: its colour and mark from the card file, its points, or its back.
        Its mark, shape and points are words to read, never under `least` points (at
        1280 x 720 the chips of a recipe, "Stone" and the badges' digits came out at 4
        to 6 pixels); a small token has its mark over its shape, its points badge low on
        its right, clear of both (the badge sat on "Gob" and "Wolf"). `badge` False: a
        token in a pile, its points in its tooltip; `shape` False: its mark alone, in the
        middle (a moat chip: mark and shape over each other ran onto its rim)."""
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        least = self.least
        if token is None or not token.get("face_up", True) or "kind" not in token:
            item = self.addEllipse(box, QPen(QColor("#c9a0dc"), 2), QBrush(BACK))
            size = max(least, int(radius * 0.8))
            # Its number, as the Moves list, the coach and the phones name it ("secret
            # token 8 was best" named a token the table showed no number for): under its
            # "?", which goes up to make room.
            slot = token.get("slot") if token else None
            high = QPointF(0, radius * 0.3 if slot is not None else 0)
            if slot is not None:
                size = max(least, int(radius * 0.55))
            self._centred("?", centre - high, size, QColor("#c9a0dc"), item, symbol=True)
            if slot is not None:
                self._centred(
                    f"secret {slot + 1}",
                    centre + QPointF(0, radius * 0.15),
                    max(9, least),  # (words, not a mark: 8.5 px or more)
                    WHITE,
                    item,
                    bold=False,
                    room=2 * radius - 6,
                )
            seen = token.get("seen") if token else None
            tip = "A secret token: nobody knows what it is until it is taken."
            if slot is not None:
                tip = f"Secret token {slot + 1}: nobody knows what it is until it is taken."
            if seen:
                tip = f"A secret token. You looked at it with Oculus: {self._name(seen)}."
                if slot is not None:
                    tip = tip.replace("A secret token", f"Secret token {slot + 1}", 1)
                self._centred(
                    self._symbol(seen),
                    QPointF(centre.x(), centre.y() + radius * (0.65 if slot is not None else 0.55)),
                    max(least, int(radius * 0.3)),
                    WHITE,
                    item,
                    symbol=True,
                    room=1.6 * radius,
                )
            item.setToolTip(plain(tip))
        else:
            kind = token["kind"]
            colour = QColor(self._colour(kind))
            ink = self._ink_on(colour)
            item = self.addEllipse(box, QPen(INK, 1.5), QBrush(colour))
            mark = self._symbol(kind)
            small = radius < 16
            if small:
                mark = self._short(mark)  # small tokens keep a short mark
            size = max(least, int(radius * (0.42 if len(mark) > 3 else 0.55)))
            glyph = self._glyph(kind) if shape else ""
            # The room across the token where its mark lies (narrower off its middle).
            room = 2 * radius - (5 if small else 8)
            if width_of(mark, least) > room:  # ("Stone" sat on its disc's rim: "Sto")
                mark = self._short(mark)
            # (A gold token's mark is its points: its badge said them twice, out of its cell.)
            badged = bool(token.get("points")) and badge and mark != str(token["points"])
            ring = None
            if badged:
                digits, across = self.badge_size(radius)
                # Off the token's shoulder, where its mark is not: low on the right of a
                # small token (its mark fills its top), high on the right of a large one;
                # or where its place says (a satchel's cell: inside the cell).
                spot = badge_spot or (
                    QPointF(radius * 0.92, radius * 0.78)
                    if small
                    else QPointF(radius * 0.9, -radius * 0.9)
                )
                middle = centre + spot
                ring = QRectF(middle.x() - across / 2, middle.y() - across / 2, across, across)
            if small and (glyph or badged):
                choices = self._small_marks(kind, mark)
                self._small_mark(item, centre, radius, choices, size, ink, room, ring)
            elif glyph:
                # The shape it shares with what it matches, under its mark.
                self._centred(
                    mark,
                    centre - QPointF(0, radius * 0.18),
                    size,
                    ink,
                    item,
                    symbol=True,
                    room=room,
                )
                self._centred(
                    glyph,
                    centre + QPointF(0, radius * 0.5),
                    max(least, int(radius * 0.38)),
                    ink,
                    item,
                    symbol=True,
                )
            else:
                self._centred(mark, centre, size, ink, item, symbol=True, room=room)
            if ring is not None:
                dot = self.addEllipse(ring, QPen(INK, 1), QBrush(GOLD))
                dot.setParentItem(item)
                if key is not None:
                    self.badges[key] = ring
                self._centred(str(token["points"]), middle, digits, INK, item, symbol=True)
            item.setToolTip(plain(self._tooltip(token)))
        if key is not None:
            self.target(key, item, attempt)
            if token and token.get("face_up", True) and "id" in token:
                self.piece(("token", token["id"]), item)
            self.positions[key] = centre
            self.names[key] = (
                self._name(token.get("kind"))
                if token and token.get("face_up", True) and "kind" in token
                else "a secret token"
            )
        return item

    def badge_size(self, radius: float) -> tuple[int, float]:
        """A token's points badge: its digits' point size and the disc's width."""
        digits = max(self.least, int(radius * 0.36))
        return digits, max(radius * 0.8, digits * 1.333 + 3.5)

    def _name(self, kind: str | None) -> str:
        if kind is None:
            return "?"
        for table in (self.look, self.potion_kinds, self.sorcerer_kinds):
            if kind in table:
                return table[kind].name
        return kind

    def _short(self, mark: str) -> str:
        """A mark cut to two letters for a small token, or three where two would read as
        another token's ("St" was both the Stone and the Stake)."""
        if len(mark) <= 3:
            return mark
        if self._marks is None:  # every kind's mark, made once: the card file is fixed
            self._marks = frozenset(self._symbol(k) for k in self.look)
        clash = any(o[:2] == mark[:2] for o in self._marks if o != mark)
        return mark[:3] if clash else mark[:2]

    def _small_marks(self, kind: str, mark: str) -> list[tuple[str, str]]:
        """What a small token may show, best first: its mark and its shape; its mark in two
        letters, then in one, with its shape, where with it they read as no other kind's
        ("Gh ●", "G ●": the Ghost); its mark alone, then in two letters where those read
        as no other kind's (its tooltip says the shape, as a moat chip's)."""
        symbol, glyph = self._symbol(kind), self._glyph(kind)
        others = {(self._symbol(k), self._glyph(k)) for k in (*self.look, *self.potion_kinds)}
        others.discard((symbol, glyph))

        def alone(letters: str, shape: str) -> bool:
            """Whether no other kind's mark begins with these letters (with this shape)."""
            return not any(s.startswith(letters) and (g == shape or not shape) for s, g in others)

        choices = [(mark, glyph)] if glyph else []
        choices += [(symbol[:n], glyph) for n in (2, 1) if glyph and alone(symbol[:n], glyph)]
        choices.append((mark, ""))
        if alone(symbol[:2], ""):
            choices.append((symbol[:2], ""))
        return list(dict.fromkeys(choices))

    def _symbol(self, kind: str) -> str:
        if kind in self.look:
            return self.look[kind].symbol
        if kind in self.potion_kinds:
            return self.potion_kinds[kind].colour_name[:1].upper() + "P"
        if kind.startswith("book-"):
            return "Bk"
        return kind[:3].capitalize()

    def _glyph(self, kind: str | None) -> str:
        """The shape a token shares with what it matches (a weapon and its monster, the
        potions of a colour), or ''."""
        look = self.look.get(kind) or self.potion_kinds.get(kind)
        shape = getattr(look, "shape", None)
        return GLYPHS.get(shape, "") if shape else ""

    def _colour(self, kind: str) -> str:
        for table in (self.look, self.potion_kinds, self.sorcerer_kinds):
            if kind in table:
                return table[kind].colour
        return "#b0a090"

    @staticmethod
    def _ink_on(colour: QColor) -> QColor:
        return INK if colour.lightness() > 140 else WHITE

    def _tooltip(self, token: dict[str, Any]) -> str:
        kind = token["kind"]
        glyph = self._glyph(kind)
        lines = [(token.get("name") or self._name(kind)) + (f" {glyph}" if glyph else "")]
        look = self.look.get(kind)
        if look is not None and getattr(look, "catches", None):
            lines.append(f"Catches the {self._name(look.catches)} {glyph}; stays in the satchel.")
        if getattr(look, "category", None) == "monster":
            weapons = [w.name for w in self.cards.tokens if w.catches == kind]
            lines.append(
                f"Caught with the {' or the '.join(weapons)} {glyph} (or Ultimus); without "
                "one it escapes into the moat."
            )
        if getattr(look, "text", ""):
            lines.append(look.text)
        if kind in self.potion_kinds:
            potion = self.potion_kinds[kind]
            lines.append(
                f"A {potion.colour_name} potion {glyph}, brewed from "
                + ", ".join(self._name(i) for i in potion.recipe)
            )
        if kind in self.sorcerer_kinds:
            lines.append(self._weakness(kind))
        if token.get("points"):
            lines.append(points(token["points"]))
        return "\n".join(lines)

    def _weakness(self, kind: str) -> str:
        s = self.sorcerer_kinds[kind]
        if s.max_wand is not None:
            return f"Defeated by a wand of strength {s.max_wand} or less"
        needs = ", ".join(f"{n} × {self._need(k)}" for k, n in s.needs.items())
        return f"Defeated with {needs}"

    def _weakness_in_short(self, kind: str) -> str:
        """What defeats a sorcerer in a few words, with the shape it shares with what it
        needs: "● goblin", "♥ red potion", "2 spells", "wand 1–2"."""
        s = self.sorcerer_kinds[kind]
        if s.max_wand is not None:
            return f"wand 1–{s.max_wand}" if s.max_wand > 1 else "wand 1"
        parts = []
        for need, n in s.needs.items():
            if need.startswith("potion-"):
                said = f"{self._glyph(self._potion_of(need))} {need[7:]} potion"
            elif need in ("weapon", "spell"):
                said = need + "s" * (n > 1)
            else:
                said = f"{self._glyph(need)} {self._name(need).lower()}"
            parts.append(f"{n} {said.strip()}" if n > 1 else said.strip())
        return ", ".join(parts)

    def _potion_of(self, need: str) -> str | None:
        """The kind of potion a need like "potion-red" asks for (its shape is theirs)."""
        colour = need.removeprefix("potion-")
        return next((p.id for p in self.cards.potions if p.colour_name == colour), None)

    def _need(self, need: str) -> str:
        if need.startswith("potion-"):
            return f"{need[7:]} potion {self._glyph(self._potion_of(need))}".strip()
        if need in self.look:
            return f"{self._name(need)} {self._glyph(need)}".strip()
        return {"weapon": "weapon", "spell": "spell token"}.get(need, self._name(need))

    # -- regions --------------------------------------------------------------------------------

    def _prompt(self, view: dict[str, Any], legal: list[Action], names: list[str]) -> None:
        # What the seat is asked, as its phone says it (table/seat_screen.py), then how
        # this table does it; while the wands point on the table, the reveal's own words.
        colour = QColor("#ffe082")
        if view.get("revealing"):
            text = "In-can-to! Every wand points at once: click or press a key to skip."
            words = self.in_heading(self._text(text, 0, -42, 11, bold=True, colour=colour))
        else:
            screen = self.screen_of(view, legal, names)
            words = self._text(screen.heading, 0, -42, 11, bold=True, colour=colour)
            self.seat_heading(words)
            how = self._how(view, legal)
            if how:
                at = words.sceneBoundingRect().right() + 10
                words = self.in_heading(self._text(how, at, -41, 10, colour=colour))
        if any(a.kind == "decline" for a in legal):
            self._decline_button(words.sceneBoundingRect().right() + 48)

    def _how(self, view: dict[str, Any], legal: list[Action]) -> str:
        """How the heading's choice is made on this table (the phone says its own)."""
        if view["phase"] == "over":
            return "See the scores under each satchel."
        if legal and not view.get("decision"):
            return "Drag your wand onto one, click one, or use arrows and Enter."
        return ""

    def _decline_button(self, x: float) -> None:
        """The choice not to cast one more spell."""
        label = "Cast no spell"
        button = self.addRect(QRectF(x, -48, 120, 28), QPen(INK, 1.5), QBrush(QColor("#e8c36a")))
        self._centred(label, button.rect().center(), 10, INK, button)
        button.setToolTip(plain(label))
        self.target(("decline", 0), button, attempts.incantibus_decline())
        self.in_heading(button)

    def _potions(self, view: dict[str, Any]) -> None:
        panel = self._panel(0, 0, 250, 250, "Potions")
        self.name_part("Potions: point at one whose ingredients you hold", QRectF(0, 0, 250, 250))
        for i, potion in enumerate(view["potions"]):
            y = 28 + i * 74
            slot = self.addRect(QRectF(8, y, 234, 66), QPen(INK, 1), QBrush(QColor("#e9dfc6")))
            slot.setParentItem(panel)
            if potion is None:
                self._text(self._empty_space(view, "potion"), 20, y + 24, 9, parent=slot)
                continue
            # The whole card is the target, lit and taking a click or the wand anywhere
            # (as a book's card does): a click on its name or its recipe did nothing.
            key = ("potion", i)
            item = self.token(potion, potion_centre(i), 26)
            item.setToolTip(plain(self._tooltip(potion)))
            slot.setToolTip(plain(self._tooltip(potion)))
            self.target(key, slot, attempts.incantibus_point("potion", i))
            self.positions[key] = potion_centre(i)
            self.names[key] = potion["name"]
            self._text(potion["name"], 80, y + 6, 9, bold=True, parent=slot)  # (right of its badge)
            for n, ingredient in enumerate(potion["recipe"]):
                self.token({"kind": ingredient}, QPointF(88 + n * 30, y + 44), 12)
            self._text(f"{potion['points']} pts", 190, y + 36, 9, parent=slot)

    def _books(self, view: dict[str, Any]) -> None:
        if not view["books"]:
            return
        panel = self._panel(0, 262, 250, 196, "Magic books")
        self.name_part(
            "Magic books (expert): point at one you can pay for", QRectF(0, 262, 250, 196)
        )
        for i, book in enumerate(view["books"]):
            y = book_box(i).top()
            if book is None:
                # In words, as an empty potion's space says it (three "—" told nothing).
                self._text(self._empty_space(view, "book"), 20, y + 14, 9, parent=panel)
                continue
            box = self.addRect(book_box(i), QPen(INK, 1), QBrush(QColor("#d7c4a3")))
            box.setParentItem(panel)
            self._text(f"{book['points']} pts", 16, y + 14, 11, bold=True, parent=box)
            # Its words left of where a chip lies when it is pointed at, folded onto two
            # lines where they are longer (the chip lay over the "s" of "ingredients").
            size = max(9, self.least)
            room = book_chip(i).x() - BOOK_CHIP_R - 4 - BOOK_WORDS
            lines = fold(book["needs"], room, size)
            while len(lines) > 2 and size > self.least:
                size -= 1
                lines = fold(book["needs"], room, size)
            high = len(lines) * measure(size).lineSpacing()
            middle = book_box(i).center().y()
            self._text("\n".join(lines), BOOK_WORDS, middle - high / 2, size, parent=box)
            box.setToolTip(
                plain(f"A magic book worth {points(book['points'])}, for {book['needs'].lower()}.")
            )
            self.target(("book", i), box, attempts.incantibus_point("book", i))
            self.positions[("book", i)] = box.sceneBoundingRect().center()
            self.names[("book", i)] = f"the book “{book['needs']}”"

    @staticmethod
    def _empty_space(view: dict[str, Any], what: str) -> str:
        """What an empty space of the potions or the books waits for: the next room, or
        nothing more (none left to open, or the final battle, where none opens)."""
        if view.get("dungeon") is not None:
            return f"no {what} opens in the final battle"
        if view.get("supply", {}).get(f"{what}s", 1) == 0:
            return f"no {what} left to open"
        return "empty until the next room"

    def _tower(self, view: dict[str, Any]) -> None:
        self.moat_box = QRectF(270, 380, 500, 78)
        moat = self.addRect(QRectF(270, 0, 500, 458), QPen(INK, 1.5), QBrush(MOAT))
        moat.setToolTip(plain(self._moat_tip(view)))
        self.addRect(QRectF(312, 40, 416, 330), QPen(INK, 2), QBrush(STONE))  # the tower
        self.name_part("The room of the tower: the tokens to point at", QRectF(312, 40, 416, 330))
        self.name_part("The moat: what escaped or was thrown away", QRectF(270, 380, 500, 78))
        room = view["room"]
        if view["dungeon"] is not None:
            heading = "The dungeon — the final battle"
        else:
            below = view["rooms_left"]
            heading = f"{room['name']} — {below} room{'s' if below != 1 else ''} below"
        self._text(heading, 322, 46, 12, bold=True, colour=WHITE)
        if view["dungeon"] is not None:
            slots = dungeon_slots(view["dungeon"])
            for sorcerer in view["dungeon"]:
                self._sorcerer(
                    sorcerer,
                    dungeon_box(sorcerer["slot"], slots),
                    ("dungeon", sorcerer["slot"]),
                    attempts.incantibus_point("dungeon", sorcerer["slot"]),
                )
        else:
            for token in room["tokens"]:  # each on its own spot: taking one moves no other
                centre = room_centre(token["slot"])
                self.token(
                    token,
                    centre,
                    TOKEN_R,
                    ("room", token["slot"]),
                    attempts.incantibus_point("room", token["slot"]),
                )
        count = len(view["moat"])
        self._text(
            f"Moat: {count} token{'s' * (count != 1)} (hover for the list)",
            280,
            380,
            9,
            colour=WHITE,
        )
        # The moat by kind (tokens of a kind are alike): each kind a token to pick for
        # Retiro, with how many lie there.
        groups: dict[str, list[dict[str, Any]]] = {}
        for token in view["moat"]:
            groups.setdefault(token["kind"], []).append(token)
        for kind, (centre, radius) in self._moat_places(groups).items():
            tokens = groups[kind]
            item = self.token(
                {**tokens[0], "face_up": True},
                centre,
                radius,
                ("moat", kind),
                attempts.incantibus_choose(tokens[0]["id"]),
                badge=False,  # (its corner says how many lie there; its tooltip, the points)
                shape=False,  # (its tooltip says its shape)
            )
            if len(tokens) > 1:
                # How many, beside the chip and clear of it ("3" Gold then a 2 read "32").
                size = max(9, self.least)
                count = f"×{len(tokens)}"
                self._text(
                    count, centre.x() + radius + 3, centre.y() - size * 0.75, size, True, WHITE
                )
            item.setToolTip(plain(f"{len(tokens)} × " + self._tooltip(tokens[0])))

    def _moat_places(
        self, groups: dict[str, list[dict[str, Any]]]
    ) -> dict[str, tuple[QPointF, float]]:
        """Where each kind of the moat lies, and its chip's radius: side by side in lines
        under the moat's heading, each with room for its count after it; chips as large
        as two lines let them be, smaller in three where many kinds lie there."""
        size = max(9, self.least)
        places: dict[str, tuple[QPointF, float]] = {}
        for radius, lines in ((14.0, 2), (12.0, 2), (10.0, 3)):
            places, x, line = {}, 282.0, 0
            for kind, tokens in groups.items():
                width = 2 * radius + (4 + width_of(f"×{len(tokens)}", size, True)) * (
                    len(tokens) > 1
                )
                if x + width > 762:
                    x, line = 282.0, line + 1
                # The lines spread down to the moat's foot (457), its heading above.
                pitch = 2 * radius + (62 - lines * 2 * radius) / (lines - 1)
                places[kind] = (QPointF(x + radius, 395 + radius + line * pitch), radius)
                x += width + 6
            if line < lines:
                break
        return places

    def _moat_tip(self, view: dict[str, Any]) -> str:
        if not view["moat"]:
            return "The moat is empty."
        counts: dict[str, int] = {}
        for token in view["moat"]:
            counts[token["name"]] = counts.get(token["name"], 0) + 1
        return "In the moat:\n" + "\n".join(f"{n} × {name}" for name, n in sorted(counts.items()))

    def _sorcerer(
        self,
        sorcerer: dict[str, Any],
        box: QRectF,
        key: Hashable | None = None,
        attempt: Action | None = None,
    ) -> QGraphicsItem:
        if sorcerer.get("face_up"):
            kind = sorcerer["kind"]
            colour = QColor(self._colour(kind))
            item = self.addRect(box, QPen(INK, 1.5), QBrush(colour))
            # In a satchel: a chip of its colour and points, its tooltip names it (a name
            # 6 points tall on a card 26 wide read as nothing).
            small = box.width() < 60
            ink = self._ink_on(colour)
            names: list[str] = []
            lines: list[str] = []  # what defeats it, on the card (it was in the tooltip alone)
            room = box.width() - 4
            size = max(9, self.least)
            taller = box.height() >= 80  # the dungeon's cards (the track's are 62 tall)
            if not small:
                said = self._weakness_in_short(kind)
                if width_of(said, 9, False) > room:  # the shape says which potion
                    said = said.replace(said.split()[1] + " ", "", 1)
                # Where even the least size is too wide (a crowded dungeon's narrower
                # cards: "■ werewolf" ran under the next card), it folds onto two lines.
                lines = [said] if width_of(said, size) <= room else fold(said, room, size)
                # Its name a word a line, in bold at 9 points; a word too wide for that
                # is hyphenated ("Serpentine" and "Archmage" came out smaller and not bold
                # beside the other names) where the card has the lines above its points:
                # four on the dungeon's cards, three on the track's.
                names = sorcerer["name"].split()
                split = [p for w in names for p in hyphenated(w, box.width() - 2, 9, True)]
                if len(split) + len(lines) <= (4 if taller else 3):
                    names = split
            # (On the taller cards its lines stand apart: 12 apart, a descender touched the
            # capital under it, "Lady" over "Goblin", "pentine" over "Yadikus".)
            apart = 13 if taller else 12
            for n, word in enumerate(names[:3]):
                self._centred(
                    word,
                    QPointF(box.center().x(), box.top() + 10 + n * apart),
                    9,
                    ink,
                    item,
                    room=box.width() - 2,
                )
            weakness = QPointF(box.center().x(), box.top() + 11 + min(len(names), 3) * apart)
            step = measure(size).lineSpacing()
            for n, line in enumerate(lines):
                at = weakness + QPointF(0, n * step)
                self._centred(line, at, size, ink, item, bold=False, room=room)
            if small:  # a chip in a satchel: its points in the ink its colour reads in
                size = largest(str(sorcerer["points"]), box.width() - 3, 9, self.least, True)
                self._centred(f"{sorcerer['points']}", box.center(), size, ink, item)
            else:
                # Gold on a dark disc: on White Lady's grey a gold "9" all but vanished. As
                # wide as its digits and clear of the card's foot (Baroness Fuchsia's "11"
                # ran out of a disc 16 wide, onto her card's frame).
                # (On the track's shorter cards it keeps clear of the words above it.)
                tall = 18 if taller else 16
                middle = QPointF(box.center().x(), box.bottom() - (13 if tall > 16 else 10))
                across = max(16.0, width_of(str(sorcerer["points"]), 10, True) + 6)
                disc = QGraphicsEllipseItem(
                    QRectF(middle.x() - across / 2, middle.y() - tall / 2, across, tall), item
                )
                disc.setPen(QPen(Qt.PenStyle.NoPen))
                disc.setBrush(QBrush(INK))
                self._centred(f"{sorcerer['points']}", middle, 10, GOLD, item)
            item.setToolTip(
                plain(f"{sorcerer['name']}: {points(sorcerer['points'])}\n{self._weakness(kind)}")
            )
            name = sorcerer["name"]
        else:
            item = self.addRect(box, QPen(QColor("#c9a0dc"), 1.5), QBrush(BACK))
            # Its number, as the Moves list, the coach and the phones fight it by ("Fight
            # hidden sorcerer 9" named a card that showed only its "?").
            slot = sorcerer.get("slot")
            high = QPointF(0, box.height() * 0.15 if slot is not None else 0)
            self._centred("?", box.center() - high, 18, QColor("#c9a0dc"), item)
            if slot is not None:
                self._centred(
                    f"hidden {slot + 1}",
                    box.center() + QPointF(0, box.height() * 0.2),
                    max(9, self.least),  # (words, not a mark: 8.5 px or more)
                    WHITE,
                    item,
                    bold=False,
                )
            told = f" (hidden sorcerer {slot + 1})" if slot is not None else ""
            item.setToolTip(plain(f"A sorcerer lying face down{told}."))
            name = "a hidden sorcerer"
        if key is not None:
            self.target(key, item, attempt)
            self.positions[key] = box.center()
            self.names[key] = name
        return item

    def _spells(self, view: dict[str, Any]) -> None:
        panel = self._panel(790, 0, 320, 226, f"Spells — {view['spell_deck']} in the deck")
        self.name_part("Spell cards, cast with a spell token", QRectF(790, 0, 320, 226))
        deck = self.addRect(QRectF(800, 30, 44, 86), QPen(INK, 1), QBrush(BACK))
        deck.setParentItem(panel)
        self._centred(str(view["spell_deck"]), deck.rect().center(), 14, WHITE, deck)
        for i, card in enumerate(view["spell_cards"]):
            box = _box(at(SPELL_CARDS, i), 84, 144)
            if card is None:
                self.addRect(
                    box, QPen(INK, 1, Qt.PenStyle.DashLine), QBrush(Qt.BrushStyle.NoBrush)
                ).setParentItem(panel)
                continue
            item = self.addRect(box, QPen(INK, 1.5), QBrush(QColor("#d1c4e9")))
            kind = self.spell_kinds[card["kind"]]
            inside = box.width() - 4
            # The name fits the card, smaller or unbolded ("Philosophia" ran off it).
            self._centred(
                kind.name, QPointF(box.center().x(), box.top() + 14), 10, INK, item, room=inside
            )
            # The whole text, folded to the card by measure (the tooltip says it too).
            step = measure(9).lineSpacing()
            for n, text in enumerate(fold(kind.text, inside, 9)):
                self._text(text, box.left() + 2, box.top() + 27 + n * step, 9, parent=item)
            item.setToolTip(plain(f"{kind.name}: {kind.text}"))
            self.target(("spell", i), item, attempts.incantibus_cast(i))
        self._text("Special tokens", 800, 176, 9, bold=True, parent=panel)
        for n, token in enumerate(view["special_tokens"]):
            self.token({**token, "face_up": True}, at(SPECIAL_TOKENS, n), 16)

    def _sorcerers(self, view: dict[str, Any]) -> None:
        if view["dungeon"] is not None:
            self._panel(790, 236, 320, 60, "The sorcerers are in the dungeon")
            return
        track = view["sorcerers"]
        self._panel(790, 236, 320, 234, f"Sorcerers — {len(track)} to face")
        self.name_part("The sorcerers of the final battle", QRectF(790, 236, 320, 234))
        for n, sorcerer in enumerate(track):
            box = _box(at(TRACK, n), 74, 62)
            self._sorcerer(sorcerer, box)

    def _satchels(self, view: dict[str, Any], names: list[str]) -> None:
        count = len(view["satchels"])
        width = (1110 - (count - 1) * 10) / count
        chosen = set(view["chosen"])
        decision = view.get("decision")
        # The final scores, each seat's folded between its items ("sorcerers 25, wand /
        # 4" cut one from its number): as many lines under every satchel, room for all.
        scores = [
            self._score_lines(parts, width - 16)
            for parts in view.get("scores", {}).get("points", [])
        ]
        score_rows = max((len(lines) for lines in scores), default=0)
        headers = [
            " · ".join(w for w in (points(view["points"][s]), self._status(view, s)) if w)
            for s in range(count)
        ]
        # Clear of the wand's badge ("wand laid down" touched it): "pts" where a whole
        # word does not fit, and then under every satchel alike ("38 pts" beside "35
        # points" read as two kinds of score).
        if any(width_of(h, 9) > width - WAND - 10 - 30 - 8 - 4 for h in headers):
            headers = [h.replace(" points", " pts").replace(" point", " pt") for h in headers]
        for seat, satchel in enumerate(view["satchels"]):
            x, y = seat * (width + 10), 474
            me = seat == self.viewer
            fill = QColor("#fff3d6") if me else PAPER
            box = self.satchel_boxes[seat] = QRectF(x, y, width, SATCHEL_H)
            if me:
                self.name_part("Your satchel, and your wand: drag it onto a target", QRectF(box))
            panel = self.addRect(box, QPen(GOLD if me else INK, 3 if me else 1.2), QBrush(fill))
            wand = view["wands"][seat]
            self._text(
                f"{names[seat]}{' (you)' if me else ''}", x + 8, y + 6, 11, bold=True, parent=panel
            )
            self._text(headers[seat], x + 8, y + 24, 9, parent=panel)
            # The name's lines have the wand on them: the sign goes right of the cells.
            self.seat_spot(seat, None, end=QPointF(x + width - 10, y + 48))
            self._wand(
                seat,
                wand,
                QPointF(x + width - WAND - 10, y + 16),
                me and view["phase"] == "casting" and seat not in chosen,
            )
            overflow = decision and decision["kind"] == "overflow" and decision["seat"] == seat
            self._cells(
                satchel,
                x + 8,
                y + CELLS_TOP,
                width - 16,
                decision["token"] if overflow else None,
                score_rows=score_rows,
            )
            for n, part in enumerate(scores[seat] if scores else []):
                top = y + SATCHEL_H - 2 - (score_rows - n) * SCORE_STEP
                self._text(part, x + 8, top, 9, parent=panel)

    @staticmethod
    def _status(view: dict[str, Any], seat: int) -> str:
        """What a seat is doing, after its points; nothing once the game is over. (A wand
        is laid down only as the game ends, and "38 points · wand laid down" beside the
        final points meant nothing: the log and the last casting say why it ended.)"""
        decision = view.get("decision")
        if view["phase"] == "casting":
            return "has chosen" if seat in view["chosen"] else "choosing…"
        if decision and decision["seat"] == seat:
            return "deciding…"
        return ""

    @staticmethod
    def _score_lines(parts: dict[str, int], width: float) -> list[str]:
        """A seat's final score by kind ("gold 4, spells 1, …"), folded only between its
        items, never between a word and its number."""
        items = [f"{k} {v}" for k, v in parts.items() if v] or ["nothing"]
        lines: list[str] = []
        for n, item in enumerate(items):
            item += "," if n < len(items) - 1 else ""
            if lines and width_of(f"{lines[-1]} {item}", 9) <= width:
                lines[-1] += f" {item}"
            else:
                lines.append(item)
        return lines

    def _wand(self, seat: int, strength: int, at: QPointF, draggable: bool) -> None:
        path = QPainterPath()
        path.addRoundedRect(QRectF(0, 0, WAND, 12), 6, 6)
        wand = self.addPath(path, QPen(INK, 1), QBrush(QColor("#5d4037")))
        tip = self.addRect(QRectF(WAND - 14, 0, 14, 12), QPen(INK, 1), QBrush(WHITE))
        tip.setParentItem(wand)
        badge = self.addEllipse(QRectF(-30, -8, 28, 28), QPen(INK, 1.5), QBrush(GOLD))
        badge.setParentItem(wand)
        self._centred(str(strength), QPointF(-16, 6), 12, INK, wand)
        wand.setPos(at)
        wand.setToolTip(
            plain(
                f"Wand of strength {strength}" + (": drag it onto your target" if draggable else "")
            )
        )
        self.wand_anchor[seat] = at + QPointF(WAND, 6)
        if draggable:
            self.source(("wand", seat), wand)

    def _cells(
        self,
        satchel: dict[str, Any],
        x: float,
        y: float,
        width: float,
        new: int | None = None,
        score_rows: int = 0,
    ) -> None:
        """A satchel's cells, each category a row. A full satchel shows the token that
        does not fit in a cell marked "no room", and the new token marked NEW.

        The grid takes the panel's room: its rows share the height left by the lines of
        Spells and Sorcerers (and the final scores, once there are some), its columns the
        width right of the labels. Each cell holds its token and, right of it, its points
        badge, with a gap to the next cell: at 1280 x 720 with the coach's bar on, tokens
        26 across stood in cells 24 apart ("Sta" against "Sta") and the badges lay on the
        next token and on the row below, while the panel had room to spare."""
        tokens = {t["id"]: t for t in satchel["tokens"]}
        cells = satchel["cells"]
        capacity = satchel["capacity"]
        rows = [(c, label) for c, label in CELL_ROWS if c in capacity]
        below = 2 * STACK_LINE + (score_rows * SCORE_STEP + 2 if score_rows else 4)
        if score_rows:  # (the game is over: its points alone under the name, a little closer)
            y -= 2
            below -= 2
        pitch = min(34.0, (SATCHEL_H - CELLS_TOP - below) / len(rows))
        radius = min(float(SMALL_R), (pitch - CELL_GAP) / 2 - 1)
        _, across = self.badge_size(radius)
        # The badge low on the token's right, most of it off the disc (over its rim it
        # hid the ends of "Gob" and of its shape), wholly inside the row.
        spot = QPointF(
            radius + across * 0.2, min(radius * 0.6, (pitch - CELL_GAP - across) / 2 - 1)
        )
        cell_w = 2 + radius + spot.x() + across / 2 + 2
        columns = max(max(capacity[c], len(cells.get(c, []))) for c, _ in rows)
        tag = width_of("NEW", max(8, self.least), True) + 6 if new is not None else 0
        step = min(cell_w + 2 * CELL_GAP, (width - LABELS - tag) / columns)
        # (Narrower than its badge needs, the badge goes over the token's own rim.)
        spot.setX(min(spot.x(), step - CELL_GAP - 2 - radius - across / 2 - 2))
        cell_w = min(cell_w, step - CELL_GAP)
        for row, (cell, label) in enumerate(rows):
            top = y + row * pitch
            self._text(label, x, top + pitch / 2 - 8, 9)
            ids = cells.get(cell, [])
            for n in range(max(capacity[cell], len(ids))):
                box = QRectF(x + LABELS + n * step, top, cell_w, pitch - CELL_GAP)
                if n < capacity[cell]:
                    self.addRect(box, QPen(QColor("#a1887f"), 1), QBrush(QColor("#efe6d2")))
                else:
                    extra = self.addRect(
                        box, QPen(QColor("#c62828"), 2, Qt.PenStyle.DashLine), QBrush(PAPER)
                    )
                    extra.setToolTip(plain("No room for this token: one must go into the moat."))
                if n < len(ids):
                    token = tokens[ids[n]]
                    self.token(
                        {**token, "face_up": True},
                        QPointF(box.left() + 2 + radius, box.center().y()),
                        radius,
                        ("token", token["id"]),
                        attempts.incantibus_choose(token["id"]),
                        badge_spot=spot,
                    )
                    if token["id"] == new:
                        # After the row's last cell (over the row above, it hid a cell).
                        after = x + LABELS + max(capacity[cell], len(ids)) * step + 2
                        size = max(8, self.least)
                        tag_item = self._text(
                            "NEW", after, box.center().y() - size * 0.7, size, True, WHITE
                        )
                        tag_item.setZValue(70)
                        back = self.addRect(
                            tag_item.sceneBoundingRect().adjusted(-2, 0, 2, 0),
                            QPen(Qt.PenStyle.NoPen),
                            QBrush(QColor("#c62828")),
                        )
                        back.setZValue(69)
        self._stacks(tokens, cells, x, y + len(rows) * pitch, width)

    def _stacks(
        self,
        tokens: dict[int, dict[str, Any]],
        cells: dict[str, list[int]],
        x: float,
        top: float,
        width: float,
    ) -> None:
        """A satchel's spells and sorcerers, a line each under its cells: every spell token
        with its mark, every sorcerer a chip of its colour with its points, side by side
        (stacked, only the top one's points could be read: "Sorcerers: 2" and a 9 over a
        7). A long line draws them closer, never one over another."""
        for line, (cell, label) in enumerate((("spell", "Spells"), ("sorcerer", "Sorcerers"))):
            ids = cells.get(cell, [])
            middle = top + STACK_LINE * line + STACK_LINE / 2
            words = self._text(f"{label}: {len(ids)}", x, middle - 8, 9, bold=True)
            after = x + words.boundingRect().width() + 6  # the line's pieces after its words
            step = min(22.0, (x + width - after) / max(1, len(ids)))
            for m, token_id in enumerate(ids):
                token, left = tokens[token_id], after + m * step
                if cell == "sorcerer":
                    box = QRectF(left, middle - 8.5, step - 2, 17)
                    self._sorcerer({**token, "face_up": True}, box)
                else:
                    self.token(
                        {**token, "face_up": True},
                        QPointF(left + step / 2, middle),
                        min(9.0, step / 2 - 1),
                        ("token", token_id),
                        attempts.incantibus_choose(token_id),
                        badge=False,  # (worth 1 each: the tooltip and the scores say it)
                    )

    def _last_casting(self, view: dict[str, Any]) -> None:
        """What each target of the last casting truly gave, in full, in the tower."""
        entries = view["last_casting"]
        if not entries:
            return
        lines = ["Last casting:"] + [e["line"] for e in entries]
        after = prompts.aftermath(view, self.seat_names, self.since_reveal())
        # Under the room's tokens, inside the tower. Where the whole lines do not fit (four
        # seats in the final battle: "a hidden sorcerer (the Rima Wulf)" folds each line),
        # each target is told in short; the whole lines are in the tooltip and the log.
        # The spells cast and the room's end follow where they fit (they were in the log
        # alone): rather the targets in short than those left out.
        first = 244 if view["dungeon"] is None or dungeon_slots(view["dungeon"]) <= 5 else 280
        room = (366 - first - 8) // 14
        short = ["Last casting:"] + [self._in_short(e) for e in entries]
        for told in (lines + after, short + after):
            wrapped = self._folded(told)
            if len(wrapped) <= room:
                break
        else:
            # Not all of it fits: the targets (whole where that leaves as much room), then
            # as many of the spells and the room's end as fit whole, and a last line saying
            # the rest is in the tooltip. Nothing is left out without a word.
            wrapped = max(
                (self._fitting(told, after, room) for told in (lines, short)),
                key=lambda fitted: fitted[1],
            )[0]
        lines += after
        lines += after
        height = 8 + 14 * len(wrapped)
        top = 366 - height
        box = self.addRect(
            QRectF(316, top, 408, height), QPen(Qt.PenStyle.NoPen), QBrush(QColor(30, 24, 18, 215))
        )
        box.setToolTip(plain("\n".join(lines)))
        box.setData(KEY, (MARK, "casting-box"))
        for n, line in enumerate(wrapped):
            self._text(line, 322, top + 4 + n * 14, 9, bold=n == 0, colour=WHITE, parent=box)

    def _fitting(self, told: list[str], after: list[str], room: int) -> tuple[list[str], int]:
        """The box's lines when not all fit in `room` lines: the targets `told` (cut
        short if even they do not fit), the first of `after` that fit whole, and
        "… (hover here for the rest)"; with how many of `after` are drawn."""
        wrapped = self._folded(told)[: room - 1]
        drawn = 0
        for line in after:
            parts = fold(line, 396, 9, False, "   ")
            if len(wrapped) + len(parts) > room - 1:
                break
            wrapped += parts
            drawn += 1
        return wrapped + ["… (hover here for the rest)"], drawn

    @staticmethod
    def _folded(lines: list[str]) -> list[str]:
        """The Last casting box's lines folded to its width (the first, its title, bold)."""
        return [part for n, line in enumerate(lines) for part in fold(line, 396, 9, n == 0, "   ")]

    def _in_short(self, entry: dict[str, Any]) -> str:
        """One target of the last casting in short: who got it with which wand, over whom,
        what it truly was and what came of it ("Ana (4) → hidden 9 (Rima Wulf): too
        strong, to the moat")."""
        names = [self.seat_names[s] for s in entry["claimants"]]
        line = f"{names[0]} ({entry['wands'][0]})"
        if len(names) > 1:
            line += " over " + ", ".join(
                f"{n} ({w})" for n, w in zip(names[1:], entry["wands"][1:], strict=True)
            )
        # A hidden sorcerer or a secret token by the number the table showed on it ("Lera
        # (3) → Magister Ramus: too strong" was a hidden one, while the Magister Ramus face
        # up stayed and was defeated in the same casting): two of one name told apart.
        place, index = entry["target"]
        hidden = {"dungeon": "hidden", "room": "secret"}.get(place)
        got = entry.get("got")
        if hidden and entry["name"] in ("a hidden sorcerer", "a secret token"):
            line += f" → {hidden} {index + 1}" + (f" ({got})" if got else "")
        else:
            line += f" → {got or entry['name']}"
        line += f": {SHORT_OUTCOMES.get(entry['outcome'], 'being resolved')}"
        if entry["swap"]:
            line += "; wands swapped"
        return line

    # -- the reveal -----------------------------------------------------------------------------

    def revealing(self) -> bool:
        animation = self.animation
        return animation is not None and animation.state() == QVariantAnimation.State.Running

    def play_reveal(self, events: list[Any]) -> bool:
        """In-can-to!: the room as it was comes back over the table, every wand points at
        its choice at once, the contests are settled where they happened (who beat whom,
        the swap, what was got or escaped), the tokens travel to satchels or the moat,
        and the table as it is now shows through. A click or a key skips it."""
        data = next(e.data for e in events if e.is_reveal)
        self.finish_glide()  # the reveal shows where things went
        if self.animation_ms <= 0:
            return False
        self._revealed = data
        # While the wands point, the table is as it stood: no winnings in the satchels, no
        # points gained, no wands swapped, nothing new in the moat; the table as it is
        # now comes at the end.
        view, legal, names, title = self.last
        self._draw(self._as_it_stood(view, data["before"]), [], names, title)
        self._overlay(data)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(self.animation_ms)
        self.animation.valueChanged.connect(self._reveal_step)
        self.animation.finished.connect(lambda: self.stop_reveal(seen=True))
        self.animation.start()
        return True

    @staticmethod
    def _as_it_stood(view: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
        """The table as it stood when the wands pointed, seen from this seat: the public
        table of that moment (the engine's picture, nothing of what the casting opened,
        turned or emptied after it), every seat chosen, nobody deciding, no result known."""
        shown = dict(before["table"])
        shown.update(
            me=view["me"],
            phase="casting",
            decision=None,
            chosen=list(range(len(shown["satchels"]))),
            my_choice=None,
            last_casting=[],
            revealing=True,
        )
        shown.pop("scores", None)
        return shown

    def _target_centre(self, place: str, index: int, before: dict[str, Any]) -> QPointF:
        if place == "room":
            return room_centre(index)
        if place == "dungeon":
            return dungeon_box(index, dungeon_slots(before["dungeon"] or [])).center()
        if place == "potion":
            return potion_centre(index)
        return book_chip(index)

    def _overlay_item(self, item: QGraphicsItem, number: int, z: float = 90) -> None:
        item.setZValue(z)
        item.setData(KEY, (MARK, "overlay", number))

    def _overlay(self, data: dict[str, Any]) -> None:
        before = data["before"]
        now = {tuple(e["target"]): e for e in self.view["last_casting"]}
        entries = [{**e, **now.get(tuple(e["target"]), {})} for e in data["entries"]]
        pointed = {tuple(e["target"]): e for e in entries}
        self._paths: list[tuple[QPointF, QPointF]] = []
        self._travels: list[QPointF] = []
        self._show_casting_box(False)
        # The tower as it stood when the wands pointed, over today's.
        veil = self.addRect(QRectF(312, 40, 416, 330), QPen(INK, 2), QBrush(STONE))
        self._overlay_item(veil, -3, 85)
        pieces: list[tuple[tuple[str, int], QGraphicsItem]] = []
        if before["dungeon"] is not None:
            slots = dungeon_slots(before["dungeon"])
            for sorcerer in before["dungeon"]:
                key = ("dungeon", sorcerer["slot"])
                box = dungeon_box(sorcerer["slot"], slots)
                pieces.append((key, self._sorcerer(sorcerer, box)))
        else:
            for token in before["room"]:
                key = ("room", token["slot"])
                pieces.append((key, self.token(token, room_centre(token["slot"]), TOKEN_R)))
        for i, potion in enumerate(before["potions"]):
            if potion is not None and ("potion", i) in pointed:
                pieces.append((("potion", i), self.token(potion, potion_centre(i), 26)))
        for i, book in enumerate(before["books"]):
            if book is not None and ("book", i) in pointed:
                pieces.append((("book", i), self.token(book, book_chip(i), BOOK_CHIP_R)))
        for key, item in pieces:
            entry = pointed.get(key)
            if entry is None or entry.get("to") is None:
                self._overlay_item(item, -3, 86)
                continue
            # What was won travels to the winner's satchel, or what escaped to the moat.
            goes = self.moat_box if entry["to"] == "moat" else self.satchel_boxes[entry["to"]]
            self._overlay_item(item, 1000 + len(self._travels), 88)
            self._travels.append(goes.center() - item.sceneBoundingRect().center())
        # Under the room's two lines of tokens and the dungeon's two of sorcerers (it stood
        # across the second line: "In-can-to!" over the Mushroom), while the wands point.
        shout = self._text("In-can-to!", 380, 272, 34, bold=True, colour=QColor("#ffe082"))
        self._overlay_item(shout, -1, 95)
        for entry in entries:
            target = self._target_centre(*entry["target"], before)
            for seat, wand in zip(entry["claimants"], entry["wands"], strict=True):
                start = self.wand_anchor.get(seat)
                if start is None:
                    continue
                line = self.addLine(
                    QLineF(start, start),
                    QPen(GOLD, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                )
                self._overlay_item(line, len(self._paths))
                self._paths.append((start, target))
                self._label(f"wand {wand}", QPointF(start.x() - 150, start.y() - 30), -2)
        # Once the wands have pointed: every contest and what came of it, in the tower.
        # Under the lowest piece of the tower (over a dungeon's second line it hid the
        # foot and the points of the sorcerers pointed at).
        said = [self._contest_words(e) for e in entries]
        lines = [part for words in said for part in fold(words, 400, 10, True, "   ")]
        lowest = max(
            (i.sceneBoundingRect().bottom() for k, i in pieces if k[0] in ("room", "dungeon")),
            default=0.0,
        )
        self._label("\n".join(lines), QPointF(322, max(246.0, lowest + 8)), -4)
        self._reveal_step(0.0)

    def _label(self, text: str, at: QPointF, number: int) -> None:
        """Words on a dark ground, part of the reveal."""
        item = self._text(text, at.x(), at.y(), 10, True, WHITE)
        back = self.addRect(
            item.sceneBoundingRect().adjusted(-4, -2, 4, 2),
            QPen(Qt.PenStyle.NoPen),
            QBrush(QColor(20, 16, 12, 225)),
        )
        self._overlay_item(back, number, 96)
        self._overlay_item(item, number, 97)

    def _contest_words(self, entry: dict[str, Any]) -> str:
        """Who beat whom on a target and what came of it, in a line."""
        names = [self.seat_names[s] for s in entry["claimants"]]
        words = f"{entry['name']}: {names[0]} ({entry['wands'][0]})"
        if len(names) > 1:
            beaten = ", ".join(
                f"{n} ({w})" for n, w in zip(names[1:], entry["wands"][1:], strict=True)
            )
            words += f" beats {beaten}"
        if entry.get("outcome"):
            got = ""
            if entry.get("got") and entry["got"] not in words:
                # A sorcerer is named as its card names it, with no article ("the Rima
                # Wulf" read as a thing, where she is a person); a token is "the Pumpkin".
                the = "" if entry["target"][0] == "dungeon" else "the "
                got = f", {the}{entry['got']}"
            words += f"{got}: {REVEAL_WORDS.get(entry['outcome'], entry['outcome'])}"
        if entry["swap"]:
            a, b = (self.seat_names[s] for s in entry["swap"])
            words += f" ({a} and {b} swap wands)"
        return words

    def _show_casting_box(self, visible: bool) -> None:
        for item in self.items():
            if item.data(KEY) == (MARK, "casting-box"):
                item.setVisible(visible)

    def _reveal_step(self, progress: float) -> None:
        """0–0.4: the wands point; 0.4–1: the contests show; from 0.7 what was won
        travels; at the end the veil lifts and the table as it is now shows."""
        point = min(progress / 0.4, 1.0)
        travel = max(0.0, (progress - 0.7) / 0.3)
        for item in self._overlay_items():
            number = item.data(KEY)[2]
            if number >= 1000:
                item.setPos(self._travels[number - 1000] * travel)
            elif number >= 0:
                start, target = self._paths[number]
                item.setLine(QLineF(start, start + (target - start) * point))
                item.setVisible(progress < 0.7)
            elif number in (-4, -2):
                item.setVisible((progress >= 0.4) if number == -4 else progress < 0.7)
            elif number == -1:
                item.setVisible(progress < 0.4)

    def _overlay_items(self) -> list[QGraphicsItem]:
        found = []
        for item in self.items():
            tag = item.data(KEY)
            if isinstance(tag, tuple) and tag[:2] == (MARK, "overlay"):
                found.append(item)
        return found

    def stop_reveal(self, seen: bool = True) -> None:
        """Ends the reveal: at its end, on a click or key (`seen`), or when a new drawing
        overtakes it (not `seen`: the window lets the match go on then)."""
        animation, self.animation = self.animation, None
        if animation is None:
            return
        animation.stop()
        for item in self._overlay_items():
            item.setVisible(False)  # hidden, not removed (see TableScene's note)
        self._show_casting_box(True)
        if seen:
            self.redraw()  # the table as it is now, what the reveal told in it
            self.shown.emit()


SHORT_OUTCOMES = {  # what came of a target, in the Last casting box's short lines
    "taken": "taken",
    "caught": "caught",
    "escaped": "escaped to the moat",
    "brewed": "brewed",
    "learned": "learned",
    "defeated": "defeated",
    "too strong": "too strong, to the moat",
}
REVEAL_WORDS = {
    "taken": "taken",
    "caught": "caught",
    "escaped": "escapes into the moat!",
    "brewed": "brewed",
    "learned": "learned",
    "defeated": "defeated",
    "too strong": "too strong: escapes into the moat!",
}

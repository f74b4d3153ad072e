"""The Illuminati table: every Power Structure laid out on its grid, the uncontrolled
Groups, the piles, the attack under way with its number worked out, drawn from one
seat's view.

The seat's own structure lies large at the bottom, the others smaller above it. Moves
are drags and clicks (see `gestures.illuminati`): a Group onto a Group attacks it (a
menu at the drop says how), onto a free arrow moves it, onto the uncontrolled area drops
it, onto a player gives it; money is dragged from a card's coin to an adjacent Group or
a player, and a coin is clicked to spend from it in an attack (any amount); a Special is
dragged onto its target or clicked; the rest are buttons along the top.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QInputDialog

from illusio_table.engine import Action
from illusio_table.qt.scenes.base import KEY, MARK, PIECE, Composing, TableScene
from illusio_table.qt.scenes.felt import Felt
from illusio_table.qt.scenes.look import (
    GOLD,
    INK,
    PROMPT,
    PX_PER_POINT,
    READABLE_PX,
    WHITE,
    Z_LIFTED,
    Z_PIECE,
    font,
    plain,
)
from illusio_table.qt.scenes.view import TableView
from illusio_table.qt.scenes.words import cut, fold, measure, width_of
from illusio_table.table.prompts import counted

from ..table import attempts
from ..table.gestures import BUTTONS, MONEY_BUTTONS
from ..table.prompts import attack_needs, last_roll, privileged_words
from ..table.reach import money_within_reach
from .conspiracy import ConspiracyCard, Look

WIDTH = 1600  # the table's least width; a wider window widens the structures' part
HEIGHT = 1000  # below the heading
COLUMN = 354  # the column right of the structures: uncontrolled Groups, piles, attack
COIN = QColor("#f2c94c")
ANY = -1  # the amount of a menu line that asks for any amount
STRIP_GAP = 7  # between strips: a gold ring around one crosses none beside it


class IlluminatiScene(Felt, TableScene):
    def __init__(self, parent: Any = None, card_data: Any = None) -> None:
        super().__init__(parent, card_data)
        self.look = Look(card_data)
        self.cards: dict[Hashable, dict[str, Any]] = {}
        self.regions: dict[Hashable, QRectF] = {}
        self.preview: ConspiracyCard | None = None
        self.width = float(WIDTH)
        self.zoom_hint = 0.75  # the zoom it is seen at, until a window says (1600 x 1000)
        self.learn_zoom(self.zoom_hint)
        self._coin_home: QPointF | None = None  # where a carried coin rests
        self._readable: dict[tuple[Any, ...], bool] = {}  # see `readable`
        # The card the last attack was made on, and how it ended: badged after layout.
        self._outcome: tuple[dict[str, Any], ConspiracyCard] | None = None
        # The last attack's ending as first seen, and whose turn it was then: its badge
        # belongs to that turn ("ATTACK FAILED" from Juno's attack stayed on the card
        # into Ana's own turn, read as news of it).
        self._outcome_turn: tuple[dict[str, Any] | None, int | None] = (None, None)
        self._attack_turn: int | None = None  # whose turn the attack last seen was made in

    # -- drawing ---------------------------------------------------------------------------

    def clear(self) -> None:
        self._coin_home = None
        self._outcome = None
        super().clear()

    def extent(self) -> QRectF:
        return QRectF(-12, -120, self.width + 24, HEIGHT + 132)

    def fit_shape(self, width: float, height: float) -> bool:
        """The table takes the shape of the window it is shown in: wider when the window
        is (the side panels hidden), so that the structures get the room (it kept one
        shape, and hiding the panels left the new room empty). It also learns the zoom
        it will be seen at, to list what would be too small to read as cards. True if
        it changed."""
        wide = round(max(WIDTH, min(2600.0, width / height * (HEIGHT + 132) - 24)) / 20) * 20
        zoom = math.floor(min(width / (wide + 24), height / (HEIGHT + 132)) * 100) / 100
        if (wide, zoom) == (self.width, self.zoom_hint):
            return False
        self.width, self.zoom_hint = wide, zoom
        self.learn_zoom(zoom)
        return True

    @property
    def strip_points(self) -> int:
        """The size of a name on a strip."""
        return max(9, self.least_points)

    @property
    def badge_points(self) -> int:
        """The size of a lifted Group's roll badges' words."""
        return max(9, self.least_points)

    @property
    def strip_step(self) -> float:
        """How far one strip lies below the one above."""
        return round(self.strip_points * 1.9) + STRIP_GAP

    def readable(self, cards: list[str], w: float, h: float, least: bool = False) -> bool:
        """Whether every one of these cards' names, drawn w × h, reads whole at the zoom
        the table is seen at (folded over lines if need be, never cut short: "Tobacco &
        Liquor…" was, on a small card); with `least`, drawn no smaller than the least
        readable size. Remembered: the layout asks the same at every drawing (it was a
        quarter of drawing the table)."""
        key = (tuple(cards), round(w, 2), round(h, 2), least, self.least_points, self.zoom_hint)
        known = self._readable.get(key)
        if known is None:
            if len(self._readable) > 4000:  # (structures change as the game goes)
                self._readable.clear()
            known = self._readable[key] = all(self._reads(c, w, h, least) for c in cards)
        return known

    def _reads(self, cid: str, w: float, h: float, least: bool) -> bool:
        face: dict[str, Any] = {"id": cid, "least": self.least_points} if least else {"id": cid}
        if least:  # its treasury's coin may sit on its corner, the name below it
            face["coin"] = max(8.0, w / 0.84 * 0.11, self.least_points * 0.95)  # (`_structure`)
        drawn = ConspiracyCard(self.look, face, w, h).name_drawn()
        if drawn is None:
            return True
        size, words = drawn
        if size * PX_PER_POINT * self.zoom_hint < READABLE_PX:
            return False
        return words == self.look.name(cid)  # whole, folded over lines if need be

    @property
    def board(self) -> float:
        """The structures' part of the table: all but the column on the right."""
        return self.width - COLUMN - 16

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.start_drawing(view, legal, names, title)
        self.finish_glide()
        before = self.remember_places()
        self.clear()
        self.cards, self.regions = {}, {}
        self.view, self.names, self.me = view, names, view["me"]
        self.look.hidden_goals = bool(self.match_options.get("hidden_goals"))
        self._learn_outcome_turn(view)
        gestures = self.gesture_map(view, legal, self.me)
        self.wanted = {g.target for g in gestures} | {g.source for g in gestures if g.source}
        self.lifting = {g.source for g in gestures if g.source}
        self._heading(view, legal, title, gestures)
        bottom = self.me if self.me is not None else view["current"]
        others = [s for s in view["structures"] if s["seat"] != bottom]
        mine = next(s for s in view["structures"] if s["seat"] == bottom)
        rows = self._rows(others)
        needs = self._row_needs(rows)
        wants = [max(n, w) for n, w in zip(needs, self._row_wants(rows), strict=True)]
        theirs_rect, mine_rect = self._split(mine, sum(needs), sum(wants))
        needs = wants
        # Each row shares the height in proportion to what it needs: a long list in one
        # row was cut short while the other row had felt to spare.
        top = theirs_rect.top()
        for row, need in zip(rows, needs, strict=True):
            h = theirs_rect.height() * need / sum(needs)
            w = theirs_rect.width() / len(rows[0])
            for k, s in enumerate(row):
                box = QRectF(theirs_rect.left() + k * w, top, w - 10, h - 10)
                self._structure(view, s, box, 150)
            top += h
        if others:
            self.name_part("The other players' Power Structures", theirs_rect)
        self._structure(view, mine, mine_rect, 150)
        self.name_part("Your Power Structure: drag a Group to attack or move it", mine_rect)
        self._side(view)
        self._outcome_badge()
        self.bind(gestures)
        if isinstance(self.composing, AttackSetUp):
            self._light_plan(self.composing)
        self._add_hints()
        self.glide_from(before)

    # -- pieces -------------------------------------------------------------------------------

    def card(
        self, card: dict[str, Any], centre: QPointF, w: float, h: float, key: Hashable
    ) -> ConspiracyCard:
        done = self._done_on(card)
        card = self._tagged(card)
        item = ConspiracyCard(self.look, card, w, h)
        self.addItem(item)
        item.setPos(centre)
        item.setZValue(Z_PIECE)
        self.cards[key] = card
        self.piece(key, item)
        if done is not None:
            self._outcome = (done, item)  # its badge is placed once the table is laid out
        if key in self.wanted:
            self.target(key, item)
        if key in self.lifting:
            self.source(key, item)
        return item

    def _learn_outcome_turn(self, view: dict[str, Any]) -> None:
        """Whose turn the last attack's ending belongs to: the capturer's, whose structure
        now holds the card; else the turn its attack was seen under way in; else (seen
        only once over, a bot's turn drawn at its end) the turn it is first seen in."""
        if view["attack"] is not None:
            self._attack_turn = view["current"]
        done = view["outcome"]
        if done is None or done == self._outcome_turn[0]:
            return
        owner = next(
            (
                s["seat"]
                for s in view["structures"]
                for c in s["cards"]
                if c["id"] == done["target"]
            ),
            None,
        )
        if done["result"] == "captured" and owner is not None:
            seat = owner
        else:
            seat = self._attack_turn if self._attack_turn is not None else view["current"]
        self._outcome_turn, self._attack_turn = (done, seat), None

    def _done_on(self, card: dict[str, Any]) -> dict[str, Any] | None:
        """How the last attack ended, if it was made on this card, none is under way and
        the turn it was made in goes on (the next turn's player has news of their own)."""
        done = self.view.get("outcome")
        if done is None or self.view["attack"] is not None or card.get("id") != done["target"]:
            return None
        if self._outcome_turn[1] != self.view["current"]:
            return None
        return done

    def _tagged(self, card: dict[str, Any]) -> dict[str, Any]:
        """A strip attacked last leaves room on its numbers' row for the outcome badge."""
        done = self._done_on(card)
        if done is None or not card.get("strip"):
            return card
        wide = width_of(_outcome_words(done), max(9, self.least_points), True)
        return {**card, "tag": wide + 12}

    def _strip_face(self, card: dict[str, Any], w: float, pitch: float) -> dict[str, Any]:
        """A card as a strip `w` wide, with the rows of `pitch` its name needs whole."""
        face = self._tagged({**card, "turn": 0, "strip": self.strip_points, "pitch": pitch})
        return {**face, "rows": ConspiracyCard(self.look, face, w, pitch).rows()}

    def strip_rows(self, card: dict[str, Any], w: float) -> int:
        return int(self._strip_face(card, w, self.strip_step - STRIP_GAP)["rows"])

    def _strip(
        self, card: dict[str, Any], left: float, top: float, w: float, step: float, key: Hashable
    ) -> tuple[ConspiracyCard, float]:
        """A strip from (left, top), `step` to a row: the card, and the height it takes."""
        face = self._strip_face(card, w, step - STRIP_GAP)
        h = face["rows"] * step - STRIP_GAP
        centre = QPointF(left + w / 2, top + (h + STRIP_GAP) / 2)
        return self.card(face, centre, w, h, key), h + STRIP_GAP

    def _outcome_badge(self) -> None:
        """Where the last attack happened: how it ended, by the card attacked, placed once
        the whole table is laid out where it covers no card, coin or words (just above
        the card, else below or beside it; on a strip, in the room left between name and
        numbers). It glides with the card and hides while the card is carried."""
        if self._outcome is None:
            return
        done, item = self._outcome
        self._outcome = None
        colours = {"failed": "#9e9e9e", "captured": "#ffb300", "neutralized": "#64b5f6"}
        back = self.addRect(
            QRectF(), QPen(INK, 1), QBrush(QColor(colours.get(done["result"], "#e57373")))
        )
        words = QGraphicsSimpleTextItem(_outcome_words(done), back)
        words.setFont(font(max(9, self.least_points), bold=True))
        words.setBrush(INK)
        back.setVisible(False)  # not an obstacle to itself
        box = words.boundingRect()
        size = (box.width() + 8, box.height() + 2)
        face = item.face()
        if item.card.get("strip"):  # on its numbers' row, under the name
            row = item.mapRectToScene(item.numbers_row())
            spot = QRectF(
                face.left() + item.numbers_left() - item.card["tag"] + 2,
                row.center().y() - size[1] / 2,
                *size,
            )
        else:
            # (nor a free arrow's square: CAPTURED straddled one and its card's edge)
            # (nor the arrows, the links of a card to its master among them: CAPTURED lay
            # over the arrow between a new card and the Illuminati it joined)
            arrows = [
                r
                for i in self.items()
                if isinstance(i, ConspiracyCard) and i.isVisible() and i is not self.preview
                for r in i.arrow_rects()
            ]
            taken = self._obstacles(None) + self._ghosts() + arrows
            home = next((r for r in self.regions.values() if r.contains(face.center())), None)
            others = [
                i.face()
                for i in self.items()
                if isinstance(i, ConspiracyCard)
                and i.isVisible()
                and i is not item
                and i is not self.preview
            ]

            def its_own(spot: QRectF) -> bool:
                """Clearly by its own card: touching it, and farther from any other
                ("ATTACK FAILED" lay in the gap between two cards, by the wrong one)."""
                near = _apart(spot, face)
                return near <= TIGHT + 4 and all(_apart(spot, f) >= near + 6 for f in others)

            spots = [
                r
                for r in _around(face, *size, slide=True) + _around(face, *size, True, gap=1.5)
                if (home is None or home.contains(r)) and its_own(r)
            ]
            # Over nothing; else, in a crowded structure, over as little as may be but
            # never over a coin: a treasury's amount must read (CAPTURED lay over a
            # neighbour's coin at 1280 x 720); at worst astride the card's own top or
            # bottom edge, its border alone under it (laid on the edge, ATTACK FAILED
            # hid the Power and Resistance of a card in a crowded Uncontrolled area).
            coins = self._coin_rects() + arrows
            spot = next((r for r in spots if not _hits(r, taken)), None)
            if spot is None:
                clear = [r for r in spots if not _hits(r, coins)]
                x = face.center().x() - size[0] / 2
                astride = [
                    QRectF(x, face.top() + 1.5 - size[1], *size),
                    QRectF(x, face.bottom() - 1.5, *size),
                ]
                edge = astride[0]
                clear += [r for r in astride if not _hits(r, coins)]
                spot = min(clear, key=lambda r: _covered(r, taken), default=edge)
        back.setRect(QRectF(0, 0, *size))
        back.setPos(spot.topLeft())
        back.setZValue(Z_PIECE + 3)
        words.setPos(4, 1)
        back.setVisible(True)
        self.piece(("badge", done["target"]), back)

    def lit_shape(self, key: Hashable, rect: QRectF) -> QPainterPath:
        """A card lit by the guide: its frame goes round its treasury's coin too (it ran
        through the coin's amount)."""
        shape = super().lit_shape(key, rect)
        if isinstance(key, tuple) and key[0] == "group":
            for item in self.items():
                if item.data(PIECE) == ("coin", key[1]):
                    coin = QPainterPath()
                    coin.addEllipse(item.sceneBoundingRect())
                    shape = shape.united(coin)
        return shape

    def coin_width(self, money: int | None, r: float) -> float:
        """How wide a coin of radius `r` holding `money` is drawn: round, or as wide as
        its amount needs (a two-digit amount spilled out of a small coin onto the
        alignment discs beside it, in a listed structure at 1280 x 720)."""
        r = max(r, self.least_points * 0.95)
        said = "?" if money is None else str(money)
        ink = measure(max(self.least_points, int(r * 0.8)), bold=True)
        box = ink.tightBoundingRect(said)
        # The amount's ink, centred, has its corners inside the ellipse, a pixel to spare.
        high = min(0.9, (box.height() / 2 + 1) / r)
        return max(2 * r, (box.width() + 2) / math.sqrt(1 - high * high))

    def _coin(
        self, key: Hashable, money: int | None, at: QPointF, r: float, wide: float = 0
    ) -> None:
        """A treasury's coin centred `at`, as wide as its amount needs (`coin_width`) or
        `wide`, whichever is more."""
        w = max(wide, self.coin_width(money, r))
        r = max(r, self.least_points * 0.95)  # as large as the amount it holds needs to read
        coin = self.addEllipse(
            QRectF(at.x() - w / 2, at.y() - r, w, 2 * r), QPen(INK, 1), QBrush(COIN)
        )
        coin.setZValue(Z_PIECE + 2)
        size = max(self.least_points, int(r * 0.8))
        words = QGraphicsSimpleTextItem("?" if money is None else str(money), coin)
        words.setFont(font(size, bold=True))
        words.setBrush(INK)
        # Its ink centred in the coin (the line's box, descent and all, sat it high).
        metrics = measure(size, bold=True)
        ink = metrics.tightBoundingRect(words.text())
        words.setPos(at.x() - ink.center().x(), at.y() - metrics.ascent() - ink.center().y())
        coin.setToolTip(plain("Treasury hidden" if money is None else f"Treasury: {money} MB"))
        self.piece(("coin", key[1]), coin)  # it goes where its card goes
        if key in self.wanted:
            self.target(key, coin)
        if key in self.lifting:
            self.source(key, coin)

    # -- regions ------------------------------------------------------------------------------

    def _heading(
        self, view: dict[str, Any], legal: list[Action], title: str, gestures: list
    ) -> None:
        self.in_heading(self.text(title, 0, -112, 15, bold=True))
        # What the seat is asked, as its phone says it (table/seat_screen.py); then how
        # this table does it.
        screen = self.screen_of(view, legal, self.names)
        kinds = []
        for g in gestures:
            if g.target[0] == "button" and g.target[1] not in kinds:
                kinds.append(g.target[1])
        # From the right edge in one fixed order, Pass first: a button stays where it was
        # when others come and go (Pass moved after money was spent, and the next click
        # missed it).
        order = list(BUTTONS)
        kinds.sort(key=lambda k: order.index(k) if k in order else len(order))
        buttons = []
        x = self.width
        for kind in kinds:
            label, tip = BUTTONS.get(kind, kind), ""
            if view["phase"] == "spending" and kind in MONEY_BUTTONS:
                label, tip = MONEY_BUTTONS[kind]
            if kind == "refuse":  # a Group offered to you, or asked of you
                label = "Keep it" if view["phase"] == "asked" else "Refuse"
            if kind == "pass" and view["phase"] == "rearranging":
                label = "Done"
            width = 16 + width_of(label, max(11, self.least_points), True)
            x -= width + 8
            buttons.append((label, tip, kind, QRectF(x, -62, width, 38)))
        # Words beside the buttons' row end a clear gap before the first button (the
        # hint's "…play it." touched "Show everyone your Specials…").
        beside = (x - 12) if buttons else self.width

        def room(top: float, size: int, bold: bool = False) -> float:
            """The width words at `top` have: short of the buttons where they are level."""
            return beside if top + measure(size, bold).lineSpacing() > -62 - 4 else self.width

        # Folded where wider than the table (one line of the game's end ran past the
        # table's right edge, and the whole table shrank to show it), and short of the
        # buttons from the line that comes level with them.
        size = max(12, self.least_points)
        lines = fold(screen.heading, self.width, size, True)
        if len(lines) > 1 or room(-84, size, True) < self.width:
            lines = fold(screen.heading, room(-84 + 20, size, True), size, True)
        said = self.text("\n".join(lines), 0, -84, 12, bold=True, colour=PROMPT)
        self.seat_heading(said)
        below = said.sceneBoundingRect().bottom()
        how = self._how(view)
        if how and len(lines) == 1:
            after = said.sceneBoundingRect().right() + 10
            size = max(11, self.least_points)
            if after + width_of(how, size) <= beside or room(-82, size) == self.width:
                self.in_heading(self.text(how, after, -82, 11))
                how = ""  # (else level with a button and as far: on a line below)
        if how:
            size = max(11, self.least_points)
            folded = "\n".join(fold(how, room(below, size), size))
            below = self.in_heading(self.text(folded, 0, below, 11)).sceneBoundingRect().bottom()
        for label, tip, kind, rect in buttons:
            self.in_heading(self.button(label, rect, ("button", kind), size=11, tip=tip))
        turn = screen.words.get("turn", "")
        top, size = max(-56, below + 2), max(11, self.least_points)
        self.in_heading(self.text("\n".join(fold(turn, room(top, size), size)), 0, top, 11))

    def _how(self, view: dict[str, Any]) -> str:
        """How the heading's choice is made on this table, where a click on what is lit
        does not say it all (the phone says its own)."""
        me, phase = view["me"], view["phase"]
        if view.get("result") or not self.wanted:
            return ""
        if phase == "spending":
            # Only what can go in is asked for: with no money and no Special the status
            # says "pass", and "Click a coin" beside it contradicted it.
            kinds = {key[0] for key in self.wanted if isinstance(key, tuple)}
            if "money" in kinds:
                return "Click a coin to spend from it."
            return "Click a Special to play it." if "special" in kinds else ""
        if phase == "rearranging":
            return "Drag coins between them, then Done."
        if phase in ("placing", "consent"):  # (only its placer has anything lit)
            return "Click an arrow that is lit."
        if phase != "actions" or me != view["current"]:
            return ""
        if self.composing is not None:
            return (
                "Set the attack up: its kind, privilege, aiding Groups (click them), where a "
                "capture hangs; then Attack. Esc calls it off."
            )
        return (
            "Drag a Group onto a Group to attack it, onto a free arrow to move it; drag a "
            "coin to move money; click a Special to play it."
        )

    def _structure(
        self, view: dict[str, Any], s: dict[str, Any], box: QRectF, largest: float
    ) -> None:
        """A Power Structure on its grid, its header above it."""
        seat = s["seat"]
        self.region(box, key=("seat", seat))
        colour = self.seat_colour(seat)
        self.addEllipse(QRectF(box.left() + 8, box.top() + 8, 14, 14), QPen(INK, 1), QBrush(colour))
        leader = self.look.name(s["illuminati"]) if s["illuminati"] else "Illuminati hidden"
        you = " (you)" if seat == view["me"] else ""
        # (no one plays while everyone chooses a goal, nor after the end)
        turning = not view.get("result") and view.get("phase") != "goals"
        playing = "  ◀ playing" if seat == view["current"] and turning else ""
        # Folded to its box, never cut: a long one ran into the next structure, then was
        # cut ("Bot 1: Bavarian Illuminati — out of the…"); being out of the game is said
        # on the line under it.
        size = max(12 if box.width() > 300 else 10, self.least_points)
        step = measure(size, True).lineSpacing()
        said = fold(f"{self.names[seat]}{you}: {leader}{playing}", box.width() - 36, size, True)
        for n, part in enumerate(said):
            name = self.text(part, box.left() + 28, box.top() + 5 + n * step, size, bold=True)
            if n == 0:
                self.seat_spot(seat, name)
        held = s["specials"]
        line = f"{len(s['cards'])} of {view['goal']} Groups · {counted(held, 'Special')}"
        if s["eliminated"]:
            line = f"Out of the game · {line}"
        small = max(10 if largest > 100 else 8, self.least_points)
        below, pitch = box.top() + 5 + len(said) * step, measure(small).lineSpacing()
        status = fold(line, box.width() - 36, small)
        for n, part in enumerate(status):
            self.text(part, box.left() + 28, below + n * pitch, small)
        top = max(box.top() + 44, below + len(status) * pitch + 6)
        if seat == view["me"] and view["my_specials"]:
            top = self._my_specials(view["my_specials"], box.left() + 8, top, box.right() - 8) + 6
        elif seat == view["me"] and view.get("hidden_specials"):
            held = view["hidden_specials"]
            label = f"Your {counted(held, 'Special')}: look at them alone"
            self.button(label, QRectF(box.left() + 8, top, 300, 30), ("button", "private"), size=10)
            top += 36
        rest = QRectF(box.left(), top, box.width(), box.bottom() - top)
        if seat != self.me and self._listed(s, rest, largest):
            return
        arrows, (xs, ys) = self._grid(s)
        area = QRectF(box.left() + 6, top, box.width() - 12, box.bottom() - top - 4)
        if seat == self.me and not self._reads_in(s, xs, ys, area):
            # One's own cards where their names do not read whole in the room left
            # (others' structures grew, a long chain of one's own: "Be…", "Th…" at
            # 1280 x 720): the free arrows' ghosts are left out where a Group need not be
            # placed on one now (moving a Group is in the Moves panel too), and where the
            # cards still do not read, the structure is listed as the others' are, every
            # name whole.
            if view["phase"] not in ("placing", "consent"):
                if self._listed(s, rest, math.inf):
                    return
                arrows, (xs, ys) = [], self._grid(s, ghosts=False)[1]
        cols, rows = len(xs), len(ys)
        room = min(area.width() / cols, area.height() / rows)
        size = min(largest, room)
        # Larger cards where a long name would not read whole on them, folded, as far as
        # the room allows ("Society for Creative…" was cut on one's own largest card).
        ids = [c["id"] for c in s["cards"]]
        while size < room and not self.readable(ids, size * 0.84, size * 0.56, least=True):
            size = min(size + 10, room)  # (the last step up to all the room there is)
        left = area.center().x() - size * (cols / 2) + size / 2 - min(xs) * size
        up = area.center().y() - size * (rows / 2) + size / 2 - min(ys) * size

        def at(cell: tuple[int, int]) -> QPointF:
            return QPointF(left + cell[0] * size, up + cell[1] * size)

        for card, _side, cell, key in arrows:  # a free arrow where a Group may go: a ghost
            r = QRectF(
                at(cell).x() - size * 0.36, at(cell).y() - size * 0.36, size * 0.72, size * 0.72
            )
            plan = self.composing
            chosen = isinstance(plan, AttackSetUp) and key == ("plan", "side", plan.side)
            fill = QColor(255, 213, 79, 150 if chosen else 40)
            ghost = self.addRect(r, QPen(GOLD, 1.5, Qt.PenStyle.DashLine), QBrush(fill))
            ghost.setToolTip(
                plain(
                    "Where the captured Group will hang"
                    if key[0] == "plan"
                    else f"A free arrow of {self.look.name(card)}"
                )
            )
            self.target(key, ghost)
        for c in s["cards"]:
            cid = c["id"]
            key = ("group", cid) if cid != "illuminati" else ("top", seat)
            face = {**c, "role": self._role(cid), "least": self.least_points}
            centre = at(tuple(c["cell"]))
            # The treasury's coin sits on the card's top right corner; the card keeps its
            # name and Resistance clear of it ("Discordian" ran under it).
            treasury = c["money"] is not None or ("money", cid) in self.wanted
            radius = max(8.0, size * 0.11, self.least_points * 0.95)  # as `_coin` draws it
            if treasury:
                face["coin"] = radius
                # (a two-digit amount may make it wider than round: the Resistance keeps
                # clear of all of it)
                face["coin_half"] = self.coin_width(c["money"], radius) / 2
            item = self.card(face, centre, size * 0.84, size * 0.56, key)
            if seat == self.me and key not in self.targets and key not in self.sources:
                self.target(key, item)  # no move from it: a click says why (`nothing_there`)
            if treasury:  # (the card's own corner, wherever its turn has taken it)
                corner = QTransform().rotate(90 * c.get("turn", 0))
                coin = centre + corner.map(QPointF(size * 0.42, -size * 0.28))
                self._coin(("money", cid), c["money"], coin, radius)

    def _grid(
        self, s: dict[str, Any], ghosts: bool = True
    ) -> tuple[list[tuple[str, str, tuple[int, int], Hashable]], tuple[range, range]]:
        """A structure's free arrows where something may go (each a ghost card), and the
        columns and rows of the grid its cards and those ghosts take (its cards' alone
        without `ghosts`). One's own keeps room for a ghost at every free arrow, whether
        or not something may go there now: its cards then lie where they lay from one
        moment of the turn to the next (they moved and changed size between an attack's
        set-up, whose capture may hang at any free arrow, and its money)."""
        cells = [tuple(c["cell"]) for c in s["cards"]]
        free = self._free_arrow_cells(s)
        arrows = [(card, side, cell, self._arrow_key(card, side)) for card, side, cell in free]
        arrows = [a for a in arrows if a[3] is not None and ghosts]
        kept = [cell for *_, cell in free] if ghosts and s["seat"] == self.me else []
        every = cells + [cell for _, _, cell, _ in arrows] + kept
        xs, ys = [c[0] for c in every], [c[1] for c in every]
        return arrows, (range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1))

    def _reads_in(self, s: dict[str, Any], xs: range, ys: range, area: QRectF) -> bool:
        """Whether a structure's names read whole on its cards at the most room `area`
        gives a grid of `xs` × `ys` cells."""
        room = min(area.width() / len(xs), area.height() / len(ys))
        return self.readable([c["id"] for c in s["cards"]], room * 0.84, room * 0.56, least=True)

    def _listed(self, s: dict[str, Any], area: QRectF, largest: float) -> bool:
        """Another's structure as a list, each Group a strip under the one that controls
        it, when its cards do not fit (True if so): drawn as they lie, as large as the
        room allows, each name whole at the least readable size or more, folded over the
        card's lines (cut short, "Tobacco & Liquor…" said nothing). Only one's own
        structure is drawn as it lies while it may: Groups are moved and placed there
        (see `_structure`). (The
        table gives the others' rows the height their cards want, so that four cards in
        a two-player game are not listed with room to spare around them.)"""
        xs, ys = [c["cell"][0] for c in s["cards"]], [c["cell"][1] for c in s["cards"]]
        cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        size = min(largest, (area.width() - 12) / cols, (area.height() - 4) / rows)
        if self.readable([c["id"] for c in s["cards"]], size * 0.84, size * 0.56, least=True):
            return False
        order = _list_order(s)
        rows = self._list_rows(s, area.width())
        step = min(self.strip_step, (area.height() - 4) / max(1, rows))
        r = max(7.0, self.strip_step * 0.36)
        # The coins' column as wide as the widest amount needs (`coin_width`).
        wide = max([self.coin_width(c["money"], r) for c in s["cards"]] + [2 * r])
        y = area.top()
        for depth, c in order:
            cid = c["id"]
            key = ("group", cid) if cid != "illuminati" else ("top", s["seat"])
            left = area.left() + 8 + depth * 14
            right = area.right() - 8 - wide - 4
            face = {**c, "role": self._role(cid)}
            item, high = self._strip(face, left, y, right - left, step, key)
            y += high
            if c["money"] is not None or ("money", cid) in self.wanted:
                row = item.mapRectToScene(item.numbers_row())
                at = QPointF(right + 4 + wide / 2, row.center().y())
                self._coin(("money", cid), c["money"], at, r, wide)
        return True

    def _list_rows(self, s: dict[str, Any], width: float) -> int:
        """The rows another's structure takes listed in a box `width` wide (a name that
        does not fit beside its numbers takes more than one: see `_listed`)."""
        r = max(7.0, self.strip_step * 0.36)
        wide = max([self.coin_width(c["money"], r) for c in s["cards"]] + [2 * r])
        return sum(
            self.strip_rows(c, width - 16 - depth * 14 - wide - 4) for depth, c in _list_order(s)
        )

    def _split(
        self, mine: dict[str, Any], theirs_least: float, theirs_want: float = 0
    ) -> tuple[QRectF, QRectF]:
        """One's own structure below, as tall as the rows it spans need at a good size,
        the others above in all the rest: a small structure of one's own leaves them
        more room (the split was fixed, and their cards stayed small over empty felt).
        The others keep at least `theirs_least`, what they need listed one Group to a
        line, and a tall structure of one's own takes the rest (its cards were cut to 30
        pixels above others' three-line lists); one's own keeps 420 at least. Where the
        others want more room to show their cards as they lie (`theirs_want`) than is
        left, one's own gives up to a quarter of what it wants, but never so much that a
        name of its own would be cut."""
        high = HEIGHT - 10
        if not theirs_least:  # nobody else at the table
            return QRectF(0, 0, self.board, 0), QRectF(0, 0, self.board, HEIGHT)
        ys = [c["cell"][1] for c in mine["cards"]]
        rows = max(ys) - min(ys) + 3  # with a row for free arrows above and below
        want = rows * 100.0 + 60
        # Where both cannot have all they want, one's own gives up to a quarter of its
        # room, so that the others' cards need not turn into lists.
        mine_h = max(420.0, min(high - theirs_least, want, max(high - theirs_want, want * 0.75)))
        # As tall as its Groups' names need to read whole on its cards (with the free
        # arrows shown round them), as far as the others leave room: what their lists
        # need. One's own cards come first (a house decision): the others' structures
        # are listed where their cards then no longer fit, every name whole there too
        # (giving them all they wanted to show their cards as they lie cut one's own on
        # one's own turn: "Gnome…", "Nuclear…", "Servants…" at 1280 x 720).
        # (Its cards grow past the usual largest where a name needs it, see `_structure`:
        # capped at that, no size was found for "Society for Creative Anarchism" at 1280
        # x 720, and one's own structure did not grow into the room the others left.)
        _, cell = self._least_cell(mine, self.board, most=300)
        _, (_, grid_rows) = self._grid(mine)
        spare = high - theirs_least
        # (its heading, and the row of its Specials under it if one holds any: with one,
        # "The Network" was cut to "The…" on one's own turn)
        held = self.view.get("my_specials") or []
        chips = self._special_chips(held, 8, 0, self.board - 8)
        head = 52 + (max(r.bottom() for _, r in chips) + 6 if chips else 0)
        head += 36 if not held and self.view.get("hidden_specials") else 0
        mine_h = max(mine_h, min(spare, len(grid_rows) * cell + head))
        theirs = QRectF(0, 0, self.board, high - mine_h)
        return theirs, QRectF(0, high - mine_h + 10, self.board, mine_h)

    def _rows(self, others: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        """The others' structures in one row, or two from five seats on."""
        per_row = len(others) if len(others) <= 3 else -(-len(others) // 2)
        return [row for row in (others[:per_row], others[per_row:]) if row]

    def _row_needs(self, rows: list[list[dict[str, Any]]]) -> list[float]:
        """The height each row of the others' structures needs at the least: their
        Groups listed one to a line (a row is as tall as its largest structure)."""
        needs = []
        for row in rows:
            width = self.board / len(row) - 10
            most = max(self._list_rows(s, width) for s in row)
            needs.append(max(160.0, 54 + (most + 0.5) * self.strip_step))
        return needs

    def _row_wants(self, rows: list[list[dict[str, Any]]]) -> list[float]:
        """The height each row of the others' structures takes to show its cards as they
        lie, each name whole (see `_listed`); 0 where no height would
        (too wide for its share of the table: listed)."""
        wants = []
        for row in rows:
            width = self.board / len(row)
            cells = [self._least_cell(s, width) for s in row]
            wants.append(max((54 + rows_ * cell + 8 for rows_, cell in cells if cell), default=0))
        return wants

    def _least_cell(self, s: dict[str, Any], width: float, most: float = 150) -> tuple[int, float]:
        """A structure's rows, and the least cell at which its cards show a word of each
        name (0 if even the widest its share allows, up to `most`, would not)."""
        ids = [c["id"] for c in s["cards"]]
        xs, ys = [c["cell"][0] for c in s["cards"]], [c["cell"][1] for c in s["cards"]]
        cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        top = int(min(most, (width - 24) / cols))
        if not self.readable(ids, top * 0.84, top * 0.56, least=True):
            return rows, 0
        low, high = 20, top  # the least size that does, found by halves
        while low < high:
            middle = (low + high) // 2
            if self.readable(ids, middle * 0.84, middle * 0.56, least=True):
                high = middle
            else:
                low = middle + 1
        return rows, float(high)

    def _role(self, card: str) -> str | None:
        """Its part in the attack under way (or being set up), if any: its frame says it."""
        a, plan = self.view["attack"], self.composing
        if a is not None:
            attacker, target, aiders = a["attacker"], a["target"], a["aiders"]
        elif isinstance(plan, AttackSetUp):
            attacker, target, aiders = plan.attacker, plan.target, plan.aiders
        else:
            return None
        if card == attacker:
            return "attacker"
        if card == target:
            return "target"
        return "aider" if card in aiders else None

    def _arrow_key(self, card: str, side: str) -> Hashable | None:
        """A free arrow's key when something may go there: a Group moved or received, or,
        while a control attack is set up, the captured Group (its attacker's arrows)."""
        p = self.composing
        if isinstance(p, AttackSetUp):
            attacker = card == p.attacker and p.how == "control"
            return ("plan", "side", side) if attacker else None
        key = ("arrow", card, side)
        return key if key in self.wanted else None

    def _free_arrow_cells(self, s: dict[str, Any]) -> list[tuple[str, str, tuple[int, int]]]:
        """Each free outward arrow of the structure and the cell it points at."""
        found = []
        for c in s["cards"]:
            for side, (x, y) in c["free_cells"].items():
                found.append((c["id"], side, (x, y)))
        return found

    def _special_chips(
        self, specials: list[str], x: float, y: float, right: float
    ) -> list[tuple[str, QRectF]]:
        """Where one's Specials lie under one's heading: in a row (or more), each as wide
        as its name needs at the least size that reads, over two lines at most ("Senate
        Investigating Committee" was squeezed to 5 pixels on a chip of 118)."""
        size = max(9, self.least_points)
        pitch = measure(size, True).lineSpacing()
        left, bottom, found = x, y, []
        for card in specials:
            name = self.look.name(card)
            w = max(118.0, min(260.0, width_of(name, size, True) + 14))
            if len(fold(name, w - 10, size, True)) > 2:
                w = max(w, width_of(name, size, True) / 2 + 40)
            h = max(40.0, len(fold(name, w - 10, size, True)) * pitch + 10)
            if left > x and left + w > right:  # (a row of its own)
                left, y = x, bottom + 4
            found.append((card, QRectF(left, y, w, h)))
            left += w + 8
            bottom = max(bottom, y + h)
        return found

    def _my_specials(self, specials: list[str], x: float, y: float, right: float) -> float:
        """One's Specials under one's heading (`_special_chips`); the bottom of the last."""
        size = max(9, self.least_points)
        bottom = y
        for card, r in self._special_chips(specials, x, y, right):
            face = {"id": card, "face": "special", "least": size}
            self.card(face, r.center(), r.width(), r.height(), ("special", card))
            bottom = max(bottom, r.bottom())
        return bottom

    def _side(self, view: dict[str, Any]) -> None:
        """Right of the structures, one under the other: uncontrolled Groups, piles, the
        attack, the large card. The uncontrolled Groups lie three (or two) a row as long as
        twelve fit and their names read at the zoom the table is seen at; else each is a strip,
        and the large card gives them its room if they need it (the tooltips still tell
        a card whole)."""
        x, w = self.board + 16, COLUMN
        groups = view["uncontrolled"]
        # Rows stand apart by a lane where a lifted Group's roll badges go, over no card:
        # as tall as a badge and its gaps (`_around`) where the cards still read whole,
        # else narrower (a badge then goes beside its card, or is left out: the status
        # line says the roll) rather than the cards turning into a list.
        fit = max(24.0, measure(self.badge_points, True).height() + 2 + TIGHT + 3 + 2)
        listed = True
        for lane, per_row in ((fit, 3), (fit, 2), (24.0, 3), (24.0, 2)):
            # (three a row, or two larger ones where names need it)
            rows = max(1, -(-len(groups) // per_row))
            cw = (w - 16) / per_row - 8
            high = min(430.0, max(300.0, 34 + rows * (cw / 1.5 + lane)))
            cw = min(cw, ((high - 34) / rows - lane) * 1.5)
            if len(groups) <= 12 and self.readable(groups, cw, cw / 1.5, least=True):
                listed = False
                break
        step = self.strip_step
        dead = view["dead"][-3:]
        piles_h = 34 + sum(self.strip_rows({"id": c}, w - 16) for c in dead) * step
        if listed:
            room = HEIGHT - piles_h - 236 - 20
            rows = sum(self.strip_rows({"id": c}, w - 56) for c in groups)
            high = max(300.0, min(room, 34 + rows * step))
            step = min(step, (high - 34) / max(1, rows))
        unc = QRectF(x, 0, w, high)
        self.region(unc, "Uncontrolled Groups", ("uncontrolled",))
        self.name_part("Uncontrolled Groups: anyone may attack them", unc)
        y = 32.0
        for k, cid in enumerate(groups):
            # (its numbers no smaller than the size that reads: "I +0" beside five
            # alignment discs came out at 7.9 px)
            card = {"id": cid, "turn": 0, "role": self._role(cid), "least": self.least_points}
            if listed:  # a lane on the right for the roll badges
                y += self._strip(card, x + 8, y, w - 56, step, ("group", cid))[1]
                continue
            col, row = k % per_row, k // per_row
            top = 30 + lane - 4
            ch = cw / 1.5
            centre = QPointF(x + 12 + cw / 2 + col * (cw + 8), top + ch / 2 + row * (ch + lane))
            self.card(card, centre, cw, ch, ("group", cid))
        piles = QRectF(x, unc.bottom() + 10, w, piles_h)
        words = f"Deck: {view['deck']} · Dead pile: {len(view['dead'])}"
        self.region(piles, words + (", the last three:" if len(view["dead"]) > 3 else ""))
        self.name_part("The deck and the dead pile", piles)
        y = piles.top() + 32
        for cid in reversed(dead):  # the last to die first
            y += self._strip({"id": cid}, x + 8, y, w - 16, self.strip_step, ("group", cid))[1]
        attack = QRectF(x, piles.bottom() + 10, w, 236)
        if isinstance(self.composing, AttackSetUp):
            # (as much taller as its heading takes lines: the rest keeps its room)
            heads = self._planning_head(self.composing, w)
            step = measure(max(9, self.least_points), True).lineSpacing()
            attack.setHeight(attack.height() + (len(heads) - 1) * step)
            # (and as its privileges take rows past the two it has room for)
            rows = self._privilege_buttons(self.composing, attack, 0)
            attack.setHeight(
                attack.height() + max(0.0, max((r.bottom() for *_, r in rows), default=52) - 52)
            )
            # (and as the aiders' names take lines past the one it has)
            said = self._aider_words(self.composing, w)
            line = measure(max(9, self.least_points)).lineSpacing()
            attack.setHeight(attack.height() + (len(said) - 1) * line)
            self._planning(self.composing, attack)
        else:
            # (as much taller as its lines need to be read whole, from the large card's
            # room below: "Government against" was cut off by "… (the rest in the log)",
            # which the log did not hold, on an aided attack with an alignment line)
            lines, room = self._attack_lines(view, attack)
            needed = 26 + self.lines_height(lines, attack.left() + 8, room, 9, True) + 6
            attack.setHeight(max(attack.height(), min(needed, HEIGHT - attack.top())))
            self._attack(view, attack)
        self.name_part("The attack: its roll worked out, then the dice", attack)
        large = QRectF(x, attack.bottom() + 10, w, HEIGHT - attack.bottom() - 10)
        self.preview = None
        if large.height() >= 150:
            self._preview(large)
            self.name_part("The card under the pointer, large, in words", large)

    def _attack(self, view: dict[str, Any], rect: QRectF) -> None:
        self.region(rect, "Attack")
        a = view["attack"]
        y = rect.top() + 26
        if a is None:
            words = "No attack under way."
            done = view["outcome"]
            if done is not None:
                words += (
                    f"\nLast: {self.look.name(done['target'])} {done['result']}\n"
                    f"({last_roll(done)})."
                )
            room = QRectF(rect.left(), rect.top(), rect.width() - 90, rect.height())  # (dice)
            self.lines(words.split("\n"), rect.left() + 8, y, room, 10)
            self._dice(view, rect)
            return
        lines, room = self._attack_lines(view, rect)
        self.lines(lines, rect.left() + 8, y, room, 9, bold_last=True)
        self._dice(view, rect)

    def _attack_lines(self, view: dict[str, Any], rect: QRectF) -> tuple[list[str], QRectF]:
        """The attack under way, line by line as the panel `rect` says it, and the room
        its words take there."""
        a = view["attack"]
        if a is None:
            return [], rect
        head = (
            f"{self.look.name(a['attacker'])} attacks to {a['how']} {self.look.name(a['target'])}"
        )
        lines = [head] + [number_line(label, value) for label, value in a["lines"]]
        if a["privileged"]:  # (before the roll it needs: the last line, kept where cut)
            lines.append(privileged_words(a, self.names))
        lines.append(attack_needs(a))
        room = rect.adjusted(0, 0, 0, -4)
        if "roll" in a:  # the dice are drawn top right: the first lines keep clear of them
            room.setRight(rect.right() - 90)
        return lines, room

    def _dice(self, view: dict[str, Any], rect: QRectF) -> None:
        """The last roll, while no attack waits for its own."""
        a = view["attack"]
        if a is not None and "roll" not in a:
            return
        for k, value in enumerate(view["dice"][:2]):
            die = QRectF(rect.right() - 84 + k * 40, rect.top() + 6, 32, 32)
            self.addRect(die, QPen(INK, 1.2), QBrush(WHITE))
            self.text(str(value), die.left() + 10, die.top() + 5, 14, bold=True, colour=INK)

    def _preview(self, rect: QRectF) -> None:
        """The card under the pointer (or focused), large and upright, and in words."""
        self.region(rect)
        # Smaller when the uncontrolled Groups take room, leaving its words ten lines.
        h = max(80.0, min(132.0, rect.height() - 34 - 10 * 13))
        self.preview = ConspiracyCard(self.look, {"id": "illuminati"}, h * 1.5, h)
        self.addItem(self.preview)
        self.preview.setPos(rect.center().x(), rect.top() + 22 + h / 2)
        self.preview.setVisible(False)
        self.preview_words = self.text(
            "Point at a card to read it.", rect.left() + 8, rect.top() + 34 + h, 9
        )
        self.preview_width = rect.width() - 16
        self.preview_rect = QRectF(rect)

    def show_large(self, key: Hashable | None) -> None:
        """The card pointed at, large, and in words under it, all inside its panel: the
        card as large as the room its words leave, and left out where its name would not
        read whole on it (the words name it too). (At 1280 x 720 "Evil Geniuses for a
        Better…" was cut on it, and its words ran off the panel's bottom.)"""
        card = self.cards.get(key) if key is not None else None
        if card is None or self.preview is None:
            return
        face = {**card, "turn": 0, "role": None, "strip": False, "least": self.least_points}
        rect, size = self.preview_rect, self.preview_words.font().pointSize()
        words = self.preview_words
        look = self.look
        for said in (look.words(card), look.brief(card), look.brief(card, money=False)):
            # (in fewer lines where all it says would not fit, the card left out; at
            # worst without the treasury, which its coin says)
            lines = [part for line in said if line for part in fold(line, self.preview_width, size)]
            words.setText("\n".join(lines))
            if words.boundingRect().height() <= rect.height() - 8:
                break
        h = min(132.0, rect.height() - 34 - 4 - words.boundingRect().height())
        drawn = ConspiracyCard(self.look, face, h * 1.5, h).name_drawn() if h >= 60 else None
        whole = h >= 60 and (drawn is None or drawn[1] == self.look.name(card["id"]))
        self.preview.prepareGeometryChange()
        self.preview.w, self.preview.h = h * 1.5, h
        self.preview.setPos(rect.center().x(), rect.top() + 22 + h / 2)
        self.preview.set_card(face)
        self.preview.setVisible(whole)
        words.setY(rect.top() + 34 + h if whole else rect.top() + 4)

    # -- setting up an attack after the drop ---------------------------------------------------

    def _aider_words(self, p: AttackSetUp, width: float) -> list[str]:
        """The set-up panel's line on the aiding Groups, folded to its `width`: those
        chosen, by name (a click on one only changed the chance and made its frame a
        paler gold), or how to choose them."""
        size = max(9, self.least_points)
        if p.aiders:
            names = ", ".join(self.look.name(a) for a in p.aiders)
            words = f"Aided by {names} (click one again to take it back)."
        elif any(what == "aider" for what, _ in p.options().values()):
            words = "Click your Groups framed in gold to aid it."
        else:
            words = "No Group can aid it."
        return fold(words, width - 16, size)

    def _planning(self, p: AttackSetUp, rect: QRectF) -> None:
        self.region(rect, "Set up the attack")
        # Who attacks whom, folded over the lines it takes ("Bavarian Illuminati against
        # Moral Min…" was cut at 1280 x 720), the rest of the panel under it.
        size = max(9, self.least_points)
        step = measure(size, True).lineSpacing()
        heads = self._planning_head(p, rect.width())
        for n, row in enumerate(heads):
            self.text(row, rect.left() + 8, rect.top() + 24 + n * step, size, bold=True)
        rect = rect.adjusted(0, (len(heads) - 1) * step, 0, 0)  # (its bottom stays)
        choices = p.options()

        # Each button as wide as its words, the chosen one's "●" too, as far as the panel's
        # width allows (and the privileges': see `_privilege_buttons`).
        def wide(label: str, least: float, size: int) -> float:
            most = rect.width() - 16
            return min(most, max(least, width_of(label, max(size, self.least_points), True) + 12))

        x, y = rect.left() + 8, rect.top() + 44
        kinds = [(key, value) for key, (what, value) in choices.items() if what == "how"]
        if not kinds:
            # One kind of attack only: plain words, not a "● control" button that did
            # nothing when pressed (as the privilege none can buy, below).
            said = self.text(f"To {p.how}", x + 2, y + 4, 9, bold=True)
            said.setToolTip(plain(f"An attack to {p.how}: the only kind this one can be. {HOW}"))
        for key, value in kinds:
            label = ("● " if value == p.how else "") + value
            width = wide(label, 100, 9)
            self.button(label, QRectF(x, y, width, 26), key, size=9, tip=HOW)
            x += width + 6
        buttons = self._privilege_buttons(p, rect, rect.top() + 76)
        size = max(8, self.least_points)
        if not self._privilege_choices(p):
            # Nothing to buy a privilege with: plain words, not a button that does nothing
            # ("● not privileged" looked like one), saying what a privilege would be.
            said = self.text("Not privileged", rect.left() + 10, rect.top() + 80, 9)
            said.setToolTip(plain(f"Not privileged. {PRIVILEGE} You have nothing to pay with."))
            buttons = []
        for key, label, lines, at in buttons:
            tip = f"{label[2:] if label.startswith('● ') else label}. {PRIVILEGE}"
            tip = tip[0].upper() + tip[1:]
            button = self.button("" if len(lines) > 1 else label, at, key, size=8, tip=tip)
            if len(lines) > 1:  # (a long Special's name, folded on its button)
                words = QGraphicsSimpleTextItem("\n".join(lines), button)
                words.setFont(font(size, bold=True))
                words.setBrush(INK)
                words.setPos(at.left() + 6, at.center().y() - words.boundingRect().height() / 2)
        y = max((at.bottom() for *_, at in buttons), default=rect.top() + 100)
        # (Under the privileges' last row, where they take more than two.)
        below = max(0.0, y + 8 - (rect.top() + 136))
        said = self._aider_words(p, rect.width())
        size = max(9, self.least_points)
        line = measure(size).lineSpacing()
        for n, row in enumerate(said):
            self.text(row, rect.left() + 8, rect.top() + 136 + below + n * line, size)
        below += (len(said) - 1) * line
        move = p.move()
        hint, refused = self.hint(move), self.why_not(move)
        short = re.search(r"at least (\d+) MB", hint)  # it needs money put down to succeed
        out_of_reach = self._out_of_reach(move, int(short[1])) if short and not refused else None
        if out_of_reach is not None:  # nor could the money in sight: said, no live button
            said, tip = out_of_reach
            size, refused = 9, tip
        elif refused:  # no money at the table could save it: the engine says why
            said, size, tip = refused, 9, refused
        elif short:
            said = f"It {hint}.".replace(": ", ":\n", 1)  # (in two lines)
            size = 11
            tip = (
                f"Attack: it can succeed only if at least {short[1]} MB put down after you "
                "announce it raise the roll it needs to 2 (each MB on the attacker's side "
                "adds 1)."
            )
        else:
            said = f"It {hint}." if hint else ""
            size, tip = 11, ""
        go = QRectF(rect.left() + 8, rect.bottom() - 44, 130, 36)
        # Folded to the panel above the button, as many lines as fit there; the last one
        # shown ends in "…" if cut, and the tooltip says it whole (a long refusal ran off
        # the panel and under the button).
        # At its size, or at the least that reads where that does not fit (a heading on
        # two lines left "It cannot succeed as it stands: …" cut at 1280 x 720).
        top = rect.top() + 152 + below
        sizes = (max(size, self.least_points), max(9, self.least_points))
        for size in sizes:
            step = measure(size, True).lineSpacing()
            rows = [
                row
                for line in said.splitlines()
                for row in fold(line, rect.width() - 16, size, True)
            ]
            room = max(1, int((go.top() - 2 - top) // step))
            if len(rows) <= room:
                break
        if len(rows) > room:
            rows = rows[: room - 1] + [cut(rows[room - 1] + " …", rect.width() - 16, size, True)]
        for n, row in enumerate(rows):
            line = self.text(row, rect.left() + 8, top + n * step, size, bold=True, colour=PROMPT)
            if tip:
                line.setToolTip(plain(tip))
        if refused:
            self._dead_button("Attack", go, refused)
        else:
            self.button("Attack", go, ("plan", "go"), tip=tip)
        self.button("Cancel", QRectF(rect.left() + 148, rect.bottom() - 44, 110, 36), p.cancel)

    def _privilege_buttons(
        self, p: AttackSetUp, rect: QRectF, top: float
    ) -> list[tuple[Hashable, str, list[str], QRectF]]:
        """The privilege's buttons in rows from `top`: each as wide as its words, the
        chosen one's "●" too ("● privileged: 5 …" was cut at 1280 x 720), a long
        Special's name folded on its button, which grows to its lines."""
        size = max(8, self.least_points)
        pitch = measure(size, True).lineSpacing()
        most = rect.width() - 16
        found: list[tuple[Hashable, str, list[str], QRectF]] = []
        x, y, high = rect.left() + 8, top, 24.0
        for key, value in self._privilege_choices(p):
            label = ("● " if value == p.privilege else "") + self._privilege_label(value)
            width = min(most, max(160.0, width_of(label, size, True) + 12))
            if x + width > rect.right() - 8 and x > rect.left() + 8:
                x, y = rect.left() + 8, y + high + 4
            lines = fold(label, width - 8, size, True)
            high = 24 + (len(lines) - 1) * pitch
            found.append((key, label, lines, QRectF(x, y, width, high)))
            x += width + 6
        return found

    @staticmethod
    def _privilege_choices(p: AttackSetUp) -> list[tuple[Hashable, str | None]]:
        """The privileges the attack may be made with: None (none) among them."""
        return [(key, value) for key, (what, value) in p.options().items() if what == "privilege"]

    def _privilege_label(self, value: str | None) -> str:
        """A privilege's button: none, the Bavarians' 5 MB, or the Special discarded."""
        return {None: "not privileged", "bavarian": "privileged: 5 MB"}.get(
            value, f"privileged: discard {self.look.name(value or '')}"
        )

    def panel_words(self, key: Hashable) -> str:
        """What Enter does on the attack panel's stop the keyboard is on, in its button's
        words (every stop said only "Enter chooses it")."""
        p = self.composing
        if not isinstance(p, AttackSetUp) or key not in p.options():
            return super().panel_words(key)
        what, value = p.options()[key]
        if what == "aider":
            name = self.look.name(value)
            if value in p.aiders:
                return f"{name} aids the attack: Enter takes its aid back."
            return f"{name} may aid the attack (its Power added): Enter makes it an aider."
        if what == "how":
            now = " (as it is set now)" if value == p.how else ""
            return f"Attack to {value}{now}: Enter makes it this kind of attack."
        if what == "privilege":
            label = self._privilege_label(value)
            now = " (as it is set now)" if value == p.privilege else ""
            return f"{label[0].upper()}{label[1:]}{now}: Enter chooses it."
        if what == "side":
            now = " (chosen)" if value == p.side else ""
            where = f"The square {self._square_of(p.attacker, value)}{now}"
            return f"{where}: Enter chooses it, where the Group will hang if captured."
        if what == "go":
            why = self.why_not(p.move())
            if why:
                return f"Attack cannot be pressed: {why}"
            return "Enter makes the attack as set up."
        return "Cancel: Enter calls the attack off."

    def _square_of(self, card: str, side: str) -> str:
        """Where a free arrow of `card` points on the table, in words ("right of UFOs"):
        a side as printed ("R") is elsewhere on a card turned."""
        name = self.look.name(card)
        for s in self.view["structures"]:
            for c in s["cards"]:
                if c["id"] == card and side in c["free_cells"]:
                    (x, y), (fx, fy) = c["cell"], c["free_cells"][side]
                    said = {(0, -1): "above", (1, 0): "right of", (0, 1): "below"}
                    return f"{said.get((fx - x, fy - y), 'left of')} {name}"
        return f"beside {name}"

    def _planning_head(self, p: AttackSetUp, width: float) -> list[str]:
        """The attack's heading, who attacks whom, in the lines it takes in the panel."""
        head = f"{self.look.name(p.attacker)} against {self.look.name(p.target)}"
        return fold(head, width - 16, max(9, self.least_points), True)

    def _out_of_reach(self, move: Action, short: int) -> tuple[str, str] | None:
        """Why an attack that needs `short` MB put down cannot get them, as this seat can
        see it (`money_within_reach`): its own money and the others' Illuminati money
        fall short. In a few words, and whole for the tooltip; None where they could
        reach it, or a treasury counted is hidden."""
        own, others = money_within_reach(
            self.view, move.attacker, move.target, bool(move.privilege)
        )
        if others is None or own + others >= short:
            return None
        # The panel's words fit its two lines over the button at 1280 x 720 (the longer
        # sentence, now the tooltip's, was cut there: "…only 6 MB could go down o…").
        said = f"Cannot succeed: it needs {short} MB put down, only {own + others} MB in reach."
        whole = (
            f"It cannot succeed: it needs {short} MB put down, and only {own + others} MB "
            "could go down on it."
        )
        where = f"Yours: {own} MB"
        where += "." if move.privilege else f"; the other players' Illuminati: {others} MB."
        return said, f"{whole} {where}"

    def _dead_button(self, label: str, rect: QRectF, why: str) -> None:
        """A button that cannot be pressed now: greyed, no target, its tooltip says why."""
        button = self.addRect(rect, QPen(QColor("#777777"), 1.5), QBrush(QColor("#9e9e9e")))
        words = QGraphicsSimpleTextItem(label, button)
        words.setFont(font(max(12, self.least_points), bold=True))
        words.setBrush(QColor("#555555"))
        box = words.boundingRect()
        words.setPos(rect.center().x() - box.width() / 2, rect.center().y() - box.height() / 2)
        button.setToolTip(plain(why))

    def _light_plan(self, p: AttackSetUp) -> None:
        """While an attack is set up, only the Groups that may aid it are ringed."""
        self.light_targets(("plan",))
        for key, (what, _) in p.options().items():
            if what == "aider" and key in self.targets:
                self.ring(self.targets[key], ("plan", key))
        for item in self.items():
            tag = item.data(KEY)
            if isinstance(tag, tuple) and tag[:2] == (MARK, "legal") and tag[2] is not None:
                item.setVisible(isinstance(tag[2], tuple) and tag[2][:1] == ("plan",))

    def drop(self, source: Hashable, key: Hashable | None, screen_pos: QPointF | None) -> None:
        attacks = [m for m in self.drops.get((source, key), []) if m.kind == "attack"]
        if attacks and len(attacks) == len(self.drops[(source, key)]):
            self.compose(AttackSetUp(attacks, self.view, self.me))
            return
        super().drop(source, key, screen_pos)

    # -- the roll each target would need, while a Group is lifted ------------------------------

    def _add_hints(self) -> None:
        """Badges made once per drawing, hidden: shown beside each target of a lifted
        Group with the roll its attack would need (so no drag adds an item)."""
        most = max((len(self.targets_of(s)) for s in self.sources), default=0)
        for n in range(min(most, 80)):
            badge = self.addRect(
                QRectF(0, 0, 10, 10), QPen(INK, 1), QBrush(QColor(20, 20, 20, 225))
            )
            badge.setZValue(Z_LIFTED - 5)
            badge.setData(KEY, (MARK, "hint", n))
            badge.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            words = QGraphicsSimpleTextItem("", badge)
            # (at the least size that reads: at 9 points they were 7 pixels at 1280 x 720)
            words.setFont(font(self.badge_points, bold=True))
            words.setBrush(PROMPT)
            badge.setVisible(False)

    def target(
        self, key: Hashable, item: QGraphicsItem, attempt: Action | None = None
    ) -> QGraphicsItem:
        """A card's place as a target is its face: the room for its arrows around it
        overlaps its neighbours, and a ring drawn there ran across their numbers."""
        super().target(key, item, attempt)
        if isinstance(item, ConspiracyCard):
            self.targets[key] = item.face()
        return item

    def ring_look(self, rect: QRectF) -> tuple[float, float, float]:
        """A thin ring close round the card, under the coins: it crosses no other card
        and never strikes through a treasury."""
        return TIGHT, 2.5, Z_PIECE + 1

    def _hint_words(self, source: Hashable, target: Hashable) -> str:
        """The roll a plain attack of the lifted Group on that target would need."""
        attacks = [m for m in self.drops.get((source, target), []) if m.kind == "attack"]
        plain = [m for m in attacks if not m.aiders and not m.privilege] or attacks
        return self.hint(plain[0]) if plain else ""

    def place_badges(self, source: Hashable | None) -> None:
        """Beside each card the lifted Group may attack, the roll a plain attack needs."""
        hints = []
        for target in self.targets_of(source) if source is not None else []:
            words = self._hint_words(source, target)
            if words:
                hints.append((self.targets[target], words))
        badges = [i for i in self.items() if _tag(i.data(KEY)) == "hint"]
        for badge in badges:
            badge.setVisible(False)
        if not hints:
            return
        # Each badge goes where it covers no card, coin, words or other badge: above the
        # card, else below, beside, and in fewer words; with no room at all it is left
        # out (holding the Group over that card says the same in the status bar).
        taken = self._obstacles(source)
        for badge, (rect, words) in zip(badges, hints, strict=False):
            (label,) = badge.childItems()
            # Inside the part of the table the card lies in (a structure, the uncontrolled).
            home = next((r for r in self.regions.values() if r.contains(rect.center())), None)
            spot = None
            for text in (badge_words(words), _short(words)):
                if not text:
                    continue
                label.setText(text)
                box = label.boundingRect()
                size = (box.width() + 8, box.height() + 2)
                spots = [
                    r for r in _around(rect, *size, slide=True) if home is None or home.contains(r)
                ]
                spot = next((r for r in spots if not _hits(r, taken)), None)
                if spot is not None:
                    break
            if spot is None:
                continue
            badge.setRect(QRectF(0, 0, *size))
            badge.setPos(spot.topLeft())
            label.setPos(4, 1)
            badge.setVisible(True)
            taken.append(spot)

    def _coin_rects(self) -> list[QRectF]:
        """Where the coins lie, each with its amount."""
        found = []
        for item in self.items():
            tag = item.data(PIECE)
            if item.isVisible() and isinstance(tag, tuple) and tag[0] == "coin":
                found.append(item.sceneBoundingRect())
                found += [words.sceneBoundingRect() for words in item.childItems()]
        return found

    def _obstacles(self, source: Hashable) -> list[QRectF]:
        """What a badge must not cover: every card's face but the lifted one's, every
        coin, and every word on the table."""
        lifted = self.item(source) if source is not None else None
        found = []
        for item in self.items():
            if not item.isVisible() or item is lifted or item is self.preview:
                continue
            if isinstance(item, ConspiracyCard):
                found.append(item.face())
            elif isinstance(item, QGraphicsSimpleTextItem) and item.text().strip():
                found.append(item.sceneBoundingRect())
            elif item.data(PIECE) is not None and item.data(PIECE)[0] == "coin":
                found.append(item.sceneBoundingRect())
        return found

    def _ghosts(self) -> list[QRectF]:
        """The free arrows' squares drawn (where a Group may go)."""
        return [
            item.sceneBoundingRect()
            for item in self.items()
            if isinstance(item.data(KEY), tuple)
            and (item.data(KEY)[0] == "arrow" or item.data(KEY)[:2] == ("plan", "side"))
            and not isinstance(item, ConspiracyCard | QGraphicsSimpleTextItem)
            and item.isVisible()
        ]

    def hover_words(self, source: Hashable, key: Hashable, moves: list[Action]) -> str:
        """Over a card it may attack, the lifted Group's roll is said: the badge may have
        had no room beside that card."""
        words = self._hint_words(source, key)
        if words:
            return f"Attack {self.look.name(key[1])}: it {words}."
        return super().hover_words(source, key, moves)

    # -- moves --------------------------------------------------------------------------------

    def attempt(self, source: Hashable, key: Hashable) -> dict[str, Any] | None:
        return attempts.illuminati_drop(source, key) or super().attempt(source, key)

    def choose_from_menu(self, moves: list[Action], screen_pos: QPointF | None) -> Action | None:
        """Money moves offer any amount: the listed ones, and "another amount" for each
        kind of move among them (to help the attacker, against the attack…)."""
        if not all(_has_amount(m) for m in moves):
            return super().choose_from_menu(moves, screen_pos)
        others = list(dict.fromkeys(dataclasses.replace(m, amount=ANY) for m in moves))
        chosen = super().choose_from_menu(moves + others, screen_pos)
        if chosen is None or chosen.amount != ANY:
            return chosen
        most = max(m.amount for m in moves if dataclasses.replace(m, amount=ANY) == chosen)
        # (the most said in the question: the box only stopped at it)
        asked = f"How many MB? (1 to {most})"
        amount, ok = QInputDialog.getInt(None, "Amount", asked, 1, 1, most)
        return dataclasses.replace(chosen, amount=amount) if ok else None

    def menu_label(self, action: Action) -> str:
        words = self.describe(action)
        hint = self.hint(action)
        if hint:
            words += f" — {hint}"
        if action.kind == "give-group":  # the one line of the menu that asks first
            cards = [c for s in self.view["structures"] for c in s["cards"]]
            puppets = any(c.get("master") == action.group for c in cards)
            words += f" as a gift{' with its puppets' if puppets else ''}: yours no more if taken"
        if action.kind == "show-specials":  # asked first too: it cannot be taken back
            held = [self.look.name(c) for c in self.view.get("my_specials") or []]
            words += f" ({', '.join(held)}): the log names them for every player to read"
        if _has_amount(action) and action.amount == ANY:
            return words.replace(f"{ANY} MB", "another amount") + "…"
        return words

    def menu_parts(self, action: Action) -> tuple[str, str]:
        """An attack's menu line as the attack itself (who attacks whom, how, aided by
        whom) and its privilege with the roll it needs: a long menu lists each attack
        once, its privileges in a submenu."""
        if action.kind != "attack":
            return super().menu_parts(action)
        heading = self.describe(dataclasses.replace(action, privilege=None))
        hint = self.hint(action)
        # (the privilege as the attack panel's buttons say it)
        return heading, self._privilege_label(action.privilege) + (f" — {hint}" if hint else "")

    def menu_for_one(self, moves: list[Action]) -> bool:
        """Even one move of money opens the menu, to ask how much; a Group given away is
        asked first the same way (a drop on another player's area gave it at once, and
        a gift of a Group is rare and costly), and so are one's Specials shown to all (one
        click of the button showed them, unasked)."""
        return any(_has_amount(m) or m.kind in ("give-group", "show-specials") for m in moves)

    def activate(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        """A click on another player's area with nothing to do there brings it close; the
        next click on an area with nothing to do, any, shows the whole table again (as
        View > Fit the table does): a click on nothing never leaves the table zoomed in,
        with scroll bars, without the same click's way back."""
        if key == ("button", "private"):
            self.private_look.emit()  # the curtain, then this seat's whole screen
            return
        if key[0] == "seat" and not self.moves.get(key):
            views = [v for v in self.views() if isinstance(v, TableView)]
            if any(not view.fitting for view in views):
                for view in views:
                    view.zoom_fit()
                self.message.emit("The whole table again.")
            elif key[1] == self.me:
                # One's own area is drawn large already: a click on its empty felt
                # zoomed in with scroll bars, for nothing.
                self.message.emit(self.nothing_there(key))
            else:
                for view in views:
                    view.fitting = False
                    view.fitInView(self.regions[key], Qt.AspectRatioMode.KeepAspectRatio)
                self.message.emit(
                    "Click an empty place again, or View > Fit the table (Ctrl+9), "
                    "for the whole table."
                )
            return
        super().activate(key, screen_pos)

    def nothing_there(self, key: Hashable) -> str:
        """A Group of one's own that cannot attack says why (it has attacked already, no
        action is left, it has no Power), as the engine would; so does an Illuminati
        card, which nobody attacks."""
        mine = next(s for s in self.view["structures"] if s["seat"] == self.me)
        own = {c["id"] for c in mine["cards"]}
        target = next(iter(self.view["uncontrolled"]), None)
        if key[0] == "group" and key[1] in own and target is not None:
            attempt = attempts.illuminati_control(key[1], target)
            reason = self.why_not_json(attempt)
        elif key[0] == "top" or (key[0] == "group" and key[1] in self.look.illuminati):
            reason = "An Illuminati card cannot be attacked."
        else:
            reason = None
        return reason or super().nothing_there(key)

    def carry(self, source: Hashable, by: QPointF | None) -> None:
        if source[0] == "group":
            self._carry_coin(source[1], by)

    def _carry_coin(self, card: str, by: QPointF | None) -> None:
        """A Group lifted takes its coin along, and its outcome badge hides till it is put
        down; `by` None puts the coin back."""
        # One walk of the table for both: this runs at every move of the mouse in a drag.
        for item in self.items():
            tag = item.data(PIECE)
            if tag == ("badge", card):
                item.setVisible(by is None)
            elif tag == ("coin", card):
                if self._coin_home is None:
                    self._coin_home = item.pos()
                item.setPos(self._coin_home + by if by is not None else self._coin_home)
                item.setZValue(Z_LIFTED + 1 if by is not None else Z_PIECE + 2)
        if by is None:
            self._coin_home = None


TIGHT = 2.5  # a ring's distance from its card


def _around(
    card: QRectF, w: float, h: float, slide: bool = False, gap: float = TIGHT + 3
) -> list[QRectF]:
    """Places for a badge w × h next to a card, outside its ring (or `gap` from it), in
    order of preference; with `slide`, then every place along its four sides, a few
    pixels apart (in a crowded structure the few places of the first kind were all
    taken, by a coin among others)."""
    above, below = card.top() - gap - h, card.bottom() + gap
    centre, left, right = card.center().x() - w / 2, card.left(), card.right() - w
    middle = card.center().y() - h / 2
    spots = [(centre, above), (left, above), (right, above), (centre, below), (left, below)]
    spots += [(right, below), (card.right() + gap, middle), (card.left() - gap - w, middle)]
    if slide:
        xs = [card.left() - w + k * 4.0 for k in range(int((card.width() + w) // 4) + 1)]
        ys = [card.top() - h + k * 4.0 for k in range(int((card.height() + h) // 4) + 1)]
        spots += [(x, y) for y in (above, below) for x in xs]
        spots += [(x, y) for x in (card.right() + gap, card.left() - gap - w) for y in ys]
    return [QRectF(x, y, w, h) for x, y in spots]


def _apart(a: QRectF, b: QRectF) -> float:
    """How far apart two boxes are (0 where they touch or overlap)."""
    dx = max(0.0, b.left() - a.right(), a.left() - b.right())
    dy = max(0.0, b.top() - a.bottom(), a.top() - b.bottom())
    return math.hypot(dx, dy)


def _covered(spot: QRectF, taken: list[QRectF]) -> float:
    """How much of what lies there a badge at `spot` would cover."""
    total = 0.0
    for other in taken:
        both = spot.intersected(other)
        total += max(0.0, both.width()) * max(0.0, both.height())
    return total


def _list_order(s: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """A structure's cards as listed, each under the one that controls it, with its depth."""
    under: dict[str | None, list[dict[str, Any]]] = {}
    for c in s["cards"]:
        under.setdefault(c["master"], []).append(c)
    order: list[tuple[int, dict[str, Any]]] = []

    def walk(card: str | None, depth: int) -> None:
        for c in sorted(under.get(card, []), key=lambda c: (c["cell"][1], c["cell"][0])):
            order.append((depth, c))
            walk(c["id"], depth + 1)

    walk(None, 0)
    return order


def _hits(spot: QRectF, taken: list[QRectF]) -> bool:
    drawn = spot.adjusted(-1, -1, 1, 1)  # with its outline
    return any(drawn.intersects(other) for other in taken)


def _outcome_words(done: dict[str, Any]) -> str:
    """How the last attack ended, said by the card attacked ("FAILED" alone was read as
    the card having failed, not the attack on it)."""
    return "ATTACK FAILED" if done["result"] == "failed" else done["result"].upper()


# The kinds of attack, in the tooltip of the attack panel's choice of kind.
HOW = (
    "To control: the target, if the attack succeeds, joins your Power Structure. To "
    "neutralize: a Group another player controls goes back among the uncontrolled ones. "
    "To destroy: it goes to the dead pile, and it defends with its Power instead of its "
    "Resistance. Not every kind is open against every target."
)


# What a privileged attack is, in the tooltip of the attack panel's privilege choices.
PRIVILEGE = (
    "A privileged attack keeps the other players' money off it: only the attacker and the "
    "defender may spend on it (others only by playing Interference). It costs a Special "
    "card discarded, or 5 MB from the Bavarian Illuminati's treasury once a turn."
)


def badge_words(words: str) -> str:
    """The roll an attack needs (`needs_words`) as a badge beside its target says it:
    '10 or less · 92%', or 'needs 6 MB' where it cannot succeed as it stands."""
    money = re.search(r"at least (\d+) MB", words)
    if money:
        return f"needs {money[1]} MB"
    roll = re.match(r"needs (\d+) or less \((\d+%)", words)
    return f"{roll[1]} or less · {roll[2]}" if roll else words


def _short(words: str) -> str:
    """The badge in fewer words: the chance alone ('17%'); none for an attack that cannot
    succeed as it stands ('needs 6 MB' says why; a cross alone said nothing, and the
    status bar says it all while the Group is held over the card)."""
    if "cannot" in words:
        return ""
    return badge_words(words).rsplit("·", 1)[-1].strip()


def _tag(data: Any) -> str | None:
    """The tag of a mark (a ring, a badge), or None for anything else."""
    return data[1] if isinstance(data, tuple) and len(data) > 1 and data[0] == MARK else None


def _has_amount(action: Action) -> bool:
    """A move of money (spend, transfer, give): made in any amount."""
    return "amount" in {f.name for f in dataclasses.fields(action)}


class AttackSetUp(Composing):
    """An attack being set up after a Group was dropped on a Group: its kind, the Groups
    that aid it, a privilege, and where a captured Group will hang; the roll it needs is
    shown as it changes, then Attack."""

    opening = "Set the attack up on the table, then Attack (Esc to call it off)."
    cancel = ("plan", "cancel")

    def __init__(self, moves: list[Action], view: dict[str, Any], me: int) -> None:
        first = moves[0]
        self.moves = moves
        self.attacker: str = first.attacker
        self.target: str = first.target
        self.how: str = first.how
        self.aiders: list[str] = []
        self.privilege: str | None = None
        self.side: str | None = first.side
        mine = next(s for s in view["structures"] if s["seat"] == me)
        attacker = next(c for c in mine["cards"] if c["id"] == self.attacker)
        self.free_sides: list[str] = list(attacker["free_arrows"])

    def move(self) -> Action:
        """The attack as it is set up now."""
        kind = next(m for m in self.moves if m.how == self.how)
        return dataclasses.replace(
            kind,
            aiders=tuple(self.aiders),
            privilege=self.privilege,
            side=(self.side or kind.side) if self.how == "control" else None,
            card=kind.card,
        )

    def options(self) -> dict[Hashable, tuple[str, Any]]:
        """What may be clicked now, and what each sets."""
        moves = self.moves
        found: dict[Hashable, tuple[str, Any]] = {}
        kinds = list(dict.fromkeys(m.how for m in moves))
        for how in kinds if len(kinds) > 1 else []:  # (one kind: nothing to choose)
            found[("plan", "how", how)] = ("how", how)
        privileges = list(dict.fromkeys(m.privilege for m in moves if m.how == self.how))
        for privilege in privileges if privileges != [None] else []:  # (none to choose)
            found[("plan", "privilege", privilege)] = ("privilege", privilege)
        for aider in dict.fromkeys(a for m in moves for a in m.aiders):
            found[("group", aider)] = ("aider", aider)
        if self.how == "control":
            for side in self.free_sides:
                found[("plan", "side", side)] = ("side", side)
        found[("plan", "go")] = ("go", None)
        found[self.cancel] = ("cancel", None)
        return found

    def choices(self) -> list[Hashable]:
        return list(self.options())

    def choose(self, key: Hashable) -> Action | None:
        what, value = self.options()[key]
        if what == "go":
            return self.move()
        if what == "aider":
            if value in self.aiders:
                self.aiders.remove(value)
            else:
                self.aiders.append(value)
        elif what == "how":
            self.how = value
            # A privilege offered for one kind of attack may not be for another.
            allowed = {m.privilege for m in self.moves if m.how == value}
            self.privilege = self.privilege if self.privilege in allowed else None
        else:
            setattr(self, what, value)
        return None


def number_line(label: str, value: int) -> str:
    """A line of the attack's sum, its number held to its last word by a no-break space:
    where it folds, it folds between words ("Money from the defender's" over
    "Illuminati: -10"), never between the words and their number (which stood alone on
    the next line)."""
    return f"{label}:\u00a0{value:+d}"

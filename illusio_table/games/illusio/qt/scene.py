"""The Illusio table: cards on the felt, tricks built by drag and drop. Drawn from one
seat's view.

Along the top, the score track and every other magician's place (magician, hand as
backs, Backstage, tricks); in the middle the Contest, the decks and discard piles and a
large picture of the card under the pointer; at the bottom the seat's own magician,
Backstage, tricks and hand. Moves are drags (see `gestures.illusio`); two need more than
one drop, and are finished on the table:

- Exchange: click hand cards to select them, then drag one of them onto the deck.
- Taking an Objective: drop it on "Your tricks"; the Backstage cards that can pay light
  up with the best set chosen, a click changes which go, "Take it" confirms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen

from illusio_table.engine import Action
from illusio_table.engine.protocol import listed
from illusio_table.qt.scenes.base import Composing, TableScene
from illusio_table.qt.scenes.felt import REGION_EDGE, Felt
from illusio_table.qt.scenes.look import (
    GOLD,
    INK,
    PROMPT,
    RING,
    WHITE,
    Z_LIFTED,
    Z_MARK,
    Z_PIECE,
    font,
    plain,
    points,
)
from illusio_table.qt.scenes.words import fold, measure, width_of
from illusio_table.table import zones
from illusio_table.table.prompts import counted

from ..table import attempts
from ..table.prompts import missing
from .cards import CardItem, Look

WIDTH = 1500

# Card sizes (width, height).
MINE = (78, 109)
CHIP_H = 18  # a card of another magician's Backstage, drawn as a named chip (four rows
# of them fit beside the hand: their names and groups' words need the width of three columns)
CONTEST = (100, 136)
PILE = (80, 112)
TAKEN = (88, 98)  # an Objective taken, under way: wide enough for its name on two lines
# ("The Dove from the Deck" was "Dove from…" at 70)
MAGICIAN = (78, 92)  # another magician's card ("Cassandra Vell" did not fit at 66)
AROUND = (84, 21)  # Components around an Objective of the seat's own, as chips
PREVIEW = (230, 322)
LABEL_H = 20  # the line above a trick saying how far it is ("2/3", "ON DISPLAY"), clear of
# the guide's frame round the trick (18 px at the least size, the frame's pen 2 px out)

# Where things lie.
TRACK_Y = -8
OTHERS_Y = 44
OTHERS_H = 262
MIDDLE_Y = 322
MINE_Y = 500
HAND = zones.Fan((560, 1710), 900, spread=46, most=6.2)
CONTEST_ROW = zones.row((60, MIDDLE_Y + 86), CONTEST[0] + 12)
PREVIEW_BOX = QRectF(1212, MIDDLE_Y, WIDTH - 1212, 620)


class IllusioScene(Felt, TableScene):
    def __init__(self, parent: Any = None, card_data: Any = None) -> None:
        super().__init__(parent, card_data)
        self.look = Look(card_data)
        self.cards: dict[Hashable, dict[str, Any]] = {}  # key -> what the card shows
        self.selected: set[int] = set()  # hand cards chosen for an exchange
        # The last trick scored: its magician, its line of points, the turn it was scored in.
        self.scored: tuple[int, dict[str, Any], int] | None = None
        self.shrank: list[int] = []  # seats whose hand shrank with the last move
        self.preview: CardItem | None = None

    # -- drawing ---------------------------------------------------------------------------

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        last = self.last
        if self.start_drawing(view, legal, names, title) and last is not None:
            self._note_scoring(last[0], view)
            self.selected = set()
        self.finish_glide()
        before = self.remember_places()
        self.clear()
        self.look.chips.clear()
        self.cards = {}
        self.regions: dict[Hashable, QRectF] = {}  # where each part of the table lies
        self.view, self.names = view, names
        me = view["me"]
        self.me = me
        self.bottom = me if me is not None else view["current"]
        gestures = self.gesture_map(view, legal, me)
        self.realize_moves = [g.action for g in gestures if g.action.kind == "realize"]
        self._heading(view, legal, title)
        self._track(view)
        self._others(view)
        self._middle(view)
        self._mine(view)
        self._preview()
        self.bind(gestures)
        if isinstance(self.composing, Payment):
            self._light_payment(self.composing)
        self.show_large(self.focus_key)
        self.glide_from(before, self._arrival)

    def extent(self) -> QRectF:
        """The whole table, the same after every move, so that fitting it never shifts it."""
        return QRectF(-12, -104, WIDTH + 24, 1060)

    def fit_shape(self, width: float, height: float) -> bool:
        """The table keeps its shape, but learns the zoom it is seen at: in a small window
        its labels grow to stay readable (they came out at 7 pixels at 1280 × 720)."""
        room = self.extent()
        return self.learn_zoom(min(width / room.width(), height / room.height()))

    def _note_scoring(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        """Remembers the last trick scored, to show it worked out until the next, and the
        hands that shrank (a card taken from them travels from there)."""
        self.shrank = []
        for seat, (old, new) in enumerate(zip(before["seats"], after["seats"], strict=False)):
            if len(new["tricks"]) > len(old["tricks"]):
                self.scored = (seat, new["tricks"][-1], after["turn"])
            if new["hand"] < old["hand"]:
                self.shrank.append(seat)

    def _arrival(self, key: Hashable) -> QPointF | None:
        """Where a card new to this drawing comes from: a drawn card from the deck; one
        taken (Take, a pickpocket) from the hand it left; one laid on the table from the
        hand of the magician playing. The seat sees only what it may know of it."""
        if key[0] not in ("card", "back"):
            return None
        view = self.view
        current, me = view["current"], view["me"]
        mine = key[0] == "card" and any(c["id"] == key[1] for c in view["hand"] or [])
        if key[0] == "card" and not mine:
            return self.regions[("seat", current)].center()
        owner = me if mine else key[1]
        if owner != current:  # given by the magician playing (a pickpocket's swap)
            return self.regions[("seat", current)].center()
        others = [s for s in self.shrank if s != owner]
        if others:  # taken from another hand
            return self.regions[("seat", others[0])].center()
        return self._deck_rect().center()

    # -- small pieces ------------------------------------------------------------------------

    def card(
        self,
        card: dict[str, Any],
        x: float,
        y: float,
        size: tuple[float, float],
        key: Hashable | None = None,
        turn: float = 0.0,
    ) -> CardItem:
        """A card with its top-left at (x, y); `key` names it for moves and motion."""
        item = CardItem(self.look, card, *size)
        self.addItem(item)
        item.setPos(x, y)
        item.setZValue(Z_PIECE)
        if turn:
            item.setTransformOriginPoint(size[0] / 2, size[1] / 2)
            item.setRotation(turn)
        if key is not None:
            self.cards[key] = card
            self.piece(key, item)
        return item

    # -- regions ------------------------------------------------------------------------------

    def _heading(self, view: dict[str, Any], legal: list[Action], title: str) -> None:
        self.in_heading(self.text(title, 0, -92, 15, bold=True))
        # What the seat is asked, as its phone says it (table/seat_screen.py); then how
        # this table does it.
        screen = self.screen_of(view, legal, self.names)
        said = self.text(screen.heading, 0, -64, 12, bold=True, colour=PROMPT)
        self.seat_heading(said)
        how = self._how(view)
        if how:
            self.in_heading(self.text(how, said.sceneBoundingRect().right() + 10, -62, 11))
        if any(a.kind == "end-turn" for a in legal):
            end = self.button("End turn", QRectF(WIDTH - 170, -92, 170, 48), ("end-turn",))
            self.in_heading(end)

    def _how(self, view: dict[str, Any]) -> str:
        """How the heading's choice is made on this table (the phone says its own)."""
        if view["phase"] == "over":
            return "Each trick's points are under its owner."
        if self.composing is not None:
            return (
                "Click the Backstage cards that go around it, then Take it (Esc or Cancel to stop)."
            )
        if view["me"] != view["current"]:
            return ""
        if view["phase"] == "discard":
            return "Drag them onto the discard pile."
        if view["actions_left"]:
            return (
                "Drag cards to play; click hand cards, then drag one onto the deck, to "
                "exchange them."
            )
        return ""

    def _track(self, view: dict[str, Any]) -> None:
        """The score track from 0 to the target, each magician's marker on it. A magician
        past the target (a last trick worth more than was needed) stretches it to their
        true score, so the marker stands on the number they hold, not on the target's."""
        target = view["target"]
        last = max([target] + [s["score"] for s in view["seats"]])
        cell = min(44.0, (WIDTH - 200) / (last + 1))
        self.text("Score", 0, TRACK_Y + 6, 11, bold=True)
        at: Counter[int] = Counter()
        for n in range(last + 1):
            box = QRectF(60 + n * cell, TRACK_Y, cell - 2, 34)
            past = QColor(GOLD).lighter(130)
            fill = (
                QColor(GOLD) if n == target else past if n > target else QColor(255, 255, 255, 40)
            )
            self.addRect(box, QPen(REGION_EDGE, 1), QBrush(fill))
            self.text(
                str(n), box.left() + 3, box.top() + 1, 8, colour=INK if n >= target else WHITE
            )
        self.name_part(
            "The score track: first to the target wins",
            QRectF(0, TRACK_Y, 60 + (last + 1) * cell, 34),
        )
        for seat, s in enumerate(view["seats"]):
            score = s["score"]
            x = 60 + score * cell + 4 + at[score] * 7
            at[score] += 1
            marker = self.addEllipse(
                QRectF(x, TRACK_Y + 14, 16, 16), QPen(INK, 1), QBrush(self.seat_colour(seat))
            )
            marker.setToolTip(plain(f"{self.names[seat]}: {points(s['score'])}"))
            self.piece(("marker", seat), marker)

    def _others(self, view: dict[str, Any]) -> None:
        n = len(view["seats"])
        others = [(self.bottom + k) % n for k in range(1, n)]
        width = min(520.0, (WIDTH + 12) / max(1, len(others)) - 12)
        for k, seat in enumerate(others):
            self._other(view, seat, QRectF(k * (width + 12), OTHERS_Y, width, OTHERS_H))
        if others:
            every = QRectF(0, OTHERS_Y, len(others) * (width + 12) - 12, OTHERS_H)
            self.name_part("The other magicians: hand, Backstage and tricks", every)

    def _name_line(
        self, view: dict[str, Any], seat: int, x: float, y: float, above: float | None = None
    ) -> None:
        """A seat's name, points and whether it plays, from (x, y); with `above`, raised as
        far as its words need to end above it (the lit Backstage's gold ring under one's
        own name cut the feet of "◀ playing" where words are larger)."""
        s = view["seats"][seat]
        turn = "  ◀ playing" if view["current"] == seat and view["phase"] != "over" else ""
        pts = "pt" if s["score"] == 1 else "pts"  # ("1 pts" read wrong)
        name = self.text(f"{self.names[seat]} · {s['score']} {pts}{turn}", x + 20, y, 12, bold=True)
        if above is not None:
            metrics = measure(max(12, self.least_points), True)
            y = min(y, above - metrics.ascent() - metrics.tightBoundingRect(name.text()).bottom())
            name.setY(y)
        self.addEllipse(QRectF(x, y + 3, 14, 14), QPen(INK, 1), QBrush(self.seat_colour(seat)))
        self.seat_spot(seat, name)

    def _other(self, view: dict[str, Any], seat: int, rect: QRectF) -> None:
        s = view["seats"][seat]
        region = self.region(rect)
        self.regions[("seat", seat)] = rect
        self.target(("seat", seat), region)
        self._name_line(view, seat, rect.left() + 8, rect.top() + 4)
        x0, y0 = rect.left() + 8, rect.top() + 30
        width = self._magician_width(s["magician"]["name"], MAGICIAN[0])
        self._magician(view, seat, x0, y0, (width, MAGICIAN[1]))
        # The hand as backs, with its count.
        hand = s["hand"]
        hx = x0 + width + 8
        for i in range(hand):
            back = {
                "face": "back",
                "title": f"{self.names[seat]}'s hand",
                "why": f"{hand} cards; only their owner sees them.",
            }
            self.card(back, hx + min(i, 7) * 5, y0, (30, 42), ("back", seat, i))
        count = self.text(f"{hand} in hand", hx, y0 + 46, 9)
        # The Backstage, right of the hand's words as drawn (larger where the table is
        # smaller, "3 in hand" ran under the first column of chips and a frame round one).
        bx = max(hx + 72, count.sceneBoundingRect().right() + RING + 6)
        room = rect.right() - bx - 6
        heading = self.text("Backstage", bx, y0 - 2, 9, bold=True)
        # Under the heading as drawn: at the least size that reads (a small window, a
        # guide's bar above) it is taller than the 16 units left for it, and the first
        # chip lay over the word's lower half.
        top = max(y0 + 14, heading.sceneBoundingRect().bottom() + 1)
        self._chips(s["backstage"], QRectF(bx, top, room, y0 + 96 - top))
        # Tricks under realization and on display.
        self._works(
            view,
            seat,
            QRectF(x0, y0 + 100, rect.width() - 16, rect.bottom() - y0 - 104),
            TAKEN,
            (80, 18),
        )

    def _row(
        self,
        cards: list[dict[str, Any]],
        x: float,
        y: float,
        room: float,
        size: tuple[float, float],
        target: bool = False,
        source: bool = False,
    ) -> None:
        """Cards side by side where they fit; more than fit, as named chips in columns
        (overlapping cards hid each other's names: "Smok", "Blade", "Accesso")."""
        if not cards:
            return
        places = [(x + i * (size[0] + 4), y, size) for i in range(len(cards))]
        if len(cards) * (size[0] + 4) - 4 > room:
            rows = max(1, int((size[1] + 2) // (CHIP_H + 2)))
            cols = -(-len(cards) // rows)
            wide = min(140.0, (room - (cols - 1) * 4) / cols)
            places = [
                (x + (i // rows) * (wide + 4), y + (i % rows) * (CHIP_H + 2), (wide, CHIP_H))
                for i in range(len(cards))
            ]
        paying = self.composing if isinstance(self.composing, Payment) else None
        payers = set(paying.payers) if paying is not None and source else None
        for c, (left, top, shape) in zip(cards, places, strict=True):
            key = ("card", c["id"])
            face = self._face(c)
            chosen = False
            if payers is not None:  # taking an Objective: what may pay is lit, the rest dim
                face["dim"] = c["id"] not in payers
                chosen = c["id"] in paying.chosen  # framed in gold (raised, it hid the
            item = self.card(face, left, top, shape, key)  # Backstage's title)
            item.chosen = chosen
            if target:
                self.target(key, item)
            if source:
                self.source(key, item)

    def _chips(self, cards: list[dict[str, Any]], rect: QRectF) -> None:
        """Another magician's Backstage as named chips in columns, each read whole or cut
        short at a size that reads (as cards side by side, a Backstage of 18 became
        slivers, and their names 5 pixels tall)."""
        rows = max(1, int((rect.height() + 2) // (CHIP_H + 2)))
        cols = max(1, -(-len(cards) // rows))
        group_of = self.look.cards.group_of

        def kind(c: dict[str, Any]) -> tuple[str, str]:  # alike cards side by side
            now = c.get("now", c["kind"])
            return group_of.get(now, ""), now

        ordered = sorted(cards, key=kind)
        columns = [ordered[i : i + rows] for i in range(0, len(ordered), rows)]
        room = rect.width() - (cols - 1) * 4
        # As wide as their names and groups' words need, as far as the columns have room;
        # short of room, each column as its own words need, in proportion ("Reservoir ·
        # Boxes" lost its group beside a column of "Dove · Anim." with room to spare).
        needs = [self._chip_width(column, CHIP_H) for column in columns]
        wide = min(max(120.0, min(150.0, max(needs, default=0.0))), room / cols)
        widths = [wide] * len(columns)
        if max(needs, default=0.0) > wide and sum(needs) > 0:
            widths = [need * room / sum(needs) for need in needs]
        x = rect.left()
        for column, wide in zip(columns, widths, strict=True):
            for row, c in enumerate(column):
                y = rect.top() + row * (CHIP_H + 2)
                key = ("card", c["id"])
                self.target(key, self.card(self._face(c), x, y, (wide, CHIP_H), key))
            x += wide + 4

    def _chip_words(self, c: dict[str, Any]) -> str:
        """The least a card's chip must say: its name, and its group's word in its short
        form (the chip says more where it has room: `CardItem._chip`)."""
        if c.get("special"):
            return self.look.chip_words(c["kind"], self.look.kinds[c["kind"]].name)[-1]
        now = c.get("now", c["kind"])
        return self.look.chip_words(now, c.get("now_name", c["name"]))[-1]

    def _chip_width(self, cards: list[dict[str, Any]], height: float) -> float:
        """The width chips of that height need to say the least they must in bold
        (`_chip_words`)."""
        least = max(int(height * 0.5), self.least_points, 6)
        return max([width_of(self._chip_words(c), least, True) + 8 for c in cards], default=0.0)

    def _face(self, c: dict[str, Any]) -> dict[str, Any]:
        return {"face": "special" if c.get("special") else "component", **c}

    def _magician_width(self, name: str, width: float) -> float:
        """A magician's card as wide as its name's longest word needs, in bold at the least
        size that reads, or `width` where that is wider: at 1280 pixels with the Phones
        panel beside the table, "Marchetti" did not fit and Lera's card showed no name, and
        without it, only unbolded, thin beside the others' gold names."""
        least = max(6, self.least_points)
        return max(width, max(width_of(w, least, bold=True) for w in name.split()) + 12)

    def _magician(
        self, view: dict[str, Any], seat: int, x: float, y: float, size: tuple[float, float]
    ) -> CardItem:
        s = view["seats"][seat]
        # At the end no talent is ready any more: the card says the game is over.
        used = "over" if view["phase"] == "over" else s["talent_used"]
        card = {"face": "magician", **s["magician"], "used": used}
        if used is False:
            card["idle"] = self._talent_idle(view, seat)
        item = self.card(card, x, y, size, ("magician", seat))
        self.target(("magician", seat), item)
        if seat == self.me:
            self.source(("magician", seat), item)
        return item

    def _talent_idle(self, view: dict[str, Any], seat: int) -> str:
        """Why a magician's unused talent has nothing to act on now, in a few words ("" when
        it has): read from the view, so every seat's card says it; on the seat's own turn
        its moves decide (a talent usable now is among them)."""
        s = view["seats"][seat]
        others = [o for k, o in enumerate(view["seats"]) if k != seat]

        def kinds(cards: list[dict[str, Any]]) -> set[str]:
            return {c.get("now", c["kind"]) for c in cards}

        mine = kinds(s["backstage"])
        why = {
            # A Component of one's Backstage for another's of another type.
            "sleight": not any(mine - {k} for o in others for k in kinds(o["backstage"])),
            "scavenger": not view["discard"],
            "metamorphosis": not any(o["backstage"] for o in view["seats"]),
            "pickpocket": not any(o["hand"] for o in others),
            "second-sight": not view["deck"] and not view["discard"],
            "stand-in": seat == view["me"] and not kinds(view["hand"] or []) & mine,
        }
        reasons = {
            "sleight": "nothing to swap",
            "scavenger": "discard pile empty",
            "metamorphosis": "nothing to turn",
            "pickpocket": "no hand to pick",
            "second-sight": "no card to draw",
            "stand-in": "no twin to place",
        }
        talent = s["magician"]["talent"]
        if why.get(talent):
            return reasons[talent]
        legal = self.last[1] if self.last is not None else []
        mine_now = seat == view["me"] == view["current"] and view["phase"] == "turn"
        if mine_now and legal and not any(a.kind == "talent" for a in legal):
            return "not now"
        return ""

    def _works(
        self,
        view: dict[str, Any],
        seat: int,
        rect: QRectF,
        size: tuple[float, float],
        around: tuple[float, float],
    ) -> None:
        """A seat's Objectives: each with its Components and Specials as named chips in a
        column beside it, its state written above it; then the tricks already scored.
        Narrow places (many seats) shrink the Objective before the chips."""
        s = view["seats"][seat]
        works = s["works"]
        scored = s["validated"]
        # The top card of the pile as wide as its name needs (the others lie under it).
        named = self._objective_width(scored[-1], size) if scored else 0.0
        small = (max(size[0] * 0.8, named), size[1])
        pile = small[0] + 4 * min(len(scored), 6) + 6 if scored else 0
        room = rect.width() - pile
        # Chips as wide as their names need, where the row has room ("☺ Audience" was
        # cut to "☺Audie…" in a chip of 48 with half the row empty).
        needed = self._chip_width(
            [c for w in works for c in w["components"] + w["specials"]], around[1]
        )
        chips = min(max(around[0], needed), 140.0)
        # The Objective keeps the width its name needs whole, and its height (a small card
        # without its name left a newcomer guessing); the chips take the rest. Where words
        # are larger (a smaller table), it may grow wider than `size` for its name, as far
        # as the row leaves the chips their room.
        share = room / max(1, len(works))
        most = max(size[0], share - chips - 8)
        named = max(
            (self._objective_width(w["objective"], size, most) for w in works), default=34.0
        )
        cell = min(max(size[0], named) + chips + 8, share)
        wide = min(max(size[0], named), max(named, cell - chips - 8))
        chip_w = max(min(around[0], 48.0), cell - wide - 8)
        card_size = (wide, size[1])
        top = rect.top() + LABEL_H
        for i, w in enumerate(works):
            x = rect.left() + i * cell
            o = w["objective"]
            lacking = f"{counted(w['missing'], 'Component')} still missing: {listed(missing(w))}"
            state = (
                "On display: scored at its owner's next turn."
                if w["displayed"]
                else f"Under realization: {lacking}."
            )
            if w["encore"]:
                state += " Encore holds it one more round."
            over = view["phase"] == "over"
            if over:  # (a trick is scored at its owner's next turn, which never came)
                state = (
                    "On display when the game ended: its round was not over, so it scored "
                    "no points."
                    if w["displayed"]
                    else f"Not finished when the game ended ({lacking}): no points."
                )
            card = {"face": "objective", **o, "state": state}
            key = ("objective", o["id"])
            item = self.card(card, x, top, card_size, key)
            self.target(key, item)
            if seat == self.me and not w["displayed"]:
                self.source(key, item)
            label = "ON DISPLAY" if w["displayed"] else f"{len(w['components'])}/{len(o['needs'])}"
            colour = GOLD if w["displayed"] else WHITE
            short = ""
            if over:  # what became of it, said where it lies (at the end it got no word)
                label = "NOT SCORED" if w["displayed"] else f"{label}: NOT DONE"
                short = "UNSCORED" if w["displayed"] else "NOT DONE"
            self.fitted(
                label, x, rect.top() - 2, cell - 6, 9, bold=True, colour=colour, short=short
            )
            chips = [(c, self._face(c)) for c in w["components"] + w["specials"]]
            down = rect.bottom() - top - around[1]
            step = min(around[1] + 2, down / max(1, len(chips) - 1))
            for j, (c, face) in enumerate(chips):
                self.card(
                    face, x + wide + 3, top + j * step, (chip_w, around[1]), ("card", c["id"])
                )
        # Scored tricks: a small pile at the right end, with the points written under it.
        if scored:
            x = rect.right() - pile + 4
            for j, o in enumerate(scored):
                entry = s["tricks"][j]
                card = {"face": "objective", **o, "state": f"Scored: {entry['sum']}."}
                at = (x + min(j, 6) * 4, rect.top() + 2)  # (no label above a pile)
                item = self.card(card, *at, small, ("objective", o["id"]))
                # Under the top one, a card of the pile shows no name: it would be hidden.
                item.nameless = j < len(scored) - 1
            points = sum(t["points"] for t in s["tricks"])
            words = self.text(f"{len(scored)} scored: {points}", x, rect.bottom() - 14, 9)
            words.setToolTip(plain("\n".join(f"{t['trick']}: {t['sum']}" for t in s["tricks"])))

    def _objective_width(
        self, objective: dict[str, Any], size: tuple[float, float], most: float = 0.0
    ) -> float:
        """The least width, up to `most` (`size`'s by default), at which an Objective of
        that height shows its name whole at the least size that reads (a small card without
        its name left a newcomer guessing what it was); where none does, the least at which
        it shows it shortened (`Look.objective_names`), or `most`."""
        most = max(most, size[0])
        least = max(6, self.least_points)
        wide = max(width_of(word, least) for word in objective["name"].split()) + 8
        card = CardItem(self.look, {"face": "objective", **objective}, min(wide, most), size[1])
        for shortened in (False, True):
            card.w = min(wide, most)
            while card.w < most and not card.names_whole(least, shortened):
                card.w = min(most, card.w + 2)
            if card.names_whole(least, shortened):
                break
        return card.w

    def _deck_rect(self) -> QRectF:
        return QRectF(666, MIDDLE_Y + 30, *PILE)

    def _middle(self, view: dict[str, Any]) -> None:
        self.regions["contest"] = QRectF(0, MIDDLE_Y, 540, 170)
        self.region(self.regions["contest"], "Contest")
        self.name_part("The Contest: the Objectives anyone may take", self.regions["contest"])
        mine = view["seats"][self.bottom]["fits"] if self.me is not None else None
        takeable = {a.objective for a in self.realize_moves}
        for slot, o in enumerate(view["contest"]):
            x, y = CONTEST_ROW.place(slot)
            x -= CONTEST[0] / 2 - 26
            y = MIDDLE_Y + 22
            if o is None:
                self.text("(empty)", x + 20, y + 60, 10)
                continue
            card: dict[str, Any] = {"face": "objective", **o}
            if mine is not None:
                card["progress"] = (mine[slot]["held"], len(o["needs"]))
            key = ("objective", o["id"])
            item = self.card(card, x, y, (CONTEST[0], CONTEST[1] - 4), key)
            self.source(key, item)
            # A target too: a card dragged onto it hears why it does not go there (a
            # Special or a Component over it said nothing).
            self.target(key, item)
            if mine is not None:
                have, total = card["progress"]
                ready = o["id"] in takeable
                words = f"{'✔ ' if ready else ''}{have}/{total} in Backstage"
                colour = GOLD if ready else WHITE
                room = CONTEST[0] + 2  # (wider, it ran into the next card's words)
                short = f"{'✔ ' if ready else ''}{have}/{total} held"
                self.fitted(
                    words, x, y + CONTEST[1] - 2, room, 8, bold=ready, short=short, colour=colour
                )
        # The Objective deck, and the Objectives given up (the last one face up).
        ox, oy = 545, MIDDLE_Y + 24  # (clear of the deck's frame on the right)
        if view["objective_deck"]:
            deck = {"face": "back", "title": "The Objective deck", "why": "Objectives face down."}
            self.card(deck, ox, oy, (30, 42))
        # Short words under small cards: they stay readable in a small window, whole in
        # their tooltips.
        left = self.text(f"left:\n{view['objective_deck']}", ox, oy + 46, 8)
        left.setToolTip(plain(f"Objectives left in their deck: {view['objective_deck']}"))
        # The last Objective given up, face up and named (a thumbnail without its name
        # left a newcomer guessing what it was): beside the deck's back, up to the deck.
        given_at = QRectF(ox + 34, oy, 82, 116)  # (every name whole at 1280 x 720)
        if view["objective_discard"]:
            top = view["objective_discard"][-1]
            card = {"face": "objective", **top, "state": "Given up."}
            self.card(
                card, given_at.left(), oy, given_at.size().toTuple(), ("objective", top["id"])
            )
        given = len(view["objective_discard"])
        # From under the deck's back, clear of "Deck: 73" where words are larger (under
        # the given-up card it ran into it: "given up: 0Deck: 73").
        self.text(f"given up: {given}", ox, given_at.bottom() + 4, 8).setToolTip(
            plain(f"Objectives given up: {given}")
        )
        self.name_part("The Objectives left and given up", QRectF(ox, oy, 116, 136))
        # The deck and the discard pile.
        deck = self._deck_rect()
        self.name_part(
            "The deck (exchange here) and the discard pile",
            QRectF(deck.left(), deck.top(), 2 * PILE[0] + 16, PILE[1] + 20),
        )
        back = {"face": "back", "title": "The deck", "why": f"{view['deck']} cards face down."}
        pile = self.card(back, deck.left(), deck.top(), PILE) if view["deck"] else None
        spot = self.addRect(
            deck, QPen(REGION_EDGE, 1.5, Qt.PenStyle.DashLine), QBrush(Qt.BrushStyle.NoBrush)
        )
        spot.setToolTip(
            plain(
                "The deck: drop hand cards here to exchange them; "
                "click it to exchange your whole hand."
            )
        )
        self.target(
            ("deck",),
            spot if pile is None else pile,
            self._exchange() if self.selected else None,
        )
        # Under the gold ring the deck has while an exchange is open (4 units under the
        # pile, the ring ran across "Deck: 73").
        self.text(f"Deck: {view['deck']}", deck.left(), deck.bottom() + RING + 4, 10)
        discard = QRectF(deck.right() + 16, deck.top(), *PILE)
        top = view["discard"][-1] if view["discard"] else None
        if top is not None:
            item = self.card(
                self._face(top), discard.left(), discard.top(), PILE, ("card", top["id"])
            )
        else:
            item = self.addRect(
                discard, QPen(REGION_EDGE, 1.5, Qt.PenStyle.DashLine), QBrush(Qt.BrushStyle.NoBrush)
            )
        item.setToolTip(plain("The discard pile (its top card face up)."))
        self.target(("discard",), item)
        self.text(
            f"Discard: {len(view['discard'])}", discard.left(), discard.bottom() + RING + 4, 10
        )
        self._turn_box(
            view, QRectF(discard.right() + 14, MIDDLE_Y, 1198 - discard.right() - 14, 170)
        )

    def _turn_box(self, view: dict[str, Any], rect: QRectF) -> None:
        self.region(rect)
        self.name_part("Whose turn it is, and the last trick scored", rect)
        current = self.names[view["current"]]
        lines = []
        if view["phase"] == "over":
            lines.append("The game is over.")
            for seat, s in enumerate(view["seats"]):
                tricks = counted(len(s["tricks"]), "trick")
                lines.append(f"{self.names[seat]}: {points(s['score'])}, {tricks}")
        else:
            lines.append(f"Turn {view['turn']}: {current}")
            if view["phase"] == "discard":
                lines.append(f"letting go of cards down to {view['hand_limit']}")
            else:
                lines.append(f"{counted(view['actions_left'], 'action')} left")
            lines.append(f"First to {view['target']} points wins.")
        if self.scored is not None:
            # Said as this turn's news in its turn, and as of its turn after it ("Lera scored
            # The Phantom Dove" stayed through later turns, as if it had just happened).
            seat, entry, turn = self.scored
            when = "" if turn == view["turn"] else f"On turn {turn}, "
            lines.append(f"{when}{self.names[seat]} scored {entry['trick']}:")
            lines.append(f"  {entry['sum']}")
        width = rect.width() - 16
        lines = [part for n, line in enumerate(lines) for part in fold(line, width, 11, n == 0)]
        for i, line in enumerate(lines[:8]):
            self.text(line, rect.left() + 8, rect.top() + 6 + i * 19, 11, bold=i == 0)

    def _mine(self, view: dict[str, Any]) -> None:
        seat = self.bottom
        s = view["seats"][seat]
        self.regions[("seat", seat)] = QRectF(0, MINE_Y, 1200, 190)
        self.regions["hand"] = QRectF(0, MINE_Y + 190, 1200, 340)
        # (clear of the gold ring round the lit Backstage under it)
        self._name_line(view, seat, 0, MINE_Y - 2, above=MINE_Y + 22 - RING - 5)
        self._magician(view, seat, 0, MINE_Y + 24, (112, 156))
        self.name_part("Your magician and their talent", QRectF(0, MINE_Y + 24, 112, 156))
        # The Backstage.
        stage = QRectF(124, MINE_Y + 22, 560, 160)
        region = self.region(stage, "Your Backstage" if seat == self.me else "Backstage")
        self.name_part("Your Backstage: Components laid out for your tricks", stage)
        self.target(("backstage", seat), region)
        own = seat == self.me
        # The cards under the title as drawn, clear of it with their gold rings (where
        # words are larger, a lit card's ring ran across "Your Backstage").
        title = measure(max(11, self.least_points), True)
        under = stage.top() + 4 + title.ascent() + title.descent() + RING + 3
        self._row(
            s["backstage"],
            stage.left() + 8,
            max(stage.top() + 26, under),
            stage.width() - 16,
            MINE,
            target=True,
            source=own,
        )
        # Tricks.
        tricks = QRectF(696, MINE_Y + 22, 500, 160)
        # The way to take one while the match lasts; at its end, no move is left to ask for.
        words = "Your tricks" if own else "Tricks"
        if own and view["phase"] != "over":
            words = "Your tricks: drop a Contest Objective here"
        region = self.region(tricks, words)
        self.name_part("Your tricks: Objectives taken, under way and scored", tricks)
        self.target(("tricks", seat), region)
        self._works(view, seat, tricks.adjusted(8, 34, -8, -4), TAKEN, AROUND)
        # The hand, fanned along the bottom edge.
        hand = view["hand"]
        if hand is None:
            count = s["hand"]
            for i in range(count):
                x, y = HAND.place(i, count)
                back = {
                    "face": "back",
                    "title": f"{self.names[seat]}'s hand",
                    "why": "Only its owner sees it.",
                }
                self.card(
                    back,
                    x - MINE[0] / 2,
                    y - MINE[1] / 2,
                    MINE,
                    ("back", seat, i),
                    HAND.angle(i, count),
                )
            return
        self.text(f"Your hand ({len(hand)})", 0, MINE_Y + 196, 11, bold=True)
        for i, c in enumerate(hand):
            x, y = HAND.place(i, len(hand))
            raised = 26 if c["id"] in self.selected else 0
            key = ("card", c["id"])
            item = self.card(
                self._face(c), x - 44, y - 62 - raised, (88, 124), key, HAND.angle(i, len(hand))
            )
            item.chosen = c["id"] in self.selected
            item.setZValue(Z_PIECE + i)
            self.target(key, item)
            self.source(key, item)
        fan = QRectF(0, MINE_Y + 196, 90, 20)  # the hand's words, and every card of it
        for c in hand:
            fan = fan.united(self.targets[("card", c["id"])])
        self.name_part("Your hand: only you see it", fan)

    def _preview(self) -> None:
        """The large card: what is under the pointer (or focused), with its whole text."""
        self.region(PREVIEW_BOX)
        self.name_part("The card under the pointer, large, with its whole text", PREVIEW_BOX)
        self.text(
            "Point at a card to see it here.", PREVIEW_BOX.left() + 10, PREVIEW_BOX.top() + 6, 10
        )
        self.preview = CardItem(self.look, None, *PREVIEW)
        self.addItem(self.preview)
        self.preview.setPos(
            PREVIEW_BOX.left() + (PREVIEW_BOX.width() - PREVIEW[0]) / 2, PREVIEW_BOX.top() + 28
        )
        self.preview.setToolTip("")
        self.preview_words = self.addSimpleText("")
        self.preview_words.setFont(font(max(10, self.least_points)))
        self.preview_words.setBrush(WHITE)
        self.preview_words.setPos(PREVIEW_BOX.left() + 10, PREVIEW_BOX.top() + 28 + PREVIEW[1] + 8)

    def show_large(self, key: Hashable | None) -> None:
        """Shows the card of `key` large; with none, the seat's own magician."""
        card = self.cards.get(key) if key is not None else None
        card = card or self.cards.get(("magician", self.bottom))
        if self.preview is None:
            return
        self.preview.set_card(card)
        lines = self.look.words(card)[1:] if card else []
        room = PREVIEW_BOX.width() - 20
        self.preview_words.setText(
            "\n".join(
                part
                for line in lines
                if line
                for part in fold(line, room, max(10, self.least_points))
            )
        )

    # -- taking an Objective --------------------------------------------------------------------

    def _light_payment(self, payment: Payment) -> None:
        for c in payment.payers:
            self.ring(self.targets[("card", c)])
        o = payment.objective
        name = next(c["name"] for c in self.view["contest"] if c and c["id"] == o)
        # Over the seat's tricks, where the Objective was dropped: opaque (the tricks'
        # title showed through, half hidden behind the panel's words).
        box = self.targets[("tricks", self.me)]
        cover = self.addRect(
            box.adjusted(2, 2, -2, -2), QPen(Qt.PenStyle.NoPen), QBrush(QColor(20, 40, 30))
        )
        cover.setZValue(Z_LIFTED - 10)
        words = self.text(
            f"Taking {name}", box.left() + 12, box.top() + 12, 13, bold=True, colour=PROMPT
        )
        count = f"with {counted(len(payment.chosen), 'Backstage card')}: click cards to change them"
        more = self.text(count, box.left() + 12, box.top() + 36, 11)
        for item in (words, more):
            item.setZValue(Z_LIFTED - 9)
        self.button("Take it", QRectF(box.left() + 12, box.top() + 70, 130, 40), ("pay", "take"))
        self.button("Cancel", QRectF(box.left() + 156, box.top() + 70, 110, 40), ("pay", "cancel"))
        for key in (("pay", "take"), ("pay", "cancel")):
            self.item(key).setZValue(Z_LIFTED - 9)

    # -- moves --------------------------------------------------------------------------------

    def drop(self, source: Hashable, key: Hashable | None, screen_pos: QPointF | None) -> None:
        if key == ("deck",) and source[0] == "card" and source[1] in self.selected:
            if len(self.selected) > 1:
                self.play_json(self._exchange())
                return
        moves = self.drops.get((source, key), []) if key is not None else []
        if moves and key[0] == "tricks" and source[0] == "objective":
            # Which Backstage cards go around it is chosen on the table, then Take it.
            cards = self.look.cards
            groups = {k: self.look.groups[g].name for k, g in cards.group_of.items()}
            self.compose(Payment(self.view, source[1], moves, groups))
            return
        super().drop(source, key, screen_pos)

    def _exchange(self) -> dict[str, Any]:
        return attempts.illusio_exchange(list(self.selected))

    def attempt(self, source: Hashable, key: Hashable) -> dict[str, Any] | None:
        return attempts.illusio(self.view, source, key) or super().attempt(source, key)

    def activate(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        if key == ("deck",) and self.selected:
            self.play_json(self._exchange())
            return
        super().activate(key, screen_pos)

    def clicked(self, source: Hashable, modifiers: Any = None) -> None:
        hand = {c["id"] for c in self.view["hand"] or []}
        if source[0] == "card" and source[1] in hand and self.view["me"] == self.view["current"]:
            self.selected.symmetric_difference_update({source[1]})
            self.redraw()
            n = len(self.selected)
            self.message.emit(
                f"{counted(n, 'card')} chosen: drag one onto the deck to exchange "
                + ("it." if n == 1 else "them.")
                if n
                else "No card chosen."
            )
        else:
            super().clicked(source, modifiers)

    def ring_look(self, rect: QRectF) -> tuple[float, float, float]:
        """A card's gold ring close round it, thin: standing out, the ring round an
        Objective under realization ran over the chips beside it ("▣ Case · Boxes")."""
        if max(rect.width(), rect.height()) < 160:
            return 1.5, 2.5, Z_MARK
        return super().ring_look(rect)

    def guide_look(self, rect: QRectF) -> tuple[float, float]:
        """Round a chip, the guide's frame lies just outside it, thin, where its gold ring
        goes: on its edge it ran through the chip's own word ("Audience" in Lera's
        Backstage)."""
        if rect.height() < 30:
            margin, width, _z = self.ring_look(rect)
            return margin, width
        return super().guide_look(rect)

    def focusables(self) -> list[Hashable]:
        if self.composing is not None:
            return super().focusables()  # the panel's choices
        # The hand first, as a player reaches for it, then what lies on the table.
        hand = {("card", c["id"]) for c in self.view["hand"] or []}
        found = super().focusables()
        return [k for k in found if k in hand] + [k for k in found if k not in hand]


class Payment(Composing):
    """An Objective of the Contest being taken: the Backstage cards that go around it are
    chosen on the table (the most that can, to begin with; a click adds or takes one
    away), then Take it."""

    opening = "Click cards to change which go; Take it to confirm."
    cancel = ("pay", "cancel")

    def __init__(
        self,
        view: dict[str, Any],
        objective: int,
        moves: list[Action],
        groups: dict[str, str] | None = None,
    ) -> None:
        """`groups`: each Component kind's group's word ("Animals"), to say why a card
        cannot go."""
        self.objective = objective
        best = max(moves, key=lambda a: len(a.components)) if moves else None
        self.chosen: set[int] = set(best.components) if best else set()
        # The Backstage cards that could go around it (the view stays while it is open).
        fits = view["seats"][view["me"]]["fits"]
        slot = next(i for i, c in enumerate(view["contest"]) if c and c["id"] == objective)
        self.payers: list[int] = fits[slot]["cards"]
        self.named = view["contest"][slot]["name"]
        self.groups = groups or {}
        self.backstage = {c["id"]: c for c in view["seats"][view["me"]]["backstage"]}

    def refused(self, key: Hashable) -> str | None:
        """A greyed Backstage card clicked: it cannot go around this Objective."""
        if not isinstance(key, tuple) or key[:1] != ("card",) or key[1] not in self.backstage:
            return None
        if key[1] in self.payers:
            return None
        card = self.backstage[key[1]]
        name = card.get("now_name", card["name"])
        group = self.groups.get(card.get("now", card["kind"]))
        why = f"it asks for none of the {group}" if group else "it needs no such Component"
        return (
            f"The {name} cannot go around {self.named}: {why}. Click a lit card to add or "
            "take one away, then Take it."
        )

    def choices(self) -> list[Hashable]:
        return [("card", c) for c in self.payers] + [("pay", "take"), self.cancel]

    def choose(self, key: Hashable) -> dict[str, Any] | None:
        if key == ("pay", "take"):
            return attempts.illusio_realize(self.objective, list(self.chosen))
        self.chosen.symmetric_difference_update({key[1]})  # type: ignore[index]
        return None

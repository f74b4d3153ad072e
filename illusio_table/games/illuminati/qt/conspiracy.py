"""Illuminati's cards drawn as cards: a Group or an Illuminati painted in one item.

A card reads like the printed one: its name, Power/transferable Power, Resistance and
Income in the corners, its alignments as coloured symbols, and its arrows on its sides
(the control arrow in, the outward arrows out, gold while free). Turned by quarter
turns, the whole card turns, arrows and all, as it lies in its Power Structure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from illusio_table.qt.scenes.look import GOLD, INK, PAPER, PX_PER_POINT, WHITE, plain
from illusio_table.qt.scenes.words import fitted_text, fitting, fold, width_of

if TYPE_CHECKING:  # for the type checker only: a scene imports no game
    from illusio_table.games.illuminati.cards import IlluminatiCards

ILLUMINATI = QColor("#1b2a1b")
GROUP = PAPER
BACK = QColor("#2b1b3b")
SPECIAL = QColor("#3b2b12")
USED_ARROW = QColor("#6d6d6d")
# The frame of a card taking part in the attack under way.
# (An aider's frame is green, plain to see: a paler gold than the gold of a card that may
# be clicked read as the same mark.)
ROLES = {"attacker": QColor("#ffb300"), "aider": QColor("#43d94f"), "target": QColor("#e53935")}


class Look:
    """Numbers, alignments and words of Illuminati's cards, from the card file."""

    def __init__(self, cards: IlluminatiCards) -> None:
        self.cards = cards
        self.groups = self.cards.group
        self.illuminati = {i.id: i for i in self.cards.illuminati}
        self.alignments = {a.id: a for a in self.cards.alignments}
        self.specials = {s.id: s for s in self.cards.specials}
        # With the hidden-goals option each player pursues a goal chosen in secret: an
        # Illuminati's printed Special goal is then said as not necessarily its owner's
        # (the card reader showed it as if it were).
        self.hidden_goals = False

    def special_goal(self, text: str) -> str:
        """An Illuminati's printed Special goal, as the card reader says it."""
        if self.hidden_goals:
            return f"Printed goal (hidden goals on): {text}"
        return f"Special goal: {text}"

    def name(self, card: str) -> str:
        if card == "illuminati":
            return "Illuminati (face down)"
        if card in self.groups:
            return self.groups[card].name
        if card in self.illuminati:
            return self.illuminati[card].name
        kind = card.split("#")[0]
        return self.specials[kind].name if kind in self.specials else card

    def words(self, card: dict[str, Any]) -> list[str]:
        """Everything the card says, and what each number means."""
        cid = card["id"]
        if card.get("face") == "special":
            kind = self.specials[cid.split("#")[0]]
            return [kind.name, "A Special card.", kind.text]
        if card.get("face") == "back":
            return [card.get("title", "A Special card, face down"), card.get("why", "")]
        if cid == "illuminati":
            return [
                "An Illuminati card, face down",
                "Its owner keeps secret which conspiracy leads this Power Structure.",
            ]
        if cid in self.illuminati:
            i = self.illuminati[cid]
            lines = [
                i.name,
                f"Illuminati: Power {_with_bonus(i.power, card)} (it attacks with this), "
                "transferable "
                f"Power {i.transferable} (it aids another attack with this).",
                f"Income {i.income} MB a turn into its treasury. It cannot be attacked.",
            ]
            if i.ability is not None:
                lines.append(f"Ability: {i.ability.text}")
            if i.goal is not None:
                lines.append(self.special_goal(i.goal.text))
            return lines + self._money(card)
        g = self.groups[cid]
        aligned = ", ".join(self.alignments[a].name for a in g.alignments) or "none"
        lines = [
            g.name,
            f"Power {g.power}: its strength in an attack"
            + (" (it has no Power: it cannot attack)" if g.power == 0 else "")
            + f"; transferable Power {g.transferable}: what it adds to another attack.",
            f"Resistance {g.resistance}: subtracted from an attacker's Power to control it.",
            f"Income {g.income} MB a turn (when controlled).",
            f"Alignments: {aligned}.",
        ]
        lines += [f"Ability: {a.text}" for a in g.abilities]
        return lines + self._money(card)

    def brief(self, card: dict[str, Any], money: bool = True) -> list[str]:
        """What the card says in fewer lines: its numbers on one line, without what each
        means (where its words would not fit the large card's panel); without its
        treasury (its coin on the table says it) unless `money`."""
        cid = card["id"]
        if not money:
            return [line for line in self.brief(card) if line not in self._money(card)]
        if cid in self.illuminati:
            i = self.illuminati[cid]
            power = _with_bonus(i.power, card)
            lines = [i.name, f"Power {power}/{i.transferable} · Income {i.income} MB"]
            lines += [f"Ability: {i.ability.text}"] if i.ability is not None else []
            lines += [self.special_goal(i.goal.text)] if i.goal is not None else []
            return lines + self._money(card)
        if cid not in self.groups or card.get("face") in ("special", "back"):
            return self.words(card)
        g = self.groups[cid]
        aligned = ", ".join(self.alignments[a].name for a in g.alignments) or "none"
        lines = [
            g.name,
            f"Power {g.power}/{g.transferable} · Resistance {g.resistance} · Income {g.income} MB",
            f"Alignments: {aligned}.",
        ]
        lines += [f"Ability: {a.text}" for a in g.abilities]
        return lines + self._money(card)

    @staticmethod
    def _money(card: dict[str, Any]) -> list[str]:
        if "money" not in card:
            return []
        money = card["money"]
        return ["Treasury: hidden." if money is None else f"Treasury: {money} MB."]


class ConspiracyCard(QGraphicsItem):
    """One card `w` × `h` (landscape, as printed), its centre at pos(), turned by
    `turn` quarter turns; `free` and `used` are the printed sides of its outward arrows."""

    def __init__(self, look: Look, card: dict[str, Any], w: float, h: float) -> None:
        super().__init__()
        self.look, self.card, self.w, self.h = look, card, w, h
        self.chosen = False
        self.set_card(card)

    def set_card(self, card: dict[str, Any]) -> None:
        """Shows this card, turned as it lies (the large one: the card pointed at,
        upright), its words as tooltip."""
        self.card = card
        self.setRotation(90 * card.get("turn", 0))
        self.setToolTip(plain("\n".join(line for line in self.look.words(card) if line)))
        self.update()

    def face(self) -> QRectF:
        """Where the card itself lies on the table, its arrows left out."""
        return self.mapRectToScene(QRectF(-self.w / 2, -self.h / 2, self.w, self.h))

    def boundingRect(self) -> QRectF:
        m = 0.16 * self.h if not self.card.get("strip") else 1  # room for the arrows
        return QRectF(-self.w / 2 - m, -self.h / 2 - m, self.w + 2 * m, self.h + 2 * m)

    def words(self) -> list[str]:
        return self.look.words(self.card)

    # The name has the whole band between the numbers above and the foot below (it had a
    # third of the card, and long names came out at 5 pixels on a small screen). On a
    # strip it has the left part, its numbers the right.
    def _name_box(self) -> QRectF:
        if self.card.get("strip"):
            return QRectF(-self.w / 2 + 5, -self.h / 2, self._name_room(), self.h)
        # Between the numbers' lines (and below the treasury's coin).
        top = max(self._line(0.2), self.card.get("coin", 0) + 1)
        return QRectF(
            -self.w / 2 + 3, -self.h / 2 + top, self.w - 6, self.h - self._line(0.24) - top
        )

    def _name_room(self) -> float:
        """On a strip, the width left of its numbers (and of an outcome badge there)."""
        # (from 5 in, where the name begins, to a gap wider than the spaces between its
        # numbers: "Convenience Stores" ran into its "1  R 4  I +3", 3 pixels apart)
        gap = max(8.0, width_of("  ", self._name_size, True) + 2)
        return self.numbers_left() - 5 - gap - self.card.get("tag", 0)

    def strip_lines(self) -> tuple[list[str], bool]:
        """A strip's name as it is drawn, a line to a row: on the numbers' row where it
        fits whole there, else folded over rows of their own across the strip, the
        numbers (and an outcome badge) on a row under them (True). A name is never cut
        short on a strip ("Parent/Teach…", "TV…" beside "ATTACK FAILED"): the table
        gives a strip the rows its name needs (`rows`)."""
        cid = self.card["id"]
        name = "ILLUMINATI (face down)" if cid == "illuminati" else self.look.name(cid)
        size = self._name_size
        if width_of(name, size, True) <= self._name_room():
            return [name], False
        lines = fold(name, self.w - 10, size, True)
        apart = cid != "illuminati" and width_of(lines[-1], size, True) > self._name_room()
        return lines, apart

    def rows(self) -> int:
        """How many rows of words a strip takes (see `strip_lines`)."""
        lines, apart = self.strip_lines()
        return len(lines) + (1 if apart else 0)

    @property
    def _pitch(self) -> float:
        """The height of a row of a strip (given by the table where it has several)."""
        return float(self.card.get("pitch", self.h))

    def numbers_row(self) -> QRectF:
        """Where a strip's numbers (and outcome badge) lie, in the card: its last row."""
        return QRectF(-self.w / 2, self.h / 2 - self._pitch, self.w, self._pitch)

    def name_boxes(self) -> list[QRectF]:
        """Where its name's lines lie on the table (nothing may be laid over them)."""
        if self.name_drawn() is None:
            return []
        if not self.card.get("strip"):
            return [self.mapRectToScene(self._name_box())]
        lines, _ = self.strip_lines()
        size, pitch = self._name_size, self._pitch
        return [
            self.mapRectToScene(
                QRectF(-self.w / 2 + 5, -self.h / 2 + k * pitch, width_of(line, size, True), pitch)
            )
            for k, line in enumerate(lines)
        ]

    def _line(self, share: float) -> float:
        """The height of a line of numbers: `share` of the card, or what the least size
        that reads needs (the numbers were cut short, or drawn under 8 pixels)."""
        return max(self.h * share, self._least * PX_PER_POINT * 1.3)

    @property
    def _name_size(self) -> int:
        """A strip's name has the size the table gives it (folded over more rows rather
        than made smaller); a card's is as large as its height allows, and at least the
        table's `least` if it gives one (the table makes the card as large as its name
        needs to read whole, folded, or lists it: `IlluminatiScene.readable`)."""
        return self.card.get("strip") or max(int(self.h * 0.2), self.card.get("least", 0))

    @property
    def _least(self) -> int:
        return self.card.get("strip") or self.card.get("least") or 6

    def _name_flags(self) -> int:
        if self.card.get("strip"):
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)

    def name_size(self) -> int | None:
        """The point size its name is drawn at (None for a card that shows no name)."""
        drawn = self.name_drawn()
        return None if drawn is None else drawn[0]

    def name_drawn(self) -> tuple[int, str] | None:
        """Its name as drawn: the point size, and the words (cut short with "…" where they
        do not fit whole); None for a card that shows no name."""
        cid = self.card["id"]
        if self.card.get("face") in ("special", "back") or cid == "illuminati":
            return None
        if self.card.get("strip"):  # (whole, over the rows it needs)
            return self._name_size, " ".join(self.strip_lines()[0])
        box = self._name_box()
        size = max(self._name_size, 6)
        name = self.look.name(cid)
        flags = self._name_flags()
        return fitting(name, box.width(), box.height(), size, True, flags, self._least)

    def _numbers(self) -> tuple[str, str, str, tuple[str, ...]]:
        """Power (and transferable Power), Resistance, Income and alignments, as printed."""
        cid = self.card["id"]
        if cid in self.look.illuminati:
            i = self.look.illuminati[cid]
            power = i.power + self.card.get("power_bonus", 0)  # (an option's, as attacks count)
            return f"{power}/{i.transferable}", "", f"+{i.income}", ()
        g = self.look.groups[cid]
        numbers = f"{g.power}/{g.transferable}" if g.transferable else f"{g.power}"
        return numbers, str(g.resistance), f"{g.income:+d}", g.alignments

    def _strip_numbers(self) -> str:
        if self.card["id"] == "illuminati":
            return ""
        numbers, resistance, income, _ = self._numbers()
        return "  ".join(
            w for w in (numbers, f"R {resistance}" if resistance else "", f"I {income}") if w
        )

    def _discs_width(self) -> float:
        """How much of a strip's right end its alignment discs take."""
        aligned = len(self._numbers()[3])
        pitch = self._pitch
        return aligned * (self._disc_size(pitch * 0.5)[0] + 2) + (4 if aligned else 0)

    def _disc_size(self, d: float) -> tuple[float, int]:
        """An alignment disc's size from the one it was planned at, and its symbol's."""
        glyph = max(int(d * 0.62), self._least)
        d = max(d, glyph * PX_PER_POINT * 1.2)
        if self.card.get("strip"):
            return min(d, self._pitch - 1), glyph
        return min(d, self.w * 0.2), glyph

    def numbers_left(self) -> float:
        """Where a strip's numbers and alignment discs begin, from its left edge."""
        if self.card["id"] == "illuminati":
            return self.w
        size = self._name_size
        wide = width_of(self._strip_numbers(), size, True)
        return self.w - 6 - wide - self._discs_width()

    def _paint_strip(self, painter: QPainter, box: QRectF, fill: QColor, ink: QColor) -> None:
        """A card as one line (where cards would be too small to read), or as many rows
        as its name needs whole (`strip_lines`): its name on the left, Power,
        Resistance, Income and alignments on the right of the last row; the tooltip and
        the large card under the pointer tell the rest, arrows too."""
        cid = self.card["id"]
        lines, apart = self.strip_lines()
        row = self.numbers_row()
        pitch = row.height()
        named = [
            (line, QRectF(box.left() + 5, box.top() + k * pitch, self.w - 10, pitch))
            for k, line in enumerate(lines)
        ]
        if not apart:  # (the last line of the name shares the numbers' row)
            named[-1] = (lines[-1], QRectF(box.left() + 5, row.top(), self._name_room(), pitch))
        for line, rect in named:
            fitted_text(
                painter,
                rect,
                line,
                self._name_size,
                GOLD if fill == ILLUMINATI else ink,
                bold=True,
                flags=self._name_flags(),
                wrap=False,
                least=self._least,
            )
        if cid == "illuminati":
            return
        left = box.left() + self.numbers_left()
        right = box.right() - 4 - self._discs_width()
        fitted_text(
            painter,
            QRectF(left, row.top(), right - left, pitch),
            self._strip_numbers(),
            self._name_size,
            ink,
            bold=True,
            flags=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            wrap=False,
        )
        self._discs(painter, self._numbers()[3], box.right() - 4, *self._strip_discs())

    def _strip_discs(self) -> tuple[float, float]:
        """Where a strip's discs sit, their bottom, and the size they are planned at:
        centred on its numbers' row as large as they are drawn (they were centred as
        planned, and drawn larger spilled over the row's top edge)."""
        row = self.numbers_row()
        d = min(self.h, row.height()) * 0.5
        return row.center().y() + self._disc_size(d)[0] / 2, d

    def _discs(
        self,
        painter: QPainter,
        aligned: tuple[str, ...],
        right: float,
        bottom: float,
        d: float,
        pitch: float | None = None,
    ) -> None:
        """Alignments: coloured discs with their symbols, leftwards from `right`. A symbol
        is at least the size words read at (two colours may look alike to some eyes: the
        symbol tells them apart), its disc as large as it needs, as far as the card has
        room (a strip's height; on a card, three discs in 0.6 of its width); `pitch`
        apart (each a little over the last where the card has no more room)."""
        glyph = self._disc_size(d)[1]
        discs = self._disc_rects(len(aligned), right, bottom, d, pitch)
        for k, a in reversed(list(enumerate(aligned))):  # (the first drawn last, on top)
            al = self.look.alignments[a]
            disc = discs[k]
            painter.setPen(QPen(INK, 0.8))
            painter.setBrush(QColor(al.colour))
            painter.drawEllipse(disc)
            fitted_text(painter, disc, al.symbol or al.name[:1], glyph, WHITE, least=glyph)

    def _disc_rects(
        self, count: int, right: float, bottom: float, d: float, pitch: float | None = None
    ) -> list[QRectF]:
        """Where `count` alignment discs lie (see `_discs`), in the card."""
        d = self._disc_size(d)[0]
        step = d + 2 if pitch is None else pitch
        return [QRectF(right - k * step - d - 2, bottom - d, d, d) for k in range(count)]

    def _coin_reach(self) -> float:
        """How far the treasury's coin on the top right corner reaches into the card."""
        return max(self.card.get("coin", 0), self.card.get("coin_half", 0))

    def _power_box(self) -> QRectF:
        """The Power's room on the top line, from the card's left edge: what the
        Resistance (drawn right, left of the coin) and the coin leave, a few pixels
        apart (a fixed two fifths of the card cut "10/10" to "10/…" once the card was
        small, beside a two-digit coin, though the line had room)."""
        numbers, resistance, _, _ = self._numbers()
        size = max(self._least, int(self.h * 0.13))
        right = self.w - 3 - self._coin_reach()
        if resistance:
            right -= width_of(f"R {resistance}", size, True) + 6
        return QRectF(0, 0, max(self.w * 0.42, right - 3), self._line(0.2))

    def _card_discs(self) -> tuple[float, float]:
        """On a card (not a strip): the discs' planned size and their pitch, a little over
        each other where they are many (the income keeps its room beside them)."""
        aligned = self._numbers()[3]
        d = self._disc_size(self.h * 0.2)[0]
        pitch = d + 2
        if aligned:
            income = self._numbers()[2]
            room = self.w - 10 - width_of(f"I {income}", self._least, True) - 4
            pitch = max(d * 0.55, min(pitch, (room - d - 2) / max(1, len(aligned) - 1)))
        return d, pitch

    def disc_boxes(self) -> list[QRectF]:
        """Where its alignment discs lie on the table (a coin's amount may not run on
        them)."""
        if self.card.get("face") in ("special", "back") or self.card["id"] == "illuminati":
            return []
        aligned = self._numbers()[3]
        box = QRectF(-self.w / 2, -self.h / 2, self.w, self.h)
        if self.card.get("strip"):
            rects = self._disc_rects(len(aligned), box.right() - 4, *self._strip_discs())
        else:
            _, pitch = self._card_discs()
            rects = self._disc_rects(
                len(aligned), box.right() - 4, box.bottom() - 4, self.h * 0.2, pitch
            )
        return [self.mapRectToScene(r) for r in rects]

    def paint(self, painter: QPainter, option: Any = None, widget: Any = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        card, look = self.card, self.look
        box = QRectF(-self.w / 2, -self.h / 2, self.w, self.h)
        cid = card["id"]
        face = card.get("face")
        fill = {"special": SPECIAL, "back": BACK}.get(face) or (
            ILLUMINATI if cid in look.illuminati or cid == "illuminati" else GROUP
        )
        role = ROLES.get(card.get("role"))  # its part in the attack under way
        painter.setPen(QPen(role, 4) if role else QPen(GOLD, 3) if self.chosen else QPen(INK, 1.2))
        painter.setBrush(fill)
        painter.drawRoundedRect(box, 5, 5)
        if card.get("strip"):
            self._paint_strip(painter, box, fill, WHITE if fill == ILLUMINATI else INK)
            return
        if face in ("special", "back"):
            title = look.name(cid) if face == "special" else "Special"
            # (never under the size the table gives it: it makes the chip as large as the
            # name needs there)
            least = card.get("least", 6)
            fitted_text(painter, box.adjusted(4, 4, -4, -4), title, 12, GOLD, True, least=least)
            return
        self._arrows(painter, box)
        if cid == "illuminati":
            fitted_text(
                painter, box.adjusted(6, 6, -6, -6), "ILLUMINATI\n(face down)", 14, GOLD, bold=True
            )
            return
        dark = fill == ILLUMINATI
        ink = WHITE if dark else INK
        # The numbers start at the size the name reads at, smaller only where they would
        # not fit whole (a cut number says nothing).
        size = max(self._least, int(self.h * 0.13))
        fitted_text(
            painter,
            self._name_box(),
            look.name(cid),
            self._name_size,
            GOLD if dark else ink,
            bold=True,
            least=self._least,
        )
        numbers, resistance, income, aligned = self._numbers()
        corner = QRectF(0, 0, self.w * 0.42, self._line(0.2))
        fitted_text(
            painter,
            self._power_box().translated(box.left() + 3, box.top() + 2),
            numbers,
            size,
            ink,
            bold=True,
            flags=Qt.AlignmentFlag.AlignLeft,
            least=self._least,  # (never below the size that reads: 'I +0' was 7.9 px)
        )
        fitted_text(
            painter,
            # (left of the treasury's coin, which sits on this corner)
            corner.translated(
                box.right() - corner.width() - 3 - self._coin_reach(),
                box.top() + 2,
            ),
            f"R {resistance}" if resistance else "",
            size,
            ink,
            bold=True,
            flags=Qt.AlignmentFlag.AlignRight,
            least=self._least,
        )
        low = self._line(0.24)
        # The income whole at the size that reads, the discs in what it leaves: a little
        # over each other where they are many ("I +0" beside five discs was cut, or drawn
        # at 7.9 px).
        d, pitch = self._card_discs()
        discs = (len(aligned) - 1) * pitch + d + 2 if aligned else 0
        foot = QRectF(box.left() + 3, box.bottom() - low, self.w - 10 - discs, low)
        fitted_text(
            painter,
            foot,
            f"I {income}",
            size,
            ink,
            bold=True,
            flags=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            least=self._least,
        )
        self._discs(painter, aligned, box.right() - 4, box.bottom() - 4, self.h * 0.2, pitch)

    def arrow_rects(self) -> list[QRectF]:
        """Where its arrows lie on the table (none on a strip or a Special's face): the
        links between a card and its master among them, which a label must leave clear."""
        if self.card.get("strip") or self.card.get("face") in ("special", "back"):
            return []
        box = QRectF(-self.w / 2, -self.h / 2, self.w, self.h)
        outward, inward = self._sides()
        a = self.h * 0.14
        shapes = [_arrow(box, side, a, outward=True) for side in outward]
        shapes += [_arrow(box, inward, a, outward=False)] if inward is not None else []
        return [self.mapRectToScene(shape.boundingRect()) for shape in shapes]

    def _sides(self) -> tuple[tuple[str, ...], str | None]:
        """Its outward arrows' sides and its control arrow's (None on Illuminati)."""
        g = self.look.groups.get(self.card["id"])
        if g is not None:
            return tuple(g.arrows_out), g.arrow_in
        return ("T", "R", "B", "L"), None

    def _arrows(self, painter: QPainter, box: QRectF) -> None:
        """Outward arrows point out of their sides (gold while free, grey when used); the
        control arrow points in."""
        cid = self.card["id"]
        look = self.look
        if cid in look.groups:
            g = look.groups[cid]
            outward, inward = g.arrows_out, g.arrow_in
        else:
            outward, inward = ("T", "R", "B", "L"), None
        free = set(self.card.get("free_arrows", outward))
        a = self.h * 0.14
        for side in outward:
            colour = GOLD if side in free else USED_ARROW
            painter.setPen(QPen(INK, 0.8))
            painter.setBrush(colour)
            painter.drawPolygon(_arrow(box, side, a, outward=True))
        if inward is not None:
            painter.setPen(QPen(INK, 0.8))
            painter.setBrush(QColor("#90caf9"))
            painter.drawPolygon(_arrow(box, inward, a, outward=False))


def _arrow(box: QRectF, side: str, a: float, outward: bool) -> QPolygonF:
    """A small triangle on the middle of a side, pointing out of the card or into it."""
    c = box.center()
    points = {
        "T": (QPointF(c.x(), box.top()), QPointF(0, -1)),
        "B": (QPointF(c.x(), box.bottom()), QPointF(0, 1)),
        "L": (QPointF(box.left(), c.y()), QPointF(-1, 0)),
        "R": (QPointF(box.right(), c.y()), QPointF(1, 0)),
    }
    base, out = points[side]
    across = QPointF(-out.y(), out.x())
    if outward:
        tip, root = base + out * a, base
    else:
        tip, root = base, base + out * a
    return QPolygonF([root + across * a, tip, root - across * a])


def _with_bonus(power: int, card: dict[str, Any]) -> str:
    """A card's Power in words, with what an option adds ("7 (6, +1 with hidden goals)")."""
    bonus = card.get("power_bonus", 0)
    return f"{power + bonus} ({power}, +{bonus} with hidden goals)" if bonus else f"{power}"

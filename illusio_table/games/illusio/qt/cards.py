"""Illusio's cards drawn as cards: one item paints a whole card from a small description.

A card is described by a dict (a `face` and the fields of the view it comes from), so the
table, the large preview and the tests read the same thing. Painting a card in one item,
rather than as a dozen rectangles and words, keeps a late six-seat table quick to redraw.
Colours and symbols come from the card file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem

from illusio_table.qt.scenes.look import (
    GOLD,
    INK,
    PAPER,
    PX_PER_POINT,
    WHITE,
    plain,
    readable_points,
)
from illusio_table.qt.scenes.words import fitted_text, fitting, measure_font
from illusio_table.table.prompts import counted

if TYPE_CHECKING:  # for the type checker only: a drawing imports no rules
    from illusio_table.games.illusio.cards import IllusioCards

BACK = QColor("#5a1f36")
SPECIAL = QColor("#2e2440")
MAGICIAN = QColor("#1f3550")
SHADE = QColor(0, 0, 0, 110)
CORNER = 6
# A card's look at a size -> its picture, and where its words lie on it.
_PICTURES: dict[tuple, tuple[QPixmap, list[QRectF], list[str], list[QRectF]]] = {}


def contrast(one: QColor, other: QColor) -> float:
    """The contrast ratio of two colours (WCAG: 4.5 and more reads as body text)."""

    def light(c: QColor) -> float:
        def part(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * part(c.redF()) + 0.7152 * part(c.greenF()) + 0.0722 * part(c.blueF())

    high, low = sorted((light(one), light(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def behind_white(colour: QColor) -> QColor:
    """A group's colour as deep as white words on it need to read (4.5:1): white on the
    Animals' green or the Accessories' gold was hard to read on a chip."""
    while contrast(colour, WHITE) < 4.5:
        colour = colour.darker(108)
    return colour


class _Noting(QPainter):
    """A painter that notes where on the card it writes words (a symbol alone, "✦",
    "3", is no word): the table knows what a balloon or a count laid over the card
    would hide (balloon 7 of the help picture sat on "Formulas", painted by a card)."""

    def __init__(self, device: QPixmap) -> None:
        super().__init__(device)
        self.words: list[QRectF] = []
        self.texts: list[str] = []  # the words and symbols written, in order
        self.inks: list[QRectF] = []  # where the words' letters lie (one line: tighter)

    def drawText(self, *args: Any) -> None:  # type: ignore[override]
        rect, flags, text = (args + (None, None, None))[:3]
        if isinstance(text, str):
            self.texts.append(text)
        if isinstance(rect, QRectF) and isinstance(text, str) and any(c.isalnum() for c in text):
            box = self.boundingRect(rect, int(flags), text)
            self.words.append(box)
            metrics = measure_font(self.font())
            if box.height() < metrics.lineSpacing() * 1.5:
                tight = metrics.tightBoundingRect(text)
                box = tight.translated(box.left(), box.top() + metrics.ascent())
            self.inks.append(box)
        super().drawText(*args)


class Look:
    """Names, colours, symbols and words of Illusio's cards, from the card file."""

    def __init__(self, cards: IllusioCards) -> None:
        self.cards = cards
        self.groups = {g.id: g for g in self.cards.groups}
        self.domains = {d.id: d for d in self.cards.domains}
        self.kinds = self.cards.kinds
        # The Components drawn on the table now (kind, name, width, height), by group: a
        # group's word is said in one form on all of them, chips of every size and cards of
        # the hand alike ("Mirrors · Tricks" in Juno's Backstage beside "Mirrors · Trick"
        # around Ana's trick read as two words). The table empties it before it draws anew.
        self.chips: dict[str, set[tuple[str, str, float, float]]] = {}

    def name(self, some_id: str) -> str:
        return self.cards.name(some_id)

    def symbol(self, some_id: str) -> str:
        found = self.kinds.get(some_id) or self.groups.get(some_id) or self.domains.get(some_id)
        return (getattr(found, "symbol", "") or self.name(some_id)[:1]) if found else "?"

    def colour(self, some_id: str | None) -> QColor:
        """A group's or domain's colour; a type takes its group's."""
        if some_id in self.domains:
            return QColor(self.domains[some_id].colour)
        group = self.cards.group_of.get(some_id or "")
        return QColor(self.groups[group].colour) if group in self.groups else QColor("#777777")

    def group_words(self, kind: str) -> list[str]:
        """A Component's group word, the whole first, then shorter ("Accessories",
        "Accessory", "Acc."): the card says what it is in the first that fits."""
        group = self.groups[self.cards.group_of[kind]]
        return list(dict.fromkeys((group.name, *group.short)))

    def chip_words(self, kind: str, name: str) -> list[str]:
        """What a Component drawn as a chip says, the fullest first: its name and its
        group's word ("∞ Rope · Accessories" down to "Rope · Acc."), or its name
        alone where it names the group too (Audience, Formula). A Special's chip, its name."""
        symbol = self.symbol(kind)
        if kind not in self.cards.group_of:  # a Special
            return [f"{symbol} {name}"]
        group = self.groups[self.cards.group_of[kind]]
        if not group.types:
            return [f"{symbol} {name}"]
        return [
            f"{lead}{name} · {word}"
            for word in self.group_words(kind)
            for lead in (f"{symbol} ", "")
        ]

    def objective_names(self, name: str) -> list[str]:
        """An Objective's name, whole first, then shorter for a small card: without its
        "The" ("Talking Dove"). Where no form fits, the card showed no name at all
        ("☾ 2" and three tiles, in the guide's smaller table), and only its tooltip told it."""
        forms = [name]
        if name.startswith("The "):
            forms.append(name[4:])
        return forms

    def domain_words(self, domain: str) -> list[str]:
        """What an Objective's band says of its domain, the fullest first: its symbol and
        word, its word, then its word's shorter forms ("Ment." where "Mentalism" does not
        fit, as "Evasion" and "Close-up" did: a card said only "☾")."""
        found = self.domains[domain]
        return list(dict.fromkeys((f"{found.symbol} {found.name}", found.name, *found.short)))

    def need(self, need: str) -> str:
        """An Objective's requirement in words: a type, or any Component of a group."""
        if need in self.groups and self.groups[need].types:
            return f"any of the {self.groups[need].name}"
        return self.name(need)

    def stand_ins(self, needs: list[str]) -> str:
        """The rulebook's accuracy rule, shown on this card's own first named type: another
        type of its group meets it too, without the type's point ("Dove" alone read as if
        only a Dove would do, and the table took a Rabbit for it). '' with no named type."""
        for need in needs:
            if need in self.groups:
                continue
            group = self.groups[self.cards.group_of[need]]
            others = [self.name(t) for t in group.types if t != need]
            if others:
                either = ", ".join(others[:-1]) + " or " * (len(others) > 1) + others[-1]
                return (
                    f"Any card of a named Component's group may stand in for it ({either} "
                    f"for the {self.name(need)}), without the +1 point the named card "
                    "itself earns."
                )
        return ""

    def words(self, card: dict[str, Any]) -> list[str]:
        """Everything the card says, for the large preview and the tooltip."""
        face = card["face"]
        if face == "back":
            return [card.get("title", "A card face down"), card.get("why", "")]
        if face == "component":
            printed = self.name(card["kind"])
            group = self.groups[self.cards.group_of[card.get("now", card["kind"])]].name
            lines = [card.get("now_name", card["name"]), f"A Component of the group {group}."]
            if "now_name" in card:
                lines.append(f"Printed as {printed}; now a {card['now_name']}.")
                if card.get("transforms"):
                    lies = "lies" if card["transforms"] == 1 else "lie"
                    lines.append(f"{counted(card['transforms'], 'Transform card')} {lies} on it.")
            return lines
        if face == "special":
            kind = self.kinds[card["kind"]]
            return [card["name"], "A Special action.", kind.text]
        if face == "magician":
            used = card.get("used")
            state = {
                None: "Automatic.",
                True: "Used this round.",
                False: "Ready.",
                "over": "The game is over.",
            }[used]
            if used is False and card.get("idle"):
                state = f"Not usable now: {card['idle']}."
            return [card["name"], "A magician's talent.", card["text"], state]
        domain = self.domains[card["domain"]].name
        needs = ", ".join(self.need(n) for n in card["needs"])
        lines = [
            card["name"],
            f"An Objective: {domain}, level {card['level']}.",
            f"Needs {len(card['needs'])} Components: {needs}.",
            f"Taken from the Contest with {card['half']} of them in your Backstage.",
            self.stand_ins(card["needs"]),
        ]
        if card.get("progress") is not None:
            have, total = card["progress"]
            lines.append(f"Your Backstage holds {have} of the {total} it needs.")
        if card.get("state"):
            lines.append(card["state"])
        return lines


class CardItem(QGraphicsItem):
    """One card, `w` × `h`, painted from its description; its top-left at pos()."""

    def __init__(self, look: Look, card: dict[str, Any], w: float, h: float) -> None:
        super().__init__()
        self.look, self.card, self.w, self.h = look, card, w, h
        self.chosen = False  # selected by the person (raised, with a gold edge)
        self.least = 6  # the least size of words that reads where the card is seen (points)
        # A thumbnail (a card of a given-up or scored pile) shows no name: the player reads
        # it in the tooltip and the large card.
        self.nameless = False
        self.named: bool | None = None  # its name painted whole when last painted (tests)
        self.grouped: bool | None = None  # a Component's group word too (tests)
        self.words_at: list[QRectF] = []  # where its words lie, as last painted
        self.inks_at: list[QRectF] = []  # where their letters lie (tests)
        self.painted: list[str] = []  # what it wrote, as last painted (tests read it)
        self.set_card(card)

    def set_card(self, card: dict[str, Any] | None) -> None:
        """Shows this card (the large one shows the card pointed at), its words as tooltip."""
        self.card = card
        if card is not None and card["face"] == "component":
            now = card.get("now", card["kind"])
            group = self.look.cards.group_of.get(now, "")
            named = (now, card.get("now_name", card["name"]), self.w, self.h)
            self.look.chips.setdefault(group, set()).add(named)
        self.setToolTip(plain("\n".join(line for line in self.words() if line)))
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.h)

    def word_boxes(self) -> list[QRectF]:
        """Where the words the card paints lie in the scene, as it was last painted (none
        before): to lay nothing over them (`covering.weighed`)."""
        return [self.mapRectToScene(box) for box in self.words_at]

    def words(self) -> list[str]:
        """What the card says (tests read it as a person reads the card)."""
        return [] if self.card is None else self.look.words(self.card)

    def paint(self, painter: QPainter, option: Any = None, widget: Any = None) -> None:
        """Draws the card from a picture made once per look and size: a table is drawn
        anew after every move, mostly with the same cards."""
        if self.card is None:
            return
        turn = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        scale = max(0.25, min(8.0, ratio * (turn.m11() ** 2 + turn.m12() ** 2) ** 0.5))
        key = self._look_key(scale)
        kept = _PICTURES.get(key)
        if kept is None:
            # Words read at 8 pixels on the screen: so many points at the zoom it is seen at.
            self.least = max(6, readable_points(scale / ratio))
            picture = QPixmap(int(self.w * scale) + 1, int(self.h * scale) + 1)
            picture.fill(Qt.GlobalColor.transparent)
            drawing = _Noting(picture)
            drawing.scale(scale, scale)
            self.paint_card(drawing)
            drawing.end()
            if len(_PICTURES) > 600:
                _PICTURES.clear()
            kept = _PICTURES[key] = (picture, drawing.words, drawing.texts, drawing.inks)
        picture, self.words_at, self.painted, self.inks_at = kept
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(QRectF(0, 0, self.w, self.h), picture, QRectF(picture.rect()))

    def _look_key(self, scale: float) -> tuple:
        """Everything that changes how the card looks (its words for the preview aside)."""
        c = self.card
        return (
            c["face"],
            c.get("id"),
            c.get("kind"),
            c.get("now"),
            c.get("used"),
            c.get("idle"),
            c.get("name"),
            bool(c.get("dim")),
            self.chosen,
            self.nameless,
            self.w,
            self.h,
            round(scale, 2),
            self._alike() if c["face"] == "component" else (),
        )

    def _alike(self) -> tuple[tuple[str, str, float, float], ...]:
        """The Components of this one's group on the table (kind, name, width, height): they
        share the form of their group's word."""
        now = self.card.get("now", self.card["kind"])
        group = self.look.cards.group_of.get(now, "")
        return tuple(sorted(self.look.chips.get(group, ())))

    def _group_form(self, kind: str, name: str) -> int:
        """Which form of the group's word (`Look.group_words`) the Components of its group
        say on this table: the shortest that any of them needs to say it whole in bold (one
        that can say none shows no group word, and is not asked)."""
        needed = 0
        for other, named, wide, high in {*self._alike(), (kind, name, self.w, self.h)}:
            if high < 30:  # a chip: its name and the group's word on one line
                said = self.look.chip_words(other, named)[: 2 * len(self.look.group_words(other))]
                box, size = QRectF(2, 0, wide - 4, high), max(int(high * 0.5), self.least)
                first = next((i // 2 for i, w in enumerate(said) if self._says(box, w, size)), None)
            else:  # a card: the group's word in its band
                band, size = self._band_box(wide, high), self._size(0.11, w=wide, h=high)
                said = self.look.group_words(other)
                first = next((i for i, w in enumerate(said) if self._says(band, w, size)), None)
            if first is not None:
                needed = max(needed, first)
        return needed

    def paint_card(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        face = self.card["face"]
        box = QRectF(0, 0, self.w, self.h)
        fill = {"back": BACK, "special": SPECIAL, "magician": MAGICIAN}.get(face, PAPER)
        edge = QPen(GOLD, 3) if self.chosen else QPen(INK, 1.2)
        painter.setPen(edge)
        painter.setBrush(QBrush(fill))
        painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), CORNER, CORNER)
        {
            "back": self._back,
            "component": self._component,
            "special": self._special,
            "magician": self._magician,
            "objective": self._objective,
        }[face](painter)
        if self.card.get("dim"):
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(SHADE)
            painter.drawRoundedRect(box.adjusted(1, 1, -1, -1), CORNER, CORNER)

    # -- words ------------------------------------------------------------------------------

    def _write(
        self,
        painter: QPainter,
        rect: QRectF,
        text: str,
        size: int,
        colour: QColor,
        bold: bool = False,
        flags: Any = Qt.AlignmentFlag.AlignCenter,
        wrap: bool = True,
        thin: bool = True,
    ) -> bool:
        """Words of the card (a name, a group, a state) whole at a size that reads where
        the card is seen, or not at all (False): a name cut short ("Silk…", "Ambiti…")
        says less than none, and the large card and the tooltip tell it whole. Unbolded,
        a word a letter or two too wide fits whole ("Galloping", "Audience"); not with `thin`
        False (a chip's words: thin and white on a colour read poorly)."""
        least = self.least
        size = max(size, least)
        every = int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrap else 0)
        for weight in (bold, False) if bold and thin else (bold,):
            at, shown = fitting(text, rect.width(), rect.height(), size, weight, every, least)
            if shown == text:
                fitted_text(painter, rect, text, at, colour, weight, flags, wrap, at)
                return True
        return False

    def _name(self, painter: QPainter, rect: QRectF, name: str, size: int, colour: QColor) -> bool:
        """The card's name, whole, in bold where it fits (`_write`); none on a thumbnail."""
        if self.nameless:
            return False
        return self._write(painter, rect, name, size, colour, bold=True)

    def _fits(self, rect: QRectF, text: str, size: int) -> bool:
        """Whether `_write` would write the words whole in the box (bold or not)."""
        every = int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap)
        size = max(size, self.least)
        return any(
            fitting(text, rect.width(), rect.height(), size, bold, every, self.least)[1] == text
            for bold in (True, False)
        )

    def _rule(self, painter: QPainter, rect: QRectF, text: str) -> bool:
        """A rule printed on the card, whole at a size that reads, or not at all (False):
        half a rule misleads (the large card and the tooltip tell it whole)."""
        flags = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter
        size = max(self._size(0.075, 6), self.least)
        every = int(flags) | int(Qt.TextFlag.TextWordWrap)
        size, shown = fitting(text, rect.width(), rect.height(), size, False, every, self.least)
        if shown != text:
            return False
        fitted_text(painter, rect, text, size, WHITE, flags=flags, least=size)
        return True

    # -- the faces --------------------------------------------------------------------------

    def _size(
        self, share: float, least: int = 7, most: int = 22, w: float = 0.0, h: float = 0.0
    ) -> int:
        """A font size in proportion to the card (or to a card `w` × `h`): words at most
        `most` points (a large card shows more of them, not bigger ones); symbols pass a
        larger `most`."""
        w, h = w or self.w, h or self.h
        return max(least, min(most, int(min(w, h * 0.72) * share)))

    def _back(self, painter: QPainter) -> None:
        painter.setPen(QPen(GOLD, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inner = QRectF(4, 4, self.w - 8, self.h - 8)
        painter.drawRoundedRect(inner, 4, 4)
        fitted_text(painter, inner, "✦", self._size(0.4, most=80), GOLD)

    def _band(self, painter: QPainter, colour: QColor, height: float) -> QRectF:
        band = QRectF(2, 2, self.w - 4, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(band, CORNER - 1, CORNER - 1)
        return band

    def _component(self, painter: QPainter) -> None:
        card, look = self.card, self.look
        now = card.get("now", card["kind"])
        colour = look.colour(now)
        name = card.get("now_name", card["name"])
        if self.h < 30:  # a chip: a Component placed around an Objective
            self._chip(painter, colour, look.symbol(now), self._chip_words(now, name))
            return
        small = self.w < 60
        band = self._band(painter, behind_white(colour), self._band_box(self.w, self.h).height())
        # Its group's word in the one form of its group on the table, in bold ("Acc." where
        # "Accessories" does not fit a card somewhere): a newcomer reads what the card is.
        word = look.group_words(now)[self._group_form(now, name)]
        self.grouped = self._write(
            painter, band, word, self._size(0.11), WHITE, bold=True, wrap=False, thin=False
        )
        middle = QRectF(0, band.bottom(), self.w, self.h * 0.5)
        fitted_text(painter, middle, look.symbol(now), self._size(0.42, most=90), colour)
        bottom = QRectF(2, self.h * 0.64, self.w - 4, self.h * 0.2)
        self.named = self._name(painter, bottom, name, self._size(0.15 if small else 0.13), INK)
        if "now_name" in card:  # what it was, under what it is now
            was = QRectF(2, self.h * 0.82, self.w - 4, self.h * 0.16)
            self._write(painter, was, f"was {card['name']}", self._size(0.11), INK)

    @staticmethod
    def _band_box(w: float, h: float) -> QRectF:
        """A Component card's coloured band, where its group's word goes."""
        return QRectF(2, 2, w - 4, h * (0.2 if w < 60 else 0.16))

    def _chip_words(self, kind: str, name: str) -> list[str]:
        """A Component chip's words (`Look.chip_words`) with its group's word in the one
        form of its group on the table (`_group_form`), then its name alone."""
        words = self.look.chip_words(kind, name)
        if len(words) < 2:
            return words
        needed = self._group_form(kind, name)
        # Its name alone, in bold, where no form of the group's word fits beside it (its
        # colour and symbol tell the group): better than its symbol alone.
        return [*words[2 * needed : 2 * needed + 2], f"{self.look.symbol(kind)} {name}", name]

    def _chip_box(self) -> tuple[QRectF, int]:
        return QRectF(2, 0, self.w - 4, self.h), max(int(self.h * 0.5), self.least)

    def _says(self, rect: QRectF, text: str, size: int) -> bool:
        """Whether `_write` would write the words whole on one line in the box, in bold."""
        every = int(Qt.AlignmentFlag.AlignCenter)
        size = max(size, self.least)
        return fitting(text, rect.width(), rect.height(), size, True, every, self.least)[1] == text

    def _chip(self, painter: QPainter, colour: QColor, symbol: str, words: list[str]) -> None:
        """A card drawn as a named chip (around an Objective, in another's Backstage): the
        fullest of its `words` that fits whole (its name and group's word, `Look.chip_words`)
        in bold, else in regular weight (white on a colour deep enough, `behind_white`),
        else its name alone in bold; or its symbol alone where none does ("◎Aud…" was half
        a name; the tooltip and the large card tell it whole)."""
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(behind_white(colour))
        painter.drawRoundedRect(QRectF(1, 1, self.w - 2, self.h - 2), 3, 3)
        box, size = self._chip_box()
        grouped = [w for w in words if " · " in w] or words[:1]
        alone = [w for w in words if w not in grouped]
        tries = [(w, False) for w in grouped] + [(w, True) for w in grouped]
        said = (
            w
            for w, thin in tries + [(w, False) for w in alone]
            if self._write(painter, box, w, size, WHITE, True, wrap=False, thin=thin)
        )
        shown = next(said, None)
        self.named = shown is not None
        self.grouped = shown is not None and (" · " in shown or len(words) == 1)
        if not self.named:
            self._symbol(painter, box, symbol, size, WHITE)

    def _special(self, painter: QPainter) -> None:
        kind = self.look.kinds[self.card["kind"]]
        if self.h < 30:  # a chip: a Special played on an Objective
            words = self.look.chip_words(kind.id, kind.name)
            self._chip(painter, SPECIAL.lighter(130), self.look.symbol(kind.id), words)
            return
        top = QRectF(2, 4, self.w - 4, self.h * 0.36)
        fitted_text(painter, top, self.look.symbol(kind.id), self._size(0.34, most=80), GOLD)
        text = QRectF(5, self.h * 0.58, self.w - 10, self.h * 0.4)
        ruled = self._rule(painter, text, kind.text)
        # Without its rule (a small card), the name takes the room on two lines.
        name = QRectF(2, self.h * 0.4, self.w - 4, self.h * (0.18 if ruled else 0.56))
        self.named = self._name(painter, name, kind.name, self._size(0.13), WHITE)

    def _magician(self, painter: QPainter) -> None:
        card = self.card
        ruled = self._rule(
            painter, QRectF(5, self.h * 0.24, self.w - 10, self.h * 0.56), card["text"]
        )
        # The state's line at the foot, as tall as the least readable size needs.
        low = max(self.h * 0.18, self.least * PX_PER_POINT * 1.3)
        foot = QRectF(2, self.h - 2 - low, self.w - 4, low)
        name = QRectF(4, 4, self.w - 8, self.h * 0.2 if ruled else foot.top() - 6)
        self.named = self._name(painter, name, card["name"], self._size(0.12), GOLD)
        used = card.get("used")
        state = {
            None: "always on",
            True: "used this round",
            False: "talent ready",
            "over": "game over",
        }[used]
        if not ruled:  # a small card: its state in a word
            state = {None: "auto", True: "used", False: "ready", "over": "over"}[used]
        idle = used is False and card.get("idle")
        colour = QColor("#9e9e9e") if used or idle else QColor("#a5d6a7")
        # A talent with nothing to act on now says so, not "ready" (Mercurio read "ready"
        # with no Backstage to swap from): why, or "not now" where that does not fit.
        for said in [card["idle"], "not now"] if idle else [state]:
            if self._write(painter, foot, said, self._size(0.1), colour, bold=True):
                break

    def _objective_band(self) -> float:
        """The height of an Objective's coloured band: its symbols at the least size."""
        return max(self.h * 0.19, self.least * PX_PER_POINT * 1.3 + 4)

    def _objective_places(self, band: QRectF) -> tuple[QRectF, int, float, int, float]:
        """Where an Objective's name goes (its box and size), and its tiles of needs (their
        size, how many to a line, the top of the first line)."""
        card, small = self.card, self.w < 60
        glyph = self.least * PX_PER_POINT
        # The Components it needs, as symbols in their group's colours: a named type on a
        # full tile, any Component of a group on a dashed one. Tiles as large as their
        # symbols need, as far as the card's lower half holds them.
        needs = card["needs"]
        # (no taller than a fifth of the card: on an Objective widened for its name,
        # larger tiles took the name's room again)
        tile = max(min((self.w - 8) / (3 if small else 4), self.h * 0.22), glyph * 1.35)
        per_line = max(1, int((self.w - 8) // tile))
        lines = -(-len(needs) // per_line)
        tile = min(tile, self.h * 0.46 / max(1, lines) / 0.95)
        top = self.h - 4 - lines * tile * 0.95
        name = QRectF(3, band.bottom() + 2, self.w - 6, top - band.bottom() - 3)
        size = self._size(0.12 if small else 0.1)
        one = (self.w - 8) / len(needs) if needs else 0.0
        if lines > 1 and one >= glyph * 1.15 and not self._fits(name, card["name"], size):
            # The needs on one line of smaller tiles, the name the room of a line more
            # ("The Blade Through the Hand" on a taken Objective).
            tile, per_line = one, len(needs)
            top = self.h - 4 - tile * 0.95
            name = QRectF(3, band.bottom() + 2, self.w - 6, top - band.bottom() - 3)
        return name, size, tile, per_line, top

    def names_whole(self, least: int, shortened: bool = False) -> bool:
        """Whether an Objective's name is written whole on this card where words read at
        `least` points (the table widens a small Objective until it is); `shortened`: or
        in a shorter form (`Look.objective_names`)."""
        self.least = max(6, least)
        band = QRectF(2, 2, self.w - 4, self._objective_band())
        name, size, *_ = self._objective_places(band)
        forms = self.look.objective_names(self.card["name"])
        return any(self._fits(name, form, size) for form in forms[: None if shortened else 1])

    def _objective(self, painter: QPainter) -> None:
        card, look = self.card, self.look
        colour = look.colour(card["domain"])
        # A symbol (the domain, the level, a need) reads at the least size words do: two
        # groups' colours may look alike to some eyes, and the symbol tells them apart.
        band = self._band(painter, colour, self._objective_band())
        domain = look.domains[card["domain"]]
        disc_size = band.height() - 4
        disc = QRectF(self.w - disc_size - 4, 4, disc_size, disc_size)
        head = QRectF(5, band.top(), disc.left() - 7, band.height())
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        # Its domain's symbol and word, or the word alone ("Mentalism" on a card of the
        # Contest), or in a shorter form ("Ment."), or the symbol alone where none fits
        # (the large card names it).
        size = max(self._size(0.1), self.least)
        for words in look.domain_words(card["domain"]):
            shown = fitting(words, head.width(), head.height(), size, False, int(left), self.least)
            if shown[1] == words:
                self._write(painter, head, words, size, WHITE, flags=left, wrap=False)
                break
        else:
            self._symbol(painter, head, domain.symbol, self._size(0.1), WHITE, left)
        painter.setPen(QPen(INK, 1))  # the level in a gold disc
        painter.setBrush(GOLD)
        painter.drawEllipse(disc)
        self._symbol(painter, disc, str(card["level"]), self._size(0.1), INK)
        name, size, tile, per_line, top = self._objective_places(band)
        forms = look.objective_names(card["name"])
        self.named = any(self._name(painter, name, form, size, INK) for form in forms)
        for n, need in enumerate(card["needs"]):
            line, across = divmod(n, per_line)
            cell = QRectF(4 + across * tile, top + line * tile * 0.95, tile, tile * 0.92)
            tint = look.colour(need)
            style = (
                Qt.PenStyle.DashLine
                if need in look.groups and look.groups[need].types
                else (Qt.PenStyle.SolidLine)
            )
            painter.setPen(QPen(tint.darker(120), 1.2, style))
            painter.setBrush(QColor(tint.lighter(165)))
            painter.drawRoundedRect(cell.adjusted(1, 1, -1, -1), 3, 3)
            self._symbol(painter, cell, look.symbol(need), int(tile * 0.5), tint.darker(140))

    def _symbol(
        self,
        painter: QPainter,
        rect: QRectF,
        symbol: str,
        size: int,
        colour: QColor,
        flags: Any = Qt.AlignmentFlag.AlignCenter,
    ) -> None:
        """A symbol (or a digit) at the least size words read at, or larger."""
        size = max(size, self.least)
        fitted_text(painter, rect, symbol, size, colour, bold=True, flags=flags, least=size)

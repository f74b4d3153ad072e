"""The table toolkit: what every table scene shares, and the zoomable view that shows it.

A table draws one seat's view. What moves can be made on is registered under a key: a
target (a room slot, a token, a card's space) and a source (a piece the seat lifts: the
wand, a card). The game's gesture map (`illusio_table.table.gestures`) turns the legal
actions into drags of sources onto targets and clicks on targets; the mouse, the
keyboard and the right-click menus are all made from that one list.

- A drag lights the legal targets of the lifted piece; the target under the pointer,
  else the target the piece overlaps most, is gold when the move is legal and red when
  not. A drop with no legal move still asks the engine, so its reason is shown; the
  piece then glides home.
- Keyboard: Tab walks the pieces and targets that have moves; Enter on a piece lifts it,
  the arrows walk its targets, Enter drops it, Esc puts it back.
- Motion: between two views, pieces that stay (same key) glide from where they were.

Python keeps a Qt item beyond the call that made it only in the lists a drawing fills and
`clear()` empties before Qt deletes the items: the heading, the pieces, the large card
(walking the whole table for them cost more than the rest of a drawing). Targets and
sources are remembered by key and scene rectangle; any other item is found again by the
key in its data (reading `data()` while walking `items()` is safe). Never call
`parentItem()` or `topLevelItem()` on an item: PySide6 6.11 then ties the wrapper it
returns to the item asked, out of the scene's reach, and frees items the scene still shows
or has freed (test_no_item_asked_its_parent.py keeps the source free of both). Items are
made by the scene (add*) or as children of such items, and are only deleted all at once by
clear().
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSizeF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QCursor,
    QFontMetrics,
    QGuiApplication,
    QKeyEvent,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QMenu,
    QStyle,
)

from illusio_table.engine import Action, Event, IllegalAction
from illusio_table.table import gestures as gesture_maps
from illusio_table.table.gestures import Gesture, GestureMap
from illusio_table.table.seat_screen import SeatScreen

from . import covering
from .covering import area
from .look import (
    FELT,
    FOCUS,
    GOLD,
    LEGAL,
    REFUSED,
    RING,
    WHITE,
    Z_LABEL,
    Z_LIFTED,
    Z_MARK,
    Z_OVERLAY,
    font,
    plain,
)

# The item data's keys, taken from here by the games' scenes and the tests.
from .look import HEADING as HEADING
from .look import KEY as KEY
from .look import PIECE as PIECE

THINKING = "◔ thinking…"  # beside a bot's name while it searches (a glyph the font has)
MARK = "mark"


class Composing:
    """A move of several choices, put together on the table before it is made: an attack
    with its kind, aiders and privilege; an Objective with the Backstage cards that pay for
    it. A table opens one with `compose` and draws it (a panel of its own). While it is
    open, only its choices answer a click or a key and nothing can be lifted; its `cancel`
    choice, Esc or the next view closes it; the choice that completes it tries its move
    (refused, it stays open, the reason said)."""

    opening = ""  # what the table says as it opens
    cancel: Hashable = None  # the choice that calls it off

    def choices(self) -> list[Hashable]:
        """The targets that answer it now, in the order Tab visits them."""
        raise NotImplementedError

    def choose(self, key: Hashable) -> Action | dict[str, Any] | None:
        """One of its choices made: the move it completes (an action, or the move written
        as a phone sends it, for the engine to read or refuse), or None: it only changed."""
        raise NotImplementedError

    def refused(self, key: Hashable) -> str | None:
        """Why a piece clicked while it is open is none of its choices (a greyed card), for
        the status bar; None: the click says nothing."""
        return None


class TableScene(QGraphicsScene):
    """A game table. `show_view` redraws it; a move tried on the table is `action_chosen`."""

    action_chosen = Signal(object)
    message = Signal(str)  # a hint for the status bar
    shown = Signal()  # a reveal was seen to its end, or skipped
    private_look = Signal()  # the person at a shared screen asks for their secrets
    glide_ms = 0  # motion between views; the window sets it from the settings
    animation_ms = 0  # a reveal's length, on tables that play one (the window sets it too)

    def __init__(self, parent: Any = None, card_data: Any = None) -> None:
        # `card_data`: the game's (`Game.card_data`), handed to every table, for those that
        # draw cards from it (a scene imports no game).
        super().__init__(parent)
        # No spatial index, on every table: a table is cleared and drawn anew after every
        # move, which an index must follow item by item, and a few hundred items are found
        # quickly enough without one (Illusio's and Illuminati's tables had none already).
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setBackgroundBrush(FELT)
        # A move the table writes itself (what a drop onto a target tries, a set picked)
        # is written as its JSON, as a phone sends it, and read by the game when made.
        self.parse: Callable[[Any], Action] = _no_game
        # The match's options, as the window started it (a table may word its cards by
        # them: Illuminati's hidden goals).
        self.match_options: dict[str, Any] = {}
        self.describe: Callable[[Action], str] = lambda action: action.label()
        self.hint: Callable[[Action], str] = lambda action: ""  # a figure beside a target
        # The engine's reason a move would be refused (None if it would not), asked while
        # a piece hovers over a target it cannot go to.
        self.why_not: Callable[[Action], str | None] = lambda action: None
        # A game's own reading of its view as panels (Game.panels), for the plain table.
        self.panels: Callable[[dict[str, Any]], list[tuple[str, list[str]]] | None] = lambda view: (
            None
        )
        # How this game's legal actions are made on the table (from its kit: table_scene).
        self.gesture_map: GestureMap = gesture_maps.buttons
        # What the seat at the table sees and is asked, in words, from the view drawn, its
        # moves and the names (table/seat_screen.py, the phone's heading too): from the
        # game's kit (`table_scene`), and from the match where the window draws it (the
        # seat's own secret choice in words, whom the match waits for).
        self.screen_of: Callable[[dict[str, Any], list[Action], list[str]], SeatScreen] = (
            lambda view, legal, names: SeatScreen(view.get("me"), "")
        )
        # What happened since the last reveal of choices made at once, as the screen may
        # read it (the session's `since_reveal`, from the window): none while it is told.
        self.since_reveal: Callable[[], list[Event]] = lambda: []
        self._glide: QVariantAnimation | None = None
        self._home: QVariantAnimation | None = None
        self.places: dict[Hashable, QPointF] = {}  # piece key -> centre, as last drawn
        self.last: tuple[dict[str, Any], list[Action], list[str], str] | None = None
        self.composing: Composing | None = None  # a move being put together (`compose`)
        self.guided: list[Hashable] = []  # the keys a guided game lights (show_guide)
        self._clearings = 0  # how often the table was cleared (see `clear`)
        self._forget()

    def _forget(self) -> None:
        self.targets: dict[Hashable, QRectF] = {}  # key -> where the target lies
        self.sources: dict[Hashable, QRectF] = {}  # key -> where the piece lies
        self.outlines: dict[Hashable, QPolygonF] = {}  # a turned piece's true outline
        self.homes: dict[Hashable, tuple[QPointF, float]] = {}  # source -> resting pos, z
        self.order: list[Hashable] = []  # table order of the targets
        self.moves: dict[Hashable, list[Action]] = {}  # target -> moves made by a click
        self.drops: dict[tuple[Hashable, Hashable], list[Action]] = {}  # (source, target)
        # What to try on a target with no move (as JSON), so that the engine says why.
        self.attempts: dict[Hashable, dict[str, Any]] = {}
        self.gestures: list[Gesture] = []
        self.focus_key: Hashable | None = None
        self.seat_spots: dict[int, tuple[QPointF, bool]] = {}  # seat -> where, right-aligned
        self.lifted: Hashable | None = None  # the source lifted by the keyboard
        self.hover_key: Hashable | None = None
        self._press: QPointF | None = None
        self._grabbed: Hashable | None = None  # the source under the press
        self._dragging = False
        self._moving: dict[Hashable, tuple[QPointF, QPointF]] = {}  # piece -> (pos, offset)
        self._at_rest = QRectF()  # what a drawing covers at rest, while pieces glide
        self.parts: list[tuple[str, QRectF]] = []  # the table's parts, named for the help
        # What part of the table the heading was last put in sight of, with this drawing
        # (a view scrolls several times a drawing: the heading is placed once for each).
        self._heading_for: QRectF | None = None
        # The heading's items, its band, and the pieces, as registered: found again by a
        # walk of the whole table, they cost a drawing more than the rest of it did.
        self._heading_items: list[QGraphicsItem] = []
        self._heading_band: QGraphicsRectItem | None = None
        self._pieces: list[QGraphicsItem] = []

    # -- drawing ---------------------------------------------------------------------------

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        raise NotImplementedError

    def start_drawing(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> bool:
        """Every `show_view` begins here: it keeps the arguments for `redraw`, and says
        whether the view is new (not the last one drawn again), which closes a move being
        put together: what it was made of may have changed."""
        new = self.last is None or self.last[0] is not view
        if new:
            self.composing = None
        self.last = (view, legal, names, title)
        return new

    def redraw(self) -> None:
        """The last view drawn again (a panel opened or closed, a card chosen): tables
        that redraw keep `last` as the arguments of their last `show_view`."""
        if self.last is not None:
            self.show_view(*self.last)
            if self.guided:
                self.show_guide(self.guided)  # a guided game's lit move stays lit

    def play_reveal(self, events: list[Any]) -> bool:
        """Shows choices revealed together (events with data); False when this table has
        nothing to play, True when `shown` will follow."""
        return False

    def revealing(self) -> bool:
        """Whether a reveal is playing; a click or a key then only ends it (`stop_reveal`)."""
        return False

    def stop_reveal(self, seen: bool = True) -> None:
        """Ends the reveal playing, if one is: `seen` (at its end, or skipped by a click
        or a key) the table is drawn as it is now and `shown` follows; not seen, a new
        drawing overtakes it. Tables that play a reveal end it here."""

    def fit_shape(self, width: float, height: float) -> bool:
        """Tables that can take the shape of their window (its room, in pixels) do so and
        say True; they are drawn again in it."""
        return False

    def extent(self) -> QRectF | None:
        """Where the table lies, if it is the same after every move (None: as drawn)."""
        return None

    def show_nothing(self) -> None:
        """Behind the curtain: not one item of any seat stays on the table, and nothing of
        the last view either, so that no later redraw (a timer, a resize) can put the last
        person's table back."""
        self.places = {}
        self.last = None
        self.clear()

    def clear(self) -> None:
        for animation in (self._glide, self._home):
            if animation is not None:
                animation.stop()
        self._glide = self._home = None
        self._forget()
        # Qt polishes the items a drawing added later, in calls it queues for the event
        # loop; a table drawn again and again without one (a picture, a test) piled up
        # that work, and each removal searched the pile: the 400th drawing cost three
        # times the first. Where no view shows the table the queued calls cost little and
        # are made at every clearing; in a window, at every eighth (the event loop has
        # made them already, as a rule: made at each, they redid a repaint's work).
        self._clearings += 1
        if not self.views() or self._clearings % 8 == 0:
            QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
        super().clear()

    def _add_marks(self) -> None:
        """The hover and focus rings: made once per drawing, moved and shown as needed, so
        that no drag or key adds or removes an item."""
        for tag, colour, width, style in (
            ("hover", LEGAL, 8, Qt.PenStyle.SolidLine),
            ("focus", FOCUS, 3, Qt.PenStyle.DashLine),
        ):
            ring = self.addRect(QRectF(), QPen(colour, width, style), QBrush(Qt.BrushStyle.NoBrush))
            ring.setZValue(Z_MARK + 1)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setData(KEY, (MARK, tag))
            ring.setVisible(False)

    # -- a bot thinking ----------------------------------------------------------------------

    def seat_spot(self, seat: int, name: QGraphicsItem | None, end: QPointF | None = None) -> None:
        """Where signs about a seat go: just right of its name, or ending at `end` where the
        name's line has no room (each table says so where it draws the seat)."""
        if name is not None:
            self.seat_spots[seat] = (name.sceneBoundingRect().topRight() + QPointF(10, 0), False)
        elif end is not None:
            self.seat_spots[seat] = (end, True)

    def show_thinking(self, seat: int | None) -> None:
        """A small sign beside a bot's name while it searches for its move (None: none).
        Drawn over the table without redrawing it: the sign comes and goes often."""
        old = self.item((MARK, "thinking"))
        if old is not None:
            self.removeItem(old)
        spot = self.seat_spots.get(seat) if seat is not None else None
        if spot is None:
            return
        sign = self.addSimpleText(THINKING)
        sign.setFont(font(10, bold=True))
        sign.setBrush(GOLD)
        where, ending = spot
        sign.setPos(where - QPointF(sign.boundingRect().width(), 0) if ending else where)
        sign.setZValue(Z_LABEL)
        sign.setToolTip(
            plain("This bot is searching for its move: it plays each one out many times.")
        )
        sign.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        sign.setData(KEY, (MARK, "thinking"))

    def item(self, key: Hashable) -> QGraphicsItem | None:
        """The item registered under `key` (found again, never kept)."""
        for item in self.items():
            if item.data(KEY) == key:
                return item
        return None

    def target(
        self, key: Hashable, item: QGraphicsItem, attempt: dict[str, Any] | None = None
    ) -> QGraphicsItem:
        """Registers something moves can be made on (`attempt`: what to try when no move
        is legal there, so that the engine says why)."""
        item.setData(KEY, key)
        self.targets[key] = item.sceneBoundingRect()
        self.order.append(key)
        if attempt is not None:
            self.attempts[key] = attempt
        return item

    def source(self, key: Hashable, item: QGraphicsItem) -> QGraphicsItem:
        """Registers a piece the seat may lift and drop on a target."""
        item.setData(KEY, key)
        item.setCursor(Qt.CursorShape.OpenHandCursor)
        self.sources[key] = item.sceneBoundingRect()
        if item.rotation():
            self.outlines[key] = item.mapToScene(item.boundingRect())
        self.homes[key] = (item.pos(), item.zValue())
        return item

    def in_heading(self, item: QGraphicsItem) -> QGraphicsItem:
        """Marks a top-level item as part of the heading (the title, the prompt, the
        buttons), which stays in sight at any zoom (`keep_heading_in_sight`)."""
        item.setData(HEADING, QPointF(item.pos()))
        self._heading_items.append(item)
        self._heading_for = None
        return item

    def seat_heading(self, item: QGraphicsItem) -> QGraphicsItem:
        """Marks the words of the seat's heading (`SeatScreen.heading`, the phone's heading
        too) as part of the heading, found again as `heading_words`."""
        item.setData(KEY, (MARK, "seat-heading"))
        return self.in_heading(item)

    def heading_words(self) -> str:
        """The seat's heading as drawn ('' when none is), its lines read as one where a
        table folds it."""
        item = self.item((MARK, "seat-heading"))
        return item.text().replace("\n", " ") if isinstance(item, QGraphicsSimpleTextItem) else ""

    def keep_heading_in_sight(self, visible: QRectF) -> None:
        """Zoomed in, the heading comes to the top of what is in sight, at the size it
        has when the table fits, over a band of felt; the table fitting, it is at home.
        (Zooming in scrolled the prompt and the End turn or Pass buttons out of view.)"""
        if self._heading_for == visible:
            return  # placed for this very sight of this drawing already
        self._heading_for = QRectF(visible)
        items = self._heading_items
        if not items:
            return
        home = QRectF()
        for item in items:
            at = item.data(HEADING)
            rect = item.boundingRect().translated(at)
            home = rect if home.isEmpty() else home.united(rect)
        band = self._heading_band
        if visible.contains(home):
            for item in items:
                item.setScale(1.0)
                item.setPos(item.data(HEADING))
            if band is not None:  # (empty too: a hidden item still counts in the extent)
                band.setVisible(False)
                band.setRect(QRectF())
        else:
            scale = min(1.0, (visible.width() - 8) / max(1.0, home.width()))
            origin = QPointF(visible.left() + 4, visible.top() + 4)
            for item in items:
                item.setScale(scale)
                item.setPos(origin + (item.data(HEADING) - home.topLeft()) * scale)
                item.setZValue(Z_OVERLAY + 2)
            if band is None:
                band = self._heading_band = self.addRect(
                    QRectF(), QPen(Qt.PenStyle.NoPen), QBrush(QColor(31, 77, 54, 240))
                )
                band.setData(KEY, (MARK, "heading-band"))
                band.setZValue(Z_OVERLAY + 1)
                band.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            band.setRect(
                QRectF(visible.left(), visible.top(), visible.width(), home.height() * scale + 8)
            )
            band.setVisible(True)
        for item in items:  # a button keeps answering where it is drawn now
            key = item.data(KEY)
            if key in self.targets:
                self.targets[key] = item.sceneBoundingRect()

    def name_part(self, name: str, rect: QRectF) -> None:
        """Names a part of the table as a newcomer should know it (Help draws the table
        with its parts numbered and named)."""
        self.parts.append((name, QRectF(rect)))

    def piece(self, key: Hashable, item: QGraphicsItem) -> QGraphicsItem:
        """Marks an item as a piece that glides from its last place when the view changes."""
        item.setData(PIECE, key)
        self._pieces.append(item)
        return item

    def bind(self, gestures: list[Gesture]) -> None:
        """Maps the gestures onto what is drawn and rings the targets that have moves."""
        self.gestures = gestures
        self._add_marks()
        for gesture in gestures:
            if gesture.click and gesture.target in self.targets:
                self.moves.setdefault(gesture.target, []).append(gesture.action)
            if gesture.source is not None and gesture.source in self.sources:
                self.drops.setdefault((gesture.source, gesture.target), []).append(gesture.action)
        lit = set(self.moves) | {target for _, target in self.drops}
        for key in self.order:
            if key in lit:
                self.ring(self.targets[key], key)

    def drawn(self, key: Hashable | None) -> bool:
        return key is None or key in self.targets or key in self.sources

    # -- the hooks a game's table may override (and no other method of the toolkit's own:
    # tests/qt/test_toolkit.py holds it) ---------------------------------------------------

    def ring_look(self, rect: QRectF) -> tuple[float, float, float]:
        """How the gold ring round a target with moves is drawn: (how far it stands out,
        its pen's width, its stacking). Small targets side by side (satchel cells) get a
        tight ring, so that rings never cross."""
        if min(rect.width(), rect.height()) > 40:
            return RING, 4, Z_MARK
        return 1.5, 2.5, Z_MARK

    def place_badges(self, source: Hashable | None) -> None:
        """Called once the targets of a lifted piece (None: of nothing lifted) are lit,
        after the layout: a table puts up its badges then (the roll an attack needs)."""

    def hover_words(self, source: Hashable, key: Hashable, moves: list[Action]) -> str:
        """What the status bar says while the lifted piece is over a target where it has
        `moves`."""
        if len(moves) == 1:
            return self.describe(moves[0])
        return f"{len(moves)} moves there: drop it to choose one."

    def count_keeps_clear(self) -> list[QRectF]:
        """Where the count ("In… can… to!") never goes while another place is free: what
        each seat reads of its own to choose (Incantibus: the satchels, which it lay over
        for its two seconds)."""
        return []

    def menu_for_one(self, moves: list[Action]) -> bool:
        """Whether even a single move at a place is chosen in a menu (one that asks for an
        amount, say), rather than made at once."""
        return False

    def panel_words(self, key: Hashable) -> str:
        """What the status bar says of a choice of the open panel the keyboard is on:
        what Enter does there (a table says it in its own panel's words)."""
        return "Enter chooses it."

    def carry(self, source: Hashable, by: QPointF | None) -> None:
        """Called at each move of the pointer while `source` is dragged, with how far it
        has been carried from where it was pressed, and once with None as it is let go
        (before its move is tried). A table whose pieces carry others (a card its coin)
        moves them along here; the toolkit moves the piece itself."""

    # -- lighting the targets, for a table that lights its own (a move being put together) ---

    def ring(self, rect: QRectF, key: Hashable = None) -> None:
        """A gold ring round a target with moves, as `ring_look` draws it. Rings with a
        `key` are lit and dimmed by `light_targets` (the key of the target, or any key a
        table gives rings it lights its own way); without one, it stays as drawn."""
        margin, width, z = self.ring_look(rect)
        ring = self.addRect(
            rect.adjusted(-margin, -margin, margin, margin),
            QPen(LEGAL, width),
            QBrush(Qt.BrushStyle.NoBrush),
        )
        ring.setZValue(z)
        ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        ring.setData(KEY, (MARK, "legal", key))

    def light_targets(self, source: Hashable | None) -> None:
        """While a piece is lifted, only the rings of the targets it may go to stay lit
        (shown and hidden, never added or removed); with none lifted, all are lit. Then
        `place_badges` puts up the table's badges for it."""
        mine = None if source is None else set(self.targets_of(source))
        for item in self.items():
            tag = item.data(KEY)
            if isinstance(tag, tuple) and tag[:2] == (MARK, "legal"):
                item.setVisible(mine is None or tag[2] in mine)
        self.place_badges(source)

    # -- the toolkit's own -------------------------------------------------------------------

    def _show_mark(self, tag: str, rect: QRectF | None, colour: QColor | None = None) -> None:
        for item in self.items():
            if item.data(KEY) == (MARK, tag):
                if rect is None:
                    item.setVisible(False)
                    return
                item.setRect(rect.adjusted(-RING - 2, -RING - 2, RING + 2, RING + 2))
                if colour is not None:
                    pen = item.pen()
                    pen.setColor(colour)
                    item.setPen(pen)
                item.setVisible(True)
                return

    # -- table mode ------------------------------------------------------------------------

    def shared_targets(self) -> list[Hashable]:
        """The targets people point at in table mode, in table order."""
        return list(self.order)

    def number_targets(self, labels: dict[Hashable, str]) -> None:
        """Table mode: writes each person's key beside each target; inside the corner of
        a wide one (a potion, a book), where it lies on no edge."""
        for key, text in labels.items():
            box = self.targets[key]
            tag = self.addSimpleText(text)
            tag.setFont(font(10, bold=True))
            tag.setBrush(WHITE)
            tag.setZValue(Z_LABEL + 1)
            size = tag.boundingRect()
            at = self.key_spot(key, box, size)
            back = self.addRect(
                size.adjusted(-3, -1, 3, 1), QPen(Qt.PenStyle.NoPen), QBrush(QColor(0, 0, 0, 200))
            )
            back.setZValue(Z_LABEL)
            back.setPos(at)
            tag.setPos(at)

    def key_spot(self, key: Hashable, box: QRectF, size: QRectF) -> QPointF:
        """Where a target's key label goes: inside the corner of a wide target, under the
        corner of a small one (a token)."""
        if box.width() > 100:
            return QPointF(box.right() - size.width() - 6, box.bottom() - size.height() - 4)
        return QPointF(box.left(), box.bottom() - 4)

    def show_guide(self, keys: list[Hashable]) -> None:
        """A guided game's lit move: a white dashed frame round its piece and its place
        (the gold rings show every move; this one is the step's)."""
        self.guided = list(keys)
        for item in self.items():
            if item.data(KEY) == (MARK, "guide"):
                item.setVisible(False)  # hidden, not removed (see the note on items)
        for key in keys:
            rect = self.targets.get(key) or self.sources.get(key)
            if rect is None:
                continue
            # On the piece's own edge: 8 units out, it struck through the words under a
            # card ("✓ 1/2 held") and ran out of a satchel.
            out, width = self.guide_look(rect)
            shape = self.lit_shape(key, rect.adjusted(-out, -out, out, out))
            frame = self.addPath(shape, QPen(WHITE, width, Qt.PenStyle.DashLine))
            frame.setData(KEY, (MARK, "guide"))
            frame.setZValue(Z_MARK + 1)
            frame.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def guide_look(self, rect: QRectF) -> tuple[float, float]:
        """How the guide's frame is drawn round a piece: how far out of its edge (less than
        0: inside it), and its pen's width."""
        return -1.0, 4.0

    def lit_shape(self, key: Hashable, rect: QRectF) -> QPainterPath:
        """The outline the guide's frame follows round a piece: its place, or (a table
        whose pieces carry others, as a card its coin) the place and what it carries."""
        shape = QPainterPath()
        shape.addRect(rect)
        return shape

    def show_count(self, words: str | None) -> None:
        """The count people choose at ("In… can… to!"), large across the middle of the
        table where everyone looks; None takes it away."""
        for item in self.items():
            if item.data(KEY) == (MARK, "count"):
                item.setVisible(False)  # hidden, not removed (see the note on items)
                if words is None:
                    return
                (label,) = [c for c in item.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
                self._place_count(item, label, words)
                return
        if words is None:
            return
        back = self.addRect(QRectF(), QPen(GOLD, 3), QBrush(QColor(20, 16, 12, 225)))
        back.setData(KEY, (MARK, "count"))
        back.setZValue(Z_OVERLAY + 10)
        back.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        label = QGraphicsSimpleTextItem("", back)
        label.setFont(font(54, bold=True))
        label.setBrush(QColor("#ffe082"))
        self._place_count(back, label, words)

    def shown_count(self) -> str | None:
        """The count's words the table shows now (None: no count shown)."""
        count = self.item((MARK, "count"))
        if count is None or not count.isVisible():
            return None
        (label,) = [c for c in count.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
        return label.text()

    def _place_count(
        self, back: QGraphicsRectItem, label: QGraphicsSimpleTextItem, words: str
    ) -> None:
        label.setText(words)
        size = label.boundingRect()
        back.setRect(QRectF(0, 0, size.width() + 60, size.height() + 24))
        back.setPos(self._count_place(back.rect().size(), back))
        label.setPos(30, 12)
        back.setVisible(True)

    def _count_place(self, size: QSizeF, count: QGraphicsItem) -> QPointF:
        """Where the count goes: across the middle of the table, unless it would cover
        what people look at to choose there (over the Incantibus tower it hid the room's
        tokens while they counted to point at them); then the place, of those tried down
        the middle and to either side, that covers the least of the pieces and targets,
        and of the words."""
        where = self.extent() or self.itemsBoundingRect()
        # What it would cover, weighed: a target or a piece far more than a word.
        # (Ground, a panel or the felt far larger than the count, is no harm to cover.)
        looked_at = [(box, 10.0) for box in self.targets.values()]
        looked_at += covering.weighed(
            (i for i in self.items() if i is not count and not count.isAncestorOf(i)),
            piece=10.0,
            words=1.0,
            mark=3.0,  # a mark of the table's: a wand, a cell
            ground=lambda box: area(box) >= 4 * size.width() * size.height(),
        )
        # The heading (the title, the prompt: "Drag your wand onto one…") is what people
        # read to choose: never under the count (it lay over the prompt every casting).
        looked_at += [
            (item.sceneBoundingRect(), 1000.0)
            for item in self._heading_items
            if item.isVisible() and item is not count
        ]
        looked_at += [(box, 1000.0) for box in self.count_keeps_clear()]
        places = []
        for across in (0.5, 0.3, 0.7):
            for down in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9, 0.0, 1.0):
                x = where.left() + across * where.width() - size.width() / 2
                y = where.top() + down * where.height() - size.height() / 2
                x = min(max(x, where.left()), where.right() - size.width())
                y = min(max(y, where.top()), where.bottom() - size.height())
                places.append(QRectF(QPointF(x, y), size))
        best = covering.least_hiding(places, lambda box: covering.hidden(box, looked_at))
        return places[best].topLeft()

    def pointer(self) -> QGraphicsItem | None:
        """The first piece the seat may lift (in Incantibus: its wand)."""
        for key in self.sources:
            return self.item(key)
        return None

    # -- a move of several choices, put together on the table (`Composing`) ---------------------

    def compose(self, composing: Composing) -> None:
        """Opens a move of several choices on the table (see `Composing`)."""
        self.composing = composing
        self.redraw()
        self.message.emit(composing.opening)

    def panel_choices(self) -> list[Hashable] | None:
        """While a move is being put together, the targets that answer it, in order; None
        when none is. Then only they answer a click or the keyboard."""
        if self.composing is None:
            return None
        return [k for k in self.composing.choices() if k in self.targets]

    def close_panel(self) -> None:
        """Esc or Cancel while a move is being put together: it is called off."""
        self.composing = None
        self.redraw()

    def answer(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        """A target clicked or entered: a choice of the move being put together, if one
        is (anything else does nothing then), else the target's own (`activate`)."""
        composing = self.composing
        if composing is None:
            self.activate(key, screen_pos)
        elif key == composing.cancel:
            self.close_panel()
        elif key in composing.choices():
            focused = key == self.focus_key
            move = composing.choose(key)
            if move is None:
                self.redraw()
                if focused and key in (self.panel_choices() or []):
                    self.focus(key)  # the keyboard stays on it, its new words said
            elif isinstance(move, dict):
                self.play_json(move)
            else:
                self.play(move)
            # Made, the move brings a new view, which closes it; refused, it stays open
            # with the reason said, to be changed.

    # -- where things are (geometry only: no item is walked) -----------------------------------

    def key_at(self, pos: QPointF, source: Hashable | None = None) -> Hashable | None:
        """The target at a point of the table: the smallest, where two overlap; with a
        piece lifted, the smallest that takes it (a card dropped on the Backstage lands
        there, though another card of the Backstage lies under the pointer), never the
        piece itself (a Contest card is a target too). While a panel is open, only its
        choices."""
        panel = self.panel_choices()
        if panel is not None and source is None:
            return next((k for k in panel if self.targets[k].contains(pos)), None)
        found = [k for k, rect in self.targets.items() if rect.contains(pos) and k != source]
        if source is not None:
            found = [k for k in found if (source, k) in self.drops] or found
        return min(found, key=lambda k: _area(self.targets[k]), default=None)

    def _piece_at(self, pos: QPointF) -> Hashable | None:
        """The smallest place or piece at a point, whatever is open."""
        places = {**self.sources, **self.targets}
        found = [k for k, rect in places.items() if rect.contains(pos)]
        return min(found, key=lambda k: _area(places[k]), default=None)

    def source_at(self, pos: QPointF) -> Hashable | None:
        """The piece under the pointer: the one drawn last (on top) where pieces overlap,
        by its true outline where it is turned (a fanned card). None while a panel is
        open: nothing is lifted then."""
        if self.panel_choices() is not None:
            return None
        for key in reversed(self.sources):
            outline = self.outlines.get(key)
            if (
                outline.containsPoint(pos, Qt.FillRule.OddEvenFill)
                if outline
                else (self.sources[key].contains(pos))
            ):
                return key
        return None

    def drop_target(self, source: Hashable, pos: QPointF) -> Hashable | None:
        """Where a lifted piece lands: the target under the pointer, else the one the piece
        overlaps most of those it may go to or hear why not (a thin piece like the wand is
        aimed with the pointer); never the piece itself, which overlaps its own place as it
        leaves it, nor a neighbour it merely brushes that means nothing to it."""
        under = self.key_at(pos, source)
        if under is not None:
            return under
        rect = self.sources[source].translated(pos - self._press) if self._press else None
        if rect is None:
            return None
        best, area = None, 0.0
        for key, box in self.targets.items():
            if key == source:
                continue
            overlap = _area(rect.intersected(box))
            if overlap > area and ((source, key) in self.drops or self.attempt(source, key)):
                best, area = key, overlap
        return best

    def targets_of(self, source: Hashable) -> list[Hashable]:
        return [t for t in self.order if (source, t) in self.drops]

    # -- trying moves ----------------------------------------------------------------------

    def play(self, action: Action) -> None:
        self.action_chosen.emit(action)

    def play_json(self, data: dict[str, Any]) -> None:
        """A move the table wrote (see `parse`): made, or, if the game cannot read it,
        the reason told."""
        try:
            action = self.parse(data)
        except IllegalAction as refusal:
            self.message.emit(refusal.reason)
            return
        self.play(action)

    def why_not_json(self, data: dict[str, Any]) -> str | None:
        """The engine's reason the written move would be refused (None: it would not)."""
        try:
            return self.why_not(self.parse(data))
        except IllegalAction as refusal:
            return refusal.reason

    def _choose(self, moves: list[Action], screen_pos: QPointF | None) -> None:
        # Moves that read the same are one choice (two tokens of a kind): no menu of twins.
        moves = list({self.describe(m): m for m in reversed(moves)}.values())[::-1]
        if len(moves) == 1 and not self.menu_for_one(moves):
            self.play(moves[0])
        elif moves:
            action = self.choose_from_menu(moves, screen_pos)
            if action is not None:
                self.play(action)

    def activate(self, key: Hashable, screen_pos: QPointF | None = None) -> None:
        """A click on a target: its move; several open a menu; none asks the engine why."""
        moves = self.moves.get(key, [])
        if moves:
            self._choose(moves, screen_pos)
        elif key in self.attempts:
            self.play_json(self.attempts[key])
        else:
            self.message.emit(self.nothing_there(key))

    def nothing_there(self, key: Hashable) -> str:
        """Why a click there makes no move; tables that can ask the engine say more."""
        return "Nothing to do there now."

    def attempt(self, source: Hashable, key: Hashable) -> dict[str, Any] | None:
        """What dropping `source` on `key` means when it is no legal move, asked of the
        engine so that the person hears why not. The hover and the drop both ask here, so
        the red light and the refusal always agree."""
        return self.attempts.get(key)

    def drop(self, source: Hashable, key: Hashable | None, screen_pos: QPointF | None) -> None:
        moves = self.drops.get((source, key), []) if key is not None else []
        attempt = self.attempt(source, key) if key is not None and not moves else None
        if moves:
            self._choose(moves, screen_pos)
        elif attempt is not None:
            self.play_json(attempt)  # refused: the engine's reason is shown
        else:
            self.message.emit(self.drop_hint(source))

    def drop_hint(self, source: Hashable) -> str:
        return "Drop it on one of the targets outlined in gold."

    def moves_at(self, pos: QPointF) -> list[Action]:
        """What a right click there offers: a piece's moves, or the moves onto a target.
        A piece's moves are first those its left click makes (a coin's spends in a money
        round), then those of dragging it (the coin's gifts): the right click listed
        only the gifts, and the spends that mattered then were missing."""
        source = self.source_at(pos)
        if source is not None:
            clicked = self.moves.get(source, [])
            dragged = [a for t in self.targets_of(source) for a in self.drops[(source, t)]]
            return clicked + [a for a in dragged if a not in clicked]
        key = self.key_at(pos)
        if key is None:
            return []
        onto = [a for (s, t), acts in self.drops.items() if t == key for a in acts]
        return self.moves.get(key, []) + [a for a in onto if a not in self.moves.get(key, [])]

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        moves = self.moves_at(event.scenePos())
        if not moves:
            return super().contextMenuEvent(event)
        event.accept()
        action = self.choose_from_menu(moves, QPointF(event.screenPos()))
        if action is not None:
            self.play(action)

    def menu_label(self, action: Action) -> str:
        return self.describe(action)

    def choose_from_menu(self, moves: list[Action], screen_pos: QPointF | None) -> Action | None:
        """A small menu of moves at the pointer; None when it is closed without a choice."""
        # A mouse event gives a QPoint, a scene event a QPointF: either will do.
        at = QPointF(screen_pos).toPoint() if screen_pos is not None else QCursor.pos()
        menu = self.menu_of(moves, at)
        chosen = menu.exec(at)
        return moves[chosen.data()] if chosen is not None else None

    def menu_parts(self, action: Action) -> tuple[str, str]:
        """A move's menu line as the heading it shares with moves alike and the rest of
        it ("" where it has none): a menu too tall for the screen lists each heading
        once, its moves in a submenu of it, each by its rest."""
        return self.menu_label(action), ""

    def menu_of(self, moves: list[Action], at: QPoint) -> QMenu:
        """The menu of moves, never wider than the screen it opens on: a label too long is
        cut at its end, and said whole in its tooltip (the UFOs' goals ran off the
        screen); never taller either: where the lines do not fit one column, the moves
        that share a heading go into a submenu of it (sixty attacks on one Group ran
        into a second column off the screen's right edge, their lines cut)."""
        menu = QMenu()
        menu.setToolTipsVisible(True)
        screen = QGuiApplication.screenAt(at) or QGuiApplication.primaryScreen()
        area = screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 720)
        room = int(area.width() * 0.8)
        metrics = QFontMetrics(menu.font())

        def add(into: QMenu, number: int, label: str, whole: str) -> None:
            shown = metrics.elidedText(label, Qt.TextElideMode.ElideRight, room)
            item = into.addAction(shown.replace("&", "&&"))
            item.setData(number)
            if shown != label or label != whole:
                item.setToolTip(whole)

        for number, action in enumerate(moves):
            label = self.menu_label(action)
            add(menu, number, label, label)
        if _one_column(menu, area.height()):
            return menu
        menu.deleteLater()
        menu = QMenu()
        menu.setToolTipsVisible(True)
        groups: dict[str, list[tuple[int, str]]] = {}
        for number, action in enumerate(moves):
            heading, rest = self.menu_parts(action)
            groups.setdefault(heading, []).append((number, rest))
        for heading, entries in groups.items():
            if len(entries) == 1 or not all(rest for _, rest in entries):
                for number, _ in entries:
                    label = self.menu_label(moves[number])
                    add(menu, number, label, label)
                continue
            sub = menu.addMenu(
                metrics.elidedText(heading, Qt.TextElideMode.ElideRight, room).replace("&", "&&")
            )
            sub.setToolTipsVisible(True)
            for number, rest in entries:
                add(sub, number, rest, self.menu_label(moves[number]))
        return menu

    # -- the mouse ---------------------------------------------------------------------------

    def _skip_reveal(self, event: QGraphicsSceneMouseEvent | QKeyEvent) -> bool:
        """A click or a key during a reveal only ends it (seen)."""
        if not self.revealing():
            return False
        self.stop_reveal(seen=True)
        event.accept()
        return True

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._skip_reveal(event):
            return
        self.finish_glide()  # a click or a key never waits for pieces in motion
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._settle_home()
        self._press = event.scenePos()
        self._dragging = False
        self._grabbed = self.source_at(self._press)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or self._grabbed is None:
            return super().mouseMoveEvent(event)
        distance = (
            event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton)
        ).manhattanLength()
        item = self.item(self._grabbed)
        if item is None:
            return
        if not self._dragging and distance >= QApplication.startDragDistance():
            self._dragging = True
            self.lifted = None
            item.setCursor(Qt.CursorShape.ClosedHandCursor)
            item.setZValue(Z_LIFTED)
            self.light_targets(self._grabbed)
        if self._dragging:
            item.setPos(self.homes[self._grabbed][0] + event.scenePos() - self._press)
            self._hover(self._grabbed, self.drop_target(self._grabbed, event.scenePos()))
            self.carry(self._grabbed, event.scenePos() - self._press)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or event.button() != Qt.MouseButton.LeftButton:
            return super().mouseReleaseEvent(event)
        source, dragged, press = self._grabbed, self._dragging, self._press
        target = self.drop_target(source, event.scenePos()) if dragged else None
        self._press, self._grabbed, self._dragging = None, None, False
        if dragged:
            self.carry(source, None)  # put down before the move redraws the table
            self.light_targets(None)
            self._hover(source, None)
            self.glide_home(source)
            self.drop(source, target, event.screenPos())
            return
        if self.lifted is not None and self.lifted in self.sources:
            # A piece taken up by a click (or the keyboard): a click on a place puts it
            # there, as a drop does; a click on it again puts it back.
            # Anywhere else, it is put back and the click does what it does.
            lifted, self.lifted = self.lifted, None
            self.light_targets(None)
            key = self.key_at(event.scenePos(), lifted)
            if source == lifted:
                self.message.emit("Put back.")
                return
            if key is not None and (key in self.targets_of(lifted) or self.attempt(lifted, key)):
                self.drop(lifted, key, event.screenPos())
                return
        if source is not None:
            self.clicked(source, event.modifiers())
            return
        key = self.key_at(event.scenePos())
        if key is None and self.composing is not None:
            # A greyed piece clicked while a move is put together: why it is no choice
            # (a click on the Rabbit said nothing while the cards for Take were chosen).
            why = self.composing.refused(self._piece_at(event.scenePos()))
            if why:
                self.message.emit(why)
            return
        pressed = self.key_at(press)
        if pressed is not None and pressed != key and not self.moves.get(pressed):
            # Something that cannot be taken up now was dragged onto something else: it
            # says why in the engine's words, as a click on it does (not the place's words).
            self.answer(pressed, event.screenPos())
            return
        if key is not None:
            self.answer(key, event.screenPos())

    def clicked(self, source: Hashable, modifiers: Any = None) -> None:
        """A click on a piece, not a drag: its own moves, if a click makes any (a Special
        played where it lies); else how to move it."""
        if source in self.moves:
            self.activate(source)
            return
        if self.targets_of(source):
            # Taken up: only its targets stay lit, and the next click puts it on one
            # (the words said "or click the target", and a click on a listed Group
            # answered "Nothing to do there now.").
            self.lifted = source
            self.light_targets(source)
            self.message.emit(
                "Taken up: click a target outlined in gold to put it there, or drag it "
                "(a click on it again, or Esc, puts it back)."
            )
            return
        self.message.emit("Drag it onto a target outlined in gold.")

    def _hover(self, source: Hashable, key: Hashable | None) -> None:
        """While a piece is lifted, the target it would land on lights up: gold if the move
        is legal, red if not."""
        if key == self.hover_key:
            return
        self.hover_key = key
        if key is None:  # what was said of the last place goes with it (it stayed)
            self._show_mark("hover", None)
            self.message.emit("")
            return
        legal = (source, key) in self.drops
        self._show_mark("hover", self.targets[key], LEGAL if legal else REFUSED)
        if legal:
            self.message.emit(self.hover_words(source, key, self.drops[(source, key)]))
            return
        attempt = self.attempt(source, key)
        reason = self.why_not_json(attempt) if attempt is not None else ""
        self.message.emit(f"Not possible there: {reason}" if reason else "Not possible there.")

    def glide_home(self, source: Hashable) -> None:
        """A piece that found no move slides back to where it rests."""
        item = self.item(source)
        if item is None:
            return
        home, z = self.homes[source]
        start = item.pos()
        item.setCursor(Qt.CursorShape.OpenHandCursor)
        if self.glide_ms <= 0 or start == home:
            item.setPos(home)
            item.setZValue(z)
            return

        def step(t: float) -> None:
            found = self.item(source)
            if found is not None:
                found.setPos(start + (home - start) * t)

        self._home = self._animate(min(self.glide_ms, 250), step, self._settle_home)

    def _settle_home(self) -> None:
        """Every piece back at rest at once (the next press does not wait for the glide)."""
        if self._home is not None:
            self._home.stop()
            self._home = None
        for key, (home, z) in self.homes.items():
            item = self.item(key)
            if item is not None:
                item.setPos(home)
                item.setZValue(z)

    # -- the keyboard ------------------------------------------------------------------------

    def focusables(self) -> list[Hashable]:
        """What Tab visits: pieces that have moves, then targets that do, in table order;
        while a panel is open, its choices."""
        panel = self.panel_choices()
        if panel is not None:
            return panel
        pieces = [s for s in self.sources if self.targets_of(s)]
        return pieces + [k for k in self.order if k in self.moves]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._skip_reveal(event):
            return
        self.finish_glide()
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
            self.step_focus(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up):
            self.step_focus(-1)
        elif key == Qt.Key.Key_Escape and self.lifted is not None:
            self.put_back()
        elif key == Qt.Key.Key_Escape and self.panel_choices() is not None:
            self.close_panel()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.enter()
        elif key == Qt.Key.Key_Menu or (
            key == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.open_menu()
        else:
            return super().keyPressEvent(event)
        event.accept()

    def enter(self) -> None:
        """Enter: lifts the focused piece, drops the lifted one, or plays the focused target."""
        if self.lifted is not None:
            if self.focus_key == self.lifted:
                # No place chosen yet: a second Enter never makes a move nobody pointed at.
                self.message.emit(
                    "Choose where it goes with the arrows, then Enter (Esc puts it back)."
                )
            elif self.focus_key is not None:
                source, self.lifted = self.lifted, None
                self.drop(source, self.focus_key, None)
            return
        key = self.focus_key
        panel = self.panel_choices()
        if panel is not None:
            # Only the panel's choices answer, as they do a click: a Group framed in gold
            # as a possible aider is added (Enter lifted it, and the arrows then found
            # nothing possible).
            if key in panel:
                self.answer(key, self._screen_at(key))
            return
        if key in self.sources and key in self.moves:
            # A piece a click plays does what the click does (a coin spent from in an
            # attack: the menu of amounts); Shift+F10 lists its other moves.
            self.activate(key, self._screen_at(key))
        elif key in self.sources:
            self.lift(key)
        elif key is not None:
            self.answer(key, self._screen_at(key))

    def open_menu(self) -> None:
        """The Menu key or Shift+F10: every move of the focused piece (its click's and
        where it may go) or onto the focused place, in the menu a right click opens."""
        key = self.focus_key
        if self.panel_choices() is not None or key is None:
            self.message.emit("Nothing to list here: Tab or the arrows choose a piece first.")
            return
        if self.lifted is not None:
            moves = list(self.drops.get((self.lifted, key), []))
        else:
            own = self.moves.get(key, [])
            if key in self.sources:
                more = [a for t in self.targets_of(key) for a in self.drops[(key, t)]]
            else:
                more = [a for (_, t), acts in self.drops.items() if t == key for a in acts]
            moves = own + [a for a in more if a not in own]
        if not moves:
            self.message.emit(self.nothing_there(key))
            return
        action = self.choose_from_menu(moves, self._screen_at(key))
        if action is not None:
            self.lifted = None
            self.play(action)

    def _screen_at(self, key: Hashable) -> QPointF | None:
        """Where on the screen the focused piece or place is: a menu opened by the
        keyboard opens there, not wherever the mouse pointer was left."""
        rect = self.targets.get(key) or self.sources.get(key)
        views = self.views()
        if rect is None or not views:
            return None
        view = views[0]
        return QPointF(view.viewport().mapToGlobal(view.mapFromScene(rect.center())))

    def lift(self, source: Hashable) -> None:
        targets = self.targets_of(source)
        if not targets:
            self.message.emit(self.nothing_there(source))
            return
        self.lifted = source
        # The highlight stays on the piece: the arrows walk to a place (the first place
        # offered under the cursor was played by a second Enter, unasked for).
        self.focus(source)
        self.message.emit("Lifted: the arrows choose where it goes; Enter puts it there.")

    def put_back(self) -> None:
        source, self.lifted = self.lifted, None
        self.light_targets(None)
        self.message.emit("Put back.")
        if source is not None:
            self.focus(source)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        """Tab and Shift+Tab walk the pieces and targets that have moves."""
        return self.step_focus(1 if next else -1)

    def step_focus(self, step: int) -> bool:
        keys = self.targets_of(self.lifted) if self.lifted is not None else self.focusables()
        if not keys:
            return False
        at = keys.index(self.focus_key) if self.focus_key in keys else (-1 if step > 0 else 0)
        self.focus(keys[(at + step) % len(keys)])
        return True

    def focus(self, key: Hashable) -> None:
        self.focus_key = key
        rect = self.targets.get(key) or self.sources.get(key)
        self._show_mark("focus", rect)
        for view in self.views():
            view.ensureVisible(rect)
        panel = self.panel_choices()
        if panel is not None:
            words = f"{self.panel_words(key)} Esc closes the panel."
            self.message.emit(words if key in panel else "Not possible now")
        elif key in self.sources and self.moves.get(key):
            clicks = self.moves[key]
            menu = len(clicks) > 1 or self.menu_for_one(clicks)
            said = f"Enter: {self.describe(clicks[0])}"
            said += ", or another in its menu" if menu else ""
            self.message.emit(f"{said}; Shift+F10 (the Menu key) lists every move of it.")
        elif key in self.sources:
            self.message.emit("Enter lifts it; the arrows choose where it goes.")
        elif self.lifted is not None:
            moves = self.drops.get((self.lifted, key), [])
            self.message.emit(self.describe(moves[0]) if moves else "Not possible there")
        else:
            moves = self.moves.get(key, [])
            said = self.describe(moves[0]) if moves else "Not possible now"
            if moves and self.menu_for_one(moves[:1]):  # (an amount asked: not 1 MB alone)
                said += ", or another in its menu: Enter opens it"
            self.message.emit(said)

    # -- motion ------------------------------------------------------------------------------

    def remember_places(self) -> dict[Hashable, QPointF]:
        """Where each piece is now (its centre), for the glide after the next drawing."""
        return {item.data(PIECE): item.sceneBoundingRect().center() for item in self._pieces}

    def glide_from(
        self,
        before: dict[Hashable, QPointF],
        arrival: Callable[[Hashable], QPointF | None] | None = None,
    ) -> None:
        """Pieces that were elsewhere in the last drawing slide from there to here; a piece
        new to the table comes from where `arrival` says (a card drawn: the deck), if it
        says."""
        if self.glide_ms <= 0 or not before:
            return
        moving = {}
        for item in self._pieces:
            key = item.data(PIECE)
            start = before.get(key)
            if start is None and arrival is not None:
                start = arrival(key)
            if start is None:
                continue
            offset = start - item.sceneBoundingRect().center()
            if offset.manhattanLength() > 2:
                if not moving:  # what the drawing covers, every piece at its place
                    self._at_rest = self.itemsBoundingRect()
                moving[key] = (item.pos(), offset)
                item.setPos(item.pos() + offset)
        if not moving:
            return
        self._moving = moving

        def step(t: float) -> None:
            eased = 1 - (1 - t) ** 3
            for item in self._pieces:
                key = item.data(PIECE)
                if key in self._moving:
                    rest, offset = self._moving[key]
                    item.setPos(rest + offset * (1 - eased))

        self._glide = self._animate(self.glide_ms, step, self.finish_glide)

    def drawn_rect(self) -> QRectF:
        """What this drawing covers, each piece at its place: a gliding piece starts from
        where it was, and the table grew to take in that start for good."""
        return QRectF(self._at_rest) if self._moving else self.itemsBoundingRect()

    def finish_glide(self) -> None:
        """Every gliding piece at its place at once (a click or key skips the motion)."""
        if self._glide is not None:
            self._glide.stop()
            self._glide = None
        if self._moving:
            for item in self._pieces:
                key = item.data(PIECE)
                if key in self._moving:
                    item.setPos(self._moving[key][0])
            self._moving = {}

    def gliding(self) -> bool:
        return bool(self._moving)

    def _animate(
        self, ms: int, step: Callable[[float], None], done: Callable[[], None]
    ) -> QVariantAnimation:
        animation = QVariantAnimation(self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(ms)
        animation.valueChanged.connect(step)
        animation.finished.connect(done)
        animation.start()
        return animation


def _area(rect: QRectF) -> float:
    return max(rect.width(), 0.0) * max(rect.height(), 0.0)


def _no_game(data: Any) -> Action:
    """`parse` of a table drawn outside a match (a help picture): no move is made there."""
    raise IllegalAction("This table is not at a match.")


def _one_column(menu: QMenu, height: int) -> bool:
    """Whether a menu's lines stand in one column within `height` pixels (a taller one
    wraps into columns, off the screen's edge)."""
    menu.sizeHint()  # (lays its lines out)
    lines = menu.actions()
    tall = sum(menu.actionGeometry(a).height() for a in lines)
    return tall + 2 * menu.style().pixelMetric(QStyle.PixelMetric.PM_MenuPanelWidth) + 8 <= height

"""Table mode: people sitting together cast at once, each with a row of keys.

Every spot one may point at gets a number, kept while it lies on the table (ten at a
time: a row has ten keys); each person has a row of the keyboard (1–0, Q–P, A–;, Z–/),
the n-th key pointing at the spot numbered n. Space starts the count
"In… can… to!", and the first key each person presses after the last syllable is that
person's choice; a key pressed too early is ignored, and the table says so.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent

KEY_ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL;", "ZXCVBNM,./")
SYLLABLES = ("In…", "can…", "to!")


class TableMode:
    """Reads the keys the table view passes on to its window. (It is kept by the window
    alone and reaches the window weakly: Python objects hung on Qt widgets in chains
    crash PySide6 when the garbage collector frees them.)"""

    syllable_ms = 650  # tests set it lower

    def __init__(self, window: Any) -> None:
        # A weak reference: the window owns this object, and a reference cycle through a
        # Qt widget lets Python's collector free the widget late, which crashes PySide6.
        self._window = weakref.ref(window)
        self.state = "off"  # off (not a shared round), idle, counting, armed
        self.early: set[int] = set()
        self.pressed: set[int] = set()  # seats whose first key after "to!" was taken
        self.syllable = 0
        self.round: int | None = None  # which shared round the count belongs to
        # Which key number each target has: kept while the target lies on the table
        # (numbered afresh each casting, the Vampire was '3 E', then '1 Q').
        self.numbers: dict[Any, int] = {}
        self.timer = QTimer(window)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._next_syllable)

    @property
    def window(self) -> Any:
        return self._window()

    # -- who has which keys -----------------------------------------------------------------

    def rows(self) -> dict[int, str]:
        humans = self.window.model.session.match.human_seats()
        return {seat: KEY_ROWS[n] for n, seat in enumerate(humans[: len(KEY_ROWS)])}

    def active(self) -> bool:
        model = self.window.model
        return (
            model is not None
            and model.session.table_mode
            and not model.session.holding  # during the reveal a key only skips it
            and model.session.is_shared()
            and bool(model.session.match.waiting_humans())
            and not model.session.match.is_over()
        )

    def legend(self) -> str:
        names = self.window.model.session.match.name
        keys = " · ".join(f"{names(seat)}: {row[0]}–{row[-1]}" for seat, row in self.rows().items())
        return f"Table mode — {keys}. Press Space to count In-can-to!"

    def refresh(self, *_: Any) -> None:
        """After each redraw: number the targets and say what to do."""
        model = self.window.model
        if model is not None and model.session.table_mode and model.session.holding:
            self.banner("In-can-to! The choices are revealed: a key or a click goes on.")
            return
        if not self.active():
            if self.state != "off":
                self.state = "off"
                self.timer.stop()
                self.window.clear_bar()
                self.window.scene.show_count(None)
            return
        shared_round = self.window.model.session.shared_round()
        if self.state == "off" or shared_round != self.round:
            # A new casting: the count starts again and every person may press again.
            self.round = shared_round
            self.timer.stop()
            self.state, self.early, self.pressed = "idle", set(), set()
            self.window.scene.show_count(None)
        targets = self.targets()
        rows = list(self.rows().values())
        self.window.scene.number_targets(
            {
                key: " ".join(row[n] for row in rows)
                for n, key in enumerate(targets)
                if key is not None
            }
        )
        if self.state == "idle":
            self.banner(self.legend())
        else:  # a redraw in the middle of the count keeps it on the table
            self.window.scene.show_count(self._count_words())

    def targets(self) -> list[Any]:
        """The target of each key number (None: that number points nowhere now). A target
        keeps its number while it lies on the table; a new one takes the lowest free
        number (a row has ten keys: beyond ten, a target waits for a number)."""
        present = self.window.scene.shared_targets()
        self.numbers = {key: n for key, n in self.numbers.items() if key in present}
        for key in present:
            free = sorted(set(range(10)) - set(self.numbers.values()))
            if key not in self.numbers and free:
                self.numbers[key] = free[0]
        slots: list[Any] = [None] * 10
        for key, n in self.numbers.items():
            slots[n] = key
        while slots and slots[-1] is None:
            slots.pop()
        return slots

    def _count_words(self) -> str:
        if self.state == "armed":
            return "In-can-to!"
        return " ".join(SYLLABLES[: self.syllable + 1])

    def banner(self, text: str) -> None:
        self.window.tally_bar.setText(text)
        self.window.tally_bar.show()

    # -- the count --------------------------------------------------------------------------

    def start(self) -> None:
        self.state, self.syllable, self.early, self.pressed = "counting", 0, set(), set()
        self._say_count()
        self.banner(SYLLABLES[0])
        self.timer.start(self.syllable_ms)

    def _next_syllable(self) -> None:
        self.syllable += 1
        if self.syllable < len(SYLLABLES) - 1:
            self.banner(" ".join(SYLLABLES[: self.syllable + 1]))
            self.timer.start(self.syllable_ms)
        else:
            self.state = "armed"
            self.banner(self._armed_text())
        self._say_count()

    def _say_count(self) -> None:
        """Each syllable large on the table, and heard."""
        self.window.scene.show_count(self._count_words())
        self.window.sound("to" if self.state == "armed" else "count")

    def _armed_text(self) -> str:
        text = "In-can-to! Point now."
        if self.early:
            names = ", ".join(self.window.model.session.match.name(s) for s in sorted(self.early))
            text += f" Too early, ignored: {names}."
        return text

    # -- keys -------------------------------------------------------------------------------

    def key_press(self, event: QKeyEvent) -> bool:
        """True when the key was a table-mode key."""
        if not self.active():
            return False
        if event.key() == Qt.Key.Key_Space:
            if self.state == "idle":
                self.start()
            return True
        press = event.text().upper()
        for seat, row in self.rows().items():
            if press and press in row:
                self.press(seat, row.index(press))
                return True
        return False

    def press(self, seat: int, index: int) -> None:
        model = self.window.model
        name = model.session.match.name(seat)
        if self.state != "armed":
            self.early.add(seat)
            self.banner(f"Too early, {name}: wait for “to!”. The key was ignored.")
            return
        if seat in self.pressed or seat not in model.session.match.waiting_humans():
            return  # the first key counts; later ones change nothing
        targets = self.targets()
        key = targets[index] if index < len(targets) else None
        if key is None:
            self.banner(f"{name}: no target has that key now.")
            return
        scene = self.window.scene
        gestures = scene.gesture_map(
            model.session.view(), model.session.match.legal_actions(seat), seat
        )
        moves = [g.action for g in gestures if g.target == key]
        if not moves:
            # The engine says why, as it does for a refused drop.
            attempt = scene.attempts.get(key)
            why = model.session.match.why_not_json(seat, attempt) if attempt is not None else None
            self.banner(f"{name} cannot point there: {why or 'choose another target.'}")
            return
        self.pressed.add(seat)
        QTimer.singleShot(0, self.window, lambda: self._point(seat, moves[0]))

    def _point(self, seat: int, action: Any) -> None:
        model = self.window.model
        model.session.act_as(seat, action)
        if self.active() and self.state == "armed":
            self.banner(
                self._armed_text()
                + " Waiting for: "
                + ", ".join(
                    model.session.match.name(s) for s in model.session.match.waiting_humans()
                )
            )

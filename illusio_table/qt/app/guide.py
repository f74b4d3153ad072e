"""A guided first game in the window: the guide's words in a bar over the table, the move
it waits for lit on the table, and a button to leave it (the match then goes on as any).

The guide itself (`table/guide.py`) knows no Qt; this is where it meets the window: the
model asks it before each move of the person at the screen (`MatchModel.gate`), and the
window asks it after each drawing what to say and what to light.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from illusio_table.engine import Action
from illusio_table.table.guide import Guide, GuideRun


class GuideBar(QFrame):
    """The guide's words, above the table, with the way out."""

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(
            "QFrame { background: #16324a; } QLabel { color: #ffffff; padding: 6px; }"
        )
        self.words = QLabel()
        self.words.setWordWrap(True)
        # Room for three lines from the start: a step's words of two lines after one of
        # one made the bar taller, and the table shrank and shifted under it.
        lines = self.words.fontMetrics().lineSpacing() * 3
        self.words.setMinimumHeight(lines + 12)  # (its padding, above and below)
        self.leave = QPushButton("Leave the guide")
        self.leave.setToolTip("The match goes on as an ordinary one")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 8, 2)
        row.addWidget(self.words, 1)
        row.addWidget(self.leave)
        self.hide()


class GuideSession:
    """A guide under way in a window. (It reaches the window weakly: the window owns it,
    and Python objects hung on Qt widgets in cycles crash PySide6 when collected.)"""

    SEAT = 0  # the newcomer's seat in every guide

    def __init__(self, window: Any, guide: Guide) -> None:
        self._window = weakref.ref(window)
        self.run = GuideRun(guide)
        self.waiting: tuple[Action, dict[str, Any], int, int] | None = None
        self.lit: Action | None = None

    @property
    def window(self) -> Any:
        return self._window()

    def gate(self, action: Action) -> str | None:
        """Before a move of the person at the screen: held back if the step wants
        another; else remembered, to tell what came of it once it is made."""
        model = self.window.model
        if model.viewer != self.SEAT:
            return None
        view, legal = model.view(), model.legal_actions()
        reason = self.run.refusal(action, view, legal)
        if reason is None:
            self.waiting = (action, view, model.match.moves_made, len(model.log()))
        return reason

    def refresh(self) -> None:
        """After each drawing: the step made (if it was), then the words and the lit move."""
        window = self.window
        model = window.model
        view = model.view()
        if self.waiting is not None:
            action, before, moves, lines = self.waiting
            record = model.match.moves
            if len(record) > moves and record[moves].seat == self.SEAT:
                self.waiting = None
                self.run.moved(action, before, view, model.log()[lines:])
        mine = model.viewer == self.SEAT and model.curtain_seat() is None and not model.holding
        legal = model.legal_actions() if mine else []
        self.lit = self.run.lit(view, legal)
        prompt = (
            "Meanwhile, make any move (the Moves panel lists them)."
            if mine
            else "The others are playing."
        )
        window.guide_bar.words.setText(self.run.words(view, self.lit, prompt))
        keys = []
        if self.lit is not None and window.scene is not None:
            for gesture in window.scene.gestures:
                if gesture.action == self.lit:
                    keys += [k for k in (gesture.source, gesture.target) if k is not None]
                    break
        if window.scene is not None:
            window.scene.show_guide(keys)

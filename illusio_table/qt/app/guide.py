"""A guided first game in the window: the guide's words in a bar over the table, the move
it waits for lit on the table, and a button to leave it (the match then goes on as any).

The guide itself (`table/guide.py`) knows no Qt; this is where it meets the window: after
each drawing the window has it follow the match, then shows what it says and lights the
move it suggests. It never holds a move back.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from illusio_table.engine import Action
from illusio_table.table.guide import SEAT, Guide, GuideRun

LINES = 5  # the bar's height, in lines of its words


class GuideBar(QFrame):
    """The guide's words, above the table, with the way out."""

    def __init__(self) -> None:
        super().__init__()
        self.setStyleSheet(
            "QFrame { background: #16324a; } QLabel { color: #ffffff; padding: 6px; }"
        )
        self.words = QLabel()
        self.words.setWordWrap(True)
        # One height for every step: words of two lines after one of one made the bar
        # taller, and the table shrank and shifted under it. Five lines hold what came of
        # a move and the next lesson (the guides' tests measure their words against it).
        lines = self.words.fontMetrics().lineSpacing() * LINES
        self.words.setFixedHeight(lines + 12)  # (its padding, above and below)
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

    def __init__(self, window: Any, guide: Guide) -> None:
        self._window = weakref.ref(window)
        self.run = GuideRun(guide)

    @property
    def window(self) -> Any:
        return self._window()

    @property
    def lit(self) -> Action | None:
        return self.run.lit

    def refresh(self) -> None:
        """After each drawing: the guide follows the match, then its words and lit move
        are shown; once its closing words were read, the guide goes."""
        window = self.window
        model = window.model
        match = model.session.match
        mine = (
            model.session.viewer == SEAT
            and model.session.curtain_seat() is None
            and not model.session.holding
        )
        asked = mine and SEAT in match.to_act()
        legal = model.session.legal_actions() if asked else []
        self.run.follow(match, legal, asked)
        if self.run.gone:
            window.leave_guide()
            return
        prompt = (
            "Make any move (the Moves panel lists them)." if asked else "The others are playing."
        )
        window.guide_bar.words.setText(self.run.words(prompt))
        keys = []
        if self.lit is not None and window.scene is not None:
            for gesture in window.scene.gestures:
                if gesture.action == self.lit:
                    keys += [k for k in (gesture.source, gesture.target) if k is not None]
                    break
        if window.scene is not None:
            window.scene.show_guide(keys)

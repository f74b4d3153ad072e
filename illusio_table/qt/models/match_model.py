"""MatchModel: the window's adapter of the Session (`table/session.py`) to Qt.

The Session is the one master of a match (whose view the screen shows, the curtain, the
reveal, the count, bots, undo, autosave, the seats on phones); this model gives it Qt's
timers and a queued hand-over to the window's thread (a thinking bot's answer, a phone's
message) and turns its callbacks into signals. That is all it adds: the match, the view,
the moves, the bots and undo are the session's, asked of it as `model.session.…`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from illusio_table.engine import Match
from illusio_table.table.session import Session

from .hand_over import hand_over_to


class MatchModel(QObject):
    changed = Signal(list)  # the events the viewer may see
    refused = Signal(str)
    viewer_changed = Signal()
    finished = Signal()
    thinking = Signal(object)  # the seat of a bot searching for its move, or None
    counting = Signal(str)  # "In… can… to!" as far as it has gone ('' when it is over)

    def __init__(
        self,
        match: Match,
        autosave: Path | None = None,
        bot_delay_ms: int | None = 350,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        # Jobs for the window's thread from any thread (a bot's thought, a phone).
        post = hand_over_to(self)
        self.session = Session(match, self._timer, post, autosave, bot_delay_ms)
        session = self.session
        session.changed.connect(self.changed.emit)
        session.refused.connect(self.refused.emit)
        session.viewer_changed.connect(self.viewer_changed.emit)
        session.finished.connect(self.finished.emit)
        session.thinking.connect(self.thinking.emit)
        session.counting.connect(self.counting.emit)

    def _timer(self, callback: Callable[[], None]) -> QTimer:
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(callback)
        return timer

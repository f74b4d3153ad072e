"""MatchModel: the window's adapter of the Session (`table/session.py`) to Qt.

The Session is the one master of a match (whose view the screen shows, the curtain, the
reveal, the count, bots, undo, autosave, the seats on phones); this model gives it Qt's
timers and a queued hand-over to the window's thread (a thinking bot's answer, a phone's
message), turns its callbacks into signals, and answers for it: everything the session
offers is read and called through the model as if it were its own (`_FORWARDED`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from illusio_table.engine import Match
from illusio_table.table.session import Session


class MatchModel(QObject):
    changed = Signal(list)  # the events the viewer may see
    refused = Signal(str)
    viewer_changed = Signal()
    finished = Signal()
    thinking = Signal(object)  # the seat of a bot searching for its move, or None
    counting = Signal(str)  # "In… can… to!" as far as it has gone ('' when it is over)
    _posted = Signal(object)  # a job for the window's thread, from any thread

    def __init__(
        self,
        match: Match,
        autosave: Path | None = None,
        bot_delay_ms: int | None = 350,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._posted.connect(self._run, Qt.ConnectionType.QueuedConnection)
        self.session = Session(match, self._timer, self._posted.emit, autosave, bot_delay_ms)
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

    @staticmethod
    def _run(job: Callable[[], None]) -> None:
        job()


# What the model answers for its session, read and written as its own.
_FORWARDED = (
    # the match and what the screen shows
    "match",
    "game",
    "viewer",
    "pending",
    "passed_openly",
    "holding",
    "autosave",
    "bot_delay_ms",
    "show_each_move",
    "table_mode",
    "devices",
    "view",
    "log",
    "legal_actions",
    "look_privately",
    "curtain_seat",
    "lift_curtain",
    "screen_humans",
    # moves
    "begin",
    "act",
    "act_as",
    "act_from_device",
    "set_device",
    "why_not",
    "is_shared",
    "shared_round",
    "aside_words",
    "standing_aside",
    "stand_aside",
    "release",
    "count_words",
    "too_early",
    # bots
    "step_bot",
    "stop_thinking",
    "thinking_seat",
    # undo
    "can_undo",
    "can_redo",
    "why_no_undo",
    "undo",
    "redo",
)


def _forward(name: str) -> property:
    def read(model: MatchModel) -> Any:
        return getattr(model.session, name)

    def write(model: MatchModel, value: Any) -> None:
        setattr(model.session, name, value)

    return property(read, write, doc=f"The session's `{name}`.")


for _name in _FORWARDED:
    setattr(MatchModel, _name, _forward(_name))

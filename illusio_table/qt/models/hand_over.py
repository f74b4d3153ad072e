"""Jobs handed from any thread (the thinking process's answers, a phone's messages) to the
window's thread, through one object that lives as long as the program.

A pool thread never touches an object the window may be putting away at that moment: a
coach's review that came back while its tally was being collected crashed the process
(its signal emitted from the pool thread on an object half destroyed). The job runs only
if the object it is for is still there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal


class _HandOver(QObject):
    job = Signal(object, object)  # the object it is for, the job


_ONE: _HandOver | None = None


def hand_over_to(owner: QObject) -> Callable[[Callable[[], Any]], None]:
    """How to hand jobs for `owner` to the window's thread from any thread. Called on the
    window's thread (the relay is made there the first time, and stays)."""
    global _ONE
    if _ONE is None:
        _ONE = _HandOver()
        _ONE.job.connect(_run, Qt.ConnectionType.QueuedConnection)
    emit = _ONE.job.emit
    return lambda job: emit(owner, job)


def _run(owner: QObject, job: Callable[[], Any]) -> None:
    if shiboken6.isValid(owner):  # (not put away meanwhile)
        job()

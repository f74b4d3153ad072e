"""The host's side of the device seats: between MatchModel and the server.

Everything here runs on the window's thread. The server's thread hands over what a device
sent through queued signals; the hub reads it as a move (`seats.read_move`), lets the model
play it, and after every change sends each device seat its own state. It starts the server
with the first device seat and stops it when the match is put away.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from illusio_table.qt.models.match_model import MatchModel
from illusio_table.table.gestures import CHOOSE_AT_ONCE

from .seats import (
    Doorkeeper,
    Refused,
    card_files,
    encode,
    read_message,
    read_move,
    state_message,
)
from .server import DeviceServer

SYLLABLES = ("In…", "In… can…", "In… can… to!")


class DeviceHub(QObject):
    """When phones are asked to choose at once (the Incantibus casting), the hub counts
    "In… can… to!" on every phone and on the big screen (`counting`), and takes their
    choices only after "to!", as players at a real table point together."""

    syllable_ms = 650  # tests set it lower
    presence = Signal(int)  # a seat's device joined or went away
    counting = Signal(str)  # the count as far as it has gone, for the big screen ('' ended)
    _incoming = Signal(int, str, str)  # (seat, code, text) from the server's thread
    _present = Signal(int)

    def __init__(
        self, model: MatchModel, port: int = 0, network: bool = True, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.doorkeeper = Doorkeeper()
        self.server = DeviceServer(
            self.doorkeeper, self._incoming.emit, self._present.emit, port, network
        )
        self._versions: dict[int, str] = {}  # the state each device seat was last sent
        self._sent: dict[int, str] = {}
        self._joins: dict[int, int] = {}  # the join of each seat that was sent its cards
        self.notes: dict[int, str] = {}  # what each device seat is told beside its table
        # The count of the choice made at once now: which choice it is (the index of the
        # last reveal before it) and how far the count has gone.
        self._count_round: int | None = None
        self._syllable = len(SYLLABLES)
        self._count_timer = QTimer(self)
        self._count_timer.setSingleShot(True)
        self._count_timer.timeout.connect(self._next_syllable)
        queued = Qt.ConnectionType.QueuedConnection
        self._incoming.connect(self._on_message, queued)
        self._present.connect(self._on_presence, queued)
        model.changed.connect(self.publish)
        model.viewer_changed.connect(self.publish)

    # -- seats ------------------------------------------------------------------------------

    def give(self, seat: int, code: str | None = None) -> str:
        """Gives `seat` to a device: returns the address its phone opens (with a new code,
        or with `code`, the seat's code before a crash)."""
        code = self.doorkeeper.open(seat, code)
        self.server.start()
        self._sent.pop(seat, None)
        self.model.set_device(seat, True)
        return self.server.address(code)

    def take_back(self, seat: int) -> None:
        """The seat comes back to the screen (a flat battery): its code dies."""
        self.doorkeeper.close(seat)
        self.server.shut(seat, "This seat was taken back to the big screen.")
        self._versions.pop(seat, None)
        self._sent.pop(seat, None)
        self.model.set_device(seat, False)
        if not self.doorkeeper.seats:
            self.server.stop()  # it runs only while a seat is on a phone
        self.presence.emit(seat)

    def codes(self) -> dict[int, str]:
        """Each phone seat's code, for the host to keep beside its autosave."""
        with self.doorkeeper.lock:
            return {seat: device.code for seat, device in self.doorkeeper.seats.items()}

    def address(self, seat: int) -> str | None:
        device = self.doorkeeper.seats.get(seat)
        return None if device is None else self.server.address(device.code)

    def version(self, seat: int) -> str:
        """The state a device seat was last sent (what its page shows once it arrived)."""
        return self._versions.get(seat, "")

    def status(self, seat: int) -> str:
        """'waiting', 'joined' or 'away'; '' for a seat not on a device."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return "" if device is None else device.status

    def stop(self) -> None:
        """The match is put away: every code dies and the server stops."""
        self._count_timer.stop()
        for seat in list(self.doorkeeper.seats):
            self.server.shut(seat, "The match on the big screen has ended.")
        self.doorkeeper.close_all()
        self.server.stop()

    # -- host to devices --------------------------------------------------------------------

    def publish(self, *_: Any) -> None:
        """Sends each device seat its state, when it changed."""
        self._maybe_count()
        count = self.count_words()  # once for every seat: it looks through the record
        for seat in list(self.doorkeeper.seats):
            self._send_state(seat, count)

    def note(self, seat: int, text: str) -> None:
        """Tells a device seat something of its own beside its table (its rehearsal tally)."""
        self.notes[seat] = text
        if seat in self.doorkeeper.seats:
            self._send_state(seat, self.count_words())

    # -- In… can… to! -----------------------------------------------------------------------

    def _choice_at_once(self) -> int | None:
        """Which choice made at once awaits a phone now (the index of the last reveal
        before it), or None when no phone is among several seats asked at once."""
        match = self.model.match
        if match.game_id not in CHOOSE_AT_ONCE:
            return None  # Illuminati's windows are chosen from secret hands: no count
        waiting = match.to_act()
        phones = waiting & set(self.doorkeeper.seats)
        if match.is_over() or len(waiting) < 2 or not phones:
            return None
        # The count runs whoever has joined: a phone that joins (or comes back) during it
        # hears it where it is, and nobody's tap is taken before "to!".
        return match.last_reveal()

    def _maybe_count(self) -> None:
        choice = self._choice_at_once()
        if choice is not None and choice != self._count_round and not self.model.holding:
            self._count_round, self._syllable = choice, 0
            self.counting.emit(SYLLABLES[0])
            self._count_timer.start(self.syllable_ms)

    def _next_syllable(self) -> None:
        self._syllable += 1
        if self._syllable < len(SYLLABLES):
            self.counting.emit(SYLLABLES[self._syllable])
            if self._syllable < len(SYLLABLES) - 1:
                self._count_timer.start(self.syllable_ms)
        self.publish()

    def count_words(self) -> str:
        """The count as far as it has gone, while its choice is still being made."""
        if self._count_round is None or self._choice_at_once() != self._count_round:
            return ""
        return SYLLABLES[min(self._syllable, len(SYLLABLES) - 1)]

    def too_early(self) -> bool:
        """The count of this choice is not at "to!" yet."""
        return self.count_words() != "" and self._syllable < len(SYLLABLES) - 1

    def _send_state(self, seat: int, count: str, force: bool = False) -> None:
        model = self.model
        names = [p["name"] for p in model.match.players]
        status = ""
        # Nothing is offered (nor lit) while nothing may be played: during the reveal on
        # the big screen, and before "to!" for a seat that points with the others.
        offered = True
        if model.holding:
            status = "The choices are being revealed on the big screen."
            offered = False
        elif count and count != SYLLABLES[-1] and seat in model.match.to_act():
            status = "Wait for “to!”: everyone points at once."
            offered = False
        version, text = state_message(
            model.match, seat, names, status, count, self.notes.get(seat, ""), offered
        )
        self._versions[seat] = version
        if force or self._sent.get(seat) != text:
            self._sent[seat] = text
            self.server.send(seat, text)

    # -- devices to host --------------------------------------------------------------------

    def holder(self, seat: int) -> str:
        """The address of the device that holds a seat (or held it last), '' if none did."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return "" if device is None else device.where

    def _send_cards(self, seat: int) -> None:
        game_id = self.model.match.game_id
        cards = card_files(game_id)
        self.server.send(seat, f'{{"type":"cards","game":"{game_id}","cards":{cards}}}')

    def _on_presence(self, seat: int) -> None:
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            joins = device.joins if device is not None else 0
        if device is not None and self.status(seat) == "joined" and joins != self._joins.get(seat):
            # A page (re)joined: the card file, then its state, whatever it had before.
            self._joins[seat] = joins
            self._send_cards(seat)
            self._sent.pop(seat, None)
        # The last phone asked may have joined: the count can begin, on every phone.
        self.publish()
        self.presence.emit(seat)

    def _on_message(self, seat: int, code: str, text: str) -> None:
        device = self.doorkeeper.seats.get(seat)
        if device is None or device.code != code:
            return  # the code died while its message was on the way
        try:
            if read_message(text).get("type") == "cards":
                self._send_cards(seat)  # a page that lost them asks again
                self._send_state(seat, self.count_words(), force=True)
                return
            action = read_move(self.model.match, seat, text, self._versions.get(seat, ""))
        except Refused as refused:
            self._refuse(seat, refused.reason)
            return
        if self.too_early() and seat in self.model.match.to_act():
            self._refuse(seat, "Wait for “to!”: everyone points at once.")
            return
        reason = self.model.act_from_device(seat, action)
        if reason is not None:
            self._refuse(seat, reason)

    def _refuse(self, seat: int, reason: str) -> None:
        self.server.send(seat, encode({"type": "refused", "reason": reason}))
        self._send_state(seat, self.count_words(), force=True)

"""The host's side of the device seats: between MatchModel and the server.

Everything here runs on the window's thread. The server's thread hands over what a device
sent through queued signals; the hub reads it as a move (`seats.read_move`), lets the model
play it, and after every change sends each device seat its own state. It starts the server
with the first device seat and stops it when the match is put away.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from illusio_table.qt.models.match_model import MatchModel

from .seats import Doorkeeper, Refused, card_files, encode, read_move, state_message
from .server import DeviceServer


class DeviceHub(QObject):
    presence = Signal(int)  # a seat's device joined or went away
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
        queued = Qt.ConnectionType.QueuedConnection
        self._incoming.connect(self._on_message, queued)
        self._present.connect(self._on_presence, queued)
        model.changed.connect(self.publish)
        model.viewer_changed.connect(self.publish)

    # -- seats ------------------------------------------------------------------------------

    def give(self, seat: int) -> str:
        """Gives `seat` to a device: returns the address its phone opens (with a new code)."""
        code = self.doorkeeper.open(seat)
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
        self.presence.emit(seat)

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
        for seat in list(self.doorkeeper.seats):
            self.server.shut(seat, "The match on the big screen has ended.")
        self.doorkeeper.close_all()
        self.server.stop()

    # -- host to devices --------------------------------------------------------------------

    def publish(self, *_: Any) -> None:
        """Sends each device seat its state, when it changed."""
        for seat in list(self.doorkeeper.seats):
            self._send_state(seat)

    def _send_state(self, seat: int, force: bool = False) -> None:
        model = self.model
        names = [p["name"] for p in model.match.players]
        status = ""
        if model.holding:
            status = "The choices are being revealed on the big screen."
        message = state_message(model.game, seat, names, status)
        self._versions[seat] = message["version"]
        text = encode(message)
        if force or self._sent.get(seat) != text:
            self._sent[seat] = text
            self.server.send(seat, text)

    # -- devices to host --------------------------------------------------------------------

    def _on_presence(self, seat: int) -> None:
        if seat in self.doorkeeper.seats and self.status(seat) == "joined":
            game_id = self.model.game.game_id
            self.server.send(
                seat, f'{{"type":"cards","game":"{game_id}","cards":{card_files(game_id)}}}'
            )
            self._send_state(seat, force=True)
        self.presence.emit(seat)

    def _on_message(self, seat: int, code: str, text: str) -> None:
        device = self.doorkeeper.seats.get(seat)
        if device is None or device.code != code:
            return  # the code died while its message was on the way
        try:
            action = read_move(self.model.game, seat, text, self._versions.get(seat, ""))
        except Refused as refused:
            self._refuse(seat, refused.reason)
            return
        reason = self.model.act_from_device(seat, action)
        if reason is not None:
            self._refuse(seat, reason)

    def _refuse(self, seat: int, reason: str) -> None:
        self.server.send(seat, encode({"type": "refused", "reason": reason}))
        self._send_state(seat, force=True)

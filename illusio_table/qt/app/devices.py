"""The Phones panel: for each person's seat, whether it is played at this screen or on a
phone; for a phone seat, the QR code and short address its phone opens, and whether the
phone has joined, is away, or is still awaited. A seat can be taken back to the screen at
any moment (a flat battery) and given to a phone again (with a new code).

The server starts with the first phone seat (`remote.hub`, imported then: a match
without phones never loads it) and stops with the match.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from illusio_table.qt.models.match_model import MatchModel
    from illusio_table.remote.hub import DeviceHub

QR_SCALE = 4  # pixels a module of the QR code: about 150 px, easy for a phone's camera


def qr_pixmap(text: str) -> QPixmap:
    """The QR code of `text`, drawn by segno (a well-kept QR library)."""
    import segno

    data = io.BytesIO()
    segno.make(text, error="m").save(data, kind="png", scale=QR_SCALE, border=2)
    picture = QPixmap()
    picture.loadFromData(data.getvalue(), "PNG")
    return picture


class PhonesPanel(QScrollArea):
    counting = Signal(str)  # "In… can… to!" as the phones see it, for the big screen
    awaiting = Signal(bool)  # True while some phone seat has no phone (a code to scan)

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWidgetResizable(True)
        self.model: MatchModel | None = None
        self.hub: DeviceHub | None = None
        self.problem = ""  # why the server could not start, if it could not
        self.network = True  # False: loopback only (tests, which reach no other address)
        self._awaiting = False
        self._body = QWidget()
        self._layout = QVBoxLayout(self._body)
        self.setWidget(self._body)

    # -- the match --------------------------------------------------------------------------

    def attach(self, model: MatchModel | None) -> None:
        """A new match is on the table: the last one's phones are let go; seats that were
        on phones (a resumed match) are offered to their phones again, with new codes."""
        self.stop()
        self.model = model
        if model is not None:
            # Redrawn when a phone comes or goes, or a seat is given or taken back; not
            # after every move (each redraw makes every QR code again).
            for seat in model.devices:
                self.give(seat)
        self.refresh()

    def stop(self) -> None:
        if self.hub is not None:
            self.hub.stop()
            self.hub.deleteLater()
            self.hub = None

    def give(self, seat: int) -> None:
        """Gives a person's seat to a phone (starting the server if needed)."""
        if self.model is None:
            return
        if self.hub is None:
            from illusio_table.remote.hub import DeviceHub

            port = self.port()
            self.hub = DeviceHub(self.model, port, network=self.network, parent=self)
            self.hub.presence.connect(lambda seat: self.refresh())
            self.hub.counting.connect(self.counting)
        try:
            self.hub.give(seat)
            self.problem = ""
        except OSError as error:
            self.problem = str(error)
            self.model.set_device(seat, False)
        self.refresh()

    def port(self) -> int:
        """The port the phones' server listens on: 0, the system chooses (the setting
        fixes one, for a network whose firewall lets only that one through)."""
        value = self.settings.value("phones/port", 0) if self.settings is not None else 0
        try:
            port = int(value)
        except (TypeError, ValueError):
            return 0
        return port if 1024 <= port <= 65535 else 0

    def set_port(self, port: int) -> None:
        if self.settings is not None:
            self.settings.setValue("phones/port", port)

    def take_back(self, seat: int) -> None:
        if self.hub is not None:
            self.hub.take_back(seat)
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------

    def status_words(self, seat: int) -> str:
        """'waiting for Lera's phone', 'Lera's phone joined', "Lera's phone is away"."""
        assert self.model is not None
        name = self.model.match.name(seat)
        status = self.hub.status(seat) if self.hub is not None else ""
        return {
            "waiting": f"Waiting for {name}'s phone",
            "joined": f"{name}'s phone joined",
            "away": f"{name}'s phone is away: the match waits for it",
        }.get(status, f"{name} plays at this screen")

    def refresh(self, *_: Any) -> None:
        while self._layout.count():
            item = self._layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        model = self.model
        awaiting = model is not None and any(
            self.hub is None or self.hub.status(s) != "joined" for s in model.devices
        )
        if awaiting != self._awaiting:
            self._awaiting = awaiting
            self.awaiting.emit(awaiting)
        if model is None:
            return
        intro = QLabel(
            "A person can play on their own phone, on this network: they scan the code "
            "with the phone's camera and see only their own cards and choices."
        )
        intro.setWordWrap(True)
        self._layout.addWidget(intro)
        if self.problem:
            trouble = QLabel(self.problem)
            trouble.setWordWrap(True)
            self._layout.addWidget(trouble)
        devices = model.devices
        for seat in model.match.human_seats():
            box = QWidget()
            grid = QGridLayout(box)
            grid.setContentsMargins(0, 6, 0, 6)
            words = QLabel(self.status_words(seat))
            words.setTextFormat(Qt.TextFormat.PlainText)  # a name is never read as markup
            words.setWordWrap(True)
            words.setObjectName(f"phone-status-{seat}")
            grid.addWidget(words, 0, 0, 1, 2)
            address = self.hub.address(seat) if self.hub is not None else None
            # Once the phone has joined its code goes from the screen: whoever scans it
            # sees that seat's secrets.
            joined = self.hub is not None and self.hub.status(seat) == "joined"
            if seat in devices and address and not joined:
                code = QLabel()
                code.setPixmap(qr_pixmap(address))
                code.setToolTip(f"Scan with {model.match.name(seat)}'s phone")
                grid.addWidget(code, 1, 0, 1, 2)
                text = QLabel(address)
                text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                text.setWordWrap(True)
                grid.addWidget(text, 2, 0, 1, 2)
            if seat in devices:
                back = QPushButton("Take back to this screen")
                back.clicked.connect(lambda _=False, s=seat: self.take_back(s))
                grid.addWidget(back, 3, 0)
            else:
                give = QPushButton("Play on a phone")
                give.clicked.connect(lambda _=False, s=seat: self.give(s))
                grid.addWidget(give, 1, 0)
            self._layout.addWidget(box)
        # The port, for a network that lets only one through (taken at the next start
        # of the server, with the next match that has a phone seat).
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 6, 0, 0)
        line.addWidget(QLabel("Port for phones (0: any)"))
        port = QSpinBox()
        port.setRange(0, 65535)
        port.setValue(self.port())
        port.setObjectName("phones-port")
        port.valueChanged.connect(self.set_port)
        line.addWidget(port)
        self._layout.addWidget(row)
        self._layout.addStretch(1)

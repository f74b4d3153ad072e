"""The Phones panel: for each person's seat, whether it is played at this screen or on a
phone; for a phone seat, the QR code and short address its phone opens, and whether the
phone has joined, is away, or is still awaited. A seat can be taken back to the screen at
any moment (a flat battery) and given to a phone again (with a new code).

Another device asking for a seat whose phone has been away a while is answered here, on
the seat's behalf (Allow / Refuse), and only while no one's secrets are on the screen: the
person at it may first let the curtain fall in front of their table.

The server starts with the first phone seat (`remote.hub`, imported then: a match
without phones never loads it) and stops with the match.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
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

from illusio_table.engine.storage import atomic_write_json

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
    # True while the panel has something for the people at the screen: a phone seat with
    # no phone yet (a code to scan), or another device asking for a seat (a question).
    awaiting = Signal(bool)
    notice = Signal(str)  # news for the big screen: a seat opened again, on which device
    drill_asked = Signal(int)  # (seat): its person asked on the phone to drill their mistakes
    # Which phones are away now, in words ("" when none is): the big screen keeps them in
    # sight whichever panel is in front (the Phones panel is often a tab behind Moves).
    away = Signal(str)

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWidgetResizable(True)
        self.model: MatchModel | None = None
        self.hub: DeviceHub | None = None
        self.problem = ""  # why the server could not start, if it could not
        self.network = True  # False: loopback only (tests, which reach no other address)
        self.keep: Path | None = None  # where the codes are kept for a crash (the window's)
        self._kept: dict[str, Any] = {}  # what was last written there
        # Seats whose phone had joined before a crash: their code stays off the screen.
        self._rejoining: set[int] = set()
        self._awaiting = False
        self._away = ""  # the words last said of the phones away
        self._watched: Any = None  # the session whose screen changes may open a question
        self._body = QWidget()
        self._layout = QVBoxLayout(self._body)
        self.setWidget(self._body)

    # -- the match --------------------------------------------------------------------------

    def attach(self, model: MatchModel | None) -> None:
        """A new match is on the table: the last one's phones are let go; seats that were
        on phones (a resumed match) are offered to their phones again: with the codes
        they had, when the program was ended by a crash (their pages rejoin by
        themselves), else with new ones."""
        kept, rejoining, tokens, port = self._kept_codes(model)
        carried = self._same_people(model)
        if carried and self.hub is not None and model is not None:
            # The phones join the table, not one match: the same people keep their phones.
            self.hub.move_to(model.session, carried)
            self.model = model
            self._watch(model)
            for seat in model.session.devices:
                if seat not in carried.values():
                    self.give(seat)
            self._keep_codes()
            self.refresh()
            return
        self.stop()
        self.model = model
        self._watch(model)
        self._rejoining = rejoining
        if model is not None:
            # Redrawn when a phone comes or goes, or a seat is given or taken back; not
            # after every move (each redraw makes every QR code again).
            for seat in model.session.devices:
                self.give(seat, kept.get(seat), tokens.get(seat), port)
        self.refresh()

    def _watch(self, model: MatchModel | None) -> None:
        """A question at the big screen waits for a moment when no one's secrets are on
        it: the panel looks again whenever the screen changes hands."""
        session = model.session if model is not None else None
        if session is self._watched:
            return
        if self._watched is not None:
            self._watched.viewer_changed.disconnect(self._screen_changed)
        self._watched = session
        if session is not None:
            session.viewer_changed.connect(self._screen_changed)

    def _screen_changed(self, *_: Any) -> None:
        if self.hub is not None and self.model is not None:
            if any(self.hub.at_big_screen(seat) for seat in self.model.session.devices):
                self.refresh()

    def _same_people(self, model: MatchModel | None) -> dict[int, int]:
        """Each phone of the last match whose person sits at a phone seat of the new one
        (found by name): its seat then → its seat now."""
        if model is None or self.model is None or self.hub is None or model is self.model:
            return {}
        before = [p["name"] for p in self.model.session.match.players]
        now = [p["name"] for p in model.session.match.players]
        carried = {}
        for seat in self.hub.codes():
            name = before[seat] if seat < len(before) else None
            for new in model.session.devices:
                if now[new] == name and now.count(name) == 1 and new not in carried.values():
                    carried[seat] = new
        return carried

    def stop(self, kept: bool = False) -> None:
        """The match is put away (a new one, or the window closes): its codes die, also
        the ones kept for a crash. `kept`: the match waits for the next start (the window
        closes on it unfinished), and the pages are told so, not that it ended."""
        if self.hub is not None:
            from illusio_table.remote.hub import ENDED, PUT_AWAY  # (loaded with the hub)

            self.hub.stop(PUT_AWAY if kept else ENDED)
            self.hub = None
        self._watch(None)
        if self.keep is not None:
            self.keep.unlink(missing_ok=True)
        self._kept = {}
        self._rejoining = set()

    # -- the codes kept for a crash -----------------------------------------------------------

    def _keep_codes(self) -> None:
        """Keeps each phone seat's code beside the autosave (never in a save file, which a
        person may copy anywhere): after a crash, the resumed match opens the same codes
        and the phones, still on their page, rejoin by themselves."""
        if self.keep is None or self.model is None or self.hub is None:
            return
        codes = self.hub.codes()
        joined = [seat for seat in codes if self.hub.status(seat) in ("joined", "away")]
        kept = {
            "match": _check(self.model),
            "port": self.hub.server.port,
            "codes": codes,
            "joined": joined,
            "tokens": self.hub.tokens(),  # which device holds each seat: it needs no asking
        }
        if kept == self._kept:
            return
        self._kept = kept
        try:
            atomic_write_json(self.keep, kept)
        except OSError:
            pass  # no codes kept: after a crash the phones scan new ones

    def _kept_codes(
        self, model: MatchModel | None
    ) -> tuple[dict[int, str], set[int], dict[int, str], int]:
        """The codes kept for this match by a run that crashed, if any, the seats whose
        phone had joined then, the token of each one's device, and the port they were
        on (the server listens there again where the setting lets the system choose:
        the phones' pages, still open on it, then rejoin by themselves)."""
        nothing: tuple[dict[int, str], set[int], dict[int, str], int] = ({}, set(), {}, 0)
        if self.keep is None or model is None or self.hub is not None:
            return nothing
        try:
            kept = json.loads(self.keep.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return nothing
        if not isinstance(kept, dict) or kept.get("match") != _check(model):
            return nothing
        port = kept.get("port")
        if not isinstance(port, int) or not 1024 <= port <= 65535:
            return nothing
        if self.port() and port != self.port():
            return nothing  # the old pages cannot reach the port now set: new codes to scan
        codes = kept.get("codes")
        if not isinstance(codes, dict):
            return nothing
        joined = kept.get("joined")
        rejoining = {s for s in joined if isinstance(s, int)} if isinstance(joined, list) else set()
        kept_codes = {int(s): c for s, c in codes.items() if s.isdigit() and isinstance(c, str)}
        tokens = kept.get("tokens")
        kept_tokens = (
            {int(s): t for s, t in tokens.items() if s.isdigit() and isinstance(t, str)}
            if isinstance(tokens, dict)
            else {}
        )
        return kept_codes, rejoining, kept_tokens, port

    def give(
        self, seat: int, code: str | None = None, token: str | None = None, resumed: int = 0
    ) -> None:
        """Gives a person's seat to a phone (starting the server if needed); `code` and
        `token`: the seat's code and its device's token kept from before a crash, and
        `resumed` the port they were on (listened on again where no port is set)."""
        if self.model is None:
            return
        resuming = self.hub is None and not self.port() and resumed
        if self.hub is None:
            from illusio_table.remote.hub import DeviceHub

            port = self.port() or resumed
            self.hub = DeviceHub(self.model.session, port, network=self.network)
            self.hub.presence.connect(self._presence)
            self.hub.reopened.connect(self._reopened)
            self.hub.drill_asked.connect(self.drill_asked.emit)
        try:
            joined = code is not None and seat in self._rejoining
            self.hub.give(seat, code, joined, token)
            self.problem = ""
            self._keep_codes()
        except OSError as error:
            if resuming:
                # The port of before the crash is taken now: the system picks another,
                # and the seats get new codes to scan (the old pages cannot reach it).
                self.hub.stop()
                self.hub = None
                self._rejoining = set()
                self.give(seat)
                return
            self.problem = str(error)
            self.model.session.set_device(seat, False)
        self.refresh()

    def _presence(self, seat: int) -> None:
        """A phone joined or went away: the panel says so, and the codes kept for a crash
        remember which phones had joined (their codes never come back on the screen)."""
        self._keep_codes()
        self.refresh()

    def _reopened(self, seat: int) -> None:
        """Nothing joins a seat unseen: a reload, or the code opened on another device
        (the older page is told and closed), is said on the big screen, in words that tell
        the seat's own phone come back after a cut from another page taking the seat
        (every rejoin said "any older page of it was closed", which alarmed for nothing)."""
        if self.hub is None or self.model is None:
            return
        name = self.model.session.match.name(seat)
        where, moved, closed = self.hub.last_join(seat)
        if moved:
            said = f"{name}'s seat moved to device {where}; the page before it was closed."
        elif closed:
            said = f"{name}'s seat was opened again on device {where}; its older page was closed."
        else:
            said = f"{name}'s phone joined again (device {where})."
        self.notice.emit(said)

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

    def answer(self, seat: int, knock: int, allow: bool) -> None:
        """The big screen's answer, on the seat's behalf, to another device asking for it."""
        if self.hub is not None:
            (self.hub.allow if allow else self.hub.refuse)(seat, knock, at_screen=True)
        self.refresh()

    def hide_table(self) -> None:
        """The person at the screen lets the curtain fall, so that a question for another
        seat can be answered here without their secrets in sight."""
        if self.model is not None:
            self.model.session.look_away()
        self.refresh()

    def take_back(self, seat: int) -> None:
        if self.hub is not None:
            self.hub.take_back(seat)
            self._keep_codes()
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------

    def away_words(self) -> str:
        """The words for the phones away now ("Lera's phone is away: …"); "" when none is."""
        if self.model is None or self.hub is None:
            return ""
        session = self.model.session
        names = [
            session.match.name(seat)
            for seat in sorted(session.devices)
            if self.hub.status(seat) == "away"
        ]
        if not names:
            return ""
        if len(names) == 1:
            return f"{names[0]}'s phone is away: the match waits for it (it joins again by itself)."
        who = ", ".join(f"{name}'s" for name in names[:-1]) + f" and {names[-1]}'s"
        return f"{who} phones are away: the match waits for them (they join again by themselves)."

    def status_words(self, seat: int) -> str:
        """'waiting for Lera's phone', 'Lera's phone joined (device 192.168.1.5)', "Lera's
        phone is away…": which device holds a seat is always on the screen, so nobody
        joins a seat unseen."""
        assert self.model is not None
        name = self.model.session.match.name(seat)
        status = self.hub.status(seat) if self.hub is not None else ""
        where = self.hub.holder(seat) if self.hub is not None else ""
        # Which device: unknown for a phone that has not come back since a crash.
        device = f" (device {where})" if where else ""
        return {
            "waiting": f"Waiting for {name}'s phone",
            "joined": f"{name}'s phone joined{device}",
            "away": (
                f"{name}'s phone is away{device}: the match waits for it, and its page "
                "joins again by itself for as long as it stays open. A lost phone? Take "
                "the seat back, then give it a new code."
            ),
        }.get(status, f"{name} plays at this screen")

    def _questions(self, seat: int, grid: QGridLayout) -> None:
        """Another device asking for a seat whose phone has been away a while: asked here,
        Allow / Refuse, but only while no one's secrets are on the screen."""
        assert self.model is not None and self.hub is not None
        name = self.model.session.match.name(seat)
        session = self.model.session
        row = 4
        for knock, where in sorted(self.hub.at_big_screen(seat).items()):
            away = int(self.hub.away_for(seat))
            words = QLabel(
                f"Another device ({where}) asks to take {name}'s seat; {name}'s phone has "
                f"been away for {away} s. Allow it only if it is {name}'s own: it will see "
                "that seat's cards."
            )
            words.setTextFormat(Qt.TextFormat.PlainText)
            words.setWordWrap(True)
            grid.addWidget(words, row, 0, 1, 2)
            if session.secret_shown():
                # Whoever comes to answer would see the table of the person at the screen.
                viewer = session.viewer
                held = self.model.session.match.name(viewer) if viewer is not None else ""
                hide = QPushButton(f"Hide {held}'s table to answer")
                hide.setObjectName(f"hide-{seat}")
                hide.clicked.connect(self.hide_table)
                grid.addWidget(hide, row + 1, 0, 1, 2)
            else:
                for column, (label, allow) in enumerate((("Allow", True), ("Refuse", False))):
                    button = QPushButton(label)
                    button.setObjectName(f"{label.lower()}-{seat}")
                    button.clicked.connect(
                        lambda _=False, s=seat, k=knock, a=allow: self.answer(s, k, a)
                    )
                    grid.addWidget(button, row + 1, column)
            row += 2

    def refresh(self, *_: Any) -> None:
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                # Out of the panel at once (a code must not linger on the screen until
                # the event loop gets round to deleting it).
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        model = self.model
        # The panel stands over the table only while a code waits for its first scan: a
        # phone that joined and went away (a locked screen) rejoins with the code it has.
        awaiting = model is not None and any(
            self.hub is not None
            and (self.hub.status(s) == "waiting" or bool(self.hub.at_big_screen(s)))
            for s in model.session.devices
        )
        if awaiting != self._awaiting:
            self._awaiting = awaiting
            self.awaiting.emit(awaiting)
        away = self.away_words()
        if away != self._away:
            self._away = away
            self.away.emit(away)
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
        devices = model.session.devices
        for seat in model.session.match.human_seats():
            box = QWidget()
            grid = QGridLayout(box)
            grid.setContentsMargins(0, 6, 0, 6)
            words = QLabel(self.status_words(seat))
            words.setTextFormat(Qt.TextFormat.PlainText)  # a name is never read as markup
            words.setWordWrap(True)
            words.setObjectName(f"phone-status-{seat}")
            grid.addWidget(words, 0, 0, 1, 2)
            address = self.hub.address(seat) if self.hub is not None else None
            # Once a phone has joined, its code never comes back to the screen, also
            # while that phone is away: whoever scanned it would see that seat's secrets.
            unused = self.hub is not None and self.hub.status(seat) == "waiting"
            if seat in devices and address and unused:
                code = QLabel()
                code.setPixmap(qr_pixmap(address))
                code.setToolTip(f"Scan with {model.session.match.name(seat)}'s phone")
                grid.addWidget(code, 1, 0, 1, 2)
                text = QLabel(address)
                text.setObjectName(f"phone-address-{seat}")
                text.setTextFormat(Qt.TextFormat.PlainText)
                text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                text.setWordWrap(True)
                grid.addWidget(text, 2, 0, 1, 2)
            if seat in devices:
                back = QPushButton("Take back to this screen")
                back.clicked.connect(lambda _=False, s=seat: self.take_back(s))
                grid.addWidget(back, 3, 0)
                if self.hub is not None:
                    self._questions(seat, grid)
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


def _check(model: MatchModel) -> str:
    """Which match the codes kept for a crash belong to: a hash of its game, seats, seed,
    options and players. Not of its table settings, which change in play (the casting
    coach turned on, a seat taken back): codes kept before such a change were taken for
    another match's, and the resumed match gave every phone a new code to scan."""
    data = model.session.match.file_json()
    header = {k: data[k] for k in ("game", "seats", "seed", "options", "players")}
    text = json.dumps(header, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

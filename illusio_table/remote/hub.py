"""The host's side of the device seats: between the Session and the server. No Qt.

Everything here runs on the session's thread (the window's). The server's thread hands
over what a device sent through the session's `post`; the hub reads it as a move
(`seats.read_move`), lets the session play it, and after every change sends each device
seat its own state. It starts the server with the first device seat and stops it with the
last, or when the match is put away. The count ("In… can… to!") is the session's rule;
the hub only tells each phone where it has got to.

A seat's secrets go only to the device that holds it. Another device on the seat's code
gets nothing of the seat until it is let in: the holder's phone is asked (Allow / Refuse),
or, once that phone has been gone `away_before_screen` seconds, the big screen is (the
Phones panel asks on the seat's behalf, when no one's secrets are on the screen).
"""

from __future__ import annotations

from typing import Any

from illusio_table.table.session import WAIT_FOR_TO, Callbacks, Session

from .seats import (
    AWAY_BEFORE_SCREEN,
    Doorkeeper,
    Refused,
    State,
    card_files,
    delta_message,
    encode,
    read_message,
    read_move,
    state_frame,
)
from .server import DeviceServer

REVEALING = "The choices are being revealed on the big screen: look up!"
HANDED_ON_PHONE = "You let another device take your seat: this page no longer plays it."
HANDED_AT_SCREEN = "The big screen gave your seat to another device: this page no longer plays it."
REFUSED_ON_PHONE = "The seat's holder said no: this device does not play that seat."
REFUSED_AT_SCREEN = "The big screen said no: this device does not play that seat."
DRILL_DECLINED = "The big screen kept its match in play: ask again once it is over."
ENDED = "The match on the big screen has ended."
# Told a seat whose secret choice the resumed match's file left out (the big screen's
# message says so to the room, but a phone's person looks at the phone).
CHOOSE_AGAIN = (
    "Your choice was made before the match was saved, and a choice is never kept before "
    "it is revealed: choose again."
)
PUT_AWAY = (
    "The big screen was closed; the match is kept. When it starts again, scan your "
    "seat's new code in the big screen's Phones panel."
)
NOTHING_ASKED = encode({"type": "ask", "knocks": []})


class DeviceHub:
    """The phones of one match: their codes, their server, what each is sent."""

    def __init__(self, session: Session, port: int = 0, network: bool = True) -> None:
        self.session = session
        self.presence = Callbacks()  # (seat): a seat's device joined or went away
        # (seat): a page opened a seat that a page had opened before with the same code (a
        # reload, another tab or device): the big screen says so, nothing joins unseen.
        self.reopened = Callbacks()
        # (seat): the seat's person asked on the phone to drill their mistakes, where the
        # host offered it (`offer_drills`); the host starts it as the big screen would.
        self.drill_asked = Callbacks()
        self.drills: dict[int, int] = {}  # the drills each phone seat is offered (its own)
        self.doorkeeper = Doorkeeper()
        self.server = DeviceServer(self.doorkeeper, self._incoming, self._present, port, network)
        self._versions: dict[int, str] = {}  # the state each device seat was last sent
        self._sent: dict[int, str] = {}
        # The last state each seat's page was sent (whole or as a delta): the next is sent
        # as a delta against it. A page (re)joining, or asking, is sent a whole state.
        self._bases: dict[int, State] = {}
        self._joins: dict[str, int] = {}  # the join of each code that was sent its cards
        # Seats whose person has not yet said, on the phone, that this new match's seat is
        # theirs (a New game with the same people): they are sent nothing of it before.
        self.unconfirmed: set[int] = set()
        self.notes: dict[int, str] = {}  # what each device seat is told beside its table
        self.coaches: dict[int, dict[str, Any]] = {}  # each one's coach's chart, if any
        # How long a seat's phone must have been gone before the big screen is asked in
        # its place about another device (the tests shorten it).
        self.away_before_screen = AWAY_BEFORE_SCREEN
        self._asked: dict[int, str] = {}  # the question each holder's phone was last sent
        self._stopped = False
        self._listen(session)

    def _listen(self, session: Session, on: bool = True) -> None:
        for news in (session.changed, session.viewer_changed, session.counting):
            if on:
                news.connect(self.publish)
            else:
                news.disconnect(self.publish)

    def _incoming(self, seat: int, code: str, text: str) -> None:
        """On the server's thread: hands a device's message over to the session's."""
        self.session.post(lambda: self._on_message(seat, code, text))

    def _present(self, seat: int) -> None:
        self.session.post(lambda: self._on_presence(seat))

    # -- seats ------------------------------------------------------------------------------

    def give(
        self, seat: int, code: str | None = None, joined: bool = False, token: str | None = None
    ) -> str:
        """Gives `seat` to a device: returns the address its phone opens (with a new code,
        or with `code`, the seat's code before a crash; `joined`: its phone had joined
        then, with the device token `token`, so the seat is away, not waiting for a first
        scan, and that phone comes back without asking)."""
        if seat in self.doorkeeper.seats:
            self.server.shut(seat, "This seat has a new code: scan it on the big screen.")
        code = self.doorkeeper.open(seat, code, joined, token)
        self._asked.pop(seat, None)
        self.server.start()
        self._sent.pop(seat, None)
        self._bases.pop(seat, None)
        self.session.set_device(seat, True)
        return self.server.address(code)

    def move_to(self, session: Session, seats: dict[int, int]) -> None:
        """A new match at the table with the same people: their phones stay joined, with
        the codes they have. `seats` maps each phone's seat in the last match to its
        person's seat in this one (the others' pages are told the match has ended). Each
        person first confirms on the phone that the new seat is theirs; until then the
        phone is sent nothing of the new match, and its page shows nothing of the last
        (it drops that state: no delta of the new match applies to it)."""
        for seat in list(self.doorkeeper.seats):
            if seat not in seats:
                self.server.shut(seat, ENDED)
        for seat in seats:
            self.offer_drills(seat, 0)  # (the last match's offer: the new one's comes after)
        self.drills.clear()
        self._listen(self.session, False)
        self.doorkeeper.reseat(seats)
        self.session = session
        self._listen(session)
        self._versions.clear()
        self._sent.clear()
        self._bases.clear()
        self._asked.clear()
        self.notes.clear()
        self.coaches.clear()
        self.unconfirmed = set(self.doorkeeper.seats)
        for seat in self.doorkeeper.seats:
            if seat not in session.devices:
                session.set_device(seat, True)
        self.publish()

    def take_back(self, seat: int) -> None:
        """The seat comes back to the screen (a flat battery): its code dies."""
        self.server.shut(seat, "This seat was taken back to the big screen.")
        self.doorkeeper.close(seat)
        self._versions.pop(seat, None)
        self._sent.pop(seat, None)
        self._bases.pop(seat, None)
        self.session.set_device(seat, False)
        if not self.doorkeeper.seats:
            self.server.stop()  # it runs only while a seat is on a phone
        self.presence.emit(seat)

    def codes(self) -> dict[int, str]:
        """Each phone seat's code, for the host to keep beside its autosave."""
        with self.doorkeeper.lock:
            return {seat: device.code for seat, device in self.doorkeeper.seats.items()}

    def tokens(self) -> dict[int, str]:
        """The token of each phone seat's device ('' before its first join), kept beside
        the codes: after a crash that phone comes back without asking."""
        with self.doorkeeper.lock:
            return {seat: device.token for seat, device in self.doorkeeper.seats.items()}

    # -- another device asking for a seat ---------------------------------------------------

    def asking(self, seat: int) -> dict[int, str]:
        """The other devices asking for a seat now: the number of each one's question →
        its address."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return {} if device is None else dict(device.knocks)

    def away_for(self, seat: int) -> float:
        """Seconds since the seat's phone went (0 while it is there)."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            if device is None or device.connections or device.gone_since is None:
                return 0.0
            return self.doorkeeper.clock() - device.gone_since

    def at_big_screen(self, seat: int) -> dict[int, str]:
        """The questions the big screen answers for a seat: those of other devices asking
        for it while its phone has been gone `away_before_screen` seconds or more (while
        the phone is there, or away for less, it answers them itself)."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            if device is None or device.connections or device.gone_since is None:
                return {}
        if self.away_for(seat) < self.away_before_screen:
            return {}
        return self.asking(seat)

    def allow(self, seat: int, knock: int, at_screen: bool = False) -> None:
        """The device that asked with `knock` gets the seat; the page that held it is told."""
        if knock in self.asking(seat):
            self.server.hand_over(knock, HANDED_AT_SCREEN if at_screen else HANDED_ON_PHONE)

    def refuse(self, seat: int, knock: int, at_screen: bool = False) -> None:
        """The device that asked with `knock` is told no, and gets nothing of the seat."""
        if knock in self.asking(seat):
            self.server.turn_away(knock, REFUSED_AT_SCREEN if at_screen else REFUSED_ON_PHONE)

    def _ask(self, seat: int) -> None:
        """Asks the seat's phone about the devices asking for its seat (an empty list puts
        the question away); a phone gone a while, the big screen's turn comes at the time
        (`presence` tells the panel then)."""
        knocks = self.asking(seat)
        if self.status(seat) == "joined":
            question = encode(
                {
                    "type": "ask",
                    "knocks": [{"knock": k, "where": where} for k, where in sorted(knocks.items())],
                }
            )
            # (A page that was asked nothing needs no word that nothing is asked.)
            if self._asked.get(seat, NOTHING_ASKED) != question:
                self._asked[seat] = question
                self.server.send(seat, question)
        elif knocks:
            due = self.away_before_screen - self.away_for(seat)
            if due > 0:
                self.server.later(due + 0.05, lambda: self._present(seat))

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

    def stop(self, why: str = ENDED) -> None:
        """The match is put away: every code dies and the server stops; each page is
        told `why` (it has ended, or it is kept for the program's next start)."""
        self._stopped = True
        self._listen(self.session, False)
        for seat in list(self.doorkeeper.seats):
            self.server.shut(seat, why)
        self.doorkeeper.close_all()
        self.server.stop()

    # -- host to devices --------------------------------------------------------------------

    def publish(self, *_: Any) -> None:
        """Sends each device seat its state, when it changed."""
        count = self.session.count_words()  # once for every seat: it reads the record
        for seat in list(self.doorkeeper.seats):
            self._send_state(seat, count)

    def note(self, seat: int, text: str) -> None:
        """Tells a device seat something of its own beside its table (its rehearsal tally)."""
        self.notes[seat] = text
        if seat in self.doorkeeper.seats:
            self._send_state(seat, self.session.count_words())

    def coach(self, seat: int, chart: dict[str, Any]) -> None:
        """Gives a device seat its casting coach's chart (its own, as its tally is)."""
        self.coaches[seat] = chart
        if seat in self.doorkeeper.seats:
            self._send_state(seat, self.session.count_words())

    def offer_drills(self, seat: int, kept: int) -> None:
        """Offers a device seat's person "Drill my mistakes" (`kept`: how many of their own
        are kept; 0 takes the offer away). Whether to offer it is the host's rule: the
        page only draws the button it is told to."""
        if self.drills.get(seat, 0) != kept:
            self.drills[seat] = kept
            self._send_drills(seat)

    def _send_drills(self, seat: int) -> None:
        self.server.send(seat, encode({"type": "drills", "kept": self.drills.get(seat, 0)}))

    def decline_drill(self, seat: int) -> None:
        """The big screen said no to the seat's person's drill (its match goes on)."""
        self._refuse(seat, DRILL_DECLINED)

    def too_early(self) -> bool:
        """The count of this choice is not at "to!" yet (the session's rule)."""
        return self.session.too_early()

    def _send_state(self, seat: int, count: str, force: bool = False) -> None:
        """Sends the seat its state if it changed (`force`: again, whole, in any case)."""
        if not self._greeted(seat):
            return  # its presence sends the card file, then the state
        session = self.session
        match = session.match
        state: State | None = None
        if seat in self.unconfirmed:
            text = encode({"type": "confirm", "name": match.name(seat), "title": match.title})
        elif session.telling_a_reveal():
            # The reveal is the big screen's moment: no phone learns its outcome before
            # the big screen has shown it. The page keeps the table as it stood when the
            # wands pointed, offers nothing, and says why; the outcome comes on release.
            # (From the moment the reveal is known, before the hold begins: the big
            # screen turns from a person's table to everyone's first, and that turn is
            # news the phones hear too.)
            text = encode({"type": "status", "status": REVEALING})
        else:
            # Nothing is offered (nor lit) while nothing may be played: before "to!" for a
            # seat that points with the others (and, above, during the reveal).
            early = session.too_early() and seat in match.to_act()
            names = [p["name"] for p in match.players]
            status = WAIT_FOR_TO if early else ""
            note = self.notes.get(seat, "")
            if match.choosing_again(seat):
                note = f"{CHOOSE_AGAIN} {note}".strip()
            chart = self.coaches.get(seat)
            state = state_frame(match, seat, names, status, count, note, not early, chart)
            self._versions[seat] = state.version
            text = state.text
        if force or self._sent.get(seat) != text:
            self._sent[seat] = text
            if state is not None:
                # (The page keeps its last state through a confirm or a reveal's words.)
                base = self._bases.get(seat)
                self._bases[seat] = state
                if base is not None and not force:
                    text = delta_message(base, state) or text
            self.server.send(seat, text)

    # -- devices to host --------------------------------------------------------------------

    def holder(self, seat: int) -> str:
        """The address of the device that holds a seat (or held it last), '' if none did."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return "" if device is None else device.where

    def last_join(self, seat: int) -> tuple[str, bool, int]:
        """How a seat's page last joined: the device's address, whether it moved to a
        device let in (not the seat's own come back), and how many older pages it closed."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            return ("", False, 0) if device is None else (device.where, device.moved, device.closed)

    def _greeted(self, seat: int) -> bool:
        """Whether the page now holding a seat has been sent its card file. A page that
        joined is greeted by `_on_presence`, queued to this thread; a state published in
        between (a count's tick, a bot's move) would overtake the cards it is drawn with."""
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            if device is None or device.status != "joined":
                return True
            return self._joins.get(device.code) == device.joins

    def _send_cards(self, seat: int) -> None:
        game_id = self.session.match.game_id
        cards = card_files(game_id)
        self.server.send(seat, f'{{"type":"cards","game":"{game_id}","cards":{cards}}}')

    def _on_presence(self, seat: int) -> None:
        if self._stopped:
            return
        with self.doorkeeper.lock:
            device = self.doorkeeper.seats.get(seat)
            opened = device is not None and device.status == "joined"
            code, joins = (device.code, device.joins) if device is not None else ("", 0)
        again = False
        if opened and joins != self._joins.get(code):
            # A page (re)joined: the card file, then its state, whatever it had before.
            again = joins > 1
            self._joins[code] = joins
            self._send_cards(seat)
            self._sent.pop(seat, None)
            self._bases.pop(seat, None)  # a new page has no state to apply a delta to
            self._asked.pop(seat, None)
            if self.drills.get(seat, 0) > 0:
                self._send_drills(seat)  # (a new page knows no offer)
        self.publish()
        self._ask(seat)
        self.presence.emit(seat)
        if again:
            self.reopened.emit(seat)

    def _on_message(self, seat: int, code: str, text: str) -> None:
        if self._stopped:
            return
        device = self.doorkeeper.seats.get(seat)
        if device is None or device.code != code:
            return  # the code died while its message was on the way
        try:
            data = read_message(text)
            kind = data.get("type")
            if kind == "act":
                # Heard at once, before anything is checked: a page whose move gets no
                # such word in a while takes its socket for dead (a phone gone from the
                # Wi-Fi), while the other frames it gets (a bot's move) prove nothing.
                ask = data.get("ask")
                heard = {
                    "type": "heard",
                    "ask": ask if type(ask) is int and 0 <= ask < 2**53 else 0,
                }
                self.server.send(seat, encode(heard))
            if kind in ("allow", "refuse"):  # the holder's answer about another device
                knock = data.get("knock")
                if isinstance(knock, int):
                    (self.allow if kind == "allow" else self.refuse)(seat, knock)
                return
            if kind == "drill":
                if seat in self.unconfirmed:
                    raise Refused("A new match has begun: first say that this seat is yours.")
                if self.drills.get(seat, 0) <= 0:
                    raise Refused("Drilling your mistakes is not offered to this seat now.")
                self.drill_asked.emit(seat)  # (always the asking seat's own person's)
                return
            if kind == "state":  # the page lacks the state a delta was made against
                # Sent whole now, and the next state whole too when this answer is not a
                # state (a reveal's words): the page holds no base until one comes.
                self._bases.pop(seat, None)
                self._send_state(seat, self.session.count_words(), force=True)
                return
            if kind == "confirm":
                self.unconfirmed.discard(seat)  # the person says the new seat is theirs
            if kind != "act":  # a confirmed seat, or a page that lost its cards
                self._send_cards(seat)
                self._send_state(seat, self.session.count_words(), force=True)
                return
            if seat in self.unconfirmed:
                raise Refused("A new match has begun: first say that this seat is yours.")
            action = read_move(self.session.match, seat, text, self._versions.get(seat, ""))
        except Refused as refused:
            self._refuse(seat, refused.reason)
            return
        reason = self.session.act_from_device(seat, action)
        if reason is not None:
            self._refuse(seat, reason)

    def _refuse(self, seat: int, reason: str) -> None:
        self.server.send(seat, encode({"type": "refused", "reason": reason}))
        self._send_state(seat, self.session.count_words(), force=True)

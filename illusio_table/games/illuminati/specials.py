"""Special cards and the windows in which they are played (a part of the Illuminati rules).

A window asks every seat that holds any Special at once (so being asked reveals nothing):
before a turn (Senate Investigating Committee), after a privilege is declared (Deep
Agent, Interference, two Specials to abolish it), after the dice (Assassination, Murphy's
Law). Whenever Specials are played, anywhere, an answer window lets Secrets Man Was Not
Meant To Know cancel one of them. Then the plays that stand take effect in the order they
were played, so of two contradicting cards the last one governs.

The Specials played "at any time" (ANY_TIME) are offered at every moment a player is asked
anything: in their own turn, on their turn to spend on an attack, and in the windows
before a turn, after a privilege and after the dice, whoever's turn it is (the card
file's reading `any-time` says why these). White Collar Crime then opens a moment of its
own, in which its player moves money freely among their Groups, before play goes on.
"""

from __future__ import annotations

import dataclasses

from illusio_table.engine import Action, Event

from .actions import PASS, Abolish, Pass, PlaySpecial
from .state import IlluminatiPhase, IlluminatiState, Pending, Rearranging, Window

WINDOW_CARDS = {
    "turn": ("senate-investigating-committee",),
    "privilege": ("deep-agent", "interference"),
    "roll": ("assassination", "murphys-law"),
    "answer": ("secrets-man-was-not-meant-to-know",),
}
ANY_TIME = (
    "slush-fund",
    "swiss-bank-account",
    "media-campaign",
    "computer-espionage",
    "white-collar-crime",
)
OWN_TURN = (*ANY_TIME, "bribery")


def kind_of(card: str) -> str:
    return card.split("#")[0]


class SpecialCards(IlluminatiState):
    """Everything about Special cards: the first family of moves on the state."""

    def _holders(self, but: tuple[int, ...] = ()) -> list[int]:
        return [s for s in self.players() if self.specials[s] and s not in but]

    def _open_window(
        self,
        kind: str,
        seats: list[int],
        pending: list[Pending] | None = None,
        then: str = "",
    ) -> None:
        self.window = Window(kind, set(seats), pending=pending or [], then=then)
        self.phase = IlluminatiPhase.WINDOW

    # -- what may be played -----------------------------------------------------------------

    def _window_moves(self, seat: int) -> list[Action]:
        w = self._window_open()
        mine = self.specials[seat]
        moves: list[Action] = [PASS]
        if w.kind == "answer":
            secrets = [c for c in mine if kind_of(c) in WINDOW_CARDS["answer"]][:1]
            return moves + [
                PlaySpecial(c, target=p.card) for c in secrets for p in w.pending if p.seat != seat
            ]
        moves += [PlaySpecial(c) for c in mine if kind_of(c) in WINDOW_CARDS[w.kind]]
        if w.kind == "privilege" and len(mine) >= 2:
            moves.append(Abolish(tuple(mine[:2])))  # any two are accepted
        return moves + self._any_time_moves(seat)

    # -- in a window: the rules of the "window" phase (see rules.py) -------------------------

    def _abolish_refusal(self, seat: int, action: Abolish) -> str | None:
        if self._window_open().kind != "privilege":
            return "Two Specials are discarded together only against a privilege."
        if len(set(action.cards)) != 2 or any(c not in self.specials[seat] for c in action.cards):
            return "Discard two Special cards of your own."
        return None

    def _window_special_refusal(self, seat: int, action: PlaySpecial) -> str | None:
        w = self._window_open()
        if action.card not in self.specials[seat]:
            return "Play one of your Special cards that fits this moment, or pass."
        if w.kind != "answer" and kind_of(action.card) in ANY_TIME:
            return self._any_time_refusal(seat, action)
        if kind_of(action.card) not in WINDOW_CARDS[w.kind]:
            return f"{self.title_of(action.card)} cannot be played now."
        if action.master is not None or action.side is not None:
            return "Only Bribery names an arrow."
        if w.kind == "answer":
            targets = [p.card for p in w.pending if p.seat != seat]
            if action.target not in targets:
                return "Name the Special card of another player that it cancels."
        return None

    def _special_refusal(self, seat: int, action: PlaySpecial) -> str | None:
        """A Special played in one's own turn, outside any window."""
        if action.card not in self.specials[seat]:
            return "That Special is not yours."
        kind = kind_of(action.card)
        if kind not in OWN_TURN:
            return f"{self.title_of(action.card)} is played at its own moment, not now."
        if kind in ANY_TIME:
            return self._any_time_refusal(seat, action)
        if kind == "bribery":
            if self.actions_left <= 0:
                return "Bribery takes one of your actions, and none is left."
            if action.target not in self.uncontrolled:
                return "Bribery takes control of an uncontrolled Group."
            structure = self.structures[seat]
            if not any(structure.free_arrows(c) for c in structure):
                return "You have no free arrow to hang it from."
            master = action.master
            if master is None or master not in structure:
                return "Say which free arrow of your Power Structure it will hang from."
            if action.side not in structure.free_arrows(master):
                return "Say which free arrow of your Power Structure it will hang from."
        elif action.master is not None or action.side is not None:
            return "Only Bribery names an arrow."
        return None

    def _any_time_refusal(self, seat: int, action: PlaySpecial) -> str | None:
        """Why a Special played "at any time" (one the seat holds) cannot be played so."""
        if action.master is not None or action.side is not None:
            return "Only Bribery names an arrow."
        kind = kind_of(action.card)
        if kind == "media-campaign" and action.target not in self.dead:
            return "Media Campaign brings back a Group of the dead pile."
        if kind == "computer-espionage":
            group_ok = action.target is not None and self.owner(action.target) is not None
            seat_ok = (
                action.seat is not None and action.seat != seat and action.seat in self.players()
            )
            if not (group_ok or seat_ok):
                return "Look at the money of a Group in play, or at another player's Specials."
        return None

    def _any_time_moves(self, seat: int) -> list[Action]:
        moves: list[Action] = []
        for card in self.specials[seat]:
            kind = kind_of(card)
            if kind in ("slush-fund", "swiss-bank-account", "white-collar-crime"):
                moves.append(PlaySpecial(card))
            elif kind == "media-campaign":
                moves += [PlaySpecial(card, target=g) for g in self.dead]
            elif kind == "computer-espionage":
                moves += [PlaySpecial(card, seat=s) for s in self.players() if s != seat]
        return moves

    def _own_special_moves(self, seat: int) -> list[Action]:
        if not self.specials[seat]:  # (most of the time: asked at every move of a turn)
            return []
        moves = self._any_time_moves(seat)
        structure = self.structures[seat]
        bribes = [card for card in self.specials[seat] if kind_of(card) == "bribery"]
        if self.actions_left and bribes:
            arrows = [(c, side) for c in structure for side in structure.free_arrows(c)]
            for card in bribes:
                moves += [
                    PlaySpecial(card, target=g, master=m, side=side)
                    for g in self.uncontrolled
                    for m, side in arrows
                ]
        return moves

    # -- playing ---------------------------------------------------------------------------

    def _discard_special(self, seat: int, card: str) -> None:
        self.specials[seat].remove(card)
        self.discarded.append(card)

    def _played(self, then: str, pending: list[Pending]) -> list[Event]:
        """Specials just played: others may answer them; then they take effect."""
        if pending and self._holders():
            self._open_window("answer", self._holders(), pending=pending, then=then)
            return []
        return self._take_effect(then, pending)

    def _window_pass(self, seat: int, action: Pass) -> list[Event]:
        return self._window_choice(seat, None)

    def _window_play(self, seat: int, action: PlaySpecial | Abolish) -> list[Event]:
        return self._window_choice(seat, action)

    def _window_choice(self, seat: int, play: PlaySpecial | Abolish | None) -> list[Event]:
        """A seat's choice in a window (None: it plays nothing); once all have chosen,
        the plays are shown together and take effect."""
        w = self._window_open()
        w.waiting.discard(seat)
        w.plays[seat] = play
        if w.waiting:  # the others see only that this seat has made up its mind
            return [Event(f"{self.name(seat)} has decided.")]
        events: list[Event] = []
        self.window = None
        # In the order they were played (each seat's decision as it came): when two
        # contradict, the last one played governs, whoever sits where.
        plays = [(s, play) for s, play in w.plays.items() if play is not None]
        if w.kind == "answer":
            cancelled = set()
            for s, play in plays:
                # refused otherwise: an answer is a Special naming the card it cancels
                assert isinstance(play, PlaySpecial) and play.target is not None
                self._discard_special(s, play.card)
                cancelled.add(play.target)
                events.append(
                    Event(
                        f"{self.name(s)} plays {self.title_of(play.card)}: "
                        f"{self.title_of(play.target)} has no effect.",
                        reveals=True,
                    )
                )
            kept = [p for p in w.pending if p.card not in cancelled]
            return events + self._take_effect(w.then, kept)
        pending = []
        for s, play in plays:
            cards = play.cards if isinstance(play, Abolish) else (play.card,)
            for card in cards:
                self._discard_special(s, card)
            names = " and ".join(self.title_of(c) for c in cards)
            events.append(Event(f"{self.name(s)} plays {names}!", reveals=True))
            pending.append(Pending(s, cards[0], play))
        return events + self._played(w.kind, pending)

    def _take_effect(self, then: str, pending: list[Pending]) -> list[Event]:
        """The plays that stand take effect: first those of Specials played "at any time" in
        a window, then the window's own. White Collar Crime stops here until its player has
        rearranged their money; `_rearranged` goes on from there."""
        events: list[Event] = []
        if then in ("turn", "privilege", "roll"):
            rest = []
            for p in pending:
                if isinstance(p.action, PlaySpecial) and kind_of(p.card) in ANY_TIME:
                    events += self._special_effect(p.seat, p.action)
                else:
                    rest.append(p)
            pending = rest
        elif then in ("own", "spend-own"):
            for p in pending:
                assert isinstance(p.action, PlaySpecial)  # the only play of one's own
                events += self._special_effect(p.seat, p.action)
            pending = []
        if self.rearranging is not None:
            self.rearranging = dataclasses.replace(
                self.rearranging, then=then, pending=tuple(pending)
            )
            self.phase = IlluminatiPhase.REARRANGING
            return events
        return events + self._go_on(then, pending)

    def _rearranged(self) -> list[Event]:
        """White Collar Crime's player is done moving money: play goes on where it stopped."""
        r, self.rearranging = self.rearranging, None  # `_go_on` sets the phase
        assert r is not None  # only its player ends it
        return [Event(f"{self.name(r.seat)} is done rearranging money.")] + self._go_on(
            r.then, list(r.pending)
        )

    def _go_on(self, then: str, pending: list[Pending]) -> list[Event]:
        if then == "turn":
            if pending:
                return [
                    Event(f"{self.name(self.current)} loses the whole turn.")
                ] + self._skip_turn()
            return self._income()
        if then == "income":
            return self._collect(self.current, doubled=bool(pending))
        if then == "declare":  # the Special discarded to make an attack privileged
            if not pending:
                return self._lose_privilege("The attack is not privileged after all.")
            return self._privilege_window()
        if then == "privilege":
            return self._privilege_answered(pending)
        if then == "roll":
            events = []
            for p in pending:  # the last card played governs
                self._attack_now().roll = 2 if kind_of(p.card) == "assassination" else 12
            if pending:
                events.append(Event(f"The roll counts as {self._attack_now().roll}."))
            return events + self._resolve()
        if then == "whisper":
            if not pending:
                self.attack = None
                self.phase = IlluminatiPhase.ACTIONS
                return [Event("The Whispering Campaign comes to nothing.")]
            return self._start_spending()
        # A Special played while spending on an attack leaves the spending where it was.
        self.phase = IlluminatiPhase.SPENDING if then == "spend-own" else "actions"
        return []

    def _special_effect(self, seat: int, action: PlaySpecial) -> list[Event]:
        kind = kind_of(action.card)
        who, title = self.name(seat), self.title_of(action.card)
        top = self.illuminati[seat]
        if kind == "slush-fund":
            self._pay_from_bank(top, 15)
            return [Event(f"{who}'s {title}: 15 MB.")]
        if kind == "swiss-bank-account":
            self._pay_from_bank(top, 25)
            return [Event(f"{who}'s {title}: 25 MB.")]
        if kind == "white-collar-crime":
            self._pay_from_bank(top, 5)
            self.rearranging = Rearranging(seat)  # `_take_effect` stops for it
            return [Event(f"{who}'s {title}: 5 MB, and {who} rearranges their money freely.")]
        if kind == "media-campaign":
            if action.target not in self.dead:
                return []
            self.dead.remove(action.target)
            self.uncontrolled.append(action.target)
            return [Event(f"{title}: {self.title_of(action.target)} is back, uncontrolled.")]
        if kind == "computer-espionage":
            pair = frozenset({seat})
            if action.target is not None:
                money = self.money.get(action.target, 0)
                line = f"{self.title_of(action.target)} holds {money} MB."
            else:
                spied = action.seat
                assert spied is not None  # refused otherwise: it names a Group or a player
                held = ", ".join(self.title_of(c) for c in self.specials[spied]) or "nothing"
                line = f"{self.name(spied)} holds: {held}."
            return [
                Event(f"Computer Espionage: {line}", seen_by=pair, reveals=True),
                Event(f"{who} spies with Computer Espionage.", hidden_from=pair),
            ]
        # Bribery: the arrow it named is still free (only Secrets Man may come between).
        structure = self.structures[seat]
        bribed, master, side = action.target, action.master, action.side
        if bribed not in self.uncontrolled:
            return []
        assert bribed is not None and master is not None and side is not None  # as refused
        self.uncontrolled.remove(bribed)
        structure.attach(bribed, master, side)
        return [
            Event(
                f"{who} bribes {self.title_of(bribed)} into the Power Structure, "
                f"under {self.title_of(master)}."
            )
        ]

    # -- privilege ---------------------------------------------------------------------------

    def _privilege_window(self) -> list[Event]:
        a = self._attack_now()
        others = self._holders(but=(a.seat,))
        if others:
            self._open_window("privilege", others)
            return []
        return self._start_spending()

    def _privilege_answered(self, pending: list[Pending]) -> list[Event]:
        a = self._attack_now()
        events: list[Event] = []
        for p in pending:
            if isinstance(p.action, Abolish) or kind_of(p.card) == "deep-agent":
                if a.privileged:
                    events += self._lose_privilege("The privilege is abolished.", start=False)
            elif a.privileged and p.seat not in a.order:  # Interference
                a.order.append(p.seat)
                events.append(Event(f"{self.name(p.seat)} may interfere all the same."))
        return events + self._start_spending()

    def _lose_privilege(self, why: str, start: bool = True) -> list[Event]:
        a = self._attack_now()
        a.privileged = False
        a.order += [s for s in self.players() if s not in a.order]
        events = [Event(why)]
        return events + (self._start_spending() if start else [])

    def _start_spending(self) -> list[Event]:
        self.phase = IlluminatiPhase.SPENDING
        return []

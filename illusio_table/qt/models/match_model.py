"""MatchModel: owns one match, decides whose view the screen shows, runs the bots.

The screen shows one seat's view at a time (the viewer). When the seat that must act
next is another human, the viewer becomes None and `curtain_seat()` names the seat the
screen must be passed to; nothing of it is drawn until `lift_curtain`. Bots act through the same
protocol; during a simultaneous choice they choose at once and unseen, otherwise after
a short pause so that people can follow the table. A searching bot thinks in a process
of its own (engine/thinking.py), on a copy of the match, so the window never freezes
while it does (`thinking` says which seat thinks); its move is played when it comes
back, if it still may be.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from illusio_table.engine import Action, Event, IllegalAction, Match
from illusio_table.engine.match import bot_budget
from illusio_table.engine.storage import atomic_write_json
from illusio_table.engine.thinking import THINKER


class MatchModel(QObject):
    changed = Signal(list)  # the events the viewer may see
    refused = Signal(str)
    viewer_changed = Signal()
    finished = Signal()
    thinking = Signal(object)  # the seat of a bot searching for its move, or None
    _thought = Signal(object)  # a worker's answer: (its ticket, the move or an error)

    def __init__(
        self,
        match: Match,
        autosave: Path | None = None,
        bot_delay_ms: int | None = 350,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.match = match
        self.autosave = autosave
        self.bot_delay_ms = bot_delay_ms
        self.viewer: int | None = None
        self.passed_openly = False  # the screen came to the viewer without the curtain
        self.pending: int | None = None  # the seat the curtain waits for
        self._running_bots = False
        # Table mode (kept in the record, see `table_mode`): the shared round lasts from
        # the moment several people are asked at once until a reveal.
        self._shared_from: int | None = None
        self.holding = False  # a reveal is on the screen: nothing moves until `release`
        # What may hold back a move of the person at the screen before the engine sees it,
        # saying why (a guided game asks for its step's move first); None: nothing does.
        self.gate: Callable[[Action], str | None] | None = None
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._bot_step)
        # A bot thinking in the thinking process: its ticket (seat, the match, the moves
        # made then). The answer comes back on the window's thread.
        self._ticket: tuple[int, Any, int] | None = None
        self._thought.connect(self._on_thought, Qt.ConnectionType.QueuedConnection)

    # -- what the screen may show ------------------------------------------------------

    @property
    def game(self):
        return self.match.game

    @property
    def table_mode(self) -> bool:
        """People sitting together choose at once on one shared screen, with their keys.
        Kept in the match record, so a resumed match comes back in table mode."""
        return bool(self.game.record.table.get("table_mode"))

    @table_mode.setter
    def table_mode(self, on: bool) -> None:
        if on:
            self.game.record.table["table_mode"] = True
        else:
            self.game.record.table.pop("table_mode", None)

    def view(self) -> dict[str, Any]:
        if self.passed_openly and self.viewer is not None:
            return self.game.shared_view(self.viewer)
        return self.game.view(self.viewer)

    def log(self) -> list[str]:
        if self.curtain_seat() is not None:
            return []
        # A screen passed without the curtain shows the public log: the seat's own old
        # secrets (what a Special showed it) stay off a screen everyone sees.
        return self.game.log(None if self.passed_openly else self.viewer)

    def legal_actions(self) -> list[Action]:
        if self.viewer is None:
            return []
        legal = self.game.legal_actions(self.viewer)
        return self.game.shared_moves(self.viewer, legal) if self.passed_openly else legal

    def look_privately(self) -> None:
        """The person at a shared screen wants their secrets (their Specials): the curtain
        falls, and lifted, their own screen shows everything again."""
        if self.passed_openly and self.viewer is not None:
            self._show(None, self.viewer)

    def curtain_seat(self) -> int | None:
        return self.pending

    # -- seats on other devices ------------------------------------------------------------

    @property
    def devices(self) -> list[int]:
        """The person seats played on their own device (a phone): they never come to this
        screen, so the curtain is only ever between the people here. Kept in the match's
        table settings, so a resumed match offers those seats their devices again."""
        table = self.game.record.table
        return [s for s in range(self.game.seats) if table.get(f"device {s}")]

    def set_device(self, seat: int, on: bool) -> None:
        """Gives a person's seat to a device, or takes it back to the screen."""
        if on and not self.match.is_bot(seat):
            self.game.record.table[f"device {seat}"] = True
        else:
            self.game.record.table.pop(f"device {seat}", None)
        self._save()
        if self.viewer == seat or self.pending == seat:
            self._show(None, None)
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        self.changed.emit([])

    def screen_humans(self) -> list[int]:
        """The people who play at this screen."""
        devices = self.devices
        return [s for s in self.match.human_seats() if s not in devices]

    def act_from_device(self, seat: int, action: Action) -> str | None:
        """A device seat's move: None when it was played, else why not (for that device
        only: a refusal can speak of the seat's secrets, so the big screen never shows it)."""
        if seat not in self.devices:
            return "This seat is played at the screen now."
        if self.holding:
            return "The choices are being revealed on the big screen: a moment."
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            return error.reason
        self._after(events)
        return None

    # -- starting -----------------------------------------------------------------------

    def begin(self) -> None:
        """Shows the first seat (behind the curtain when several people share the screen)."""
        self._save()
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        self._schedule_bots()

    # -- acting -------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        if self.holding:
            self.refused.emit("The choices are being revealed: click the table to skip that.")
            return False
        if self.viewer is None:
            if self.is_shared():
                self.refused.emit(
                    "Table mode: everyone points with their own keys after “In-can-to!”."
                )
            elif self.pending is not None:
                self.refused.emit("Lift the curtain first.")
            else:
                self.refused.emit("Only bots are playing: there is nothing to do.")
            return False
        seat = self.viewer
        held = self.gate(action) if self.gate is not None else None
        if held:
            self.refused.emit(held)
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            self.refused.emit(error.reason)
            return False
        self._after(events)
        return True

    def act_as(self, seat: int, action: Action) -> bool:
        """Table mode: a seat at the shared screen makes its secret choice by its own keys."""
        if not self.is_shared() or seat not in self.match.waiting_humans() or seat in self.devices:
            self.refused.emit("That seat is not choosing now.")
            return False
        try:
            events = self.match.apply(seat, action)
        except IllegalAction as error:
            self.refused.emit(error.reason)
            return False
        self._after(events)
        return True

    def is_shared(self) -> bool:
        return self._shared_from is not None

    def shared_round(self) -> int | None:
        """Which shared round is under way (the move it began at), or None."""
        return self._shared_from

    def aside_words(self) -> str:
        """The game's standing choice in words ('' when it has none)."""
        return self.game.aside_words

    def standing_aside(self, seat: int) -> bool:
        """Whether that seat's player asked not to be asked about what is not their
        business (kept in the match's table settings, so a resumed match keeps it)."""
        return bool(self.game.record.table.get(f"aside {seat}"))

    def stand_aside(self, seat: int, on: bool) -> None:
        if on:
            self.game.record.table[f"aside {seat}"] = True
        else:
            self.game.record.table.pop(f"aside {seat}", None)
        self._save()
        if on and seat in self.match.waiting_humans() and self.game.aside(seat) is not None:
            self._after([])  # asked just now: the move is made at once

    def _asides(self) -> list[Event]:
        """The moves of people standing aside, made at once and recorded like any other
        (the screen never comes to them for a question they asked not to hear)."""
        events: list[Event] = []
        for _ in range(4 * self.game.seats):
            moves = [
                (seat, self.game.aside(seat))
                for seat in self.match.waiting_humans()
                if self.standing_aside(seat)
            ]
            moves = [(seat, move) for seat, move in moves if move is not None]
            if not moves or self.game.is_over():
                break
            events += self.match.apply(*moves[0])
        return events

    def _after(self, events: list[Event]) -> None:
        events = events + self._asides()
        self._save()
        # Choices revealed together (the In-can-to!) are shown to everyone at the screen
        # before anything else happens: bots wait, and with several people the screen
        # shows the public table until the table says the reveal was seen (`release`).
        # (Also in table mode when one person must decide next: the table sees the reveal
        # first, and the curtain comes after it.)
        reveal = any(e.is_casting for e in events)
        if reveal and len(self.match.human_seats()) > 1:  # devices' people watch it too
            self._show(None, None)
        else:
            self._choose_viewer()
        self.holding = reveal
        self.changed.emit([e for e in events if e.visible_to(self.viewer)])
        if self.holding:
            return
        if self.game.is_over():
            self.finished.emit()
        self._schedule_bots()

    def release(self) -> None:
        """The reveal was seen (or skipped): the match goes on."""
        if not self.holding:
            return
        self.holding = False
        self._choose_viewer(force_curtain=len(self.screen_humans()) > 1)
        # The screen moves on even when the same seat (or everyone) stays at it: the
        # banner, table mode's count and the moves are for the next step now.
        self.changed.emit([])
        if self.game.is_over():
            self.finished.emit()
        self._schedule_bots()

    def _schedule_bots(self) -> None:
        """Lets waiting bots move: at once during a simultaneous choice (unseen) or when
        no pause is wanted (tests, the headless demo); otherwise one move per pause."""
        if self._running_bots or self.bot_delay_ms is None or self._ticket is not None:
            return  # None: bots move only when `step_bot` is called
        self._running_bots = True
        try:
            while (
                self._bots_waiting()
                and not self.holding
                and (self.match.waiting_humans() or self.bot_delay_ms <= 0)
            ):
                if not self._play_bot():
                    break  # a bot thinks in the background; its answer goes on from here
        finally:
            self._running_bots = False
        if self._bots_waiting() and not self.holding and self._ticket is None:
            self._bot_timer.start(self.bot_delay_ms)

    def _bots_waiting(self) -> bool:
        return not self.game.is_over() and bool(self.match.waiting_bots())

    def _play_bot(self) -> bool:
        """The first waiting bot moves; False when it went to think in a worker instead
        (a searching bot at a table that paces its bots: not in tests or the demo)."""
        seat = self.match.waiting_bots()[0]
        bot = self.match.bot(seat)
        if bot.searches and self.bot_delay_ms and self.bot_delay_ms > 0:
            self._think(seat, bot)
            return False
        self._after(self.match.play_bot(seat))
        return True

    def _think(self, seat: int, bot: Any) -> None:
        """Asks the thinking process for the bot's move, on a copy of the match."""
        ticket = (seat, self.game, len(self.game.record.moves))
        self._ticket = ticket
        answer = self._thought

        def done(result: Any) -> None:  # on a thread of the pool
            try:
                answer.emit((ticket, result))
            except RuntimeError:  # the match was put away while the bot thought
                pass

        player = self.match.players[seat]
        THINKER.ask(self.game, player["bot"], seat, bot_budget(player), done)
        self.thinking.emit(seat)

    def _on_thought(self, answer: tuple[tuple[int, Any, int], Any]) -> None:
        ticket, result = answer
        if ticket != self._ticket:
            return  # an answer to a question no longer asked (undo, a new match)
        self._ticket = None
        self.thinking.emit(None)
        if isinstance(result, Exception):
            raise result
        seat, game, moves = ticket
        if self._still_may(seat, result, game, moves):
            self._after(self.match.apply(seat, result))
        else:
            self._schedule_bots()  # the match moved on: it thinks again

    def _still_may(self, seat: int, action: Action, game: Any, moves: int) -> bool:
        """Whether a move thought out when `moves` moves were made may be played now: the
        same match, nothing revealed since (others choosing at the same time only added
        their secret choices), the seat still awaited and the move still legal."""
        if game is not self.game or seat not in self.game.to_act():
            return False
        since = self.game.record.moves[moves:]
        return not any(m.barrier for m in since) and self.game.refusal(seat, action) is None

    def stop_thinking(self) -> None:
        """A bot's search is called off (undo, leaving the match): its answer is ignored."""
        if self._ticket is not None:
            THINKER.stop()
            self._ticket = None
            self.thinking.emit(None)

    def thinking_seat(self) -> int | None:
        return self._ticket[0] if self._ticket is not None else None

    def _bot_step(self) -> None:
        if self._bots_waiting() and not self.holding and self._ticket is None:
            self._play_bot()

    def step_bot(self) -> bool:
        """Plays one waiting bot's move now (the demo steps a match this way)."""
        if not self._bots_waiting():
            return False
        self._bot_timer.stop()
        self._play_bot()
        return True

    # -- the screen and the curtain -------------------------------------------------------

    def _choose_viewer(self, force_curtain: bool = False) -> None:
        humans = self.screen_humans()
        if not humans:
            self._show(None, None)  # bots and devices only: the screen is a spectator's
            return
        waiting = [s for s in self.match.waiting_humans() if s in humans]
        if len(humans) == 1:
            self._show(humans[0], None)
            return
        if self.table_mode and self._shared_round(waiting):
            self._show(None, None)  # everyone at the table looks at the public view
            return
        if not waiting:
            return  # bots are playing: whoever is at the screen keeps watching
        if self.viewer in waiting:
            target = self.viewer
        elif self.pending in waiting:
            target = self.pending
        else:
            target = waiting[0]
        opened = self.passed_openly and target == self.viewer
        if opened and not self.game.public_screen(target):
            force_curtain = True  # an open screen now has a secret decision: others look away
        if not force_curtain and target in (self.viewer, self.pending):
            return
        if not force_curtain and self.viewer is not None and self.game.public_screen(target):
            # Nothing on the next screen is secret (an Illuminati player holding no
            # Special spends on an attack): it passes without the curtain.
            self._show(target, None, openly=True)
            return
        self._show(None, target)  # the curtain: curtain_seat() names who is next

    def _shared_round(self, waiting: list[int]) -> bool:
        moves = self.game.record.moves
        if self._shared_from is not None and any(m.barrier for m in moves[self._shared_from :]):
            self._shared_from = None  # the choices were revealed: the round is over
        if self._shared_from is None and len(waiting) >= 2:
            self._shared_from = len(moves)
        return self._shared_from is not None

    def _show(self, viewer: int | None, pending: int | None, openly: bool = False) -> None:
        if (viewer, pending) != (self.viewer, self.pending):
            self.viewer, self.pending = viewer, pending
            self.passed_openly = openly
            self.viewer_changed.emit()

    def lift_curtain(self) -> None:
        if self.pending is not None:
            self._show(self.pending, None)

    # -- undo and redo --------------------------------------------------------------------

    def _undo_seat(self) -> int | None:
        """Who may take back a move now: the person at the screen, and nobody behind the
        curtain or on a shared screen (that would act for someone who is not looking)."""
        return self.viewer

    def can_undo(self) -> bool:
        return self.match.can_undo(self._undo_seat())

    def can_redo(self) -> bool:
        return self.match.can_redo(self._undo_seat())

    def why_not(self, action: Action) -> str | None:
        """Why the seat at the screen may not make that move now (None if it may)."""
        if self.viewer is None:
            return "Only the seats' own moves are made on their tables."
        return self.game.why_not(self.viewer, action)

    def why_no_undo(self) -> str:
        """Why Undo is greyed out, in words ('' when it is not)."""
        if self.pending is not None:
            return "Lift the curtain first: behind it nothing else can happen."
        return self.match.why_no_undo(self._undo_seat())

    def undo(self) -> bool:
        seat = self._undo_seat()
        if not self.match.undo(seat):
            self.refused.emit("There is no move of yours to take back.")
            return False
        self._return_to(seat)
        return True

    def redo(self) -> bool:
        seat = self._undo_seat()
        if not self.match.redo(seat):
            return False
        self._return_to(seat)
        self._choose_viewer()
        self._schedule_bots()
        return True

    def _return_to(self, seat: int | None) -> None:
        """After undo or redo the seat that asked is still at the screen."""
        self._bot_timer.stop()
        self.stop_thinking()
        self._save()
        self._show(seat, None)
        self.changed.emit([])

    # -- saving ---------------------------------------------------------------------------

    def _save(self) -> None:
        if self.autosave is not None:
            atomic_write_json(self.autosave, self.game.record.to_file_json())

"""The rehearsal tally on the screen: `table.rehearsal.Tally`, told each change of the match
(read from the rehearsing seat's view, like everything the table shows), and the casting
coach's review of each of the seat's castings (`games/incantibus/coach.py`), worked out in
the thinking process so that the table never waits for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from illusio_table.engine.thinking import THINKER, on_known
from illusio_table.games.incantibus import coach
from illusio_table.qt.models.hand_over import hand_over_to
from illusio_table.qt.models.match_model import MatchModel
from illusio_table.table.kept import CoachHistory, Drills
from illusio_table.table.settings import Drill

from ..table.rehearsal import Tally


class RehearsalTally(QObject):
    changed = Signal(str)
    charted = Signal(object)  # the coach's chart (`chart`), at each review
    drilled = Signal()  # the drill's casting was played and reviewed: the drill is done
    # (the casting's number, its reveal, where it began, the review), on the window's thread
    _reviewed = Signal(object)

    def __init__(
        self,
        model: MatchModel,
        seat: int = 0,
        drills: Drills | None = None,
        past: CoachHistory | None = None,
        heading: str = "Rehearsal",
        drill: Drill | None = None,
        since: int | None = None,
    ) -> None:
        super().__init__(model)
        self.model, self.seat = model, seat
        self.past = past  # past rehearsals' average costs, this one's kept there too
        # The drill this seat plays (its own mistake, no one else's), if it plays one;
        # where the costliest mistakes are kept to be played again (not from a drill).
        self.drill = drill if drill is not None and drill.seat == seat else None
        self.drills = drills if self.drill is None else None
        self.drilling = drill is not None  # (anyone's: the match is a drill, no rehearsal)
        self.tally = Tally(model.session.match.view(seat), seat, heading)
        # The coach's words on each casting reviewed, by its number, in order.
        self.reviews: list[tuple[int, list[str]]] = []
        self.last: dict[str, Any] | None = None  # the last review's chart (`chart`)
        self.costs: list[float] = []  # what each casting reviewed cost, in order
        self.drill_costs: list[float] = []  # the cost each would be drilled for (0: none)
        self._before = self.tally.seen  # the match's castings before the rehearsal's first
        # Whether a move (by its index in the match's moves) was one a guide asked for, to
        # teach a rule: the window says, where a guide is under way (a weak method: no
        # cycle through the window).
        self.guided: Callable[[], Callable[[int], bool] | None] = lambda: None
        self._match = model.session.match
        # The reviews come back to the window's thread (dropped if the tally went meanwhile).
        self._post = hand_over_to(self)
        self._reviewed.connect(self._show_review)
        model.changed.connect(self.update)
        if self.drill is not None and not self.drill.done:
            # The drill's casting is the first: and if it was revealed before a restart
            # cut its review short, it is reviewed now (the drill is done only then).
            self._before = len(_reveals(model.session.match.moves[: self.drill.moves]))
            view = model.session.match.view(seat)
            if view["castings"] > self._before:
                self._review(view)
        elif since is not None and since < len(model.session.match.moves):
            self._catch_up(since, heading)
        # Castings reviewed again after a restart keep no drill: they were kept then.
        self._redone = self.tally.seen - self._before if since is not None else 0

    def _catch_up(self, since: int, heading: str) -> None:
        """After a restart, the tally and the coach's reviews of every casting since the
        coach began (move `since`), as they stood before it: the count goes on, a crash
        loses no more than the last move. The match is played again from there, seen as
        the tally saw it; the reviews are worked out again, in order, by the thinking
        process (the coach gives the same verdict on the same casting)."""
        match = self.model.session.match
        again = match.at(since)
        self.tally = Tally(again.view(self.seat), self.seat, heading)
        self._before = self.tally.seen
        for move in match.moves[since:]:
            again.apply(move.seat, again.parse_action(move.action))
            view = again.view(self.seat)
            seen = self.tally.seen
            self.tally.see(view)
            if view["castings"] != seen:
                self._review(view)

    def update(self, *_: Any) -> None:
        match = self.model.session.match
        if match is not self._match:
            return  # a new match: this tally has ended with its own
        if self.model.session.holding:
            return  # the reveal plays: what came of it is told once seen (at its release)
        view = match.view(self.seat)
        seen = self.tally.seen
        changed = self.tally.see(view)
        if view["castings"] != seen:
            self._review(view)
        if changed:
            self.changed.emit(self.text())

    def _review(self, view: dict[str, Any]) -> None:
        """Asks the thinking process for the coach's review of the casting just revealed;
        its answer comes back on the window's thread. The casting's choices are the moves
        up to its reveal (the point that revealed them, the match's n-th such for its n-th
        casting), one a seat, and it began where the first of them was made."""
        match = self.model.session.match
        moves = match.moves
        reveals = _reveals(moves)
        if len(reveals) < view["castings"]:
            return
        last = reveals[view["castings"] - 1]
        start = last - match.seats + 1
        points = moves[start : last + 1]
        if start < 0 or sorted(m.seat for m in points) != list(range(match.seats)):
            return  # (not a casting of every seat: nothing to review)
        if any(m.action["kind"] != "point" for m in points):
            return
        choices = {m.seat: match.parse_action(m.action) for m in points}
        number, reveal = view["castings"] - self._before, view["last_casting"]
        mine = start + next(n for n, m in enumerate(points) if m.seat == self.seat)
        asked = self.guided()
        if asked is not None and asked(mine):
            # The guide asked for this move to teach a rule: reviewed as a mistake, it told
            # a newcomer that what they were told to do was wrong. Not counted, no drill.
            self.reviews.append((number, [GUIDED]))
            self.changed.emit(self.text())
            return
        known = match.known_at(start, self.seat)

        post = self._post

        def done(result: Any) -> None:  # on a thread of the pool
            post(lambda: self._reviewed.emit((number, reveal, start, result)))

        THINKER.work(on_known, (coach.review, known, choices, self.seat), done)

    def _show_review(self, answer: tuple[int, list[dict[str, Any]], int, Any]) -> None:
        number, reveal, start, review = answer
        if isinstance(review, BaseException):
            raise review
        match = self.model.session.match
        names = [match.name(s) for s in range(match.seats)]
        said = coach.summary(review, names, reveal)
        self.reviews.append((number, said))
        self.costs.append(review.cost)
        self.drill_costs.append(review.drill_cost)
        # The coach's sentences go with the chart too: a phone held sideways has room in
        # its heading for the tally alone (seen in a real rehearsal: the verdict was cut).
        # The first, who pointed where, the reveal's own account tells already.
        self.last = {
            "casting": number,
            "targets": coach.describe_targets(review),
            "said": said[1:],
        }
        if self.drills is not None and match is self._match and number > self._redone:
            others = {m.seat: m.action for m in match.moves[start : start + match.seats]}
            del others[self.seat]
            # Only a mistake beyond the noise is kept: a drill of a call too close to make
            # would teach a guess.
            self.drills.add(match.at(start).file_json(), others, review.drill_cost, said)
        # First, so that the chart's line of past rehearsals ends with this one; a drill
        # is not a rehearsal (one casting played again, chosen as a mistake): its cost
        # would bend the line, so the line stays as the rehearsals left it.
        if self.past is not None and not self.drilling:
            self.past.record(len(self.costs), sum(self.costs) / len(self.costs))
        chart = self.chart()
        assert chart is not None
        self.changed.emit(self.text())
        self.charted.emit(chart)
        if self.drill is not None and start == self.drill.moves and match is self._match:
            self.drilled.emit()

    def chart(self) -> dict[str, Any] | None:
        """The coach's chart, as the Coach panel and a phone draw it: the last casting's
        targets and the coach's sentences on it, what each casting cost and their average,
        and the person's past rehearsals' averages (None before the first review)."""
        if self.last is None:
            return None
        return {
            **self.last,
            "costs": list(self.costs),
            "average": sum(self.costs) / len(self.costs),
            # The average cost of each rehearsal of this person's, this one's the last.
            "past": self.past.averages() if self.past is not None else [],
        }

    def text(self) -> str:
        said = self.tally.text()
        if self.drill is not None:  # the mistake this drill plays again, in the coach's words
            mistake = coach.mistake_said(self.drill.said, self.drill.cost)
            said = f"Drill — before, your choice here cost {mistake}. {said}"
        # The coach's verdict on a casting the tally has counted: while the seat's casting
        # is being resolved, the bar said "castings: 14 … Casting 14: …" over "Coach on
        # casting 15" (its review comes at the reveal); it waits for the count.
        being_resolved = self.tally.seen - self._before if self.tally.open is not None else None
        reviewed = [r for r in self.reviews if r[0] != being_resolved]
        if reviewed:  # its verdict in hindsight; the whole review on pointing at it
            number, lines = reviewed[-1]
            verdict = next(line for line in lines if line.startswith(("Given what", GUIDED)))
            said += f"\nCoach on casting {number}: {verdict}"
        return said

    def history(self) -> str:
        """The coach's words on each casting, then every casting, one a line (what the
        seat pointed at, got, and why): the latest first, so that where the note beside
        the table has no room for all, the oldest are what it leaves out (`SideNote`;
        after four castings the latest review ran off the bottom of the screen)."""
        lines: list[str] = []
        if self.drill is not None:
            lines += ["The mistake this drill plays again:", *self.drill.said, ""]
        for number, review in reversed(self.reviews):
            lines += [f"Coach on casting {number}:", *review, ""]
        return "\n".join(lines + list(reversed(self.tally.lines)))


GUIDED = (
    "The guide asked for this move to teach a rule, not as the best one: the coach "
    "leaves it out of your count, and reviews your own choices."
)


def _reveals(moves: list[Any]) -> list[int]:
    """The indexes of the moves that revealed a casting's choices."""
    return [i for i, m in enumerate(moves) if m.barrier and m.action["kind"] == "point"]

"""Guided first games: a newcomer's first round of each game, on the real table.

A guide is a fixed deal (its seed, its seats: the newcomer in seat 0 and a bot) and the
lessons of a first round. Each time the newcomer is asked for a move, the guide looks for
the first lesson not yet learnt whose moment has come (a move that teaches it is legal
now), lights that move and says why; the newcomer may make it or any other legal move —
a guide never holds one back. What came of the move is told from the match's own log,
once the others have answered and the newcomer is asked again, so the guide cannot say
other than the log. When the round the guide covers is over, it explains the score from
the view, and its bar goes at the newcomer's next move.

Nothing is scripted outside the engine and the table: the moves are the engine's, checked
like any, and the bots answer as they would. The deal is chosen (tests/table/test_guides.py
plays it) so that each lesson's moment comes.

No Qt here: the window shows the words, lights the places and leaves the guide when asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from illusio_table.engine import Action, Match
from illusio_table.engine.protocol import listed

View = dict[str, Any]
Pick = Callable[[View, list[Action]], Action | None]
Say = Callable[[View, Action], str]
Learnt = Callable[[Action, View, View, list[str]], bool]

SEAT = 0  # the newcomer's seat in every guide
TOLD_LINES = 4  # log lines told of a move at most (the bar has room for about six)


@dataclass(frozen=True)
class Lesson:
    """One thing a first round teaches, when the match offers it."""

    name: str  # what it teaches, in a few words
    move: Pick  # the move that teaches it now (None: its moment has not come)
    say: Say  # what to do and why, about that move
    # Whether the move made taught it: from that move, the views before and after, and the
    # log's lines since (the moment may not have come as the guide hoped: a bot elsewhere).
    learnt: Learnt


@dataclass(frozen=True)
class Guide:
    game_id: str
    title: str
    seed: int
    players: tuple[dict[str, Any], ...]
    lessons: tuple[Lesson, ...]
    # The stretch the guide covers is over (from the view and the log's lines).
    finished: Callable[[View, list[str]], bool]
    # The last words: the score so far, explained from the view (and the log's lines).
    summary: Callable[[View, list[str]], str]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Made:
    """A move of the newcomer's whose outcome is not told yet."""

    action: Action
    before: View
    lines: int  # the log's length when it was made
    lesson: Lesson | None  # the lesson shown for it
    lit: Action | None = None  # the move lit for it


class GuideRun:
    """Where a guide has got to in its match. The window calls `follow` after each
    drawing, and shows `words()`; `lit` is the move it lights."""

    def __init__(self, guide: Guide) -> None:
        self.guide = guide
        self.learnt: list[str] = []  # the lessons learnt, in the order they were
        self.told = ""  # what came of the newcomer's last move, until the next
        self.lesson: Lesson | None = None  # the lesson shown now
        self.lit: Action | None = None  # its move
        self.closing = ""  # the last words, once the stretch is over
        self.gone = False  # the closing words were read: the bar goes
        self._asked: tuple[View, int, int] | None = None  # view, moves made, log length
        self._made: _Made | None = None
        # The newcomer's moves that were the move the guide lit, by their index in the
        # match's moves: asked for to teach a rule, not as the best move (a coach turned
        # on during the guide says so rather than call them mistakes).
        self.guided: set[int] = set()

    @property
    def over(self) -> bool:
        return bool(self.closing)

    def follow(self, match: Match, legal: list[Action], asked: bool) -> None:
        """After each drawing: `legal` are the newcomer's moves and `asked` whether the
        newcomer is asked for one now (not while the curtain or a reveal is up)."""
        view, log = match.view(SEAT), match.log(SEAT)
        seats = [m.seat for m in match.moves]
        if self._asked is not None:
            before, moves, lines = self._asked
            if SEAT in seats[moves:]:  # the newcomer moved (others may have moved first)
                index = moves + seats[moves:].index(SEAT)
                action = match.parse_action(match.moves[index].action)
                if self.lit is not None and action == self.lit:
                    self.guided.add(index)
                self._made = _Made(action, before, lines, self.lesson, self.lit)
                self._asked = None
                # What came of the move before goes with this one: beside "The others are
                # playing." it read as this move's outcome, while the table's last casting
                # already showed another.
                self.told = ""
                if self.over:
                    self.gone = True  # the closing words were there to read till now
        ended = self.guide.finished(view, log)
        if self._made is not None and (asked or ended):
            self._tell(self._made, view, log)
            self._made = None
        if ended and not self.over:
            self.closing = self.guide.summary(view, log)
        self.lesson = self.lit = None
        if asked:
            self._asked = (view, len(seats), len(log))
            if not self.over:
                self._choose(view, legal)

    def _choose(self, view: View, legal: list[Action]) -> None:
        for lesson in self.guide.lessons:
            if lesson.name in self.learnt:
                continue
            move = lesson.move(view, legal)
            if move is not None:
                self.lesson, self.lit = lesson, move
                return

    def _tell(self, made: _Made, after: View, log: list[str]) -> None:
        lines = log[made.lines :]
        lesson = made.lesson
        taught = lesson is not None and lesson.learnt(made.action, made.before, after, lines)
        if lesson is not None and lesson.learnt is always_learnt:
            # Its move, or one of its kind, was made: any other move left the counter going
            # up for a lesson the newcomer had passed by ("your talent" counted learnt after
            # a card was laid instead).
            taught = made.lit is not None and made.action.kind == made.lit.kind
        if taught and lesson is not None:
            self.learnt.append(lesson.name)
        self.told = " ".join(told_lines(lines))
        if lesson is not None and not taught:
            self.told += f" (The guide comes back to {lesson.name} when it can.)"

    def words(self, prompt: str) -> str:
        """The bar: what came of the last move, then the lesson now (or `prompt`, what
        the table asks, when no lesson has its moment) or the closing words."""
        done = f"{self.told} " if self.told else ""
        count = f"({len(self.learnt)} of {len(self.guide.lessons)} learnt)"
        if self.over:  # the count said to its end (it jumped from 9 of 10 to no count)
            if len(self.learnt) == len(self.guide.lessons):
                return f"{done}Every lesson is learnt {count}. {self.closing}"
            # Ended before every lesson's moment came (the newcomer went another way): the
            # count is said still, and what was not met, so the bar does not seem to have
            # taught it (the count went from 6 of 7 to no count, Specials never named).
            missing = [
                lesson.name for lesson in self.guide.lessons if lesson.name not in self.learnt
            ]
            return (
                f"{done}{self.closing} The guide ends here {count}; not met on the way: "
                f"{name_list(missing)} (the Help's How to play tells it all)."
            )
        if len(self.learnt) == len(self.guide.lessons):  # the count reaches its end too
            return (
                f"{done}Every lesson is learnt {count}: play on as you like; the guide ends "
                "with the score."
            )
        if self.lesson is None or self.lit is None:
            return f"{done}{prompt} {count}"
        return f"{done}Next, {self.lesson.name} {count}: {self.lesson.say(self._view(), self.lit)}"

    def _view(self) -> View:
        assert self._asked is not None
        return self._asked[0]


def told_lines(lines: list[str]) -> list[str]:
    """The log's lines that tell what came of a move: not who has chosen (a secret choice
    made); the first few, which tell the move's own outcome, and the last, which tells how
    things stand now (the log panel has those between). Cut after the first few, the bar
    ended on "It cannot succeed as it stands" while the attack panel beside it, after the
    next line's money, said 92%."""
    kept = [line for line in lines if not line.endswith("has chosen.")]
    if len(kept) > TOLD_LINES:
        return [*kept[: TOLD_LINES - 1], "(More in the log.)", kept[-1]]
    return kept


def name_list(names: list[str]) -> str:
    """ "a", "a and b", "a, b and c" (the engine's `listed`)."""
    return listed(names)


def first_of(kinds: set[str]) -> Pick:
    """A lesson's move: the first legal move of one of these kinds."""
    return lambda view, legal: next((a for a in legal if a.kind in kinds), None)


def always_learnt(action: Action, before: View, after: View, lines: list[str]) -> bool:
    """A lesson learnt by making its move at all: `GuideRun` holds it learnt where the
    move made is of the lit move's kind."""
    return True

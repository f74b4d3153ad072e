"""Bots see what a person sees: `view(seat)` and `legal_actions(seat)`, nothing else."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .protocol import Action, Game
from .rng import Rng


class SeatView(Mapping[str, Any]):
    """`view(seat)`, computed only when a bot first reads it, and where the game makes its
    view from parts (`Game.view_parts`), only the parts the bot reads.

    A bot that does not look (the random bot) then costs nothing for the view, which
    makes simulated games several times faster; one that looks sees exactly the view.
    """

    __slots__ = ("_game", "_seat", "_data", "_parts", "_made")

    def __init__(self, game: Game, seat: int) -> None:
        self._game, self._seat = game, seat
        self._data: dict[str, Any] | None = None
        self._parts: dict[str, Callable[[], Any]] | None = None
        self._made: dict[str, Any] = {}

    def _view(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self._game.view(self._seat)
        return self._data

    def __getitem__(self, key: str) -> Any:
        if self._data is not None:
            return self._data[key]
        if key in self._made:
            return self._made[key]
        if self._parts is None:
            game, seat = self._game, self._seat
            parts = game.view_parts(seat) if game.is_seat(seat) else None
            if parts is None:  # made whole (and a seat not at the table refused, as `view` does)
                return self._view()[key]
            self._parts = parts
        value = self._made[key] = self._parts[key]()
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


class Parts(Mapping[str, Any]):
    """A part of a view that is itself made of parts (an Illusio seat's), each made when
    first read: as `SeatView`, for the bots that read only a few of them."""

    __slots__ = ("_parts", "_made")

    def __init__(self, parts: dict[str, Callable[[], Any]]) -> None:
        self._parts = parts
        self._made: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        made = self._made
        if key in made:
            return made[key]
        value = made[key] = self._parts[key]()
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)


# A game of another package is Python on the compiled core (a game is found by its entry
# point): its bots must be able to derive from these native classes.
@mypyc_attr(allow_interpreted_subclasses=True)
class Bot:
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    searches: ClassVar[bool] = False  # plays the match forward (`choose_in`), given time
    looks: ClassVar[bool] = True  # reads its view (one that never does is handed none)

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed).fork(seat + 1)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError

    def choose_in(
        self, game: Game, seat: int, legal: list[Action], stop: Callable[[], bool] | None = None
    ) -> Action:
        """The move of a bot that `searches`: it plays the match forward from what `seat`
        knows (`Game.determinize`), until `stop()` says so."""
        raise NotImplementedError(f"the bot {self.name!r} does not search")

    def appeal(self, view: Mapping[str, Any]) -> Callable[[Action], float] | None:
        """How much the bot likes each move, higher better (None: it cannot say). A
        searching bot weighs the moves its heuristic likes best."""
        return None


class RandomBot(Bot):
    name = "random"
    description = "picks any legal move at random"
    looks = False

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def bot_classes(game: type[Game] | Game) -> dict[str, type[Bot]]:
    """Every bot a game offers; the random bot plays every game."""
    return {"random": RandomBot, **game.bots}


def make_bot(
    game: type[Game] | Game, name: str, seat: int, seed: int, budget: float | None = None
) -> Bot:
    """A bot by name; `budget` is the seconds a move of a searching bot (its default
    otherwise), and means nothing to the others."""
    classes = bot_classes(game)
    if name not in classes:
        raise ValueError(f"there is no bot called {name!r}; try one of: {', '.join(classes)}")
    made = classes[name]
    if budget is not None and made.searches:
        searching: type[Any] = made  # a searching bot's maker takes its budget too
        bot: Bot = searching(seat, seed, budget=budget)
        return bot
    return made(seat, seed)


def bot_move(game: Game, bot: Bot, seat: int, stop: Callable[[], bool] | None = None) -> Action:
    """The bot's move for its seat, from that seat's view and legal moves only. A
    searching bot gets the match too, which it reads only through `determinize(seat)`:
    what that seat knows, with everything else dealt again. `stop` cuts a search short."""
    legal = game.list_moves(seat)  # (`legal_actions`, one call fewer: every move)
    if bot.searches:
        return bot.choose_in(game, seat, legal, stop)
    # (`view_for`, written out: this runs at every move of self-play, where its call
    # cost 1.1k of the 2.8k instructions an unread view took.)
    return bot.choose(SeatView(game, seat) if bot.looks else NO_VIEW, legal)


NO_VIEW: Mapping[str, Any] = MappingProxyType({})


def view_for(bot: Bot, game: Game, seat: int) -> Mapping[str, Any]:
    """What a bot choosing for `seat` is handed to read: the seat's view (`SeatView`), or
    nothing for a bot that never looks (the random bot: even an unread view's making
    was a sixtieth of a random game's work)."""
    return SeatView(game, seat) if bot.looks else NO_VIEW

"""What each seat may see of an Illusio match, and every move in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from illusio_table.engine import Action

from .actions import Abandon, Backstage, Discard, EndTurn, Exchange, Place, PlaySpecial, Realize
from .catalog import exact_bonus
from .talents import TALENTS

if TYPE_CHECKING:
    from .rules import Work


class Views:
    """Mixed into the game: the view of a seat and the words for a move."""

    def printed_views(self) -> tuple[tuple[tuple[str, Any], ...], ...]:
        """Each card as the view shows it untransformed, made once: a view holds every card
        in the discard pile, and bots read views thousands of times a second."""
        printed = []
        for info in self.info:
            data: dict[str, Any] = {"id": info.id, "kind": info.kind, "name": info.name}
            if info.special:
                data["special"] = True
            else:
                data["group"] = self.cards.group_of[info.kind]
            printed.append(tuple(data.items()))
        return tuple(printed)

    def _card(self, card: int) -> dict[str, Any]:
        now = self.as_kind.get(card)
        data = dict(self.printed[card])
        if now is not None:
            data["group"] = self.cards.group_of[now]
            data["now"] = now
            data["now_name"] = self.cards.name(now)
            data["transforms"] = len(self.attached.get(card, ()))
        return data

    def _objective(self, objective: int) -> dict[str, Any]:
        o = self.objectives[objective]
        return {
            "id": objective,
            "key": o.key,
            "name": o.name,
            "domain": o.domain,
            "level": o.level,
            "needs": list(o.needs),
            "half": o.half,
        }

    def _work(self, work: Work) -> dict[str, Any]:
        o = self.objectives[work.objective]
        kinds = [self.kind(c) for c in work.components]
        return {
            "objective": self._objective(work.objective),
            "components": [self._card(c) for c in work.components],
            "displayed": work.displayed,
            "encore": work.encore,
            "specials": [self._card(c) for c in work.specials],
            "exact": exact_bonus(o, kinds),
            "missing": len(o.needs) - len(work.components),
        }

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for s in range(self.seats):
            m = self.magicians[s]
            seats.append(
                {
                    "name": self.name(s),
                    "magician": {
                        "id": m.id,
                        "name": m.name,
                        "talent": m.talent,
                        "text": m.text,
                        "domain": m.domain,
                    },
                    "talent_used": self.talent_used[s] if m.talent != "bonus" else None,
                    "hand": len(self.hands[s]),
                    "backstage": [self._card(c) for c in self.backstage[s]],
                    "works": [self._work(w) for w in self.works[s]],
                    "validated": [self._objective(o) for o in self.validated[s]],
                    "score": self.scores[s],
                    "tricks": [dict(t) for t in self.tricks[s]],
                }
            )
        view = {
            "me": seat,
            "phase": self.phase,
            "turn": self.turn,
            "current": self.current,
            "first": self.first,
            "actions_left": self.actions_left if self.phase == "turn" else 0,
            "target": self.target,
            "contest": [None if o is None else self._objective(o) for o in self.contest],
            "objective_deck": len(self.objective_deck),
            "objective_discard": [self._objective(o) for o in self.objective_discard],
            "deck": len(self.deck),
            "discard": [self._card(c) for c in self.discard_pile],
            "seats": seats,
            "hand": None if seat is None else [self._card(c) for c in self.hands[seat]],
            "hand_limit": self.limits.hand_limit,
        }
        if self.is_over():
            view["scores"] = self.result()
        return view

    def describe(self, action: Action, seat: int | None = None) -> str:
        """A move in words for menus and the move list."""
        if isinstance(action, Backstage):
            return f"Put {self.info[action.card].name} in your Backstage"
        if isinstance(action, Discard):
            return f"Let go of {self.info[action.card].name}"
        if isinstance(action, EndTurn):
            return "End your turn"
        if isinstance(action, Exchange):
            if len(action.cards) > 1 and sorted(action.cards) == sorted(self.hands[self.current]):
                return f"Exchange your whole hand ({len(action.cards)} cards)"
            return "Exchange " + ", ".join(self.info[c].name for c in action.cards)
        if isinstance(action, Realize):
            parts = ", ".join(self.card_name(c) for c in action.components)
            return f"Take {self.objectives[action.objective].name} with {parts}"
        if isinstance(action, Place):
            o = self.objectives[action.objective].name
            return f"Place {self.card_name(action.card)} around {o}"
        if isinstance(action, Abandon):
            return f"Give up {self.objectives[action.objective].name}"
        if isinstance(action, PlaySpecial):
            name = self.info[action.card].name
            if action.component is not None:
                into = self.cards.name(action.into or "")
                return f"Transform {self.card_name(action.component)} into {into}"
            if action.seat is not None:
                return f"Take a card from {self.name(action.seat)}"
            return f"Play {name} on {self.objectives[action.trick].name}"
        talent = self.magicians[seat if seat is not None else self.current].talent
        return TALENTS[talent].words(self, action) or "Use your talent"


def standing(view: dict[str, Any]) -> list[str]:
    """Each magician's score, as the Seats panel shows it."""
    return [f"{s['score']} point{'s' * (s['score'] != 1)}" for s in view["seats"]]

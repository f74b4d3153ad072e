"""The Qt parts of Odds and evens: its table (on the toolkit's public hooks only), and its
rehearsal's dialog, tally and coach's chart."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from illusio_table.engine import Action
from illusio_table.qt.app.new_game_dialog import NAMES, GameConfig, new_seed
from illusio_table.qt.models.match_model import MatchModel
from illusio_table.qt.scenes.base import TableScene
from illusio_table.qt.scenes.look import FELT, INK, PAPER, WHITE, font
from illusio_table.table.kept import CoachHistory, Drills
from illusio_table.table.settings import Drill

from . import coach
from .table import Tally


class OddsScene(TableScene):
    """Each side's points, the face-down card, the last round, and the two hands."""

    def show_view(
        self, view: dict[str, Any], legal: list[Action], names: list[str], title: str
    ) -> None:
        self.last = (view, legal, names, title)
        self.clear()
        self.addRect(QRectF(0, 0, 640, 400), QPen(FELT), QBrush(FELT))
        self.in_heading(self.words(title, 20, 16, 16))
        for seat, (side, points) in enumerate(zip(view["sides"], view["points"], strict=True)):
            chosen = " (has chosen)" if seat in view["chosen"] else ""
            self.words(f"{names[seat]} — {side}: {points} points{chosen}", 20, 60 + 28 * seat, 13)
        self.words(
            f"Round {view['round']} of {view['rounds']} · cards unseen: "
            f"{', '.join(map(str, view['unseen'])) or 'none'}",
            20,
            120,
            12,
        )
        last = view["last"]
        if last:
            hands = " and ".join(map(str, last["fingers"]))
            self.words(f"Last round: {hands}, card {last['card']}: {last['total']}", 20, 146, 12)
        for number, fingers in enumerate((1, 2)):
            rect = QRectF(20 + 200 * number, 200, 180, 120)
            hand = self.addRect(rect, QPen(INK, 2), QBrush(PAPER))
            word = self.words(f"{fingers} finger{'s' * (fingers > 1)}", 0, 0, 14, INK)
            word.setPos(rect.left() + 20, rect.center().y() - 12)
            self.target(("hand", fingers), hand)
        self.bind(self.gesture_map(view, legal, view["me"]))

    def words(self, text: str, x: float, y: float, size: int, colour: Any = WHITE) -> Any:
        item = self.addSimpleText(text)
        item.setFont(font(size, bold=size >= 14))
        item.setBrush(colour)
        item.setPos(x, y)
        return item


class RehearsalDialog(QDialog):
    """A person against a bot, as Odd or as Even."""

    def __init__(self, parent: QWidget | None = None, settings: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rehearse rounds")
        self.name = QLineEdit(NAMES[0])
        self.side = QComboBox()
        self.side.addItem("Odd (first)", 0)
        self.side.addItem("Even (second)", 1)
        self.bot = QComboBox()
        self.bot.addItem("Random: either hand at even odds", "random")
        self.bot.addItem("Mixed: the equilibrium of each round", "mixed")
        self.bot.addItem("Expert: searches", "expert")
        form = QFormLayout(self)
        form.addRow("Your &name", self.name)
        form.addRow("You &play", self.side)
        form.addRow("&Opponent", self.bot)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def config(self) -> GameConfig:
        person = {"name": self.name.text().strip() or NAMES[0], "bot": None}
        bot = {"name": "Bot", "bot": self.bot.currentData()}
        players = [person, bot] if self.side.currentData() == 0 else [bot, person]
        return GameConfig("odds", players, new_seed(), {})


class RehearsalTally(QObject):
    """The tally of one seat, and the coach's review of each round it played (worked out
    here: a round is valued exactly in a few fractions)."""

    changed = Signal(str)
    charted = Signal(object)
    drilled = Signal()

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
        self.model, self.seat, self.past = model, seat, past
        self.drill = drill if drill is not None and drill.seat == seat else None
        self.drills = drills if self.drill is None else None
        self._match = model.session.match
        self.tally = Tally(self._match.view(seat), seat, heading)
        self.reviews: list[coach.Review] = []
        self.costs: list[float] = []
        model.changed.connect(self.update)
        if self.drill is not None and not self.drill.done:
            # The drill's round is the first: revealed before a restart cut its review
            # short, it is reviewed now (the drill is done only then).
            began = self._match.moves[: self.drill.moves]
            self.tally.seen = sum(1 for m in began if m.barrier)
            self.update()
        elif since is not None and since < len(self._match.moves):
            # After a restart: the rounds since the coach began (move `since`), seen and
            # reviewed again as they were; their drills were kept the first time.
            again = self._match.at(since)
            self.tally = Tally(again.view(seat), seat, heading)
            drills, self.drills = self.drills, None
            for move in self._match.moves[since:]:
                again.apply(move.seat, again.parse_action(move.action))
                view = again.view(seat)
                if self.tally.see(view):
                    self._review(view)
            self.drills = drills

    def update(self, *_: Any) -> None:
        match = self.model.session.match
        if match is not self._match:
            return  # a new match: this tally ended with its own
        view = match.view(self.seat)
        if self.tally.see(view):
            self._review(view)
            self.changed.emit(self.text())

    def _review(self, view: dict[str, Any]) -> None:
        """The round just revealed, from the seat's side as it began: the cards then
        unseen (today's and the one just turned), its hand and the other's bot."""
        match = self.model.session.match
        last = view["last"]
        began = {"unseen": sorted([*view["unseen"], last["card"]])}
        other = 1 - self.seat
        bot = match.players[other].get("bot") if match.is_bot(other) else None
        review = coach.review(
            began, self.seat, last["fingers"][self.seat], bot, len(view["played"])
        )
        self.reviews.append(review)
        self.costs.append(float(review.cost))
        reveal = [i for i, m in enumerate(match.moves) if m.barrier][len(view["played"]) - 1]
        start = reveal - 1
        if self.drills is not None:
            others = {m.seat: m.action for m in match.moves[start : reveal + 1]}
            del others[self.seat]
            self.drills.add(
                match.at(start).file_json(), others, float(review.cost), list(review.said)
            )
        if self.past is not None:
            self.past.record(len(self.costs), sum(self.costs) / len(self.costs))
        self.charted.emit(self.chart())
        if self.drill is not None and start == self.drill.moves:
            self.drilled.emit()

    def chart(self) -> dict[str, Any] | None:
        if not self.reviews:
            return None
        last = self.reviews[-1]
        return {
            "round": last.number,
            "said": list(last.said),
            "gains": {str(h): float(g) for h, g in last.gains.items()},
            "chosen": last.chosen,
            "costs": list(self.costs),
            "average": sum(self.costs) / len(self.costs),
            "past": self.past.averages() if self.past is not None else [],
        }

    def text(self) -> str:
        said = self.tally.text()
        if self.drill is not None:
            said = f"Drill — before, your hand here cost {self.drill.cost:.1f} points. {said}"
        if self.reviews:
            said += f"\nCoach on round {self.reviews[-1].number}: {self.reviews[-1].said[2]}"
        return said

    def history(self) -> str:
        lines = list(self.tally.lines)
        for review in self.reviews:
            lines += ["", *review.said]
        return "\n".join(lines)


class CoachChart(QWidget):
    """The coach's last review in words, and what each round reviewed cost."""

    def __init__(self) -> None:
        super().__init__()
        self.costs: list[float] = []
        self.said = QLabel("The coach reviews each round you play.")
        self.said.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.said)

    def show_chart(self, chart: dict[str, Any]) -> None:
        self.costs = chart["costs"]
        costs = ", ".join(f"{c:.2f}" for c in self.costs)
        self.said.setText(
            "\n".join(chart["said"])
            + f"\n\nCost a round (points): {costs}\nAverage: {chart['average']:.2f}"
        )

"""The casting coach's chart, in its panel during a rehearsal: the last casting's targets,
each a bar of how many points it was behind the best target in hindsight (the best at 0:
a bar is what choosing that target would have cost), a diamond for the same before the
reveal, a whisker across a bar's end for its interval against the best (one that reaches
0 is too close to call) and one across the diamond for its interval then, the seat's
choice and the best marked, a legend for every mark;
under them, what each casting reviewed so far cost.

It draws the chart the rehearsal's tally hands it (`RehearsalTally.chart`, which the phone
draws too), its line of past rehearsals included, nothing else.
Every piece of text it draws is laid out first in `rows` (with its box), and every mark
in `marks`, so that tests can check that nothing overlaps, runs out or is drawn under 8
pixels, and that the marks stay inside the plot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

BAR = QColor("#7e57c2")
CHOSEN = QColor("#ffb300")
BEST = QColor("#43a047")
INK = QColor("#212121")
FAINT = QColor("#9e9e9e")
ROW = 22.0  # a target's row
PAD = 8.0
INSET = 6.0  # the plot's marks keep this far inside its edges
SWATCH = 18.0  # a legend's sample of its mark
LINE_H = 56.0  # the line of past rehearsals

# The legend: each mark, and what it says (the chosen and the best share a line).
LEGEND = [
    ("bar", "Bar: points behind the best, given what the others chose"),
    ("before", "Diamond: points behind the best before the reveal, as they were likely to choose"),
    (
        "whisker",
        "Whisker: the coach's ± on a bar or a diamond — one that reaches 0 is too close to call",
    ),
]


@dataclass
class Plan:
    """Where everything goes at the chart's width."""

    texts: list[tuple[str, QRectF, QColor]] = field(default_factory=list)
    targets: list[QRectF] = field(default_factory=list)  # each target's row, its plot part
    legend: list[tuple[str, QRectF]] = field(default_factory=list)  # each mark's sample
    bottom: float = 0.0  # under the last text
    ticks: list[float] = field(default_factory=list)  # the scale's numbers, 0 first


class CoachChart(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.past: list[float] = []  # past rehearsals' average costs, this one's the last
        self.number = 0  # the casting the bars are of (0: none yet)
        self.targets: list[dict[str, Any]] = []  # `coach.describe_targets`
        self.costs: list[float] = []  # what each casting reviewed cost, in points
        self.average = 0.0
        self.rows: list[tuple[str, QRectF]] = []  # what was laid out to draw, and where
        # Every mark drawn in the plot (bar, diamond, whisker, zero line) and its box.
        self.marks: list[tuple[str, QRectF]] = []
        self.plot = QRectF()  # where the marks must stay
        self.setMinimumSize(260, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.text_font = QFont(self.font())
        self.text_font.setPointSizeF(max(9.0, self.text_font.pointSizeF()))

    def show_chart(self, chart: dict[str, Any]) -> None:
        """A review's chart (`RehearsalTally.chart`)."""
        self.number, self.targets = chart["casting"], chart["targets"]
        self.costs, self.average = chart["costs"], chart["average"]
        self.past = chart.get("past", [])
        self._fit()
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()  # a narrower panel wraps the words on more lines

    def _fit(self) -> None:
        line = LINE_H + 8 if len(self.past) > 1 else 0.0
        self.setMinimumHeight(max(300, int(self.plan().bottom + line + PAD)))

    def layout(self) -> list[tuple[str, QRectF, QColor]]:
        """Every text to draw, with its box and colour (also what `rows` keeps)."""
        return self.plan().texts

    def plan(self) -> Plan:
        width = float(self.width())
        metrics = QFontMetricsF(self.text_font)
        line = metrics.height()
        plan = Plan()
        full = width - 2 * PAD
        y = PAD

        def say(text: str, left: float, room: float, colour: QColor = INK) -> None:
            """Words in as many lines as they take, from `left` with `room` to the right."""
            nonlocal y
            for part in _wrap(text, metrics, room):
                plan.texts.append((part, QRectF(left, y, room, line), colour))
                y += line

        if not self.targets:
            say("The coach reviews each casting after its reveal.", PAD, full, FAINT)
            plan.bottom = y
            return plan
        say(f"Casting {self.number}: how many points each target was behind the best", PAD, full)
        y += 4
        labels = [_label(t) for t in self.targets]
        longest = max(metrics.horizontalAdvance(w + m) for w, m in labels)
        # A label on one line where it fits in a little over half the width, else folded
        # on as many lines as its words take, its row as tall (a label cut in its middle,
        # 'the book “2…ing 2 Gold)', did not say which target it was).
        single = longest + 6 <= width * 0.55
        label_w = longest + 6 if single else width * 0.5
        plot_left = PAD + label_w + 4
        for (words, marks), t in zip(labels, self.targets, strict=True):
            colour = CHOSEN if t["chosen"] else BEST if t["best"] else INK
            lines = [words + marks] if single else _fold(words, marks, metrics, label_w)
            row = max(ROW, len(lines) * line + 4)
            top = y + (row - len(lines) * line) / 2
            for i, part in enumerate(lines):
                plan.texts.append((part, QRectF(PAD, top + i * line, label_w, line), colour))
            plan.targets.append(QRectF(plot_left, y, width - PAD - plot_left, row))
            y += row
        # The scale under the plot: 0 (the best), then whole points behind it, each number
        # under its tick (one number for the right end, written left of where that point
        # lay, made the marks beyond it look drawn past the scale's end).
        low, high = _scale(self.targets)
        left, right = plot_left + INSET, width - PAD - INSET
        taken = -1e9  # the right edge of the last number written
        for value in _ticks(high):
            at = left + (value - low) / (high - low) * (right - left)
            words = f"{value:g}"
            w = metrics.horizontalAdvance(words) + 2
            box = QRectF(at - w / 2, y, w, line)
            if box.left() >= taken + 6 and box.right() <= width - PAD:
                plan.texts.append((words, box, FAINT))
                plan.ticks.append(value)
                taken = box.right()
        y += line + 6  # (what the numbers count, the heading says)
        for kind, words in LEGEND:
            plan.legend.append((kind, QRectF(PAD, y + 2, SWATCH, line - 4)))
            say(words, PAD + SWATCH + 6, full - SWATCH - 6)
        # Yours and the best, on one line.
        half = (full - 2 * (SWATCH + 6)) / 2
        plan.legend.append(("chosen", QRectF(PAD, y + 2, SWATCH, line - 4)))
        plan.texts.append(("Your choice", QRectF(PAD + SWATCH + 6, y, half, line), INK))
        best_x = PAD + SWATCH + 6 + half
        plan.legend.append(("best", QRectF(best_x, y + 2, SWATCH, line - 4)))
        plan.texts.append(("The best ★ (0)", QRectF(best_x + SWATCH + 6, y, half, line), INK))
        y += line + 6
        # As many of the latest costs as two lines hold, saying how many of how many
        # where some are left out (it showed the last five of seven as if they were all,
        # over "Average over 7").
        costs = [f"{c:.1f}" for c in self.costs]
        shown = costs
        while len(shown) > 1 and len(_wrap(_costs(shown, len(costs)), metrics, full)) > 2:
            shown = shown[1:]
        say(_costs(shown, len(costs)), PAD, full)
        say(f"Average over {len(self.costs)}: {self.average:.1f}", PAD, full)
        past = self.past
        if len(past) > 1:
            y += 4
            trend = f"{past[0]:.1f}\u00a0→\u00a0{past[-1]:.1f}"  # (not broken at the arrow)
            say(f"Average cost, your last {len(past)} rehearsals: {trend}", PAD, full)
        plan.bottom = y
        # Nothing runs out of its box: a narrow panel cuts a line with '…'.
        elide = Qt.TextElideMode.ElideRight
        plan.texts = [
            (metrics.elidedText(t, elide, box.width()), box, c) for t, box, c in plan.texts
        ]
        return plan

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fafafa"))
        painter.setFont(self.text_font)
        plan = self.plan()
        self.rows = [(text, box) for text, box, _ in plan.texts]
        for text, box, colour in plan.texts:
            painter.setPen(colour)
            painter.drawText(
                box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text
            )
        if not self.targets:
            return
        self._bars(painter, plan)
        for kind, box in plan.legend:
            _sample(painter, kind, box)
        if len(self.past) > 1:
            self._line(painter, self.past, plan.bottom + 4)

    def _bars(self, painter: QPainter, plan: Plan) -> None:
        """Each target's bar from 0 (the best) to how far behind it was and its whisker,
        its diamond before the reveal and that one's whisker, all inside the plot."""
        rows = plan.targets
        self.plot = QRectF(
            rows[0].left(), rows[0].top(), rows[0].width(), rows[-1].bottom() - rows[0].top()
        )
        low, high = _scale(self.targets)
        left, right = self.plot.left() + INSET, self.plot.right() - INSET

        def x(value: float) -> float:
            return left + (value - low) / (high - low) * (right - left)

        self.marks = []
        zero = x(0.0)
        painter.setPen(QPen(FAINT, 1))
        painter.drawLine(QPointF(zero, self.plot.top()), QPointF(zero, self.plot.bottom()))
        for value in plan.ticks[1:]:  # (0 has its line through the plot)
            at = x(value)
            painter.drawLine(QPointF(at, self.plot.bottom() - 4), QPointF(at, self.plot.bottom()))
            self.marks.append(("tick", QRectF(at - 0.5, self.plot.bottom() - 4, 1, 4)))
        self.marks.append(("zero", QRectF(zero - 0.5, self.plot.top(), 1, self.plot.height())))
        for t, box in zip(self.targets, rows, strict=True):
            colour = CHOSEN if t["chosen"] else BEST if t["best"] else BAR
            # The bar and its whisker above the row's middle, the diamond and its own
            # below it: the two intervals are told apart.
            mid, low_mid = box.center().y() - 3, box.center().y() + 6
            bar = QRectF(zero, mid - 5, x(t["behind"]) - zero, 10)
            if t["best"]:  # no bar: a dot at 0 in the best's colour
                bar = QRectF(zero - 3, mid - 3, 6, 6)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(colour)
                painter.drawEllipse(bar)
            else:
                painter.fillRect(bar, colour)
            self.marks.append(("bar", bar))
            if _margin(t) > 0 and not t["best"]:  # (the best's is against the next one)
                low_x, high_x = x(t["behind"] - _margin(t)), x(t["behind"] + _margin(t))
                self.marks.append(("whisker", _whisker(painter, low_x, high_x, mid)))
            before, spread = t["behind_before"], _margin(t, "margin_before")
            if spread > 0 and before != 0:  # (the best's, too, is against the next one)
                ends = x(before - spread), x(before + spread)
                self.marks.append(("before-whisker", _whisker(painter, *ends, low_mid, 3)))
            self.marks.append(("before", _diamond(painter, x(before), low_mid)))

    def _line(self, painter: QPainter, averages: list[float], top: float) -> None:
        """The average cost a casting of each past rehearsal, oldest first, this one
        last: lower is better."""
        left, right = PAD + 4, float(self.width()) - PAD - 4
        high = max(max(averages), 0.1)
        step = (right - left) / (len(averages) - 1)
        points = [
            QPointF(left + i * step, top + LINE_H - a / high * (LINE_H - 6))
            for i, a in enumerate(averages)
        ]
        painter.setPen(QPen(FAINT, 1))
        painter.drawLine(QPointF(left, top + LINE_H), QPointF(right, top + LINE_H))
        painter.setPen(QPen(BAR, 2))
        painter.drawPolyline(points)
        painter.setBrush(CHOSEN)
        painter.drawEllipse(points[-1], 4, 4)


def _label(target: dict[str, Any]) -> tuple[str, str]:
    """A target's words, and what follows them: how far behind, or the best; yours."""
    marks = ": the best ★" if target["best"] else f": {target['behind']:.1f} behind"
    return target["words"], marks + (" (yours)" if target["chosen"] else "")


def _fold(words: str, marks: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """A target's label in lines that fit the width: its words broken between words, its
    marks after them on their last line if they fit there, else on a line of their own."""
    lines = _wrap(words, metrics, width)
    if metrics.horizontalAdvance(lines[-1] + marks) <= width:
        lines[-1] += marks
    else:
        lines.append(marks.removeprefix(": "))
    return lines


def _costs(shown: list[str], count: int) -> str:
    """The line of what castings cost: every one, or the last few, saying so."""
    if len(shown) == count:
        return f"Cost a casting (points): {', '.join(shown)}"
    return f"Cost a casting (points), the last {len(shown)} of {count}: {', '.join(shown)}"


def _scale(targets: list[dict[str, Any]]) -> tuple[float, float]:
    """The plot's ends, in points behind the best: from 0 (or the lowest whisker's end,
    which may reach past the best) to the farthest mark."""
    ends = [0.0, 1.0]
    for t in targets:
        ends += [t["behind"], t["behind_before"]]
        if not t["best"]:
            ends += [t["behind"] - _margin(t), t["behind"] + _margin(t)]
        if t["behind_before"] != 0:
            spread = _margin(t, "margin_before")
            ends += [t["behind_before"] - spread, t["behind_before"] + spread]
    # The right end on a number of the scale: the farthest whisker ended past its last
    # number, at the panel's edge, as if drawn beyond the scale.
    step = _step(max(ends))
    return min(ends), step * math.ceil(max(ends) / step - 1e-9)


def _step(high: float) -> int:
    """Between two numbers of a scale reaching `high`: 1, 2, 5 or 10 points (at most
    five numbers after 0)."""
    return next((s for s in (1, 2, 5, 10, 20, 50) if high / s <= 5), 100)


def _ticks(high: float) -> list[float]:
    """The scale's numbers: 0, then every 1, 2, 5 or 10 points up to the right end."""
    return [float(v) for v in range(0, int(high + 1e-9) + 1, _step(high))]


def _margin(target: dict[str, Any], which: str = "margin") -> float:
    """A target's interval against the best, ± in points (0 where a chart has none): in
    hindsight, or before the reveal (`margin_before`)."""
    return float(target.get(which, 0.0))


def _wrap(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """The text in lines that fit the width, broken between words."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _whisker(painter: QPainter, low_x: float, high_x: float, mid: float, cap: float = 4) -> QRectF:
    """An interval: a line with a cap (`cap` high each way) at each end; its box."""
    painter.setPen(QPen(INK, 1))
    painter.drawLine(QPointF(low_x, mid), QPointF(high_x, mid))
    for end in (low_x, high_x):
        painter.drawLine(QPointF(end, mid - cap), QPointF(end, mid + cap))
    return QRectF(low_x, mid - cap, high_x - low_x, 2 * cap)


def _diamond(painter: QPainter, at: float, mid: float) -> QRectF:
    """The mark of a worth before the reveal: a black diamond outlined in white; its box."""
    r = 4.5
    shape = QPolygonF(
        [QPointF(at, mid - r), QPointF(at + r, mid), QPointF(at, mid + r), QPointF(at - r, mid)]
    )
    painter.setPen(QPen(QColor("#ffffff"), 1))
    painter.setBrush(INK)
    painter.drawPolygon(shape)
    return shape.boundingRect()


def _sample(painter: QPainter, kind: str, box: QRectF) -> None:
    """A legend's sample of its mark, in its box."""
    mid = box.center().y()
    if kind == "bar":
        painter.fillRect(QRectF(box.left(), box.top() + 2, box.width(), box.height() - 4), BAR)
    elif kind == "before":
        _diamond(painter, box.center().x(), mid)
    elif kind == "whisker":
        _whisker(painter, box.left() + 2, box.right() - 2, mid)
    else:
        painter.fillRect(box, CHOSEN if kind == "chosen" else BEST)

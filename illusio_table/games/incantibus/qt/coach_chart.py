"""The casting coach's chart, in its panel during a rehearsal: the last casting's targets
as bars of their worth in hindsight (a tick marks their worth before the reveal; a
whisker across the bar's end, its interval against the best: one that reaches the
best's worth is too close to call), the seat's choice and the best marked; under them,
what each casting reviewed so far cost.

It draws the chart the rehearsal's tally hands it (`RehearsalTally.chart`, which the phone
draws too), its line of past rehearsals included, nothing else.
Every piece of text it draws is laid out first in `rows` (with its box), so that tests can
check that nothing overlaps, runs out or is drawn under 8 pixels.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

BAR = QColor("#7e57c2")
CHOSEN = QColor("#ffb300")
BEST = QColor("#43a047")
INK = QColor("#212121")
FAINT = QColor("#9e9e9e")
ROW = 22.0  # a target's row
PAD = 8.0
LINE_H = 56.0  # the line of past rehearsals


class CoachChart(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.past: list[float] = []  # past rehearsals' average costs, this one's the last
        self.number = 0  # the casting the bars are of (0: none yet)
        self.targets: list[dict[str, Any]] = []  # `coach.describe_targets`
        self.costs: list[float] = []  # what each casting reviewed cost, in points
        self.average = 0.0
        self.rows: list[tuple[str, QRectF]] = []  # what was laid out to draw, and where
        self.setMinimumSize(260, 300)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.text_font = QFont(self.font())
        self.text_font.setPointSizeF(max(9.0, self.text_font.pointSizeF()))

    def show_chart(self, chart: dict[str, Any]) -> None:
        """A review's chart (`RehearsalTally.chart`)."""
        self.number, self.targets = chart["casting"], chart["targets"]
        self.costs, self.average = chart["costs"], chart["average"]
        self.past = chart.get("past", [])
        line = QFontMetricsF(self.text_font).height()
        self.setMinimumHeight(int(2 * PAD + 5 * line + 14 + len(self.targets) * ROW + LINE_H))
        self.update()

    def layout(self) -> list[tuple[str, QRectF, QColor]]:
        """Every text to draw, with its box and colour (also what `rows` keeps)."""
        width = float(self.width())
        metrics = QFontMetricsF(self.text_font)
        line = metrics.height()
        out: list[tuple[str, QRectF, QColor]] = []
        y = PAD
        if not self.targets:
            out.append(
                (
                    "The coach reviews each casting after its reveal.",
                    QRectF(PAD, y, width - 2 * PAD, line),
                    FAINT,
                )
            )
            return out
        out.append(
            (
                f"Casting {self.number}: each target's worth to you",
                QRectF(PAD, y, width - 2 * PAD, line),
                INK,
            )
        )
        y += line + 4
        longest = max(
            metrics.horizontalAdvance(f"{t['words']} +0.0 ★ (yours)") for t in self.targets
        )
        label_w = min(width * 0.55, longest + 6)
        for t in self.targets:
            marks = f" {t['hindsight']:+.1f}"
            marks += " ★" if t["best"] else ""
            marks += " (yours)" if t["chosen"] else ""
            words = metrics.elidedText(t["words"] + marks, Qt.TextElideMode.ElideMiddle, label_w)
            colour = CHOSEN if t["chosen"] else BEST if t["best"] else INK
            out.append((words, QRectF(PAD, y, label_w, ROW), colour))
            y += ROW
        y += 6
        # As many of the latest costs as the line holds.
        costs = [f"{c:.1f}" for c in self.costs]
        while (
            len(costs) > 1
            and metrics.horizontalAdvance(f"Cost a casting (points): {', '.join(costs)}")
            > width - 2 * PAD
        ):
            costs = costs[1:]
        out.append(
            (
                f"Cost a casting (points): {', '.join(costs)}",
                QRectF(PAD, y, width - 2 * PAD, line),
                INK,
            )
        )
        y += line
        out.append(
            (
                f"Average over {len(self.costs)}: {self.average:.1f}",
                QRectF(PAD, y, width - 2 * PAD, line),
                INK,
            )
        )
        y += line
        past = self.past
        if len(past) > 1:
            said = f"Average cost, your last {len(past)} rehearsals: {past[0]:.1f} → {past[-1]:.1f}"
            out.append((said, QRectF(PAD, y + 4, width - 2 * PAD, line), INK))
        # Nothing runs out of its box: a narrow panel cuts a line with '…'.
        elide = Qt.TextElideMode.ElideRight
        return [(metrics.elidedText(t, elide, box.width()), box, c) for t, box, c in out]

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fafafa"))
        painter.setFont(self.text_font)
        laid = self.layout()
        self.rows = [(text, box) for text, box, _ in laid]
        for text, box, colour in laid:
            painter.setPen(colour)
            painter.drawText(
                box, int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), text
            )
        if not self.targets:
            return
        self._bars(painter, laid)
        past = self.past
        if len(past) > 1:
            self._line(painter, past, laid[-1][1].bottom() + 4)

    def _bars(self, painter: QPainter, laid: list[tuple[str, QRectF, QColor]]) -> None:
        """Each target's bar, its worth before the reveal a tick."""
        boxes = [box for _, box, _ in laid[1 : 1 + len(self.targets)]]
        left = boxes[0].right() + 6
        right = float(self.width()) - PAD
        # Worths are leads in points, most often below zero: the bars start a little
        # left of the worst, so that the longest bar is the best choice.
        values = [
            v
            for t in self.targets
            for v in (t["expected"], t["hindsight"] - _margin(t), t["hindsight"] + _margin(t))
        ]
        high = max(values)
        low = min(values) - max(high - min(values), 1.0) * 0.15
        span = high - low

        def x(value: float) -> float:
            return left + (value - low) / span * (right - left)

        painter.setPen(QPen(FAINT, 1))
        painter.drawLine(int(left), int(boxes[0].top()), int(left), int(boxes[-1].bottom()))
        for t, box in zip(self.targets, boxes, strict=True):
            colour = CHOSEN if t["chosen"] else BEST if t["best"] else BAR
            end = x(t["hindsight"])
            bar = QRectF(left, box.top() + 4, end - left, box.height() - 8)
            painter.fillRect(bar, colour)
            painter.setPen(QPen(INK, 2))
            tick = x(t["expected"])
            painter.drawLine(int(tick), int(box.top() + 2), int(tick), int(box.bottom() - 2))
            if _margin(t) > 0:  # the interval: a line across the bar's end, with caps
                mid, low_x, high_x = box.center().y(), x(_end_value(t, -1)), x(_end_value(t, 1))
                painter.setPen(QPen(INK, 1))
                painter.drawLine(QPointF(low_x, mid), QPointF(high_x, mid))
                for cap in (low_x, high_x):
                    painter.drawLine(QPointF(cap, mid - 4), QPointF(cap, mid + 4))

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


def _margin(target: dict[str, Any]) -> float:
    """A target's interval against the best, ± in points (0 where a chart has none)."""
    return float(target.get("margin", 0.0))


def _end_value(target: dict[str, Any], side: int) -> float:
    """One end of a target's interval in hindsight (`side` -1 or 1)."""
    return float(target["hindsight"]) + side * _margin(target)

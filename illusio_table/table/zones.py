"""Zones: where the pieces of a row, a grid or a hand lie, as plain geometry (no Qt).

A table asks a zone for the place of its n-th piece; the zone alone knows the spacing,
the wrapping, the fanning. So a table says "the room's tokens are a grid of five" once,
and the drawing, the reveal's picture of the table as it was and table mode all put a
token at the same place. Places are (x, y) centres in scene units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Grid:
    """Pieces in lines of `per_line`, each `step` from the last, lines `line_step` apart.
    A row is a grid of one long line; a column a grid of one piece per line."""

    origin: Point
    step: Point
    per_line: int = 1_000_000
    line_step: Point = (0.0, 0.0)

    def place(self, n: int) -> Point:
        line, across = divmod(n, self.per_line)
        return (
            self.origin[0] + across * self.step[0] + line * self.line_step[0],
            self.origin[1] + across * self.step[1] + line * self.line_step[1],
        )


def row(origin: Point, spacing: float) -> Grid:
    return Grid(origin, (spacing, 0.0))


def column(origin: Point, spacing: float) -> Grid:
    return Grid(origin, (0.0, spacing))


def grid(origin: Point, across: float, down: float, per_line: int) -> Grid:
    return Grid(origin, (across, 0.0), per_line, (0.0, down))


@dataclass(frozen=True)
class Fan:
    """A hand held up: pieces on an arc around `centre`, turned with it, at most
    `spread` degrees in all and `most` degrees apart."""

    centre: Point
    radius: float
    spread: float = 60.0
    most: float = 9.0

    def angle(self, n: int, count: int) -> float:
        """How far the n-th of `count` pieces is turned, in degrees (0: upright)."""
        if count <= 1:
            return 0.0
        apart = min(self.most, self.spread / (count - 1))
        return (n - (count - 1) / 2) * apart

    def place(self, n: int, count: int) -> Point:
        turn = math.radians(self.angle(n, count))
        return (
            self.centre[0] + self.radius * math.sin(turn),
            self.centre[1] - self.radius * math.cos(turn),
        )

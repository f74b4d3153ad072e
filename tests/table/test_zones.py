"""Zones lay pieces out: rows and grids wrap, hands fan evenly."""

import math

import pytest

from illusio_table.table import zones


def test_a_grid_wraps_into_lines_and_a_row_never_does():
    room = zones.grid((10, 20), 30, 40, per_line=3)
    assert [room.place(n) for n in range(4)] == [(10, 20), (40, 20), (70, 20), (10, 60)]
    assert zones.row((0, 0), 5).place(1000) == (5000, 0)
    assert zones.column((0, 0), 5).place(3) == (0, 15)


@pytest.mark.parametrize("count", [1, 2, 5, 8, 20])
def test_a_fan_is_symmetric_and_never_wider_than_its_spread(count):
    hand = zones.Fan((0, 0), 100, spread=60, most=9)
    angles = [hand.angle(n, count) for n in range(count)]
    assert angles == sorted(angles) and abs(angles[0] + angles[-1]) < 1e-9
    assert angles[-1] - angles[0] <= 60 + 1e-9
    for n in range(count):
        x, y = hand.place(n, count)
        assert math.isclose(math.hypot(x, y), 100)

"""The colours that tell cards apart stay apart for a person who does not see red and
green as others do. Players found Illusio's green and orange groups, and Illuminati's
green, red and orange alignments, merged under deuteranopia.

Each pair of colours is compared as a deuteranope and a protanope see it (Machado,
Oliveira and Fernandes 2009, full severity, in linear RGB) and as anyone sees it, by
its distance in CIELAB (CIE 1976): at least `APART`. About 2.3 is the least difference a
person notices; 20 is plain at a glance, on a disc the size of a fingernail."""

from __future__ import annotations

from itertools import combinations

import pytest

from illusio_table.games.illuminati.cards import load as load_illuminati
from illusio_table.games.illusio.cards import load as load_illusio

APART = 20.0
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PROTANOPIA = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
EVERYONE = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _linear(hex_colour: str) -> list[float]:
    channels = [int(hex_colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def _lab(hex_colour: str, seen: tuple) -> tuple[float, float, float]:
    rgb = _linear(hex_colour)
    r, g, b = (
        min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in seen
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _distance(one: str, other: str, seen: tuple) -> float:
    a, b = _lab(one, seen), _lab(other, seen)
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def _palettes() -> dict[str, dict[str, str]]:
    return {
        "Illusio's groups": {g.name: g.colour for g in load_illusio().groups},
        "Illusio's domains": {d.name: d.colour for d in load_illusio().domains},
        "Illuminati's alignments": {a.name: a.colour for a in load_illuminati().alignments},
    }


@pytest.mark.parametrize("palette", list(_palettes()))
@pytest.mark.parametrize(
    "seen", [DEUTERANOPIA, PROTANOPIA, EVERYONE], ids=["deuteranopia", "protanopia", "everyone"]
)
def test_the_colours_that_tell_cards_apart_stay_apart(palette, seen):
    colours = _palettes()[palette]
    close = [
        f"{a} and {b}: {_distance(colours[a], colours[b], seen):.1f}"
        for a, b in combinations(colours, 2)
        if _distance(colours[a], colours[b], seen) < APART
    ]
    assert not close, close


def test_the_comparison_finds_red_and_green_alike_for_a_deuteranope():
    """The test can fail: a red and a green of the same lightness, plain to most people,
    are close for a deuteranope."""
    red, green = "#b5651d", "#6b8e23"
    assert _distance(red, green, EVERYONE) > APART
    assert _distance(red, green, DEUTERANOPIA) < APART

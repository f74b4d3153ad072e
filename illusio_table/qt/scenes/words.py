"""Words fitted to the room they have on a table: the one place every table measures text.

Room is measured in pixels of the words' own font, never counted in letters: lines cut by
letter count ran off their cards ("Philosopher's" on an Incantibus spell), and left half
a box empty in a narrow font. Each helper answers one question a table asks:

- `fold`: the text in lines no wider than the room (a box of lines, a tooltip-like panel);
- `cut`: one line cut short with "…" (a label beside another; its tooltip says it whole);
- `largest`: the largest size, down to a least one, at which a line fits (a name on a card);
- `hyphenated`: a word too wide for its room in two lines, broken with a hyphen;
- `fitting`: the largest size and the words at which text fits a box with wrapping (the
  card painters), cut at a word with "…" where even the least size does not;
- `fitted_text`: words painted in a box of a card, at the size `fitting` finds.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from .look import font


@cache
def measure(size: int, bold: bool = False) -> QFontMetricsF:
    """The metrics of the table's font at that size (one per size: a table is measured
    anew at every drawing)."""
    return QFontMetricsF(font(size, bold))


def measure_font(chosen: QFont) -> QFontMetricsF:
    """The metrics of a font a painter holds now (a card painter noting where its words
    lie measures them in the font it wrote them in)."""
    return QFontMetricsF(chosen)


def width_of(text: str, size: int, bold: bool = False) -> float:
    return measure(size, bold).horizontalAdvance(text)


def fold(text: str, width: float, size: int, bold: bool = False, indent: str = "") -> list[str]:
    """The text folded at spaces into lines no wider than `width` pixels (the lines after
    the first begin with `indent`). A word is never cut: one wider than the room is a line
    of its own, so the room must take the longest word. Blank text is one empty line; the
    first line keeps the spaces the text begins with (an indented line stays indented).
    A no-break space holds its neighbours on one line (a number with its words)."""
    metrics = measure(size, bold)
    lines: list[str] = []
    lead = text[: len(text) - len(text.lstrip(" "))]
    for word in (w for w in re.split(r"[^\S\u00a0]+", text) if w):
        if not lines:
            word = lead + word
        elif metrics.horizontalAdvance(wider := f"{lines[-1]} {word}") <= width:
            lines[-1] = wider
            continue
        else:
            word = indent + word
        lines.append(word)
    return lines or [""]


def cut(text: str, width: float, size: int, bold: bool = False) -> str:
    """One line cut short with "…" to `width` pixels (whole if it fits)."""
    return measure(size, bold).elidedText(text, Qt.TextElideMode.ElideRight, width)


def largest(text: str, width: float, size: int, least: int, bold: bool = False) -> int:
    """The largest size from `size` down to `least` at which the line fits `width` pixels
    (`least` if none does: the caller cuts it or lets it go unbolded)."""
    while size > least and width_of(text, size, bold) > width:
        size -= 1
    return size


_CONSONANT = re.compile(r"[^\W\daeiouy]", re.IGNORECASE)  # a letter, not a vowel


def hyphenated(word: str, width: float, size: int, bold: bool = False) -> list[str]:
    """The word as one line where it fits `width` pixels; else in two lines, the first
    ending in a hyphen, broken between two consonants ("Ser-pentine", "Arch-mage"; never
    in "ch", "sh", "th" or "ph"), three letters or more each side, where both fit: the
    break whose longer line is the shortest. Whole where no break fits (the caller makes
    it smaller). A name stays at its neighbours' size and weight this way, in two lines
    where its piece has them: made smaller and unbolded it read as something else."""
    if width_of(word, size, bold) <= width:
        return [word]
    breaks = [
        [word[:n] + "-", word[n:]]
        for n in range(3, len(word) - 2)
        if _CONSONANT.match(word[n - 1]) and _CONSONANT.match(word[n]) and word[n].lower() != "h"
    ]
    fit = [b for b in breaks if all(width_of(part, size, bold) <= width for part in b)]
    return min(fit, key=lambda b: max(width_of(part, size, bold) for part in b), default=[word])


@cache
def fitting(
    text: str, width: float, height: float, size: int, bold: bool, flags: int, least: int = 6
) -> tuple[int, str]:
    """The largest size from `size` down to `least` at which the text fits the box, and
    the text as drawn: whole, or cut at a word with "…" where even `least` is too large
    (remembered: a card is painted again and again with the same words)."""

    def fits(words: str, at: int) -> bool:
        needed = measure(at, bold).boundingRect(QRectF(0, 0, width, 10_000), flags, words)
        return needed.width() <= width + 0.5 and needed.height() <= height + 0.5

    while size > max(least, 6) and not fits(text, size):
        size -= 1
    words = text.split()
    while len(words) > 1 and not fits(text, size):
        words.pop()
        text = " ".join(words) + "…"
    word = text.rstrip("…")  # one word too long for the box: cut within it
    while len(word) > 2 and not fits(text, size):
        word = word[:-1]
        text = word + "…"
    return size, text


def fitted_text(
    painter: QPainter,
    rect: QRectF,
    text: str,
    size: int,
    colour: QColor,
    bold: bool = False,
    flags: Any = Qt.AlignmentFlag.AlignCenter,
    wrap: bool = True,
    least: int = 6,
) -> None:
    """Words in a box of a card, made smaller until they fit it (a long name), down to
    `least` points, and cut short with "…" if that size does not: they never run over
    the card's numbers (the whole words are in the card's tooltip)."""
    flags = int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrap else 0)
    size, text = fitting(text, rect.width(), rect.height(), max(size, 6), bold, flags, least)
    painter.setFont(font(size, bold))
    painter.setPen(colour)
    painter.drawText(rect, flags, text)

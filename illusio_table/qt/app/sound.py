"""The table's sounds: the count before choosing at once, the reveal, a piece landing, a
refused drop.

The project makes them itself: each is a few notes synthesized with the standard library
into a WAV file in the data folder, the first time it is wanted, and played with Qt's
QSoundEffect. Qt Multimedia is loaded at the first sound, not at start-up. With no sound
device (CI, offscreen, a machine without one) or without Qt Multimedia nothing is heard,
and nothing fails.
"""

from __future__ import annotations

import math
import struct
import wave
import zlib
from pathlib import Path
from typing import Any

RATE = 22050  # samples a second: plenty for short tones, small files

# Each sound: notes as (start in seconds, pitch in Hz, length in seconds, loudness 0-1).
NOTES: dict[str, tuple[tuple[float, float, float, float], ...]] = {
    # One tick a syllable, "In… can…", then a bright chord on "to!".
    "count": ((0.0, 880.0, 0.09, 0.5),),
    "to": ((0.0, 523.3, 0.35, 0.35), (0.0, 659.3, 0.35, 0.3), (0.0, 784.0, 0.35, 0.3)),
    # The choices revealed: a quick rising arpeggio.
    "reveal": tuple((0.07 * n, f, 0.22, 0.35) for n, f in enumerate((392.0, 523.3, 659.3, 784.0))),
    # A card or token put down: a short, soft knock.
    "land": ((0.0, 196.0, 0.07, 0.55), (0.0, 392.0, 0.04, 0.2)),
    # A move refused: two low notes going down.
    "refused": ((0.0, 311.1, 0.11, 0.45), (0.12, 233.1, 0.16, 0.45)),
}


def samples(name: str) -> list[int]:
    """The sound as 16-bit samples: each note a sine with a quick attack and a decay."""
    notes = NOTES[name]
    length = max(start + duration for start, _, duration, _ in notes)
    out = [0.0] * int(length * RATE + 0.02 * RATE)
    for start, pitch, duration, loud in notes:
        first = int(start * RATE)
        for i in range(int(duration * RATE)):
            t = i / RATE
            attack = min(1.0, t / 0.005)
            decay = math.exp(-4.0 * t / duration)
            out[first + i] += loud * attack * decay * math.sin(2 * math.pi * pitch * t)
    top = max(abs(v) for v in out) or 1.0
    return [int(28000 * v / top) for v in out]  # every sound as loud, none clipped


def write(name: str, path: Path) -> None:
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(b"".join(struct.pack("<h", v) for v in samples(name)))


class Sounds:
    """Plays the table's sounds while `on` (the View menu's Sound; on by default)."""

    def __init__(self, folder: Path, on: bool = True) -> None:
        self.folder = folder
        self.on = on
        self.heard: list[str] = []  # the sounds played, in order (the tests read it)
        self._effects: dict[str, Any] = {}  # name -> its QSoundEffect, or None: silent

    def play(self, name: str) -> None:
        if not self.on:
            return
        self.heard.append(name)
        effect = self._effect(name)
        if effect is not None:
            effect.play()

    def _effect(self, name: str) -> Any:
        if name in self._effects:
            return self._effects[name]
        effect = None
        try:
            from PySide6.QtCore import QUrl
            from PySide6.QtMultimedia import QSoundEffect
        except (ImportError, OSError):
            pass  # no Qt Multimedia (or no sound library of the system under it): silence
        else:
            path = self.folder / "sounds" / f"{name}-{_version(name)}.wav"
            try:
                if not path.exists():
                    path.parent.mkdir(parents=True, exist_ok=True)
                    write(name, path)
            except OSError:
                pass  # a folder that cannot be written: silence, never an error
            else:
                effect = QSoundEffect()
                effect.setSource(QUrl.fromLocalFile(str(path)))
                effect.setVolume(0.5)
        self._effects[name] = effect
        return effect


def _version(name: str) -> str:
    """A sound's file changes name when its notes change, so an old file is never played."""
    return f"{zlib.crc32(repr(NOTES[name]).encode()):08x}"

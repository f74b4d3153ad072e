"""Illusio's kit: its parts above the rules, declared once (table/kits.py)."""

from __future__ import annotations

from pathlib import Path

from illusio_table.table.kits import Kit

from .table import gestures, guide, prompts

KIT = Kit(
    game_id="illusio",
    rules="illusio_table.games.illusio.game:Illusio",
    gestures=gestures.gestures,
    scene="illusio_table.games.illusio.qt.scene:IllusioScene",
    prompt=prompts.prompt,
    guide=guide.guide,
    picture_moves=40,
    phone=Path(__file__).with_name("phone.js"),
    phone_words=prompts.words,
    cards="illusio_table.games.illusio.cards:load",
    tour="illusio_table.games.illusio.qt.tour:tour",
    rehearsal=None,
    choose_at_once=False,
)

"""Illuminati's kit: its parts above the rules, declared once (table/kits.py)."""

from __future__ import annotations

from pathlib import Path

from illusio_table.table.kits import Kit

from .table import gestures, guide, prompts

KIT = Kit(
    game_id="illuminati",
    rules="illusio_table.games.illuminati.game:IlluminatiGame",
    gestures=gestures.gestures,
    scene="illusio_table.games.illuminati.qt.scene:IlluminatiScene",
    prompt=prompts.prompt,
    guide=guide.guide,
    picture_moves=60,
    phone=Path(__file__).with_name("phone.js"),
    phone_words=prompts.words,
    cards="illusio_table.games.illuminati.cards:load",
    tour="illusio_table.games.illuminati.qt.tour:tour",
    rehearsal=None,
    choose_at_once=False,
)

"""Incantibus's kit: its parts above the rules, declared once (table/kits.py)."""

from __future__ import annotations

from pathlib import Path

from illusio_table.table.kits import Kit, Rehearsal

from .table import gestures, guide, prompts

KIT = Kit(
    game_id="incantibus",
    rules="illusio_table.games.incantibus.game:Incantibus",
    gestures=gestures.gestures,
    scene="illusio_table.games.incantibus.qt.scene:IncantibusScene",
    prompt=prompts.prompt,
    guide=guide.guide,
    picture_moves=16,
    phone=Path(__file__).with_name("phone.js"),
    phone_words=prompts.words,
    cards="illusio_table.games.incantibus.cards:load",
    tour=None,
    rehearsal=Rehearsal(
        label="Rehearse &casting…",
        dialog="illusio_table.games.incantibus.qt.rehearsal:RehearsalDialog",
        coach_label="Casting &coach",
        drill_label="&Drill my mistakes",
        tally="illusio_table.games.incantibus.qt.tally:RehearsalTally",
        chart="illusio_table.games.incantibus.qt.coach_chart:CoachChart",
        drills="illusio_table.table.kept:Drills",
        history="illusio_table.table.kept:CoachHistory",
        files="",  # drills.json, coach.json: the names kept from when it alone rehearsed
    ),
    choose_at_once=True,
)

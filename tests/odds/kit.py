"""Odds and evens' kit: its parts above the rules, declared once (table/kits.py). The
game's entry point names this `KIT` (see `install.py`)."""

from __future__ import annotations

from pathlib import Path

from illusio_table.table.kits import Kit, Rehearsal

from . import table

HERE = __name__.rpartition(".")[0]  # this folder's package, wherever it is imported from

KIT = Kit(
    game_id="odds",
    rules=f"{HERE}.rules:OddsGame",
    gestures=table.gestures,
    scene=f"{HERE}.qt:OddsScene",
    prompt=table.prompt,
    guide=table.guide,
    picture_moves=2,
    phone=Path(__file__).with_name("phone.js"),
    phone_words=None,
    cards=None,
    tour=None,
    rehearsal=Rehearsal(
        label="Rehearse &odds and evens…",
        dialog=f"{HERE}.qt:RehearsalDialog",
        coach_label="Odds &coach",
        drill_label="&Drill my mistakes",
        tally=f"{HERE}.qt:RehearsalTally",
        chart=f"{HERE}.qt:CoachChart",
        drills="illusio_table.table.kept:Drills",
        history="illusio_table.table.kept:CoachHistory",
        files="odds-",
    ),
    choose_at_once=False,
)

"""What a person reads and sees on the Illuminati table, play-test faults each by what is
drawn: the two ways to pass while money goes down say how they differ."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from illusio_table.games.illuminati.actions import PassOnAttack

from .conftest import screenshot, tip_text
from .test_illuminati_table import ana_when, start

ANA_AND_BOTS = [{"name": "Ana", "bot": None}] + [
    {"name": n, "bot": "schemer"} for n in ("Lera", "Milo", "Juno")
]


def button_words(window, kind: str) -> str:
    """The words drawn on a button of the table (its rectangle and the text inside)."""
    button = window.scene.item(("button", kind))
    assert button is not None, kind
    said = [c for c in button.childItems() if isinstance(c, QGraphicsSimpleTextItem)]
    assert len(said) == 1
    return said[0].text()


def test_the_two_ways_to_pass_on_an_attack_say_how_they_differ(window):
    """Asked while money goes down on another's attack, Ana saw "Pass on this attack"
    beside "Pass" and could not tell which to press. Each says what it does: nothing
    this round (asked again if others spend), or out of the attack until its dice."""
    start(window, ANA_AND_BOTS, seed=3)
    game = window.model.session.game
    assert ana_when(
        window,
        lambda legal: PassOnAttack() in legal and any(a.kind == "pass" for a in legal),
        rounds=400,
    )
    window._update()
    QApplication.processEvents()
    this_round, whole = button_words(window, "pass"), button_words(window, "pass-on-attack")
    assert game.phase == "spending"
    assert this_round == "Nothing this round"
    assert whole == "Out of this attack"
    # Neither is the other with words added, nor a bare "Pass".
    assert not whole.startswith(this_round) and not this_round.startswith(whole)
    assert "Pass" not in (this_round, whole)
    assert "asked again" in tip_text(window.scene.item(("button", "pass")))
    assert "not asked again" in tip_text(window.scene.item(("button", "pass-on-attack")))
    screenshot(window, "illuminati-two-ways-to-pass")

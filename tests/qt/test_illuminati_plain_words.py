"""What a person reads and sees on the Illuminati table, play-test faults each by what is
drawn: the two ways to pass while money goes down say how they differ; a privilege
nobody can buy is plain words, not a button that does nothing; one's own structure keeps its
place from an attack's set-up to its money."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from illusio_table.games.illuminati.actions import Attack, PassOnAttack
from illusio_table.games.illuminati.qt.scene import AttackSetUp
from illusio_table.qt.scenes.look import PIECE

from .conftest import item_parents, screenshot, tip_text
from .illusio_table_checks import click, drag
from .test_illuminati_table import ANA_AND_LERA, ana_when, start

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
    # The Moves panel and the phones say the same (they said "Spend nothing more" and
    # "Pass on this attack" beside these buttons).
    said = {a.kind: game.describe(a, 0) for a in game.legal_actions(0)}
    assert said["pass"].startswith(f"{this_round} (") and said["pass-on-attack"].startswith(whole)
    assert "asked again" in tip_text(window.scene.item(("button", "pass")))
    assert "not asked again" in tip_text(window.scene.item(("button", "pass-on-attack")))
    screenshot(window, "illuminati-two-ways-to-pass")


def test_no_privilege_to_buy_reads_as_plain_words_that_say_what_one_is(window):
    """With no Special to discard and not the Bavarians, an attack can only be plain:
    the panel showed "● not privileged" on what looked like a button, which did nothing.
    It is plain words now (no button under them, nothing to click or reach by keyboard),
    and their tooltip says what a privileged attack is and why there is none."""
    start(window, ANA_AND_LERA, seed=2)
    game = window.model.session.game
    assert game.illuminati[0] != "bavarian-illuminati" and not game.specials[0]

    def plain_only(legal):
        attacks = [a for a in legal if isinstance(a, Attack)]
        return attacks[0] if attacks and not [a for a in attacks if a.privilege] else None

    attack = ana_when(window, plain_only, rounds=200)
    scene = window.scene
    drag(window, ("group", attack.attacker), ("group", attack.target))
    assert isinstance(scene.composing, AttackSetUp)
    said = [i for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    privileged = [i for i in said if "privileged" in i.text().lower()]
    assert [i.text() for i in privileged] == ["Not privileged"]
    words = privileged[0]
    assert words not in item_parents(scene), "drawn on a button"
    assert not [k for k in scene.targets if k[:2] == ("plan", "privilege")]
    assert not [k for k in scene.composing.choices() if k[:2] == ("plan", "privilege")]
    tip = tip_text(words)
    assert "only the attacker and the defender may spend on it" in tip
    assert "You have nothing to pay with." in tip
    screenshot(window, "illuminati-attack-not-privileged")


def own_place(window) -> tuple[QRectF, QRectF]:
    """Where one's own Illuminati card lies, in the scene and in the view (the window's
    pixels), once the table is drawn for the view it shows now."""
    QApplication.processEvents()
    window.scene.finish_glide()
    game = window.model.session.game
    key = ("group", game.illuminati[0])
    [item] = [i for i in window.scene.items() if i.data(PIECE) == key]
    box = item.sceneBoundingRect()
    return box, QRectF(window.table.mapFromScene(box).boundingRect())


def test_ones_own_structure_stays_put_from_the_attack_set_up_to_its_money(window):
    """Ana sets an attack up (the panel lights where a capture may hang round her
    structure), then announces it and money goes down: her own area re-centred and her
    cards changed size between the two, so the table jumped under her eyes. It lies
    where it lay, to the pixel."""
    window.resize(1280, 720)
    start(window, ANA_AND_LERA, seed=2)
    game = window.model.session.game

    def control(legal):  # (one that may succeed as it stands: its Attack button is live)
        return next(
            (
                a
                for a in legal
                if isinstance(a, Attack)
                and a.how == "control"
                and not a.aiders
                and not a.privilege
                and "at least" not in game.hint(a, 0)
            ),
            None,
        )

    attack = ana_when(window, control, rounds=200)
    window._update()
    before = own_place(window)
    drag(window, ("group", attack.attacker), ("group", attack.target))
    assert isinstance(window.scene.composing, AttackSetUp)
    set_up = own_place(window)
    click(window, ("plan", "go"))
    assert game.phase == "spending" and game.attack is not None
    money = own_place(window)
    screenshot(window, "illuminati-own-area-in-the-money-round")
    for one, other in ((before, set_up), (set_up, money)):
        for a, b in zip(one, other, strict=True):
            assert (
                max(
                    abs(a.left() - b.left()),
                    abs(a.top() - b.top()),
                    abs(a.width() - b.width()),
                    abs(a.height() - b.height()),
                )
                <= 1
            ), (one, other)


def test_an_attack_of_one_kind_only_says_its_kind_in_plain_words(window):
    """Where a target can be attacked in one way only (a Group without Power cannot be
    destroyed, nor an uncontrolled one neutralized), the panel drew "● control" as a
    button that did nothing when pressed. It says "To control" in plain words, its
    tooltip what the kinds of attack are; a choice of kinds is still buttons."""
    start(window, ANA_AND_LERA, seed=2)

    def one_kind(legal):
        kinds: dict[tuple[str, str], set[str]] = {}
        for a in legal:
            if isinstance(a, Attack):
                kinds.setdefault((a.attacker, a.target), set()).add(a.how)
        alone = [pair for pair, hows in kinds.items() if len(hows) == 1]
        return alone[0] if alone else None

    attacker, target = ana_when(window, one_kind, rounds=200)
    scene = window.scene
    drag(window, ("group", attacker), ("group", target))
    plan = scene.composing
    assert isinstance(plan, AttackSetUp)
    said = [i for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    [words] = [i for i in said if i.text() == f"To {plan.how}"]
    assert words not in item_parents(scene), "drawn on a button"
    assert not [i for i in said if i.text().lstrip("● ") == plan.how], "a button of one kind"
    assert not [k for k in plan.choices() if k[:2] == ("plan", "how")]
    assert f"An attack to {plan.how}" in tip_text(words)
    assert "To destroy:" in tip_text(words)
    screenshot(window, "illuminati-attack-of-one-kind")


def test_the_ufos_card_shows_the_power_it_attacks_with_under_hidden_goals():
    """With hidden goals the UFOs attack with 7 (their printed 6, +1): the card said 6/6
    and its reader "Power 6", beside an attack counting +7. The card says 7, and its
    words say where the 1 comes from."""
    from illusio_table.games.illuminati.qt.conspiracy import ConspiracyCard
    from tests.games.illuminati.helpers import with_illuminati

    game = with_illuminati("ufos", hidden_goals=True)
    mine = next(s for s in game.view(game.current)["structures"] if s["seat"] == game.current)
    face = next(c for c in mine["cards"] if c["id"] == "ufos")
    look = card_look(game)
    printed = look.illuminati["ufos"]
    assert ConspiracyCard(look, face, 120, 80)._numbers()[0] == (
        f"{printed.power + 1}/{printed.transferable}"
    )
    said = " ".join(look.brief(face) + look.words(face))
    assert f"Power {printed.power + 1} ({printed.power}, +1 with hidden goals)" in said


def card_look(game):
    from illusio_table.games.illuminati.qt.conspiracy import Look

    return Look(type(game).card_data())

"""An Illusio Objective's needs read on a phone as on the desktop's large card: a type by
its name, a group as "any of the Tricks", and the Contest says once that another type of a
named type's group may stand for it (the rulebook's accuracy rule)."""

from __future__ import annotations

import pytest

from tests.games.illusio.helpers import (
    give_work,
    set_backstage,
    set_magician,
    to_contest,
    turn_into,
)

from .browser import SCREENSHOTS, looks_right, needs_browser, open_phone, page_state

pytestmark = [needs_browser, pytest.mark.browser]

ANA_AND_A_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


def table_text(qtbot, hosting, stage, shot: str) -> str:
    """The words of Ana's phone's table, a match with Robo staged by `stage`: once shown,
    with no script error, laid out right, its picture saved as `shot`."""
    model, hub = hosting("illusio", ANA_AND_A_BOT, seed=4, stage=stage)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        text = phone.find_element("id", "table").text
        errors = [e["message"] for e in phone.get_log("browser") if e["source"] == "javascript"]
        assert not errors, errors
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / shot))
        return text
    finally:
        phone.quit()


def test_the_phone_reads_an_objectives_needs_as_the_desktop_does(qtbot, hosting):
    def stage(game) -> None:
        to_contest(game, "phantom-dove")

    text = table_text(qtbot, hosting, stage, "phone-illusio-needs.png")
    assert "needs Dove, Smoke, any of the Tricks" in text
    assert "Any card of a named Component's group may stand in for it" in text


def stage_a_turned_card_and_a_trick_on_display(game) -> None:
    (dove,) = set_backstage(game, 0, "dove")
    turn_into(game, dove, "rope")
    give_work(game, 1, "phantom-dove", "dove", "smoke", "curtain")  # (Robo plays first)


def test_a_turned_card_and_a_trick_on_display_read_on_the_phone_as_on_the_desktop(qtbot, hosting):
    """Ana's Dove turned into a Rope is titled Rope, "was Dove" under it, as the desktop's card
    says it (the phone titled it Dove, "now rope" under it: the kind's id, and a Dove to
    the eye); Robo's trick on display says so, without "· 0 missing"."""
    model, hub = hosting(
        "illusio", ANA_AND_A_BOT, seed=4, stage=stage_a_turned_card_and_a_trick_on_display
    )
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        (backstage,) = [
            z for z in phone.find_elements("css selector", ".zone") if "Backstage" in z.text
        ][:1]
        lines = backstage.text.splitlines()
        assert "Rope" in lines and "was Dove" in lines, lines
        assert "Dove" not in lines and not any(line.startswith("now ") for line in lines)
        text = phone.find_element("id", "table").text
        assert "On display" in text and "0 missing" not in text
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-illusio-turned-card.png"))
    finally:
        phone.quit()


def test_a_magicians_talent_reads_across_the_width_of_its_box(qtbot, hosting):
    """The magician's box on the phone spans the seat's width, and its talent runs across
    it: Fingers Malone's talent, folded into a column of a quarter of the box, ran to nine
    lines. Each line of the box (name and talent) uses most of the box's width, the talent
    in three lines or fewer."""

    def stage(game) -> None:
        set_magician(game, 1, "malone")

    model, hub = hosting("illusio", ANA_AND_A_BOT, seed=4, stage=stage)
    name = model.session.game.magicians[1].name
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        boxes = phone.execute_script(
            """
            return [...document.querySelectorAll('.piece.dark')].map((box) => {
              const inner = box.clientWidth - parseFloat(getComputedStyle(box).paddingLeft)
                - parseFloat(getComputedStyle(box).paddingRight);
              const talent = box.querySelector('.num');
              return {
                name: box.querySelector('b').textContent, inner: inner,
                width: talent.getBoundingClientRect().width,
                lines: Math.round(talent.getBoundingClientRect().height
                  / parseFloat(getComputedStyle(talent).lineHeight)),
              };
            });
            """
        )
        (malone,) = [b for b in boxes if b["name"] == name]
        for box in boxes:
            assert box["width"] >= 0.9 * box["inner"], box
        assert malone["lines"] <= 3, malone
        looks_right(phone)
        phone.execute_script("document.querySelector('.piece.dark').scrollIntoView()")
        phone.save_screenshot(str(SCREENSHOTS / "phone-illusio-magicians.png"))
    finally:
        phone.quit()


def test_a_trick_being_built_names_what_it_still_lacks_on_the_phone(qtbot, hosting):
    """Robo's Phantom Dove (Dove, Smoke, any of the Tricks) with a Smoke around it: the
    phone names what is missing, as the desktop's tooltip does ("Being built · 1 missing"
    left a person to work out which)."""

    def stage(game) -> None:
        give_work(game, 1, "phantom-dove", "smoke")

    text = table_text(qtbot, hosting, stage, "phone-illusio-missing.png")
    assert "Being built · missing: Dove and any of the Tricks" in text, text


def test_at_the_end_a_trick_on_display_says_on_the_phone_it_scored_nothing(qtbot, hosting):
    """At the game's end Robo's trick on display was never scored (his next turn never
    came), and Ana's unfinished one scored nothing: the phone says so of each, as the
    desktop does (it said "On display", as if it still would be scored)."""
    from tests.games.illusio.helpers import set_over

    def stage(game) -> None:
        give_work(game, 1, "phantom-dove", "dove", "smoke", "curtain")
        give_work(game, 0, "knotted-silk", "scarf")
        set_over(game)

    text = table_text(qtbot, hosting, stage, "phone-illusio-over-on-display.png")
    assert "On display when the game ended · not scored" in text, text
    assert "Not finished · missing: any of the Accessories · no points" in text, text

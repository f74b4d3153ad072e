"""An Illusio Objective's needs read on a phone as on the desktop's large card: a type by
its name, a group as "any of the Tricks", and the Contest says once that another type of a
named type's group may stand for it (the rulebook's accuracy rule)."""

from __future__ import annotations

import pytest

from tests.games.illusio.helpers import to_contest

from .browser import SCREENSHOTS, looks_right, needs_browser, open_phone, page_state

pytestmark = [needs_browser, pytest.mark.browser]

ANA_AND_A_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


def test_the_phone_reads_an_objectives_needs_as_the_desktop_does(qtbot, hosting):
    model, hub = hosting(
        "illusio", ANA_AND_A_BOT, seed=4, stage=lambda game: to_contest(game, "phantom-dove")
    )
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        text = phone.find_element("id", "table").text
        assert "needs Dove, Smoke, any of the Tricks" in text
        assert "Any card of a named Component's group may stand in for it" in text
        errors = [e["message"] for e in phone.get_log("browser") if e["source"] == "javascript"]
        assert not errors, errors
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-illusio-needs.png"))
    finally:
        phone.quit()

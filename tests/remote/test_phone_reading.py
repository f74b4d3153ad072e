"""What a person reads on a phone (Debian's chromium at 390×844, and a laptop's
1280×720): a heading that leaves the screen to the table, no word broken in two, no label
cut, whose turn it is, and the rehearsal coach's review where a player looks after the
reveal: under the room pointed at, in the first screenful, its numbers said in words with
a legend for every mark."""

from __future__ import annotations

import pytest

from .browser import SCREENSHOTS, looks_right, needs_browser, open_phone, page_state

pytestmark = [needs_browser, pytest.mark.browser]

PLAYERS = [
    {"name": "Ana", "bot": None},
    {"name": "Lera", "bot": None},
    {"name": "Robo", "bot": "random"},
]
SIZES = [(390, 844), (1280, 720)]

# Words a line break cut in two: each word (a hyphen or slash may end a part of one) whose
# text lies on more than one line.
SPLIT_WORDS = """
const split = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const up = n.parentElement;
  if (!up || !up.offsetParent) continue;
  for (const m of n.textContent.matchAll(/[^\\s\\-\\/–—]+[\\-\\/–—]?/g)) {
    const r = document.createRange();
    r.setStart(n, m.index);
    r.setEnd(n, m.index + m[0].length);
    const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0)
      .map((x) => Math.round(x.top)));
    if (tops.size > 1) split.push(m[0]);
  }
}
return split;
"""

# Elements whose words run out of their box, cut (a scrolling box excepted).
CLIPPED = """
return [...document.querySelectorAll(arguments[0])]
  .filter((n) => n.offsetParent && n.scrollWidth > n.clientWidth + 1)
  .map((n) => n.textContent);
"""

# A rehearsal's tally as the host sends it to the heading's note (three lines, the last
# the coach's verdict) and a chart of the coach's review of a casting.
TALLY = (
    "Rehearsal — castings: 3 · got what you pointed at: 2 of 3 · 1.3 points a casting\n"
    "Casting 3: you pointed at the Pumpkin and got it (Lera pointed at the 3 Gold).\n"
    "Coach on casting 3: Given what the others did, secret token 5 was best; your choice: a "
    "mistake of 2.0 points ± 0.9."
)
CHART = {
    "casting": 3,
    "targets": [
        {
            "words": "the 3 Gold",
            "behind": 2.0,
            "behind_before": 0.5,
            "chosen": True,
            "best": False,
            "margin": 0.9,
        },
        {
            "words": "secret token 5",
            "behind": 0.0,
            "behind_before": 0.0,
            "chosen": False,
            "best": True,
            "margin": 0.9,
        },
        {
            "words": "the book “Any 2 tokens” (paying Spell, Ultimus)",
            "behind": 3.3,
            "behind_before": 2.1,
            "chosen": False,
            "best": False,
        },
        {
            "words": "the Trap",
            "behind": 5.7,
            "behind_before": 6.2,
            "chosen": False,
            "best": False,
            "margin": 1.4,
        },
    ],
    "costs": [0.0, 1.2, 2.0],
    "average": 1.07,
    "past": [3.0, 2.25, 1.07],
    "said": [
        "Lera's wand 4 was the stronger there.",
        "Given what the others did, secret token 5 was best; your choice: a mistake of "
        "2.0 points ± 0.9.",
    ],
}


def _header(phone) -> float:
    return phone.execute_script("return document.getElementById('top').offsetHeight")


@pytest.mark.parametrize("game_id", ["incantibus", "illusio", "illuminati"])
def test_the_heading_leaves_the_screen_to_the_table_and_breaks_no_word(qtbot, hosting, game_id):
    """The sticky heading takes at most an eighth of a portrait phone (it took 28 %) and
    of a laptop's page, its words whole and at least 12 px; no word on the page is broken
    across two lines (a card said "Semiconscio us"), none is cut."""
    model, hub = hosting(game_id, PLAYERS, seed=4)
    hub.note(0, TALLY)  # (a rehearsal's three lines: the longest heading there is)
    for width, height in SIZES:
        phone = open_phone(hub.give(0), width, height)
        try:
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
            qtbot.waitUntil(lambda p=phone: bool(p.find_elements("css selector", "main section")))
            # The longest name of all, on a card of the page's own drawing, in a row.
            phone.execute_script(
                "const row = el('div', 'row'); document.getElementById('table').append(row);"
                "row.append(card(null, 'Semiconscious Liberation Army', {lines: ['P 0/0']}),"
                " card(null, 'Trekkies', {lines: ['Semiconscious']}))"
            )
            phone.save_screenshot(str(SCREENSHOTS / f"phone-heading-{game_id}-{width}.png"))
            assert _header(phone) <= 0.125 * height, f"the heading takes {_header(phone)} px"
            assert phone.execute_script(SPLIT_WORDS) == []
            assert phone.execute_script(CLIPPED, "header > :not(#note), .piece, .piece > *") == []
            looks_right(phone)
            phone.execute_script(
                "document.querySelector('main > .row:last-child').scrollIntoView()"
            )
            phone.save_screenshot(str(SCREENSHOTS / f"phone-long-word-{game_id}-{width}.png"))
            # The whole note, on a tap on the heading; folded again on another.
            phone.find_element("id", "note").click()
            assert "Coach on casting 3" in phone.find_element("id", "note").text
            assert phone.execute_script(SPLIT_WORDS) == []
            phone.find_element("id", "note").click()
            assert _header(phone) <= 0.125 * height
        finally:
            phone.quit()


def test_an_illuminati_card_in_a_power_structure_widens_to_its_longest_word(qtbot, hosting):
    """A Group in one's own Power Structure on the phone holds its whole name: a word
    longer than the card's usual width widens the card ("Parent/Teacher" and
    "Agglomeration" ran out past its right edge, the grid held the card to 118 px)."""
    from tests.games.illuminati.helpers import own

    def stage(game) -> None:
        own(game, 0, "parent-teacher-agglomeration")
        own(game, 0, "semiconscious-liberation-army")

    model, hub = hosting("illuminati", PLAYERS, seed=4, stage=stage)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        qtbot.waitUntil(lambda: "Agglomeration" in phone.find_element("id", "table").text)
        phone.execute_script("document.querySelector('.seat.me').scrollIntoView()")
        phone.save_screenshot(str(SCREENSHOTS / "phone-illuminati-long-word-in-structure.png"))
        over = phone.execute_script(
            """
            const out = [];
            for (const card of document.querySelectorAll('.seat.me .structure > .piece')) {
              const box = card.getBoundingClientRect();
              for (const part of card.querySelectorAll(':scope > b')) {
                const r = document.createRange();
                r.selectNodeContents(part);
                for (const line of r.getClientRects()) {
                  if (line.right > box.right - 2) out.push([part.textContent, line.right]);
                }
              }
            }
            return out;
            """
        )
        assert over == [], over
        assert phone.execute_script(SPLIT_WORDS) == []
        looks_right(phone)
    finally:
        phone.quit()


def test_illusios_phone_says_whose_turn_it_is(qtbot, hosting):
    """Each seat's phone says whose turn it is: "Your turn" on the player's, the player's
    name on the others' ("Turn 40 · 2 actions left" said neither)."""
    model, hub = hosting("illusio", PLAYERS, seed=4)
    current = model.session.game.view(0)["current"]
    name = PLAYERS[current]["name"]
    for seat in (0, 1):
        phone = open_phone(hub.give(seat))
        try:
            qtbot.waitUntil(lambda p=phone: page_state(p) is not None, timeout=15000)
            qtbot.waitUntil(lambda p=phone: "Turn " in p.find_element("id", "table").text)
            said = phone.find_element("id", "table").text
            whose = "Your turn" if seat == current else f"{name}'s turn"
            assert f"Turn 1: {whose}, " in said, said
        finally:
            phone.quit()


def test_the_coachs_review_comes_under_the_room_in_the_first_screen_with_a_legend(qtbot, hosting):
    """After a reveal, the coach's review is within the first screenful of a portrait
    phone, right under the room pointed at (it sat at the foot of a page thousands of
    pixels tall): its verdict in its
    heading, each target's points behind the best (the best at 0), a legend for the bar,
    diamond, whisker, yours and the best; every mark inside its track; no label cut or
    word broken. Folded, it stays folded until the next casting's review."""
    model, hub = hosting("incantibus", PLAYERS, seed=3, options={"mode": "apprentice"})
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        hub.note(0, TALLY)
        hub.coach(0, CHART)
        rows = lambda: phone.find_elements("css selector", ".coach-row:not(.coach-scale)")  # noqa: E731
        qtbot.waitUntil(lambda: len(rows()) == 4, timeout=5000)
        page = phone.execute_script("return document.documentElement.scrollHeight")
        top = phone.execute_script(
            "return document.querySelector('.coach').getBoundingClientRect().top"
        )
        room = phone.execute_script(
            "return document.querySelector('.pointing').getBoundingClientRect().top"
        )
        # Right under the room pointed at (still in sight above it), the review's heading
        # within the first screenful of a page several screens tall.
        assert _header(phone) <= room < top < 844 - 60, f"the coach at {top} px"
        assert page > 2 * 844
        summary = phone.find_element("css selector", ".coach summary").text
        assert summary == "Coach — casting 3: your choice was 2.0 points behind the best"
        said = [r.find_element("css selector", ".coach-label").text for r in rows()]
        assert said == [
            "the 3 Gold: 2.0 behind (yours)",
            "secret token 5: the best ★",
            "the book “Any 2 tokens” (paying Spell, Ultimus): 3.3 behind",
            "the Trap: 5.7 behind",
        ]
        text = phone.find_element("css selector", ".coach").text
        assert "How many points each target was behind the best:" in text
        for key in (
            "Bar: points behind the best, given what the others chose",
            "Diamond: points behind the best before the reveal, as they were likely to choose",
            "Whisker: the coach's ± on a bar or a diamond — one that reaches 0 is too close "
            "to call",
            "Your choice",
            "The best ★ (0)",
        ):
            assert key in text, key
        assert "-" not in "".join(said)  # no worth below 0: the best is 0
        # Bars from 0 as long as the points behind; none for the best (a dot at 0).
        widths = [
            [b.size["width"] for b in r.find_elements("css selector", ".coach-bar")] for r in rows()
        ]
        assert widths[1] == [] and widths[0][0] < widths[2][0] < widths[3][0]
        assert abs(widths[3][0] / widths[0][0] - 5.7 / 2.0) < 0.1
        marks = phone.execute_script(
            """
            const out = [];
            for (const track of document.querySelectorAll('.coach-track')) {
              const t = track.getBoundingClientRect();
              for (const m of track.children) {
                const r = m.getBoundingClientRect();
                out.push([m.className, r.left - t.left, t.right - r.right]);
              }
            }
            return out;
            """
        )
        assert all(left >= -0.5 and right >= -0.5 for _, left, right in marks), marks
        # Each whisker across its bar's end; none for the best (its ± is to the next one).
        for row, margin in zip(rows(), (0.9, 0.0, 0.0, 1.4), strict=True):
            whiskers = row.find_elements("css selector", ".coach-whisker")
            assert len(whiskers) == (margin > 0)
            if whiskers:
                bar = row.find_element("css selector", ".coach-bar")
                end = bar.location["x"] + bar.size["width"]
                box = whiskers[0]
                assert abs(box.location["x"] + box.size["width"] / 2 - end) <= 2
        assert "Cost a casting (points): 0.0, 1.2, 2.0; average 1.1" in text
        assert (
            "Average cost, your last 3 rehearsals: 3.0 → 1.1" in text
        )  # (selenium reads its no-break spaces as spaces)
        assert phone.execute_script(SPLIT_WORDS) == []
        assert phone.execute_script(CLIPPED, ".coach *") == []
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-coach-first.png"))
        # Folded by a tap on its heading: the table comes up; it stays folded on a redraw.
        phone.find_element("css selector", ".coach summary").click()
        hub.note(0, TALLY + " ")  # (a new state: the page draws again)
        qtbot.wait(300)
        assert not phone.execute_script("return document.querySelector('.coach').open")
        phone.save_screenshot(str(SCREENSHOTS / "phone-coach-folded.png"))
        hub.coach(0, {**CHART, "casting": 4})  # the next casting's review opens
        qtbot.waitUntil(
            lambda: phone.execute_script("return document.querySelector('.coach').open"),
            timeout=5000,
        )
    finally:
        phone.quit()


# The same review with the coach's ± before the reveal (a whisker on each diamond but the
# best's then) and the longest names its targets take.
LONG_CHART = {
    **CHART,
    "targets": [
        {
            **CHART["targets"][0],
            "words": "the book “2 Potions” (paying 2 Gold)",
            "margin_before": 1.1,
        },
        {**CHART["targets"][1], "margin_before": 0.8},
        {
            **CHART["targets"][2],
            "words": "the book “Any 2 tokens” (paying 2 identical weapons, 2 different "
            "ingredients)",
            "margin_before": 2.9,
        },
        {**CHART["targets"][3], "margin_before": 1.6},
    ],
}


def test_the_phones_diamonds_carry_their_whiskers_and_its_labels_read_whole(qtbot, hosting):
    """On a 360 px portrait phone: each diamond (a target's worth before the reveal) has a
    whisker of its ± then, centred on it and as wide as the ±, under the bar's own (none
    on the diamond at 0, whose ± is against the next one); the legend says a whisker is on
    a bar or a diamond; every label reads whole (none cut, no word broken)."""
    model, hub = hosting("incantibus", PLAYERS, seed=3, options={"mode": "apprentice"})
    phone = open_phone(hub.give(0), 360, 740)
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        hub.coach(0, LONG_CHART)
        rows = lambda: phone.find_elements("css selector", ".coach-row:not(.coach-scale)")  # noqa: E731
        qtbot.waitUntil(lambda: len(rows()) == 4, timeout=5000)
        said = [r.find_element("css selector", ".coach-label").text for r in rows()]
        for t, label in zip(LONG_CHART["targets"], said, strict=True):
            assert label.startswith(f"{t['words']}: "), label
        text = phone.find_element("css selector", ".coach").text
        assert "Whisker: the coach's ± on a bar or a diamond" in text
        # Each row's marks, as drawn: [class, left, right, top, bottom] (the diamond's box
        # is its turned square's, centred where it stands).
        drawn = phone.execute_script(
            """
            return [...document.querySelectorAll('.coach-row:not(.coach-scale)')].map((row) =>
              [...row.querySelectorAll('.coach-track > *')].map((m) => {
                const r = m.getBoundingClientRect();
                return [m.className, r.left, r.right, r.top, r.bottom];
              }));
            """
        )
        unit = None  # px a point, from the first bar
        for marks, t in zip(drawn, LONG_CHART["targets"], strict=True):
            kind = {m[0]: m[1:] for m in marks}
            assert ("coach-before-whisker" in kind) == (t["behind_before"] != 0), marks
            if "coach-bar" in kind and unit is None:
                unit = (kind["coach-bar"][1] - kind["coach-bar"][0]) / t["behind"]
            if "coach-before-whisker" in kind:
                left, right, top, bottom = kind["coach-before-whisker"]
                d_left, d_right, d_top, d_bottom = kind["coach-before"]
                assert abs((left + right) / 2 - (d_left + d_right) / 2) <= 1, marks
                assert abs((top + bottom) / 2 - (d_top + d_bottom) / 2) <= 1, marks
                assert abs(right - left - 2 * t["margin_before"] * unit) <= 1.5, marks
            if "coach-whisker" in kind and "coach-before-whisker" in kind:  # the bar's above
                assert kind["coach-whisker"][3] < kind["coach-before-whisker"][2], marks
        track = phone.find_element("css selector", ".coach-track")
        assert track.size["height"] >= 24
        assert phone.execute_script(SPLIT_WORDS) == []
        assert phone.execute_script(CLIPPED, ".coach *") == []
        assert "…" not in text
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-coach-360.png"))
    finally:
        phone.quit()


def test_an_illuminati_phone_says_a_roll_only_with_its_own_attack(qtbot, hosting):
    """Under an attack under way the phone says nothing of the last attack's dice ("Last
    roll 12: failed" stayed there, read as this attack's); with none under way it names
    the attack its dice belong to."""
    import random

    def stage(game) -> None:
        rng = random.Random(5)
        for _ in range(800):
            if game.attack is not None and game.attack.roll is None and game.outcome:
                return
            seat = min(game.to_act())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        raise AssertionError("no second attack")

    model, hub = hosting("illuminati", PLAYERS, seed=5, stage=stage)
    game = model.session.game
    done = game.outcome
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        qtbot.waitUntil(lambda: " attacks (" in phone.find_element("id", "table").text)
        text = phone.find_element("id", "table").text
        assert "Last roll" not in text and f"rolled {done.roll}," not in text, text
        phone.save_screenshot(str(SCREENSHOTS / "phone-illuminati-attack-under-way.png"))
    finally:
        phone.quit()


def test_an_incantibus_phone_numbers_each_hidden_sorcerer_and_says_what_defeats_the_others(
    qtbot, hosting
):
    """In the final battle the phone's dungeon names each face-down sorcerer by the number
    its moves fight it by ("hidden 2": it said "face down" while the moves said "Fight
    hidden sorcerer 2"), and each face-up one with what defeats it, as the big screen does
    (it gave only the points)."""
    from illusio_table.games.incantibus.actions import Point
    from tests.games.incantibus.helpers import point, set_room, to_dungeon

    def stage(game) -> None:
        to_dungeon(game, [("white-lady", True), ("witch-indigo", False), ("magister-ramus", False)])
        set_room(game, [("gold-1", True), ("gold-2", True), ("gold-3", True)])
        point(game, {s: Point("room", s) for s in range(game.seats)})

    model, hub = hosting("incantibus", PLAYERS, seed=4, stage=stage)
    assert [s["face_up"] for s in model.session.game.view(0)["dungeon"]] == [True, False, False]
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        text = phone.find_element("id", "table").text
        assert "hidden 2" in text and "hidden 3" in text and "face down" not in text, text
        assert "defeated by ghost" in text, text
        qtbot.waitUntil(lambda: bool(page_state(phone)["moves"]), timeout=15000)  # (after "to!")
        moves = [m["words"] for m in page_state(phone)["moves"]]
        assert "Fight hidden sorcerer 2" in moves, moves
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-incantibus-dungeon.png"))
    finally:
        phone.quit()


def test_an_incantibus_phone_says_the_spells_cast_and_the_rooms_end_as_the_big_screen(
    qtbot, hosting
):
    """Ana takes a spell token and casts Fortuna, and the room's last token falls into
    the moat: the phone's Last casting lists each target, then what her spell gave and
    the room's end, the very lines the big screen's box is made of (it listed the targets
    alone)."""
    from illusio_table.games.incantibus.actions import Cast, Point
    from illusio_table.games.incantibus.table import prompts
    from tests.games.incantibus.helpers import open_spells, point, set_room, set_wands

    def stage(game) -> None:
        set_room(game, [("spell", True), ("gold-3", True), ("gold-2", True), ("gold-1", True)])
        set_wands(game, 1, 2, 3)
        open_spells(game, "fortuna", "oculus", "retiro")
        point(game, {s: Point("room", s) for s in range(game.seats)})
        game.apply(0, Cast(0))

    model, hub = hosting("incantibus", PLAYERS, seed=4, stage=stage)
    match = model.session.match
    names = [p["name"] for p in PLAYERS]
    view = match.view(0)
    after = prompts.aftermath(view, names, match.since_reveal(0))
    assert any(line.startswith("Ana casts Fortuna: ") for line in after), after
    assert any("its last token (1 Gold) to the moat" in line for line in after), after
    wanted = [e["line"] for e in view["last_casting"]] + after
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        text = phone.find_element("id", "table").text
        told = text[text.lower().index("last casting") :].splitlines()[1:]
        assert told[: len(wanted)] == wanted, (told, wanted)
        looks_right(phone)
        phone.save_screenshot(str(SCREENSHOTS / "phone-incantibus-last-casting.png"))
    finally:
        phone.quit()


def test_an_illuminati_power_structure_wider_than_the_phone_is_folded_not_cut(qtbot, hosting):
    """A Power Structure five cards wide fits a phone held upright (390 px): nothing of it
    scrolls sideways or runs past its box, no word is cut (a card at the right edge
    showed "Evil Genius… / Tomor…" and its "15 MB" cut off), and each folded card says
    where it hangs."""
    from tests.games.illuminati.helpers import own

    wide = [
        "flat-earthers",
        "copy-shops",
        "evil-geniuses-for-a-better-tomorrow",
        "goldfish-fanciers",
        "semiconscious-liberation-army",
    ]

    def stage(game) -> None:
        structure = game.structures[0]
        for group in wide:  # each hung where it widens the structure most
            xs = [structure.places[c].cell[0] for c in structure]
            spots = [
                (abs(structure.target(c, side)[0] - sum(xs) / len(xs)), c, side)
                for c in list(structure)
                for side in structure.free_arrows(c)
                if structure.target(c, side)[0] not in range(min(xs), max(xs) + 1)
            ]
            _, master, side = max(spots, default=(0, None, None))
            own(game, 0, group, master, side)
        xs = [structure.places[c].cell[0] for c in structure]
        assert max(xs) - min(xs) + 1 >= 4, "the structure is not wide"

    model, hub = hosting("illuminati", PLAYERS, seed=4, stage=stage)
    phone = open_phone(hub.give(0))
    try:
        qtbot.waitUntil(lambda: page_state(phone) is not None, timeout=15000)
        qtbot.waitUntil(lambda: "Goldfish" in phone.find_element("id", "table").text)
        phone.execute_script("document.querySelector('.seat.me').scrollIntoView()")
        phone.save_screenshot(str(SCREENSHOTS / "phone-illuminati-wide-structure.png"))
        grid = ".seat.me .structure"
        room, need = phone.execute_script(
            f"const g = document.querySelector('{grid}'); return [g.clientWidth, g.scrollWidth]"
        )
        assert need <= room + 1, f"the structure scrolls sideways: {need} px in {room}"
        box = phone.execute_script(
            f"return document.querySelector('{grid}').getBoundingClientRect().right"
        )
        past = phone.execute_script(
            f"""return [...document.querySelectorAll('{grid} > .piece')]
              .filter((n) => n.getBoundingClientRect().right > arguments[0] + 1)
              .map((n) => n.textContent)""",
            box,
        )
        assert past == [], past
        assert phone.execute_script(CLIPPED, f"{grid} > .piece, {grid} > .piece > *") == []
        assert phone.execute_script(SPLIT_WORDS) == []
        text = phone.find_element("css selector", grid).text
        assert "Evil Geniuses" in text and "MB" in text
        assert any(f"{side} " in text for side in ("Left of", "Right of")), text
        looks_right(phone)
    finally:
        phone.quit()

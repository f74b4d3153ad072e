"""The rehearsal tally counts what a player would count: a target got is one kept."""

from __future__ import annotations

from illusio_table.engine.bots import bot_move, make_bot
from illusio_table.games import builtin_registry
from illusio_table.games.incantibus.table.rehearsal import Tally

REHEARSAL = {"mode": "apprentice", "start_room": "kitchen", "first_wand": 2}


def rehearse(seed: int, seats: int = 3, bot: str = "random", mode: str = "apprentice"):
    """A rehearsal played by bots; yields (the game, the tally) after every move, with
    the tally fed seat 0's view as the table feeds it."""
    options = {**REHEARSAL, "mode": mode}
    game = builtin_registry().new_game("incantibus", seats, seed, options)
    bots = [make_bot(game, bot, s, seed) for s in range(seats)]
    tally = Tally(game.view(0), 0)
    while not game.is_over():
        seat = min(game.to_act())
        game.apply(seat, bot_move(game, bots[seat], seat))
        tally.see(game.view(0))
        yield game, tally


def test_rehearsal_tally_a_monster_that_escapes_is_not_got_what_you_pointed_at():
    escaped = 0
    for seed in range(40):
        for _game, tally in rehearse(seed):
            if tally.lines and "escaped into the moat" in tally.lines[-1]:
                counted = tally.got
                line = tally.lines[-1]
                assert " and won it, but " in line
                # Only the castings written as got are counted so.
                won = (" and got it", " and caught it", " and brewed it", " and learned it")
                assert counted == sum(
                    any(w in x for w in (*won, " and defeated it")) for x in tally.lines
                )
                escaped += 1
                break
        if escaped >= 2:
            break
    assert escaped >= 2, "no rehearsal had a monster escape: the test proves nothing"


def test_rehearsal_tally_counts_every_casting_once_and_its_numbers_add_up():
    for seed in range(6):
        last = None
        for game, tally in rehearse(seed, bot="cunning"):
            last = game, tally
            assert tally.got <= tally.pointed <= tally.castings <= game.view(0)["castings"]
            assert len(tally.lines) == tally.castings
        game, tally = last
        assert tally.castings == game.view(0)["castings"]
        gained = game.view(0)["points"][0] - tally.start
        per = f"points gained per casting: {gained / tally.castings:.1f}"
        assert per in tally.text()
        assert f"got what you pointed at: {tally.got} of {tally.pointed}" in tally.text()


def test_the_tally_says_one_castings_numbers_while_the_seats_casting_is_being_resolved():
    """Expert mode, four seats: from the reveal of a casting the seat won (its wand
    swapped for a weaker one: fewer points) until its outcome is known (others still to
    decide), the tally's words stay those of the castings counted: "castings: 14 …
    Casting 14 …" went with casting 15's points already in "points gained per casting"
    (0.9 became 0.7, and 0.9 again once counted)."""
    moved = 0
    for seed in range(20, 30):  # (seeds where a won contest's swap and a wait come together)
        before = counted = None  # the seat's points in the view before; when it was opened
        for game, tally in rehearse(seed, seats=4, mode="expert"):
            now = game.view(0)["points"][0]
            if tally.open is None:
                counted = None
            else:
                if counted is None:  # revealed by this move: counted as it stood before
                    counted = before
                    moved += now != counted
                per = (counted - tally.start) / tally.castings if tally.castings else 0
                text = tally.text()
                assert not tally.castings or f"per casting: {per:.1f}" in text, (seed, text)
                assert not tally.lines or f"\nCasting {tally.castings}: " in text, text
            before = now
        if moved >= 2:
            break
    assert moved >= 2, "no points moved while a casting was resolved: the test proves nothing"


def test_rehearsal_tally_per_casting_says_what_was_pointed_at_what_was_got_and_why():
    lines = []
    for seed in range(8):
        *_, (_game, tally) = rehearse(seed)  # played to its end
        lines += tally.lines
    assert all(line.startswith("Casting ") and " you pointed at " in line for line in lines)
    assert any("was stronger: nothing." in line for line in lines)
    assert any(" and got it" in line for line in lines)


def test_the_coach_keeps_each_rehearsals_average_cost_and_sets_a_broken_file_aside(tmp_path):
    from illusio_table.table.kept import CoachHistory

    path = tmp_path / "coach.json"
    first = CoachHistory(path)
    first.record(1, 2.0)
    first.record(2, 1.5)  # the same rehearsal, brought up to date
    second = CoachHistory(path)
    second.record(1, 0.5)
    assert CoachHistory(path).averages() == [1.5, 0.5]
    for _ in range(60):
        CoachHistory(path).record(1, 1.0)
    assert len(CoachHistory(path).entries) == CoachHistory.KEPT
    path.write_text('{"rehearsals": [{"castings": "x"}]}')
    assert CoachHistory(path).averages() == []
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and "castings" in kept[0].read_text()


def test_each_person_on_a_phone_has_their_own_line_of_past_rehearsals(tmp_path):
    """The screen's rehearsals and Lera's (on her phone, at the same time) are kept in one
    file, each line its own; Lera's goes on at her next rehearsal under her name."""
    from illusio_table.table.kept import CoachHistory

    path = tmp_path / "coach.json"
    screen, lera = CoachHistory(path), CoachHistory(path, "Lera")
    screen.record(1, 3.0)
    lera.record(1, 2.0)
    screen.record(2, 2.5)  # each brings its own entry up to date, the other's untouched
    lera.record(2, 1.0)
    assert CoachHistory(path).averages() == [2.5]
    assert CoachHistory(path, "Lera").averages() == [1.0]
    again = CoachHistory(path, "Lera")
    again.record(1, 0.5)
    assert again.averages() == [1.0, 0.5] and CoachHistory(path, "Milo").averages() == []
    for _ in range(60):
        CoachHistory(path, "Lera").record(1, 1.0)
    assert len(CoachHistory(path, "Lera").averages()) == CoachHistory.KEPT
    assert CoachHistory(path).averages() == [2.5]  # the screen's line is kept whole


def test_drills_keep_the_costliest_mistakes_first_and_a_drill_leaves_once_done(tmp_path):
    from illusio_table.table.kept import Drills

    path = tmp_path / "drills.json"
    drills = Drills(path)
    assert not drills.add({"m": 0}, {1: {"kind": "point"}}, 0.4, ["cheap"])  # not worth one
    for cost in (1.5, 3.0, 2.0):
        assert drills.add({"m": cost}, {1: {"kind": "point"}}, cost, [f"cost {cost}"])
    again = Drills(path)
    assert [d["cost"] for d in again.entries] == [3.0, 2.0, 1.5]
    first = again.first()
    assert (
        first is not None
        and first["said"] == ["cost 3.0"]
        and first["others"] == {"1": {"kind": "point"}}
    )
    assert [d["cost"] for d in Drills(path).entries] == [3.0, 2.0, 1.5]  # begun: still kept
    marks = {Drills.mark(d) for d in Drills(path).entries}
    assert len(marks) == 3 and Drills.mark(first) == Drills.mark(Drills(path).entries[0])
    again.done(Drills.mark(first))  # played through: it leaves
    assert [d["cost"] for d in Drills(path).entries] == [2.0, 1.5]
    for cost in range(30):
        drills.add({}, {}, 1.0 + cost, [])
    assert len(Drills(path).entries) == Drills.KEPT
    path.write_text("{not json")
    assert Drills(path).entries == []
    assert any(".damaged-" in p.name for p in tmp_path.iterdir())


def test_a_lost_contest_says_the_wand_the_swap_gave_and_in_expert_mode_its_points():
    """Ana (wand 1) and Lera (wand 3) point at the 3 Gold: Lera takes it and they swap
    wands. In expert mode a wand's strength counts as points at the end, and the score
    shows it at once: Ana's line said "… but wand 3 was stronger: nothing." while her
    score went up by 2. Now each says what the swap gave; in apprentice mode, no points."""
    from illusio_table.games.incantibus.actions import Point

    from .helpers import make, point, set_room, set_wands

    for mode in ("expert", "apprentice"):
        game = make(seats=4, mode=mode)
        set_room(game, [("gold-3", True), ("gold-2", True), ("gold-1", True), ("pumpkin", True)])
        set_wands(game, 1, 3, 2, 4)
        ana, lera = Tally(game.view(0), 0), Tally(game.view(1), 1)
        before = game.view(0)["points"]
        point(
            game,
            {0: Point("room", 0), 1: Point("room", 0), 2: Point("room", 1), 3: Point("room", 2)},
        )
        ana.see(game.view(0))
        lera.see(game.view(1))
        after = game.view(0)["points"]
        if mode == "expert":
            assert (after[0] - before[0], after[1] - before[1]) == (2, -2 + 3)  # (+3 Gold)
            assert ana.lines[-1].endswith(
                "but wand 3 was stronger: no token, but the swap gave you wand 3 (2 points more)."
            ), ana.lines[-1]
            assert lera.lines[-1].endswith(
                "and got it; the swap gave you wand 1 (2 points fewer)."
            ), lera.lines[-1]
        else:
            assert after[0] == before[0]
            assert ana.lines[-1].endswith(
                "but wand 3 was stronger: no token, but the swap gave you wand 3."
            ), ana.lines[-1]
            assert lera.lines[-1].endswith("and got it; the swap gave you wand 1."), lera.lines[-1]

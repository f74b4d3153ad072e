"""The guided first games, played without a window as the window plays them: the newcomer
doing as the guide says learns every lesson, one doing otherwise is never held back, and
whatever the guide tells of a result is the log's own lines."""

from __future__ import annotations

import random
import re

import pytest

from illusio_table.table.guide import SEAT, told_lines
from illusio_table.table.kits import kit_of

from .guided import play

GUIDES = ["incantibus", "illusio", "illuminati"]


def other_moves(seed: int):
    """A newcomer who never makes the lit move when another is legal."""
    rng = random.Random(seed)

    def choose(run, legal, turn):
        others = [a for a in legal if a != run.lit]
        return rng.choice(others or legal)

    return choose


@pytest.mark.parametrize("game_id", GUIDES)
def test_a_newcomer_who_does_as_the_guide_says_learns_every_lesson(game_id):
    guide = kit_of(game_id).guide()
    match, run, said = play(guide)
    assert run.learnt and sorted(run.learnt) == sorted(lesson.name for lesson in guide.lessons)
    assert run.gone, "the bar goes at the move after the closing words"
    lit = [s for s in said if s["lit"] is not None]
    assert all(s["move"] == s["lit"] for s in lit)
    for s in lit:  # each lesson is named, with the count, where its move is lit
        assert f"Next, {s['lesson']} (" in s["words"]
    # The closing words were on the bar for the newcomer's last move.
    assert run.closing and said[-1]["words"].endswith(run.closing)


def test_the_incantibus_guide_ends_with_the_points_by_source_that_the_view_counts():
    match, run, said = play(kit_of("incantibus").guide())
    view = match.view(SEAT)
    closing = run.closing
    parts = closing.split("Your points so far: ")[1].split(";")[0]
    named, total = parts.rsplit(": ", 1)
    assert int(total) == view["points"][SEAT]
    sources = [p.strip() for p in named.replace(" and ", ", ").split(",")]
    assert sum(int(p.split(" for ")[0]) for p in sources) == view["points"][SEAT]
    assert {p.split(" for ")[1] for p in sources} <= {
        "gold",
        "monsters",
        "potions",
        "spells",
        "sorcerers",
        "magic books",
        "tokens",
    }
    assert f"Lera has {view['points'][1]}." in closing


def test_the_illusio_guide_ends_with_the_tricks_sum_as_the_view_tells_it():
    match, run, said = play(kit_of("illusio").guide())
    seat = match.view(SEAT)["seats"][SEAT]
    trick = seat["tricks"][-1]
    assert f"{trick['trick']} is performed and scores: {trick['sum']}." in run.closing
    assert f"You have {seat['score']} of the 12 points" in run.closing


def test_the_illuminati_guide_tells_the_income_the_log_tells_and_the_groups_held():
    match, run, said = play(kit_of("illuminati").guide())
    log = match.log(SEAT)
    income = [line for line in log if line.startswith("Ana collects income")]
    assert income and run.closing.startswith(income[-1])
    structure = next(s for s in match.view(SEAT)["structures"] if s["seat"] == SEAT)
    groups = len(structure["cards"]) - 1
    assert f"holds {groups} Group" in run.closing


@pytest.mark.parametrize("game_id", GUIDES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_newcomer_who_makes_other_moves_is_never_held_back_and_the_guide_ends(game_id, seed):
    guide = kit_of(game_id).guide()
    match, run, said = play(guide, other_moves(seed))
    assert said, "the newcomer made moves"
    # Every move the newcomer chose was played (none held back): the record has them all.
    assert sum(m.seat == SEAT for m in match.moves) == len(said)
    assert run.over and (run.gone or match.is_over())


@pytest.mark.parametrize("game_id", GUIDES)
@pytest.mark.parametrize("seed", [None, 4])
def test_what_the_guide_tells_of_a_move_is_the_logs_lines_since_that_move(game_id, seed):
    guide = kit_of(game_id).guide()
    match, run, said = play(guide, other_moves(seed)) if seed else play(guide)
    for before, now in zip(said, said[1:], strict=False):
        lines = told_lines(now["since"])
        assert lines, "a move of the newcomer's leaves a line in the log"
        assert now["told"].startswith(" ".join(lines)), (now["told"], now["since"])
        rest = now["told"].removeprefix(" ".join(lines))
        assert rest in ("", f" (The guide comes back to {before['lesson']} when it can.)")
        # The bar shows it first, and only until the next move.
        assert now["words"].startswith(now["told"])
    assert said[0]["told"] == ""


@pytest.mark.parametrize("game_id", GUIDES)
def test_each_lesson_is_taught_in_the_guides_own_words_without_a_missing_name(game_id):
    match, run, said = play(kit_of(game_id).guide())
    for s in said:
        assert "None" not in s["words"] and "{" not in s["words"], s["words"]
        assert len(s["words"]) < 720, "the bar has room for about six lines"


@pytest.mark.parametrize("game_id", GUIDES)
def test_the_lesson_counter_counts_up_to_the_last_lesson_without_a_jump(game_id):
    """The bar's counter goes 1, 2, … one at a time and is said at the end too ("Every
    lesson is learnt (10 of 10 learnt)", with the closing words): it jumped from 9 of 10
    to words with no count."""
    guide = kit_of(game_id).guide()
    total = len(guide.lessons)
    _, _, said = play(guide)
    counts = [
        int(found[1])
        for s in said
        if (found := re.search(rf"\((\d+) of {total} learnt\)", s["words"]))
    ]
    assert counts and counts[-1] == total
    assert all(b - a in (0, 1) for a, b in zip(counts, counts[1:], strict=False))
    assert f"Every lesson is learnt ({total} of {total} learnt)" in said[-1]["words"]


def test_names_are_listed_with_commas_and_one_and():
    from illusio_table.engine.protocol import listed
    from illusio_table.table.guide import name_list

    assert listed(["Bot 1", "Bot 2", "Bot 3"]) == "Bot 1, Bot 2 and Bot 3"
    assert name_list(["Ana", "Lera"]) == "Ana and Lera" and listed(["Ana"]) == "Ana"


@pytest.mark.parametrize("game_id", GUIDES)
def test_a_guide_says_nothing_the_table_or_a_later_lesson_contradicts(game_id):
    """No "the lit move" where no row of the Moves panel is lit; Incantibus calls "the
    richest" only a token that scores (a later lesson says ingredients score nothing),
    and what the satchel puts into a potion is what the satchel holds; Illusio's Special
    lit on another's trick says it helps them."""
    from illusio_table.games.incantibus.table.guide import _kind_name, _scores

    guide = kit_of(game_id).guide()
    _, _, said = play(guide)
    for s in said:
        words, view = s["words"], s["view"]
        assert "the lit move" not in words
        if game_id == "incantibus":
            richest = re.search(r"Point at the ([^,.:]+), the richest", words)
            if richest:
                token = next(t for t in view["room"]["tokens"] if t["slot"] == s["lit"].index)
                assert token["name"] == richest[1] and _scores(token), words
            holds = re.search(r"your satchel holds (.*?): point at the potion", words)
            if holds:
                held = [_kind_name(t["kind"]) for t in view["satchels"][SEAT]["tokens"]]
                named = re.findall(r"the ([A-Z][\w' ]+?)(?=,| and|$)", holds[1].split(", for")[0])
                assert named and all(n in held for n in named), (named, held)
        if game_id == "illusio" and s["lesson"] == "Specials" and s["lit"] is not None:
            lit = s["lit"]
            own = {w["objective"]["id"] for w in view["seats"][SEAT]["works"]}
            if lit.kind == "special" and lit.trick not in own:
                assert "it helps Lera, not you" in words
    if game_id == "incantibus":  # (the potion's lesson came, with the Stone standing in)
        assert any("the Philosopher's Stone, for the" in s["words"] for s in said)


@pytest.mark.parametrize("game_id", GUIDES)
def test_while_the_others_play_the_bar_tells_no_outcome_of_an_earlier_move(game_id):
    """Once the newcomer has moved, the bar waits with "The others are playing." alone:
    it went on telling the casting before ("Ana (wand 1) → Crystal Ball…") beside the
    table's last casting, which was already another."""
    from .guided import follow, start

    match, run = start(kit_of(game_id).guide())
    told, waiting = "", []
    for _ in range(400):
        legal = follow(match, run)
        if run.gone or match.is_over():
            break
        if legal:
            told = run.told  # what the bar told of the move before this one
            match.apply(SEAT, run.lit if run.lit is not None else legal[0])
        else:
            if told and not run.over:
                waiting.append((told, run.words("The others are playing.")))
            match.play_bot(min(match.to_act()))
    assert waiting
    for told, words in waiting:
        assert told not in words, words
        assert words.startswith(("The others are playing. (", "Every lesson is learnt")), words


@pytest.mark.parametrize("game_id", GUIDES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_guide_ended_before_every_lesson_says_its_count_and_what_was_not_met(game_id, seed):
    """A newcomer who went another way reads the count at the end still, and the lessons
    that did not come up by name: the bar went from "(6 of 7 learnt)" to closing words
    with no count, and Illusio's Specials were never named."""
    guide = kit_of(game_id).guide()
    match, run, said = play(guide, other_moves(seed))
    total = len(guide.lessons)
    assert run.over
    words = run.words("Make any move.")
    assert f"({len(run.learnt)} of {total} learnt)" in words
    missing = [lesson.name for lesson in guide.lessons if lesson.name not in run.learnt]
    if missing:
        assert "not met on the way" in words
        assert all(name in words for name in missing), (missing, words)
    else:
        assert f"Every lesson is learnt ({total} of {total} learnt)" in words


@pytest.mark.parametrize("game_id", GUIDES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_lesson_passed_by_is_not_counted_learnt(game_id, seed):
    """A lesson learnt by making its move counts only when a move of its kind was made:
    laying a card while "your talent" was lit counted the talent learnt."""
    from illusio_table.table.guide import always_learnt

    guide = kit_of(game_id).guide()
    _, run, said = play(guide, other_moves(seed))
    kept = {lesson.name for lesson in guide.lessons if lesson.learnt is always_learnt}
    for name in set(run.learnt) & kept:
        assert any(
            s["lesson"] == name and s["lit"] is not None and s["move"].kind == s["lit"].kind
            for s in said
        ), name


def test_the_illuminati_money_lesson_tells_its_pass_from_the_other_pass():
    """Two buttons read Pass while money goes down ("Pass on this attack" and "Pass"); the
    lesson lit the small one, spending nothing more, but said "click Pass to let this one
    go", the other's meaning. It names the lit one and tells what the other does."""
    match, run, said = play(kit_of("illuminati").guide())
    money = [s for s in said if s["lesson"] == "money against an attack"]
    assert money
    for s in money:
        assert s["lit"].kind == "pass"
        assert "Click Nothing this round, lit in white, to put nothing down" in s["words"]
        assert "Out of this attack, beside it, keeps you out of it" in s["words"]
        assert "let this one go" not in s["words"]


@pytest.mark.parametrize("game_id", GUIDES)
def test_a_long_outcome_told_on_the_bar_ends_with_how_things_stand_now(game_id):
    """Where the bar shortens what came of a move, it keeps the log's last line: cut after
    the first four, Illuminati's bar ended on "It cannot succeed as it stands: at least 3
    MB must go down on it." while the attack panel, after Lera's money, said 92%."""
    _, _, said = play(kit_of(game_id).guide())
    for s in said:
        kept = [line for line in s["since"] if not line.endswith("has chosen.")]
        if s["told"] and len(kept) > 4:  # (the first move follows no told outcome)
            assert s["told"].endswith(kept[-1]), (s["told"], kept)
            assert "(More in the log.)" in s["told"]
    if game_id == "illuminati":
        told = next(
            s["told"] for s in said if any("cannot succeed as it stands" in x for x in s["since"])
        )
        assert told.endswith("Lera spends 11 MB; the attack needs 10 or less (92%)."), told

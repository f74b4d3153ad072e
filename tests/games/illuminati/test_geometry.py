"""Power Structures on the grid: arrows, blocked cells, captures and moves."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from illusio_table.games.illuminati.cards import load
from illusio_table.games.illuminati.geometry import (
    Arrows,
    GeometryError,
    Structure,
    pointing,
)

CARDS = load()
ILLUMINATI = Arrows(None, ("T", "R", "B", "L"))


def arrows(card: str) -> Arrows:
    if card in CARDS.group:
        group = CARDS.group[card]
        return Arrows(group.arrow_in, group.arrows_out)
    return ILLUMINATI


def structure() -> Structure:
    return Structure("bavarian-illuminati", arrows)


def test_a_puppet_sits_where_its_masters_arrow_points_with_its_inward_arrow_facing_back():
    s = structure()
    place = s.attach("c-i-a", "bavarian-illuminati", "R")  # the CIA's inward arrow is on R
    assert place.cell == (1, 0)
    assert pointing(place.turn, "R") == 3  # points west, back at the Illuminati
    s.check()


def test_an_arrow_into_an_occupied_cell_is_blocked():
    s = structure()
    s.attach("c-i-a", "bavarian-illuminati", "R")  # at (1, 0), upside down
    assert [s.target("c-i-a", x) for x in ("T", "L", "B")] == [(1, 1), (2, 0), (1, -1)]
    s.attach("big-media", "bavarian-illuminati", "B")  # at (0, 1); its B arrow -> (1, 1)
    assert s.target("big-media", "B") == (1, 1)
    s.attach("boy-sprouts", "big-media", "B")
    assert s.free_arrows("c-i-a") == ("L", "B")
    with pytest.raises(GeometryError, match="blocked"):
        s.attach("f-b-i", "c-i-a", "T")


def test_no_two_cards_share_a_cell_and_a_group_with_no_arrows_holds_no_puppet():
    s = structure()
    s.attach("boy-sprouts", "bavarian-illuminati", "B")
    assert s.free_arrows("boy-sprouts") == ()
    with pytest.raises(GeometryError, match="no outward arrow"):
        s.attach("c-i-a", "boy-sprouts", "T")


def test_position_depth_counts_groups_from_the_illuminati():
    s = structure()
    s.attach("c-i-a", "bavarian-illuminati", "R")
    side = s.free_arrows("c-i-a")[0]
    s.attach("f-b-i", "c-i-a", side)
    assert (s.depth("c-i-a"), s.depth("f-b-i")) == (1, 2)
    assert s.adjacent("c-i-a") == ["bavarian-illuminati", "f-b-i"]


def graft(structure, tree, master, side):
    """Places a cut-out Group and settles its puppets, taking the first free arrow
    wherever the owner would choose; returns the cards that dropped."""
    structure.attach(tree.root, master, side)
    links, dropped = list(tree.puppets), []
    while structure.settle(links, dropped, received=False) is not None:
        card, card_master, _ = links.pop(0)
        structure.attach(card, card_master, structure.free_arrows(card_master)[0])
    return dropped


def test_a_captured_group_keeps_its_puppets_in_the_same_places_relative_to_it():
    theirs = Structure("servants-of-cthulhu", arrows)
    theirs.attach("c-i-a", "servants-of-cthulhu", "T")
    theirs.attach("f-b-i", "c-i-a", "T")
    tree = theirs.cut("c-i-a")
    assert list(theirs) == ["servants-of-cthulhu"]
    mine = structure()
    assert graft(mine, tree, "bavarian-illuminati", "L") == []
    assert mine.places["f-b-i"].master == "c-i-a" and mine.places["f-b-i"].side == "T"
    mine.check()


def test_a_captured_puppet_that_overlaps_goes_under_another_arrow_of_the_same_master():
    theirs = Structure("servants-of-cthulhu", arrows)
    theirs.attach("c-i-a", "servants-of-cthulhu", "R")
    theirs.attach("f-b-i", "c-i-a", "B")
    mine = structure()
    mine.attach("big-media", "bavarian-illuminati", "T")  # at (0, -1); its T arrow -> (1, -1)
    mine.attach("boy-sprouts", "big-media", "T")  # lies where the FBI would go
    dropped = graft(mine, theirs.cut("c-i-a"), "bavarian-illuminati", "R")
    assert dropped == []
    assert mine.places["f-b-i"].master == "c-i-a" and mine.places["f-b-i"].side == "T"
    mine.check()


def test_a_puppet_that_cannot_fit_drops_out_with_its_own_puppets():
    theirs = Structure("servants-of-cthulhu", arrows)
    theirs.attach("convenience-stores", "servants-of-cthulhu", "R")  # one arrow, B
    theirs.attach("comic-books", "convenience-stores", "B")  # one arrow, T
    theirs.attach("tabloids", "comic-books", "T")
    mine = structure()
    mine.attach("c-i-a", "bavarian-illuminati", "R")  # its B arrow -> (1, -1)
    mine.attach("boy-sprouts", "c-i-a", "B")
    dropped = graft(mine, theirs.cut("convenience-stores"), "bavarian-illuminati", "T")
    assert mine.target("convenience-stores", "B") == (1, -1)
    assert dropped == ["comic-books", "tabloids"]
    assert "comic-books" not in mine and "tabloids" not in mine
    mine.check()


def test_moving_a_group_takes_its_puppets_along():
    s = structure()
    s.attach("c-i-a", "bavarian-illuminati", "R")
    s.attach("f-b-i", "c-i-a", s.free_arrows("c-i-a")[0])
    graft(s, s.lift("c-i-a", "bavarian-illuminati", "L"), "bavarian-illuminati", "L")
    assert s.places["c-i-a"].cell == (-1, 0) and s.places["f-b-i"].master == "c-i-a"
    s.check()
    with pytest.raises(GeometryError, match="under itself"):
        s.lift("c-i-a", "f-b-i", s.free_arrows("f-b-i")[0])


def test_the_illuminati_card_is_never_cut_or_moved():
    s = structure()
    with pytest.raises(GeometryError):
        s.cut("bavarian-illuminati")


GROUPS = [g.id for g in CARDS.groups]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 999), st.integers(0, 999)), max_size=60)
)
def test_any_sequence_of_attaches_cuts_grafts_and_moves_keeps_the_geometry(steps):
    mine, other = structure(), Structure("ufos", arrows)
    for what, a, b in steps:
        outside = [g for g in GROUPS if g not in mine and g not in other]
        target = mine if a % 2 else other
        spots = [(c, side) for c in target for side in target.free_arrows(c)]
        if what == 0 and spots and outside:
            target.attach(outside[a % len(outside)], *spots[b % len(spots)])
        elif what == 1 and len(target) > 1:
            target.cut([c for c in target if c != target.root][b % (len(target) - 1)])
        elif what == 2 and len(other) > 1:
            tree = other.cut([c for c in other if c != other.root][b % (len(other) - 1)])
            free = [(c, side) for c in mine for side in mine.free_arrows(c)]
            if free:
                dropped = graft(mine, tree, *free[a % len(free)])
                assert set(dropped) <= set(tree.cards())
                assert all(c in mine for c in tree.cards() if c not in dropped)
        elif what == 3 and len(mine) > 1:
            card = [c for c in mine if c != mine.root][b % (len(mine) - 1)]
            free = [
                (c, side)
                for c in mine
                if c not in mine.subtree(card)
                for side in mine.free_arrows(c)
            ]
            if free:
                graft(mine, mine.lift(card, *free[a % len(free)]), *free[a % len(free)])
        mine.check()
        other.check()
        assert not set(mine) & set(other)

import copy
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from illusio_table.engine import Rng
from illusio_table.engine.storage import atomic_write_json


def test_the_same_seed_gives_the_same_numbers():
    assert [Rng(42).next64() for _ in range(3)] == [Rng(42).next64() for _ in range(3)]
    assert Rng(1).next64() != Rng(2).next64()


def test_known_values_never_change_so_old_saves_replay():
    """Saves hold only the seed: if these numbers changed, every old save would break."""
    rng = Rng(7)
    assert [rng.below(100) for _ in range(5)] == [87, 4, 46, 3, 74]
    cards = list(range(10))
    Rng(2024).shuffle(cards)
    assert cards == [9, 0, 6, 3, 4, 2, 5, 7, 8, 1]


@given(seed=st.integers(0, 2**64 - 1), bound=st.integers(1, 1000))
def test_below_stays_in_range(seed, bound):
    rng = Rng(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


@given(seed=st.integers(0, 2**64 - 1), items=st.lists(st.integers(), max_size=30))
def test_shuffle_keeps_every_item(seed, items):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_dice_are_fair_enough():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.die() - 1] += 1
    assert all(850 < c < 1150 for c in counts)


def test_the_engine_draws_from_the_native_generator_exactly_when_compiled():
    from illusio_table.engine import rng, splitmix
    from illusio_table.games import compiled

    assert (Rng is splitmix.Rng) == compiled()
    assert (Rng is rng.PythonRng) != compiled()


steps = st.lists(
    st.one_of(
        st.tuples(st.just("below"), st.integers(1, 2**64)),  # (above 2**64 no draw is ever kept)
        st.tuples(st.just("below"), st.integers(1, 60)),
        st.tuples(st.just("next64"), st.just(0)),
        st.tuples(st.just("die"), st.integers(1, 20)),
        st.tuples(st.just("shuffle"), st.integers(0, 40)),
        st.tuples(st.just("fork"), st.integers(0, 2**70)),
        st.tuples(st.just("copy"), st.just(0)),
    ),
    max_size=60,
)


@given(seed=st.integers(-(2**70), 2**70), steps=steps)
def test_the_compiled_generator_gives_the_python_numbers(seed, steps):
    """The compiled core's generator (`splitmix`, in wrapping 64-bit integers) draws
    exactly what the Python one does, for any seed, bound and order of calls: every
    seeded match, save and golden playthrough depends on it. Compiled only: run as
    Python, its integers do not wrap (`make test-compiled` runs it)."""
    from illusio_table.engine import rng, splitmix
    from illusio_table.games import compiled

    if not compiled():
        pytest.skip("the native generator is used only compiled")
    ours, reference = splitmix.Rng(seed), rng.PythonRng(seed)
    for step, value in steps:
        if step == "shuffle":
            a, b = list(range(value)), list(range(value))
            ours.shuffle(a)
            reference.shuffle(b)
            assert a == b
        elif step == "fork":
            assert ours.fork(value).next64() == reference.fork(value).next64()
        elif step == "copy":  # a clone of a match, or the thinking process's pickle
            ours = copy.deepcopy(pickle.loads(pickle.dumps(ours)))
            assert type(ours) is splitmix.Rng
        elif step == "next64":
            assert ours.next64() == reference.next64()
        else:
            assert getattr(ours, step)(value) == getattr(reference, step)(value)
    assert ours.choice("abcdefg") == reference.choice("abcdefg")


def test_atomic_write_replaces_the_file_whole(tmp_path):
    target = tmp_path / "deep" / "save.json"
    atomic_write_json(target, {"a": 1})
    atomic_write_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]

"""The coach's words say what its chart draws (issue 58, point 7; issue 56's trust): a
play-tester read "secret token 5 or the Flying Stake or the Trap was best" over a chart
that drew the Flying Stake and the Trap 1.3 behind and secret tokens 6 and 7 at 0.0, and
"your choice looked as good as any" beside a diamond that was the farthest behind. Over
seeded reviews of many castings, each review's words are read as a person reads them and
held against the marks the chart draws from the same review (`describe_targets`)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from illusio_table.games.incantibus import coach

from .helpers import NAMES
from .test_coach import castings


def _tenths(value: float) -> str:
    return f"{value:.1f}"


def _at_best(target: dict[str, Any]) -> bool:
    """Drawn at the best mark: labelled 'the best ★', or '0.0 behind'."""
    return bool(target["best"]) or _tenths(target["behind"]) == "0.0"


def _expand(clause: str) -> str:
    """'secret tokens 5, 6 and 7' read as the three targets they name."""

    def each(found: re.Match[str]) -> str:
        kind = found.group(1)
        return ", ".join(f"{kind} {n}" for n in re.findall(r"\d+", found.group(2)))

    return re.sub(r"\b(secret token|hidden sorcerer)s ((?:\d+(?:, | and | or ))+\d+)", each, clause)


def _named(clause: str, drawn: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The targets a clause names (the longest words first, so that 'secret token 1' is
    not read in 'secret token 12'); 'your choice' is the chosen one."""
    clause = _expand(clause)
    found: list[dict[str, Any]] = []
    taken: list[tuple[int, int]] = []
    for t in sorted(drawn, key=lambda t: -len(t["words"])):
        for hit in re.finditer(re.escape(t["words"]) + r"(?![\w])", clause):
            if not any(a < hit.end() and hit.start() < b for a, b in taken):
                taken.append((hit.start(), hit.end()))
                found.append(t)
    if "your choice" in clause:
        found.append(next(t for t in drawn if t["chosen"]))
    return found


def _words(targets: list[dict[str, Any]]) -> set[str]:
    return {t["words"] for t in targets}


REVIEWED = [
    (seats, mode, seed) for seats, mode in [(2, "apprentice"), (4, "expert")] for seed in range(3)
]


@pytest.mark.parametrize(("seats", "mode", "seed"), REVIEWED)
def test_every_target_the_words_call_best_is_drawn_at_the_best_and_none_drawn_there_is_left_out(
    seats, mode, seed
):
    reviewed = 0
    for start, choices, game in castings(seats, mode, seed, 4):
        for seat in (0, 1):
            review = coach.review(start, choices, seat, seed=seed)
            drawn = coach.describe_targets(review)
            said = coach.summary(review, NAMES, game.view(seat)["last_casting"])
            mine = next(t for t in drawn if t["chosen"])
            verdict = next(line for line in said if line.startswith("Given what the others did"))
            reviewed += 1
            why = f"{verdict} | {[(t['words'], t['behind'], t.get('margin')) for t in drawn]}"
            # What the words call best: those drawn at the best mark, every one of them.
            if "that was the best choice" in verdict:
                called = [mine]
            else:
                clause = re.match(r"Given what the others did, (.+?) (?:was|were) best\b", verdict)
                assert clause is not None, why
                called = _named(clause.group(1), drawn)
            assert _words(called) == _words([t for t in drawn if _at_best(t)]), why
            # A mistake: the chosen one's bar and whisker, in the same numbers.
            cost = re.search(r"a mistake of (\d+\.\d) points? ± (\d+\.\d)", verdict)
            if cost is not None:
                assert cost.groups() == (_tenths(mine["behind"]), _tenths(mine["margin"])), why
                assert mine["behind"] > mine["margin"] and not _at_best(mine), why
            # Too close to call with the best (or worth the same): drawn with a whisker
            # that reaches 0, each named.
            close = [
                t for t in drawn if not _at_best(t) and t["behind"] - t.get("margin", 0.0) <= 0
            ]
            # (read without the numbers, which the marks' checks above and below hold)
            words = " ".join(x for x in said if x.startswith(("Given what", "Too close", "Worth")))
            words = re.sub(r"\([\d.]+ behind ± [\d.]+\)|\d+\.\d+", "", words)
            named = []
            for part in re.findall(
                r"(?:too close to call|worth the same)[^:;.]*: ([^;.]+)", words, re.I
            ):
                named += _named(part, drawn)
            if re.search(r"your choice was (?:too close to call|worth the same)", words):
                named.append(mine)
            assert _words(named) == _words(close), why
            # The verdict the review keeps (a drill is kept by it) is the one said.
            if mine["best"]:
                assert review.verdict != "mistake", why
            elif mine["close"]:
                assert review.verdict == ("even" if mine["even"] else "close"), why
            else:
                assert review.verdict == "mistake", why
            # Before the reveal: "as good as any" only where the diamond is at the best;
            # what "looked best" is what the diamonds draw at 0.
            before = next((x for x in said if x.startswith("Before the reveal")), "")
            if "looked as good as any" in before:
                assert _tenths(mine["behind_before"]) == "0.0", (before, mine)
            looked = re.match(r"Before the reveal, (.+?) looked best", before)
            if looked is not None:
                at_zero = [t for t in drawn if _tenths(t["behind_before"]) == "0.0"]
                assert _words(_named(looked.group(1), drawn)) == _words(at_zero), before
    assert reviewed >= 6

"""A trick a seat works at: an Objective with the Components around it (a part of the
rules, shared by rules.py and effects.py)."""

from __future__ import annotations

from mypy_extensions import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Work:
    """An Objective of a seat with the Components around it, under realization or on display."""

    def __init__(self, objective: int, components: list[int]) -> None:
        self.objective = objective
        self.components = components
        self.displayed = False
        self.encore = False  # an Encore holds the trick through its owner's next start
        self.specials: list[int] = []  # Encore, Deja vu and Grand cards lying on it

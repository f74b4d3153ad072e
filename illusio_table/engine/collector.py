"""The cyclic garbage collector, tuned for processes that simulate games.

A simulated game makes lists, tuples, events and moves by the million, and reference
counting frees each one the moment it is dropped: no match holds a cycle of references
(a test checks every game). Python's collector nevertheless looks for cycles after every
700 new containers, and in random self-play that looking took a tenth of the time. The
processes that simulate (the command line, the thinking process, the bench) look after
every 20,000 instead, and first set aside what is alive at start (modules, card data)
so that the rarer full passes do not walk it again.
"""

from __future__ import annotations

import gc

YOUNG = 20_000  # new containers between two looks at the youngest generation


def collect_rarely() -> None:
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)

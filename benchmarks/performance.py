"""docs/PERFORMANCE.md, written by `make bench` one part at a time.

Each part of the bench (`python -m benchmarks.bench PART`) owns one section of the page,
between `<!-- bench:PART -->` and `<!-- /bench:PART -->`, and a run rewrites only the
sections of the parts it ran: a run of one part leaves every other part's figures, and
the hand-kept sections outside the marks, byte for byte as they were. A section holds
what its part printed, under the run's date, command, machine load and engines, and the
goals the issues set for that part's figures."""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

PAGE = Path(__file__).resolve().parents[1] / "docs" / "PERFORMANCE.md"

TITLES = {
    "speed": "Engine speed beside RLCard's UNO",
    "coach": "The casting coach",
    "levels": "The rehearsal opponents",
    "engines": "Copies, heuristic bots and balance",
    "tables": "Drawing the tables",
    "devices": "Seats on phones",
    "experts": "The searching `expert` bot",
}

GOALS = {  # the issues' goals for each part's figures
    "speed": "compiled engine at 6× UNO or more (aim 8×), interpreted at 2× or more.",
    "coach": (
        "a review ready after the reveal in 100 ms or less at the median and 300 ms or "
        "less at the 95th percentile (compiled, at the deal counts below); the best "
        "target and the verdict agree in 95 % of castings or more; 9 drills in 10 found "
        "again; too close to call in a third of castings at most."
    ),
    "levels": "none set: the figures compare the levels.",
    "engines": "each Illusio magician within 0.67–1.5 of a fair share of wins.",
    "tables": (
        "a move to the redrawn table: median under 30 ms; dragging the wand: median under "
        "8 ms; a gliding frame: 95th percentile under 16 ms; the window while two experts "
        "think: longest pause under 50 ms."
    ),
    "devices": (
        "a phone frame 64 KB or less at the 95th percentile on the wire, 500 KB or less a "
        "phone over a whole Illuminati game; a move to every phone: median under 50 ms on "
        "loopback; the host's longest pause 16 ms or less (one frame) with delayed frames, "
        "in three runs of three."
    ),
    "experts": "the expert wins 65 % or more against three heuristic bots at 0.25 s a move.",
}


def marks(part: str) -> tuple[str, str]:
    return f"<!-- bench:{part} -->", f"<!-- /bench:{part} -->"


def section(
    part: str, lines: list[str], *, when: datetime, command: str, load: str, engines: str
) -> str:
    """A part's section, its marks included: the run, the goals, and the printed lines."""
    begin, end = marks(part)
    printed = "\n".join(line.rstrip() for line in lines).strip("\n")
    return (
        f"{begin}\n"
        f"## {TITLES.get(part, part)} (`{part}`)\n\n"
        f"Run {when:%Y-%m-%d %H:%M} UTC, `{command}`; {load}; engines: {engines}.\n\n"
        f"Goals: {GOALS.get(part, 'none set.')}\n\n"
        f"```text\n{printed}\n```\n"
        f"{end}"
    )


def replace(page: str, part: str, new: str) -> str:
    """`page` with the section of `part` replaced by `new` (which carries its marks), or
    `new` added at the end where the page has no section for it yet."""
    begin, end = marks(part)
    if page.count(begin) > 1 or page.count(end) > 1:
        raise ValueError(f"{PAGE.name}: the section of {part!r} is marked more than once")
    start = page.find(begin)
    stop = page.find(end, start + 1 if start >= 0 else 0)
    if start < 0 and stop < 0:
        return page.rstrip("\n") + "\n\n" + new + "\n"
    if start < 0 or stop < 0:
        raise ValueError(f"{PAGE.name}: the section of {part!r} is opened or closed only")
    return page[:start] + new + page[stop + len(end) :]


def write(
    part: str,
    lines: list[str],
    *,
    command: str,
    load: str,
    engines: str,
    page: Path = PAGE,
    when: datetime | None = None,
) -> None:
    """Rewrites the section of `part` in `page` with `lines`, the rest as it was."""
    text = page.read_text(encoding="utf-8") if page.exists() else "# Performance\n"
    new = section(
        part, lines, when=when or datetime.now(UTC), command=command, load=load, engines=engines
    )
    page.write_text(replace(text, part, new), encoding="utf-8")


class _Tee(io.TextIOBase):
    """Writes through to the real stdout and keeps a copy."""

    def __init__(self, through: TextIO) -> None:
        self.through, self.kept = through, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.through.write(text)

    def flush(self) -> None:
        self.through.flush()


@contextlib.contextmanager
def captured() -> Iterator[list[str]]:
    """The lines printed inside the block, still printed as they come; the list is
    filled when the block ends."""
    lines: list[str] = []
    tee = _Tee(sys.stdout)
    with contextlib.redirect_stdout(tee):
        yield lines
    lines.extend(tee.kept.getvalue().splitlines())

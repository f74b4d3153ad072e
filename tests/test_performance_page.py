"""docs/PERFORMANCE.md is written by `make bench` one part at a time
(`benchmarks/performance.py`): a part's run replaces its own section and nothing else.
No bench is run here: the writer is handed fake printed lines."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from benchmarks import performance
from benchmarks.bench import PARTS, main

WHEN = datetime(2026, 12, 5, 19, 0, tzinfo=UTC)


def _write(page: Path, part: str, lines: list[str]) -> None:
    performance.write(
        part,
        lines,
        command=f"python -m benchmarks.bench {part}",
        load="machine load 0.50 (1 min)",
        engines="interpreted, compiled",
        page=page,
        when=WHEN,
    )


def _sections(text: str) -> dict[str, str]:
    return {
        part: body
        for part, body in re.findall(r"<!-- bench:(\w+) -->(.*?)<!-- /bench:\1 -->", text, re.S)
    }


def test_a_part_rewrites_only_its_own_section(tmp_path: Path) -> None:
    page = tmp_path / "PERFORMANCE.md"
    page.write_text(performance.PAGE.read_text(encoding="utf-8"), encoding="utf-8")
    before = page.read_text(encoding="utf-8")
    _write(page, "coach", ["casting coach: a review's time", "  compiled, 2 seats: median 1 ms"])
    after = page.read_text(encoding="utf-8")
    begin, end = performance.marks("coach")
    # Everything before the section and after it is the same, byte for byte.
    assert after[: after.index(begin)] == before[: before.index(begin)]
    assert after[after.index(end) :] == before[before.index(end) :]
    coach = _sections(after)["coach"]
    assert "  compiled, 2 seats: median 1 ms" in coach
    assert "Run 2026-12-05 19:00 UTC" in coach and "machine load 0.50" in coach
    assert "engines: interpreted, compiled" in coach
    assert "in 100 ms or less at the median" in coach  # the part's goal beside its figures
    assert _sections(after).keys() == _sections(before).keys()


def test_a_part_run_twice_keeps_one_section(tmp_path: Path) -> None:
    page = tmp_path / "PERFORMANCE.md"
    page.write_text("# Performance\n\nKept by hand.\n", encoding="utf-8")
    _write(page, "devices", ["first run"])
    _write(page, "devices", ["second run"])
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Performance\n\nKept by hand.\n")
    assert text.count(performance.marks("devices")[0]) == 1
    assert "second run" in text and "first run" not in text


def test_a_half_marked_section_is_refused(tmp_path: Path) -> None:
    page = tmp_path / "PERFORMANCE.md"
    page.write_text("# Performance\n\n<!-- bench:speed -->\nno end\n", encoding="utf-8")
    with pytest.raises(ValueError, match="opened or closed only"):
        _write(page, "speed", ["x"])
    assert page.read_text(encoding="utf-8").endswith("no end\n")


def test_the_page_has_a_section_for_every_part_of_the_bench() -> None:
    sections = _sections(performance.PAGE.read_text(encoding="utf-8"))
    assert set(sections) == set(performance.TITLES) == set(PARTS)


def test_printed_lines_are_captured_and_still_printed(capsys: pytest.CaptureFixture[str]) -> None:
    with performance.captured() as lines:
        print("one")
        print("two\nthree")
    assert lines == ["one", "two", "three"]
    assert capsys.readouterr().out == "one\ntwo\nthree\n"


def test_an_unknown_part_is_named_and_nothing_written(capsys: pytest.CaptureFixture[str]) -> None:
    before = performance.PAGE.read_bytes()
    assert main(["sped"]) == 2
    assert "no such part: sped" in capsys.readouterr().out
    assert performance.PAGE.read_bytes() == before

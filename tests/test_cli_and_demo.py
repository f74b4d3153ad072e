"""The command line and the headless demo."""

import json

import pytest

import illusio_table.games as registry_module
from illusio_table import cli
from tests.duel_game import DuelGame, Step


@pytest.fixture
def with_duel(monkeypatch, registry):
    monkeypatch.setattr(registry_module, "builtin_registry", lambda: registry)
    return registry


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and "illusio-table 0.1.0" in capsys.readouterr().out


def test_selfplay_prints_one_json_line(with_duel, capsys):
    assert (
        cli.main(["selfplay", "--game", "duel", "--seats", "3", "--games", "5", "--seed", "2"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == report["finished"] == 5 and report["actions_per_s"] > 0


def test_selfplay_refuses_an_unknown_game(capsys):
    assert cli.main(["selfplay", "--game", "chess", "--seats", "2"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_replay_summarises_a_valid_save(with_duel, tmp_path, capsys):
    game = DuelGame(2, seed=4)
    game.apply(0, Step(1))
    path = tmp_path / "m.json"
    path.write_text(json.dumps(game.record.to_json()))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a valid match of Duel" in out and "moves: 1" in out


def test_replay_names_the_illegal_action(with_duel, tmp_path, capsys):
    game = DuelGame(2, seed=4)
    game.apply(0, Step(1))
    record = game.record.truncated(1)
    record.add(0, Step(2), barrier=False)  # seat 1 is to act, not seat 0
    path = tmp_path / "m.json"
    path.write_text(json.dumps(record.to_json()))
    assert cli.main(["replay", str(path)]) == 1
    assert "action 1 (seat 1) is not legal: It is not your turn" in capsys.readouterr().err


def test_replay_of_a_file_that_is_not_json(tmp_path, capsys):
    path = tmp_path / "m.json"
    path.write_text("{not json")
    assert cli.main(["replay", str(path)]) == 1
    assert "the file is damaged: it stops being a save at line 1" in capsys.readouterr().err


def test_without_a_display_the_program_plays_the_demo(monkeypatch, tmp_path, capsys, qapp):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    assert not cli.has_display()
    assert cli.main([]) == 0
    err = capsys.readouterr().err
    assert "No display was found" in err and "out/demo" in err
    assert (tmp_path / "out" / "demo" / "welcome.png").stat().st_size > 1000


def test_the_demo_plays_every_game_and_writes_pictures_and_logs(registry, tmp_path, qapp):
    from illusio_table.demo import run_demo

    written = run_demo(tmp_path, registry)
    names = [p.name for p in written]
    assert "duel-log.txt" in names
    assert sum(1 for n in names if n.startswith("duel-") and n.endswith(".png")) >= 3
    assert (
        "wins the duel" in (tmp_path / "duel-log.txt").read_text()
        or (tmp_path / "duel-log.txt").read_text()
    )


def test_the_wheel_carries_the_cards_the_assets_and_the_help(tmp_path):
    """An installed program finds its data as package data (setup.py copies it)."""
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(root),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    names = zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist()
    for card_file in (root / "cards").glob("*.yaml"):
        assert f"illusio_table/_resources/cards/{card_file.name}" in names
    assert "illusio_table/_resources/assets/icons/illusio-table-256.png" in names
    assert "illusio_table/games/incantibus/help.md" in names

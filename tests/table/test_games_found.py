"""Games are found, not listed: each declares itself by an entry point naming its kit, and
the registry, the kits, the installer and the tests take the games from there."""

from __future__ import annotations

from importlib.metadata import entry_points as metadata_entry_points

import pytest

from illusio_table.games import GROUP, builtin_registry, entry_points, found, rules
from illusio_table.table.kits import KitError, _kits, kits


def _distribution(folder, name, text):
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_the_games_found_are_the_entry_points_importlib_metadata_reads():
    declared = {e.name: e.value for e in metadata_entry_points(group=GROUP)}
    assert entry_points(GROUP) == declared
    assert found() == dict(sorted(declared.items()))


def test_each_game_of_the_program_declares_itself_once_by_its_kit():
    assert list(found()) == ["illuminati", "illusio", "incantibus"]
    for game_id, kit in found().items():
        assert kit == f"illusio_table.games.{game_id}.kit:KIT"
    assert [kit.game_id for kit in kits()][: len(found())] == list(found())
    assert builtin_registry().ids() == list(found()) == list(rules())


def test_a_game_of_another_installed_package_is_found_by_its_entry_point(tmp_path):
    _distribution(
        tmp_path,
        "odds_game",
        "[console_scripts]\nodds = odds:main\n\n"
        f"[{GROUP}]\nodds = odds_game.kit:KIT\n\n[other.group]\nnot_a_game = x:y\n",
    )
    _distribution(tmp_path / "later", "odds_game", f"[{GROUP}]\nodds = stale.kit:KIT\n")
    assert entry_points(GROUP, [str(tmp_path), str(tmp_path / "later")]) == {
        "odds": "odds_game.kit:KIT"  # the first distribution of a name on the path
    }
    assert entry_points(GROUP, [str(tmp_path / "nowhere")]) == {}


def test_an_entry_point_naming_another_games_kit_is_refused(monkeypatch):
    from illusio_table.table import kits as module

    monkeypatch.setattr(module, "_FOUND", {})
    monkeypatch.setattr(
        module, "found", lambda: {"illusio": "illusio_table.games.illuminati.kit:KIT"}
    )
    with pytest.raises(KitError, match="is the kit of 'illuminati', not 'illusio'"):
        _kits()

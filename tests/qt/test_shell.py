"""The app shell, offscreen, driven through the test-only Duel game."""

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsSimpleTextItem,
    QLabel,
    QLineEdit,
    QMessageBox,
    QTableWidget,
)

from illusio_table.data import CardDataError
from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog
from illusio_table.qt.models import ActionsModel, LogModel, SeatsModel
from tests.duel_game import Commit, DuelGame, Step

from .conftest import lift_curtain, screenshot, tip_text
from .test_toolkit import table_sources

ANA_AND_LERA = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
ANA_AND_BOT = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]


def views(game):
    return [json.dumps(game.view(s), sort_keys=True) for s in [None, *range(game.seats)]]


def drawn(window):
    """Everything the window shows: scene texts and tooltips, docks, title, menu state."""
    scene = window.scene
    texts = sorted(i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem))
    tips = sorted(i.toolTip() for i in scene.items() if i.toolTip())
    log = window.log_view.model().lines
    moves = [a.label() for a in window.moves_view.model().actions]
    return {
        "texts": texts,
        "tips": tips,
        "log": log,
        "moves": moves,
        "title": window.windowTitle(),
        "undo": window.undo_action.isEnabled(),
        "redo": window.redo_action.isEnabled(),
        "status": window.statusBar().currentMessage(),
        "page": type(window.stack.currentWidget()).__name__,
    }


def test_new_game_then_a_move_then_undo_then_redo(window, registry):
    dialog = NewGameDialog(registry, window)
    dialog.game_box.setCurrentIndex(registry.ids().index("duel"))
    dialog.seat_count.setValue(2)
    dialog.set_seat(0, "Ana", None)
    dialog.set_seat(1, "Robo", "random")
    dialog.choose_seed.setChecked(True)
    dialog.seed_edit.setText("0")  # a seed where Robo's replies reveal nothing (no die, no draw)
    config = dialog.config()
    assert config.seed == 0
    assert config.game_id == "duel" and config.players == ANA_AND_BOT
    assert config.options == {"goal": 15}
    assert window.start_match(config)
    assert window.stack.currentWidget() is window.table and window.scene.items()
    screenshot(window, "shell-duel-start")
    start = views(window.model.session.game)
    index = window.moves_view.model().index(1, 0)
    assert index.data() == "Step 2"
    window.moves_view.activated.emit(index)
    after = views(window.model.session.game)
    assert after != start and window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert views(window.model.session.game) == start
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert views(window.model.session.game) == after


def test_a_refused_move_shows_its_reason_in_the_status_bar(window):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=1))
    assert not window.model.session.act(Step(3))
    assert "step 1 or 2" in window.statusBar().currentMessage()


def test_the_curtain_hides_the_table_between_two_human_seats(window):
    window.start_match(GameConfig("duel", ANA_AND_LERA, seed=1))
    assert window.stack.currentWidget() is window.curtain
    assert "Ana" in window.curtain.title.text()
    window.curtain.button.click()
    assert window.stack.currentWidget() is window.table
    window.model.session.act(Step(1))
    assert window.stack.currentWidget() is window.curtain
    assert "Lera" in window.curtain.title.text()
    assert window.scene.items() == []
    assert window.log_view.model().rowCount() == 0 and window.moves_view.model().rowCount() == 0
    screenshot(window, "shell-curtain")
    window.curtain.button.click()
    assert "Lera's table" in window.heading()


def test_after_a_secret_choice_the_next_seat_sees_the_same_whatever_was_chosen(make_window):
    def after_choice(pick):
        window = make_window()
        window.start_match(GameConfig("duel", ANA_AND_LERA, seed=11))
        for _ in (0, 1):  # both step, and the duel begins
            window.curtain.button.click()
            window.model.session.act(Step(1))
        window.curtain.button.click()
        hand = window.model.session.view()["hand"]
        window.model.session.act(Commit(hand[pick]))
        curtain = drawn(window)
        window.curtain.button.click()
        return curtain, drawn(window)

    first, second = after_choice(0), after_choice(1)
    assert first == second
    assert first[1]["moves"] and not first[1]["undo"]


def test_every_item_model_passes_the_model_tester(window, qtmodeltester):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=3))
    window.model.session.act(Step(2))
    for model in (window.log_view.model(), window.moves_view.model(), window.seats_view.model()):
        assert isinstance(model, LogModel | ActionsModel | SeatsModel)
        qtmodeltester.check(model, force_py=True)


def test_a_tampered_save_is_refused_and_nothing_is_touched(window, tmp_path):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=5))
    window.model.session.act(Step(1))
    path = tmp_path / "match.illusio.json"
    assert window._write(path)
    saved = json.loads(path.read_text())
    saved["moves"][0]["action"]["steps"] = 2
    path.write_text(json.dumps(saved))
    before_file, before_views = path.read_bytes(), views(window.model.session.game)
    assert not window.open_file(path)
    assert str(path) in window.messages[-1] and "action 0" in window.messages[-1]
    assert path.read_bytes() == before_file and views(window.model.session.game) == before_views


def test_a_saved_match_opens_where_it_was(window, tmp_path):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=5))
    window.model.session.act(Step(1))
    path = tmp_path / "match.illusio.json"
    window._write(path)
    before = views(window.model.session.game)
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=6))
    assert window.open_file(path)
    assert views(window.model.session.game) == before
    assert window.recent_files()[0] == str(path) and path.name in window.windowTitle()


def test_after_a_crash_the_autosave_resumes_the_match(make_window):
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    first.model.session.act(Step(2))  # the bot answers, and the duel begins: Robo commits at once
    before = views(first.model.session.game)
    # A kill leaves only what is on disk: a new window with the same data folder.
    second = make_window()
    assert second.offer_resume()
    after = views(second.model.session.game)
    # Robo's commit was not revealed, so it was not on disk: Robo chose again, unseen,
    # and nobody is told of it (a bot's choice made again is nobody's loss).
    assert after[:2] == before[:2]  # the public view and Ana's, the one at the screen
    assert second.model.session.game.view(0)["chosen"] == [1]
    assert second.model.session.match.withheld == [1]
    assert not any(m.startswith("Choose again") for m in second.messages), second.messages


def test_the_kept_match_offered_says_how_far_it_went_in_words_that_read(make_window):
    """One move made, then the program is killed: the next start asks to continue the
    match "1 move in" (it read "1 moves in")."""
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_LERA, seed=9))
    first.model.session.lift_curtain()
    first.model.session.act(Step(1))
    assert first.model.session.match.moves_made == 1
    second = make_window()
    asked = []
    second.ask = lambda title, text: asked.append(text) or True
    assert second.offer_resume()
    assert "(Ana, Lera, 1 move in)" in asked[0], asked


def test_a_match_taken_up_again_says_it_goes_on(make_window):
    """The status bar of a match resumed says how far it went (it read "a match for 2
    seats", as if a new one began); a new match's does not."""
    from illusio_table.engine.match import Match

    window = make_window()
    window.start_match(GameConfig("illusio", ANA_AND_BOT, seed=9))
    assert window.statusBar().currentMessage().endswith("a match for 2 seats.")
    match = Match.start("illusio", ANA_AND_BOT, 9, {}, registry=window.registry)
    while match.moves_made < 3 or 0 not in match.to_act():  # Ana's turn, some moves in
        seat = min(match.to_act())
        match.apply(seat, match.legal_actions(seat)[0])
    moves = match.moves_made
    window.install(match, None)  # (as a resumed autosave or an opened file is)
    assert window.model.session.curtain_seat() is None  # (one person: no curtain)
    status = window.statusBar().currentMessage()
    assert status.endswith(f"a match for 2 seats, going on {moves} moves in."), status


def test_a_choice_not_yet_revealed_is_never_written_to_a_file(make_window, tmp_path):
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_LERA, seed=9))
    model = first.model
    for steps in (1, 2):  # both take their turn; then the duel: everyone chooses at once
        model.session.lift_curtain()
        model.session.act(Step(steps))
    model.session.lift_curtain()
    seat = model.session.viewer
    card = model.session.view()["hand"][0] if model.session.view()["hand"] else None
    assert model.session.act(Commit(card))
    assert model.session.game.record.moves[-1].secret
    saved = tmp_path / "match.illusio.json"
    assert first._write(saved)
    for path in (first.autosave_path(), saved):
        data = json.loads(path.read_text())
        assert "commit" not in path.read_text() and data["withheld"] == [seat]
        assert len(data["moves"]) == len(model.session.game.record.moves) - 1
    second = make_window()
    assert second.offer_resume()
    assert seat in second.model.session.game.to_act()
    assert "choose again" in second.messages[-1]
    third = make_window()
    assert third.open_file(saved)
    assert seat in third.model.session.game.to_act()
    name = ANA_AND_LERA[seat]["name"]
    assert f"{name} had chosen" in third.messages[-1]


def test_a_damaged_autosave_is_set_aside_and_the_program_starts(make_window):
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    path = first.autosave_path()
    path.write_text(path.read_text().replace('"seed": 9', '"seed": 10'))
    damaged = path.read_bytes()
    second = make_window()
    assert not second.offer_resume()
    assert (
        "altered" in second.messages[-1]
        and "The program starts without it" in (second.messages[-1])
    )
    kept = list(path.parent.glob("autosave.damaged-*.json"))
    assert not path.exists() and len(kept) == 1 and kept[0].read_bytes() == damaged
    assert kept[0].name in second.messages[-1]
    assert not make_window().offer_resume()  # and the next start is a plain one


def test_a_deeply_nested_autosave_does_not_stop_the_program(make_window):
    path = make_window().autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[" * 100_000 + "]" * 100_000)
    window = make_window()
    assert not window.offer_resume()
    assert "nested" in window.messages[-1]


def test_temporary_files_a_kill_left_behind_are_removed_at_the_next_start(make_window):
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    leftover = first.autosave_path().with_name(".autosave.json.k1ll3d")
    leftover.write_text('{"half": ')
    assert make_window().offer_resume()
    assert not leftover.exists()


def test_broken_card_data_is_shown_not_crashed(window, registry):
    class BrokenCards(DuelGame):
        game_id = "broken"

        def setup(self):
            raise CardDataError(["cards/broken.yaml:7: colour is 'pink'"])

    window.registry = registry.with_game(BrokenCards)
    assert not window.start_match(GameConfig("broken", ANA_AND_BOT, seed=1))
    assert "cards/broken.yaml:7: colour is 'pink'" in window.messages[-1]


def test_a_whole_game_with_a_human_and_a_bot_finishes(window):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=21))
    moves = 0
    while not window.model.session.game.is_over() and moves < 500:
        window.moves_view.activated.emit(window.moves_view.model().index(0, 0))
        moves += 1
    assert window.model.session.game.is_over() and "game over" in window.heading()
    assert window.messages[-1].startswith("Game over")
    window.table.zoom_fit()
    screenshot(window, "shell-duel-end")


def test_geometry_and_recent_files_are_kept_in_settings(make_window, tmp_path):
    window = make_window()
    window.resize(900, 600)
    window._remember(tmp_path / "a.json")
    window.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.value("geometry") is not None
    assert make_window().recent_files() == [str(tmp_path / "a.json")]


def test_menus_use_the_standard_shortcuts(window):
    from PySide6.QtGui import QKeySequence

    assert window.undo_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Undo)
    assert window.save_action.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&Game", "&View", "&Help"]


def test_zoom_in_out_and_fit(window):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=1))
    window.table.zoom_reset()
    assert window.table.zoom() == pytest.approx(1.0)
    window.table.zoom_in()
    assert window.table.zoom() == pytest.approx(1.25)
    window.table.zoom_out()
    assert window.table.zoom() == pytest.approx(1.0)
    window.table.zoom_fit()
    assert window.table.zoom() != 1.0


def test_clicking_a_move_on_the_table_plays_it(window, qtbot):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=2))
    button = next(i for i in window.scene.items() if tip_text(i) == "Step 2")
    view = window.table
    point = view.mapFromScene(button.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    QApplication.processEvents()  # a move made on the table is played after the click
    assert window.model.session.game.record.moves[0].action == {"kind": "step", "steps": 2}


def test_a_broken_card_file_stops_only_its_own_game(window, tmp_path, monkeypatch):
    from illusio_table.games.incantibus.cards import load
    from tests.games.card_files import CARDS

    folder = tmp_path / "cards"
    folder.mkdir()
    for path in CARDS.glob("*.yaml"):
        (folder / path.name).write_bytes(path.read_bytes())
    text = (folder / "incantibus.yaml").read_text(encoding="utf-8")
    (folder / "incantibus.yaml").write_text(text.replace("visible: 3", "visible: three", 1))
    monkeypatch.setenv("ILLUSIO_TABLE_CARDS", str(folder))
    load.cache_clear()
    try:
        players = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]
        assert not window.start_match(GameConfig("incantibus", players, seed=1))
        assert window.messages[-1].startswith("The card data is broken: ")
        assert f"{folder / 'incantibus.yaml'}:" in window.messages[-1]
        assert "visible must be a whole number, not 'three'" in window.messages[-1]
        window.rehearse()
        assert "visible must be a whole number" in window.messages[-1]
        assert window.start_match(GameConfig("illusio", players, seed=1))
    finally:
        load.cache_clear()


def test_behind_the_curtain_undo_redo_and_saving_wait_and_say_why(window):
    window.start_match(GameConfig("duel", ANA_AND_LERA, seed=1))
    lift_curtain(window)
    window.model.session.act(Step(1))
    assert window.stack.currentWidget() is window.curtain
    before = views(window.model.session.game)
    for action in (window.undo_action, window.redo_action, window.save_action):
        assert not action.isEnabled()
    window.undo()  # the shortcut still reaches the window: nothing happens
    assert views(window.model.session.game) == before
    assert window.stack.currentWidget() is window.curtain and window.scene.items() == []
    assert "Lift the curtain first" in window.undo_action.toolTip()
    lift_curtain(window)
    assert "Ana has moved since" in window.undo_action.toolTip()


def test_the_curtain_clears_the_last_persons_words_from_the_status_bar(window):
    window.start_match(GameConfig("duel", ANA_AND_LERA, seed=1))
    lift_curtain(window)
    window.model.session.act(Step(3))  # refused: its reason shows
    assert "step 1 or 2" in window.statusBar().currentMessage()
    window.scene.message.emit("Step 2")  # what a focused move says
    window.model.session.act(Step(1))
    assert window.stack.currentWidget() is window.curtain
    assert window.statusBar().currentMessage() == ""


def test_names_are_plain_text_on_the_curtain_and_in_messages(window):
    sly = [{"name": "<b>Ana</b> & co", "bot": None}, {"name": "Lera", "bot": None}]
    window.start_match(GameConfig("duel", sly, seed=1))
    curtain = window.curtain
    assert curtain.title.textFormat() == Qt.TextFormat.PlainText
    assert curtain.title.text() == "Pass the screen to <b>Ana</b> & co"
    assert curtain.button.text() == "I am <b>Ana</b> && co: show my table"
    assert window.tally_bar.textFormat() == Qt.TextFormat.PlainText


def test_the_seed_is_hidden_and_random_unless_someone_chooses_one(window, registry):
    first, second = NewGameDialog(registry, window), NewGameDialog(registry, window)
    assert not first.seed_edit.isVisibleTo(first) and not first.choose_seed.isChecked()
    shown = [w.text() for w in first.findChildren(QLineEdit) if w.isVisibleTo(first)]
    assert str(first.config().seed) not in " ".join(shown)
    assert first.config().seed != second.config().seed
    first.choose_seed.setChecked(True)
    assert first.seed_edit.isVisibleTo(first)
    first.seed_edit.setText("42")
    assert first.config().seed == 42


def test_the_new_game_dialog_remembers_the_seats_and_options(window, registry):
    dialog = NewGameDialog(registry, window, settings=window.settings)
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    dialog.seat_count.setValue(5)
    dialog.set_seat(2, "Zed", None)
    dialog.option_widgets["stacked_money"].setChecked(True)
    dialog.config()
    again = NewGameDialog(registry, window, settings=window.settings)
    assert again.game_box.currentData() == "illuminati" and again.seat_count.value() == 5
    assert again.name_edits[2].text() == "Zed" and again.kind_boxes[2].currentData() is None
    assert again.option_widgets["stacked_money"].isChecked()


def test_table_mode_and_option_help_are_offered_where_they_apply(window, registry):
    dialog = NewGameDialog(registry, window)
    for game_id in registry.ids():
        dialog.game_box.setCurrentIndex(registry.ids().index(game_id))
        assert dialog.table_mode.isVisibleTo(dialog) == (game_id == "incantibus"), game_id
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    notes = [w.text() for w in dialog.options_box.findChildren(QLabel)]
    for option in registry.get("illuminati").options_spec:
        if option.help and not option.rehearsal:
            assert option.help in notes


def test_new_open_and_rehearse_ask_before_replacing_a_match_in_play(window):
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    asked = []
    window.ask = lambda title, text: asked.append(title) or False
    game = window.model.session.game
    window.new_game()
    window.open_dialog()
    window.rehearse()
    assert asked == ["Leave this match?"] * 3 and window.model.session.game is game


def test_every_new_match_lets_the_old_table_go(window):
    from PySide6.QtCore import QCoreApplication, QEvent

    from illusio_table.qt.scenes import TableScene

    for seed in range(4):
        window.start_match(GameConfig("duel", ANA_AND_BOT, seed=seed))
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(window.findChildren(TableScene)) == 1


@pytest.mark.parametrize(("game_id", "bot"), [("incantibus", "cunning"), ("illusio", "showman")])
def test_game_over_shows_points_by_category_the_winner_and_the_seed(window, game_id, bot):
    """Every game's result table sums its points by category (Illusio's had only the
    total), and every column has a name (the winner's had none)."""
    from illusio_table.qt.app.dialogs import ResultDialog, result_table

    players = [{"name": "Ana", "bot": bot}, {"name": "Lera", "bot": bot}]
    window.start_match(GameConfig(game_id, players, seed=3))
    game = window.model.session.game
    assert game.is_over()
    columns, rows = result_table(window.model.session.match)
    assert columns[0] == "Seat" and "Total" in columns and len(columns) > 4
    assert all(columns), columns
    assert 1 <= [r[-1] for r in rows].count("winner") <= 2  # a shared victory has two
    total = columns.index("Total")
    for seat, row in enumerate(rows):
        assert int(row[total]) == game.result()["scores"][seat]
        assert sum(int(x) for x in row[1:total]) == int(row[total])
    dialog = ResultDialog(window.model.session.match, window)
    texts = " ".join(w.text() for w in dialog.findChildren(QLabel))
    assert f"seed of this match was {game.seed}" in texts and "won." in texts
    # The table as tall as its rows: every row shown, no empty box under them (half the
    # table's box was empty), and the words under it straight after.
    dialog.show()
    QApplication.processEvents()
    table = dialog.findChild(QTableWidget)
    rows_height = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert rows_height <= table.viewport().height() <= rows_height + 2
    details = next(w for w in dialog.findChildren(QLabel) if "seed of this" in w.text())
    assert details.geometry().top() - table.geometry().bottom() <= 20
    dialog.close()


def test_the_seats_panel_shows_how_each_stands(window):
    players = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": "cunning"}]
    window.start_match(GameConfig("incantibus", players, seed=3))
    model = window.seats_view.model()
    scores = [model.index(r, 3).data() for r in range(model.rowCount())]
    assert scores == ["0 points", "0 points"]


def test_the_log_shows_its_newest_lines_after_the_curtain(window, qtbot):
    assert window.start_match(GameConfig("duel", ANA_AND_LERA, seed=1, options={"goal": 40}))
    for steps in (1, 2) * 30:
        lift_curtain(window)
        if window.model.session.game.view(window.model.session.viewer)["phase"] == "duel":
            window.model.session.act(Commit(None))
        else:
            window.model.session.act(Step(steps))
    lift_curtain(window)
    bar = window.log_view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum(), timeout=2000)


def test_the_save_dialog_starts_in_a_folder_of_the_person_not_the_programs(window):
    folder = window._save_folder()
    assert folder.is_dir() and folder != Path.cwd()


def test_the_table_mode_box_is_kept_when_the_dialog_closes(window, registry):
    dialog = NewGameDialog(registry, window)
    dialog.game_box.setCurrentIndex(registry.ids().index("incantibus"))
    dialog.show()
    dialog.table_mode.setChecked(True)
    dialog.hide()  # as exec() leaves it when Start is pressed
    assert dialog.config().table_mode


def test_the_new_game_dialog_shows_every_option_whole_after_another_game_is_chosen(window):
    """Chosen after a game with one option, Illuminati's four options and their notes fit
    (the dialog once kept its old size and cut the notes off)."""
    from PySide6.QtWidgets import QApplication, QLabel

    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    dialog = NewGameDialog(registry, window)
    dialog.game_box.setCurrentIndex(registry.ids().index("illusio"))
    dialog.show()
    QApplication.processEvents()
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    QApplication.processEvents()
    notes = [w for w in dialog.options_box.findChildren(QLabel) if w.wordWrap() and w.isVisible()]
    assert len(notes) == 4
    for note in notes:
        assert note.height() >= note.heightForWidth(note.width()) - 1, note.text()
    dialog.close()


def test_a_word_about_the_table_goes_when_the_table_changes(window):
    """Status-bar words belong to the state they were said in: after a move (or an undo)
    neither a hint of the table nor a refusal stays ("2 card(s) chosen" outlived the
    exchange)."""
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    window.scene.message.emit("2 cards chosen: drag one onto the deck to exchange them.")
    assert "chosen" in window.statusBar().currentMessage()
    window.model.session.act(Step(2))
    assert "chosen" not in window.statusBar().currentMessage()
    window.model.session.act(Step(99))  # refused: the reason stays while nothing has changed
    refusal = window.statusBar().currentMessage()
    assert refusal.startswith("Not allowed")
    window.scene.redraw()
    assert window.statusBar().currentMessage() == refusal


def test_at_1280x720_every_seat_row_and_every_move_shows_whole(make_window):
    """At 1280 x 720 with four seats the Seats panel shows all four rows, and no line of
    the Moves panel runs out of it (moves were cut off); a small screen opens the window
    maximized (it opened smaller than the screen)."""
    from PySide6.QtWidgets import QApplication

    from illusio_table.qt.app.main_window import small_screen

    assert small_screen(1280, 720) and small_screen(1366, 768) and not small_screen(1920, 1080)
    window = make_window()
    window.resize(1280, 720)
    players = [{"name": n, "bot": None} for n in ("Ana", "Lera", "Milo", "Juno")]
    assert window.start_match(GameConfig("illuminati", players, seed=3))
    window.model.session.lift_curtain()
    QApplication.processEvents()
    for dock in (window.seats_dock, window.moves_dock):
        dock.raise_()
        QApplication.processEvents()
        view = dock.widget()
        rows = view.model().rowCount()
        assert rows >= 4 if dock is window.seats_dock else rows > 0
        for row in range(rows):
            rect = view.visualRect(view.model().index(row, 0))
            if dock is window.seats_dock:
                assert view.viewport().rect().contains(rect), f"seat row {row} is hidden"
            else:
                assert rect.width() <= view.viewport().width(), f"move {row} runs out"


def laid_out_badly(dialog) -> list[str]:
    """What a person would see wrong in a dialog: a visible widget outside it, two that
    overlap (neither inside the other), or a blank gap between its rows."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QGroupBox, QWidget

    def rect(widget) -> QRect:
        return QRect(widget.mapTo(dialog, widget.rect().topLeft()), widget.size())

    shown = [
        w
        for w in dialog.findChildren(QWidget)
        if w.isVisibleTo(dialog)
        and w.parentWidget() is not None
        and w.isWindow() is False
        and (w.parentWidget() is dialog or isinstance(w.parentWidget(), QGroupBox))
    ]
    faults = []
    whole = dialog.rect()
    for w in shown:
        if not whole.contains(rect(w)):
            faults.append(f"{type(w).__name__} {w.objectName() or ''} outside the dialog")
    for n, a in enumerate(shown):
        for b in shown[n + 1 :]:
            ra, rb = rect(a), rect(b)
            if ra.intersects(rb) and not ra.contains(rb) and not rb.contains(ra):
                faults.append(f"{type(a).__name__} over {type(b).__name__}")
    rows = sorted((rect(w).top(), rect(w).bottom()) for w in shown if w.parentWidget() is dialog)
    reach = rows[0][1]
    for top, bottom in rows[1:]:
        if top - reach > 24:
            faults.append(f"a blank gap of {top - reach} px")
        reach = max(reach, bottom)
    return faults


def test_the_new_game_dialog_is_laid_out_whole_for_every_game_and_on_reopening(window, registry):
    """The seats' heading stays, no rows lie over each other and no blank gap opens, after
    switching games back and forth and when the dialog is opened again (switching left
    the old seat rows over the new ones and a gap the height of Illuminati's options)."""
    from PySide6.QtWidgets import QApplication

    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    dialog = NewGameDialog(registry, window, settings=window.settings)
    dialog.show()
    QApplication.processEvents()
    for game_id in [*registry.ids(), *reversed(registry.ids())]:
        dialog.game_box.setCurrentIndex(registry.ids().index(game_id))
        QApplication.processEvents()
        assert dialog.seats_box.title() == "Who sits where" and dialog.seats_box.isVisible()
        assert not laid_out_badly(dialog), (game_id, laid_out_badly(dialog))
        seats = [w for w in dialog.name_edits if w.isVisible()]
        assert len(seats) == dialog.seat_count.value()
    dialog.config()
    dialog.close()
    again = NewGameDialog(registry, window, settings=window.settings)
    again.show()
    QApplication.processEvents()
    assert not laid_out_badly(again), laid_out_badly(again)
    again.close()


def test_each_game_keeps_its_own_last_setup(window):
    """Illusio played to 3 points with an expert seat, then Illuminati with five seats:
    the dialog opens on Illuminati's five seats, and choosing Illusio gives back its 3
    points and its expert (it gave Illusio's defaults)."""
    from illusio_table.games import builtin_registry

    registry = builtin_registry()
    dialog = NewGameDialog(registry, window, settings=window.settings)
    dialog.game_box.setCurrentIndex(registry.ids().index("illusio"))
    dialog.option_widgets["target"].setValue(3)
    dialog.set_seat(1, "Robo", "expert")
    dialog.config()
    dialog = NewGameDialog(registry, window, settings=window.settings)
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    dialog.seat_count.setValue(5)
    # Switching away and back inside the dialog keeps what was set too.
    dialog.game_box.setCurrentIndex(registry.ids().index("incantibus"))
    dialog.game_box.setCurrentIndex(registry.ids().index("illuminati"))
    assert dialog.seat_count.value() == 5
    dialog.config()
    again = NewGameDialog(registry, window, settings=window.settings)
    assert again.game_box.currentData() == "illuminati" and again.seat_count.value() == 5
    again.game_box.setCurrentIndex(registry.ids().index("illusio"))
    assert again.option_widgets["target"].value() == 3
    assert again.kind_boxes[1].currentData() == "expert"
    assert again.config().players[1]["name"] == "Robo"


def test_rehearse_casting_keeps_its_last_choices(window):
    """Expert mode, three seats and expert bots are there when Rehearse opens again (it
    forgot expert mode)."""
    from illusio_table.games.incantibus.qt.rehearsal import RehearsalDialog

    dialog = RehearsalDialog(window, window.settings)
    dialog.seats.setValue(3)
    dialog.mode.setCurrentText("expert")
    dialog.bot.setCurrentIndex(dialog.bot.findData("expert"))
    config = dialog.config()
    assert config.options["mode"] == "expert"
    again = RehearsalDialog(window, window.settings)
    assert again.mode.currentText() == "expert"
    assert again.seats.value() == 3 and again.bot.currentData() == "expert"
    assert again.budget.isEnabled()


@pytest.mark.parametrize("game_id", ["illusio", "illuminati", "incantibus"])
def test_help_shows_the_table_with_its_parts_named_and_closes(window, game_id):
    """How to play opens on a picture of the game's own table, drawn by the program with
    each part numbered and named in a list under it, then the rules under headings; its
    Close button closes it (it was a wall of text with no way out but the title bar)."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from illusio_table.games import builtin_registry
    from illusio_table.qt.app.help import PICTURE, HelpDialog

    registry = builtin_registry()
    window.registry = registry
    window.show_help(registry.get(game_id))
    QApplication.processEvents()
    (dialog,) = [d for d in window.findChildren(HelpDialog) if d.isVisible()]
    document = dialog.browser.document()
    picture = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(PICTURE))
    assert picture is not None and picture.width() >= 700 and picture.height() >= 400
    colours = {picture.pixelColor(x, y).name() for x in range(0, 700, 7) for y in range(0, 400, 7)}
    assert len(colours) > 40, "a real table, not a blank"
    text = document.toPlainText()
    assert len(dialog.part_names) >= 6
    for name in dialog.part_names:
        assert name in text, name
    assert text.index(dialog.part_names[-1]) < text.index("Aim")
    headings = [
        document.findBlockByNumber(n)
        for n in range(document.blockCount())
        if document.findBlockByNumber(n).blockFormat().headingLevel() == 2
    ]
    assert len(headings) >= 6, "the rules come in parts, each under its heading"
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert close is not None and close.isVisible()
    close.click()
    QApplication.processEvents()
    assert not [d for d in window.findChildren(HelpDialog) if d.isVisible()]


def test_there_is_one_help_window_raised_again_and_it_fits_a_small_screen(window):
    """Help, Help again, then another game's Help: one window (it stacked a new one 720 px
    tall per click), now showing the game asked last, no taller than the screen."""
    from PySide6.QtWidgets import QApplication

    from illusio_table.games import builtin_registry
    from illusio_table.qt.app.help import HelpDialog

    registry = builtin_registry()
    window.registry = registry
    for game_id in ("incantibus", "incantibus", "illusio"):
        window.show_help(registry.get(game_id))
        QApplication.processEvents()
    shown = [d for d in window.findChildren(HelpDialog) if d.isVisible()]
    assert len(shown) == 1 and shown[0].windowTitle() == "How to play Illusio"
    screen = window.screen().availableGeometry()
    assert shown[0].height() <= screen.height() and shown[0].width() <= screen.width()
    shown[0].close()


def test_new_game_after_a_rehearsal_offers_the_last_games_seats_not_the_rehearsals(window):
    from illusio_table.qt.app.new_game_dialog import GameConfig, NewGameDialog

    people = [{"name": "Ana", "bot": None}, {"name": "Lera", "bot": None}]
    game = GameConfig("illusio", people + [{"name": "Robo", "bot": "random"}], 3, {})
    assert window.start_match(game)
    bots = [{"name": f"Bot {n}", "bot": "cunning"} for n in (1, 2, 3)]
    rehearsal = GameConfig("incantibus", people[:1] + bots, 4, {"mode": "apprentice"})
    assert window.start_match(rehearsal, rehearsal=True)
    dialog = NewGameDialog(window.registry, window, window.last_config, window.settings)
    names = [p["name"] for p in dialog.config().players]
    assert names[:2] == ["Ana", "Lera"] and not any(n.startswith("Bot") for n in names)
    dialog.close()


@pytest.mark.parametrize("game_id", ["illusio", "illuminati", "incantibus"])
def test_the_help_picture_reads_at_its_size_and_its_callouts_look_like_no_piece(
    qapp, monkeypatch, game_id
):
    """Every word of the help picture, the table's and those painted on its cards, is 8
    pixels or more as the picture is shown (its own size, in a help window that fits a
    1280 x 720 screen): the attack panel and the Contest were about 5. The callouts wear
    a colour no piece and no card file has (a gold '6' sat on Ana's wand like a wand's
    number)."""
    import math
    import re
    from pathlib import Path

    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from illusio_table.games import builtin_registry
    from illusio_table.games.illuminati.qt import conspiracy
    from illusio_table.games.illusio.qt import cards as card_faces
    from illusio_table.qt.app import help as help_window
    from illusio_table.qt.scenes.look import READABLE_PX
    from tests.data.test_colours import EVERYONE, _distance

    from .test_readable import px

    assert help_window.PICTURE_WIDTH + 60 <= 1280 - 40  # the window, on a 1280-wide screen
    small: set[str] = set()
    original = card_faces.fitted_text

    def listening(painter, rect, text, size, colour, bold=False, flags=None, wrap=True, least=6):
        flags = Qt.AlignmentFlag.AlignCenter if flags is None else flags
        every = int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrap else 0)
        drawn, shown = card_faces.fitting(
            text, rect.width(), rect.height(), max(size, 6), bold, every, least
        )
        if px(drawn, math.sqrt(abs(painter.worldTransform().determinant()))) < READABLE_PX:
            small.add(f"{shown!r} painted on a card")
        original(painter, rect, text, size, colour, bold, flags, wrap, least)

    monkeypatch.setattr(card_faces, "fitted_text", listening)
    monkeypatch.setattr(conspiracy, "fitted_text", listening)
    card_faces._PICTURES.clear()
    drawn_scene = help_window.picture_scene

    def measured(*args):
        scene = drawn_scene(*args)
        source = scene.extent() or scene.itemsBoundingRect()
        scale = help_window.PICTURE_WIDTH / source.width()
        for item in scene.items():
            if isinstance(item, QGraphicsSimpleTextItem) and item.isVisible():
                grown = scale * math.sqrt(abs(item.sceneTransform().determinant()))
                words = item.text().strip()
                if words and not item.data(2) and px(item.font().pointSizeF(), grown) < 8:
                    small.add(f"{words[:30]!r} at {px(item.font().pointSizeF(), grown):.1f} px")
        return scene

    monkeypatch.setattr(help_window, "picture_scene", measured)
    image, names = help_window.table_picture(game_id, builtin_registry())
    assert image.width() == help_window.PICTURE_WIDTH and len(names) >= 6
    assert not small, sorted(small)[:10]
    root = Path(__file__).resolve().parents[2]
    sources = [*root.glob("cards/*.yaml"), *table_sources()]
    worn = {c for f in sources for c in re.findall(r"#[0-9a-fA-F]{6}\b", f.read_text())}
    callout = help_window.CALLOUT.name()
    near = [c for c in worn if _distance(callout, c, EVERYONE) < 30]
    assert not near, near


def test_a_kept_match_declined_with_no_is_not_offered_again_and_is_kept_as_a_file(make_window):
    """No at "Continue the last match?" says the match is kept as a file, and the next
    start asks nothing (it asked at every start); the file opens the match again."""
    first = make_window()
    first.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    moves = first.model.session.game.record.moves[:]
    second = make_window()
    asked = []
    second.ask = lambda title, text: asked.append(text) or False
    assert not second.offer_resume()
    assert len(asked) == 1 and "it is not offered again" in asked[0]
    third = make_window()
    third.ask = lambda title, text: asked.append(text) or True
    assert not third.offer_resume() and len(asked) == 1  # not asked again
    (kept,) = third.data_dir.glob("declined-*.json")
    assert third.open_file(kept)
    assert third.model.session.game.record.moves == moves


def side_tab(window) -> str:
    """The tab of the side panels in front, as the person sees it."""
    from PySide6.QtWidgets import QTabBar

    bars = [
        bar
        for bar in window.findChildren(QTabBar)
        if bar.isVisible() and "Phones" in [bar.tabText(k) for k in range(bar.count())]
    ]
    assert len(bars) == 1
    return bars[0].tabText(bars[0].currentIndex())


def test_the_side_panel_keeps_the_tab_the_person_chose_through_new_games(make_window):
    """The person brings Seats to the front; a rehearsal's coach panel comes and goes, and
    new matches keep Seats in front (the Phones tab came to the front at every new
    rehearsal, drill or game, hiding the others)."""
    window = make_window()
    window.show()
    window.start_match(GameConfig("duel", ANA_AND_BOT, seed=9))
    QApplication.processEvents()
    window.seats_dock.raise_()
    QApplication.processEvents()
    assert side_tab(window) == "Seats"
    incantibus = [{"name": "Ana", "bot": None}, {"name": "Robo", "bot": "random"}]
    for seed, rehearsal in ((10, True), (11, False), (12, True), (13, False)):
        config = GameConfig("incantibus", incantibus, seed, {"mode": "apprentice"})
        window.start_match(config, rehearsal=rehearsal)
        QApplication.processEvents()
        assert side_tab(window) == "Seats", (seed, rehearsal)
    screenshot(window, "side-panel-kept")


@pytest.mark.parametrize("game_id", ["incantibus", "illuminati", "illusio"])
def test_at_1280x720_every_seat_cell_reads_whole_without_scrolling(make_window, game_id):
    """The Seats panel at 1280 x 720, four seats, the person at the screen to act: every
    column within the panel and every cell's words whole in it (the status "at the
    screen, to act" pushed the score out, where it read "Sc" and "0 p")."""
    window = make_window()
    window.resize(1280, 720)
    players = [{"name": "Ana", "bot": None}] + [
        {"name": f"Bot {n}", "bot": "expert"} for n in (1, 2, 3)
    ]
    assert window.start_match(GameConfig(game_id, players, seed=3))
    window.seats_dock.raise_()
    QApplication.processEvents()
    view = window.seats_view
    model = view.model()
    assert any("at the screen" in model.index(r, 2).data() for r in range(model.rowCount()))
    screenshot(window, f"seats-{game_id}-1280")
    problems = seat_cell_problems(view)
    assert not problems, "\n".join(problems)


def seat_cell_problems(view) -> list[str]:
    """What the Seats panel cuts: a column out of the panel, a heading or a cell's
    words that do not fit."""
    model = view.model()
    width = view.viewport().width()
    header = view.horizontalHeader()
    problems = []
    for column in range(model.columnCount()):
        left, size = header.sectionViewportPosition(column), header.sectionSize(column)
        if left < 0 or left + size > width:
            problems.append(
                f"column {model.headerData(column, Qt.Orientation.Horizontal)} "
                f"runs out of the panel ({left}+{size} > {width})"
            )
        title = model.headerData(column, Qt.Orientation.Horizontal)
        if header.fontMetrics().horizontalAdvance(title) > size:
            problems.append(f"heading {title!r} cut")
        for row in range(model.rowCount()):
            index = model.index(row, column)
            rect = view.visualRect(index).adjusted(3, 0, -3, 0)  # (the cell's text margins)
            text = index.data() or ""
            needed = view.fontMetrics().boundingRect(rect, int(Qt.TextFlag.TextWordWrap), text)
            if needed.width() > rect.width() or needed.height() > rect.height():
                problems.append(f"{text!r} does not fit its cell ({needed} in {rect})")
    return problems


def test_at_game_over_the_seats_panel_reads_whole_beside_the_longest_scores(make_window):
    """Illuminati at 1280 x 720, four seats, played to its end: the Seats panel says
    "at the screen" whole beside "12 of 12 Groups" and "bot (schemer)" (the Status
    column read "at the scre…" once the winner's score took its room)."""
    from illusio_table.engine.bots import bot_move
    from illusio_table.games.illuminati.bots import SchemerBot

    window = make_window()
    window.resize(1280, 720)
    players = [{"name": "Ana", "bot": None}] + [
        {"name": n, "bot": "schemer"} for n in ("Lera", "Milo", "Juno")
    ]
    assert window.start_match(GameConfig("illuminati", players, seed=3))
    window.seats_dock.raise_()
    session = window.model.session
    for _ in range(3000):
        lift_curtain(window)
        if session.game.is_over():
            break
        if 0 in session.game.to_act():
            session.act(bot_move(session.game, SchemerBot(0, 3), 0))
        elif not session.step_bot():
            break
    assert session.game.is_over()
    lift_curtain(window)
    QApplication.processEvents()
    view = window.seats_view
    model = view.model()
    scores = [model.index(r, 3).data() for r in range(model.rowCount())]
    assert any(s.startswith(("10 of", "11 of", "12 of")) for s in scores), scores
    assert any("at the screen" in model.index(r, 2).data() for r in range(model.rowCount()))
    screenshot(window, "seats-illuminati-game-over-1280")
    problems = seat_cell_problems(view)
    assert not problems, "\n".join(problems)


def test_after_a_question_the_keys_go_back_to_the_window(make_window, monkeypatch):
    """Under X with no window manager, Ctrl+Q after a question (Continue the last match?)
    did nothing until a click on the window: each dialog, answered, hands the window the
    keys again."""
    window = make_window()
    window.interactive = True
    handed: list[bool] = []
    monkeypatch.setattr(window, "activateWindow", lambda: handed.append(True))
    monkeypatch.setattr(QMessageBox, "exec", lambda self: QMessageBox.StandardButton.Yes)
    main = type(window)  # (the window's own ask and tell: the tests' window answers itself)
    assert main.ask(window, "Continue the last match?", "An unfinished match was kept.")
    assert handed == [True]
    main.tell(window, "Cannot open the match", "The file was left as it is.")
    assert handed == [True, True]


def test_a_log_gone_before_its_scroll_to_the_bottom_lets_the_scroll_go(window, qtbot):
    """The log scrolls to its newest line a moment after the line comes; a window closed in
    that moment (a New game, the next match of a test run) took the log with it, and the
    late scroll then ran on nothing and raised in the event loop. Now it goes with the log."""
    from PySide6.QtCore import QCoreApplication, QEvent

    window._log_to_bottom()
    window.log_view.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(20)  # a raise in the event loop here fails the test


def test_every_timer_of_the_program_dies_with_what_it_serves():
    """A timer's call named with the object it serves is dropped when that object goes; a
    bare function outlives it (how the log's late scroll raised)."""
    import re

    package = Path(__file__).resolve().parents[2] / "illusio_table"
    shots = {
        f"{path.relative_to(package)}: {line.strip()}"
        for path in package.rglob("*.py")
        for line in path.read_text(encoding="utf-8").splitlines()
        if "singleShot(" in line
    }
    assert len(shots) >= 5
    bare = {shot for shot in shots if not re.search(r"singleShot\(\s*\w+,\s*self[\w.]*,", shot)}
    assert not bare

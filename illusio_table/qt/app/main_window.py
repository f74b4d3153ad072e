"""The main window: menus, the table, the curtain, the docks, saving and resuming."""

from __future__ import annotations

import hashlib
import json
import os
import time
import weakref
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QFont,
    QFontInfo,
    QFontMetrics,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QDialog,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QStatusBar,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from illusio_table import __version__
from illusio_table.data import CardDataError
from illusio_table.engine import IllegalAction, Match, RecordError, Registry
from illusio_table.engine.protocol import listed
from illusio_table.engine.storage import atomic_write_text, remove_leftovers, set_aside
from illusio_table.games import builtin_registry
from illusio_table.table.guide import name_list
from illusio_table.table.kits import Kit, Rehearsal, kit_of, kits, load
from illusio_table.table.prompts import counted
from illusio_table.table.seat_screen import match_screen
from illusio_table.table.settings import (
    Drill,
    GuideProgress,
    TableSettings,
    load_match,
    open_match,
)

from ..scenes import TableView, table_scene
from .curtain import Curtain
from .dialogs import ResultDialog, plain_message
from .log_lines import MeasuredOnce
from .side_note import SideNote

if TYPE_CHECKING:
    from ..models import MatchModel
    from ..scenes.base import TableScene
    from .new_game_dialog import GameConfig

# What a match needs (its models, the New Game dialog) is imported when the first match
# starts: the welcome screen is painted sooner without them.

APP = "Illusio Table"
SAVE_FILTER = "Illusio Table matches (*.illusio.json *.json)"
MAX_RECENT = 8
GLIDE_MS = 260  # pieces sliding to their new places between two views


def data_folder() -> Path:
    """The user's data folder for this program (autosave, logs)."""
    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


SIDE_BAR = 190  # the coach's bar beside the table (with the guide's over it), its width
QWIDGETSIZE_MAX = (1 << 24) - 1  # (Qt's largest widget size)
STATUS_LEAST_PX = 10  # the status line's words grow no smaller than this to fit


class StatusLine(QStatusBar):
    """The status bar, whose message is never cut at the window's edge: a long one (a
    refusal held over a Contest card, 1,300 pixels of words at 1280 wide, read "…under
    realiza") is drawn in a smaller type, down to STATUS_LEAST_PX, until it fits."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._usual = QFont(self.font())

    def room(self) -> int:
        """The width the message is drawn in (the bar less its margins and grip)."""
        return self.contentsRect().width() - 12

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 (Qt's name)
        self._fit(text)
        super().showMessage(text, timeout)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        # Fitted again to the new width (a message shown before the window took its size,
        # the welcome line, was fitted to the bar's first few pixels).
        super().resizeEvent(event)
        self._fit(self.currentMessage())

    def _fit(self, text: str) -> None:
        font = QFont(self._usual)
        px = QFontInfo(font).pixelSize()
        while px > STATUS_LEAST_PX and QFontMetrics(font).horizontalAdvance(text) > self.room():
            px -= 1
            font.setPixelSize(px)
        self.setFont(font)


class Welcome(QWidget):
    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        # The games found, named by their guides (no game is imported by them).
        guides = [k.guide() for k in kits() if k.game_id in window.registry.ids()]
        games = name_list([guide.title for guide in guides])
        title = QLabel(f"<h1>{APP}</h1><p>{games} at one table, with bots in any empty seat.</p>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        title.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(title)
        for text, slot in (
            ("New game…", window.new_game),
            ("Open a saved match…", window.open_dialog),
        ):
            button = QPushButton(text)
            button.setMinimumHeight(40)
            button.clicked.connect(slot)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignCenter)
        # A guided first game of each game: a few steps on the real table.
        learn = QLabel("New to a game? Play your first moves with a guide:")
        learn.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addSpacing(16)
        layout.addWidget(learn)
        row = QHBoxLayout()
        row.addStretch(1)
        for guide in guides:
            button = QPushButton(f"Learn {guide.title}")
            button.setMinimumHeight(36)
            button.clicked.connect(lambda _=False, g=guide.game_id: window.start_guide(g))
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)


def small_screen(width: int, height: int) -> bool:
    """A screen the window fills whole on opening (a laptop's 1280 x 720, 1366 x 768)."""
    return width <= 1440 or height <= 900


class SeatsTable(QTableView):
    """The Seats panel: its columns share the panel's width so that no word is cut.
    Each column has at least its longest word; the room left widens the Score, the
    Name and Plays to their whole lines, then the Status, which folds over lines ("at
    the scre…" beside "12 of 12 Groups" at 1280 x 720, where the Status only stretched
    into what the others' whole lines left)."""

    PAD = 12  # a cell's text margins and its grid line

    def setModel(self, model: Any) -> None:
        super().setModel(model)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        model.modelReset.connect(self.fit_columns)
        self.fit_columns()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_columns()

    def fit_columns(self) -> None:
        model = self.model()
        if model is None:
            return
        cells, heads = self.fontMetrics(), self.horizontalHeader().fontMetrics()
        words, whole = [], []
        for column in range(model.columnCount()):
            title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            texts = [str(model.index(row, column).data() or "") for row in range(model.rowCount())]
            least = max(
                [heads.horizontalAdvance(title) + 4]
                + [cells.horizontalAdvance(w) for t in texts for w in t.split()]
            )
            words.append(least + self.PAD)
            whole.append(max([least] + [cells.horizontalAdvance(t) for t in texts]) + self.PAD)
        widths = list(words)
        room = self.viewport().width() - sum(widths)
        for column in (3, 0, 1, 2):  # the score, the name, how they play, then the status
            if column < len(widths) and room > 0:
                grow = min(room, whole[column] - widths[column])
                widths[column] += grow
                room -= grow
        if room > 0 and len(widths) > 2:
            widths[2] += room
        for column, width in enumerate(widths):
            self.horizontalHeader().resizeSection(column, width)
        self.resizeRowsToContents()


class MainWindow(QMainWindow):
    def __init__(
        self,
        registry: Registry | None = None,
        data_dir: Path | None = None,
        settings: QSettings | None = None,
        bot_delay_ms: int | None = 350,
        interactive: bool = True,
    ) -> None:
        super().__init__()
        self.setStatusBar(StatusLine(self))
        self.registry = registry or builtin_registry()
        self.data_dir = data_dir or data_folder()
        self.settings = settings or QSettings()
        self.bot_delay_ms = bot_delay_ms
        self.interactive = interactive  # False: no modal dialogs (the headless demo)
        # Motion on the table (the reveal, gliding pieces): a setting; tests turn it off.
        self.motion = bool(self.settings.value("motion", True, type=bool))
        from .sound import Sounds

        self.sounds = Sounds(self.data_dir, bool(self.settings.value("sound", True, type=bool)))
        self.model: MatchModel | None = None
        self.scene: TableScene | None = None
        self._count_shown: str | None = None  # the phones' count the table shows now
        self.path: Path | None = None
        self.last_config: GameConfig | None = None
        self.moves_drawn = 0  # the moves of the match when the table was last drawn
        self.showing_open_banner = False  # the banner of a screen passed openly
        self._closing = False  # the window is closing: the phones' panel stays docked
        self.help_dialog: Any = None  # the one help window, once opened

        self.stack = QStackedWidget()
        self.tally_bar = QLabel()
        self.tally_bar.setStyleSheet(
            "QLabel { background: #3b1f2b; color: #ffe082; padding: 6px; }"
        )
        self.tally_bar.setTextFormat(Qt.TextFormat.PlainText)  # names are never markup
        # Three lines high whatever it says (the tally, its last casting and the coach's
        # word on it: the bar grew from one line at the first casting, and pushed the
        # table down under the mouse).
        # A line wider than the bar folds (unfolded, the bar's longest line set the window's
        # least width, and the window ran off a 1280-pixel screen); only then is the bar
        # more than three lines high.
        self.tally_bar.setWordWrap(True)
        self.tally_bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.tally_bar.setMinimumHeight(3 * self.tally_bar.fontMetrics().lineSpacing() + 14)
        self.tally_bar.hide()
        self.tally: Any = None  # the coach's tally (a RehearsalTally) of its person, in its match
        self.tallies: dict[int, Any] = {}  # every person's tally, by seat (phones' too)
        self._tally_shown: int | None = None  # whose tally the bar and the panel show
        self.welcome = Welcome(self)
        self._table: TableView | None = None  # made when first needed (`table`)
        self.curtain = Curtain()
        self.curtain.lifted.connect(self._lift_curtain)
        from .table_mode import TableMode

        self.table_mode = TableMode(self)
        for page in (self.welcome, self.curtain):
            self.stack.addWidget(page)
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        from .guide import GuideBar

        self.guide_bar = GuideBar()
        self.guide_bar.leave.clicked.connect(self.leave_guide)
        self.guide: Any = None  # a guided first game under way (guide.GuideSession)
        column.addWidget(self.guide_bar)
        # The coach's bar over the table, or beside it while the guide's bar is shown:
        # the two over it left the table so small that its words were 5 to 7 pixels at
        # 1280 x 720, where beside it the table loses less (the window is wider than the
        # table's shape).
        self.bars = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self.bars.setSpacing(0)
        self.bars.addWidget(self.tally_bar)
        self.bars.addWidget(self.stack, 1)
        column.addLayout(self.bars, 1)
        self.setCentralWidget(central)
        # The bar's tooltip (every casting, the coach's words) beside the table, not on it.
        self.side_note = SideNote(self, self.tally_bar, self.stack)

        self.log_view = QListView()
        self.log_view.setWordWrap(True)
        self.log_view.setItemDelegate(MeasuredOnce(self.log_view))
        self.log_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.moves_view = QListView()
        self.moves_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # A long move folds onto a second line instead of running out of the panel.
        self.moves_view.setWordWrap(True)
        self.moves_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.moves_view.activated.connect(self._move_activated)
        self.seats_view = SeatsTable()
        self.seats_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.seats_view.setWordWrap(True)
        self.seats_view.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        # Room for four seats' rows under the header, whatever the log above takes (at
        # 1280 x 720 it showed three of four); more seats scroll.
        line = self.seats_view.fontMetrics().lineSpacing()
        self.seats_view.setMinimumHeight(int(line * 2 * 6) + 16)  # a header, 4 rows, a bar
        self.log_dock = self._dock("Game log", self.log_view, Qt.DockWidgetArea.RightDockWidgetArea)
        self.moves_dock = self._dock(
            "Moves", self.moves_view, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.seats_dock = self._dock(
            "Seats", self.seats_view, Qt.DockWidgetArea.RightDockWidgetArea
        )
        # Seats and moves share the lower right as tabs, so that the table gets the width
        # of a 1366-pixel screen nearly whole.
        self.tabifyDockWidget(self.moves_dock, self.seats_dock)
        from .devices import PhonesPanel

        self.phones = PhonesPanel(settings=self.settings)
        self.phones.keep = self.data_dir / "phones.json"
        self.phones.awaiting.connect(self._codes_to_scan)
        self.phones.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        # A phone away stays said in the status bar's corner until it is back (a Wi-Fi
        # gone for half a minute: the heading said only "Lera is playing.").
        self.phones_away = QLabel()
        self.phones_away.setTextFormat(Qt.TextFormat.PlainText)  # names are never markup
        self.phones_away.setStyleSheet("QLabel { font-weight: bold; color: #8a3b00; }")
        self.phones_away.hide()
        self.statusBar().addPermanentWidget(self.phones_away)
        self.phones.away.connect(self._phones_away)
        self.phones.drill_asked.connect(self._drill_from_phone)
        self.phones_dock = self._dock("Phones", self.phones, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(self.seats_dock, self.phones_dock)
        # The coach's chart: a panel of its own while a tally is shown, its widget the
        # match's game's (`_show_tally`).
        # The chart scrolls in its panel: a chart as tall as its targets and wrapped words
        # take (taller the narrower it is) stood in the panel at that height, and the
        # window grew past a 720-pixel screen (1278 x 739: status bar and tabs off it).
        self.coach_chart: Any = QWidget()
        self.coach_scroll = QScrollArea()
        self.coach_scroll.setWidgetResizable(True)
        self.coach_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.coach_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._coach_into_panel(self.coach_chart)
        self.coach_dock = self._dock(
            "Coach", self.coach_scroll, Qt.DockWidgetArea.RightDockWidgetArea
        )
        self.tabifyDockWidget(self.phones_dock, self.coach_dock)
        self.coach_dock.hide()
        self._coach_in_front = False  # the coach's panel was in front when it last went
        self.moves_dock.raise_()
        self.resizeDocks([self.log_dock], [300], Qt.Orientation.Horizontal)

        self._build_menus()
        self.statusBar().showMessage("Welcome: start a new game from the Game menu.")
        screen = self.screen().availableGeometry()
        self.resize(min(1280, int(screen.width() * 0.92)), min(800, int(screen.height() * 0.9)))
        # On a small screen the table needs all of it: the window opens maximized there
        # (at 1280 x 720 it opened smaller than the screen). A size kept from last time wins.
        self.opens_maximized = small_screen(screen.width(), screen.height())
        geometry = self.settings.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
            self.opens_maximized = self.isMaximized()
        self._update()

    @property
    def table(self) -> TableView:
        """The view the tables are drawn in, made when first needed: the welcome screen
        is painted without it (making it was 16 ms of the start)."""
        if self._table is None:
            self._table = TableView()
            self.stack.insertWidget(1, self._table)
        return self._table

    # -- building ------------------------------------------------------------------------

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.replace(" ", "_"))
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu: Any, text: str, slot: Any, shortcut: Any = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        keys = QKeySequence.StandardKey
        game = self.menuBar().addMenu("&Game")
        self._action(game, "&New…", self.new_game, keys.New)
        for kit in kits():
            if kit.rehearsal is not None and kit.game_id in self.registry.ids():
                self._action(game, kit.rehearsal.label, lambda _=False, k=kit: self.rehearse(k))
        # The coach's costliest mistakes, played again (the rehearsal's).
        coached = self._coached()
        drill = coached.drill_label if coached else "&Drill my mistakes"
        self.drill_action = self._action(game, drill, self.drill_mistakes)
        self.drill_action.setVisible(coached is not None)
        game.aboutToShow.connect(self._count_drills)
        # The coach in any match of its game, for the one person at the screen.
        coach = coached.coach_label if coached else "&Coach"
        self.coach_action = self._action(game, coach, self.coach_me)
        self.coach_action.setCheckable(True)
        game.aboutToShow.connect(self._offer_coach)
        self._action(game, "&Open…", self.open_dialog, keys.Open)
        self.recent_menu = game.addMenu("Open &recent")
        self.save_action = self._action(game, "&Save", self.save, keys.Save)
        self.save_as_action = self._action(game, "Save &as…", self.save_as, keys.SaveAs)
        game.addSeparator()
        # A standing choice of the person at the screen (Illuminati: pass on attacks they
        # are not part of); shown for games that have one.
        self.aside_action = self._action(game, "Stand aside", self._aside)
        self.aside_action.setCheckable(True)
        self.aside_action.setVisible(False)
        self.undo_action = self._action(game, "&Undo", self.undo, keys.Undo)
        self.redo_action = self._action(game, "&Redo", self.redo, keys.Redo)
        game.addSeparator()
        self._action(game, "&Quit", self.close, keys.Quit)

        view = self.menuBar().addMenu("&View")
        for dock in (self.log_dock, self.moves_dock, self.seats_dock, self.phones_dock):
            view.addAction(dock.toggleViewAction())
        view.addSeparator()
        self._action(view, "Zoom &in", lambda: self.table.zoom_in(), keys.ZoomIn)
        self._action(view, "Zoom &out", lambda: self.table.zoom_out(), keys.ZoomOut)
        self._action(view, "&Actual size", lambda: self.table.zoom_reset(), "Ctrl+0")
        self._action(view, "&Fit the table", lambda: self.table.zoom_fit(), "Ctrl+9")
        view.addSeparator()
        self.motion_action = self._action(view, "&Animate the table", self._toggle_motion)
        self.motion_action.setCheckable(True)
        self.motion_action.setChecked(self.motion)
        self.sound_action = self._action(view, "&Sound", self._toggle_sound)
        self.sound_action.setCheckable(True)
        self.sound_action.setChecked(self.sounds.on)

        self.help_menu = self.menuBar().addMenu("&Help")
        self._action(self.help_menu, "&About", self.about)
        # The games' titles are read when the menu first opens: reading them imports the
        # games, which the window need not do before it is first painted.
        self.help_menu.aboutToShow.connect(self._fill_help)
        self._fill_recent()

    def _fill_help(self) -> None:
        self.help_menu.aboutToShow.disconnect(self._fill_help)
        about = self.help_menu.actions()[0]
        for game_id in self.registry.ids():
            cls = self.registry.get(game_id)
            action = QAction(f"How to play {cls.title}", self)
            action.triggered.connect(lambda _=False, c=cls: self.show_help(c))
            self.help_menu.insertAction(about, action)
        self.help_menu.insertSeparator(about)
        for kit in kits():
            if kit.game_id in self.registry.ids():
                action = QAction(f"Guided first game of {kit.guide().title}", self)
                action.triggered.connect(lambda _=False, g=kit.game_id: self.start_guide(g))
                self.help_menu.insertAction(about, action)
        self.help_menu.insertSeparator(about)

    def _set_motion(self, scene: TableScene) -> None:
        """Motion on: the glide and the table's own reveal length, and every move of bots
        moving at once drawn (a piece glides from where the last drawing put it); off:
        all jumps, and such a run of moves is drawn once, at its end."""
        scene.glide_ms = GLIDE_MS if self.motion else 0
        scene.animation_ms = type(scene).animation_ms if self.motion else 0
        if self.model is not None:
            self.model.session.show_each_move = self.motion

    def _toggle_motion(self, on: bool) -> None:
        self.motion = on
        self.settings.setValue("motion", on)
        if self.scene is not None:
            self._set_motion(self.scene)

    def _aside(self, on: bool) -> None:
        if self.model is not None and self.model.session.viewer is not None:
            self.model.session.stand_aside(self.model.session.viewer, on)

    def _toggle_sound(self, on: bool) -> None:
        self.sounds.on = on
        self.settings.setValue("sound", on)

    def sound(self, name: str) -> None:
        """One of the table's sounds (sound.py), if Sound is on."""
        self.sounds.play(name)

    # -- dialogs (tests replace these two) -----------------------------------------------

    def tell(self, title: str, text: str) -> None:
        if self.interactive:
            self.modal(plain_message(self, QMessageBox.Icon.Information, title, text))
        else:
            self.statusBar().showMessage(f"{title}: {text}")

    def play(self, action: Any) -> None:
        """A move made on the table: a result the person can see coming is asked first."""
        model = self.model
        if model.session.viewer is not None:
            warning = model.session.match.warning(action, model.session.viewer)
            if warning and not self.ask("Are you sure?", warning):
                self.statusBar().showMessage("Not played.", 5000)
                return
        model.session.act(action)

    def ask(self, title: str, text: str) -> bool:
        if not self.interactive:
            return False
        box = plain_message(self, QMessageBox.Icon.Question, title, text)
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        return self.modal(box) == QMessageBox.StandardButton.Yes

    def modal(self, dialog: QDialog) -> int:
        """A dialog shown until it is answered; then the keys go back to the window (with
        no window manager to hand them back, Ctrl+Q after a question did nothing until a
        click on the window)."""
        answer = dialog.exec()
        self.activateWindow()
        return answer

    def may_leave(self, why: str = "") -> bool:
        """Before New, Open or Rehearse replaces an unfinished match: ask first (`why`:
        who asks, when it is not the person at the screen)."""
        if self.model is None or self.model.session.match.is_over():
            return True
        phones = ""
        if self.model.session.devices:
            # (a phone joins the table, not one match: said before it is left)
            phones = (
                " A phone joined to it stays joined for its person in the next match; any "
                "other phone is told the match has ended."
            )
        return self.ask(
            "Leave this match?",
            f"{why}The match of {self.model.session.match.title} in play will be closed (its "
            "autosave is replaced by the next match). Save it first to come back to it."
            f"{phones} Leave it?",
        )

    # -- starting, opening, saving -----------------------------------------------------------

    def new_game(self) -> None:
        if not self.may_leave():
            return
        from .new_game_dialog import NewGameDialog

        dialog = NewGameDialog(self.registry, self, self.last_config, self.settings)
        if self.modal(dialog) == QDialog.DialogCode.Accepted:
            self.start_match(dialog.config())

    def rehearse(self, kit: Kit | None = None) -> None:
        """The rehearsal of `kit`'s game (by default the first game that has one)."""
        kit = kit or next(k for k in kits() if k.rehearsal and k.game_id in self.registry.ids())
        assert kit.rehearsal is not None
        if not self.may_leave():
            return

        try:
            dialog = load(kit.rehearsal.dialog)(self, self.settings)
        except CardDataError as error:
            self._tell_broken_cards(error)
            return
        if self.modal(dialog) == QDialog.DialogCode.Accepted:
            self.start_match(dialog.config(), rehearsal=True)

    def start_match(self, config: GameConfig, rehearsal: bool = False) -> bool:
        try:
            match = Match.start(
                config.game_id, config.players, config.seed, config.options, registry=self.registry
            )
        except CardDataError as error:
            self._tell_broken_cards(error)
            return False
        except ValueError as error:
            self.tell("Cannot start this game", str(error))
            return False
        if not rehearsal:  # New game offers the last game's seats, never a rehearsal's bots
            self.last_config = config
        # Kept with the match, so that a resumed one offers the phones their seats again
        # and comes back as a rehearsal, with its coach for the person at the screen.
        people = [s for s in config.devices if not match.is_bot(s)]
        settings = TableSettings(devices=tuple(sorted(set(people))))
        if rehearsal:
            settings = replace(settings, rehearsal=True, coach=0)
        self.install(match, None, table_mode=config.table_mode, settings=settings)
        return True

    def _coached(self) -> Rehearsal | None:
        """The rehearsal, coach and drills of the match's game, None where its kit has
        none (the menu then hides them); with no match on the table, those of the first
        game found that has them (the welcome screen's drills). (It took the first game's
        always: its words and drills stood over another game's match.)"""
        if self.model is not None:
            return kit_of(self.model.session.match.game_id).rehearsal
        found = (k.rehearsal for k in kits() if k.rehearsal and k.game_id in self.registry.ids())
        return next(found, None)

    def _drills(self, who: str | None = None) -> Any:
        """The kept drills of a person: the screen's (None), or a phone person's by name."""
        coached = self._coached()
        assert coached is not None, "drills are kept by a game's coach"
        return load(coached.drills)(coached.kept(self.data_dir)[0], who)

    def _count_drills(self) -> None:
        coached = self._coached()
        self.drill_action.setVisible(coached is not None)
        if coached is None:
            return
        kept = len(self._drills().mine())
        self.drill_action.setText(f"{coached.drill_label} ({kept})")
        self.drill_action.setEnabled(kept > 0)
        self.drill_action.setToolTip(
            "Play again the casting where the coach found your costliest mistake"
            if kept
            else "Rehearse castings first: the coach keeps the costly ones to drill"
        )

    def drill_mistakes(self) -> bool:
        """The costliest casting the coach kept, played again: the match as it stood at
        its start, the others pointing as they did then (their choices made, secret), the
        person to point again; the coach then reviews the new choice. The drill leaves
        the list once played through (its review shown), not before: a crash or a drill
        left half-way keeps it."""
        if not self.may_leave():
            return False
        return self._drill(self._drills())

    def _drill(self, drills: Any) -> bool:
        """Starts the costliest of `drills` (a person's own): see `drill_mistakes`."""
        entry = drills.first()
        if entry is None:
            self.statusBar().showMessage("No mistake is kept to drill: rehearse castings.", 8000)
            return False
        mark = drills.mark(entry)
        try:
            match, kept = load_match(entry["match"], self.registry)
            others = sorted((int(seat), action) for seat, action in entry["others"].items())
            start = match.moves_made
            (seat,) = set(range(match.seats)) - {s for s, _ in others}  # whose mistake
            if match.is_bot(seat):
                raise ValueError("its seat is a bot's")
            if drills.who is not None and (
                seat not in kept.devices or match.name(seat) != drills.who
            ):
                raise ValueError(f"its seat is not {drills.who}'s on a phone")
            cost, said = float(entry["cost"]), tuple(entry["said"])
            drill = Drill(mark, seat, start, cost, said, tuple(others))
            drill.set_up(match)
            settings = replace(
                kept, rehearsal=True, coach=seat, coach_from=start, drill=drill, guide=None
            )
            settings.keep_in(match)  # (what a save could not hold is refused here)
        except (RecordError, IllegalAction, KeyError, TypeError, ValueError) as error:
            drills.done(mark)
            self.statusBar().showMessage(
                f"That drill could not be set up, and is dropped: {error}", 15000
            )
            return False
        self.install(match, None)
        return True

    def _offer_phone_drills(self) -> None:
        """Each phone person is offered "Drill my mistakes" while they have drills of
        their own kept (as the big screen's menu offers its person theirs)."""
        hub = self.phones.hub
        if hub is None or self.model is None or self._coached() is None:
            return
        match = self.model.session.match
        for seat in self.model.session.devices:
            hub.offer_drills(seat, len(self._drills(match.name(seat)).mine()))

    def _drill_from_phone(self, seat: int) -> None:
        """A phone's person asked to drill their mistakes: started after the phone's
        message has been dealt with (a drill is a new match, and moves the phones)."""
        model = self.model
        QTimer.singleShot(0, self, lambda: self._phone_drill(seat, model))

    def _phone_drill(self, seat: int, model: Any) -> None:
        """Their costliest drill, started as the big screen starts one, their seat on
        their phone. As at the big screen, a match not over is left only if the big
        screen says so (a phone cannot answer for the table); if it says no, the phone
        is told. A request from a match already gone starts nothing."""
        if model is None or self.model is not model or seat not in model.session.devices:
            return
        name = model.session.match.name(seat)
        if not self.may_leave(f"{name} asks on the phone to drill their mistakes. "):
            if self.phones.hub is not None:
                self.phones.hub.decline_drill(seat)
            return
        if self._drill(self._drills(name)):
            self.statusBar().showMessage(f"{name} drills a mistake, asked on the phone.", 8000)
        else:
            self._offer_phone_drills()

    def _coach_seat(self) -> int | None:
        """Whom the casting coach serves in a match that is no rehearsal: the one person at
        the screen of an Incantibus match (the others bots or on their phones), whose
        table the screen shows anyway; None where there is no such person."""
        model = self.model
        if (
            model is None
            or kit_of(model.session.match.game_id).rehearsal is None
            or model.session.table_mode
        ):
            return None
        match = model.session.match
        here = [
            s for s in range(match.seats) if not match.is_bot(s) and s not in model.session.devices
        ]
        return here[0] if len(here) == 1 else None

    def _offer_coach(self) -> None:
        seat = self._coach_seat()
        rehearsing = self._rehearsing()
        coached = self._coached()
        self.coach_action.setVisible(self.model is not None and coached is not None)
        if coached is not None:
            self.coach_action.setText(coached.coach_label)
        self.coach_action.setEnabled(seat is not None and not rehearsing)
        self.coach_action.setChecked(rehearsing or self.tally is not None)
        self.coach_action.setToolTip(
            "The coach reviews each of your castings, from what you know, with its chart"
            if seat is not None or rehearsing
            else "The coach serves the one person at the screen: the others bots or on phones"
        )

    def coach_me(self, on: bool) -> None:
        """The casting coach for this match's person at the screen, from the next casting
        on (as in a rehearsal, without the phones' own and without counting in the past
        rehearsals' line); off again at will."""
        seat = self._coach_seat()
        if self._rehearsing():
            return
        if on and seat is not None:
            # (kept: a restart brings the coach back, its count from the same casting)
            self._set_settings(coach=seat, coach_from=self.model.session.match.moves_made)
            self._show_tallies(seat, rehearsal=False)
        elif not on and self.model is not None:
            self._set_settings(coach=None)
            self._hide_tallies()

    def _show_guide_bar(self, shown: bool) -> None:
        """The guide's bar shown or hidden, and the coach's bar placed to suit. (Said
        here, where the window shows it: a bar that told the window of every show and
        hide of its own, Qt's included, called it back while the window was being
        destroyed, and a test run crashed.)"""
        self.guide_bar.setVisible(shown)
        self._place_bars(shown)

    def _place_bars(self, guided: bool) -> None:
        """The coach's bar over the table, or (with the guide's bar over it) beside it,
        a column of its words."""
        bar = self.tally_bar
        if guided:
            self.bars.setDirection(QBoxLayout.Direction.RightToLeft)
            bar.setFixedWidth(SIDE_BAR)
            bar.setMinimumHeight(0)
            bar.setMaximumHeight(QWIDGETSIZE_MAX)
            bar.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
            bar.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        else:
            self.bars.setDirection(QBoxLayout.Direction.TopToBottom)
            bar.setMinimumWidth(0)
            bar.setMaximumWidth(QWIDGETSIZE_MAX)
            bar.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            bar.setMinimumHeight(3 * bar.fontMetrics().lineSpacing() + 14)
            bar.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)

    def _set_settings(self, **changes: Any) -> None:
        """Changes the table settings of the match in play (saved with it at once)."""
        session = self.model.session
        session.settings = replace(session.settings, **changes)

    def _hide_tallies(self) -> None:
        """The tallies and the coach's panel go (with their match, or turned off)."""
        for tally in self.tallies.values():
            tally.deleteLater()
        self.tallies = {}
        self.tally = None
        self._tally_shown = None
        self.tally_bar.hide()
        self.tally_bar.setToolTip("")  # the last rehearsal's castings go with it
        self._hide_coach()

    def _show_tallies(self, seat: int = 0, rehearsal: bool = True) -> None:
        """The coach's tally of `seat` (a rehearsal's, or the coach asked for in another
        match: its heading says so), and in a rehearsal each phone person's own. Each
        goes to its person only (`_tally_said`): on their phone, or at the big screen
        while their own table is shown, never beside a curtain nor on another's table."""
        coached = kit_of(self.model.session.match.game_id).rehearsal
        assert coached is not None, "a tally is its game's coach's"
        tally_of, history = load(coached.tally), load(coached.history)
        kept = coached.kept(self.data_dir)[1]
        settings = self.model.session.settings
        drill = settings.drill  # (its own person's tally takes it)
        # Where the coach began: after a restart each tally counts again from there.
        since = min(settings.coach_from, self.model.session.match.moves_made)
        people = (
            [seat] + [s for s in self.model.session.devices if s != seat] if rehearsal else [seat]
        )
        for person in people:
            # Each their own line of past rehearsals and drills: the screen's person's
            # have no name, a phone's are under the name they sat down with.
            phone = person in self.model.session.devices
            who = self.model.session.match.name(person) if phone else None
            tally = tally_of(
                self.model,
                person,
                drills=self._drills(who),
                past=history(kept, who, self._rehearsal_mark(since, who)) if rehearsal else None,
                heading="Rehearsal" if rehearsal else "Coach",
                drill=drill,
                since=since,
            )
            if hasattr(tally, "guided"):  # (a move a guide asked for is not a mistake)
                tally.guided = weakref.WeakMethod(self._guided)
            tally.drilled.connect(lambda t=tally: self._drill_done(t))
            tally.changed.connect(lambda _text, t=tally: self._tally_said(t))
            tally.charted.connect(lambda chart, t=tally: self._tally_charted(t, chart))
            self.tallies[person] = tally
        self.tally = self.tallies[seat]
        self.tally_bar.show()
        self._tally_shown = None
        for tally in self.tallies.values():
            self._tally_said(tally)
        self._show_tally()

    def _guided(self, index: int) -> bool:
        """Whether the match's move `index` was the move the guide under way lit."""
        return self.guide is not None and index in self.guide.run.guided

    def _rehearsal_mark(self, since: int, who: str | None) -> str:
        """The mark of this rehearsal's entry in its person's line of past rehearsals: the
        same after a restart, so that the rehearsal goes on in its entry (a new mark each
        start drew one rehearsal as two)."""
        match = self.model.session.match
        said = json.dumps([match.game_id, match.seed, match.players, since, who], sort_keys=True)
        return hashlib.sha256(said.encode()).hexdigest()[:8]

    def _tally_said(self, tally: Any) -> None:
        """A tally's words, to its person only."""
        if self.tallies.get(tally.seat) is not tally:
            return  # (a review of the last match's, come back late)
        hub = self.phones.hub
        if tally.seat in self.model.session.devices:
            if hub is not None:
                hub.note(tally.seat, tally.text())
                self._offer_phone_drills()  # (a review may have kept a drill)
        elif tally.seat == self._tally_shown:
            from ..scenes.look import plain

            self.tally_bar.setText(tally.text())
            # Every casting so far, what was pointed at and got, on pointing at the bar.
            self.tally_bar.setToolTip(plain(tally.history()))

    def _tally_charted(self, tally: Any, chart: dict[str, Any]) -> None:
        """A tally's chart of the coach, to its person only (its panel comes forward with
        the first one)."""
        if self.tallies.get(tally.seat) is not tally:
            return
        hub = self.phones.hub
        if tally.seat in self.model.session.devices:
            if hub is not None:
                hub.coach(tally.seat, chart)
        elif tally.seat == self._tally_shown:
            self.coach_chart.show_chart(chart)
            self._first_review()

    def _looking(self) -> int | None:
        """The person whose own table the big screen shows now, the curtain up and the
        screen not passed openly (others may be looking then): None when there is none."""
        model = self.model
        if model is None or model.session.curtain_seat() is not None or model.session.passed_openly:
            return None
        return model.session.viewer

    def _show_tally(self) -> None:
        """The bar over the table and the coach's panel show the tally of the person
        looking, and nothing of anyone else's: when the screen changes hands (the
        curtain falls, another person's table), they change with it."""
        if not self.tallies:
            return
        seat = self._looking()
        shown = seat if seat in self.tallies and seat not in self.model.session.devices else None
        if shown == self._tally_shown:
            return
        self._tally_shown = shown
        coached = kit_of(self.model.session.match.game_id).rehearsal
        assert coached is not None, "a tally is its game's coach's"
        self.coach_chart = load(coached.chart)()
        self._coach_into_panel(self.coach_chart)
        if shown is None:
            self.tally_bar.setText("")
            self.tally_bar.setToolTip("")
            self._hide_coach()
            return
        tally = self.tallies[shown]
        self._tally_said(tally)
        chart = tally.chart()
        if chart is not None:
            self.coach_chart.show_chart(chart)
        self.coach_dock.show()
        if self._coach_in_front:
            self.coach_dock.raise_()
            self._coach_in_front = False

    def _coach_into_panel(self, chart: QWidget) -> None:
        """The chart in the Coach panel, scrolled up and down; the panel as wide as the
        chart needs (with no scrolling sideways, a narrower one cut off its right side)."""
        self.coach_scroll.setWidget(chart)
        bar = self.coach_scroll.verticalScrollBar().sizeHint().width()
        frame = 2 * self.coach_scroll.frameWidth()
        self.coach_scroll.setMinimumWidth(chart.minimumWidth() + bar + frame)

    def _front_side(self) -> QDockWidget | None:
        """The side panel in front of the tabs it shares, as the person sees it (None
        while the window is not seen)."""
        for dock in (self.moves_dock, self.seats_dock, self.phones_dock, self.coach_dock):
            if dock.isVisible() and not dock.visibleRegion().isEmpty():
                return dock
        return None

    def _hide_coach(self) -> None:
        """The coach's panel goes; if it was in front, Moves takes its place (Qt put the
        next tab, Phones, in front: at every new rehearsal, drill or game the person
        found the phones' panel instead of the coach or the moves), and the coach comes
        back in front with its next tally."""
        if self.coach_dock.isHidden():
            return
        front = self._front_side() is self.coach_dock
        self.coach_dock.hide()
        if front:
            self.moves_dock.raise_()
            self._coach_in_front = True

    def _drill_done(self, tally: Any) -> None:
        """The drill's casting was played and reviewed: it leaves the kept drills, and
        the match says so (a restart does not review it again)."""
        if self.tallies.get(tally.seat) is not tally:
            return
        drill = self.model.session.settings.drill
        if drill is not None and not drill.done:
            self._drills().done(drill.mark)
            self._set_settings(drill=replace(drill, done=True))
            self._offer_phone_drills()

    def _first_review(self) -> None:
        """The coach's panel comes forward with its first chart of a rehearsal."""
        if len(self.coach_chart.costs) == 1:
            self.coach_dock.raise_()
            # The chart's panel takes the height it wants from the log over it, down to
            # the log's least (as when the chart stood at its full height); past that, the
            # chart scrolls.
            log, coach = self.log_dock.height(), self.coach_dock.height()
            # (its title over the chart, and the line between the two panels: without it
            # the panel came 5 px short, and the chart scrolled, narrower by the bar)
            over = coach - self.coach_scroll.height()
            line = self.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
            want = self.coach_chart.minimumHeight() + over + line
            least = self.log_dock.minimumSizeHint().height()
            taller = max(coach, min(want, log + coach - least))
            self.resizeDocks(
                [self.log_dock, self.coach_dock],
                [log + coach - taller, taller],
                Qt.Orientation.Vertical,
            )

    def _rehearsing(self) -> bool:
        return self.model is not None and self.model.session.settings.rehearsal

    def _codes_to_scan(self, awaiting: bool) -> None:
        """While a phone seat waits for its phone, the Phones panel stands over the window's
        right side, large enough for its codes to be scanned, and clear of its middle,
        where a message box opens (the resume's box covered a code); once every phone has
        joined it goes back beside the table."""
        dock = self.phones_dock
        if self._closing:
            return
        if awaiting:
            dock.setFloating(True)
            seats = max(1, len(self.model.session.devices)) if self.model is not None else 1
            height = min(self.height() - 40, 140 + 300 * seats)
            # Narrow and against the right edge: a message box opens in the middle of
            # the window, and one 490 pixels wide (the resume's) still covered the panel's
            # left edge at 1280 pixels, its address read "ttp://…".
            dock.resize(360, height)
            frame = self.geometry()
            dock.move(max(frame.left(), frame.right() - 364), frame.top() + 20)
            dock.show()
            dock.raise_()
            self._table_clear_of(dock)
        elif dock.isFloating():
            self._table_clear_of(None)
            # The panel standing apart took the keyboard (on X, its window had the input
            # focus): docked, that window goes, and the keyboard went nowhere, so that
            # Ctrl+N and the others did nothing till the table was clicked. If the program
            # had the keyboard, the window takes it back; if it was in the panel (a Take
            # back, a question answered), it stays in the panel, in front.
            ours = QApplication.activeWindow() is not None
            focus = QApplication.focusWidget()
            in_panel = focus is None or dock.isAncestorOf(focus)
            dock.setFloating(False)
            if ours:
                self.activateWindow()
                if in_panel:  # (once docked among the tabs: on X that comes later)
                    QTimer.singleShot(0, self, self._phones_in_front)

    def _table_clear_of(self, dock: QDockWidget | None) -> None:
        """The table gives up the strip of the window the Phones panel stands over, and is
        fitted into the rest: nothing of it lies under the panel (at 1280 pixels the panel
        covered End turn and the card preview while the codes waited). None: the whole
        width again."""
        central = self.centralWidget()
        covered = 0
        if dock is not None:
            right = central.mapToGlobal(central.rect().topRight()).x()
            covered = max(0, min(right - dock.frameGeometry().left() + 1, central.width() // 2))
        layout = central.layout()
        if layout is not None:
            layout.setContentsMargins(0, 0, covered, 0)

    def _phones_away(self, words: str) -> None:
        self.phones_away.setText(words)
        self.phones_away.setVisible(bool(words))

    def _phones_in_front(self) -> None:
        self.phones_dock.raise_()
        self.phones.setFocus()

    def _count_for_phones(self, words: str) -> None:
        """The phones' "In… can… to!", large on the big screen's table too; it goes a
        moment after "to!". Only the table says it: said in the bar over the table as
        well, the bar stood empty for the rest of the match once the count was over."""
        self._count_shown = words
        if self.scene is not None:
            self.scene.show_count(words)
        self.sound("to" if words.endswith("to!") else "count")
        if words.endswith("to!"):
            QTimer.singleShot(1500, self, self._after_count)

    def _after_count(self) -> None:
        self._count_shown = None
        if self.scene is not None:
            self.scene.show_count(None)

    def clear_bar(self) -> None:
        """The bar over the table has said its words: it shows the rehearsal's tally again,
        or stands empty. It stays for the rest of the match once it came, so that the
        table under it does not jump as it comes and goes (a new match takes it away)."""
        shown = self.tallies.get(self._tally_shown) if self._tally_shown is not None else None
        if shown is not None:  # (a new match ends the last one's: `install`)
            self.tally_bar.setText(shown.text())
        else:
            self.tally_bar.setText("")

    def install(
        self,
        match: Match,
        path: Path | None,
        table_mode: bool = False,
        settings: TableSettings | None = None,
    ) -> None:
        """Puts a match on the table; the previous match's model and scene are let go.
        Its table settings are `settings`, or those its record keeps (a resumed or opened
        match): the rehearsal's tallies, the coach and a guide come back with them (table
        mode too; `table_mode`: turned on now)."""
        if settings is not None:
            settings.keep_in(match)
        from ..models import ActionsModel, LogModel, MatchModel, SeatsModel

        if self.model is not None:
            self.model.session.stop_thinking()
            self.model.deleteLater()
        self._drop_guide()  # a guide belongs to its own match
        old_scene = self.scene
        if self._front_side() not in (None, self.coach_dock):
            self._coach_in_front = False  # the person has chosen another panel since
        self._hide_tallies()
        self.path = path
        self.model = MatchModel(match, self.autosave_path(), self.bot_delay_ms, self)
        if table_mode and kit_of(match.game_id).choose_at_once:
            self.model.session.table_mode = True
        self.scene = table_scene(match.game_id, self, match.game_class.card_data())
        # A move the table writes itself is read by the game (its class's reading, the same
        # for every later copy of the match).
        self.scene.parse = match.parse_action
        self.scene.match_options = match.options
        self._set_motion(self.scene)
        self.table.setScene(self.scene)
        if old_scene is not None:
            old_scene.deleteLater()
        self.scene.action_chosen.connect(self.play)
        self.scene.shown.connect(self.model.session.release)
        self.scene.private_look.connect(self.model.session.look_privately)
        self.scene.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        log = LogModel(self.model)
        # The newest lines show, also after the curtain or a run of bot moves (scrolled
        # once the view has laid the new rows out).
        log.rowsInserted.connect(self._log_to_bottom)
        log.modelReset.connect(self._log_to_bottom)
        self.log_view.setModel(log)
        self.moves_view.setModel(ActionsModel(self.model))
        # (its columns share the panel's width: `SeatsTable`)
        self.seats_view.setModel(SeatsModel(self.model))
        self.model.changed.connect(self._update)
        self.model.viewer_changed.connect(self._update)
        self.model.refused.connect(self._refused)
        self.model.finished.connect(self._finished)
        self.model.thinking.connect(self._thinking)
        self._count_shown = None  # (the last match's count went with its table)
        self.model.counting.connect(self._count_for_phones)
        # A match taken up again says so (a resumed one read as a new match).
        begun = f", going on {counted(match.moves_made, 'move')} in" if match.moves_made else ""
        self.statusBar().showMessage(
            f"{match.title}: a match for {len(match.players)} seats{begun}."
        )
        self.moves_drawn = match.moves_made
        self.phones.attach(self.model)
        self.model.session.begin()
        self._restore(self.model.session.settings)
        hub = self.phones.hub
        if hub is not None and any(hub.status(s) == "waiting" for s in self.model.session.devices):
            # The codes to scan come first (the coach's after); phones still joined from
            # the last match (the same people) or away since a crash have none to scan:
            # the panel in front stays (Phones came up at every new game).
            self.phones_dock.raise_()
        self._offer_phone_drills()
        self._update()
        self.table.zoom_fit()  # a new table starts whole on the screen

    def _restore(self, settings: TableSettings) -> None:
        """What the table settings bring back of the window: the coach's (or the
        rehearsal's) tally for its person, and a guide where it had got to."""
        if settings.coach is not None and kit_of(self.model.session.match.game_id).rehearsal:
            self._show_tallies(settings.coach, rehearsal=settings.rehearsal)
        if (
            settings.guide is not None
            and settings.guide.game_id == self.model.session.match.game_id
        ):
            from .guide import GuideSession

            self.guide = GuideSession(self, kit_of(settings.guide.game_id).guide())
            self.guide.run.learnt = list(settings.guide.learnt)
            self._show_guide_bar(True)

    def autosave_path(self) -> Path:
        return self.data_dir / "autosave.json"

    def _log_to_bottom(self, *_: Any) -> None:
        # The view named as the timer's receiver: a window closed before the timer fires
        # takes the call with it (a bare bound method ran on the deleted view and raised).
        QTimer.singleShot(0, self.log_view, self.log_view.scrollToBottom)

    def open_dialog(self) -> None:
        if not self.may_leave():
            return
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a saved match", str(self._save_folder()), SAVE_FILTER
        )
        self.activateWindow()  # (the keys back to the window, as `modal` does)
        if path:
            self.open_file(Path(path))

    def open_file(self, path: Path) -> bool:
        """Loads a save; a bad one is refused, saying what is wrong, touching nothing."""
        match = self._load(path, "Cannot open the match", "The file was left as it is.")
        if match is None:
            return False
        self.install(match, path)
        self._remember(path)
        self._tell_withheld(match)
        return True

    def _load(self, path: Path, title: str, afterwards: str) -> Match | None:
        try:
            return open_match(path, self.registry)[0]
        except RecordError as error:
            self.tell(title, f"{path}: {error.message}. {afterwards}")
        except CardDataError as error:
            self._tell_broken_cards(error)
        return None

    def _tell_broken_cards(self, error: CardDataError) -> None:
        self.tell("The card data is broken", "\n".join(error.problems[:12]))

    def _tell_withheld(self, match: Match) -> None:
        note = match.withheld_note()
        if note:
            self.tell("Choose again", note)

    def save(self) -> bool:
        if self.model is None:
            return False
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self) -> bool:
        if self.model is None:
            return False
        suggested = self._save_folder() / f"{self.model.session.match.game_id}.illusio.json"
        path, _ = QFileDialog.getSaveFileName(self, "Save the match", str(suggested), SAVE_FILTER)
        self.activateWindow()  # (the keys back to the window, as `modal` does)
        return bool(path) and self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            atomic_write_text(path, self.model.session.match.file_text())
        except OSError as error:
            self.tell("Cannot save the match", f"{path}: {error}")
            return False
        self.path = path
        self._remember(path)
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        self._update()
        return True

    def _save_folder(self) -> Path:
        """The person's documents folder (their home where there is none), never the
        folder the program happens to run in."""
        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation
        )
        if documents and Path(documents).is_dir():
            return Path(documents)
        return Path.home()

    # -- crash recovery -----------------------------------------------------------------------

    def offer_resume(self) -> bool:
        """At start-up: an unfinished autosaved match may be continued.

        A damaged autosave is set aside under another name (kept, for a bug report) so
        that the program starts, and temporary files a crash left behind are removed.
        """
        path = self.autosave_path()
        remove_leftovers(path)
        if not path.is_file():
            return False
        try:
            match, settings = open_match(path, self.registry)
        except RecordError as error:
            kept = set_aside(path)
            where = f"It was kept as {kept.name}." if kept else "It could not be moved aside."
            self.tell(
                "The last match cannot be restored",
                f"{path}: {error.message}. {where} The program starts without it.",
            )
            return False
        except CardDataError as error:
            self._tell_broken_cards(error)
            return False
        if match.is_over():
            return False
        players = ", ".join(p["name"] for p in match.players)
        moves = counted(match.moves_made, "move")  # ("1 moves in")
        rehearsal = settings.rehearsal
        guided = settings.guide
        if guided is not None and guided.game_id == match.game_id:
            # (it was offered as a plain match: a newcomer did not know the guide came back)
            guide = kit_of(guided.game_id).guide()
            learnt = f"{len(guided.learnt)} of {counted(len(guide.lessons), 'lesson')} learnt"
            title = f"Continue Learn {guide.title}?"
            question = (
                f"The guide Learn {guide.title} was left unfinished ({learnt}, {moves} "
                "in). Continue it? The guide goes on at the lesson it had reached."
            )
        elif rehearsal:  # (one left in the normal way is gone: see closeEvent)
            title = "Continue the rehearsal?"
            question = (
                f"A rehearsal of casting ({players}, {moves} in) was cut short. "
                "Continue it? Its tally goes on where it was."
            )
        else:
            title = "Continue the last match?"
            question = (
                f"An unfinished match of {match.title} ({players}, {moves} in) "
                "was kept. Continue it?"
            )
        question += " (No keeps it as a file you may open later; it is not offered again.)"
        if not self.ask(title, question):
            # Declined: out of the autosave's place, so that the next start does not
            # offer it again (it did, at every start); kept, as File > Open reads it.
            kept = path.with_name(f"declined-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                os.replace(path, kept)
            except OSError:
                return False
            self.statusBar().showMessage(f"The last match was kept as {kept}.", 10000)
            return False
        self.install(match, None)
        self._tell_withheld(match)
        return True

    # -- recent files -------------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        return [value] if isinstance(value, str) else list(value or [])

    def _remember(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.recent_files():
            self._action(self.recent_menu, name, lambda _=False, p=name: self._open_recent(p))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    def _open_recent(self, name: str) -> None:
        if self.may_leave():
            self.open_file(Path(name))

    # -- play -----------------------------------------------------------------------------------

    def _move_activated(self, index: Any) -> None:
        if self.model is not None:
            action = index.data(self.moves_view.model().ActionRole)
            if action is not None:
                self.model.session.act(action)

    def _refused(self, reason: str) -> None:
        self.statusBar().showMessage(f"Not allowed: {reason}", 10000)
        self.sound("refused")

    def _thinking(self, seat: int | None) -> None:
        """A bot searches for its move (or stopped): a sign on its seat, a word below."""
        if self.model is None or self.model.session.curtain_seat() is not None:
            return  # behind the curtain the table shows nothing, this sign included
        self.scene.show_thinking(seat)
        if seat is not None:
            self.statusBar().showMessage(f"{self.model.session.match.name(seat)} is thinking…")
        elif self.statusBar().currentMessage().endswith("is thinking…"):
            self.statusBar().clearMessage()

    def _finished(self) -> None:
        match = self.model.session.match
        result = match.result()
        names = listed(match.name(s) for s in result["winners"])
        self.statusBar().showMessage(f"Game over: {names} won.")
        if self.interactive:
            self.modal(ResultDialog(match, self))
        else:
            self.tell("Game over", f"{names} won. " + " ".join(result.get("explanation", [])))

    def _lift_curtain(self) -> None:
        if self.model is not None:
            self.model.session.lift_curtain()

    def table_key(self, event: Any) -> bool:
        """Keys typed on the table go to table mode first."""
        return self.table_mode.key_press(event)

    def undo(self) -> None:
        if self.model is None:
            return
        if not self.model.session.can_undo():
            self.statusBar().showMessage(f"Cannot undo: {self.model.session.why_no_undo()}", 8000)
            return
        self.model.session.undo()

    def redo(self) -> None:
        if self.model is not None and self.model.session.can_redo():
            self.model.session.redo()

    # -- drawing --------------------------------------------------------------------------------

    def heading(self) -> str:
        model = self.model
        match = model.session.match
        # The last reveal comes before the winners: the heading says who won only once
        # the big screen has shown how the last casting ended.
        if match.is_over() and not model.session.holding:
            winners = listed(match.name(s) for s in match.result()["winners"])
            return f"{match.title} — game over, {winners} won"
        if model.session.viewer is None or model.session.holding:
            if model.session.holding:
                return f"{match.title} — In-can-to! Everyone sees the choices revealed"
            if match.human_seats():
                return f"{match.title} — everyone at the table"
            return f"{match.title} — watching the bots"
        return f"{match.title} — {match.name(model.session.viewer)}'s table"

    def _update(self, *args: Any) -> None:
        events = args[0] if args and isinstance(args[0], list) else []
        model = self.model
        title = APP
        if model is not None:
            title = f"{model.session.match.title} — {APP}"
            if self.path is not None:
                title = f"{self.path.name} — {title}"
        self.setWindowTitle(title)
        for dock in (self.log_dock, self.moves_dock, self.seats_dock, self.phones_dock):
            dock.setVisible(model is not None)  # the welcome page needs the whole window
        if model is not None and model.session.match.moves_made != self.moves_drawn:
            # A word about the table belongs to the state it was said in: a move (or an
            # undo) takes it away ("2 card(s) chosen" stayed after the exchange).
            if (
                model.session.match.moves_made > self.moves_drawn
                and model.session.curtain_seat() is None
            ):
                self.sound("land")  # a card or token put down on the table in sight
            self.moves_drawn = model.session.match.moves_made
            self.statusBar().clearMessage()
        if model is None:
            self.stack.setCurrentWidget(self.welcome)
        elif model.session.curtain_seat() is not None:
            self.scene.show_nothing()
            # Nothing of the last person lingers: no move words, no refusal.
            self.statusBar().clearMessage()
            self.curtain.ask_for(model.session.match.name(model.session.curtain_seat()))
            self.stack.setCurrentWidget(self.curtain)
        else:
            names = [p["name"] for p in model.session.match.players]
            viewer = model.session.viewer
            self.scene.describe = lambda action: model.session.match.describe(action, viewer)
            self.scene.hint = lambda action: model.session.match.hint(action, viewer)
            self.scene.why_not = model.session.why_not
            self.scene.panels = model.session.match.game_class.panels
            self.scene.since_reveal = model.session.since_reveal
            match, session = model.session.match, model.session
            # With people on phones still to choose, the big screen (which they look at
            # too) says that its person has chosen, never what.
            self.scene.screen_of = lambda view, legal, names: match_screen(
                match,
                viewer,
                names,
                view,
                legal,
                watched=bool(set(session.devices) & match.to_act()),
            )
            self.scene.show_view(
                model.session.view(), model.session.legal_actions(), names, self.heading()
            )
            self.scene.show_thinking(model.session.thinking_seat())
            if self._count_shown is not None or model.session.too_early():
                # A count under way stays across the table through any redraw (the one
                # after a reveal comes nested in the reveal's own drawing), "to!" too,
                # for its moment (the redraw after the last choice took it away at once).
                self.scene.show_count(self._count_shown or model.session.count_words())
            self.table.drawn()
            # Shown before a release: releasing may put up the curtain (a nested redraw),
            # and nothing after it may turn the screen back to the emptied table.
            if self.stack.currentWidget() is not self.table:
                self.stack.setCurrentWidget(self.table)
                # Keys (table mode's Space, the keyboard drag) reach the table at once,
                # without a click on it first; later redraws leave the focus alone.
                self.table.setFocus()
            if model.session.holding:
                # The reveal plays on the table; the match goes on once it has been seen
                # (`shown`), or at once when there is nothing to play or it was overtaken.
                reveal = [e for e in events if e.is_reveal]
                if reveal and self.scene.play_reveal(reveal):
                    self.sound("reveal")
                elif not self.scene.revealing():
                    model.session.release()
        has_match = model is not None
        # Behind the curtain nothing happens but lifting it: saving waits too.
        open_table = has_match and model.session.curtain_seat() is None
        self.save_action.setEnabled(open_table)
        self.save_as_action.setEnabled(open_table)
        words = model.session.aside_words() if has_match else ""
        seat = model.session.viewer if has_match else None
        self.aside_action.setVisible(bool(words))
        self.aside_action.setEnabled(open_table and seat is not None)
        if words:
            self.aside_action.setText(words)
            self.aside_action.setChecked(seat is not None and model.session.standing_aside(seat))
        self.undo_action.setEnabled(open_table and model.session.can_undo())
        self.redo_action.setEnabled(open_table and model.session.can_redo())
        why = model.session.why_no_undo() if has_match and not model.session.can_undo() else ""
        tip = f"Undo — not now: {why}" if why else "Take back your last move (Ctrl+Z)"
        self.undo_action.setToolTip(tip)
        self.undo_action.setStatusTip(tip)
        self._show_tally()
        self._open_banner()
        self.table_mode.refresh()
        if self.guide is not None and self.model is not None:
            self.guide.refresh()
            self._keep_guide()

    def _keep_guide(self) -> None:
        """The lessons learnt so far, kept in the table settings: a restart goes on from
        the next lesson."""
        if self.guide is None or self.model is None:
            return
        kept = self.model.session.settings.guide
        learnt = tuple(self.guide.run.learnt)
        if kept is not None and kept.learnt != learnt:
            self._set_settings(guide=replace(kept, learnt=learnt))

    # -- guided first games ----------------------------------------------------------------------

    def start_guide(self, game_id: str) -> bool:
        """A guided first game: its fixed deal, its words over the table, its lit moves."""
        from .guide import GuideSession
        from .new_game_dialog import GameConfig

        if not self.may_leave():
            return False
        guide = kit_of(game_id).guide()
        players = [dict(p) for p in guide.players]
        if not self.start_match(GameConfig(guide.game_id, players, guide.seed, guide.options)):
            return False
        self.guide = GuideSession(self, guide)
        self._show_guide_bar(True)
        self._set_settings(guide=GuideProgress(game_id))  # (a restart brings it back)
        self._update()
        return True

    def leave_guide(self) -> None:
        """The guide goes; the match goes on as an ordinary one (and stays one after a
        restart)."""
        self._drop_guide()
        if self.model is not None and self.model.session.settings.guide is not None:
            self._set_settings(guide=None)

    def _drop_guide(self) -> None:
        """The guide's bar and lights go (its match's settings are left as they are)."""
        if self.guide is None:
            return
        self.guide = None
        self._show_guide_bar(False)
        if self.scene is not None:
            self.scene.show_guide([])

    def _open_banner(self) -> None:
        """When the screen passes to another person without the curtain (nothing secret
        on it), a banner says whose it is now: the table changed hands without a word."""
        model = self.model
        opened = (
            model is not None
            and model.session.passed_openly
            and model.session.viewer is not None
            and model.session.curtain_seat() is None
            and not model.session.match.is_over()  # (nobody decides anything after the end)
        )
        if opened:
            name = model.session.match.name(model.session.viewer)
            self.tally_bar.setText(
                f"{name} decides now — the screen passed without the curtain: "
                "nothing secret is on it."
            )
            self.tally_bar.show()
            self.showing_open_banner = True
        elif self.showing_open_banner:
            self.showing_open_banner = False
            self.clear_bar()

    # -- help -----------------------------------------------------------------------------------

    def show_help(self, cls: Any) -> None:
        """One help window: opened the first time, then brought up again (showing the game
        asked for) instead of a new window over the last."""
        from .help import HelpDialog

        if self.help_dialog is None:
            self.help_dialog = HelpDialog(cls, self.registry, self)
        else:
            self.help_dialog.show_game(cls, self.registry)
        self.help_dialog.show()
        self.help_dialog.raise_()
        self.help_dialog.activateWindow()

    def about(self) -> None:
        games = ", ".join(self.registry.get(g).title for g in self.registry.ids()) or "none yet"
        QMessageBox.about(
            self,
            f"About {APP}",
            f"<h3>{APP} {__version__}</h3><p>A table that knows the rules, keeps each seat's "
            f"secrets and fills empty seats with bots.</p><p>Games: {games}.</p>"
            f"<p>Autosave: {self.autosave_path()}</p>",
        )
        self.activateWindow()  # (the keys back to the window, as `modal` does)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.model is not None:
            self.model.session.stop_thinking()
        # The phones' panel goes with the window: stopped, never floated up again by the
        # pages closing (a floating panel is a window of its own and kept the program
        # running with no table).
        self._closing = True
        rehearsing = self._rehearsing()  # a rehearsal left is over; a crash's resumes
        kept = self.model is not None and not self.model.session.match.is_over()
        self.phones.stop(kept=kept and not rehearsing)
        self.phones_dock.setFloating(False)
        self.phones_dock.hide()
        if rehearsing:
            self.autosave_path().unlink(missing_ok=True)
        self.settings.setValue("geometry", self.saveGeometry())
        super().closeEvent(event)

"""The menu's Matches: the saved unfinished match and the finished matches kept in the data folder,
each a row that opens its analysis (game/tavla/screens/analysis/view.py); Back and Esc lead to the menu.

Each row names its game (Tavla, Standard backgammon, Plakoto, a Tavli match...); a match the analysis
cannot judge (another game of the board, game/tavla/analysis/match.py's `analyses`) is listed greyed,
"no analysis yet", with a caption under the list saying what the analysis covers: it is never opened.

Import folder… brings a player's archive into their history (game/tavla/progress/archive_import.py): the
folders or files copied in a file manager (their paths on the clipboard), or dropped on the window; the
player is the name every match has, or chosen on the rows when two are; the note shows how far it is and
the time left, Stop (or leaving) keeps what is done.

The files are read on a thread of their own (game/tavla/record/kept_loading.py): the screen shows at
once, a row still being read says so and the note counts the files read, and leaving stops the reading.

On a small window (`compact`) the text grows to stay readable: fewer, taller rows a page, each on up to
two lines, the note on two lines with the home folder as ~, and a file that cannot be read said so in a
few words (the reason is on a larger window's row)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arcade import key

from game.core.errors import UserError
from game.core.records import Records
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.analysis.match import analyses, coverage_text
from game.tavla.engine.rules import TableGames
from game.tavla.progress.archive_import import ArchiveImport, archive_names, common_player, player_names
from game.tavla.record.archive import KeptMatch, archive_dir
from game.tavla.record.formats import match_files, pasted_paths
from game.tavla.record.kept_loading import KeptLoader, Listing
from game.tavla.screens import import_captions as importing
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.view import AnalysisView
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import BUTTON_PADDING, Button, Rect, draw_card

ROWS = 14
ROW_HEIGHT = 36
TOP = 640
WIDTH = 900
CENTRE = theme.DESIGN_WIDTH / 2
TITLE_Y = 718
SCROLL_X = CENTRE + WIDTH / 2 + 30
COMPACT_SCROLL_X = CENTRE + WIDTH / 2 + 22
COVERAGE_Y = 112
COMPACT_COVERAGE_Y = 108  # between the last row (down to 126) and the card's edge (90)

KEY_PAGE_UP = [key.PAGEUP, key.UP]
KEY_PAGE_DOWN = [key.PAGEDOWN, key.DOWN]


@dataclass(frozen=True)
class Layout:
    """The list's rows and the note above them: the full layout, or the compact one of a small window."""

    rows: int
    row_height: float
    top: float
    scroll_x: float
    scroll_side: float
    note_y: float
    note_height: float | None
    """None: one line; else the note wraps in this height."""


FULL = Layout(
    rows=ROWS,
    row_height=ROW_HEIGHT,
    top=TOP,
    scroll_x=SCROLL_X,
    scroll_side=36,
    note_y=682,
    note_height=None,
)
COMPACT = Layout(
    rows=6,
    row_height=80,  # two lines of the small window's larger text: the game, date, players and score
    top=572,
    scroll_x=COMPACT_SCROLL_X,
    scroll_side=48,
    note_y=652,
    note_height=80,
)


def reading_row(file_name: str) -> str:
    """A row whose file the thread has not read yet (it cannot be opened until it has)."""
    # Translators: a row of the list of matches whose file is still being read
    return _("{file}: reading…").format(file=quoted(file_name))


def reading_note(listing: Listing) -> str:
    """Above the list while it is read: how far the reading is."""
    if not listing.listed:
        # Translators: above the list of matches while the kept files are looked for
        return _("Looking for the kept matches…")
    # Translators: above the list of matches while they are read; {read} of {total} matches read so far
    return _("Reading the matches: {read} of {total}…").format(read=listing.read, total=len(listing.kept))


def games_of(kept: KeptMatch) -> TableGames | None:
    """The game a listed match is: what its row knows, else its record's rule set; None for a file that
    is no match of any game."""
    if kept.games is not None:
        return kept.games
    return None if kept.record is None else TableGames.of(kept.record.rules)


def analysable(kept: KeptMatch) -> bool:
    """Whether the row opens an analysis: a match read, of games the analysis judges (a Tavli match game
    by game)."""
    games = games_of(kept)
    return kept.record is not None and games is not None and all(map(analyses, games.rotation))


def game_row(kept: KeptMatch, row: str) -> str:
    """A read row with its game in front; "no analysis yet" after a match the analysis cannot judge."""
    games = games_of(kept)
    if games is None:
        return row
    if kept.record is None:  # a file of another game, read no further than its header
        row = words.date_text(kept.when) or ("" if kept.path is None else kept.path.name)
    if analysable(kept):
        # Translators: a row of the list of matches: {game} is its game (Tavla, Plakoto...), {match} the
        # match (its date, players, score and length)
        return _("{game} · {match}").format(game=_(games.display_name), match=row)
    # Translators: a row of the list of matches that cannot be analysed: {game} is its game (Plakoto,
    # Fevga...), {match} the match (its date, players, score and length)
    return _("{game} · {match} · no analysis yet").format(game=_(games.display_name), match=row)


def coverage_caption(kept: list[KeptMatch]) -> str:
    """Under the list when a match of it cannot be analysed: the games it lists but does not analyse,
    and what the analysis covers; empty when every match can be."""
    names: list[str] = []
    for row in kept:
        games = games_of(row)
        covered = games is None or all(map(analyses, games.rotation))  # a file unread says why in its row
        if not covered and _(games.display_name) not in names:
            names.append(_(games.display_name))
    if not names:
        return ""
    # Translators: under the list of matches; {games} are the games listed but not analysed (Plakoto,
    # Tavli match), {covered} says what the analysis covers ("the analysis covers backgammon, ...")
    return _("Not analysed yet: {games}; {covered}.").format(games=", ".join(names), covered=coverage_text())


class RowButton(Button):
    """A row of the list: one line, or (`wraps`, a small window's larger text) up to two."""

    def __init__(self, rect: Rect, on_click: Callable[[], None], wraps: bool) -> None:
        super().__init__("", rect, on_click, font_size=theme.SMALL_SIZE + 1)
        if wraps:
            self._text = Label(
                "",
                rect.x,
                rect.y,
                theme.TEXT,
                theme.SMALL_SIZE + 1,
                box_width=rect.width - BUTTON_PADDING,
                box_height=rect.height,  # the lines' spacing reaches the row's edges, their ink does not
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            )


class MatchesView(SceneView):
    """Every match that can be analysed, a page of the layout's rows at a time."""

    def __init__(self, loader: KeptLoader | None = None) -> None:
        super().__init__()
        self.loader = loader if loader is not None else KeptLoader(Records())
        self.listing = self.loader.listing
        self.kept: list[KeptMatch] = list(self.listing.kept)
        self.first = 0
        self.layout = COMPACT if self.compact else FULL
        self.title = Label(
            words.matches_title(),
            CENTRE,
            TITLE_Y,
            theme.TEAL,
            theme.HEADING_SIZE,
            box_width=WIDTH,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        self.back_button = Button(words.back_label(), Rect(CENTRE + 130, 48, 200, 44), self.back)
        at = Rect(CENTRE - 150, 48, 260, 44)
        self.import_button = Button(importing.import_label(), at, self.import_or_stop)
        self.job: ArchiveImport | None = None
        self.choice: tuple[list[Path], list[str]] | None = None  # files, the names to choose from
        self.told = ""  # the note after an import, or why one could not start
        self._place()

    def _place(self) -> None:
        """Lay the screen out for `self.layout`: the note, the rows and the scroll buttons made anew."""
        at = self.layout
        compact = at is COMPACT
        self.note = Label(
            self._note_text(),
            CENTRE,
            at.note_y,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=WIDTH + 60 if compact else WIDTH,
            box_height=at.note_height,
            anchor_x="center",
            anchor_y="center",
            multiline=at.note_height is not None,
            align="center",
        )
        self.rows = [
            RowButton(
                Rect(CENTRE, at.top - i * at.row_height, WIDTH - 40, at.row_height - 4),
                lambda i=i: self.open(i),
                wraps=compact,
            )
            for i in range(at.rows)
        ]
        side = at.scroll_side
        self.up_button = Button("▲", Rect(at.scroll_x, at.top, side, side), self.page_up, font_size=12)
        self.down_button = Button(
            "▼",
            Rect(at.scroll_x, at.top - (at.rows - 1) * at.row_height, side, side),
            self.page_down,
            font_size=12,
        )
        self.coverage = Label(
            coverage_caption(self.kept),
            CENTRE,
            COMPACT_COVERAGE_Y if compact else COVERAGE_Y,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=WIDTH + 60 if compact else WIDTH,
            anchor_x="center",
            anchor_y="center",
        )
        self.first -= self.first % at.rows
        self._show()

    def _note_text(self) -> str:
        if self.job is not None:
            return importing.import_progress(self.job.player, self.job.tally)
        if self.choice is not None:
            return importing.import_whose()
        if self.told:
            return self.told
        if not self.listing.done:
            return reading_note(self.listing)
        return words.matches_note(str(archive_dir())) if self.kept else words.no_matches_text()

    def on_update(self, delta_time: float) -> None:
        """What the reading thread has read since the last frame, shown: a look at a snapshot, no wait;
        and what an import has kept."""
        if self.job is not None and self.job.poll():
            self._import_moved()
        listing = self.loader.poll()
        if listing is None:
            return
        self.listing = listing
        self.kept = list(listing.kept)
        self.note.text = self._note_text()
        self._show()

    def leave(self) -> None:
        """The reading stops (the list is read again when the screen is shown again), and an import with
        it, keeping what is done."""
        self.loader.cancel()
        if self.job is not None:
            self.job.stop()

    def import_or_stop(self) -> None:
        """Import the folders or files on the clipboard; while an import runs, stop it."""
        if self.job is not None:
            self.job.stop()
            self._import_moved()
            return
        try:
            text = self.shell.get_clipboard_text() or ""
        except Exception:  # noqa: BLE001 - a missing clipboard must not end the game
            text = ""
        self.take_paths(pasted_paths(text))

    def on_file_drop(self, x: int, y: int, paths: list[str]) -> bool:
        """Files and folders dropped on the screen are imported (not taken as pictures)."""
        if self.job is None:
            self.take_paths([Path(path) for path in paths])
        return True

    def take_paths(self, paths: list[Path]) -> None:
        """Start importing the match files of `paths`, once the player is known."""
        self.choice = None
        if not paths:
            self._tell(importing.import_how())
            return
        try:
            files = match_files(paths)
        except UserError as error:
            self._tell(str(error))
            return
        names = archive_names(files)
        common = common_player(names)
        if common is not None:
            self._begin(files, common)
        elif len(names) > 1 and len(player_names(names)) <= len(self.rows):
            self.choice = (files, player_names(names))
            self._tell("")
        else:
            self._tell(importing.import_no_player())

    def _begin(self, files: list[Path], player: str) -> None:
        self.choice = None
        self.job = ArchiveImport(files, player, Records(), self.shell.settings.tavla.judge)
        self._import_moved()

    def _import_moved(self) -> None:
        job = self.job
        if job is not None and job.finished:
            self.job = None
            self.told = importing.import_done(job.player, job.tally)
        self.import_button.label = importing.stop_import_label() if self.job else importing.import_label()
        self.note.text = self._note_text()
        self._show()

    def _tell(self, text: str) -> None:
        self.told = text
        self.note.text = self._note_text()
        self._show()

    def readable_labels(self) -> list[Label]:
        """Every label the screen draws, kept at the least readable size on a small window."""
        buttons = (*self.rows, self.up_button, self.down_button, self.import_button, self.back_button)
        return [
            self.title,
            self.note,
            self.coverage,
            *(label for button in buttons for label in button.labels),
        ]

    def on_compact_changed(self, compact: bool) -> None:
        """The compact layout on a small window, the full one on a large."""
        self.layout = COMPACT if compact else FULL
        self._place()

    def _show(self) -> None:
        if self.choice is not None:
            self._show_choice(self.choice[1])
            return
        compact = self.layout is COMPACT
        shown = []
        for number, row in enumerate(self.rows):
            index = self.first + number
            if index < len(self.kept):
                kept = self.kept[index]
                name = "" if kept.path is None else kept.path.name
                if self.listing.reading(index):
                    row.label = reading_row(name)
                else:
                    text = words.kept_row(kept.record, name, kept.error, compact, kept.when)
                    row.label = game_row(kept, text)
                row.enabled = analysable(kept)
                shown.append(row)
            else:
                row.label = ""
        self.coverage.text = coverage_caption(self.kept)
        count = len(self.rows)
        self.up_button.enabled = self.first > 0
        self.down_button.enabled = self.first + count < len(self.kept)
        scroll = [self.up_button, self.down_button] if len(self.kept) > count else []
        self.buttons = [*shown, *scroll, self.import_button, self.back_button]
        self.request_redraw()

    def _show_choice(self, names: list[str]) -> None:
        """The rows name the players to import the archive as."""
        self.coverage.text = ""
        for row, name in zip(self.rows, [*names, *[""] * len(self.rows)], strict=False):
            row.label = importing.import_as(name) if name else ""
            row.enabled = bool(name)
        self.buttons = [*self.rows[: len(names)], self.import_button, self.back_button]
        self.request_redraw()

    def open(self, row: int) -> None:
        if self.choice is not None:
            files, names = self.choice
            if row < len(names):
                self._begin(files, names[row])
            return
        index = self.first + row
        kept = self.kept[index] if index < len(self.kept) else None
        if kept is not None and kept.record is not None and analysable(kept):
            window = self.shell
            window.show_view(AnalysisView(kept.record, back=lambda: window.show_view(MatchesView())))

    def page_up(self) -> None:
        self.first = max(0, self.first - len(self.rows))
        self._show()

    def page_down(self) -> None:
        if self.first + len(self.rows) < len(self.kept):
            self.first += len(self.rows)
        self._show()

    def back(self) -> None:
        self.shell.show_menu()

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if matches(KEY_PAGE_UP, symbol, modifiers):
            self.page_up()
        elif matches(KEY_PAGE_DOWN, symbol, modifiers):
            self.page_down()

    @property
    def in_motion(self) -> bool:
        return False

    def draw_scene(self) -> None:
        draw_card(CENTRE, 420, WIDTH + 100, 660)
        self.title.draw()
        self.note.draw()
        if self.coverage.text:
            self.coverage.draw()

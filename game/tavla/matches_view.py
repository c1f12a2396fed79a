"""The menu's Matches: the saved unfinished match and the finished matches kept in the data folder,
each a row that opens its analysis (game/tavla/analysis_view.py); Back and Esc lead to the menu."""

from __future__ import annotations

from arcade import key

from game.records import Records
from game.tavla import analysis_captions as words
from game.tavla.analysis_view import AnalysisView
from game.tavla.match_archive import KeptMatch, archive_dir, kept_matches
from game.ui import theme
from game.ui.keys import matches
from game.ui.scene import SceneView
from game.ui.text import Label
from game.ui.widgets import Button, Rect, draw_card

ROWS = 14
ROW_HEIGHT = 36
TOP = 640
WIDTH = 900
CENTRE = theme.DESIGN_WIDTH / 2

KEY_PAGE_UP = [key.PAGEUP, key.UP]
KEY_PAGE_DOWN = [key.PAGEDOWN, key.DOWN]


class MatchesView(SceneView):
    """Every match that can be analysed, a page of ROWS at a time."""

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[KeptMatch] = kept_matches(Records())
        self.first = 0
        self.title = Label(
            words.matches_title(),
            CENTRE,
            718,
            theme.TEAL,
            theme.HEADING_SIZE,
            box_width=WIDTH,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        note = words.matches_note(str(archive_dir())) if self.kept else words.no_matches_text()
        self.note = Label(
            note,
            CENTRE,
            682,
            theme.MUTED,
            theme.SMALL_SIZE,
            box_width=WIDTH,
            anchor_x="center",
            anchor_y="center",
        )
        self.rows = [
            Button(
                "",
                Rect(CENTRE, TOP - i * ROW_HEIGHT, WIDTH - 40, ROW_HEIGHT - 4),
                lambda i=i: self.open(i),
                font_size=theme.SMALL_SIZE + 1,
            )
            for i in range(ROWS)
        ]
        self.up_button = Button("▲", Rect(CENTRE + WIDTH / 2 + 30, TOP, 36, 36), self.page_up, font_size=12)
        self.down_button = Button(
            "▼",
            Rect(CENTRE + WIDTH / 2 + 30, TOP - (ROWS - 1) * ROW_HEIGHT, 36, 36),
            self.page_down,
            font_size=12,
        )
        self.back_button = Button(words.back_label(), Rect(CENTRE, 48, 200, 44), self.back)
        self._show()

    def _show(self) -> None:
        shown = []
        for number, row in enumerate(self.rows):
            index = self.first + number
            if index < len(self.kept):
                kept = self.kept[index]
                name = "" if kept.path is None else kept.path.name
                row.label = words.kept_row(kept.record, name, kept.error)
                row.enabled = kept.record is not None
                shown.append(row)
        self.up_button.enabled = self.first > 0
        self.down_button.enabled = self.first + ROWS < len(self.kept)
        scroll = [self.up_button, self.down_button] if len(self.kept) > ROWS else []
        self.buttons = [*shown, *scroll, self.back_button]
        self.request_redraw()

    def open(self, row: int) -> None:
        kept = self.kept[self.first + row]
        if kept.record is not None:
            window = self.game_window
            window.show_view(AnalysisView(kept.record, back=lambda: window.show_view(MatchesView())))

    def page_up(self) -> None:
        self.first = max(0, self.first - ROWS)
        self._show()

    def page_down(self) -> None:
        if self.first + ROWS < len(self.kept):
            self.first += ROWS
        self._show()

    def back(self) -> None:
        self.game_window.show_menu()

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

"""The side panel right of the board: the match's lines (from `captions`), the table's buttons and the
game's move list.

On a small window (`compact`) the scene's text grows to stay readable, so the lines spread over the room
the title and the gnubg IDs leave, and the status and the hint get three lines each.
"""

from collections.abc import Callable

import arcade
from arcade.types import XYWH

from game.core.text.i18n import _
from game.tavla.screens.table.move_list import MoveList
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect

PANEL_X = 1120
PANEL_WIDTH = 270  # the width of the side panel's text; its background has PANEL_PADDING either side
PANEL_PADDING = 10
STATUS_HEIGHT = 80  # the status wraps between the pips (y 600) and the hint
HINT_Y = 482
HINT_HEIGHT = 52  # the hint wraps between the status and the buttons (top at y 423)
MOVES_TOP = 248  # the move list, between the Export button (bottom at y 265) and the gnubg IDs
COMPACT_MOVES_TOP = 242  # a small window's taller ▲ ▼ clear the Export button
POSITION_Y, MATCH_Y = 45, 26  # the gnubg IDs, one a line under the move list
REPLAY_HEIGHT = 28  # Replay, between the move list's heading ("Moves") and ▲ ▼
REPLAY_MARGIN, REPLAY_LEAST_MARGIN = 12, 4  # either side of its words: as much as there is room for
REPLAY_GAP = 10  # at least this between the heading's words and the button, in any language
REPLAY_SPACING = 4  # between the button and ▲
REPLAY_SIZE = theme.SMALL_SIZE - 1

Spec = tuple[float, tuple[int, int, int], float, bool, float | None]
"""A label's y, colour, size, boldness and the height of the box a multiline text wraps in (None: one
line)."""
SPECS: dict[str, Spec] = {
    "title": (740, theme.TEAL, theme.HEADING_SIZE + 2, True, None),
    "players": (704, theme.TEXT, theme.BODY_SIZE, False, None),
    "score": (666, theme.ACCENT, theme.HEADING_SIZE - 4, True, None),
    "rules": (634, theme.MUTED, theme.SMALL_SIZE, False, None),
    "pips": (600, theme.TEXT, theme.BODY_SIZE - 1, False, None),
    "status": (548, theme.TEXT, theme.BODY_SIZE, True, STATUS_HEIGHT),
    "hint": (HINT_Y, theme.ACCENT, theme.SMALL_SIZE + 1, False, HINT_HEIGHT),
    "position": (POSITION_Y, theme.MUTED, theme.SMALL_SIZE - 1, False, None),
    "match": (MATCH_Y, theme.MUTED, theme.SMALL_SIZE - 1, False, None),
}
COMPACT_SPECS: dict[str, Spec] = {
    "players": (752, theme.TEXT, theme.BODY_SIZE, False, None),
    "score": (720, theme.ACCENT, theme.HEADING_SIZE - 4, True, None),
    "rules": (690, theme.MUTED, theme.SMALL_SIZE, False, None),
    "pips": (660, theme.TEXT, theme.BODY_SIZE - 1, False, None),
    "status": (592, theme.TEXT, theme.BODY_SIZE, False, 106),
    "hint": (482, theme.ACCENT, theme.SMALL_SIZE + 1, False, 106),
}
"""A small window's panel: no title or gnubg IDs, the status and the hint three lines each."""
DICE_Y, COMPACT_DICE_Y = 744, 776  # the dice's commitment, right of the title (a small window: above all)
DICE_WIDTH = PANEL_WIDTH - 110  # what the title ("Tavla") leaves; a small window has no title


class SidePanel:
    """The labels by name (title, players, score, rules, pips, status, hint, position, match, dice: the
    dice's commitment) and the buttons."""

    def __init__(
        self,
        finish_turn: Callable[[], None],
        undo: Callable[[], None],
        hint: Callable[[], None],
        menu: Callable[[], None],
        export: Callable[[], None],
        colours: tuple[tuple[int, int, int], tuple[int, int, int]],
        compact: bool = False,
        replay: Callable[[], None] | None = None,
        resign: Callable[[], None] | None = None,
        export_suffix: str = ".mat",
    ) -> None:
        """`colours` are the checkers' colours of seat 0 and seat 1, for the move list; `compact` lays
        the panel out for a small window; `replay` shows the computer's last play again (the Replay
        button beside the move list's heading; on a small window in its place);
        `resign` offers to resign (Resign, beside Export .mat); `export_suffix` is the format the match
        is exported in (.mat for backgammon, .tgr for the other games), which the Export button names."""
        left = PANEL_X - PANEL_WIDTH / 2
        self.compact = compact
        specs = COMPACT_SPECS if compact else SPECS
        self.texts = {
            name: Label(
                "",
                left,
                y,
                colour,
                size,
                box_width=PANEL_WIDTH,
                box_height=height,
                anchor_y="center",
                bold=bold,
                multiline=height is not None,
            )
            for name, (y, colour, size, bold, height) in specs.items()
        }
        self.texts["dice"] = Label(
            "",
            left + PANEL_WIDTH,
            COMPACT_DICE_Y if compact else DICE_Y,
            theme.MUTED,
            theme.SMALL_SIZE - 1,
            box_width=PANEL_WIDTH if compact else DICE_WIDTH,
            anchor_x="right",
            anchor_y="center",
        )
        half = PANEL_WIDTH / 2 - 6
        column = (left + half / 2, left + half * 1.5 + 12)
        # Translators: button: the moves of the turn are made, the other player rolls
        done = _("Done")
        self.done_button = Button(done, Rect(column[0], 400, half, 46), finish_turn, primary=True)
        # Translators: button: take back the last checker move of this turn
        self.undo_button = Button(_("Undo"), Rect(column[1], 400, half, 46), undo)
        # Translators: button: show the play the strongest bot would make
        self.hint_button = Button(_("Hint"), Rect(column[0], 344, half, 46), hint)
        # Translators: button: back to the main menu
        self.menu_button = Button(_("Menu"), Rect(column[1], 344, half, 46), menu)
        export_rect = Rect(PANEL_X, 288, PANEL_WIDTH, 46)
        # Translators: button: save the match as a file of the format {suffix} names (.mat, a backgammon
        # match record; .tgr, our record of the other games of the board)
        export_label = _("Export {suffix}").format(suffix=export_suffix)
        if resign is not None:
            export_rect = Rect(column[0], 288, half, 46)  # Resign beside it
            if compact:
                # Translators: a small window's short "Export .mat" (save the match as a .mat file), in a
                # button half as wide
                export_label = _("Export")
        self.export_button = Button(export_label, export_rect, export)
        self.upper_buttons = [
            self.done_button,
            self.undo_button,
            self.hint_button,
            self.export_button,
            self.menu_button,
        ]
        self.resign_button: Button | None = None
        if resign is not None:
            # Translators: button: offer to resign the game (a single game, a gammon or a backgammon)
            self.resign_button = Button(_("Resign"), Rect(column[1], 288, half, 46), resign)
            self.upper_buttons.append(self.resign_button)
        """The buttons above the move list (the ranked hint covers them while it is shown)."""
        self.buttons = list(self.upper_buttons)
        self.moves = MoveList(
            left, COMPACT_MOVES_TOP if compact else MOVES_TOP, PANEL_WIDTH, colours, compact
        )
        self.buttons += self.moves.buttons
        self.replay_button: Button | None = None
        if replay is not None:
            up = self.moves.up_button.rect
            right = up.x - up.width / 2 - REPLAY_SPACING
            most = right - left
            rect = Rect(right - most / 2, up.y, most, up.height if compact else REPLAY_HEIGHT)
            # Translators: button beside the move list's heading: show the computer's last play again (its
            # checkers move once more); {key} is the key that does it, L
            label = _("Replay ({key})").format(key="L")
            if compact:  # no room for both: the button stands where the heading was, above the list
                self.moves.heading.text = ""
                # Translators: a small window's "Replay (L)" (show the computer's last play again), in
                # the place of the move list's heading; at most 12 characters
                label = _("Replay")
            button = self.replay_button = Button(label, rect, replay, font_size=REPLAY_SIZE)
            self._fit_replay(button, right)
            self.buttons.append(button)

    def _fit_replay(self, button: Button, right: float) -> None:
        """Replay as wide as its words need, its right edge at `right` (left of ▲ ▼), never nearer the
        heading's words than REPLAY_GAP: the room between is measured, as a translation's heading or
        label can be the longer ("Hamle" beside "Tekrar oynat (L)"); the margins narrow first, and only
        words that fit no margin shrink."""
        heading = self.moves.heading
        # A small window's stands in the heading's place, as wide as the room (its words grow with it).
        words = 0.0 if self.compact else heading.content_width + REPLAY_GAP
        room = right - (heading.x + words)
        text = button.labels[0]
        width = room if self.compact else min(room, text.content_width + 2 * REPLAY_MARGIN)
        button.rect.width = width
        text.set_box(width - 2 * REPLAY_LEAST_MARGIN, text.box_height)
        button.move_to(right - width / 2, self.moves.up_button.rect.y)

    @property
    def labels(self) -> list[Label]:
        """Every label of the panel: its lines, the buttons' (the move list's among them) and the list's
        rows."""
        return [
            *self.texts.values(),
            *(label for button in self.buttons for label in button.labels),
            *self.moves.labels,
        ]

    def set_texts(self, texts: dict[str, str]) -> None:
        """Change the labels named in `texts` whose text differs (a re-layout is slow); a line the
        layout has no room for (the compact panel's title and gnubg IDs) is left out."""
        for name, text in texts.items():
            label = self.texts.get(name)
            if label is not None and label.text != text:
                label.text = text

    def draw(self) -> None:
        """The background and the labels; the scene draws the buttons."""
        arcade.draw_rect_filled(XYWH(PANEL_X, 400, PANEL_WIDTH + 2 * PANEL_PADDING, 780), theme.PANEL)
        for text in self.texts.values():
            text.draw()
        self.moves.draw()

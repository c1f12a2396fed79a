"""The right half of the analysis screen: the decision chosen. A play shows the position after the play made
beside the one after the best play, and the ranking of the plays (the level it was judged at named over
it); a cube decision shows its one position, before the roll, with GNU Backgammon's three equities (no
double, double/take, double/pass), the right action and what the player did; both end with gnubg's
Position ID and Match ID of the moment. The words are captions.py's."""

import arcade

from game.tavla.analysis import figures
from game.tavla.analysis.decisions import Decision
from game.tavla.engine.game import Turn
from game.tavla.engine.moves import Play, apply_play
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import State, flip
from game.tavla.engine.rules import Rules
from game.tavla.record.match_record import MatchRecord
from game.tavla.screens import layout
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.board import position_image
from game.tavla.screens.analysis.geometry import BOARD_DX, BOARD_SCALE, COLUMN_WIDTH, RIGHT_X, Layout
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table import marks, verdict
from game.tavla.screens.table.last_play import PlayMarks, play_marks, scaled
from game.tavla.screens.table.verdict import GOOD
from game.ui import theme
from game.ui.text import Label
from game.ui.textures import own_texture

BEST = GOOD
"""The best of a cube decision's actions, when another was taken (the one taken is lit as a play made)."""
BOARD_CENTRE = (
    (layout.BOARD_LEFT + layout.BOARD_RIGHT) / 2,
    (layout.BOARD_BOTTOM + layout.BOARD_TOP) / 2,
)
"""The table board's centre, which a small board's sprite centre stands for."""
PAIR_WIDTH = 2 * BOARD_DX - 12
"""The width of a board's label, when two boards stand side by side."""


def _label(x: float, y: float, colour: tuple[int, ...], size: float, width: float, **kw: object) -> Label:
    return Label("", x, y, colour, size, box_width=width, anchor_y="center", **kw)  # type: ignore[arg-type]


class DecisionPanel:
    """The chosen decision's boards and words, laid out for a Layout."""

    def __init__(self, palette: Palette, rules: Rules) -> None:
        self.palette = palette
        self.rules = rules
        right = RIGHT_X - COLUMN_WIDTH / 2
        self.where = _label(right, 0, theme.ACCENT, theme.BODY_SIZE, COLUMN_WIDTH, bold=True)
        self.board_labels = [
            Label(
                "",
                RIGHT_X + dx,
                0,
                theme.TEXT,
                theme.SMALL_SIZE - 1,
                box_width=PAIR_WIDTH,
                box_height=46,
                anchor_x="center",
                anchor_y="center",
                multiline=True,
                align="center",
            )
            for dx in (-BOARD_DX, BOARD_DX)
        ]
        self.heading = _label(right, 0, theme.MUTED, theme.SMALL_SIZE - 1, COLUMN_WIDTH)
        self.ids = self._ids_label(0, None)
        self.ranked: list[Label] = []
        self.ranked_chances: list[Label] = []
        self.boards = arcade.SpriteList()
        self.arrows: list[tuple[PlayMarks, tuple[int, int, int]]] = []
        """The played play's arrows on its board, in its verdict's colour, and the best play's in green."""
        self.decision: Decision | None = None
        self.record: MatchRecord | None = None
        self.at: Layout | None = None

    @staticmethod
    def _ids_label(y: float, height: float | None) -> Label:
        return Label(
            "",
            RIGHT_X,
            y,
            theme.MUTED,
            theme.SMALL_SIZE - 1,
            box_width=COLUMN_WIDTH,
            box_height=height,
            anchor_x="center",
            anchor_y="center",
            multiline=height is not None,
            align="center",
        )

    @property
    def labels(self) -> list[Label]:
        return [self.where, *self.board_labels, self.heading, *self.ranked, *self.ranked_chances, self.ids]

    def place(self, at: Layout) -> None:
        """Where the layout has the lines, and the ranking's rows made again (as many as it has room for)."""
        self.at = at
        right = RIGHT_X - COLUMN_WIDTH / 2
        compact = at.ranking_y is None  # then the IDs' line names the level too, on a line of its own
        # bold has no room on a small window, whose line names the mark too
        self.where = _label(right, at.where_y, theme.ACCENT, theme.BODY_SIZE, COLUMN_WIDTH, bold=not compact)
        for label in self.board_labels:
            label.position = (label.x, at.board_label_y)
            label.set_box(label.box_width, at.board_label_height)
        self.heading.position = (right, at.ranking_y or 0)
        self.ids = self._ids_label(at.ids_y, 114 if compact else None)
        self.ranked = [
            _label(right, at.ranked_top - at.ranked_row * i, theme.TEXT, theme.SMALL_SIZE, COLUMN_WIDTH)
            for i in range(at.ranked_rows)
        ]
        self.ranked_chances = [
            _label(
                right + 24,
                at.ranked_top - at.ranked_row * i - at.chances_dy,
                theme.MUTED,
                theme.SMALL_SIZE - 1,
                COLUMN_WIDTH - 24,
            )
            for i in range(at.ranked_rows)
        ]

    def show(
        self, decision: Decision | None, record: MatchRecord, judged_by: str, emg: bool, pixel_scale: float
    ) -> None:
        """Fill the panel with `decision` (None: empty), its boards drawn at `pixel_scale`."""
        self.decision = decision
        self.record = record
        self.boards.clear()
        self.arrows = []
        if decision is None:
            for label in self.labels:
                label.text = ""
            return
        at = self.at
        assert at is not None
        compact = at.ranking_y is None
        self.where.text = words.chosen_text(decision, record, compact)
        ids = words.ids_text(decision, compact)
        self.ids.text = f"{figures.judged_text(judged_by)}\n{ids}" if compact else ids
        if decision.kind == "cube":
            self._show_cube(decision, judged_by, emg, compact, pixel_scale)
        else:
            self._show_move(decision, judged_by, emg, compact, pixel_scale)

    def _show_move(
        self, decision: Decision, judged_by: str, emg: bool, compact: bool, pixel_scale: float
    ) -> None:
        played = next((i for i, p in enumerate(decision.ranked) if p.text == decision.action), None)
        for label, dx in zip(self.board_labels, (-BOARD_DX, BOARD_DX), strict=True):
            label.position = (RIGHT_X + dx, label.y)
            label.set_box(PAIR_WIDTH, label.box_height)
        self.board_labels[0].text = words.played_text(decision, compact, ranked=played is not None)
        self.board_labels[0].color = verdict.colour(decision.mark)  # as its arrows
        self.board_labels[1].text = words.best_text(decision, compact)
        self.heading.text = "" if compact else words.ranking_heading(judged_by, emg)
        made = apply_play(decision.state, parse_play(decision.action))
        best = decision.ranked[0].after if decision.ranked else made
        for dx, state in zip((-BOARD_DX, BOARD_DX), (made, best), strict=True):
            self._add_board(state, RIGHT_X + dx, decision.player, pixel_scale)
        played_play = parse_play(decision.action)
        best_play = parse_play(decision.ranked[0].text) if decision.ranked else played_play
        colours = (verdict.colour(decision.mark), GOOD)
        for dx, play, colour in zip((-BOARD_DX, BOARD_DX), (played_play, best_play), colours, strict=True):
            self._add_arrows(decision, play, RIGHT_X + dx, colour)
        rows = words.ranked_rows(decision, self.rules)
        shown = list(range(len(self.ranked)))
        if played is not None and played >= len(shown) and shown:
            shown[-1] = played  # the play made always shows, in place of the last one that has room
        for index, label, chances in zip(shown, self.ranked, self.ranked_chances, strict=True):
            row = rows[index] if index < len(rows) else None
            label.text = "" if row is None else f"{row.play}   {row.equity}   {row.difference}".rstrip()
            chances.text = "" if row is None else row.chances
            label.color = theme.ACCENT if index == played else theme.TEXT

    def _show_cube(
        self, decision: Decision, judged_by: str, emg: bool, compact: bool, pixel_scale: float
    ) -> None:
        """One board (before the roll, from the doubler's side) and the three equities under it."""
        first, second = self.board_labels
        first.position = (RIGHT_X, first.y)
        first.set_box(COLUMN_WIDTH, first.box_height)
        first.text = f"{words.cube_played_text(decision, emg, compact)}\n{words.proper_text(decision)}"
        first.color = theme.TEXT
        second.text = ""
        self.heading.text = "" if compact else words.cube_heading(judged_by, emg)
        answer = decision.action in ("take", "drop")
        doubler_state = flip(decision.state) if answer else decision.state
        doubler = 1 - decision.player if answer else decision.player
        self._add_board(doubler_state, RIGHT_X, doubler, pixel_scale)
        taken = words.cube_taken(decision, self.record)
        best = words.cube_best(decision)
        rows = words.cube_rows(decision)
        for index, (label, chances) in enumerate(zip(self.ranked, self.ranked_chances, strict=True)):
            row = rows[index] if index < len(rows) else None
            label.text = "" if row is None else f"{row.play}   {row.equity}   {row.difference}".rstrip()
            chances.text = "" if row is None else row.chances
            # the action taken lit as the play made is in a ranking, the best in a good play's green
            label.color = theme.ACCENT if index == taken else BEST if index == best else theme.TEXT

    def _add_arrows(self, decision: Decision, play: Play, x: float, colour: tuple[int, int, int]) -> None:
        """A play's arrows on the small board at (x, the layout's board_y), as the table draws them."""
        at = self.at
        assert at is not None and decision.dice is not None
        turn = Turn(decision.player, decision.dice, tuple(play), decision.state)
        arrows = play_marks(turn, self.rules.variant)
        self.arrows.append((scaled(arrows, BOARD_CENTRE, (x, at.board_y), BOARD_SCALE), colour))

    def _add_board(self, mover_state: State, x: float, player: int, pixel_scale: float) -> None:
        """A small board at (x, the layout's board_y) of a position from `player`'s side, drawn from
        seat 0's."""
        at = self.at
        assert at is not None
        state = mover_state if player == 0 else self.rules.variant.flip(mover_state)  # Plakoto's, Fevga's
        scale = BOARD_SCALE * pixel_scale
        image = position_image(self.palette, state, scale, numbers=False)
        # a hash of its own for every texture: two boards of one position (a best play made) share no
        # atlas entry, which the first to be collected would take away from the other
        sprite = arcade.Sprite(own_texture(image, "analysis-board"), center_x=x, center_y=at.board_y)
        sprite.width, sprite.height = image.width / pixel_scale, image.height / pixel_scale
        self.boards.append(sprite)

    def draw(self) -> None:
        if self.decision is None:
            return
        self.boards.draw()
        for arrows, colour in self.arrows:
            marks.draw_verdict(arrows, colour, BOARD_SCALE)
        for label in self.labels:
            label.draw()

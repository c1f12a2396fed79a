"""The dice panel under the end-of-match card: the match's dice against what chance predicts (each face's
count; per side the rolls, the doubles and the pips beside their expectation), and the commitment with
the seed revealed, so a player who doubts the dice can prove them (`dice verify`). Its figures come from
game/tavla/engine/dice_record.py; its words are `dice_panel_texts`, pure text for tests. The side panel's
short commitment during a match is `commitment_text`.
"""

import arcade
from arcade.types import XYWH

from game.core.text.i18n import _, ngettext
from game.tavla.engine.committed_dice import HASH_PREFIX_CHARS
from game.tavla.engine.dice_record import DiceFigures, dice_figures, match_rolls
from game.tavla.engine.match import Match
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import OVERLAY_HEIGHT, OVERLAY_X
from game.ui import theme
from game.ui.overlay import DIM
from game.ui.text import Label

COMMITMENT_CHARS = 10  # of the hash, beside the side panel's title
TOP = layout.MIDDLE_Y - OVERLAY_HEIGHT / 2 - 5  # under the end card, over the board's lower half
WIDTH = layout.RIGHT_HALF[1] - layout.LEFT_HALF[0] - 16  # both halves of the board: a line each side
PADDING = 8
GAP = 3  # between two lines
LINE_WIDTH = WIDTH - 2 * PADDING


def commitment_text(match: Match) -> str:
    """The side panel's line from the first roll of a match with committed dice: the start of the seed's
    hash (the whole of it is in the exported match file; the seed shows in the dice panel once the match
    is over). Empty without committed dice."""
    if match.commitment is None:
        return ""
    # Translators: the side panel, beside the title: the start of the hash of the secret seed that fixed
    # every roll before the first one (the seed is revealed when the match ends); keep it short
    return _("Dice {commitment}…").format(commitment=match.commitment[:COMMITMENT_CHARS])


def _side_line(name: str, figures: DiceFigures, seat: int, compact: bool) -> str:
    side = figures.sides[seat]
    low, high = side.likely_pips
    values = {
        "name": name,
        "rolls": side.rolls,
        "doubles": side.doubles,
        "expected": side.expected_doubles,
        "pips": side.pips,
        "low": low,
        "high": high,
    }
    if compact:
        # Translators: a small window's short line of one side's dice: {name} the player, {doubles} the
        # doubles rolled and {expected} how many chance gives, {pips} the pips rolled and {low}–{high}
        # what chance gives in 19 matches out of 20
        return _("{name}: {doubles} doubles ({expected:.1f}), {pips} pips ({low}–{high})").format(**values)
    # Translators: one side's dice in the dice panel: {name} the player, {rolls} how many rolls, {doubles}
    # the doubles rolled and {expected} how many chance gives, {pips} the pips rolled and {low} to {high}
    # what chance gives in 19 matches out of 20
    line = ngettext(
        "{name}: {rolls} roll, {doubles} doubles (chance {expected:.1f}), {pips} pips (chance {low}–{high})",
        "{name}: {rolls} rolls, {doubles} doubles (chance {expected:.1f}), {pips} pips (chance {low}–{high})",
        side.rolls,
    )
    return line.format(**values)


def dice_panel_texts(match: Match, names: tuple[str, str], compact: bool = False) -> list[str]:
    """The panel's five lines: the title, each face's count, each side's line (`names` by seat), and the
    commitment with the seed (or that the dice were committed to nothing). A small window's (`compact`,
    larger text) leave out the faces (an empty line) and say each side's and the seed's shorter."""
    figures = dice_figures(match_rolls(match))
    faces = "  ".join(f"{face}: {count}" for face, count in enumerate(figures.faces, 1))
    # Translators: the dice panel's line of each face's count, e.g. "Faces  1: 14  2: 17 ..."
    lines = [_("The dice of this match"), "" if compact else _("Faces  {faces}").format(faces=faces)]
    lines += [_side_line(names[seat], figures, seat, compact) for seat in (0, 1)]
    committed, seed = match.commitment, match.revealed_seed
    if committed is None or seed is None:
        lines.append(_("These dice were not committed to before the match."))
    elif compact:
        # Translators: a small window's short proof line: {seed} the start of the seed revealed; keep
        # `dice verify` as it is
        lines.append(_("Seed {seed}…: `dice verify` replays each roll").format(seed=seed[:HASH_PREFIX_CHARS]))
    else:
        # Translators: {commitment} and {seed} are the starts of two hex numbers; keep `dice verify` as it is
        proof = _(
            "Committed {commitment}… before the first roll, seed {seed}…: `dice verify` replays each roll"
        )
        lines.append(proof.format(commitment=committed[:HASH_PREFIX_CHARS], seed=seed[:HASH_PREFIX_CHARS]))
    return lines


class DicePanel:
    """The panel's labels, set by `show`, laid out top-down at the sizes they are drawn at (a small
    window's text is larger), and drawn while the match is over."""

    def __init__(self) -> None:
        self.labels = [
            Label(
                "",
                OVERLAY_X,
                TOP,
                theme.ACCENT if index == 0 else theme.MUTED if index == 4 else theme.TEXT,
                theme.BODY_SIZE if index == 0 else theme.SMALL_SIZE,
                box_width=LINE_WIDTH,
                anchor_x="center",
                anchor_y="top",
                bold=index == 0,
                multiline=True,
                align="center",
            )
            for index in range(5)
        ]
        self.rect = XYWH(OVERLAY_X, TOP, WIDTH, 0)
        self.match: Match | None = None
        self.names = ("", "")
        self.key: object = None
        self.laid_out: object = None

    def show(self, match: Match, names: tuple[str, str]) -> None:
        """The match whose dice to show, and its players' names by seat."""
        self.match, self.names = match, names

    def _set_texts(self, compact: bool) -> None:
        """The lines, again only for another match, another game, or the other window size (the figures
        do not change while the end card shows)."""
        match = self.match
        if match is None:
            return
        key = (id(match), len(match.games), match.over, compact)
        if key == self.key:
            return
        self.key = key
        for label, text in zip(self.labels, dice_panel_texts(match, self.names, compact), strict=True):
            label.text = text

    def _lay_out(self) -> None:
        """Each line under the one before, the frame around them all; again only when a text or a size
        changed."""
        key = tuple((label.text, label.font_size) for label in self.labels)
        if key == self.laid_out:
            return
        self.laid_out = key
        y = TOP - PADDING
        for label in self.labels:
            label.y = y
            if label.text:
                y -= label.content_height + GAP
        height = TOP - y - GAP + PADDING
        self.rect = XYWH(OVERLAY_X, TOP - height / 2, WIDTH, height)

    def draw(self, compact: bool = False) -> None:
        """The frame and the lines, for a small window (`compact`) its shorter ones."""
        self._set_texts(compact)
        self._lay_out()
        arcade.draw_rect_filled(self.rect, DIM)
        arcade.draw_rect_outline(self.rect, theme.TEAL, 2)
        for label in self.labels:
            label.draw()

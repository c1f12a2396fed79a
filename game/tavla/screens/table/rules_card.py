"""The rules of the game on the table, on a card over the board (F1): what a player new to Plakoto,
Fevga, Gul bara, long nardy or Moultezim needs at the moment of play, and what the table's marks mean
(Plakoto's ring)."""

from collections.abc import Callable

from game.core.text.i18n import _
from game.tavla.engine.rules import Rules
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import OVERLAY_WIDTH, OVERLAY_X, card_line, card_title
from game.ui import theme
from game.ui.overlay import Dialog, KeyAction
from game.ui.widgets import Button, Rect

CARD_HEIGHT = 400
LINE_HEIGHT = 250


def rules_text(rules: Rules) -> str:
    """The rules of `rules` in a few sentences, and the meaning of the table's marks."""
    texts = {
        # Translators: the rules card at the table (F1), tavla rules
        Rules.TAVLA: _(
            "Move your 15 checkers home and bear them off first. A lone checker landed on is hit and "
            "enters again from the bar. When only one die can be played, either may be. A mars (the "
            "loser has borne off none) scores 2 points."
        ),
        # Translators: the rules card at the table (F1), standard backgammon rules
        Rules.STANDARD: _(
            "Move your 15 checkers home and bear them off first. A lone checker landed on is hit and "
            "enters again from the bar. When only one die can be played, the larger must be. A gammon "
            "scores 2 points, a backgammon 3; the cube doubles the stakes."
        ),
        # Translators: the rules card at the table (F1), Portes (Greek backgammon)
        Rules.PORTES: _(
            "Backgammon without the cube: a lone checker landed on is hit and enters again from the "
            "bar. A gammon (or backgammon) scores 2 points."
        ),
        # Translators: the rules card at the table (F1), Plakoto; the ring is drawn on the table
        Rules.PLAKOTO: _(
            "No hitting: a lone checker landed on is pinned under its pinner, ringed on the table, and "
            "moves again once the pinner leaves. A pinned checker at home stops bearing off. Pinning the "
            "opponent's last checker on its starting point wins 2 points; a game where the loser bore "
            "off none scores 2."
        ),
        # Translators: the rules card at the table (F1), Fevga
        Rules.FEVGA: _(
            "Both sides run the same way round the board, from their starting point. No hitting: one "
            "checker holds a point. Your first checker must pass the opponent's start before a second "
            "leaves yours. A game where the loser bore off none scores 2."
        ),
        # Translators: the rules card at the table (F1), Gul bara
        Rules.GUL_BARA: _(
            "Fevga's board without its limits: both sides run the same way and one checker holds a "
            "point. From each player's fourth roll a double cascades: 1-1 plays 1-1, then 2-2, up to "
            "6-6, as far as it can be played."
        ),
        # Translators: the rules card at the table (F1), long nardy; "the head" is the starting point
        Rules.NARDY: _(
            "Both sides run the same way round the board, from their head. No hitting: one checker "
            "holds a point. One checker a turn leaves the head (two with 6-6, 4-4 or 3-3 on your first "
            "turn). No six points in a row unless one of the opponent's checkers is past them. A game "
            "where the loser bore off none scores 2."
        ),
        # Translators: the rules card at the table (F1), Moultezim
        Rules.MOULTEZIM: _(
            "Fevga's board: both sides run the same way and one checker holds a point. Your first "
            "checker must pass the opponent's start before a second leaves yours. Hold at most four "
            "points of the opponent's starting quarter (7-12). A game where the loser bore off none "
            "scores 2."
        ),
    }
    return texts.get(rules, texts[Rules.TAVLA])


def rules_dialog(shown: Callable[[], bool], close: Callable[[], None], keys: list[KeyAction]) -> Dialog:
    """The card (set `texts[0]` to the game's name, `texts[1]` to `rules_text`), with OK."""
    top = layout.MIDDLE_Y + CARD_HEIGHT / 2
    title = card_title(top - 40, theme.HEADING_SIZE)
    line = card_line(layout.MIDDLE_Y + 20, theme.BODY_SIZE, LINE_HEIGHT)
    # Translators: button: close the rules card
    ok = Button(
        _("OK"), Rect(OVERLAY_X, layout.MIDDLE_Y - CARD_HEIGHT / 2 + 40, 200, 48), close, primary=True
    )
    return Dialog(
        Rect(OVERLAY_X, layout.MIDDLE_Y, OVERLAY_WIDTH, CARD_HEIGHT), [title, line], [ok], shown, keys
    )

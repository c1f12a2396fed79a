"""The ranked hint's words (pure text, no Arcade): each play's row, its equity and difference to the
best, and its chances of a win, a mars (gammon) and a backgammon."""

from dataclasses import dataclass

from game.i18n import _
from game.tavla.analysis.decisions import RankedPlay
from game.tavla.engine.notation import display_play
from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules

MINUS = "-"  # the font has no true minus sign


@dataclass(frozen=True)
class HintRow:
    """One ranked play as the panel writes it: "1. 8/5 6/5", "+0.151", "-0.160" (blank for the best)
    and the chances line."""

    play: str
    equity: str
    difference: str
    chances: str


def signed(value: float, places: int = 3) -> str:
    """`+0.151`, `-0.160`, as equities are written (a sign always, zero as +0.000)."""
    text = f"{abs(value):.{places}f}"
    return f"{MINUS if value < 0 and float(text) != 0 else '+'}{text}"


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def chances_text(chances: tuple[float, ...], rules: Rules) -> str:
    """The mover's chances after the play: a win, a mars (tavla) or gammon, and under standard rules a
    backgammon (tavla has none)."""
    win, gammon, backgammon = chances[0], chances[1], chances[2]
    if rules is Rules.TAVLA:
        # Translators: a play's chances in the ranked hint; mars is tavla's gammon (double win)
        return _("Win {win} · mars {gammon}").format(win=percent(win), gammon=percent(gammon))
    # Translators: a play's chances in the ranked hint (backgammon rules); bg: backgammon, kept short
    text = _("Win {win} · gammon {gammon} · bg {backgammon}")
    return text.format(win=percent(win), gammon=percent(gammon), backgammon=percent(backgammon))


def hint_rows(start: State, ranked: tuple[RankedPlay, ...], rules: Rules) -> list[HintRow]:
    """The ranked plays from `start` (the mover's side), best first, hits starred."""
    if not ranked:
        return []
    best = ranked[0].equity
    rows = []
    for number, play in enumerate(ranked, 1):
        # Translators: a play in the ranked hint when the roll cannot be moved at all
        moves = display_play(start, play.play) or _("no move")
        difference = "" if number == 1 else signed(play.equity - best)
        rows.append(
            HintRow(f"{number}. {moves}", signed(play.equity), difference, chances_text(play.chances, rules))
        )
    return rows


def heading_text(emg: bool = False) -> str:
    """The ranked hint's heading; `emg`: in a match, where the equities are EMG at the score."""
    if emg:
        # Translators: the heading of the ranked hint in a match: the best plays with their equity in EMG
        # (GNU Backgammon's equivalent to money game: the match-winning chances at the score; keep EMG)
        return _("Best plays · EMG at the score")
    # Translators: the heading of the ranked hint: the best plays with their equity (expected points)
    return _("Best plays · equity")


def make_label() -> str:
    # Translators: button under the ranked hint: make the chosen play on the board
    return _("Make this play")


def close_label() -> str:
    # Translators: button under the ranked hint: hide it and show the move list again
    return _("Close")

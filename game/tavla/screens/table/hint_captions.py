"""The ranked hint's words (pure text, no Arcade): each play's row, its equity and difference to the
best, its chances of a win, a mars (gammon) and a backgammon and of losing them, and the heading that
says what the equities are (cubeless, EMG at a match's score or points) and how deep they were searched."""

from dataclasses import dataclass

from game.core.text.i18n import _, percent_text
from game.tavla.analysis import figures
from game.tavla.engine.notation import display_play
from game.tavla.engine.position import State
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import JudgedPlay


@dataclass(frozen=True)
class HintRow:
    """One ranked play as the panel writes it: "1. 8/5 6/5", "+0.151", "-0.160" (blank for the best),
    the chances of winning in a line, and in columns those of winning and those of losing."""

    play: str
    equity: str
    difference: str
    chances: str
    wins: tuple[str, ...] = ()  # the chances in columns (`chance_columns`), for the table's ranked hint
    losses: tuple[str, ...] = ()


def signed(value: float) -> str:
    """An equity as the hints and the analysis write it: `+0.151`, `-0.160`, zero as +0.000."""
    return figures.signed(value, 3)


def percent(value: float) -> str:
    return percent_text(f"{100 * value:.1f}")


def chances_text(chances: tuple[float, ...], rules: Rules) -> str:
    """The mover's chances after the play: a win, a mars (tavla) or gammon, and under standard rules a
    backgammon (tavla has none)."""
    win, gammon, backgammon = chances[0], chances[1], chances[2]
    if _mars(rules):
        # Translators: a play's chances in the ranked hint; mars is tavla's gammon (double win)
        return _("Win {win} · mars {gammon}").format(win=percent(win), gammon=percent(gammon))
    if not _backgammons(rules):
        # Translators: a play's chances in the ranked hint (Portes: gammons, no backgammons)
        return _("Win {win} · gammon {gammon}").format(win=percent(win), gammon=percent(gammon))
    # Translators: a play's chances in the ranked hint (backgammon rules); bg: backgammon, kept short
    text = _("Win {win} · gammon {gammon} · bg {backgammon}")
    return text.format(win=percent(win), gammon=percent(gammon), backgammon=percent(backgammon))


def chance_columns(chances: tuple[float, ...], rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The mover's chances after the play in the ranked hint's columns (see `column_headings`): of winning
    ("Win 55.4%", then a mars or gammon, and a backgammon under standard rules) and of losing them; the
    two rows, aligned down the five plays, explain two plays of one equity."""
    win, lose = chances[0], 1.0 - chances[0]
    # Translators: a play's chance of winning in the ranked hint, e.g. "Win 55.4%"; its chances of a
    # gammon and a backgammon follow in columns
    wins = [_("Win {win}").format(win=percent(win)), percent(chances[1])]
    # Translators: a play's chance of losing in the ranked hint, e.g. "Lose 44.6%", under "Win 55.4%"
    losses = [_("Lose {lose}").format(lose=percent(lose)), percent(chances[3])]
    if _backgammons(rules):
        wins.append(percent(chances[2]))
        losses.append(percent(chances[4]))
    return tuple(wins), tuple(losses)


def column_headings(rules: Rules) -> tuple[str, ...]:
    """The headings of the chances' columns after the first (the game won or lost)."""
    if _mars(rules):
        # Translators: the heading of the ranked hint's column of the chances of a mars (tavla's gammon)
        return (_("mars"),)
    # Translators: the headings of the ranked hint's columns of the chances of a gammon and of a
    # backgammon (bg, kept short as players write it)
    return (_("gammon"), _("bg")) if _backgammons(rules) else (_("gammon"),)


def _mars(rules: Rules) -> bool:
    """Whether the double win is called a mars: tavla's Turkish word, as the resignation says it; the
    Greek and Russian games scored like it call it a gammon in English (and each language its own)."""
    return rules is Rules.TAVLA


def _backgammons(rules: Rules) -> bool:
    return Outcome.BACKGAMMON in rules.result_kinds


def hint_rows(start: State, ranked: tuple[JudgedPlay, ...], rules: Rules) -> list[HintRow]:
    """The ranked plays from `start` (the mover's side), best first, hits starred."""
    if not ranked:
        return []
    best = ranked[0].equity
    rows = []
    for number, play in enumerate(ranked, 1):
        # Translators: a play in the ranked hint when the roll cannot be moved at all
        moves = display_play(start, play.play) or _("no move")
        difference = "" if number == 1 else signed(play.equity - best)
        wins, losses = chance_columns(play.chances, rules)
        chances = chances_text(play.chances, rules)
        rows.append(HintRow(f"{number}. {moves}", signed(play.equity), difference, chances, wins, losses))
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


def roll_out_label() -> str:
    # Translators: button under the ranked hint (narrow: about 8 letters): roll the best plays out in the
    # position lab
    return _("Roll out")

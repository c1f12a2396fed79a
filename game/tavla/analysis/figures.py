"""The analysis's figures in words, one wording for the `analyse` report and the analysis screen, so the
two agree: the units (millipoints of EMG with the match-winning chance they stand for in a match, as GNU
Backgammon writes "Error rate mEMG (MWC)"; millipoints of a point in money play), the error rates per
decision and per move, the luck per roll in the same units, the plays and rolls in GNU Backgammon's form
(game/tavla/engine/notation.py `display_play`, `display_dice`), the cube's actions in the table's words
(a drop is a pass) and where a decision was made, numbered as the table's move list numbers its lines.
"""

from game.core.text.i18n import _, percent_text
from game.tavla.analysis.cube import shown_action
from game.tavla.analysis.decisions import Decision, PlayerSummary
from game.tavla.engine.notation import display_dice, display_play, parse_play

MINUS = "-"  # the game's font has no true minus sign


def signed(value: float, places: int = 1) -> str:
    """`+12.3`, `-0.4`: a sign always, zero as +0.0."""
    text = f"{abs(value):.{places}f}"
    return f"{MINUS if value < 0 and float(text) != 0 else '+'}{text}"


def percent(fraction: float, sign: bool = False) -> str:
    """A match-winning chance as gnubg writes one: `1.093%`, signed `+0.216%`."""
    return percent_text(signed(100 * fraction, 3) if sign else f"{100 * fraction:.3f}")


def milli_unit(emg: bool) -> str:
    """The unit of losses and rates: mEMG in a match, millipoints in money play."""
    if emg:
        # Translators: millipoints of EMG (GNU Backgammon's "equivalent to money game"), keep mEMG as it is
        return _("mEMG")
    # Translators: the unit of losses in money play: thousandths of a point
    return _("millipoints")


def amount(milli: float, mwc: float, emg: bool, sign: bool = False) -> str:
    """A figure with its units: `64.8 mEMG (1.093% MWC)` in a match, `64.8 millipoints` for money."""
    value = signed(milli) if sign else f"{milli:.1f}"
    if not emg:
        return f"{value} {milli_unit(emg)}"
    # Translators: a figure of the analysis: {value} millipoints of EMG, {mwc} the match-winning chance
    # it stands for, e.g. "64.8 mEMG (1.093% MWC)"; keep mEMG and MWC as they are
    return _("{value} mEMG ({mwc} MWC)").format(value=value, mwc=percent(mwc, sign))


def bare_amount(milli: float, mwc: float, emg: bool, sign: bool = False) -> str:
    """A figure without its unit, for a table whose row names it: `64.8 (1.093%)`, `64.8`."""
    value = signed(milli) if sign else f"{milli:.1f}"
    return f"{value} ({percent(mwc, sign)})" if emg else value


def error_rate(summary: PlayerSummary, emg: bool) -> str:
    """The overall error rate with its units, per decision (unforced plays and close cube decisions)."""
    return amount(summary.error_rate, summary.mwc_error_rate, emg)


def luck_rate(summary: PlayerSummary, emg: bool) -> str:
    """The luck per roll, in the error rates' units."""
    return amount(summary.luck_rate, summary.mwc_luck_rate, emg, sign=True)


def units_text(emg: bool) -> str:
    """What the figures are counted in: the report's first line, and the screen's."""
    if emg:
        # Translators: the analysis report's first line; EMG is GNU Backgammon's "equivalent to money
        # game" (the match-winning chances at the score written as a money equity), MWC the match-winning
        # chance; keep mEMG, EMG and MWC as they are
        return _(
            "Errors in mEMG (millipoints of EMG) and the match-winning chance (MWC) they cost, per decision; "
            "luck in the same units, per roll"
        )
    # Translators: the analysis report's first line, for games played for money (not a match)
    return _(
        "Money play: errors in millipoints (thousandths of a point) per decision; luck in the same units, "
        "per roll"
    )


def play_text(decision: Decision) -> str:
    """The decision as made, in a player's form: `43: 25/22/18` for a play (the higher die first), the
    cube action's word (`pass`) for a cube decision."""
    if decision.kind == "cube":
        return shown_action(decision.action)
    dice = decision.dice or (0, 0)
    return f"{display_dice(*dice)}: {shown_play(decision, decision.action)}"


def shown_play(decision: Decision, play: str) -> str:
    """A play of the decision's position (written per die) in GNU Backgammon's form; a cube action's
    word; "no move" for a roll that could not be played."""
    if decision.kind == "cube":
        return shown_action(play)
    # Translators: a play that moved nothing (the roll could not be played)
    return display_play(decision.state, parse_play(play)) or _("no move")


def best_text(decision: Decision) -> str:
    """The best play or cube action, as `shown_play` writes it."""
    return shown_play(decision, decision.best)


def loss_amount(decision: Decision, emg: bool) -> str:
    """What a decision lost: `415.0 mEMG (8.012% MWC)`."""
    return amount(decision.loss, decision.mwc_loss, emg)


def judged_text(judged_by: str) -> str:
    """ "Judged at Open Sage 2-ply, cubeful at the score": the analysis's judge, as the report and the
    screen name it."""
    # Translators: {level} is the judge of the analysis, e.g. "Open Sage 2-ply, cubeful at the score"
    return _("Judged at {level}").format(level=judged_by)

"""Why a play was a mistake, in words: what changed between the best play and the one made.

Ranking says how much a play lost; a player learns from what it changed. For a mistake the lines say
which chances moved (winning, gammons won, gammons and backgammons lost), how many of the opponent's
rolls hit a blot after each play, and, where the judge classifies them (Open Sage), the game plans each
play leads to for both sides (priming, attacking, anchoring, racing). Only what moved enough to matter
is said: a chance by a point of per cent, a shot count by two rolls of 36.
"""

from __future__ import annotations

from game.core.text.i18n import N_, _
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPP_BAR, State, flip
from game.tavla.engine.rolls import ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import Judge, JudgedPlay

CHANCE_STEP = 0.01  # a chance that moved less than this is not mentioned
SHOT_STEP = 2  # ... nor a shot count that moved by fewer rolls (of 36)
PLAN_WORDS = {
    # Translators: game plans, as Open Sage classifies a position for one side
    "purerace": N_("a pure race"),
    "racing": N_("racing"),
    "attacking": N_("attacking"),
    "priming": N_("priming"),
    "anchoring": N_("holding an anchor"),
}


def _percent(value: float) -> str:
    return f"{100.0 * value:.1f}%"


def _plan(name: str) -> str:
    return _(PLAN_WORDS[name]) if name in PLAN_WORDS else name


def shots(after: State, rules: Rules) -> int:
    """How many of the opponent's 36 rolls have a legal play that hits one of our blots after the play
    (`after` seen by the player who moved), counted on the legal plays themselves."""
    theirs = flip(after)
    count = 0
    for d1, d2, weight in ROLLS:
        if any(result[OPP_BAR] > theirs[OPP_BAR] for _play, result in legal_results(theirs, d1, d2, rules)):
            count += int(weight)
    return count


def explain(best: JudgedPlay, played: JudgedPlay, rules: Rules, judge: Judge | None = None) -> list[str]:
    """The lines that say what the play made changed against the best one (none when they are the same
    position); `judge` names the game plans where it classifies them."""
    if best.after == played.after:
        return []
    lines = []
    rows = (
        # Translators: {best} and {played} are chances in per cent after the best play and the play made
        (0, N_("winning chances {played} instead of {best}")),
        (1, N_("gammons won {played} instead of {best}")),
        (3, N_("gammon risk {played} instead of {best}")),
        (4, N_("backgammon risk {played} instead of {best}")),
    )
    for index, text in rows:
        if abs(played.chances[index] - best.chances[index]) >= CHANCE_STEP:
            moved = _(text).format(played=_percent(played.chances[index]), best=_percent(best.chances[index]))
            lines.append(moved)
    hits = rules.hits  # nothing is hit in Plakoto, Fevga and Gul bara
    shots_best, shots_played = (shots(best.after, rules), shots(played.after, rules)) if hits else (0, 0)
    if abs(shots_played - shots_best) >= SHOT_STEP:
        # Translators: how many of the opponent's 36 rolls hit one of the player's blots after each play
        text = _("the opponent can hit with {played} rolls of 36 instead of {best}")
        lines.append(text.format(played=shots_played, best=shots_best))
    if judge is not None:
        plans_best, plans_played = judge.game_plans(best.after), judge.game_plans(played.after)
        if plans_best is not None and plans_played is not None:
            if plans_best[0] != plans_played[0]:
                # Translators: {played} and {best} are game plans (priming, attacking, racing ...)
                text = _("your game plan becomes {played}; the best play keeps to {best}")
                lines.append(text.format(played=_plan(plans_played[0]), best=_plan(plans_best[0])))
            if plans_best[1] != plans_played[1]:
                # Translators: {played} and {best} are game plans of the opponent
                text = _("the opponent's plan becomes {played} instead of {best}")
                lines.append(text.format(played=_plan(plans_played[1]), best=_plan(plans_best[1])))
    return lines

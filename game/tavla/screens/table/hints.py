"""The ranked hint's workings, window-free: the best plays ranked for a roll, the moves that make one of
them on the table, and where its ghost checkers stand.

The ranking is the judge's at the Settings' level (game/tavla/eval/judge.py, at the match's score:
game/tavla/analysis/stakes.py `stakes_at`), the one the tutor and the analysis ask, so a hint and the
analysis of the same turn agree.
"""

from dataclasses import dataclass

from game.tavla.analysis.decisions import TOP_PLAYS, ranked_plays
from game.tavla.engine.moves import Play
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF, State
from game.tavla.engine.rules import Rules
from game.tavla.engine.turn import Step, TurnInProgress
from game.tavla.eval.judge import JudgedPlay
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, JudgeLevel
from game.tavla.eval.stakes import Stakes


@dataclass(frozen=True)
class RankedHint:
    """The hint's play (in notation, "" when the roll cannot be played) and the best plays ranked, their
    equities in `stakes`' units (None: money points); `judged_by` names the judge that ranked them."""

    play: str
    ranked: tuple[JudgedPlay, ...]
    stakes: Stakes | None = None
    judged_by: str = ""

    @property
    def plies(self) -> int:
        """How deep the rows were searched (all at one depth; 0 for a forced roll's one play)."""
        return max((play.plies for play in self.ranked), default=0)

    @property
    def emg(self) -> bool:
        """Whether the equities are EMG at a match score."""
        return self.stakes is not None and self.stakes.match

    @property
    def moves(self) -> Play:
        return parse_play(self.play)


def rank_hint(
    rules: Rules,
    state: State,
    dice: tuple[int, int],
    stakes: Stakes | None = None,
    level: JudgeLevel = DEFAULT_LEVEL,
) -> RankedHint:
    """The best five plays of `dice` from `state` as the judge of `level` ranks them at `stakes` (the
    match's score; None: money), the first of them the hint's play: the ranking the tutor and the
    analysis make at the same setting, so the hint's play is never called a mistake there."""
    judge = judge_for(rules, level)
    ranked = ranked_plays(state, dice, judge, n=TOP_PLAYS, stakes=stakes)
    return RankedHint(ranked[0].text if ranked else "", tuple(ranked), stakes, judge.title())


def steps_to(turn: TurnInProgress, after: State) -> list[Step] | None:
    """The single moves that take the turn, from where it stands now, to the position `after` (a
    legal play's result), in a playable order; None when it cannot get there from here."""
    if turn.state == after:
        return []
    for step in turn.options():
        turn.apply(step)
        try:
            rest = steps_to(turn, after)
        finally:
            turn.undo()
        if rest is not None:
            return [step, *rest]
    return None


def take_play(turn: TurnInProgress, after: State) -> bool:
    """Make the turn the play that ends at `after`, taking back its moves so far where they lead
    elsewhere; False (the turn untouched) when the roll cannot end there."""
    made = list(turn.steps)
    steps = steps_to(turn, after)
    if steps is None:
        while turn.steps:
            turn.undo()
        steps = steps_to(turn, after)
        if steps is None:
            for step in made:
                turn.apply(step)
            return False
    for step in steps:
        turn.apply(step)
    return True


@dataclass(frozen=True)
class Ghost:
    """A checker of the hinted play where the board has none yet: on `point` (the mover's numbering;
    25 the bar, 0 borne off) of the mover (`own`) or of the opponent (a hit blot on its bar), the
    `index`-th of `count` there."""

    point: int
    index: int
    count: int
    own: bool


def ghosts(now: State, after: State) -> list[Ghost]:
    """The checkers `after` has where `now` has fewer, both from the mover's side: the landing
    checkers of a play (and a hit checker on the opponent's bar)."""
    found = []
    for point in range(1, 25):
        mine, theirs = max(now[point], 0), max(after[point], 0)
        found += [Ghost(point, index, theirs, True) for index in range(mine, theirs)]
    for own, index in ((True, BAR), (True, OFF), (False, OPP_BAR), (False, OPP_OFF)):
        shown = BAR if index in (BAR, OPP_BAR) else OFF
        found += [Ghost(shown, i, after[index], own) for i in range(now[index], after[index])]
    return found


def leaving(now: State, after: State) -> dict[int, int]:
    """How many of the mover's checkers leave each point (25: the bar) between `now` and `after`."""
    points = [*range(1, 25), BAR]
    return {point: max(now[point], 0) - max(after[point], 0) for point in points if now[point] > after[point]}

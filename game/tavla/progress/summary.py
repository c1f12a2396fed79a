"""The player's progress from the history: the error rate match by match with its moving average, the
checker play's and the cube's apart, the error rates by phase of the game (game/tavla/progress/phases.py),
the best and worst matches and the trend in words. One summary for the `progress` command and the
Progress screen, so the two say the same.

The trend compares the mean error rate of the last matches (up to TREND_MATCHES) with the mean of the
ones before them: lower by more than a tenth is improving, higher by more than a tenth getting worse,
else steady; with fewer than MIN_TREND matches there is too little to tell. Error rates of a match are
millipoints of EMG, of money play millipoints of a point: both are per decision, and GNU Backgammon's
ratings read them alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.text.i18n import N_
from game.tavla.progress.history import KeptDecision, MatchEntry
from game.tavla.progress.phases import PHASES

AVERAGE_OF = 5  # the moving average's window, in matches
MIN_TREND = 4
TREND_MATCHES = 10
TREND_MARGIN = 0.10
IMPROVING, STEADY, WORSE, TOO_FEW = "improving", "steady", "worse", "too few"
TREND_WORDS = {  # the trend said in words (translate with `_` where shown)
    IMPROVING: N_("Your error rate is going down: you are improving."),
    STEADY: N_("Your error rate is steady."),
    WORSE: N_("Your error rate is going up: your recent matches were weaker."),
    TOO_FEW: N_("Play a few more matches to see a trend."),
}


@dataclass(frozen=True)
class PhaseRates:
    """Millipoints per counted decision in one phase: the checker play's and the cube's, with counts."""

    checker_error_rate: float
    checker_decisions: int
    cube_error_rate: float
    cube_decisions: int


@dataclass(frozen=True)
class Progress:
    """The history's matches (oldest first) with their moving average, the rates by phase, the best and
    worst matches (indices into `matches`, None with no match of decisions) and the trend; `skipped` the
    damaged rows of the history left out (game/tavla/progress/rows.py)."""

    matches: list[MatchEntry]
    moving_average: list[float]
    phases: dict[str, PhaseRates]
    best: int | None
    worst: int | None
    trend: str
    skipped: int = 0


def moving_average(values: Sequence[float], window: int = AVERAGE_OF) -> list[float]:
    """Each value's mean with the `window - 1` before it (fewer at the start)."""
    averages = []
    for index in range(len(values)):
        part = values[max(0, index + 1 - window) : index + 1]
        averages.append(sum(part) / len(part))
    return averages


def phase_rates(decisions: Sequence[KeptDecision]) -> dict[str, PhaseRates]:
    """The counted decisions' error rates in each phase, checker play and cube apart."""
    rates = {}
    for phase in PHASES:
        here = [d for d in decisions if d.phase == phase and d.counted]
        moves = [d.loss for d in here if d.kind == "move"]
        cubes = [d.loss for d in here if d.kind == "cube"]
        rates[phase] = PhaseRates(
            sum(moves) / len(moves) if moves else 0.0,
            len(moves),
            sum(cubes) / len(cubes) if cubes else 0.0,
            len(cubes),
        )
    return rates


def trend(rates: Sequence[float]) -> str:
    """IMPROVING, STEADY or WORSE: the last matches' mean against the ones before; TOO_FEW."""
    if len(rates) < MIN_TREND:
        return TOO_FEW
    recent_count = min(TREND_MATCHES, len(rates) // 2)
    before, recent = rates[:-recent_count], rates[-recent_count:]
    old, new = sum(before) / len(before), sum(recent) / len(recent)
    if old <= 0.0:
        return STEADY if new <= 0.0 else WORSE
    change = (new - old) / old
    if change < -TREND_MARGIN:
        return IMPROVING
    return WORSE if change > TREND_MARGIN else STEADY


def progress(matches: list[MatchEntry], decisions: Sequence[KeptDecision]) -> Progress:
    """The progress shown by `matches` (oldest first) and the player's `decisions` in them."""
    judged = [index for index, entry in enumerate(matches) if entry.decisions]
    rates = [matches[index].error_rate for index in judged]
    best = min(judged, key=lambda index: matches[index].error_rate, default=None)
    worst = max(judged, key=lambda index: matches[index].error_rate, default=None)
    ids = {entry.id for entry in matches}
    mine = [decision for decision in decisions if decision.match in ids]
    average = moving_average([entry.error_rate for entry in matches])
    return Progress(matches, average, phase_rates(mine), best, worst, trend(rates))

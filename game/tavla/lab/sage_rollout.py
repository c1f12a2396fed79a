"""Rollouts on Open Sage: the positions after each play (or before the roll) played out by Open Sage
against itself, on all cores, with its variance reduction (each roll's luck taken off, as gnubg does)
and, under the standard rules, its cubeful equity beside the cubeless chances.

The games are played in chunks of CHUNK, each chunk a rollout of its own with its own seed (the seed
and the chunk's number), so a run shows its progress, stops at a signal after the chunk under way and
keeps the chunks finished: their means weighted by their games, and the standard errors combined as
independent estimates (the chances' errors, which Open Sage does not give, from the chunks' spread).
Every position of one chunk rolls out on the same seed, so the plays of a roll
meet the same dice. game/tavla/lab/rollout_command.py reports the figures as it reports ours.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.sage_judge import LEVEL_PLIES, board_of
from game.tavla.tournament.stopping import stop_signals

CHUNK = 144  # games a chunk: four sets of the 36 first rolls, which Open Sage stratifies


@dataclass(frozen=True)
class SagePlan:
    """What to roll out: positions after a move (each seen by the player who moved), the rule set, how
    many games, the seed, where games end early (None: played out), the level that plays."""

    afters: tuple[State, ...]
    rules: Rules
    games: int
    seed: int
    truncate: int | None
    level: JudgeLevel
    luck: bool = True  # Open Sage's variance reduction is always on
    stratified: bool = True  # ... and its first rolls stratified

@dataclass
class SageRolled:
    """Per position the five chances (mover's), the cubeless and cubeful equities, with their standard
    errors; the games played, how long it took, and the stop signal's name if one ended it early."""

    plan: SagePlan
    chances: np.ndarray  # (positions, 5)
    chances_se: np.ndarray
    cubeless: np.ndarray  # (positions,)
    cubeless_se: np.ndarray
    cubeful: np.ndarray
    cubeful_se: np.ndarray
    games: int
    seconds: float
    stopped_by: str = ""
    workers: int = field(default_factory=lambda: os.cpu_count() or 1)

    @property
    def complete(self) -> bool:
        return self.games == self.plan.games


def _analyzer(plan: SagePlan, trials: int, seed: int):  # -> bgsage.BgBotAnalyzer
    import bgsage

    return bgsage.BgBotAnalyzer(
        eval_level="rollout",
        cubeful=plan.rules.has_cube,
        n_trials=trials,
        truncation_depth=plan.truncate or 0,
        decision_ply=LEVEL_PLIES[plan.level],
        seed=seed,
    )


def roll_out(plan: SagePlan, advance: Callable[[int], None] | None = None) -> SageRolled:
    """Play `plan`'s games chunk by chunk; `advance(n)` is told of each n games done."""
    tick = advance if advance is not None else (lambda count: None)
    rows: list[list[tuple[int, object]]] = []  # per chunk: (games, analysis) per position
    start = time.perf_counter()
    done = 0
    with stop_signals() as stop:
        try:
            while done < plan.games:
                trials = min(CHUNK, plan.games - done)
                sage = _analyzer(plan, trials, plan.seed * 1_000_003 + len(rows))
                rows.append([(trials, sage.post_move_analytics(board_of(after))) for after in plan.afters])
                done += trials
                tick(trials)
                stop.check()
        except KeyboardInterrupt:
            if not stop.name:
                import signal

                stop.signum = signal.SIGINT
    return _combined(plan, rows, done, time.perf_counter() - start, stop.name)


def _combined(plan: SagePlan, rows: Sequence[Sequence[tuple[int, object]]], games: int, seconds: float,
              stopped_by: str) -> SageRolled:  # fmt: skip
    count = len(plan.afters)
    chances, chances_se = np.zeros((count, 5)), np.zeros((count, 5))
    values = np.zeros((4, count))  # cubeless, its se, cubeful, its se
    for index in range(count):
        parts = [chunk[index] for chunk in rows]
        weights = np.array([trials for trials, _ in parts], dtype=float)
        if not weights.sum():
            continue
        share = weights / weights.sum()
        found = [answer for _, answer in parts]
        chances[index] = share @ np.array([a.probs.to_list() for a in found])
        values[0, index] = share @ np.array([a.cubeless_equity for a in found])
        values[2, index] = share @ np.array([a.cubeful_equity for a in found])
        values[1, index] = _combined_se(share, [a.cubeless_se for a in found])
        values[3, index] = _combined_se(share, [a.cubeful_se for a in found])
        chances_se[index] = _spread_se(share, np.array([a.probs.to_list() for a in found]))
    return SageRolled(plan, chances, chances_se, values[0], values[1], values[2], values[3], games, seconds,
                      stopped_by)  # fmt: skip


def _spread_se(share: np.ndarray, means: np.ndarray) -> np.ndarray:
    """The chances' standard errors from how the chunks' means spread about their weighted mean (Open
    Sage gives the equity's alone); NaN with a single chunk."""
    if len(means) < 2:
        return np.full(means.shape[1], np.nan)
    centre = share @ means
    variance = share @ (means - centre) ** 2 / (1.0 - np.sum(share**2))  # unbiased, unequal weights
    return np.sqrt(variance * np.sum(share**2))


def _combined_se(share: np.ndarray, errors: Sequence[float | None]) -> float:
    """The standard error of a weighted mean of independent estimates (NaN where one has none)."""
    if any(error is None for error in errors):
        return float("nan")
    return float(np.sqrt(np.sum((share * np.array(errors, dtype=float)) ** 2)))

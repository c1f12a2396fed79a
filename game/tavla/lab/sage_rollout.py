"""Rollouts on Open Sage: the positions after each play (or before the roll) played out by Open Sage
against itself, on all cores, with its variance reduction (each roll's luck taken off, as gnubg does)
and, under the standard rules, its cubeful equity beside the cubeless chances.

The games are played in chunks of CHUNK, each chunk a rollout of its own with its own seed (the seed
and the chunk's number), so a run shows its progress, stops at a signal after the chunk under way and
keeps the chunks finished: their means weighted by their games, and the standard errors combined as
independent estimates (the chances' errors, which Open Sage does not give, from the chunks' spread).
Every position of one chunk rolls out on the same seed, so the plays of a roll
meet the same dice. game/tavla/lab/rollout_report.py reports the figures as it reports ours.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from game.tavla.engine.position import State
from game.tavla.engine.rules import Rules
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.sage_judge import LEVEL_PLIES, board_of
from game.tavla.tournament.stopping import stop_signals

SEEDS = 2**31  # Open Sage takes a seed below this
CHUNK = 36  # games a chunk: the 36 first rolls, which Open Sage stratifies; a window sees them soon


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
    stratified: int = 1  # ... and its first roll stratified (the rolls of one ply)


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


def chunk_size(plan: SagePlan, index: int) -> int:
    """The games of chunk `index`."""
    return min(CHUNK, plan.games - index * CHUNK)


def chunks_of(plan: SagePlan) -> int:
    return -(-plan.games // CHUNK)


def play_chunk(plan: SagePlan, index: int) -> np.ndarray:
    """Chunk `index` played: per position the five chances, the cubeless equity and its standard error,
    the cubeful equity and its standard error, (positions, 9)."""
    sage = _analyzer(plan, chunk_size(plan, index), (plan.seed * 1_000_003 + index) % SEEDS)
    rows = []
    for after in plan.afters:
        answer = sage.post_move_analytics(board_of(after))
        errors = (np.nan if se is None else se for se in (answer.cubeless_se, answer.cubeful_se))
        cubeless_se, cubeful_se = errors
        equities = [answer.cubeless_equity, cubeless_se, answer.cubeful_equity, cubeful_se]
        rows.append([*answer.probs.to_list(), *equities])
    return np.array(rows, dtype=float)


def roll_out(plan: SagePlan, advance: Callable[[int], None] | None = None) -> SageRolled:
    """Play `plan`'s games chunk by chunk; `advance(n)` is told of each n games done."""
    tick = advance if advance is not None else (lambda count: None)
    played: list[np.ndarray] = []
    start = time.perf_counter()
    with stop_signals() as stop:
        try:
            for index in range(chunks_of(plan)):
                played.append(play_chunk(plan, index))
                tick(chunk_size(plan, index))
                stop.check()
        except KeyboardInterrupt:
            if not stop.name:
                stop.signum = signal.SIGINT
    return combined(plan, played, time.perf_counter() - start, stop.name)


def combined(
    plan: SagePlan, played: Sequence[np.ndarray], seconds: float, stopped_by: str = ""
) -> SageRolled:
    """The figures of the chunks played (in order, from the first): means weighted by the chunks' games."""
    count = len(plan.afters)
    games = sum(chunk_size(plan, index) for index in range(len(played)))
    if not played:
        empty = np.zeros((count, 5))
        flat = np.zeros(count)
        return SageRolled(plan, empty, empty, flat, flat, flat, flat, 0, seconds, stopped_by)
    weights = np.array([chunk_size(plan, index) for index in range(len(played))], dtype=float)
    share = weights / weights.sum()
    stack = np.stack(played)  # (chunks, positions, 9)
    mean = np.einsum("c,cpk->pk", share, stack)
    chances_se = np.array([_spread_se(share, stack[:, p, :5]) for p in range(count)])
    cubeless_se = np.sqrt(np.einsum("c,cp->p", share**2, stack[:, :, 6] ** 2))
    cubeful_se = np.sqrt(np.einsum("c,cp->p", share**2, stack[:, :, 8] ** 2))
    return SageRolled(plan, mean[:, :5], chances_se, mean[:, 5], cubeless_se, mean[:, 7], cubeful_se, games,
                      seconds, stopped_by)  # fmt: skip


def _spread_se(share: np.ndarray, means: np.ndarray) -> np.ndarray:
    """The chances' standard errors from how the chunks' means spread about their weighted mean (Open
    Sage gives the equity's alone); NaN with a single chunk."""
    if len(means) < 2:
        return np.full(means.shape[1], np.nan)
    centre = share @ means
    variance = share @ (means - centre) ** 2 / (1.0 - np.sum(share**2))  # unbiased, unequal weights
    return np.sqrt(variance * np.sum(share**2))

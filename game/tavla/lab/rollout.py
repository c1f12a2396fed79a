"""Rollouts: positions played out to the end (or to a truncation) many times by the evaluator against
itself, to measure cubeless chances more truly than the evaluator judges them at a glance.

A *trial* is one start position played with one game's dice. All trials of a batch advance in lock
step, one roll at a time, so that every roll of every trial goes through the evaluator in one batch:
numpy's per-call cost, not the arithmetic, sets the speed of small batches.

Variance reduction, as rollouts use it (GNU Backgammon's manual, "Rollouts"):

- *The same dice for every start*: game g rolls the same sequence whatever position it starts from, so
  the candidate plays of a roll are compared on equal luck and their differences are measured far
  more closely than their values.
- *Stratified first rolls*: the first roll of game g is the (g mod 36)-th of the 36, the second the
  (g div 36 mod 36)-th, so 1,296 games play every sequence of two rolls exactly once (each ply's order
  shuffled by the seed). Later rolls come from a generator seeded by the seed and the game's number, so
  a game's dice never depend on which worker plays it or how many there are.
- *Luck correction* (gnubg's "variance reduction"): before each roll the evaluator judges the best
  play of each of the 21 rolls; the roll's luck is how much better the rolled one is than their
  average. The sum of the rolls' luck is taken off the game's result. It has mean zero whatever the
  evaluator, so the estimate stays unbiased, and where the evaluator is good it takes away most of the
  noise of the dice. It costs the evaluation of every roll at every ply, about 21 times the work.

A truncated game ends, before the roll of ply `truncate`, at the evaluator's judgement of the position
(0-ply). Results are the five chances of the player on roll at each start (win, win gammon, win
backgammon, lose gammon, lose backgammon), each trial's corrected result kept apart so the figures,
whatever the number of workers, are summed in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.tavla.engine.moves import apply_play, legal_results
from game.tavla.engine.notation import parse_play
from game.tavla.engine.position import CHECKERS, OPP_OFF, State, flip, winner_gammon_level
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import OUTPUTS, SWAP, Evaluator, equities, other_side, shipped_evaluator
from game.tavla.players.levels import MasterBot

LEVELS = ("expert", "master")
SEQUENCE = 36  # ordered rolls of two dice
MOST_STRATIFIED = 3  # plies whose rolls are stratified, at most (36**3 = 46,656 games)
_DICE_BLOCK = 128  # a game's later rolls are drawn this many at a time
_ORDERED = tuple((index // 6 + 1, index % 6 + 1) for index in range(SEQUENCE))
_ROLLS = tuple((d1, d2) for d1, d2, _ in ROLLS)
_ROLL_OF = {roll: i for i, roll in enumerate(_ROLLS)}


@dataclass(frozen=True)
class RolloutPlan:
    """What to roll out: positions before a roll (each seen by its player on roll), the rule set, how
    many games, their seed, where games end early (None: played out), the level that plays, and
    whether the luck correction is applied."""

    starts: tuple[State, ...]
    rules: Rules
    games: int
    seed: int
    truncate: int | None = None
    level: str = "expert"
    luck: bool = False

    @property
    def stratified(self) -> int:
        """How many first plies have stratified rolls: as many as the games cover whole (at least 1)."""
        plies, covered = 1, SEQUENCE
        while plies < MOST_STRATIFIED and covered * SEQUENCE <= self.games:
            plies, covered = plies + 1, covered * SEQUENCE
        return plies


class GameDice:
    """The rolls of one game of a plan, the same in every worker: stratified first, then seeded."""

    def __init__(self, plan: RolloutPlan, game: int) -> None:
        self.game = game
        self.stratified = [
            int(_permutation(plan.seed, ply)[(game // SEQUENCE**ply) % SEQUENCE])
            for ply in range(plan.stratified)
        ]
        self._generator = np.random.default_rng((plan.seed, game))
        self._later: list[int] = []

    def roll(self, ply: int) -> tuple[int, int]:
        """The two dice of `ply` (0: the first roll of the start position)."""
        if ply < len(self.stratified):
            return _ORDERED[self.stratified[ply]]
        index = ply - len(self.stratified)
        while index >= len(self._later):
            self._later.extend(self._generator.integers(0, SEQUENCE, _DICE_BLOCK).tolist())
        return _ORDERED[self._later[index]]


_permutations: dict[tuple[int, int], np.ndarray] = {}


def _permutation(seed: int, ply: int) -> np.ndarray:
    """The order in which the 36 rolls are dealt to the games at a stratified ply."""
    key = (seed, ply)
    if key not in _permutations:
        _permutations[key] = np.random.default_rng((seed, 2**32 + ply)).permutation(SEQUENCE)
    return _permutations[key]


@dataclass
class _Trial:
    start: int  # index of the start position
    column: int  # index of the game in the batch
    state: State
    ply: int = 0


def play_games(plan: RolloutPlan, first: int, count: int, net: Evaluator | None = None) -> np.ndarray:
    """Games `first` .. `first + count - 1` of `plan` from every start: the corrected results, shape
    (starts, count, 5), each the chances of the start's player on roll."""
    net = net if net is not None else shipped_evaluator(plan.rules)
    chooser = MasterBot(plan.rules, net) if plan.level == "master" else None
    dice = [GameDice(plan, game) for game in range(first, first + count)]
    results = np.zeros((len(plan.starts), count, OUTPUTS))
    luck = np.zeros_like(results)
    active = [_Trial(k, j, start) for k, start in enumerate(plan.starts) for j in range(count)]
    while active:
        active = _settle(plan, net, active, results)
        if active:
            _roll(plan, net, chooser, active, dice, luck)
    return results - luck


def _settle(plan: RolloutPlan, net: Evaluator, trials: list[_Trial], results: np.ndarray) -> list[_Trial]:
    """Record the trials that are over (won, or truncated); return those still played."""
    going, truncated = [], []
    for trial in trials:
        state = trial.state
        if state[OPP_OFF] == CHECKERS:  # the player who moved last has won
            level = winner_gammon_level(flip(state))
            lost = np.array([0.0, 0.0, 0.0, float(level >= 2), float(level >= 3)])
            results[trial.start, trial.column] = _seen_from_start(lost, trial.ply)
        elif plan.truncate is not None and trial.ply >= plan.truncate:
            truncated.append(trial)
        else:
            going.append(trial)
    if truncated:  # the evaluator's judgement before the roll: the last mover's chances, turned round
        judged = other_side(net.probabilities([flip(trial.state) for trial in truncated]))
        for trial, chances in zip(truncated, judged, strict=True):
            results[trial.start, trial.column] = _seen_from_start(chances, trial.ply)
    return going


def _roll(
    plan: RolloutPlan,
    net: Evaluator,
    chooser: MasterBot | None,
    trials: list[_Trial],
    dice: list[GameDice],
    luck: np.ndarray,
) -> None:
    """Every trial rolls and plays once; with the luck correction its roll's luck is added up.

    Trials that stand on the same position with the same roll (all of them at the start, before the
    stratified rolls have spread them) share one look at it."""
    rolled = [dice[trial.column].roll(trial.ply) for trial in trials]
    afters: list[State] = []
    looked: dict[tuple, list[tuple[int, int]]] = {}  # (position, roll or None) -> spans in `afters`
    keys = []
    for trial, roll in zip(trials, rolled, strict=True):
        key = (trial.state, None if plan.luck else tuple(sorted(roll)))
        keys.append(key)
        if key in looked:
            continue
        spans = []
        for d1, d2 in _ROLLS if plan.luck else [roll]:
            found = [after for _, after in legal_results(trial.state, d1, d2, plan.rules)] or [trial.state]
            spans.append((len(afters), len(afters) + len(found)))
            afters.extend(found)
        looked[key] = spans
    chances = net.probabilities(afters)
    value = equities(chances, plan.rules)
    best_of = {
        key: [start + int(np.argmax(value[start:end])) for start, end in spans]
        for key, spans in looked.items()
    }
    averages = (
        {key: np.einsum("rc,r->c", chances[best], ROLL_WEIGHTS) / SEQUENCE for key, best in best_of.items()}
        if plan.luck
        else {}
    )
    for trial, roll, key in zip(trials, rolled, keys, strict=True):
        best = best_of[key]
        index = _ROLL_OF[tuple(sorted(roll))] if plan.luck else 0
        if plan.luck:
            difference = chances[best[index]] - averages[key]
            luck[trial.start, trial.column] += _difference_from_start(difference, trial.ply)
        after = afters[best[index]] if chooser is None else _chosen(chooser, trial.state, roll)
        trial.state = flip(after)
        trial.ply += 1


def _seen_from_start(chances: np.ndarray, ply: int) -> np.ndarray:
    """Chances of the player on roll at `ply`, seen by the start's player on roll (on roll at even plies)."""
    return chances if ply % 2 == 0 else other_side(chances)


def _difference_from_start(difference: np.ndarray, ply: int) -> np.ndarray:
    """A difference of two sets of chances of the player on roll at `ply`, seen from the start's side:
    turned round, a win's difference changes sign and gammons change places."""
    if ply % 2 == 0:
        return difference
    turned = difference[SWAP].copy()
    turned[0] = -turned[0]
    return turned


def _chosen(bot: MasterBot, state: State, dice: tuple[int, int]) -> State:
    """The position after the play the bot chooses (the same position when it cannot move)."""
    answer = bot.play(state, dice[0], dice[1])
    return apply_play(state, parse_play(answer)) if answer else state


def summary(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mean and standard error of each column of per-game values, shape (games, k)."""
    games = len(values)
    mean = values.mean(axis=0)
    if games < 2:
        return mean, np.full_like(mean, np.nan)
    return mean, values.std(axis=0, ddof=1) / np.sqrt(games)

"""The evaluator of the games without hitting (Plakoto and the same-way games): a one-hidden-layer
network over both sides' checkers.

The inputs describe each side in its own numbering (the position and its `flip`), the same way, so the
network learns one idea of "a side" for the mover and for the opponent: per point 1-24 four units for
the checkers free on it (at least one, two, three, and half the rest, as TD-Gammon's), a unit where
one of them is pinned (Plakoto), then the checkers borne off, the pips to go (pinned ones included) and
whether the side's last checker on its starting point stands alone (Plakoto's mother), and three
counts a player weighs: in Plakoto how exposed the side's lone checkers (and its mother) are to being
pinned, in the same-way games how it blocks the opponent's way round. 2 x 126 inputs.

The outputs are those of the backgammon networks (game/tavla/eval/neural.py), for the player who has
just moved: P(win), P(win 2 points), 0, P(lose 2 points), 0 (these games have no third level), so the
training and the equity (`Rules.equity_weights` of a 1-or-2-point game) are shared. A drawn Plakoto
(both mothers pinned) is trained as an even chance with no double.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.core.errors import UserError
from game.core.files.writing import write_atomically
from game.tavla.engine.no_hitting import REACH_ROLLS, NoHittingGame
from game.tavla.engine.position import OFF, STATE_SIZE
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import OUTPUTS, Network, coherent

SIDE_INPUTS = 24 * 4 + 24 + 3 + 3
INPUTS = 2 * SIDE_INPUTS
HIDDEN = 80
VERSION = 2
_POINT_PIPS = np.arange(1, 25, dtype=np.float32)
_OPPONENT_ROUTE = np.array([*range(12, 0, -1), *range(24, 12, -1)])  # the same-way games', our numbers
EQUITY_WEIGHTS = np.array(Rules.TAVLA.equity_weights, dtype=np.float32)  # 1 a game, 2 a double


def _side(states: np.ndarray) -> np.ndarray:
    """The inputs of the side on roll in `states` (rows of a game's integers, that side's numbering)."""
    points = np.maximum(states[:, 1:25], 0).astype(np.float32)
    if states.shape[1] > STATE_SIZE:
        pinned = (states[:, STATE_SIZE:] == 1).astype(np.float32)
    else:
        pinned = np.zeros_like(points)
    units = np.stack([points >= 1, points >= 2, points >= 3, np.maximum(points - 3, 0) / 2], axis=2).reshape(
        len(states), 96
    )
    pips = ((points + pinned) * _POINT_PIPS).sum(axis=1, keepdims=True) / 100.0
    off = states[:, OFF : OFF + 1].astype(np.float32) / 15.0
    alone = (points[:, 23:24] == 1) & (pinned[:, 23:24] == 0)
    threats = _threats(states) if states.shape[1] > STATE_SIZE else _blocks(states)
    return np.concatenate(
        [units.astype(np.float32), pinned, off, pips, alone.astype(np.float32), threats], axis=1
    )


def _threats(states: np.ndarray) -> np.ndarray:
    """Plakoto: how exposed this side's lone free checkers are to being pinned (rolls of 36 that land
    on them, summed), the mother's own exposure, and how many lone checkers there are."""
    points = states[:, 1:25]
    pins = states[:, STATE_SIZE:]
    lone = (points == 1) & (pins == 0)
    movers = (points < 0) & ~((points == -1) & (pins == 1))  # the opponent's free checkers
    reach = np.zeros(points.shape, dtype=np.float32)
    for distance, rolls in REACH_ROLLS.items():
        reach[:, distance:] += rolls * movers[:, :-distance]
    exposed = np.minimum(reach, 36.0) * lone
    return np.stack(
        [exposed.sum(axis=1) / 108.0, exposed[:, 23] / 36.0, lone.sum(axis=1) / 15.0], axis=1
    ).astype(np.float32)


def _blocks(states: np.ndarray) -> np.ndarray:
    """The same-way games: the points this side holds one to six steps in front of opposing checkers on
    their way round (nearer counts more), its longest row of held points on that way, and whether its
    first checker away has passed the opponent's start."""
    route = states[:, _OPPONENT_ROUTE]
    held, theirs = route > 0, route < 0
    blocking = np.zeros(len(states), dtype=np.float32)
    for step in range(1, 7):
        blocking += (held[:, step:] & theirs[:, :-step]).sum(axis=1) / (step + 1)
    row = np.zeros(len(states), dtype=np.float32)
    longest = np.zeros(len(states), dtype=np.float32)
    for index in range(route.shape[1]):
        row = np.where(held[:, index], row + 1, 0)
        longest = np.maximum(longest, row)
    passed = (states[:, 1:12] > 0).any(axis=1) | (states[:, OFF] > 0)
    return np.stack([blocking / 10.0, longest / 6.0, passed], axis=1).astype(np.float32)


def encode(game: NoHittingGame, states: Sequence[Sequence[int]]) -> np.ndarray:
    """The network's inputs for `states`, each seen by the player who has just moved: (N, INPUTS)."""
    mine = np.asarray(states, dtype=np.int16).reshape(len(states), -1)
    theirs = np.asarray([game.flip(state) for state in states], dtype=np.int16).reshape(len(states), -1)
    return np.concatenate([_side(mine), _side(theirs)], axis=1)


@dataclass
class NoHittingEvaluator:
    """The outcome probabilities of positions of one game: exact when it is over, else the network."""

    game: NoHittingGame
    network: Network
    meta: dict[str, float] = field(default_factory=dict)

    @classmethod
    def fresh(cls, game: NoHittingGame, seed: int = 0, hidden: int = HIDDEN) -> NoHittingEvaluator:
        rng = np.random.default_rng(seed)
        network = Network(
            w1=rng.uniform(-0.1, 0.1, (INPUTS, hidden)).astype(np.float32),
            b1=np.zeros(hidden, dtype=np.float32),
            w2=rng.uniform(-0.1, 0.1, (hidden, OUTPUTS)).astype(np.float32),
            b2=np.zeros(OUTPUTS, dtype=np.float32),
        )
        return cls(game, network, {"games": 0.0, "seconds": 0.0})

    def probabilities(self, states: Sequence[Sequence[int]]) -> np.ndarray:
        """(N, 5) chances for the player who has just moved into each of `states`."""
        estimated = coherent(self.network.forward(encode(self.game, states)))
        for row, state in enumerate(states):
            outcome = final_outcome(self.game, state)
            if outcome is not None:
                estimated[row] = outcome
        return estimated

    def equities(self, states: Sequence[Sequence[int]]) -> np.ndarray:
        """Expected points for the player who has just moved into each of `states`."""
        return self.probabilities(states) @ EQUITY_WEIGHTS - 1.0

    def save(self, path: Path) -> None:
        """Write the weights (and what made them) atomically as a pickle-free .npz."""
        buffer = io.BytesIO()
        keys = sorted(self.meta)
        np.savez(
            buffer,
            game=np.array(self.game.name),
            version=np.array(VERSION),
            w1=self.network.w1,
            b1=self.network.b1,
            w2=self.network.w2,
            b2=self.network.b2,
            meta_keys=np.array(keys),
            meta_values=np.array([float(self.meta[key]) for key in keys]),
        )
        write_atomically(path, buffer.getvalue())

    @classmethod
    def load(cls, game: NoHittingGame, path: Path) -> NoHittingEvaluator:
        """The evaluator saved at `path` for `game`; UserError saying why it cannot be used."""
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["game"]) != game.name or int(data["version"]) != VERSION:
                    message = "{path} holds weights for {other}, not {game}"
                    raise UserError(message.format(path=path, other=str(data["game"]), game=game.name))
                network = Network(*(data[key].astype(np.float32) for key in ("w1", "b1", "w2", "b2")))
                meta = dict(zip(data["meta_keys"].tolist(), data["meta_values"].tolist(), strict=True))
        except (OSError, ValueError, KeyError) as error:
            raise UserError(f"cannot read the {game.name} weights {path}: {error}") from None
        if network.w1.shape[0] != INPUTS or network.w2.shape[1] != OUTPUTS:
            raise UserError(f"{path} does not fit the {game.name} network's {INPUTS} inputs")
        return cls(game, network, meta)


def final_outcome(game: NoHittingGame, state: Sequence[int]) -> np.ndarray | None:
    """The exact outputs when the play into `state` ended the game (a win, a double, a draw), else None."""
    if game.is_drawn(state):
        return np.array([0.5, 0.0, 0.0, 0.0, 0.0], dtype=np.float32)
    if game.is_over(state):
        double = game.win_points(state) == 2
        return np.array([1.0, 1.0 if double else 0.0, 0.0, 0.0, 0.0], dtype=np.float32)
    return None

"""The `expert` bot: a small numpy network trained by TD(lambda) self-play (game/tavla/train.py).

The network reads a position *after* a move, seen by the player who just moved (the opponent is on
roll), and estimates five probabilities for that player: win, win a mars/gammon, win a backgammon, lose
a gammon, lose a backgammon. Its inputs are TD-Gammon's raw encoding of both sides' checkers plus a few
hand-made features that a small network learns slowly on its own (pips, blots, primes, home-board and
bear-off progress). Bots pick among all legal resulting positions of a roll in one batched forward pass,
which is where the speed comes from: numpy's per-call overhead dwarfs the arithmetic here.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.errors import UserError
from game.files import write_atomically
from game.i18n import _
from game.resources import asset_path
from game.tavla.moves import legal_results
from game.tavla.notation import format_play
from game.tavla.position import State

WEIGHTS_FILE = "weights/tavla_net.npz"
HIDDEN = 80
OUTPUTS = 5  # win, win gammon, win backgammon, lose gammon, lose backgammon
RAW_INPUTS = 24 * 4 * 2 + 4  # per point and side: n>=1, n>=2, n>=3, (n-3)/2; bars and borne-off
FEATURES = 12
INPUTS = RAW_INPUTS + FEATURES
ENCODING_VERSION = 1
PIP_SCALE = 100.0
# Expected points from the five outputs, per rule set: tavla counts mars as 2 and has no backgammon.
EQUITY_WEIGHTS = {
    "tavla": np.array([2.0, 1.0, 0.0, -1.0, 0.0]),
    "standard": np.array([2.0, 1.0, 1.0, -1.0, -1.0]),
}
# Seen by the other player, gammons and backgammons change sides (and P(win) becomes 1 - P(win)).
SWAP = np.array([0, 3, 4, 1, 2])
_PIP_WEIGHTS = np.arange(1, 25, dtype=np.float32)
_BITS = np.int64(1) << np.arange(24, dtype=np.int64)


def encode(states: np.ndarray) -> np.ndarray:
    """The network inputs for a batch of positions, shape (K, 28) ints -> (K, INPUTS) float32.

    Each row is a position seen by the player who just moved; the opponent is on roll.
    """
    s = states.astype(np.float32)
    points = s[:, 1:25]
    own = np.maximum(points, 0.0)
    opp = np.maximum(-points, 0.0)
    k = len(s)
    out = np.empty((k, INPUTS), dtype=np.float32)
    for side, board in ((0, own), (1, opp)):
        base = side * 96
        out[:, base : base + 96 : 4] = board >= 1
        out[:, base + 1 : base + 96 : 4] = board >= 2
        out[:, base + 2 : base + 96 : 4] = board >= 3
        out[:, base + 3 : base + 96 : 4] = np.maximum(board - 3.0, 0.0) / 2.0
    out[:, 192] = s[:, 25] / 2.0
    out[:, 193] = s[:, 26] / 2.0
    out[:, 194] = s[:, 0] / 15.0
    out[:, 195] = s[:, 27] / 15.0
    own_pips = own @ _PIP_WEIGHTS + 25.0 * s[:, 25]
    opp_pips = opp @ _PIP_WEIGHTS[::-1] + 25.0 * s[:, 26]
    f = RAW_INPUTS
    out[:, f] = own_pips / PIP_SCALE
    out[:, f + 1] = opp_pips / PIP_SCALE
    out[:, f + 2] = (opp_pips - own_pips) / 50.0
    out[:, f + 3] = (own == 1).sum(axis=1) / 5.0
    out[:, f + 4] = (opp == 1).sum(axis=1) / 5.0
    out[:, f + 5] = _longest_run(own >= 2) / 6.0
    out[:, f + 6] = _longest_run((opp >= 2)[:, ::-1]) / 6.0
    out[:, f + 7] = (own[:, :6] >= 2).sum(axis=1) / 6.0
    out[:, f + 8] = (opp[:, 18:] >= 2).sum(axis=1) / 6.0
    out[:, f + 9] = (own[:, :6].sum(axis=1) + s[:, 0]) / 15.0
    out[:, f + 10] = (opp[:, 18:].sum(axis=1) + s[:, 27]) / 15.0
    out[:, f + 11] = _is_race(own, opp, s)
    return out


def _longest_run(made: np.ndarray) -> np.ndarray:
    """Length of the longest row of made points, per position: primes trap checkers.

    The points become a bit mask; each `m &= m >> 1` shortens every run by one, so the number of
    rounds until the mask is empty is the longest run (rarely more than 6 rounds).
    """
    mask = made.astype(np.int64) @ _BITS
    best = np.zeros(len(made), dtype=np.float32)
    while mask.any():
        best += mask != 0
        mask &= mask >> 1
    return best


def _is_race(own: np.ndarray, opp: np.ndarray, s: np.ndarray) -> np.ndarray:
    """1 where the sides have passed each other (no contact), as in position.is_race."""
    index = np.arange(1, 25)
    own_back = np.where(own > 0, index, 0).max(axis=1)
    opp_front = np.where(opp > 0, index, 25).min(axis=1)
    no_bar = (s[:, 25] == 0) & (s[:, 26] == 0)
    return ((own_back < opp_front) & no_bar).astype(np.float32)


@dataclass
class Network:
    """A one-hidden-layer perceptron with sigmoid units; `meta` carries training bookkeeping."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    meta: dict[str, float]

    @classmethod
    def fresh(cls, seed: int = 0, hidden: int = HIDDEN) -> Network:
        """Small random weights, the starting point of self-play training."""
        rng = np.random.default_rng(seed)
        return cls(
            w1=rng.uniform(-0.1, 0.1, (INPUTS, hidden)).astype(np.float32),
            b1=np.zeros(hidden, dtype=np.float32),
            w2=rng.uniform(-0.1, 0.1, (hidden, OUTPUTS)).astype(np.float32),
            b2=np.zeros(OUTPUTS, dtype=np.float32),
            meta={"games": 0.0, "seconds": 0.0},
        )

    def hidden(self, x: np.ndarray) -> np.ndarray:
        """Hidden activations for inputs `x` (K, INPUTS)."""
        return 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))

    def forward(self, x: np.ndarray) -> np.ndarray:
        """The five probabilities for each row of inputs, shape (K, OUTPUTS)."""
        return 1.0 / (1.0 + np.exp(-(self.hidden(x) @ self.w2 + self.b2)))

    def probabilities(self, states: Sequence[Sequence[int]]) -> np.ndarray:
        """The five probabilities for each position (seen by the player who just moved)."""
        return self.forward(encode(np.asarray(states, dtype=np.int8)))

    def save(self, path: Path) -> None:
        """Write the weights atomically: a crash mid-write never leaves a half file behind."""
        meta = np.array([[key, value] for key, value in self.meta.items()], dtype=object)
        buffer = io.BytesIO()
        np.savez(
            buffer,
            w1=self.w1,
            b1=self.b1,
            w2=self.w2,
            b2=self.b2,
            version=np.array(ENCODING_VERSION),
            meta_keys=meta[:, 0].astype(str),
            meta_values=meta[:, 1].astype(np.float64),
        )
        write_atomically(path, buffer.getvalue())

    @classmethod
    def load(cls, path: Path | None = None) -> Network:
        """Read weights; a missing, corrupt or mismatched file is a UserError naming it."""
        path = path if path is not None else asset_path(WEIGHTS_FILE)
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {key: data[key] for key in ("w1", "b1", "w2", "b2", "version")}
                meta = dict(zip(data["meta_keys"].tolist(), data["meta_values"].tolist(), strict=True))
        except FileNotFoundError:
            # Translators: {path} is a file; {command} trains the network, e.g. python -m game.tavla.train
            message = _(
                "the network weights {path} are missing; train them with "
                "`{command}` or restore the file from the repository"
            )
            raise UserError(message.format(path=path, command="python -m game.tavla.train")) from None
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            # Translators: {path} is a file; {error} is the reason it could not be read
            message = _(
                "the network weights {path} are unreadable or corrupt ({error}); "
                "restore the file from the repository or retrain"
            )
            raise UserError(message.format(path=path, error=error)) from None
        net = cls(
            w1=arrays["w1"].astype(np.float32),
            b1=arrays["b1"].astype(np.float32),
            w2=arrays["w2"].astype(np.float32),
            b2=arrays["b2"].astype(np.float32),
            meta=meta,
        )
        hidden = net.w1.shape[1] if net.w1.ndim == 2 else -1
        shapes = (net.w1.shape, net.b1.shape, net.w2.shape, net.b2.shape)
        if int(arrays["version"]) != ENCODING_VERSION or shapes != (
            (INPUTS, hidden),
            (hidden,),
            (hidden, OUTPUTS),
            (OUTPUTS,),
        ):
            message = _(
                "the network weights {path} do not fit this version's network "
                "({inputs} inputs, {outputs} outputs); retrain or restore the file"
            )
            raise UserError(message.format(path=path, inputs=INPUTS, outputs=OUTPUTS))
        return net


def other_side(probabilities: np.ndarray) -> np.ndarray:
    """The same outcome probabilities seen by the other player."""
    swapped = probabilities[..., SWAP].copy()
    swapped[..., 0] = 1.0 - swapped[..., 0]
    return swapped


_cached: dict[str, Network] = {}


def shipped_network() -> Network:
    """The shipped weights, loaded once per process (bots are built per game in tournaments)."""
    if "net" not in _cached:
        _cached["net"] = Network.load()
    return _cached["net"]


def equities(probabilities: np.ndarray, rules: str) -> np.ndarray:
    """Expected points for the player the probabilities belong to."""
    return probabilities @ EQUITY_WEIGHTS[rules] - 1.0


def exact_points(state: Sequence[int], rules: str) -> float:
    """Points won when the player who just moved has borne off everything (the game is over)."""
    from game.tavla.game import score

    return float(score(state, rules))


def rank_results(net: Network, results: list[tuple[tuple, State]], rules: str) -> np.ndarray:
    """Expected points of each legal result for the mover, finished games scored exactly."""
    value = equities(net.probabilities([after for _, after in results]), rules)
    for index, (_play, after) in enumerate(results):
        if after[0] == 15:
            value[index] = exact_points(after, rules)
    return value


class NeuralBot:
    """The network at 1-ply: the legal play whose resulting position has the best expected points."""

    name = "expert"

    def __init__(self, rules: str = "tavla", net: Network | None = None) -> None:
        self.rules = rules
        self.net = net if net is not None else shipped_network()

    def play(self, state: Sequence[int], die1: int, die2: int) -> str:
        """The best play in the seed's notation ("" when there is none)."""
        results = legal_results(tuple(state), die1, die2, self.rules)
        if not results:
            return ""
        if len(results) == 1:
            return format_play(results[0][0])
        return format_play(results[int(np.argmax(rank_results(self.net, results, self.rules)))][0])

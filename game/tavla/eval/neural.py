"""The `expert` evaluator: a contact network, a race network and the exact bear-off database.

A position *after* a move, seen by the player who has just moved (the opponent is on roll), gets five
probabilities for that player: win, win a mars/gammon, win a backgammon, lose a gammon, lose a
backgammon. Finished games are scored exactly; home-board races (every checker of both sides at home)
come from the one-sided bear-off database (game/tavla/eval/bearoff.py); other races go to the race network
and everything else to the contact network, two one-hidden-layer perceptrons over the inputs of
game/tavla/eval/features.py. Bots (game/tavla/players/levels.py) pick among all legal resulting
positions of a roll in one batched pass, which is where the speed comes from: numpy's per-call
overhead dwarfs the arithmetic here.

The weights are trained by this project only (game/tavla/training/td.py, game/tavla/training/learn.py); how is
recorded in assets/weights/README.md.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.files.writing import write_atomically
from game.core.text.i18n import _
from game.tavla.engine.position import CHECKERS, OFF, STATE_SIZE, State, winner_gammon_level
from game.tavla.engine.rules import Rules
from game.tavla.eval.bearoff import both_home, race_outcomes
from game.tavla.eval.features import ENCODING_VERSION, INPUTS, RACE_INPUT, encode

# One evaluator per rule set: under `standard` backgammons count and the larger die is forced, so the
# networks are trained apart on each one's play (assets/weights/README.md).
# Portes scores as tavla does (1, or 2 for a gammon; no backgammon): the tavla networks judge it.
WEIGHTS_FILES = {
    Rules.TAVLA: "weights/tavla_net.npz",
    Rules.STANDARD: "weights/standard_net.npz",
    Rules.PORTES: "weights/tavla_net.npz",
}
HIDDEN = 128
OUTPUTS = 5  # win, win gammon, win backgammon, lose gammon, lose backgammon
PHASES = ("contact", "race")
# Expected points from the five outputs, per rule set (Rules.equity_weights, as arrays).
_EQUITY_WEIGHTS = {rules: np.array(rules.equity_weights) for rules in Rules}
# Seen by the other player, gammons and backgammons change sides (and P(win) becomes 1 - P(win)).
SWAP = np.array([0, 3, 4, 1, 2])
_ARRAYS = ("w1", "b1", "w2", "b2")
SIGMOID_LIMIT = 40.0


@dataclass
class Network:
    """A one-hidden-layer perceptron with sigmoid units."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    @classmethod
    def fresh(cls, seed: int = 0, hidden: int = HIDDEN) -> Network:
        """Small random weights, the starting point of training from nothing."""
        rng = np.random.default_rng(seed)
        return cls(
            w1=rng.uniform(-0.1, 0.1, (INPUTS, hidden)).astype(np.float32),
            b1=np.zeros(hidden, dtype=np.float32),
            w2=rng.uniform(-0.1, 0.1, (hidden, OUTPUTS)).astype(np.float32),
            b2=np.zeros(OUTPUTS, dtype=np.float32),
        )

    def hidden(self, x: np.ndarray) -> np.ndarray:
        """Hidden activations for inputs `x` (K, INPUTS)."""
        z = x @ self.w1
        z += self.b1
        return sigmoid(z, out=z)

    def forward(self, x: np.ndarray) -> np.ndarray:
        """The five probabilities for each row of inputs, shape (K, OUTPUTS)."""
        z = self.hidden(x) @ self.w2
        z += self.b2
        return sigmoid(z, out=z)

    def gradient(self, x: np.ndarray, targets: np.ndarray) -> tuple[np.ndarray, ...]:
        """The ascent direction of the summed cross-entropy towards `targets`, as (w1, b1, w2, b2).

        With sigmoid outputs the output error is simply target - output.
        """
        h = self.hidden(x)
        y = sigmoid(h @ self.w2 + self.b2)
        delta = (targets - y).astype(np.float32)
        back = (delta @ self.w2.T) * h * (1.0 - h)
        return x.T @ back, back.sum(axis=0), h.T @ delta, delta.sum(axis=0)

    def copy(self) -> Network:
        """An independent copy (training moves weights in place)."""
        return Network(*(getattr(self, key).copy() for key in _ARRAYS))

    def widened(self, inputs: int, hidden: int, seed: int = 0) -> Network:
        """This network with more inputs (zero weights) and hidden units (silent at first).

        A warm start: the grown network plays exactly as this one until training uses the new parts.
        """
        rng = np.random.default_rng(seed)
        old_inputs, old_hidden = self.w1.shape
        if (inputs, hidden) == (old_inputs, old_hidden):
            return self.copy()
        w1 = rng.uniform(-0.05, 0.05, (inputs, hidden)).astype(np.float32)
        w1[:, :old_hidden] = 0.0
        w1[:old_inputs, :old_hidden] = self.w1
        b1 = np.zeros(hidden, dtype=np.float32)
        b1[:old_hidden] = self.b1
        w2 = np.zeros((hidden, OUTPUTS), dtype=np.float32)
        w2[:old_hidden] = self.w2
        return Network(w1, b1, w2, self.b2.copy())


@dataclass
class Evaluator:
    """The five outcome probabilities of positions: exact where known, else the network of the phase."""

    contact: Network
    race: Network
    meta: dict[str, float] = field(default_factory=dict)

    @classmethod
    def fresh(cls, seed: int = 0, hidden: int = HIDDEN) -> Evaluator:
        meta = {"games": 0.0, "seconds": 0.0}
        return cls(Network.fresh(seed, hidden), Network.fresh(seed + 1, hidden), meta)

    def network(self, phase: str) -> Network:
        return self.contact if phase == "contact" else self.race

    def probabilities(self, states: Sequence[Sequence[int]] | np.ndarray) -> np.ndarray:
        """The five probabilities for each position (seen by the player who has just moved)."""
        s = np.asarray(states, dtype=np.int8).reshape(-1, STATE_SIZE)
        out = np.empty((len(s), OUTPUTS))
        finished = s[:, OFF] == CHECKERS
        for row in np.flatnonzero(finished):
            level = winner_gammon_level(s[row])
            out[row] = (1.0, level >= 2, level >= 3, 0.0, 0.0)
        rest = judged(s)
        home = ~(finished | rest)
        if home.any():
            out[home] = race_outcomes(s[home])
        everything = rest.all()
        if everything or rest.any():
            x = encode(s if everything else s[rest])
            y = np.empty((len(x), OUTPUTS))
            for phase, rows in phase_rows(x).items():
                if rows.all():
                    y = self.network(phase).forward(x)
                elif rows.any():
                    y[rows] = self.network(phase).forward(x[rows])
            out[slice(None) if everything else rest] = coherent(y)
        return out

    def save(self, path: Path) -> None:
        """Write the weights atomically: a crash mid-write never leaves a half file behind."""
        meta = np.array([[key, value] for key, value in self.meta.items()], dtype=object).reshape(-1, 2)
        arrays = {f"{phase}_{key}": getattr(self.network(phase), key) for phase in PHASES for key in _ARRAYS}
        buffer = io.BytesIO()
        np.savez(
            buffer,
            version=np.array(ENCODING_VERSION),
            meta_keys=meta[:, 0].astype(str),
            meta_values=meta[:, 1].astype(np.float64),
            **arrays,
        )
        write_atomically(path, buffer.getvalue())

    @classmethod
    def load(cls, path: Path | None = None, rules: Rules = Rules.TAVLA) -> Evaluator:
        """Read weights (by default the shipped ones of `rules`); a missing, corrupt or mismatched file
        is a UserError naming it."""
        path = path if path is not None else asset_path(WEIGHTS_FILES[rules])
        names = [f"{phase}_{key}" for phase in PHASES for key in _ARRAYS]
        try:
            with np.load(path, allow_pickle=False) as data:
                version = int(data["version"])
                arrays = {key: data[key].astype(np.float32) for key in names if key in data}
                meta = dict(zip(data["meta_keys"].tolist(), data["meta_values"].tolist(), strict=True))
        except FileNotFoundError:
            # Translators: {path} is a file; {command} trains the network (python -m game.tavla.training.td)
            message = _(
                "the network weights {path} are missing; train them with "
                "`{command}` or restore the file from the repository"
            )
            raise UserError(message.format(path=path, command="python -m game.tavla.training.td")) from None
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            # Translators: {path} is a file; {error} is the reason it could not be read
            message = _(
                "the network weights {path} are unreadable or corrupt ({error}); "
                "restore the file from the repository or retrain"
            )
            raise UserError(message.format(path=path, error=error)) from None
        networks = []
        for phase in PHASES:
            parts = [arrays.get(f"{phase}_{key}") for key in _ARRAYS]
            if version != ENCODING_VERSION or not _fits(*parts):
                message = _(
                    "the network weights {path} do not fit this version's network "
                    "({inputs} inputs, {outputs} outputs); retrain or restore the file"
                )
                raise UserError(message.format(path=path, inputs=INPUTS, outputs=OUTPUTS))
            networks.append(Network(*parts))
        return cls(networks[0], networks[1], meta)


def _fits(w1: np.ndarray | None, b1: np.ndarray | None, w2: np.ndarray | None, b2: np.ndarray | None) -> bool:
    if w1 is None or b1 is None or w2 is None or b2 is None or w1.ndim != 2:
        return False
    hidden = w1.shape[1]
    expected = ((INPUTS, hidden), (hidden,), (hidden, OUTPUTS), (OUTPUTS,))
    return (w1.shape, b1.shape, w2.shape, b2.shape) == expected


def sigmoid(z: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The logistic function without overflow: beyond |z| = 40 it is 0 or 1 to float precision.

    With `out` (which may be `z` itself) it works in place: the search's batches are large enough
    for fresh arrays at every step to cost more than the arithmetic.
    """
    out = np.clip(z, -SIGMOID_LIMIT, SIGMOID_LIMIT, out=out)
    np.negative(out, out=out)
    np.exp(out, out=out)
    out += 1.0
    return np.divide(1.0, out, out=out)


def coherent(probabilities: np.ndarray) -> np.ndarray:
    """The five outputs made consistent, as the networks do not promise it: a backgammon no likelier
    than a gammon, a gammon no likelier than the win (or the loss) it is part of."""
    p = probabilities
    out = np.empty_like(p)
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = out.T
    np.clip(p[:, 0], 0.0, 1.0, out=win)
    np.minimum(p[:, 1], win, out=win_gammon)
    np.minimum(p[:, 2], win_gammon, out=win_backgammon)
    np.minimum(p[:, 3], 1.0 - win, out=lose_gammon)
    np.minimum(p[:, 4], lose_gammon, out=lose_backgammon)
    return out


def judged(states: np.ndarray) -> np.ndarray:
    """Rows (28-int states) a network judges: neither finished nor an exact home-board race."""
    s = np.asarray(states)
    return (s[:, OFF] != CHECKERS) & ~both_home(s)


def phase_rows(x: np.ndarray) -> dict[str, np.ndarray]:
    """For encoded positions, the rows of each phase's network."""
    race = x[:, RACE_INPUT] > 0.5
    return {"contact": ~race, "race": race}


def other_side(probabilities: np.ndarray) -> np.ndarray:
    """The same outcome probabilities seen by the other player."""
    swapped = probabilities[..., SWAP].copy()
    swapped[..., 0] = 1.0 - swapped[..., 0]
    return swapped


_cached: dict[Rules, Evaluator] = {}


def shipped_evaluator(rules: Rules = Rules.TAVLA) -> Evaluator:
    """The shipped weights of `rules`, loaded once per process (bots are built per game in tournaments)."""
    if rules not in _cached:
        _cached[rules] = Evaluator.load(rules=rules)
    return _cached[rules]


def equities(probabilities: np.ndarray, rules: Rules) -> np.ndarray:
    """Expected points for the player the probabilities belong to."""
    return probabilities @ _EQUITY_WEIGHTS[rules] - 1.0


def rank_results(net: Evaluator, results: list[tuple[tuple, State]], rules: Rules) -> np.ndarray:
    """Expected points of each legal result for the mover (finished games are scored exactly)."""
    return equities(net.probabilities([after for _, after in results]), rules)

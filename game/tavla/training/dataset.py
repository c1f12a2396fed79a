"""The labelled positions the training commands write and read, and what they share: the evaluator
they start from, its fingerprint, their progress bar."""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from game.errors import UserError
from game.files import write_atomically
from game.resources import asset_path
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import WEIGHTS_FILES, Evaluator, shipped_evaluator


@dataclass
class Dataset:
    """Positions (after a move, seen by its mover) with their labels, and how they were made."""

    positions: np.ndarray  # (N, 28) int8
    labels: np.ndarray  # (N, 5) float32
    games: int
    seconds: float
    plies: int
    weights_digest: str

    @classmethod
    def empty(cls, plies: int, weights_digest: str) -> Dataset:
        return cls(np.zeros((0, 28), np.int8), np.zeros((0, 5), np.float32), 0, 0.0, plies, weights_digest)

    def save(self, path: Path) -> None:
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            positions=self.positions,
            labels=self.labels,
            games=np.array(self.games),
            seconds=np.array(self.seconds),
            plies=np.array(self.plies),
            weights_digest=np.array(self.weights_digest),
        )
        write_atomically(path, buffer.getvalue())

    @classmethod
    def load(cls, path: Path) -> Dataset:
        try:
            with np.load(path, allow_pickle=False) as data:
                found = cls(
                    data["positions"].astype(np.int8),
                    data["labels"].astype(np.float32),
                    int(data["games"]),
                    float(data["seconds"]),
                    int(data["plies"]),
                    str(data["weights_digest"]),
                )
        except FileNotFoundError:
            raise UserError(f"no labelled positions at {path}") from None
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            raise UserError(f"{path} is not a file of labelled positions ({error})") from None
        if found.positions.shape[1:] != (28,) or found.labels.shape != (len(found.positions), 5):
            raise UserError(f"{path} holds arrays of the wrong shape")
        return found


def digest(path: Path | None, rules: Rules) -> str:
    """A short fingerprint of a weights file, so a data file says which evaluator labelled it."""
    data = Path(path if path is not None else asset_path(WEIGHTS_FILES[rules])).read_bytes()
    return hashlib.sha256(data).hexdigest()[:16]


def load_evaluator(path: Path | None, rules: Rules) -> Evaluator:
    """The weights at `path`, or the shipped ones of `rules`."""
    return Evaluator.load(path) if path is not None else shipped_evaluator(rules)


def progress_bar(console: Console) -> Progress:
    """The progress bar every training command shows."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )

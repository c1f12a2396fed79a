"""The labelled positions the training commands write and read, and what they share: the evaluator
they start from, its fingerprint, their progress bar."""

from __future__ import annotations

import hashlib
import io
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.files.writing import write_atomically
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import WEIGHTS_FILES, Evaluator, shipped_evaluator


@dataclass
class Dataset:
    """Positions (after a move, seen by its mover) with their labels, how each one's self-play game
    ended (seen by the same mover; NaN where not known: relabelled positions, older files), and how
    they were made."""

    positions: np.ndarray  # (N, 28) int8
    labels: np.ndarray  # (N, 5) float32
    games: int
    seconds: float
    plies: int
    weights_digest: str
    outcomes: np.ndarray = field(default_factory=lambda: np.zeros((0, 5), np.float32))  # (N, 5)

    @classmethod
    def empty(cls, plies: int, weights_digest: str) -> Dataset:
        return cls(np.zeros((0, 28), np.int8), np.zeros((0, 5), np.float32), 0, 0.0, plies, weights_digest)

    def save(self, path: Path) -> None:
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            positions=self.positions,
            labels=self.labels,
            outcomes=self.outcomes,
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
                if "outcomes" in data:
                    found.outcomes = data["outcomes"].astype(np.float32)
                else:
                    found.outcomes = np.full(found.labels.shape, np.nan, np.float32)
        except FileNotFoundError:
            raise UserError(f"no labelled positions at {path}") from None
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            raise UserError(f"{path} is not a file of labelled positions ({error})") from None
        shape = (len(found.positions), 5)
        if found.positions.shape[1:] != (28,) or found.labels.shape != shape or found.outcomes.shape != shape:
            raise UserError(f"{path} holds arrays of the wrong shape")
        return found


def digest(path: Path | None, rules: Rules) -> str:
    """A short fingerprint of a weights file, so a data file says which evaluator labelled it."""
    data = Path(path if path is not None else asset_path(WEIGHTS_FILES[rules])).read_bytes()
    return hashlib.sha256(data).hexdigest()[:16]


def load_evaluator(path: Path | None, rules: Rules) -> Evaluator:
    """The weights at `path`, or the shipped ones of `rules`."""
    return Evaluator.load(path) if path is not None else shipped_evaluator(rules)


SAVE_SECONDS = 60.0  # a long run writes what it has about once a minute


def output_dataset(path: Path, plies: int, fingerprint: str, resume: bool) -> Dataset:
    """The data file a labelling run adds to: the one at `path` with `resume` (its labels of the same
    depth, the labelling weights' fingerprint added), else a new one; UserError when `path` exists and
    `resume` was not asked."""
    if resume and path.exists():
        data = Dataset.load(path)
        if data.plies != plies:
            raise UserError(f"{path} was labelled at {data.plies}-ply, not {plies}")
        if data.weights_digest != fingerprint:
            data.weights_digest = f"{data.weights_digest}+{fingerprint}"
        return data
    if path.exists():
        raise UserError(f"{path} exists: add to it with --resume, or give another --out")
    return Dataset.empty(plies, fingerprint)


class Appender:
    """Rows labelled in this run, added to `data` and written to `path` atomically about once a minute
    (`add`) and at the end (`save`), so a killed run keeps what it had written last."""

    def __init__(self, data: Dataset, path: Path) -> None:
        self.data, self.path = data, path
        self.positions: list[np.ndarray] = []
        self.labels: list[np.ndarray] = []
        self.outcomes: list[np.ndarray] = []
        self.seconds_before = data.seconds
        self.start = self.last_save = time.monotonic()

    def add(self, positions: np.ndarray, labels: np.ndarray, outcomes: np.ndarray | None = None) -> None:
        self.positions.append(positions)
        self.labels.append(labels.astype(np.float32))
        if outcomes is None:
            outcomes = np.full(labels.shape, np.nan)
        self.outcomes.append(outcomes.astype(np.float32))
        if time.monotonic() - self.last_save >= SAVE_SECONDS:
            self.save()

    def save(self) -> None:
        data = self.data
        data.positions = np.concatenate([data.positions, *self.positions])
        data.labels = np.concatenate([data.labels, *self.labels])
        data.outcomes = np.concatenate([data.outcomes, *self.outcomes])
        self.positions.clear()
        self.labels.clear()
        self.outcomes.clear()
        data.seconds = self.seconds_before + time.monotonic() - self.start
        data.save(self.path)
        self.last_save = time.monotonic()


def budget_left(count: int | None, minutes: float | None, done: int, start: float) -> bool:
    """True while a run for `count` things or `minutes` has budget left."""
    if count is not None:
        return done < count
    return time.monotonic() - start < (minutes or 0.0) * 60.0


def progress_bar(console: Console) -> Progress:
    """The progress bar every training command shows."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )

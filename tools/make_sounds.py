"""Regenerate the sound effects in assets/sounds/ (made by the project, CC0).

Each effect is synthesised with numpy from fixed seeds (decaying sines for tones and wood, filtered
noise for slides and rattles) and written as 16-bit mono WAV, the one format pyglet decodes without
FFmpeg, so `python tools/make_sounds.py` writes the same files again.

    python tools/make_sounds.py [--out assets/sounds]
"""

from __future__ import annotations

import argparse
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
RATE = 44_100
PEAK = 0.7  # of full scale, so a mix of effects never clips
FADE_SECONDS = 0.004


def _time(seconds: float) -> np.ndarray:
    return np.arange(round(seconds * RATE)) / RATE


def _tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,)) -> np.ndarray:
    """A plucked or struck tone: harmonics of `freq` dying away at `decay` per second."""
    t = _time(seconds)
    wave_ = sum(level * np.sin(2 * np.pi * freq * (n + 1) * t) for n, level in enumerate(harmonics))
    return wave_ * np.exp(-decay * t)


def _noise(rng: np.random.Generator, seconds: float, smooth: int) -> np.ndarray:
    """White noise low-passed by a moving average of `smooth` samples (larger: darker)."""
    raw = rng.standard_normal(round(seconds * RATE) + smooth)
    return np.convolve(raw, np.ones(smooth) / smooth, mode="valid")[: round(seconds * RATE)]


def _knock(rng: np.random.Generator, freq: float, seconds: float, decay: float, click: float) -> np.ndarray:
    """Wood on wood: a short body resonance and a bright click at the start."""
    body = _tone(freq, seconds, decay, (1.0, 0.45, 0.2))
    t = _time(seconds)
    transient = _noise(rng, seconds, 3) * np.exp(-t * 260) * click
    return body + transient


def _place(total: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Mix `parts` (start in seconds, samples) into one track `total` seconds long."""
    out = np.zeros(round(total * RATE))
    for start, samples in parts:
        first = round(start * RATE)
        end = min(len(out), first + len(samples))
        out[first:end] += samples[: end - first]
    return out


def slide(rng: np.random.Generator) -> np.ndarray:
    """A tile sliding on its board: a soft brush of noise that swells and stops on a light tick."""
    seconds = 0.11
    t = _time(seconds)
    brush = _noise(rng, seconds, 24) * np.sin(np.pi * t / seconds) ** 2 * 0.9
    return _place(0.14, (0.0, brush), (0.095, _knock(rng, 900, 0.04, 90, 0.25) * 0.35))


def solved(rng: np.random.Generator) -> np.ndarray:
    """The puzzle solved: a rising chime, C E G C."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(i * 0.09, _tone(f, 0.9, 4.5, (1.0, 0.3, 0.12)) * 0.5) for i, f in enumerate(notes)]
    return _place(1.2, *parts)


def dice(rng: np.random.Generator) -> np.ndarray:
    """Two dice rattling in a cup and rolling out: a run of small clicks that thins out."""
    starts = np.sort(rng.uniform(0.0, 0.36, 11) ** 1.3)
    parts = [
        (float(s), _knock(rng, float(rng.uniform(1500, 2600)), 0.05, 110, 0.9) * float(rng.uniform(0.3, 0.8)))
        for s in starts
    ]
    return _place(0.48, *parts)


def land(rng: np.random.Generator) -> np.ndarray:
    """A checker set down on a point."""
    return _place(0.16, (0.0, _knock(rng, 210, 0.15, 38, 0.6)))


def hit(rng: np.random.Generator) -> np.ndarray:
    """A blot hit: a hard double clack, the second checker knocked away."""
    return _place(0.26, (0.0, _knock(rng, 260, 0.16, 30, 1.0)), (0.07, _knock(rng, 330, 0.15, 34, 0.8) * 0.7))


def bear_off(rng: np.random.Generator) -> np.ndarray:
    """A checker borne off into the tray: a short slide ending on a hollow knock."""
    seconds = 0.09
    t = _time(seconds)
    swish = _noise(rng, seconds, 12) * np.sin(np.pi * t / seconds) * 0.5
    return _place(0.26, (0.0, swish), (0.08, _knock(rng, 150, 0.17, 26, 0.5)))


def win(rng: np.random.Generator) -> np.ndarray:
    """A game won: a bright rising arpeggio ending on a held chord."""
    notes = (392.0, 523.25, 659.25, 783.99)
    parts = [(i * 0.12, _tone(f, 0.5, 6.0, (1.0, 0.35, 0.1)) * 0.45) for i, f in enumerate(notes)]
    chord = sum(_tone(f, 1.0, 2.6, (1.0, 0.3)) for f in (523.25, 659.25, 783.99)) * 0.3
    return _place(1.5, *parts, (0.48, chord))


def lose(rng: np.random.Generator) -> np.ndarray:
    """A game lost: a slow falling minor line, soft."""
    notes = (440.0, 392.0, 349.23, 329.63)
    parts = [(i * 0.2, _tone(f, 0.6, 4.0, (1.0, 0.2)) * 0.45) for i, f in enumerate(notes)]
    return _place(1.3, *parts)


def double(rng: np.random.Generator) -> np.ndarray:
    """The cube offered: the cube turned over twice on the wood, and a questioning rising tone."""
    rise = _tone(440.0, 0.3, 7.0, (1.0, 0.25)) + _tone(587.33, 0.3, 7.0) * 0.6
    return _place(
        0.5,
        (0.0, _knock(rng, 180, 0.12, 40, 0.7)),
        (0.09, _knock(rng, 200, 0.12, 40, 0.6) * 0.8),
        (0.2, rise * 0.35),
    )


def take(rng: np.random.Generator) -> np.ndarray:
    """A double taken: the cube set down once, and a settled falling fifth."""
    settle = _tone(587.33, 0.35, 6.0, (1.0, 0.25)) * 0.3
    return _place(
        0.5, (0.0, _knock(rng, 170, 0.14, 36, 0.8)), (0.1, settle), (0.22, _tone(392.0, 0.3, 6.0) * 0.3)
    )


EFFECTS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "slide": slide,
    "solved": solved,
    "dice": dice,
    "land": land,
    "hit": hit,
    "bear_off": bear_off,
    "win": win,
    "lose": lose,
    "double": double,
    "take": take,
}


def render(name: str) -> np.ndarray:
    """The effect `name` as 16-bit samples: its own seed, normalised to PEAK, with a tiny fade-out."""
    samples = EFFECTS[name](np.random.default_rng(sorted(EFFECTS).index(name) + 1))
    samples = samples / max(1e-9, float(np.max(np.abs(samples)))) * PEAK
    fade = min(len(samples), round(FADE_SECONDS * RATE))
    samples[-fade:] *= np.linspace(1.0, 0.0, fade)
    return np.round(samples * 32767).astype("<i2")


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in EFFECTS:
        write_wav(args.out / f"{name}.wav", render(name))
        print(f"{args.out / name}.wav")


if __name__ == "__main__":
    main()

"""Sound effects by event name, at the player's volume, silent where the machine has no sound.

Screens call `window.sounds.play("land")`; what an event sounds like is a WAV in assets/sounds/ made by
tools/make_sounds.py. The player behind `Sounds` is Arcade's (pyglet's audio), or in tests a
`RecordingPlayer` that keeps the names it was asked to play. A machine without an audio device (or
pyglet without a driver for it) plays nothing and says nothing: a missing sound is no error for a player.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from game.core.files.shipped import asset_path
from game.ui.shell_settings import SoundConfig

EVENTS = ("slide", "solved", "dice", "land", "hit", "bear_off", "win", "lose", "double", "take")
SOUNDS_DIR = asset_path("sounds")


class Player(Protocol):
    """Plays one named effect at a volume from 0 to 1."""

    def play(self, event: str, volume: float) -> None: ...


class ArcadePlayer:
    """The effects loaded once through Arcade; any failure to load or play turns it silent for good."""

    def __init__(self, folder: Path = SOUNDS_DIR) -> None:
        self.folder = folder
        self._sounds: dict[str, object] | None = None
        self.silent = False

    def _load(self) -> dict[str, object]:
        import arcade

        return {event: arcade.Sound(self.folder / f"{event}.wav", streaming=False) for event in EVENTS}

    def play(self, event: str, volume: float) -> None:
        if self.silent:
            return
        try:
            if self._sounds is None:
                self._sounds = self._load()
            self._sounds[event].play(volume=volume)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - no device, no driver, a broken file: the game stays silent
            self.silent = True


class RecordingPlayer:
    """A player for tests: `played` lists (event, volume) in order."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    @property
    def events(self) -> list[str]:
        return [event for event, _volume in self.played]

    def play(self, event: str, volume: float) -> None:
        self.played.append((event, volume))


class Sounds:
    """The game's sound: named events at the volume (percent) and switch the settings say now, read at
    each effect, so a change in Settings is heard at once."""

    def __init__(self, player: Player, settings: Callable[[], SoundConfig]) -> None:
        self.player = player
        self.settings = settings
        self._last_token: object = None

    def play(self, event: str) -> None:
        if event not in EVENTS:
            raise KeyError(event)
        config = self.settings()
        if config.enabled and config.volume > 0:
            self.player.play(event, config.volume / 100)

    def once(self, token: object, event: str) -> None:
        """Play `event` unless the last `once` call had this same `token` (by identity): for a moment
        that code passes through on many frames, such as a game's result shown."""
        if token is not self._last_token:
            self._last_token = token
            self.play(event)


def result_event(winner: int, two_players: bool) -> str:
    """The sound of a game's end for the player at seat 0: a win, a loss, or (two people) a win."""
    return "win" if winner == 0 or two_players else "lose"

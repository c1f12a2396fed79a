"""The shell's sections of the settings: the window, the sound, and an animation (its length and curve),
which each game's section holds for its own moves. No Arcade import: every command reads settings.
"""

import math
from typing import Annotated, Literal

from pydantic import Field, field_validator

from game.core.settings.fields import Section
from game.core.text.i18n import _
from game.ui.easing import EASINGS

ANIMATION_PACES = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": math.inf}
"""window.animation_speed: how much faster than designed everything moves (instant: no time at all)."""
AnimationSpeed = Literal["slow", "normal", "fast", "instant"]


class WindowConfig(Section):
    width: Annotated[int, Field(ge=640, le=7680)]
    height: Annotated[int, Field(ge=480, le=4320)]
    fullscreen: bool
    fps: Annotated[int, Field(ge=20, le=240)]
    # the checkers' glides and the dice's tumble at the table, the tiles' slides in Fifteen
    animation_speed: AnimationSpeed

    @property
    def animation_pace(self) -> float:
        """How many designed seconds of animation pass in a second (infinite: instant)."""
        return ANIMATION_PACES[self.animation_speed]

    def animation_seconds(self, seconds: float) -> float:
        """How long an animation designed to take `seconds` lasts at the chosen speed (0: instant)."""
        return seconds / self.animation_pace


class AnimationConfig(Section):
    duration: Annotated[float, Field(ge=0, le=2)]
    easing: str

    @field_validator("easing")
    @classmethod
    def _known_easing(cls, name: str) -> str:
        if name not in EASINGS:
            # Translators: {allowed} lists the easing names as typed in the config file (ease_out, ...).
            raise ValueError(_("unknown easing; allowed: {allowed}").format(allowed=", ".join(EASINGS)))
        return name


class SoundConfig(Section):
    enabled: bool
    volume: Annotated[int, Field(ge=0, le=100)]  # percent

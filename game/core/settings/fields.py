"""The kinds of value a settings file holds, for every section to build on: a section itself, a colour,
the keys of an action; and a changed copy of settings. No Arcade import: every command reads settings.
"""

import re
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from game.core.text.i18n import _
from game.core.text.quoting import in_quotes

_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
KEY_NAME = re.compile(
    r"^((ctrl|shift|alt)\+)?([A-Z0-9]|F[1-9]|F1[0-2]|NUM_[0-9]|UP|DOWN|LEFT|RIGHT|SPACE|TAB|ENTER|"
    r"BACKSPACE|DELETE|INSERT|HOME|END|PAGEUP|PAGEDOWN)$",
    re.IGNORECASE,
)
"""A key as the config names it (game/ui/keys.py turns it into Arcade's): ``W``, ``UP``, ``ctrl+Z``."""


def _hex_colour(colour: str) -> str:
    if not _HEX_COLOUR.match(colour):
        # Translators: "#rrggbb" is how a colour is typed in the config file; keep it and the example.
        raise ValueError(_("a colour is written #rrggbb, for example #1f4d3a"))
    return colour


HexColour = Annotated[str, AfterValidator(_hex_colour)]


def rgb(colour: str) -> tuple[int, int, int]:
    """A validated `#rrggbb` colour as a tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class Section(BaseModel):
    """A section of the settings: every key known (an unknown one is refused), none changed in place."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _key_names(names: list[str]) -> list[str]:
    for name in names:
        if not isinstance(name, str) or not KEY_NAME.match(name):
            # Translators: {key} is what the config file gives as a key, quoted; keep the key names and
            # "ctrl+" as they are (they are typed in the config file).
            message = _(
                "{key} is not a key: use a letter, a digit, F1-F12, NUM_0-NUM_9, UP, DOWN, LEFT, RIGHT, "
                "SPACE, TAB, ENTER, BACKSPACE, DELETE, INSERT, HOME, END, PAGEUP or PAGEDOWN, "
                "maybe after ctrl+, shift+ or alt+"
            )
            raise ValueError(message.format(key=in_quotes(name)))
    return names


KeyNames = Annotated[list[str], Field(min_length=1, max_length=8), AfterValidator(_key_names)]


def with_value(model: BaseModel, key_path: tuple[str, ...], value: object) -> Any:
    """A copy of `model` (the Config, or a section of it) with the key at `key_path` set to `value`."""
    first, rest = key_path[0], key_path[1:]
    inner = with_value(getattr(model, first), rest, value) if rest else value
    return model.model_copy(update={first: inner})

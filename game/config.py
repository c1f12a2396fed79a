"""The game's settings as a schema: every key, its type and bounds, validated whole (pydantic models).

The file is read by game/config_file.py and a refusal explained by game/config_errors.py; this module
is what the rest of the game imports (Config, NUMBERS, rgb...). No Arcade import: every command uses it.
"""

import math
import re
import warnings
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    PlainValidator,
    field_validator,
    model_validator,
)
from pydantic_core import CoreSchema, core_schema

from game.core.errors import UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import PATH_CHARS, in_quotes, quoted
from game.puzzle.model.size import BoardSize
from game.puzzle.pictures.folder import Scan, pictures_dir, scan
from game.puzzle.pictures.limits import MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS
from game.tavla.engine.rules import MONEY, TableGames, table_choices
from game.tavla.eval.levels import JudgeLevel
from game.ui.easing import EASINGS

NUMBERS = "numbers"
BUNDLED_PICTURE_TITLES = {
    # Translators: the name of a picture shipped with the game (a sunset over hills and a lake)
    "sunset": N_("Sunset"),
    # Translators: the name of a picture shipped with the game (a stained-glass rose window)
    "mosaic": N_("Mosaic"),
    # Translators: the name of a picture shipped with the game (a city at night)
    "night": N_("Night"),
}
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
KEY_NAME = re.compile(
    r"^((ctrl|shift|alt)\+)?([A-Z0-9]|F[1-9]|F1[0-2]|NUM_[0-9]|UP|DOWN|LEFT|RIGHT|SPACE|TAB|ENTER|"
    r"BACKSPACE|DELETE|INSERT|HOME|END|PAGEUP|PAGEDOWN)$",
    re.IGNORECASE,
)
"""A key as the config names it (game/ui/keys.py turns it into Arcade's): ``W``, ``UP``, ``ctrl+Z``."""
MONEY_SESSION = "money"  # tavla.match_length for a money session, as the config file writes it
LONGEST_MATCH = 25  # points: tavla.match_length's limit, the longest match the table plays


def _hex_colour(colour: str) -> str:
    if not _HEX_COLOUR.match(colour):
        # Translators: "#rrggbb" is how a colour is typed in the config file; keep it and the example.
        raise ValueError(_("a colour is written #rrggbb, for example #1f4d3a"))
    return colour


HexColour = Annotated[str, AfterValidator(_hex_colour)]


def picture_title(name: str) -> str:
    """A picture's name for the player: number tiles and the shipped pictures translated, the player's
    own pictures as the config names them."""
    if name == NUMBERS:
        # Translators: the choice of number tiles instead of a picture
        return _("Numbers")
    title = BUNDLED_PICTURE_TITLES.get(name)
    return _(title) if title is not None else name


def rgb(colour: str) -> tuple[int, int, int]:
    """A validated `#rrggbb` colour as a tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


ANIMATION_PACES = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "instant": math.inf}
"""window.animation_speed: how much faster than designed everything moves (instant: no time at all)."""
AnimationSpeed = Literal["slow", "normal", "fast", "instant"]


class WindowConfig(_Strict):
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


class AnimationConfig(_Strict):
    duration: Annotated[float, Field(ge=0, le=2)]
    easing: str

    @field_validator("easing")
    @classmethod
    def _known_easing(cls, name: str) -> str:
        if name not in EASINGS:
            # Translators: {allowed} lists the easing names as typed in the config file (ease_out, ...).
            raise ValueError(_("unknown easing; allowed: {allowed}").format(allowed=", ".join(EASINGS)))
        return name


class ImageConfig(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    path: Path

    @field_validator("name")
    @classmethod
    def _not_numbers(cls, name: str) -> str:
        if name == NUMBERS:
            # Translators: {numbers} is the config value "numbers", typed as it is; keep the quotes.
            message = _("'{numbers}' is reserved for number tiles; choose another name")
            raise ValueError(message.format(numbers=NUMBERS))
        return name

    @field_validator("path")
    @classmethod
    def _readable_image(cls, path: Path) -> Path:
        from PIL import Image  # here, not at the top: a config without pictures never loads Pillow

        shown = quoted(path, PATH_CHARS)
        if not path.exists():
            # Translators: {path} is the path of an image file named in the config file.
            raise ValueError(_("no such file: {path}").format(path=shown))
        if not path.is_file():
            # Translators: {path} names a folder (or other non-file) given as an image in the config file.
            raise ValueError(_("not a file: {path}").format(path=shown))
        try:
            size = path.stat().st_size
            if size > MAX_PICTURE_BYTES:
                # Translators: {path} is the picture's file path; {size} and {limit} are whole megabytes.
                message = _("picture {path} is {size} MB: the limit is {limit} MB")
                raise ValueError(
                    message.format(path=shown, size=size // 1_000_000, limit=MAX_PICTURE_BYTES // 1_000_000)
                )
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                with Image.open(path) as image:
                    image.verify()
        except Image.DecompressionBombError:
            # Translators: {path} is the picture's file path; {limit} a whole number of millions.
            message = _(
                "picture {path} is too large: at most {limit} million pixels are allowed "
                "(decompression bomb guard)"
            )
            limit = MAX_PICTURE_PIXELS // 1_000_000
            raise ValueError(message.format(path=repr(shown), limit=limit)) from None
        except ValueError:
            raise
        except Exception as error:  # noqa: BLE001 - a decoder may raise anything on a hostile file
            # Translators: {path} is the image file; {error} is the image library's own reason, in English.
            message = _("not a readable image (PNG, JPEG, WebP...): {path}: {error}")
            raise ValueError(message.format(path=shown, error=quoted(str(error), PATH_CHARS))) from None
        return path


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


class PuzzleKeys(_Strict):
    """The Fifteen screen's keys, each action with one or more keys (``ctrl+Z`` for a chord)."""

    up: KeyNames
    down: KeyNames
    left: KeyNames
    right: KeyNames
    undo: KeyNames
    redo: KeyNames
    new_game: KeyNames
    copy_id: KeyNames
    hint: KeyNames


class NumberTileColours(_Strict):
    fill: HexColour
    edge: HexColour
    text: HexColour


class _SizeText:
    """A board size is checked as text first, then read by its field's validator into a `BoardSize`:
    so a wrong one is refused with the words and the key path it always had (the whole list's)."""

    def __get_pydantic_core_schema__(self, source: type, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.str_schema(serialization=core_schema.to_string_ser_schema())


SizeText = Annotated[BoardSize, _SizeText()]


class PuzzleConfig(_Strict):
    sizes: Annotated[list[SizeText], Field(min_length=1)]
    default_size: SizeText
    images: list[ImageConfig]
    default_image: str
    corner_numbers: bool
    number_tiles: NumberTileColours
    animation: AnimationConfig
    hover: bool  # a tile slides when the pointer enters it, no click (speedsolvers' "hover mode")
    keys: PuzzleKeys

    @field_validator("sizes")
    @classmethod
    def _sizes(cls, sizes: list[str]) -> list[BoardSize]:
        read = [_board_size(size) for size in sizes]
        if len(set(sizes)) != len(sizes):
            # Translators: a board size (such as 4x4) appears twice in the config file's puzzle.sizes list.
            raise ValueError(_("a size is listed twice"))
        return read

    @field_validator("default_size")
    @classmethod
    def _default_size(cls, size: str) -> BoardSize:
        return _board_size(size)

    @model_validator(mode="after")
    def _defaults_exist(self) -> "PuzzleConfig":
        names = [image.name for image in self.images]
        if len(set(names)) != len(names):
            # Translators: "images" is a config key, keep it; {names} lists the image names, e.g. ['a', 'b'].
            raise ValueError(_("images: two images share a name: {names}").format(names=names))
        if self.default_image not in [NUMBERS, *names] and self.image_path(self.default_image) is None:
            # Translators: "default_image" is a config key and 'numbers' a config value, keep both;
            # {image} is the name given; {names} lists the configured image names, e.g. ['sunset', 'night'].
            message = _("default_image: '{image}' is not 'numbers' or an image name {names}")
            raise ValueError(message.format(image=self.default_image, names=[*names, *self.folder().names]))
        return self

    def folder(self) -> Scan:
        """The pictures of the player's pictures folder, named so as not to clash with these."""
        return scan(pictures_dir(), [NUMBERS, *(image.name for image in self.images)])

    def picture_names(self) -> list[str]:
        """Every picture to choose from: number tiles, the configured pictures, then the folder's."""
        return [NUMBERS, *(image.name for image in self.images), *self.folder().names]

    def image_path(self, name: str) -> Path | None:
        """The file of the picture called `name` (configured, else in the pictures folder); None for
        number tiles."""
        configured = next((image.path for image in self.images if image.name == name), None)
        return configured if configured is not None or name == NUMBERS else self.folder().path(name)

    def resolve_picture(self, choice: str) -> tuple[str, Path | None]:
        """A picture's display name and file from a name in the config or the pictures folder, a file
        path, or `numbers`."""
        if choice == NUMBERS:
            return NUMBERS, None
        known = self.image_path(choice)
        if known is not None:
            return choice, known
        path = Path(choice).expanduser()
        if not path.is_file():
            names = ", ".join(self.picture_names())
            # Translators: {picture} is the picture asked for, quoted; {names} lists the configured picture
            # names ("numbers" is the number tiles), as typed.
            message = _("picture {picture} is not one of {names}, nor an image file")
            raise UserError(message.format(picture=repr(choice), names=names))
        return path.stem, path


def _match_length(value: object) -> int | str:
    """A match's points (1 to LONGEST_MATCH) or MONEY_SESSION; else the message says both."""
    if value == MONEY_SESSION:
        return MONEY_SESSION
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LONGEST_MATCH:
        # Translators: a bad tavla.match_length in the config file; keep "money" as it is (it is typed
        # in the file); {most} is 25
        message = _("a match is played to 1 to {most} points; write money for a money session")
        raise ValueError(message.format(most=LONGEST_MATCH))
    return value


class TavlaColours(_Strict):
    board: HexColour
    felt: HexColour
    point_light: HexColour
    point_dark: HexColour
    white_checker: HexColour
    black_checker: HexColour
    highlight: HexColour


class TavlaConfig(_Strict):
    # parsed here, used as a TableGames: one game of the board, or the Tavli match
    rules: Annotated[Literal[table_choices()], AfterValidator(TableGames.parse)]
    match_length: Annotated[int | str, PlainValidator(_match_length)]  # or MONEY_SESSION
    cube: bool  # the doubling cube under the standard rules (tavla has none)
    jacoby: bool  # money sessions with the cube: gammons count only once the cube was turned
    beavers: bool  # money sessions with the cube: a player doubled may take and redouble at once
    opponent: Annotated[str, Field(min_length=1)]
    human_side: Literal["white", "black"]
    point_numbers: bool
    auto_forced_moves: bool
    auto_bear_off: bool
    tutor: bool  # warn before a play that loses more than the analysis's "bad" threshold
    # the one level every hint, verdict, analysis and practice card is judged at
    judge: Annotated[Literal["expert", "master", "grandmaster"], AfterValidator(JudgeLevel)]
    animation: AnimationConfig
    colours: TavlaColours

    @property
    def money(self) -> bool:
        """Whether the table plays money sessions instead of matches."""
        return self.match_length == MONEY_SESSION

    @property
    def session_length(self) -> int:
        """The length the table plays: the match's points, or MONEY (0) for a money session."""
        return MONEY if self.match_length == MONEY_SESSION else int(self.match_length)


class SoundConfig(_Strict):
    enabled: bool
    volume: Annotated[int, Field(ge=0, le=100)]  # percent


class Config(_Strict):
    window: WindowConfig
    language: Literal["en", "tr", "uk", "ko", "auto"]
    sound: SoundConfig
    puzzle: PuzzleConfig
    tavla: TavlaConfig


def with_value(model: BaseModel, key_path: tuple[str, ...], value: object) -> Any:
    """A copy of `model` (the Config, or a section of it) with the key at `key_path` set to `value`."""
    first, rest = key_path[0], key_path[1:]
    inner = with_value(getattr(model, first), rest, value) if rest else value
    return model.model_copy(update={first: inner})


def _board_size(size: str) -> BoardSize:
    try:
        return BoardSize.parse(size)
    except UserError as error:
        raise ValueError(str(error)) from None

"""Fifteen's section of the settings (`puzzle:`): the board sizes, the pictures, the number tiles, the
animation and the keys, validated whole (pydantic); and how Fifteen names its pictures to the player.
game/settings.py composes it with the other sections. No Arcade import: every command reads settings.
"""

import warnings
from pathlib import Path
from typing import Annotated, Any, Protocol

from pydantic import Field, GetCoreSchemaHandler, field_validator, model_validator
from pydantic_core import CoreSchema, core_schema

from game.core.errors import UserError
from game.core.files.shipped import asset_path
from game.core.settings.fields import HexColour, KeyNames, Section
from game.core.text.i18n import N_, _
from game.core.text.quoting import PATH_CHARS, quoted
from game.puzzle.model.size import BoardSize
from game.puzzle.pictures.folder import Scan, pictures_dir, scan
from game.puzzle.pictures.limits import MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS
from game.ui.shell_settings import AnimationConfig

NUMBERS = "numbers"
BUNDLED_PICTURE_TITLES = {
    # Translators: the name of a picture shipped with the game (a sunset over hills and a lake)
    "sunset": N_("Sunset"),
    # Translators: the name of a picture shipped with the game (a stained-glass rose window)
    "mosaic": N_("Mosaic"),
    # Translators: the name of a picture shipped with the game (a city at night)
    "night": N_("Night"),
}
ASSET_PREFIX = "asset:"  # an image path that starts so is one of the game's own assets


def picture_title(name: str) -> str:
    """A picture's name for the player: number tiles and the shipped pictures translated, the player's
    own pictures as the config names them."""
    if name == NUMBERS:
        # Translators: the choice of number tiles instead of a picture
        return _("Numbers")
    title = BUNDLED_PICTURE_TITLES.get(name)
    return _(title) if title is not None else name


class ImageConfig(Section):
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


class PuzzleKeys(Section):
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


class NumberTileColours(Section):
    fill: HexColour
    edge: HexColour
    text: HexColour


class _SizeText:
    """A board size is checked as text first, then read by its field's validator into a `BoardSize`:
    so a wrong one is refused with the words and the key path it always had (the whole list's)."""

    def __get_pydantic_core_schema__(self, source: type, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.str_schema(serialization=core_schema.to_string_ser_schema())


SizeText = Annotated[BoardSize, _SizeText()]


class PuzzleConfig(Section):
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


class PuzzleSettings(Protocol):
    """The settings as Fifteen reads them: its own section (game/settings.py Config has it)."""

    @property
    def puzzle(self) -> PuzzleConfig: ...


def with_image_paths(section: dict[str, Any], source: Path) -> dict[str, Any]:
    """The section as written in the file `source`, its image paths made whole: a relative path is
    relative to the file that names it, not to the working directory, and ``asset:images/sunset.jpg``
    names a picture shipped with the game, so a copy of the file works anywhere."""
    images = section.get("images")
    if not isinstance(images, list):
        return section
    resolved = []
    for image in images:
        if isinstance(image, dict) and isinstance(image.get("path"), str) and image["path"]:
            image = {**image, "path": str(_image_path(image["path"], source))}
        resolved.append(image)
    return {**section, "images": resolved}


def _image_path(written: str, source: Path) -> Path:
    if written.startswith(ASSET_PREFIX):
        return asset_path(written[len(ASSET_PREFIX) :])
    path = Path(written).expanduser()
    return path if path.is_absolute() else source.parent / path


def _board_size(size: str) -> BoardSize:
    try:
        return BoardSize.parse(size)
    except UserError as error:
        raise ValueError(str(error)) from None

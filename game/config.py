"""The game's settings: shipped defaults overlaid key by key by the user's YAML file, validated whole.

A bad file is refused whole with one message naming the file, the key path, the line, the bad value
and what is allowed, so the game never runs half-configured. No Arcade import: every command uses it.
"""

import difflib
import re
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from PIL import Image, UnidentifiedImageError
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from game.errors import UserError
from game.puzzle.board import parse_size
from game.resources import config_path
from game.ui.easing import EASINGS

NUMBERS = "numbers"
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _hex_colour(colour: str) -> str:
    if not _HEX_COLOUR.match(colour):
        raise ValueError("a colour is written #rrggbb, for example #1f4d3a")
    return colour


HexColour = Annotated[str, AfterValidator(_hex_colour)]


def rgb(colour: str) -> tuple[int, int, int]:
    """A validated `#rrggbb` colour as a tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WindowConfig(_Strict):
    width: Annotated[int, Field(ge=640, le=7680)]
    height: Annotated[int, Field(ge=480, le=4320)]
    fullscreen: bool
    fps: Annotated[int, Field(ge=20, le=240)]


class AnimationConfig(_Strict):
    duration: Annotated[float, Field(ge=0, le=2)]
    easing: str

    @field_validator("easing")
    @classmethod
    def _known_easing(cls, name: str) -> str:
        if name not in EASINGS:
            raise ValueError(f"unknown easing; allowed: {', '.join(EASINGS)}")
        return name


class ImageConfig(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    path: Path

    @field_validator("name")
    @classmethod
    def _not_numbers(cls, name: str) -> str:
        if name == NUMBERS:
            raise ValueError(f"'{NUMBERS}' is reserved for number tiles; choose another name")
        return name

    @field_validator("path")
    @classmethod
    def _readable_image(cls, path: Path) -> Path:
        if not path.exists():
            raise ValueError(f"no such file: {path}")
        if not path.is_file():
            raise ValueError(f"not a file: {path}")
        try:
            with Image.open(path) as image:
                image.verify()
        except (UnidentifiedImageError, OSError, SyntaxError) as error:
            raise ValueError(f"not a readable image (PNG, JPEG, WebP...): {path}: {error}") from None
        return path


class NumberTileColours(_Strict):
    fill: HexColour
    edge: HexColour
    text: HexColour


class PuzzleConfig(_Strict):
    sizes: Annotated[list[str], Field(min_length=1)]
    default_size: str
    images: list[ImageConfig]
    default_image: str
    corner_numbers: bool
    number_tiles: NumberTileColours
    animation: AnimationConfig

    @field_validator("sizes")
    @classmethod
    def _sizes(cls, sizes: list[str]) -> list[str]:
        for size in sizes:
            _check_size(size)
        if len(set(sizes)) != len(sizes):
            raise ValueError("a size is listed twice")
        return sizes

    @field_validator("default_size")
    @classmethod
    def _default_size(cls, size: str) -> str:
        _check_size(size)
        return size

    @model_validator(mode="after")
    def _defaults_exist(self) -> "PuzzleConfig":
        names = [image.name for image in self.images]
        if len(set(names)) != len(names):
            raise ValueError(f"images: two images share a name: {names}")
        if self.default_image not in [NUMBERS, *names]:
            raise ValueError(
                f"default_image: '{self.default_image}' is not 'numbers' or an image name {names}"
            )
        return self

    def image_path(self, name: str) -> Path | None:
        """The file of the picture called `name`; None for number tiles."""
        return next((image.path for image in self.images if image.name == name), None)

    def resolve_picture(self, choice: str) -> tuple[str, Path | None]:
        """A picture's display name and file from a name in the config, a file path, or `numbers`."""
        if choice == NUMBERS:
            return NUMBERS, None
        configured = self.image_path(choice)
        if configured is not None:
            return choice, configured
        path = Path(choice).expanduser()
        if not path.is_file():
            names = ", ".join([NUMBERS, *(image.name for image in self.images)])
            raise UserError(f"picture {choice!r} is not one of {names}, nor an image file")
        return path.stem, path


class TavlaColours(_Strict):
    board: HexColour
    felt: HexColour
    point_light: HexColour
    point_dark: HexColour
    white_checker: HexColour
    black_checker: HexColour
    highlight: HexColour


class TavlaConfig(_Strict):
    rules: Literal["tavla", "standard"]
    match_length: Annotated[int, Field(ge=1, le=25)]
    opponent: Annotated[str, Field(min_length=1)]
    human_side: Literal["white", "black"]
    point_numbers: bool
    auto_forced_moves: bool
    auto_bear_off: bool
    animation: AnimationConfig
    colours: TavlaColours


class Config(_Strict):
    window: WindowConfig
    language: Literal["en", "tr", "uk", "ko", "auto"]
    puzzle: PuzzleConfig
    tavla: TavlaConfig


def _check_size(size: str) -> None:
    try:
        parse_size(size)
    except UserError as error:
        raise ValueError(str(error)) from None


def load_config(user_file: str | Path | None = None) -> Config:
    """The defaults, overlaid by `user_file` if given; raises UserError naming what is wrong."""
    default_file = config_path()
    default_data, default_node = _read_yaml(default_file)
    merged = _resolve_image_paths(default_data, default_file)
    user_node = None
    if user_file is not None:
        user_file = Path(user_file)
        user_data, user_node = _read_yaml(user_file)
        merged = _overlay(merged, _resolve_image_paths(user_data, user_file))
    try:
        return Config.model_validate(merged)
    except ValidationError as error:
        raise UserError(_explain(error, default_file, default_node, user_file, user_node)) from None


def _read_yaml(path: Path) -> tuple[dict[str, Any], yaml.Node | None]:
    if not path.exists():
        raise UserError(f"config file {path} does not exist")
    if not path.is_file():
        raise UserError(f"config file {path} is not a file")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UserError(f"config file {path} cannot be read: {error}") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f", line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        kind = (
            "YAML tag not allowed (only plain values are read)"
            if isinstance(error, yaml.constructor.ConstructorError)
            else "YAML syntax error"
        )
        raise UserError(f"config file {path}{where}: {kind}: {error.problem}") from None
    except yaml.YAMLError as error:
        raise UserError(f"config file {path}: YAML error: {error}") from None
    if data is None:
        raise UserError(f"config file {path} is empty; write the keys to change, for example 'language: en'")
    if not isinstance(data, dict):
        raise UserError(f"config file {path} must be a mapping of keys (window, language, puzzle, tavla)")
    return data, node


def _resolve_image_paths(data: dict[str, Any], source: Path) -> dict[str, Any]:
    """Relative image paths are relative to the file that names them, not to the working directory."""
    images = data.get("puzzle", {}).get("images") if isinstance(data.get("puzzle"), dict) else None
    if not isinstance(images, list):
        return data
    resolved = []
    for image in images:
        if isinstance(image, dict) and isinstance(image.get("path"), str) and image["path"]:
            path = Path(image["path"]).expanduser()
            image = {**image, "path": str(path if path.is_absolute() else source.parent / path)}
        resolved.append(image)
    return {**data, "puzzle": {**data["puzzle"], "images": resolved}}


def _overlay(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Key by key: mappings merge, everything else (lists included) is replaced."""
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _overlay(merged[key], value)
        else:
            merged[key] = value
    return merged


def _explain(
    error: ValidationError,
    default_file: Path,
    default_node: yaml.Node | None,
    user_file: Path | None,
    user_node: yaml.Node | None,
) -> str:
    first = error.errors()[0]
    loc = tuple(part for part in first["loc"] if not (isinstance(part, str) and part.startswith("function-")))
    key_path = _format_loc(loc)
    node, depth, via_list = _walk(user_node, loc)
    from_user = depth == len(loc) or via_list or (first["type"] == "missing" and depth == len(loc) - 1)
    if from_user and user_file is not None:
        file = user_file
    else:
        file, (node, _, _) = default_file, _walk(default_node, loc)
    line = f", line {node.start_mark.line + 1}" if node is not None else ""
    where = f"config file {file}{line}: {key_path}"
    if first["type"] == "extra_forbidden":
        return where + ": unknown key" + _suggestion(loc)
    if first["type"] == "missing":
        return where + ": this key is required"
    message = first["msg"].removeprefix("Value error, ")
    value = first.get("input")
    shown = "" if isinstance(value, dict | list) else f" {value!r}"
    return f"{where}: bad value{shown}: {message}"


def _format_loc(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _walk(node: yaml.Node | None, loc: tuple[Any, ...]) -> tuple[yaml.Node | None, int, bool]:
    """Follow `loc` down a YAML tree as far as it goes.

    Returns the deepest node reached (the key node when the whole path exists, so the line points at
    the key), how many steps were taken, and whether a list was crossed (lists are replaced whole, so
    everything under one comes from the same file).
    """
    via_list = False
    for depth, part in enumerate(loc):
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == part), None)
            if match is None:
                return node, depth, via_list
            node = match[0] if depth == len(loc) - 1 else match[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            via_list = True
            node = node.value[part]
        else:
            return node, depth, via_list
    return node, len(loc), via_list


def _suggestion(loc: tuple[Any, ...]) -> str:
    model: type[BaseModel] = Config
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        annotation = field.annotation if field else None
        inner = getattr(annotation, "__args__", (annotation,))[0] if annotation is not None else None
        target = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else inner
        if not (isinstance(target, type) and issubclass(target, BaseModel)):
            return ""
        model = target
    allowed = list(model.model_fields)
    close = difflib.get_close_matches(str(loc[-1]), allowed, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"{hint} allowed keys here: {', '.join(allowed)}"

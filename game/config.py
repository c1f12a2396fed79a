"""The game's settings: shipped defaults overlaid key by key by the user's YAML file, validated whole.

A bad file is refused whole with one message naming the file, the key path, the line, the bad value
and what is allowed, so the game never runs half-configured. No Arcade import: every command uses it.
"""

import difflib
import re
import sys
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, get_args, get_origin

import yaml
from PIL import Image
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
from game.i18n import N_, _, ngettext
from game.puzzle.board import parse_size
from game.resources import config_path
from game.tavla.rules import Rules
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
MAX_CONFIG_BYTES = 1_000_000  # the shipped file is a few kilobytes; a 50 MB file would slow every command
MAX_DEPTH = 20  # mappings and lists nested deeper than this are refused before they are built
SHOWN_CHARS = 60  # a value or key from the file is cut to this length in a message
SHOWN_PATH_CHARS = 200  # ... and a path to this length, keeping its end
MAX_PICTURE_BYTES = 200_000_000  # as game/puzzle/tiles.py
MAX_PICTURE_MEGAPIXELS = 80  # as game/puzzle/tiles.py


def clip(value: object, limit: int = SHOWN_CHARS) -> str:
    """A value as text for a message, cut to `limit` characters (a file may hold a megabyte on one line)."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def clip_path(path: object) -> str:
    """A path for a message: long ones keep their end, where the file's name is."""
    text = str(path)
    return text if len(text) <= SHOWN_PATH_CHARS else "…" + text[-SHOWN_PATH_CHARS:]


def shown_value(value: object) -> str:
    """A value quoted for a message (repr), cut to SHOWN_CHARS."""
    if isinstance(value, str):
        return repr(value) if len(value) <= SHOWN_CHARS else repr(value[:SHOWN_CHARS]) + "…"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * SHOWN_CHARS:
        return f"{str(value)[:SHOWN_CHARS]}…"
    return clip(value)


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
        shown = clip_path(path)
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
            raise ValueError(message.format(path=repr(shown), limit=MAX_PICTURE_MEGAPIXELS)) from None
        except ValueError:
            raise
        except Exception as error:  # noqa: BLE001 - a decoder may raise anything on a hostile file
            # Translators: {path} is the image file; {error} is the image library's own reason, in English.
            message = _("not a readable image (PNG, JPEG, WebP...): {path}: {error}")
            raise ValueError(message.format(path=shown, error=clip(str(error), 200))) from None
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
            # Translators: a board size (such as 4x4) appears twice in the config file's puzzle.sizes list.
            raise ValueError(_("a size is listed twice"))
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
            # Translators: "images" is a config key, keep it; {names} lists the image names, e.g. ['a', 'b'].
            raise ValueError(_("images: two images share a name: {names}").format(names=names))
        if self.default_image not in [NUMBERS, *names]:
            # Translators: "default_image" is a config key and 'numbers' a config value, keep both;
            # {image} is the name given; {names} lists the configured image names, e.g. ['sunset', 'night'].
            message = _("default_image: '{image}' is not 'numbers' or an image name {names}")
            raise ValueError(message.format(image=self.default_image, names=names))
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
            # Translators: {picture} is the picture asked for, quoted; {names} lists the configured picture
            # names ("numbers" is the number tiles), as typed.
            message = _("picture {picture} is not one of {names}, nor an image file")
            raise UserError(message.format(picture=repr(choice), names=names))
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
    rules: Annotated[Literal[Rules.names()], AfterValidator(Rules)]  # parsed here, used as a Rules
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


def with_value(model: BaseModel, key_path: tuple[str, ...], value: object) -> Any:
    """A copy of `model` (the Config, or a section of it) with the key at `key_path` set to `value`."""
    first, rest = key_path[0], key_path[1:]
    inner = with_value(getattr(model, first), rest, value) if rest else value
    return model.model_copy(update={first: inner})


def _check_size(size: str) -> None:
    try:
        parse_size(size)
    except UserError as error:
        raise ValueError(str(error)) from None


def load_config(user_file: str | Path | None = None) -> Config:
    """The defaults, overlaid by `user_file` if given; raises UserError naming what is wrong.

    Whatever the file holds (too big, nested too deep, a number of 5,000 digits, a picture bomb), the
    result is a Config or a UserError with one line naming the file: never another exception.
    """
    default_file = config_path()
    default_data, default_node = _read_yaml(default_file)
    merged = _resolve_image_paths(default_data, default_file)
    user_node = None
    if user_file is not None:
        user_file = Path(user_file)
        user_data, user_node = _read_yaml(user_file)
        merged = _overlay(merged, _resolve_image_paths(user_data, user_file))
    shown_file = user_file if user_file is not None else default_file
    try:
        return Config.model_validate(merged)
    except ValidationError as error:
        raise UserError(_explain(error, default_file, default_node, user_file, user_node)) from None
    except (RecursionError, MemoryError):
        raise UserError(_too_deep(shown_file)) from None
    except Exception as error:  # noqa: BLE001 - a validator met something no rule foresaw: still one line
        # Translators: {file} is the config file's path; {error} the reason, in English.
        message = _("config file {file} cannot be read: {error}")
        reason = clip(f"{type(error).__name__}: {error}", 200)
        raise UserError(message.format(file=shown_file, error=reason)) from None


def _too_deep(path: Path) -> str:
    # Translators: {file} is the config file's path; {depth} the deepest nesting allowed (a number).
    message = _("config file {file}: sections and lists are nested more than {depth} levels deep")
    return message.format(file=path, depth=MAX_DEPTH)


def _read_yaml(path: Path) -> tuple[dict[str, Any], yaml.Node | None]:
    if not path.exists():
        # Translators: {file} is the path of the config file given with --config.
        raise UserError(_("config file {file} does not exist").format(file=path))
    if not path.is_file():
        # Translators: {file} is the path given with --config; it names a folder or another non-file.
        raise UserError(_("config file {file} is not a file").format(file=path))
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            # Translators: {file} is the config file's path; {limit} a number of bytes.
            message = _("config file {file} is too big: a config file has at most {limit} bytes")
            raise UserError(message.format(file=path, limit=f"{MAX_CONFIG_BYTES:,}"))
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        # Translators: {file} is the config file's path; {error} the system's reason, in English.
        message = _("config file {file} cannot be read: {error}")
        raise UserError(message.format(file=path, error=clip(str(error), 200))) from None
    try:
        _check_depth(text, path)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as error:
        raise UserError(_yaml_problem(path, error)) from None
    except yaml.YAMLError as error:
        # Translators: {file} is the config file's path; {error} the YAML reader's reason, in English.
        message = _("config file {file}: YAML error: {error}")
        raise UserError(message.format(file=path, error=clip(str(error), 200))) from None
    except (RecursionError, MemoryError):
        raise UserError(_too_deep(path)) from None
    except ValueError as error:  # a value YAML recognises but Python cannot build: 5,000 digits, a bad date
        if "integer string conversion" in str(error):
            # Translators: {file} is the config file's path; {digits} the most digits a number may have.
            message = _("config file {file}: a number has more than {digits} digits")
            raise UserError(message.format(file=path, digits=sys.get_int_max_str_digits())) from None
        # Translators: {file} is the config file's path; {error} the reason, in English.
        message = _("config file {file}: a value cannot be read: {error}")
        raise UserError(message.format(file=path, error=clip(str(error), 200))) from None
    if data is None:
        # Translators: {file} is the config file's path; 'language: en' is a line of the file, keep it.
        message = _("config file {file} is empty; write the keys to change, for example 'language: en'")
        raise UserError(message.format(file=path))
    if not isinstance(data, dict):
        # Translators: {file} is the config file's path; window, language, puzzle and tavla are its keys.
        message = _("config file {file} must be a mapping of keys (window, language, puzzle, tavla)")
        raise UserError(message.format(file=path))
    return data, node


def _check_depth(text: str, path: Path) -> None:
    """Refuse nesting deeper than MAX_DEPTH from YAML's event stream, before a tree is built (building
    one nested a thousand deep exhausts Python's stack)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise UserError(_too_deep(path))
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            depth -= 1


def _yaml_problem(path: Path, error: yaml.MarkedYAMLError) -> str:
    """The message for a file that YAML cannot read, pointing at the line and column when it knows them."""
    mark = error.problem_mark
    tag = isinstance(error, yaml.constructor.ConstructorError)
    if mark is not None:
        if tag:
            # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
            # A "tag" is YAML's !!name syntax; only plain values (text, numbers, lists, mappings) are read.
            message = _(
                "config file {file}, line {line}, column {column}: "
                "YAML tag not allowed (only plain values are read): {problem}"
            )
        else:
            # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
            message = _("config file {file}, line {line}, column {column}: YAML syntax error: {problem}")
        return message.format(
            file=path, line=mark.line + 1, column=mark.column + 1, problem=clip(str(error.problem), 200)
        )
    if tag:
        # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
        message = _("config file {file}: YAML tag not allowed (only plain values are read): {problem}")
    else:
        # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
        message = _("config file {file}: YAML syntax error: {problem}")
    return message.format(file=path, problem=clip(str(error.problem), 200))


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
    node, depth, via_list = _walk(user_node, loc)
    from_user = depth == len(loc) or via_list or (first["type"] == "missing" and depth == len(loc) - 1)
    if from_user and user_file is not None:
        file = user_file
    else:
        file = default_file
        node = _walk(default_node, loc)[0]
    if node is not None:
        # Translators: where a bad setting is: {file} is the config file's path, {line} a line number,
        # {key} the setting's key path as written in the file (puzzle.animation.easing), keep it as it is.
        where = _("config file {file}, line {line}: {key}")
        where = where.format(file=file, line=node.start_mark.line + 1, key=_format_loc(loc))
    else:
        # Translators: where a bad setting is: {file} is the config file's path, {key} the setting's key
        # path as written in the file (puzzle.animation.easing), keep it as it is.
        where = _("config file {file}: {key}").format(file=file, key=_format_loc(loc))
    if first["type"] == "extra_forbidden":
        problem = _unknown_key(loc)
    elif first["type"] == "missing":
        # Translators: said of a key (setting) that the config file must give.
        problem = _("this key is required")
    else:
        reason = _pydantic_reason(first["type"], first.get("ctx") or {}, first["msg"], loc)
        value = first.get("input")
        if isinstance(value, dict | list):
            # Translators: {reason} says what is wrong with the value and what is allowed.
            problem = _("bad value: {reason}").format(reason=reason)
        else:
            # Translators: {value} is the value found in the config file, quoted ('wide', 99999);
            # {reason} says what is wrong with it and what is allowed.
            problem = _("bad value {value}: {reason}").format(value=shown_value(value), reason=reason)
    # Translators: a whole config error: {where} is "config file PATH, line N: KEY", {problem} what is
    # wrong there ("unknown key", "this key is required", "bad value ...").
    return _("{where}: {problem}").format(where=where, problem=problem)


# Pydantic's own English messages by error type, for the types a config file can trigger; placeholders are
# the names pydantic gives in the error's context. Other types keep pydantic's English text.
_PYDANTIC_MESSAGES: dict[str, str] = {
    # Translators: "Input" in these messages is the value written in the config file.
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "int_parsing_size": N_("Unable to parse input string as an integer, exceeded maximum size"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    # Translators: said of a number that is infinite or "not a number" (.inf, .nan in YAML).
    "finite_number": N_("Input should be a finite number"),
    "bool_type": N_("Input should be a valid boolean"),
    # Translators: a boolean is true or false (YAML also reads yes/no, on/off).
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "string_type": N_("Input should be a valid string"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    # Translators: {class_name} is the program's name for a group of settings (WindowConfig); keep it.
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    # Translators: {gt} is a number.
    "greater_than": N_("Input should be greater than {gt}"),
    # Translators: {ge} is the smallest number allowed.
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    # Translators: {lt} is a number.
    "less_than": N_("Input should be less than {lt}"),
    # Translators: {le} is the largest number allowed.
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    # Translators: {path_type} is the program's name for a file path (<class 'pathlib.Path'>); keep it.
    "path_type": N_("Input is not a valid path for {path_type}"),
}


def _pydantic_reason(kind: str, ctx: Mapping[str, Any], english: str, loc: tuple[Any, ...]) -> str:
    """What pydantic found wrong, in the player's language; pydantic's English `english` when unmapped."""
    if kind in ("value_error", "assertion_error") and "error" in ctx:
        return str(ctx["error"])  # our validators raise messages already translated
    if kind == "literal_error":
        # Translators: {expected} lists the allowed values, e.g. 'tavla' or 'standard'.
        return _("Input should be {expected}").format(expected=_choices(loc, ctx.get("expected", "")))
    shown = {key: _number(value) for key, value in ctx.items()}
    if kind == "path_type":
        shown["path_type"] = Path
    if kind in ("too_short", "too_long") and ctx.get("field_type") == "List":
        if kind == "too_short":
            # Translators: {min_length} is the fewest entries a list may have; {actual_length} how many
            # it has.
            message = ngettext(
                "List should have at least {min_length} item after validation, not {actual_length}",
                "List should have at least {min_length} items after validation, not {actual_length}",
                ctx.get("min_length", 0),
            )
        else:
            # Translators: {max_length} is the most entries a list may have, {actual_length} how many it has.
            message = ngettext(
                "List should have at most {max_length} item after validation, not {actual_length}",
                "List should have at most {max_length} items after validation, not {actual_length}",
                ctx.get("max_length", 0),
            )
    elif kind == "string_too_short":
        # Translators: {min_length} is the fewest characters a text may have.
        message = ngettext(
            "String should have at least {min_length} character",
            "String should have at least {min_length} characters",
            ctx.get("min_length", 0),
        )
    elif kind == "string_too_long":
        # Translators: {max_length} is the most characters a text may have.
        message = ngettext(
            "String should have at most {max_length} character",
            "String should have at most {max_length} characters",
            ctx.get("max_length", 0),
        )
    elif kind in _PYDANTIC_MESSAGES:
        message = _(_PYDANTIC_MESSAGES[kind])
    else:
        return english
    try:
        return message.format(**shown)
    except (KeyError, IndexError, ValueError):
        return english


def _number(value: Any) -> Any:
    """A bound as pydantic shows it: 2.0 as 2."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _choices(loc: tuple[Any, ...], expected: str) -> str:
    """The values a Literal field allows, quoted and joined with a translated "or"."""
    field = _model_at(loc[:-1])
    info = field.model_fields.get(loc[-1]) if field is not None and loc else None
    annotation = info.annotation if info is not None else None
    if get_origin(annotation) is not Literal:
        return expected
    quoted = [repr(value) for value in get_args(annotation)]
    if len(quoted) == 1:
        return quoted[0]
    # Translators: joins a list of allowed values: {choices} is like "'en', 'tr', 'uk', 'ko'", {last}
    # like "'auto'".
    return _("{choices} or {last}").format(choices=", ".join(quoted[:-1]), last=quoted[-1])


def _format_loc(loc: tuple[Any, ...]) -> str:
    text = ""
    for part in loc:
        if not isinstance(part, int):
            part = clip(str(part))
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    # Translators: stands for the key path of a setting when the problem is with the whole file.
    return text or _("(top level)")


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


def _model_at(path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model whose fields the keys at `path` are (list indices skipped); None past a plain value."""
    model: type[BaseModel] = Config
    for part in path:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        annotation = field.annotation if field else None
        inner = getattr(annotation, "__args__", (annotation,))[0] if annotation is not None else None
        target = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else inner
        if not (isinstance(target, type) and issubclass(target, BaseModel)):
            return None
        model = target
    return model


def _unknown_key(loc: tuple[Any, ...]) -> str:
    """The problem of an unknown key: the closest allowed key if one is close, and every allowed key."""
    model = _model_at(loc[:-1])
    if model is None:
        # Translators: said of a key in the config file that the game does not know.
        return _("unknown key")
    allowed = ", ".join(model.model_fields)
    close = difflib.get_close_matches(str(loc[-1])[: SHOWN_CHARS * 2], list(model.model_fields), n=1)
    if close:
        # Translators: {suggestion} is the known key closest to the one written, {allowed} lists the keys
        # allowed at that place; both are config keys, typed as they are.
        message = _("unknown key; did you mean '{suggestion}'? allowed keys here: {allowed}")
        return message.format(suggestion=close[0], allowed=allowed)
    # Translators: {allowed} lists the keys allowed at that place of the config file, typed as they are.
    return _("unknown key; allowed keys here: {allowed}").format(allowed=allowed)

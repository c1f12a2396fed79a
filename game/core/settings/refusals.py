"""Why a config file was refused, in one line: the file, the line, the key path, the value, what is allowed.

Pydantic's and YAML's errors are translated into the player's language and pointed back at the line of
the file (the user's or the shipped defaults) that the bad value came from.
"""

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import yaml
from pydantic import BaseModel, ValidationError

from game.core.text.i18n import N_, _, ngettext
from game.core.text.quoting import PATH_CHARS, QUOTE_CHARS, in_quotes, quoted


def yaml_problem(path: Path, error: yaml.MarkedYAMLError) -> str:
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
            file=path,
            line=mark.line + 1,
            column=mark.column + 1,
            problem=quoted(str(error.problem), PATH_CHARS),
        )
    if tag:
        # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
        message = _("config file {file}: YAML tag not allowed (only plain values are read): {problem}")
    else:
        # Translators: {file} is the config file's path; {problem} the YAML reader's reason, in English.
        message = _("config file {file}: YAML syntax error: {problem}")
    return message.format(file=path, problem=quoted(str(error.problem), PATH_CHARS))


def explain(
    error: ValidationError,
    model: type[BaseModel],
    default_file: Path,
    default_node: yaml.Node | None,
    user_file: Path | None,
    user_node: yaml.Node | None,
) -> str:
    """The message for the first error of a validation of `model` that failed: the user's file when the
    bad value (or the missing key) is its own, else the defaults; `*_node` are the files' YAML trees, for
    the line."""
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
        problem = _unknown_key(model, loc)
    elif first["type"] == "missing":
        # Translators: said of a key (setting) that the config file must give.
        problem = _("this key is required")
    else:
        reason = _pydantic_reason(first["type"], first.get("ctx") or {}, first["msg"], loc, model)
        value = first.get("input")
        if isinstance(value, dict | list):
            # Translators: {reason} says what is wrong with the value and what is allowed.
            problem = _("bad value: {reason}").format(reason=reason)
        else:
            # Translators: {value} is the value found in the config file, quoted ('wide', 99999);
            # {reason} says what is wrong with it and what is allowed.
            problem = _("bad value {value}: {reason}").format(value=in_quotes(value), reason=reason)
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


def _pydantic_reason(
    kind: str, ctx: Mapping[str, Any], english: str, loc: tuple[Any, ...], model: type[BaseModel]
) -> str:
    """What pydantic found wrong, in the player's language; pydantic's English `english` when unmapped."""
    if kind in ("value_error", "assertion_error") and "error" in ctx:
        return str(ctx["error"])  # our validators raise messages already translated
    if kind == "literal_error":
        # Translators: {expected} lists the allowed values, e.g. 'tavla' or 'standard'.
        return _("Input should be {expected}").format(expected=_choices(model, loc, ctx.get("expected", "")))
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


def _choices(model: type[BaseModel], loc: tuple[Any, ...], expected: str) -> str:
    """The values a Literal field allows, quoted and joined with a translated "or"."""
    field = _model_at(model, loc[:-1])
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
            part = quoted(str(part))
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


def _model_at(model: type[BaseModel], path: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model whose fields the keys at `path` of `model` are (list indices skipped); None past a plain
    value."""
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


def _unknown_key(root: type[BaseModel], loc: tuple[Any, ...]) -> str:
    """The problem of an unknown key: the closest allowed key if one is close, and every allowed key."""
    model = _model_at(root, loc[:-1])
    if model is None:
        # Translators: said of a key in the config file that the game does not know.
        return _("unknown key")
    allowed = ", ".join(model.model_fields)
    close = difflib.get_close_matches(str(loc[-1])[: QUOTE_CHARS * 2], list(model.model_fields), n=1)
    if close:
        # Translators: {suggestion} is the known key closest to the one written, {allowed} lists the keys
        # allowed at that place; both are config keys, typed as they are.
        message = _("unknown key; did you mean '{suggestion}'? allowed keys here: {allowed}")
        return message.format(suggestion=close[0], allowed=allowed)
    # Translators: {allowed} lists the keys allowed at that place of the config file, typed as they are.
    return _("unknown key; allowed keys here: {allowed}").format(allowed=allowed)

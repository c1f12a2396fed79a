"""Rows of the history's and the deck's tables read back with every value checked against its field."""

from __future__ import annotations

import math
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_KINDS = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (int,),
    "int | None": (int, type(None)),
}


def typed_rows(cls: type[T], rows: list[tuple[Any, ...]]) -> list[T]:
    """The rows whose every value is of its field's type (a finite number for a float), as `cls`; a
    row edited by hand or damaged is left out rather than shown wrong or failing the screen."""
    kinds = [_KINDS[str(field.type)] for field in fields(cls)]  # type: ignore[arg-type]
    kept = []
    for row in rows:
        right = len(row) == len(kinds) and all(
            type(value) in kind and (not isinstance(value, float) or math.isfinite(value))
            for value, kind in zip(row, kinds, strict=True)
        )
        if right:
            kept.append(cls(*row))
    return kept

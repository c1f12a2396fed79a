"""Rows of the history's and the deck's tables read back with every value checked against its field: its
type, a finite number for a float, and the range the game writes (a date from 1970 to the end of the
year 9999, as the puzzle's solves are checked in game/core/records.py); a row that fails is left out and
counted, so a screen or a command can say how many."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Any, Generic, TypeVar

from game.core.errors import UserError
from game.core.records import MAX_TIMESTAMP

T = TypeVar("T")

_KINDS = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (int,),
    "int | None": (int, type(None)),
}
DATE = (0, MAX_TIMESTAMP)
"""The range of every date kept (seconds since the epoch): one beyond it cannot be shown."""


class KeptRows(list[T], Generic[T]):
    """The rows read, as their class; `skipped` counts those left out (a value the game never writes)."""

    def __init__(self, rows: list[T], skipped: int = 0) -> None:
        super().__init__(rows)
        self.skipped = skipped


def typed_rows(
    cls: type[T],
    rows: list[tuple[Any, ...]],
    ranges: Mapping[str, tuple[float, float]] | None = None,
    check: Callable[[T], object] | None = None,
) -> KeptRows[T]:
    """The rows whose every value is of its field's type (a finite number for a float) and within its
    field's range in `ranges`, and that `check` (when given) does not refuse with a ValueError or a
    UserError, as `cls`; a row edited by hand or damaged is left out, and counted, rather than shown
    wrong or failing the screen."""
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    kinds = [_KINDS[str(field.type)] for field in fields(cls)]  # type: ignore[arg-type]
    limits = [None if ranges is None else ranges.get(name) for name in names]
    kept = []
    for row in rows:
        right = len(row) == len(kinds) and all(
            type(value) in kind
            and (not isinstance(value, float) or math.isfinite(value))
            and (limit is None or limit[0] <= value <= limit[1])
            for value, kind, limit in zip(row, kinds, limits, strict=True)
        )
        if not right:
            continue
        item = cls(*row)
        if check is not None:
            try:
                check(item)
            except (ValueError, UserError, TypeError, KeyError, IndexError):
                continue
        kept.append(item)
    return KeptRows(kept, len(rows) - len(kept))

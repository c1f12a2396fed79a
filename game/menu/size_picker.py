"""The menu's board size: the configured sizes in one selector, and columns and rows (2-10 each) in two
more, so any size can be chosen without editing a file; the three always show the same size."""

from collections.abc import Callable, Sequence

from game.i18n import _
from game.menu.choices import describe_size
from game.sizes import MAX_SIDE, MIN_SIDE, format_size, parse_size
from game.ui.widgets import Rect, Selector

SIDES = [str(side) for side in range(MIN_SIDE, MAX_SIDE + 1)]


class ShownSelector(Selector):
    """A selector that can be set from outside (the other two of the picker) without telling anyone."""

    def show(self, value: str, offered: Sequence[str] | None = None) -> None:
        """Show `value`, among `offered` when given (else the choices as they are)."""
        if offered is not None:
            self.choices = list(offered)
        self.index = self.choices.index(value)
        self._value.text = self.describe(value)


def offered_sizes(configured: Sequence[str], chosen: str) -> list[str]:
    """The configured sizes, and the chosen one among them by area when it is none of those."""
    if chosen in configured:
        return list(configured)
    return sorted([*configured, chosen], key=lambda size: (_area(size), size))


def _area(size: str) -> int:
    columns, rows = parse_size(size)
    return columns * rows


class SizePicker:
    """Board size, Columns and Rows; `on_change` hears the new size (``WxH``) whichever one changed it."""

    def __init__(
        self,
        configured: Sequence[str],
        chosen: str,
        size_rect: Rect,
        columns_rect: Rect,
        rows_rect: Rect,
        on_change: Callable[[str], None],
    ) -> None:
        self.configured = list(configured)
        self.on_change = on_change
        columns, rows = parse_size(chosen)
        self.size = ShownSelector(
            _("Board size"), offered_sizes(configured, chosen), chosen, size_rect, describe_size, self._pick
        )
        # Translators: the number of columns of the puzzle board, chosen in the menu (2 to 10)
        self.columns = ShownSelector(_("Columns"), SIDES, str(columns), columns_rect, str, self._set_side)
        # Translators: the number of rows of the puzzle board, chosen in the menu (2 to 10)
        self.rows = ShownSelector(_("Rows"), SIDES, str(rows), rows_rect, str, self._set_side)

    @property
    def value(self) -> str:
        return self.size.value

    @property
    def selectors(self) -> list[Selector]:
        return [self.size, self.columns, self.rows]

    def _pick(self, size: str) -> None:
        """A size from the list: columns and rows follow; a size set by hand before leaves the list."""
        columns, rows = parse_size(size)
        self.size.show(size, offered_sizes(self.configured, size))
        self.columns.show(str(columns))
        self.rows.show(str(rows))
        self.on_change(size)

    def _set_side(self, _side: str) -> None:
        size = format_size(int(self.columns.value), int(self.rows.value))
        self.size.show(size, offered_sizes(self.configured, size))
        self.on_change(size)

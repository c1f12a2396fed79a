"""The menu's board size as one control: columns × rows, each side stepped from 2 to 10 with its own
arrows, and the config's sizes (``puzzle.sizes``) as buttons under it that set both sides at once.

It was a selector of the config's sizes and, two rows further down, Columns and Rows: two controls for
one thing, which the keyboard reached last. Now the keyboard meets columns and rows first, one after the
other, and any size is a few presses away.
"""

from collections.abc import Callable, Sequence

from game.core.text.i18n import _
from game.menu.choices import describe_size
from game.puzzle.model.size import MAX_SIDE, MIN_SIDE, BoardSize
from game.ui import theme
from game.ui.text import Label
from game.ui.widgets import Button, Rect, Selector

SIDES = [str(side) for side in range(MIN_SIDE, MAX_SIDE + 1)]
TIMES_WIDTH = 36
"""The room between the two sides for the ×."""
MAX_PRESETS = 6
PRESET_GAP = 8
PRESET_WIDTH = 96


class ShownSelector(Selector):
    """A selector that can be set from outside (a preset) without telling anyone."""

    def show(self, value: str) -> None:
        self.index = self.choices.index(value)
        self._value.text = self.describe(value)


class SizePicker:
    """Columns × rows in `rect`, the config's first sizes as buttons centred on `presets_y`;
    `on_change` hears the new size whichever changed it."""

    def __init__(
        self,
        configured: Sequence[BoardSize],
        chosen: BoardSize,
        rect: Rect,
        presets_y: float,
        preset_height: float,
        on_change: Callable[[BoardSize], None],
    ) -> None:
        self.on_change = on_change
        half = (rect.width - TIMES_WIDTH) / 2
        offset = (half + TIMES_WIDTH) / 2
        # Translators: the caption over the puzzle's size in the menu: columns × rows, each 2 to 10
        caption = _("Board size")
        self.columns = ShownSelector(
            caption,
            SIDES,
            str(chosen.columns),
            Rect(rect.x - offset, rect.y, half, rect.height),
            str,
            self._set_side,
        )
        self.rows = ShownSelector(
            "", SIDES, str(chosen.rows), Rect(rect.x + offset, rect.y, half, rect.height), str, self._set_side
        )
        self.times = Label(
            "×",
            rect.x,
            rect.y,
            theme.TEXT,
            theme.BODY_SIZE + 2,
            box_width=TIMES_WIDTH,
            anchor_x="center",
            anchor_y="center",
            bold=True,
        )
        shown = list(configured)[:MAX_PRESETS]
        width = min(PRESET_WIDTH, (rect.width - (len(shown) - 1) * PRESET_GAP) / max(1, len(shown)))
        left = rect.x - (len(shown) * width + (len(shown) - 1) * PRESET_GAP) / 2 + width / 2
        self.presets = [
            Button(
                describe_size(size),
                Rect(left + index * (width + PRESET_GAP), presets_y, width, preset_height),
                lambda size=size: self.choose(size),
                font_size=theme.SMALL_SIZE,
            )
            for index, size in enumerate(shown)
        ]
        self._sizes = shown
        self._light()

    @property
    def value(self) -> BoardSize:
        return BoardSize(int(self.columns.value), int(self.rows.value))

    @property
    def selectors(self) -> list[Selector]:
        return [self.columns, self.rows]

    @property
    def labels(self) -> list[Label]:
        return [self.times, *(label for button in self.presets for label in button.labels)]

    def choose(self, size: BoardSize) -> None:
        """A preset: both sides at once."""
        self.columns.show(str(size.columns))
        self.rows.show(str(size.rows))
        self._changed()

    def _set_side(self, _side: str) -> None:
        self._changed()

    def _changed(self) -> None:
        self._light()
        self.on_change(self.value)

    def _light(self) -> None:
        """The preset of the size shown, lit (none when the size is set by hand)."""
        value = self.value
        for button, size in zip(self.presets, self._sizes, strict=True):
            button.primary = size == value

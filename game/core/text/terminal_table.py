"""Tables for a terminal that never break a word, whatever its width.

Rich shrinks a table that is too wide by folding its cells anywhere (`pubeva|l`, `+0.62|5`). Here a
table is laid out first: its columns' widths are chosen so that no word and no figure is broken,
trying in turn, the first that fits:

1. the full headings, boxed (as wide terminals and files show it);
2. short headings, boxed, with a legend under the table that says what each short heading means;
3. short headings, without the box's borders (a rule under the headings, two cells between columns);
4. as 3, the columns that do not fit moved to further blocks, each block repeating the key columns (the
   rank, the names) so that a row reads across blocks;
5. as 4, a column of words (an interval, a list of faults) wrapped between its words;
6. as 5, on a very narrow terminal only, names shortened with an ellipsis, each on one line.

Names and headings wrap between their words in every layout. Where there is room to spare, it goes
where a wrap costs the most lines: a column of words (every row), then names (their rows), then headings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from game.core.text.i18n import _
from game.core.text.terminal import cells

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

ELLIPSIS_CELLS = 4  # the narrowest a shortened name is shown ("pub…")
Kind = Literal["figure", "words", "name"]


@dataclass(frozen=True)
class Column:
    """A column: its heading, and a shorter one for narrow terminals with what the legend says of it.

    `kind`: a figure is right-aligned on one line; words are right-aligned and wrap between them only
    where no layout keeps them whole (an interval, a list of faults); a name is left-aligned, wraps
    between words, and is the one thing shortened on a very narrow terminal. A `key` column is repeated
    in every block. A `whole` name (a play, `24/23 13/10`, read as one) is kept on one line in every
    layout that keeps words whole, and wraps only where none fits.
    """

    heading: str
    cells: Sequence[str]
    short: str = ""
    meaning: str = ""
    kind: Kind = "figure"
    key: bool = False
    whole: bool = False

    def title(self, short: bool) -> str:
        return (self.short or self.heading) if short else self.heading


@dataclass(frozen=True)
class Block:
    """Some of a table's columns, each with its width in cells."""

    columns: tuple[Column, ...]
    widths: tuple[int, ...]


@dataclass(frozen=True)
class Style:
    """One of the module's layouts: short headings, a box, blocks, words wrapped, names shortened."""

    short: bool = True
    boxed: bool = False
    split: bool = False
    wrap_words: bool = False
    cut: bool = False


STYLES = (
    Style(short=False, boxed=True),
    Style(boxed=True),
    Style(),
    Style(split=True),
    Style(split=True, wrap_words=True),
    Style(split=True, wrap_words=True, cut=True),
)


@dataclass(frozen=True)
class Layout:
    """How a table fits: its style and its blocks."""

    style: Style
    blocks: tuple[Block, ...]


def layout(columns: Sequence[Column], width: int) -> Layout | None:
    """The first of the STYLES that fits `width` cells; None if none does."""
    for style in STYLES:
        blocks = _split(columns, width, style) if style.split else _one_block(columns, width, style)
        if blocks is not None:
            return Layout(style, blocks)
    return None


def legend(columns: Sequence[Column]) -> str:
    """What the short headings stand for, in one paragraph."""
    # Translators: one entry of the legend under a table on a narrow terminal: {heading} is a column's
    # short heading, {meaning} what it stands for (entries are separated by "; ")
    entry = _("{heading}: {meaning}")
    return "; ".join(
        entry.format(heading=column.short, meaning=column.meaning)
        for column in columns
        if column.short and column.meaning and column.short != column.heading
    )


def print_table(console: Console, columns: Sequence[Column], title: str = "") -> None:
    """The table on `console`, at its width: its title, its blocks, and a legend if it needed one."""
    from rich.text import Text

    if title:
        console.print(Text(title, style="table.title"))
    plan = layout(columns, console.width)
    if plan is None:  # narrower than any table can be: rich does what it can
        plan = Layout(STYLES[-1], (Block(tuple(columns), ()),))
    for block in plan.blocks:
        console.print(_rich_table(block, plan.style))
    if plan.style.short and (text := legend(columns)):
        console.print(Text(text))


def _rich_table(block: Block, style: Style) -> Table:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    if style.boxed:
        table = Table(box=box.HEAVY_HEAD)
    else:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 0, 0, 1), pad_edge=False)
    widths: Sequence[int | None] = block.widths or (None,) * len(block.columns)
    for column, width in zip(block.columns, widths, strict=True):
        table.add_column(
            Text(column.title(style.short)),
            justify="left" if column.kind == "name" else "right",
            width=width,
            overflow="fold" if width is not None else "ellipsis",
        )
    for row in range(len(block.columns[0].cells) if block.columns else 0):
        texts = []
        for column, width in zip(block.columns, widths, strict=True):
            cell = column.cells[row]
            if style.cut and column.kind == "name" and width is not None:
                cell = shortened(cell, width)
            texts.append(Text(cell))
        table.add_row(*texts)
    return table


def shortened(name: str, width: int) -> str:
    """`name` in at most `width` cells: whole if it fits, else its beginning and an ellipsis."""
    from rich.cells import chop_cells

    if cells(name) <= width:
        return name
    return chop_cells(name, max(width - 1, 1))[0].rstrip() + "…"


def _overhead(count: int, boxed: bool) -> int:
    """The cells a table of `count` columns takes besides its columns' contents."""
    return 3 * count + 1 if boxed else 2 * (count - 1)


def _longest_word(text: str) -> int:
    return max((cells(word) for word in text.split()), default=0)


def _least(column: Column, style: Style) -> int:
    """The narrowest `column` can be in `style` without breaking a word or a figure."""
    heading = column.title(style.short)
    if style.cut and column.kind == "name":
        return max(cells(heading), min(ELLIPSIS_CELLS, max(map(cells, column.cells), default=0)), 1)
    whole = column.kind == "figure" or (
        column.kind in ("words", "name") and column.whole and not style.wrap_words
    )
    whole = whole or (column.kind == "words" and not style.wrap_words)
    least = _longest_word(heading)
    for cell in column.cells:
        least = max(least, cells(cell) if whole else _longest_word(cell))
    return max(least, 1)


def _fit(columns: Sequence[Column], width: int, style: Style) -> Block | None:
    """`columns` in one block of at most `width` cells, or None: each at least as wide as `_least`,
    then widened where room is left: each wrap it ends, in the order that saves the most lines."""
    widths = [_least(column, style) for column in columns]
    room = width - _overhead(len(columns), style.boxed) - sum(widths)
    if room < 0:
        return None
    full_cells = [max(map(cells, column.cells), default=0) for column in columns]
    full_headings = [cells(column.title(style.short)) for column in columns]
    phases: tuple[tuple[list[int], Callable[[Column], bool]], ...] = (
        (full_cells, lambda column: column.kind == "words"),  # wrapped, every row takes a line more
        (full_cells, lambda column: column.kind == "name"),  # ... only the rows of long names do
        (full_headings, lambda column: not style.cut),  # ... only the headings do (names come first)
    )
    for goals, which in phases:  # only widths that end a wrap
        wanting = [i for i, column in enumerate(columns) if which(column) and goals[i] > widths[i]]
        for i in sorted(wanting, key=lambda i: goals[i] - widths[i]):
            if goals[i] - widths[i] <= room:
                room -= goals[i] - widths[i]
                widths[i] = goals[i]
    # what is left, a cell at a time to each in turn: shortened names longer, wrapped words on fewer lines
    kinds = ("words", "name") if style.cut else ("words",)
    growing = [i for i, column in enumerate(columns) if column.kind in kinds]
    while room and (growing := [i for i in growing if widths[i] < full_cells[i]]):
        for i in growing[:room]:
            widths[i] += 1
            room -= 1
    return Block(tuple(columns), tuple(widths))


def _one_block(columns: Sequence[Column], width: int, style: Style) -> tuple[Block, ...] | None:
    block = _fit(columns, width, style)
    return None if block is None else (block,)


def _split(columns: Sequence[Column], width: int, style: Style) -> tuple[Block, ...] | None:
    """The columns in blocks, each block the key columns and as many of the others, in their order, as
    fit; None if the key columns and one other do not."""
    keys = [column for column in columns if column.key]
    groups: list[list[Column]] = [[]]
    for column in (column for column in columns if not column.key):
        trial = _in_order(columns, keys + groups[-1] + [column])
        if groups[-1] and _fit(trial, width, style) is None:
            groups.append([])
        groups[-1].append(column)
    blocks = [_fit(_in_order(columns, keys + group), width, style) for group in groups]
    fitted = tuple(block for block in blocks if block is not None)
    return fitted if len(fitted) == len(blocks) else None


def _in_order(columns: Sequence[Column], some: list[Column]) -> list[Column]:
    """`some` of `columns`, in the table's order."""
    chosen = {id(column) for column in some}
    return [column for column in columns if id(column) in chosen]

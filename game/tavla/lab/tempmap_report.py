"""The temperature map of a position (game/tavla/lab/tempmap.py) as the `tempmap` command shows it
(game/tavla/commands/tempmap.py): on a 6x6 grid, then the 21 rolls ranked; and its JSON. The table's
study card (game/tavla/screens/table/study_card.py) writes its cells in the same words.

The grid is laid out here for the console's width: each cell as wide as its longest play where there
is room, else narrower with the plays shortened; boxed, or on a narrower terminal without the box (which
leaves the plays more room), and only where six columns cannot fit even so, in two, three or six blocks
of columns, each block with the rows' first die. The differences from the
average roll are coloured on a colour terminal (better green, worse red). The ranked list is a table of
game/core/text/terminal_table.py, which wraps at any width as the other commands' tables do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.text.i18n import _
from game.core.text.terminal import cells, table_console
from game.core.text.terminal_table import Column, print_table, shortened
from game.tavla.engine.notation import format_play
from game.tavla.engine.study_position import Setup
from game.tavla.engine.xgid import write_xgid
from game.tavla.lab.rollout_report import CHANCES
from game.tavla.lab.tempmap import RollFigure, TempMap

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

JSON_FORMAT = "fifteen-tavla tempmap"
JSON_VERSION = 1
DIE_FACES = range(1, 7)
MIN_CELL = 6  # the narrowest grid cell: a difference such as -0.123 whole
WANTED_CELL = 11  # a cell that shows most plays of a non-double whole (24/23 13/11, 24/20* 13/8)
LABEL_CELLS = 1  # the rows' first die
BLOCKS = (6, 3, 2, 1)  # columns of the grid in one block, as many as fit
EVEN = 0.0005  # a difference that rounds to 0.000 is neither better nor worse
BETTER, WORSE = "green", "red"
ELLIPSIS = "…"


def print_tempmap(mapped: TempMap, setup: Setup | None = None, console: Console | None = None) -> None:
    """The heading, the grid, its legend and the ranked rolls, at the console's width."""
    from rich.text import Text

    if console is None:
        console = table_console()
    for line in heading_lines(mapped, setup):
        console.print(Text(line))
    for table in grid_tables(mapped, console.width):
        console.print(table)
    # Translators: the legend under a temperature map's grid of the 36 rolls
    legend = _(
        "rows: the first die; columns: the second; each cell: the roll, its best play, and its "
        "equity minus the average roll's"
    )
    console.print(Text(legend))
    # Translators: the title of a temperature map's list of the 21 rolls
    print_table(console, ranked_columns(mapped), _("The 21 rolls, best first"))


def heading_lines(mapped: TempMap, setup: Setup | None = None) -> list[str]:
    """What the map is of and how it was judged, the average roll, and the dice of the ID left aside."""
    # Translators: how a temperature map's plays were judged: exactly, by the bear-off database, without
    # the cube
    judged = _("the bear-off database, exact, cubeless") if mapped.exact else mapped.judged_by
    # Translators: the heading of a temperature map: {judged} is how the plays were judged, with the
    # equity's kind ("Open Sage 2-ply, cubeful at the score" or "the bear-off database, exact, cubeless"),
    # {rules} the rule set (tavla, standard)
    heading = _("Temperature map of the player on roll, before the roll: {judged}, {rules} rules")
    lines = [heading.format(judged=judged, rules=_(mapped.rules.short_name))]
    # Translators: a temperature map's average over the 36 rolls of the best play's equity
    lines.append(_("average roll: equity {equity:+.3f}").format(equity=mapped.average))
    if setup is not None and setup.dice is not None:
        # Translators: the position given holds dice (e.g. 31); a temperature map is of all rolls
        note = _("the dice of the position ({dice}) are left aside: the map is of every roll")
        lines.append(note.format(dice=f"{setup.dice[0]}{setup.dice[1]}"))
    return lines


def play_text(roll: RollFigure) -> str:
    """The best play as the analysis shows it, or "no move"."""
    return roll.shown or _("no move")


def figure_text(value: float) -> str:
    """An equity or a difference, signed, to a thousandth (never -0.000)."""
    return f"{round(value, 3) + 0.0:+.3f}"


def cell_lines(roll: RollFigure, width: int) -> tuple[str, str, str]:
    """A grid cell's three lines in `width` cells: the roll, its best play (shortened if need be) and
    its difference from the average roll."""
    return roll.text, shortened_play(play_text(roll), width), figure_text(roll.versus_average)


def shortened_play(play: str, width: int) -> str:
    """`play` in at most `width` cells: whole, else its first moves that fit and an ellipsis (`24/23…`,
    never a cut move such as `13…`); a first move too long for the cell alone is cut."""
    if cells(play) <= width:
        return play
    kept = ""
    for word in play.split():
        joined = f"{kept} {word}" if kept else word
        if cells(joined) + cells(ELLIPSIS) > width:
            break
        kept = joined
    return kept + ELLIPSIS if kept else shortened(play, width)


def grid_cells(mapped: TempMap, width: int) -> list[list[tuple[str, str, str]]]:
    """The grid's cells, rows by the first die 1-6, columns by the second."""
    return [[cell_lines(mapped.roll(first, second), width) for second in DIE_FACES] for first in DIE_FACES]


def grid_layout(mapped: TempMap, width: int) -> tuple[int, bool, int]:
    """(columns per block, boxed, cell width): the fewest blocks; boxed where the box leaves room for
    the plays (up to WANTED_CELL), else without it, which leaves more; the cells as wide as the longest
    play where there is room. The narrowest layout when nothing fits."""
    longest = max(MIN_CELL, *(cells(play_text(roll)) for roll in mapped.rolls))
    for per_block in BLOCKS:
        count = per_block + 1
        boxed_room = (width - (3 * count + 1) - LABEL_CELLS) // per_block
        if boxed_room >= min(longest, WANTED_CELL):
            return per_block, True, min(boxed_room, longest)
        open_room = (width - 2 * (count - 1) - LABEL_CELLS) // per_block
        if open_room >= MIN_CELL:
            return per_block, False, min(open_room, longest)
    return BLOCKS[-1], False, MIN_CELL


def grid_tables(mapped: TempMap, width: int) -> list[Table]:
    """The grid as rich tables for `width` cells: one, or blocks of its columns."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    per_block, boxed, cell = grid_layout(mapped, width)
    grid = grid_cells(mapped, cell)
    tables = []
    for first_column in range(0, len(DIE_FACES), per_block):
        columns = DIE_FACES[first_column : first_column + per_block]
        if boxed:
            table = Table(box=box.SQUARE, show_lines=True)
        else:
            table = Table(
                box=box.SIMPLE_HEAD, show_lines=True, show_edge=False, padding=(0, 0, 0, 1), pad_edge=False
            )
        table.add_column("", width=LABEL_CELLS, justify="right", style="bold")
        for second in columns:
            table.add_column(Text(str(second)), width=cell, justify="center", no_wrap=True)
        for first in DIE_FACES:
            row: list[Text] = [Text(str(first))]
            for second in columns:
                roll_text, play, difference = grid[first - 1][second - 1]
                versus = mapped.roll(first, second).versus_average
                text = Text(f"{roll_text}\n{play}\n")
                text.append(difference, style=BETTER if versus > EVEN else WORSE if versus < -EVEN else "")
                row.append(text)
            table.add_row(*row)
        tables.append(table)
    return tables


def ranked_columns(mapped: TempMap) -> list[Column]:
    """The 21 rolls best first: rank, roll, best play, equity, difference from the average."""
    ranked = mapped.ranked()
    return [
        # Translators: heading of the rank column in a temperature map's list of rolls
        Column(_("#"), [str(rank) for rank in range(1, len(ranked) + 1)], key=True),
        # Translators: heading of a temperature map's column of rolls (65, 11)
        Column(_("Roll"), [roll.text for roll in ranked], key=True),
        # Translators: heading of a temperature map's column of each roll's best play
        Column(_("Best play"), [play_text(roll) for roll in ranked], kind="name"),
        # Translators: heading of a temperature map's column of each roll's equity (as the heading says)
        Column(_("Equity"), [figure_text(roll.equity) for roll in ranked], _("Eq."), _("equity")),
        Column(
            # Translators: heading of a temperature map's column: a roll's equity minus the average roll's
            _("Versus average"),
            [figure_text(roll.versus_average) for roll in ranked],
            # Translators: short heading of "Versus average" for narrow terminals, explained by a legend
            _("± avg"),
            # Translators: what "± avg" stands for, in the legend under a narrow table
            _("the equity minus the average roll's"),
        ),
    ]


def tempmap_json(setup: Setup, mapped: TempMap, seconds: float) -> dict[str, Any]:
    """The JSON the `tempmap` command writes: the position before the roll (its IDs without dice), how it was
    judged, the rolls best first, the average."""
    before = setup.with_dice(None)
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "rules": str(mapped.rules),
        "level": mapped.level,
        "judged_by": mapped.judged_by,
        "exact": mapped.exact,
        "state": list(setup.state),
        "id": before.gnubg_id,
        "xgid": write_xgid(before),
        "rolls": [_roll_json(roll) for roll in mapped.ranked()],
        "average": mapped.average,
        "seconds": round(seconds, 3),
    }


def _roll_json(roll: RollFigure) -> dict[str, Any]:
    return {
        "dice": list(roll.dice),
        "play": roll.shown,
        "moves": format_play(roll.play),
        "weight": roll.weight,
        "equity": roll.equity,
        "versus_average": roll.versus_average,
        **{name: value for name, value in zip(CHANCES, roll.chances, strict=True)},
        "state_after": list(roll.after),
    }

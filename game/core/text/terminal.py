"""Prose for a terminal: its width, and lines wrapped between words by the cells each character takes.

A terminal cuts a line that is too long at its last column, in the middle of a word (`Disqua|lified`),
and a Korean character takes two of its cells. What a command prints to a terminal is wrapped here,
between words, to the terminal's width; to a file or a pipe its lines stay as they are, one line per
figure, for scripts to read. The tables are game/core/text/terminal_table.py.
"""

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console

HANGING = "    "  # a wrapped line's next lines, under its own indent, so they read as one line
DEFAULT_WIDTH = 80  # a table's width to a file or a pipe when COLUMNS does not say one
MAX_WIDTH = 1000  # the widest COLUMNS is taken at its word


def cells(text: str) -> int:
    """The terminal cells `text` takes: two for a Korean or other wide character, one for most."""
    from rich.cells import cell_len

    return cell_len(text)


def terminal_width(stream: TextIO | None = None) -> int | None:
    """The width of the terminal that `stream` (stdout by default) writes to, None for a file or a pipe:
    as the tables' rich sees them (COLUMNS first; TTY_COMPATIBLE=1 or 0 says whether it is one)."""
    from rich.console import Console

    stream = sys.stdout if stream is None else stream
    if stream is None:
        return None
    console = Console(file=stream)
    return console.width if console.is_terminal else None


def table_console(stream: TextIO | None = None) -> "Console":
    """A rich console on `stream` (stdout) at the width a table is laid out for: a terminal's own; to a
    file or a pipe COLUMNS when it is set, else DEFAULT_WIDTH. Left alone, rich measured the terminal
    on stderr for a file on stdout (117 columns in a file asked for 80), and the commands had fixed
    widths of their own (100, 160)."""
    from rich.console import Console

    console = Console(file=sys.stdout if stream is None else stream)
    if not console.is_terminal:
        console.width = asked_width() or DEFAULT_WIDTH
    return console


def asked_width() -> int | None:
    """The width COLUMNS asks for, None when it is unset or not a width (0, text, a huge number)."""
    import os

    text = os.environ.get("COLUMNS", "").strip()
    if not text.isdecimal() or not text.isascii() or len(text) > 4:
        return None
    width = int(text)
    return width if 1 <= width <= MAX_WIDTH else None


def wrap(text: str, width: int, indent: str = "", hang: str | None = None) -> list[str]:
    """`text` in lines of at most `width` cells, broken only between words (never at a hyphen); the
    first line starts with `indent`, the others with `hang` (`indent` if None). A word longer than a
    whole line is the only thing cut, on a line of its own."""
    from rich.cells import chop_cells

    hang = indent if hang is None else hang
    lines: list[str] = []
    line = ""

    def prefix() -> str:
        return hang if lines else indent

    for word in text.split():
        joined = f"{line} {word}" if line else word
        if cells(prefix() + joined) <= width:
            line = joined
            continue
        if line:
            lines.append(prefix() + line)
        room = max(width - cells(prefix()), 1)
        *whole, line = chop_cells(word, room) if cells(word) > room else [word]
        for piece in whole:
            lines.append(prefix() + piece)
    if line or not lines:
        lines.append(prefix() + line)
    return lines


def print_lines(lines: Iterable[str], stream: TextIO | None = None) -> None:
    """Print `lines` on `stream` (stdout): on a terminal each wrapped between words to its width, its
    next lines indented under it; to a file or a pipe as they are."""
    stream = sys.stdout if stream is None else stream
    width = terminal_width(stream)
    for line in lines:
        if width is None or cells(line) <= width:
            print(line, file=stream)
            continue
        indent = line[: len(line) - len(line.lstrip(" "))]
        print("\n".join(wrap(line, width, indent, indent + HANGING)), file=stream)


class WrappingHelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped between words by the cells a character takes (argparse counts a Korean
    character as one, so its lines ran past the terminal) and never at a hyphen (`./tavla-`)."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(wrap(text, width, indent))


@contextmanager
def progress_bar(
    label: str, total: int, time_left: bool = False, percent: bool = False
) -> Iterator[Callable[[int], None]]:
    """A bar on stderr, when it is a terminal and there is more than one step: `advance(done)` moves it,
    and `time_left` adds an estimate of the time left; `percent` shows how far in percent instead of
    "done/total" (steps of a build counted in millions). Elsewhere `advance` does nothing.

    A first `advance` that starts part-way (a build going on from where it was stopped) does not count
    towards the estimate: rich measures the speed from the second figure on."""
    if total < 2 or not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = [TextColumn(label), BarColumn(), TaskProgressColumn() if percent else MofNCompleteColumn()]
    if time_left:
        columns.append(TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("", total=total)
        yield lambda done: bar.update(task, completed=done)

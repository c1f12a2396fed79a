"""`stats`: the statistics of the kept solves as a table per board, and as JSON."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from game.core.text.i18n import _, ngettext
from game.puzzle.model.stats_report import NONE, format_time, unreadable_text

if TYPE_CHECKING:
    from game.puzzle.model.settings import PuzzleSettings
    from game.puzzle.model.size import BoardSize
    from game.puzzle.model.solve_records import SolveRecords
    from game.puzzle.model.stats import Solve, Stats


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    stats = commands.add_parser("stats", help=_("print the statistics of your puzzle solves"))
    stats.add_argument("--size", metavar="WxH", help=_("only this board size, e.g. 4x4"))
    stats.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))
    return stats


def run(args: argparse.Namespace, config: PuzzleSettings) -> int:
    return stats_command(args.size, args.json_path)


def stats_command(
    size: str | None = None, json_path: str | None = None, records: SolveRecords | None = None
) -> int:
    """Print the statistics of every board (of ``size`` if given); write them to ``json_path`` if given.

    Nothing is written anywhere unless ``json_path`` names a file. Returns 0, also with no solves yet.
    A row of the records that cannot be read is left out, and said on stderr (and in the JSON).
    """
    from game.puzzle.model.size import BoardSize
    from game.puzzle.model.solve_records import SolveRecords
    from game.puzzle.model.stats import by_board, compute

    key = None if size is None else BoardSize.parse(size)
    book = records if records is not None else SolveRecords()
    solves = book.solves(key)
    groups = by_board(solves)
    figures = {board: compute(solves) for board, solves in groups.items()}
    if json_path is not None:
        _write_json(json_path, figures, solves.skipped)
    if solves.skipped:
        print(unreadable_text(solves.skipped), file=sys.stderr)
    if not groups:
        if key is None:
            print(_("No solves yet: solve a puzzle and its statistics show here."))
        else:
            # Translators: {size} is a board size like 4x4.
            print(_("No {size} solves yet.").format(size=key))
        return 0
    _print_tables(groups, figures)
    return 0


def _number(value: float | None, digits: int = 3) -> str:
    return NONE if value is None else f"{value:.{digits}f}"


def _write_json(path: str, figures: dict[tuple[BoardSize, str], Stats], unreadable: int) -> None:
    import json

    from game.core.files.writing import write_report

    boards = [
        {"size": str(size), "picture": picture, **stats.to_json()}
        for (size, picture), stats in figures.items()
    ]
    figures_json = {"boards": boards, "unreadable_solves": unreadable}
    text = json.dumps(figures_json, indent=2, ensure_ascii=False) + "\n"
    write_report(path, text)


def _print_tables(
    groups: dict[tuple[BoardSize, str], list[Solve]], figures: dict[tuple[BoardSize, str], Stats]
) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from game.core.text.terminal import table_console
    from game.puzzle.model.settings import picture_title
    from game.puzzle.model.stats import WINDOWS

    console = table_console()
    for (size, picture), stats in figures.items():
        last = next((solve for solve in reversed(groups[size, picture]) if solve.counted), None)
        # Translators: part of a statistics heading: how many solves count, e.g. "12 solves"
        counted = ngettext("{count} solve", "{count} solves", stats.solves).format(count=stats.solves)
        # Translators: a statistics heading. {size} is a board size like 4x4, {picture} the picture's
        # name, {counted} e.g. "12 solves"
        title = _("{size} · {picture}: {counted}").format(
            size=size, picture=picture_title(picture), counted=counted
        )
        if stats.not_counted:
            # Translators: the end of a statistics heading: solves kept but not counted
            other = ngettext(
                "{count} more not counted (practice or help)",
                "{count} more not counted (practice or help)",
                stats.not_counted,
            )
            title += "; " + other.format(count=stats.not_counted)
        # a picture's name is never split across lines: cut with an ellipsis where a terminal is narrower
        cut = "ellipsis" if console.is_terminal else "fold"
        console.print(Text(title, style="bold"), overflow=cut)
        table = Table(box=box.SIMPLE)
        table.add_column("")
        # Translators: heading of a statistics column: the latest solve or average
        table.add_column(_("Current"), justify="right")
        # Translators: heading of a statistics column: the best solve or average so far
        table.add_column(_("Best"), justify="right")
        # Translators: a row of the statistics table: the time of one solve
        latest = None if last is None else last.seconds
        table.add_row(_("Time"), format_time(latest), format_time(stats.best_time))
        # Translators: a row of the statistics table: the moves of one solve
        table.add_row(_("Moves"), NONE if last is None else str(last.moves), _number(stats.best_moves, 0))
        # Translators: a row of the statistics table: tiles moved per second (keep TPS if usual)
        table.add_row(_("TPS"), _number(None if last is None else last.tps), _number(stats.best_tps))
        for window in WINDOWS:
            average = stats.averages[window.name]
            table.add_row(window.name, format_time(average.current), format_time(average.best))
        console.print(table)

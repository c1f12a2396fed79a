"""`solve`: the tiles to slide to solve a board, by the solver or by the coach's method."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext

if TYPE_CHECKING:
    from game.puzzle.model.settings import PuzzleSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    solve = commands.add_parser("solve", help=_("print the tiles to slide to solve a puzzle board"))
    solve.add_argument("--size", required=True, metavar="WxH", help=_("columns x rows, each 2-10"))
    solve.add_argument("--board", required=True, metavar='"t0 t1 ..."', help=_("tiles row by row, 0 = empty"))
    solve.add_argument("--optimal", action="store_true", help=_("fewest moves (boards up to 4x4)"))
    solve.add_argument(
        "--method",
        choices=("solver", "human"),
        default="solver",
        # Translators: help of `solve --method`; keep the choices solver and human as they are.
        help=_("solver (default) or human: the method the coach teaches, row by row"),
    )
    return solve


def run(args: argparse.Namespace, config: PuzzleSettings) -> int:
    """The tiles on stdout, the one line scripts read; how many on stderr."""
    if args.method == "human":
        if args.optimal:
            # Translators: --optimal and --method human are command-line options, keep them as they are.
            raise UserError(_("--optimal is the solver's: leave it out with --method human"))
        tiles = method_line(args.size, args.board)
    else:
        tiles = solver_line(args.size, args.board, args.optimal)
    print(tiles)
    count = len(tiles.split())
    if args.optimal:
        # Translators: said on stderr after `solve --optimal` printed the tiles; {count} is how many
        said = ngettext(
            "{count} tile to slide, the fewest there are",
            "{count} tiles to slide, the fewest there are",
            count,
        )
    else:
        # Translators: said on stderr after `solve` printed the tiles to slide; {count} is how many
        said = ngettext("{count} tile to slide", "{count} tiles to slide", count)
    print(said.format(count=count) if count else _("the board is already solved"), file=sys.stderr)
    return 0


def solver_line(size_text: str, board_text: str, optimal: bool) -> str:
    """The solver's tiles to slide, separated by spaces, empty when solved.

    The first run for a size builds its tables with a progress bar on stderr (then they are cached); the
    first optimal 4x4 solve the strong tables too. Boards larger than 4x4 get ``best``: the very figure the
    game's solved panel shows (both use the strong tables when they are cached).
    """
    from game.puzzle.model.board import parse_tiles
    from game.puzzle.model.size import BoardSize
    from game.puzzle.solver import best, distance_tables, solve

    size = BoardSize.parse(size_text)
    board = parse_tiles(size, board_text)
    small = distance_tables.optimal_supported(size.columns, size.rows)
    if optimal and not small:
        solve(board, optimal=True)
    _prepare_with_bar(*((size.columns, size.rows) if small else (4, 4)), strong=optimal)
    if not small:
        return " ".join(map(str, best(board)))
    return " ".join(map(str, solve(board, optimal=optimal)))


def _prepare_with_bar(width: int, height: int, strong: bool) -> None:
    """Tables from the cache, or built under a rich progress bar on stderr: the strong 4x4 ones only
    for ``strong`` (an optimal solve; the others use them when they are cached)."""
    from game.puzzle.model.size import BoardSize
    from game.puzzle.solver import distance_tables, pdb

    extra = distance_tables.strong_patterns(width, height)
    if extra and all(pdb.peek(p) is not None for p in extra):
        return  # all the solver needs, read now (the quick tables would only cost time)
    extra = extra if strong else []
    needed = distance_tables.patterns(width, height) + extra
    if all(pdb.peek(p) is not None for p in needed):
        distance_tables.prepare(width, height, strong=bool(extra))
        return
    from rich.console import Console
    from rich.progress import Progress as Bar

    with Bar(console=Console(stderr=True), transient=True) as bar:
        # Translators: a progress bar's description on the command line; {size} is a board size like 4x4.
        description = _("building {size} pattern databases (once)").format(size=BoardSize(width, height))
        task = bar.add_task(description, total=None)

        def report(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        distance_tables.prepare(width, height, report, strong=bool(extra))


def method_line(size_text: str, board_text: str) -> str:
    """The tiles the coach's method slides (game/puzzle/model/method_steps.py), separated by spaces as the
    solver's are (empty when solved)."""
    from game.puzzle.model.board import parse_tiles
    from game.puzzle.model.method_steps import solution
    from game.puzzle.model.size import BoardSize

    size = BoardSize.parse(size_text)
    board = parse_tiles(size, board_text)
    if not board.is_solvable():
        # Translators: {size} is a board size like 4x4.
        raise UserError(_("the {size} board cannot be solved").format(size=size))
    return " ".join(map(str, solution(board)))

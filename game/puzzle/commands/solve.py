"""`solve`: the tiles to slide to solve a board, by the solver or by the coach's method."""

from __future__ import annotations

import argparse
import math
import sys
from typing import TYPE_CHECKING

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.core.text.notices import to_stderr

if TYPE_CHECKING:
    from game.puzzle.model.settings import PuzzleSettings
    from game.puzzle.model.size import BoardSize
    from game.puzzle.solver.pattern import Pattern


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


BUILD_RATE = 1.5e6
"""States a second a table's build expands, for the first run's estimate: some 2 million on an idle
laptop core, 0.8 million on two busy ones (the strong 4x4 table: 140 million, 70 s to 3 min)."""


def _prepare_with_bar(width: int, height: int, strong: bool) -> None:
    """Tables from the cache, or built: the strong 4x4 ones only for ``strong`` (an optimal solve; the
    others use them when they are cached).

    A build first says on stderr what it builds and about how long it takes, then shows a bar with the
    time left on a terminal. Ctrl+C (or SIGTERM) keeps what was built, the finished tables and the strong
    table's build part-way (game/puzzle/solver/build_checkpoint.py), says so, and ends the command as
    any Ctrl+C does."""
    from game.core.text.terminal import progress_bar
    from game.puzzle.model.size import BoardSize
    from game.puzzle.solver import distance_tables, pdb, regions

    extra = distance_tables.strong_patterns(width, height)
    if extra and all(pdb.peek(p) is not None for p in extra):
        return  # all the solver needs, read now (the quick tables would only cost time)
    strong = strong and bool(extra)
    needed = distance_tables.needed_patterns(width, height, strong=strong)
    missing = [p for p in needed if pdb.peek(p) is None]
    if not missing:
        distance_tables.prepare(width, height, strong=strong)
        return
    size = BoardSize(width, height)
    to_stderr(_first_run_notice(size, missing))
    # Translators: a progress bar's description on the command line; {size} is a board size like 4x4.
    label = _("building {size} pattern databases (once)").format(size=size)
    total = sum(regions.work(p) for p in needed)
    try:
        with progress_bar(label, total, time_left=True, percent=True) as advance:
            distance_tables.prepare(
                width, height, lambda done, _total: advance(done), strong=strong, note=to_stderr
            )
    except KeyboardInterrupt:
        to_stderr(_stopped(size, needed))
        raise


def _first_run_notice(size: BoardSize, missing: list[Pattern]) -> str:
    """What is built, about how long it takes (less what a stopped build kept), and whether stopping
    it keeps what it built."""
    from game.puzzle.solver import build_checkpoint, pdb, regions

    seconds = 0.0
    for pattern in missing:
        kept = build_checkpoint.kept_share(pattern) if pdb.resumable(pattern) else None
        seconds += regions.work(pattern) * (1 - (kept or 0.0)) / BUILD_RATE
    if seconds < 60:
        # Translators: how long a build takes, roughly; {seconds} is a number of seconds
        duration = _("about {seconds} s").format(seconds=max(5, 5 * math.ceil(seconds / 5)))
    else:
        # Translators: how long a build takes, roughly; {minutes} is a number of minutes
        duration = _("about {minutes} min").format(minutes=round(seconds / 60))
    if any(pdb.resumable(pattern) for pattern in missing):
        # Translators: said once, before the optimal solver's big tables are built; {size} is a board
        # size like 4x4, {duration} says how long, like "about 2 min"
        text = _(
            "building the {size} solver's tables, once for this computer: {duration}; "
            "stopped (Ctrl+C), it keeps what it built and the next run goes on from there"
        )
    else:
        # Translators: said once, before the solver's tables are built; {size} is a board size like
        # 4x4, {duration} says how long, like "about 10 s"
        text = _("building the {size} solver's tables, once for this computer: {duration}")
    return text.format(size=size, duration=duration)


def _stopped(size: BoardSize, needed: list[Pattern]) -> str:
    """What a stopped build kept: the strong table's build part-way, said as the next run will say it
    ("goes on from 3%"), else the share of the work in the tables finished."""
    from game.puzzle.solver import build_checkpoint, pdb, regions, table_file

    shares = [build_checkpoint.kept_share(pattern) for pattern in needed if pdb.resumable(pattern)]
    kept = next((share for share in shares if share), None)
    if kept is None:
        work = [regions.work(pattern) for pattern in needed]
        finished = [table_file.cache_path(pattern).is_file() for pattern in needed]
        kept = sum(size_of for size_of, done in zip(work, finished, strict=True) if done) / max(1, sum(work))
    if not kept:
        # Translators: a table's build was stopped (Ctrl+C) before any of it could be kept
        return _("stopped before any of the build could be kept: the next run starts it again")
    # Translators: a table's build was stopped (Ctrl+C); {percent} of it is kept, a percentage such as
    # 52%; {size} is a board size like 4x4
    message = _("stopped: {percent} of the {size} tables' build is kept, and the next run goes on from there")
    return message.format(percent=build_checkpoint.kept_percent(kept), size=size)


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

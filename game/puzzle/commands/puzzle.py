"""`puzzle`: the window opened straight at a sliding puzzle."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.core.limits import seed_argument
from game.core.text.i18n import _

if TYPE_CHECKING:
    from game.puzzle.model.settings import PuzzleSettings
    from game.ui.shell import FirstScreen, Shell


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    puzzle = commands.add_parser("puzzle", help=_("open straight into a sliding puzzle"))
    puzzle.add_argument("--size", metavar="WxH", help=_("columns x rows, each 2-10, e.g. 4x4 or 6x5"))
    puzzle.add_argument(
        "--image",
        metavar="NAME|PATH|numbers",
        help=_("a picture from the config or your pictures folder, an image file, or numbers"),
    )
    puzzle.add_argument("--seed", type=seed_argument, help=_("shuffle reproducibly from this seed"))
    puzzle.add_argument(
        "--id", dest="game_id", metavar="GAME_ID", help=_("an exact board, WxH:t0,t1,... or WxH#seed")
    )
    puzzle.add_argument(
        "--coach", action="store_true", help=_("with the coach on, as the menu's Learn opens it")
    )
    return puzzle


def run(args: argparse.Namespace, config: PuzzleSettings) -> FirstScreen:
    """The puzzle as the window's first screen (game/cli.py opens the window); bad arguments are refused
    before it opens, so the message comes on the command line."""
    from game.puzzle.model.board import parse_game_id
    from game.puzzle.model.size import BoardSize

    if args.size is not None:
        args.size = BoardSize.parse(args.size)  # read once, here: the window is given the value
    if args.game_id is not None:
        parse_game_id(args.game_id)
    if args.image is not None:
        config.puzzle.resolve_picture(args.image)

    def first(window: Shell) -> None:
        from game.puzzle.screens.view import PuzzleView

        chosen = {"size": args.size, "image": args.image, "seed": args.seed, "game_id": args.game_id}
        window.show_view(PuzzleView(**chosen, coach=args.coach))

    return first

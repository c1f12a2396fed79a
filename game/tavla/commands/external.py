"""`external`: GNU Backgammon's external player, gnubg playing ours through a local socket
(game/tavla/serve/external.py)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING

from game.core.limits import idle_argument, whole_argument
from game.core.text.i18n import _
from game.tavla.commands.options import JUDGE_LEVELS
from game.tavla.engine.rules import Rules

if TYPE_CHECKING:
    from game.tavla.settings import TavlaSettings


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    external = commands.add_parser(
        "external", help=_("GNU Backgammon's external player: gnubg plays ours through a local socket")
    )
    external.add_argument(
        "--port",
        required=True,
        type=whole_argument(0, 65535),
        metavar="N",
        help=_("the TCP port on localhost"),
    )
    external.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("how deep it plays"))
    external.add_argument(
        "--idle",
        type=idle_argument,
        default=None,
        metavar="SECONDS",
        help=_("a connection that sends no line this long gives way to the next client (default 60)"),
    )
    return external


def run(args: argparse.Namespace, config: TavlaSettings) -> int:
    return external_command(args.port, args.level, args.idle)


def external_command(port: int, level: str, idle: float | None = None) -> int:
    """gnubg's external player (standard rules, as gnubg plays), until Ctrl+C; `idle` seconds (None: the
    default) before a silent connection gives way to the next client. The notices go to stderr while it
    takes them: a stderr nobody reads any more (`2>&1 | head -1`) ends the notices, never the service."""
    from game.tavla.serve.external import IDLE_SECONDS, listen, serve
    from game.tavla.serve.ubgi import LEVEL_PLIES, build_bot

    rules = Rules.STANDARD
    bot = build_bot(rules, LEVEL_PLIES[level])
    listener = listen(port)
    silenced = False

    def said(line: str) -> None:
        nonlocal silenced
        if silenced or sys.stderr is None:
            return
        try:
            print(line, file=sys.stderr, flush=True)
        except (OSError, ValueError):
            silenced = True
            with contextlib.suppress(OSError, ValueError):  # what is left in its buffer goes nowhere
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stderr.fileno())

    with listener:
        address = f"localhost:{listener.getsockname()[1]}"
        # Translators: {address} is host:port; {command} the gnubg command that makes a player ours
        message = _("listening on {address}: in GNU Backgammon, {command}")
        said(message.format(address=address, command=f"set player 1 external {address}"))
        status = serve(bot, rules, listener, said, IDLE_SECONDS if idle is None else idle)
    # Translators: said when the external player stops serving because its socket was closed
    said(_("the listening socket was closed: the external player stops"))
    return status

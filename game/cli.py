"""The command line: `python main.py [COMMAND] ...`.

Commands that need no window (moves, bot, solve, tournament) never import Arcade, so they start fast
and run on machines without a display. Every bad argument or input ends with one line on stderr and
exit status 2; no traceback reaches a user.
"""

import argparse
import contextlib
import errno
import os
import re
import signal
import stat
import sys
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game import __version__, i18n
from game.errors import BotFailed, OutputFailed, RulesRefused, UserError
from game.heap import settle_startup_objects
from game.i18n import N_, _, ngettext
from game.limits import (
    MAX_GAMES,
    MAX_JOBS,
    MAX_ROLLOUT_GAMES,
    MAX_ROLLOUT_PLAYS,
    MAX_ROLLOUT_PLIES,
    OutOfRange,
    answer_seconds,
    idle_seconds,
    seed_number,
    whole_number,
)
from game.quoting import PATH_CHARS, QUOTE_CHARS, quoted
from game.tavla.engine.board_games import TableGames, table_choices
from game.tavla.engine.cube import MAX_CUBE
from game.tavla.engine.rules import MAX_CUBE_MATCH, Rules
from game.tavla.eval.levels import PLAYING_LEVELS, JudgeLevel
from game.terminal import WrappingHelpFormatter, print_lines

if TYPE_CHECKING:
    from game.config import Config

PROG = "fifteen-tavla"
JUDGE_LEVELS = tuple(level.value for level in PLAYING_LEVELS)
ANALYSIS_LEVELS = tuple(level.value for level in JudgeLevel)  # and the roller, for `analyse` alone
MESSAGE_CHARS = 1000  # the longest message line the command line prints (each quoted value is cut already)
ARGPARSE_CHARS = 400  # ... and of argparse's, which quotes what was typed
ERROR_CHARS = 300  # an unexpected error as the one line names it (the whole is in crash.log)
_QUOTED = re.compile("'([^']{" + str(QUOTE_CHARS + 1) + ",})'")
EXIT_USAGE = 2
EXIT_SIGNALLED = 128  # plus the signal's number: 130 after Ctrl+C, 143 after SIGTERM, 129 after SIGHUP
STOP_SIGNALS = ("SIGTERM", "SIGHUP")  # end a command as Ctrl+C does
EXIT_IO = 74  # EX_IOERR: the output could not be written (stdout closed, a full disk)
EXIT_BOT_FAILED = 3  # the `bot` command: the bot crashed, timed out or answered an illegal play
CRASH_LOG = "crash.log"  # in the data folder (game/paths.py)
CRASH_LOG_BYTES = 1_000_000  # the end of a longer traceback is kept
HUMAN = "human"
WINDOW_COMMANDS = (None, "puzzle", "tavla")  # the commands that open the window and print nothing
STATE_HELP = N_("the position, docs/position.md")  # the --state of moves, bot and cube
# Translators: the --state of moves and bot; Plakoto's positions have 52 integers (docs/tavla-games.md)
GAMES_STATE_HELP = N_("the position, docs/position.md (Plakoto: 52 integers, docs/tavla-games.md)")

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
"""argparse's own messages that a user can meet. argparse looks them up with module-level gettext
functions; `_speak_argparse` points those at our catalogues, and this list puts them there."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the problem, then exit 2; help is wrapped between
    words by the cells each character takes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", WrappingHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(
            EXIT_USAGE,
            _("{prog}: error: {message} (see --help)").format(prog=self.prog, message=_cut_quotes(message))
            + "\n",
        )

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        """End with `status`; `message` goes to stderr if it takes it."""
        if message:
            _say(message.rstrip("\n"))
        sys.exit(status)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Help and the version go to stdout, and a failure to write them is reported (argparse's own
        keeps silent, and exits 0)."""
        if not message:
            return
        if file is None:  # stdout was closed
            raise _failed(None)
        file.write(message)


def _cut_quotes(message: str) -> str:
    """argparse's message with every value it quotes cut (`invalid choice: '<5 MB>'`), on one line."""
    cut = _QUOTED.sub(lambda found: f"'{quoted(found.group(1))}'", message)
    return one_line(cut, ARGPARSE_CHARS)


def one_line(message: object, limit: int = MESSAGE_CHARS) -> str:
    """A message as the command line prints it, the last guard of its one-line contract: line breaks
    and runs of blanks as one space, other control characters escaped (a value's terminal escape
    sequence is shown, not obeyed), and cut to about `limit` characters."""
    text = " ".join(str(message).split())
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text if len(text) <= limit else quoted(text, limit)


def _speak_argparse() -> None:
    """argparse translates its headings and errors with `gettext.gettext`, bound when it was imported;
    rebinding those names is the only way to give it a catalogue chosen from the config."""
    argparse._ = i18n._  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


def _add_config(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--config",
        metavar="PATH",
        default=default,
        help=_("a YAML file whose keys override the defaults (see config/game.yaml)"),
    )


def _number(check: Callable[[str], object], name: str) -> Callable[[str], object]:
    """An argparse type from a check of game/limits.py: a refused number is argparse's one-line error,
    which quotes it cut and says the range."""

    def convert(text: str) -> object:
        try:
            return check(text)
        except OutOfRange as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    convert.__name__ = name
    return convert


def _whole(low: int, high: int) -> Callable[[str], object]:
    return _number(lambda text: whole_number(text, low, high), "int")


_seed = _number(seed_number, "seed")
_timeout = _number(answer_seconds, "seconds")
_idle = _number(idle_seconds, "seconds")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=_(
            "Fifteen & Tavla: the sliding puzzle and a backgammon table. "
            "Without a command, opens the window at the main menu."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("show the version and exit"),
    )
    _add_config(parser, None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    puzzle = commands.add_parser("puzzle", help=_("open straight into a sliding puzzle"))
    puzzle.add_argument("--size", metavar="WxH", help=_("columns x rows, each 2-10, e.g. 4x4 or 6x5"))
    puzzle.add_argument(
        "--image",
        metavar="NAME|PATH|numbers",
        help=_("a picture from the config or your pictures folder, an image file, or numbers"),
    )
    puzzle.add_argument("--seed", type=_seed, help=_("shuffle reproducibly from this seed"))
    puzzle.add_argument(
        "--id", dest="game_id", metavar="GAME_ID", help=_("an exact board, WxH:t0,t1,... or WxH#seed")
    )
    puzzle.add_argument(
        "--coach", action="store_true", help=_("with the coach on, as the menu's Learn opens it")
    )

    tavla = commands.add_parser("tavla", help=_("open straight into the backgammon table"))
    tavla.add_argument("--opponent", metavar="BOT|human", help=_("a bot name, or human for two players"))
    tavla.add_argument(
        "--rules",
        choices=table_choices(),
        help=_("the game: a rule set, or tavli for a Tavli match (default from the config)"),
    )
    tavla.add_argument("--seed", type=_seed, help=_("roll the dice reproducibly from this seed"))
    tavla.add_argument(
        "--cube",
        action=argparse.BooleanOptionalAction,
        help=_("play standard matches with the doubling cube, or not (default from the config)"),
    )

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

    stats = commands.add_parser("stats", help=_("print the statistics of your puzzle solves"))
    stats.add_argument("--size", metavar="WxH", help=_("only this board size, e.g. 4x4"))
    stats.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))

    moves = commands.add_parser("moves", help=_("print every legal play for a position and a roll"))
    moves.add_argument("--state", required=True, metavar='"28 ints"', help=_(GAMES_STATE_HELP))
    moves.add_argument("--dice", required=True, nargs="+", metavar="DIE", help=_("the two dice, 1-6"))
    moves.add_argument("--rules", choices=Rules.names(), default=None, help=_("rule set"))

    bot = commands.add_parser("bot", help=_("print the play a bot chooses for a position and a roll"))
    bot.add_argument(
        "--bot",
        required=True,
        metavar="NAME",
        help=_("a built-in bot, a Python file or module, cmd:<command line> or ubgi:<command line>"),
    )
    bot.add_argument("--state", required=True, metavar='"28 ints"', help=_(GAMES_STATE_HELP))
    bot.add_argument("--dice", required=True, nargs="+", metavar="DIE", help=_("the two dice, 1-6"))
    bot.add_argument("--rules", choices=Rules.names(), default=None, help=_("rule set"))
    bot.add_argument(
        "--timeout",
        type=_timeout,
        default=None,
        metavar="SECONDS",
        help=_("time limit for the answer (default 1, as in a tournament)"),
    )

    cube = commands.add_parser("cube", help=_("print the cube decision for a position before the roll"))
    cube.add_argument("--state", required=True, metavar='"28 ints"', help=_(STATE_HELP))
    cube.add_argument(
        "--rules", choices=Rules.backgammon_names(), default=None, help=_("rule set (the cube: standard)")
    )
    cube.add_argument(
        "--cube", dest="cube_value", type=_whole(1, MAX_CUBE), default=1, metavar="V", help=_("its value")
    )
    cube.add_argument(
        "--owner", default="centre", choices=("centre", "me", "opponent"), help=_("who owns the cube")
    )
    cube.add_argument(
        "--match", type=_whole(1, MAX_CUBE_MATCH), default=None, metavar="N", help=_("a match to N points")
    )
    cube.add_argument(
        "--score",
        type=_whole(0, MAX_CUBE_MATCH),
        nargs=2,
        default=None,
        metavar=("A", "B"),
        help=_("your points, the opponent's"),
    )
    cube.add_argument("--crawford", action="store_true", help=_("this game is the Crawford game"))
    cube.add_argument("--jacoby", action="store_true", help=_("money play under the Jacoby rule"))
    cube.add_argument(
        "--bot", default="master", metavar="NAME", help=_("expert, master (default) or grandmaster")
    )

    analyse = commands.add_parser("analyse", help=_("analyse a match file: errors, marks, luck, ratings"))
    analyse.add_argument(
        "match_paths",
        nargs="+",
        metavar="MATCH",
        help=_(
            "a match file (.mat, .txt, .sgf, .xg); several files or a folder: each match kept in the "
            "history of --player (default: the name every match has)"
        ),
    )
    analyse.add_argument(
        "--rules",
        choices=Rules.backgammon_names(),
        default=None,
        help=_("rule set (default: the file's, or standard)"),
    )
    analyse.add_argument(
        "--json", dest="json_path", metavar="PATH", help=_("also write every decision as JSON")
    )
    analyse.add_argument(
        "--level",
        choices=ANALYSIS_LEVELS,
        help=_("the judge's level (default: the config's tavla.judge, master unless changed in Settings)"),
    )
    analyse.add_argument(
        "--keep", action="store_true", help=_("also keep the match in the history of the player --player")
    )
    analyse.add_argument(
        "--player", metavar="NAME", help=_("with --keep: whose history (a name in the file)")
    )

    progress = commands.add_parser(
        "progress", help=_("print your Tavla progress: error rates match by match")
    )
    progress.add_argument(
        "--rules", choices=Rules.backgammon_names(), default=None, help=_("only this rule set")
    )
    progress.add_argument("--opponent", metavar="NAME", default=None, help=_("only against this opponent"))
    progress.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write it as JSON"))

    practice = commands.add_parser("practice", help=_("the practice deck of your own mistakes"))
    practice.add_argument("--list", action="store_true", help=_("list the deck, the soonest due first"))
    practice.add_argument("--add", metavar="POSITION_ID:MATCH_ID", help=_("add a position with its roll"))
    practice.add_argument(
        "--rules", choices=Rules.backgammon_names(), default=None, help=_("rule set of --add")
    )
    practice.add_argument("--json", dest="json_path", metavar="PATH", help=_("with --list: also write JSON"))

    position = commands.add_parser(
        "position", help=_("show a position as a board, its pips and its IDs (state, GNU Backgammon, XGID)")
    )
    _add_position_source(position)
    position.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write it as JSON"))

    rollout = commands.add_parser(
        "rollout", help=_("roll a position out: its cubeless chances, or with dice every play ranked")
    )
    _add_position_source(rollout)
    rollout.add_argument("--dice", nargs="+", metavar="DIE", help=_("the two dice: roll out every play"))
    rollout.add_argument(
        "--games",
        type=_whole(1, MAX_ROLLOUT_GAMES),
        default=1296,
        metavar="N",
        help=_("games to play (default 1296)"),
    )
    rollout.add_argument(
        "--truncate",
        type=_whole(1, MAX_ROLLOUT_PLIES),
        default=None,
        metavar="PLIES",
        help=_("end each game after this many rolls, judged by the evaluator"),
    )
    rollout.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("who plays the games"))
    rollout.add_argument("--seed", type=_seed, help=_("the dice of every game follow from this seed"))
    rollout.add_argument(
        "--jobs", type=_whole(1, MAX_JOBS), default=1, metavar="J", help=_("games played in parallel")
    )
    rollout.add_argument(
        "--luck",
        action=argparse.BooleanOptionalAction,
        default=False,
        help=_("take each roll's luck, as the evaluator sees it, off the result (about 20 times the work)"),
    )
    rollout.add_argument(
        "--plays",
        type=_whole(1, MAX_ROLLOUT_PLAYS),
        default=None,
        metavar="K",
        help=_("with dice, only the K plays the evaluator likes best"),
    )
    rollout.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))

    tempmap = commands.add_parser(
        "tempmap", help=_("the temperature map: each roll's best play and equity against the average roll")
    )
    _add_position_source(tempmap)
    tempmap.add_argument(
        "--level",
        choices=JUDGE_LEVELS,
        help=_("the judge's level (default: the config's tavla.judge, master unless changed in Settings)"),
    )
    tempmap.add_argument("--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON"))

    tournament = commands.add_parser(
        "tournament", help=_("a round robin between bots, with a table of results")
    )
    tournament.add_argument(
        "--bots",
        required=True,
        action="append",
        metavar="A,B[,C...]",
        help=_(
            "bot names, separated by commas: built-in, a Python file or module, cmd:<command line> or "
            "ubgi:<command line> (write \\, for a comma inside a command line); may be given more than once"
        ),
    )
    tournament.add_argument(
        "--games", required=True, type=_whole(1, MAX_GAMES), metavar="N", help=_("games per pair (even)")
    )
    tournament.add_argument("--seed", type=_seed, help=_("the dice of every game follow from this seed"))
    tournament.add_argument(
        "--jobs", type=_whole(1, MAX_JOBS), default=1, metavar="J", help=_("games played in parallel")
    )
    tournament.add_argument("--rules", choices=Rules.names(), default=None, help=_("rule set"))
    tournament.add_argument(
        "--json", dest="json_path", metavar="PATH", help=_("also write the figures as JSON")
    )
    tournament.add_argument(
        "--timeout",
        type=_timeout,
        default=None,
        metavar="SECONDS",
        help=_("time limit per answer for external bots"),
    )
    tournament.add_argument(
        "--log",
        dest="log_path",
        metavar="PATH",
        help=_("where disqualifications are logged (default ./tavla-disqualifications.log)"),
    )
    tournament.add_argument(
        "--cube", action="store_true", help=_("play with the doubling cube (standard rules)")
    )
    tournament.add_argument(
        "--match",
        type=_whole(1, MAX_CUBE_MATCH),
        default=None,
        metavar="N",
        help=_("--games counts matches to N points per pair"),
    )
    tournament.add_argument(
        "--jacoby", action="store_true", help=_("money play with the cube under the Jacoby rule")
    )

    ubgi = commands.add_parser("ubgi", help=_("our engine for other programs: UBGI v0.2 on stdin and stdout"))
    ubgi.add_argument("--rules", choices=("tavla", "standard"), default=None, help=_("rule set"))
    ubgi.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("how deep it plays"))
    external = commands.add_parser(
        "external", help=_("GNU Backgammon's external player: gnubg plays ours through a local socket")
    )
    external.add_argument(
        "--port", required=True, type=_whole(0, 65535), metavar="N", help=_("the TCP port on localhost")
    )
    external.add_argument("--level", default="expert", choices=JUDGE_LEVELS, help=_("how deep it plays"))
    external.add_argument(
        "--idle",
        type=_idle,
        default=None,
        metavar="SECONDS",
        help=_("a connection that sends no line this long gives way to the next client (default 60)"),
    )
    dice = commands.add_parser("dice", help=_("prove that a match's rolls were fixed before it began"))
    dice.add_argument("action", choices=("verify",), help=_("verify: replay the rolls from its seed"))
    dice.add_argument("match", metavar="MATCH", help=_("a .mat file the game wrote, or a kept match's id"))

    for sub in commands.choices.values():
        _add_config(sub, argparse.SUPPRESS)
    return parser


def _add_position_source(parser: argparse.ArgumentParser) -> None:
    """--state, --id or --xgid (one of them), and --rules, for the position lab's commands."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--state", metavar='"28 ints"', help=_(STATE_HELP))
    source.add_argument(
        "--id",
        dest="gnubg_id",
        metavar="POSITION_ID[:MATCH_ID]",
        help=_("GNU Backgammon's Position ID, and its Match ID after a colon"),
    )
    source.add_argument("--xgid", metavar="XGID", help=_("eXtreme Gammon's XGID"))
    parser.add_argument("--rules", choices=Rules.backgammon_names(), default=None, help=_("rule set"))


_XGID_BODY = re.compile(r"-[-A-Oa-o]*:")  # a board of an XGID's letters from an empty bar, then a colon


def xgid_values_joined(argv: Sequence[str]) -> list[str]:
    """`argv` with `--xgid -b----E-...` written as `--xgid=-b----E-...`: an XGID pasted without its
    `XGID=` starts with '-' where the top player's bar is empty, and argparse would take it for an option.
    Only a value that begins as an XGID's board does (an option has no colon) is joined, so the XGID's
    reader names what is wrong with it, and `--xgid --rules ...` still says that --xgid needs a value."""
    joined: list[str] = []
    values = iter(argv)
    for word in values:
        if word == "--":
            joined.append(word)
            joined.extend(values)
            break
        if word == "--xgid":
            value = next(values, None)
            if value is not None and _XGID_BODY.match(value):
                joined.append(f"{word}={value}")
                continue
            joined.append(word)
            if value is not None:
                joined.append(value)
            continue
        joined.append(word)
    return joined


def _rules(args: argparse.Namespace, config: "Config") -> Rules:
    """The rule set of a command that plays games (the table, a tournament): --rules if given, else the
    config's, which the menu keeps (a message it causes says so, `_from_config`)."""
    if args.rules is not None:
        return Rules.parse(args.rules)
    return _config_rules(args, config)


def _position_rules(args: argparse.Namespace, config: "Config", other: Rules = Rules.TAVLA) -> Rules:
    """The rule set of a command that reads a backgammon position (28 integers, a Position ID, an XGID):
    --rules if given, else the config's when it is backgammon (tavla or standard), else `other`. The
    menu keeps its last game in the config; Plakoto or a Tavli match there is no rule set for these
    positions (issue 47: a KeyError, or "52 integers" for the README's own state)."""
    if args.rules is not None:
        return Rules.parse(args.rules)
    return _config_rules(args, config) if config.tavla.rules.first.is_backgammon else other


def _config_rules(args: argparse.Namespace, config: "Config") -> Rules:
    """The config's rule set (a Tavli match's first game): remembered with the config's value, so that a
    refusal it causes names the file."""
    rules = config.tavla.rules.first
    args.config_rules = (rules, str(config.tavla.rules))
    return rules


def _from_config(error: UserError, args: argparse.Namespace | None) -> str:
    """The message of `error`, and where the rule set it refuses came from when that was the config file
    (not --rules): a user who chose Plakoto in the menu sees why a command plays it."""
    rules, value = getattr(args, "config_rules", (None, ""))
    if not isinstance(error, RulesRefused) or rules is None or error.rules is not rules:
        return str(error)
    # Translators: added to a refusal after a space, in brackets; {value} is the config's game (tavla,
    # plakoto, tavli...), {path} the config file it was read from; keep tavla.rules and --rules as they are
    note = _("the rule set is tavla.rules: {value} in the config file {path}; --rules chooses another")
    path = quoted(_rules_file(getattr(args, "config_file", None)), PATH_CHARS)
    return f"{error} ({note.format(value=value, path=path)})"


def _rules_file(loaded: Path | None) -> Path:
    """The config file that set tavla.rules: the player's own (or --config's) if it has the key, else
    the shipped defaults. `loaded` has been read and checked already."""
    from game.config_file import config_path

    if loaded is not None:
        with contextlib.suppress(Exception):
            import yaml

            data = yaml.safe_load(loaded.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("tavla"), dict) and "rules" in data["tavla"]:
                return loaded
    return config_path()


def _check_window_arguments(args: argparse.Namespace, config: "Config") -> None:
    """Refuse bad arguments before a window opens, so the message comes on the command line."""
    if args.command == "tavla" and args.opponent not in (None, HUMAN):
        from game.tavla.players.isolated import check_bot

        check_bot(args.opponent, _rules(args, config))
    if args.command == "puzzle":
        from game.puzzle.model.board import parse_game_id
        from game.puzzle.model.size import BoardSize

        if args.size is not None:
            args.size = BoardSize.parse(args.size)  # read once, here: the window is given the value
        if args.game_id is not None:
            parse_game_id(args.game_id)
        if args.image is not None:
            config.puzzle.resolve_picture(args.image)


def _run_window(args: argparse.Namespace, config: "Config") -> int:
    _check_window_arguments(args, config)
    import arcade

    from game.app import GameWindow
    from game.user_config import config_to_load

    try:
        window = GameWindow(config, config_to_load(args.config))
    except Exception as error:  # noqa: BLE001 - pyglet raises several types when there is no screen
        raise UserError(
            _("cannot open a window ({error}); is there a display? Try xvfb-run or set DISPLAY").format(
                error=error
            )
        ) from None
    if args.command == "puzzle":
        from game.puzzle.screens.view import PuzzleView

        chosen = {"size": args.size, "image": args.image, "seed": args.seed, "game_id": args.game_id}
        window.show_view(PuzzleView(**chosen, coach=args.coach))
    elif args.command == "tavla":
        from game.tavla.screens.table.view import TableView

        rules = None if args.rules is None else TableGames.parse(args.rules)
        # An opponent named on the command line wins over the offer to resume the saved match.
        table = TableView(
            opponent=args.opponent,
            rules=rules,
            seed=args.seed,
            offer_resume=args.opponent is None,
            cube=args.cube,
        )
        window.show_view(table)
    else:
        window.show_menu()
    settle_startup_objects()
    try:
        arcade.run()
    except KeyboardInterrupt:
        # Ctrl+C, SIGTERM or SIGHUP ended the loop: the screen keeps what it keeps on closing (a match in
        # progress) and stops its workers, or the interpreter would wait for their threads at exit.
        window.leave_current()
        raise
    return 0


def _run_solve(args: argparse.Namespace, config: "Config") -> int:
    from game.puzzle.solver import solve_command

    if args.method == "human":
        from game.puzzle.model import method

        if args.optimal:
            # Translators: --optimal and --method human are command-line options, keep them as they are.
            raise UserError(_("--optimal is the solver's: leave it out with --method human"))
        tiles = method.solve_command(args.size, args.board)
    else:
        tiles = solve_command(args.size, args.board, args.optimal)
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


def _run_stats(args: argparse.Namespace, config: "Config") -> int:
    from game.puzzle.model.stats_report import stats_command

    return stats_command(args.size, args.json_path)


def _run_moves(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.commands import moves_command

    for line in moves_command(args.state, args.dice, _position_rules(args, config)):
        print(line)
    return 0


def _run_bot(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.commands import bot_command

    print(bot_command(args.bot, args.state, args.dice, _position_rules(args, config), args.timeout))
    return 0


def _run_cube(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.commands import cube_command

    lines = cube_command(
        args.state,
        _position_rules(args, config, Rules.STANDARD),  # the only rule set with a cube
        cube_value=args.cube_value,
        owner=args.owner,
        match=args.match,
        score=args.score,
        crawford=args.crawford,
        jacoby=args.jacoby,
        bot_name=args.bot,
    )
    print_lines(lines)
    return 0


def _run_analyse(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.analysis.command import analyse_command

    rules = None if args.rules is None else Rules.parse(args.rules)
    level = args.level or config.tavla.judge
    paths = args.match_paths
    if len(paths) > 1 or Path(paths[0]).is_dir():
        from game.records import Records
        from game.tavla.progress.import_command import import_command

        if args.json_path is not None:
            raise UserError(_("--json writes the analysis of one match file; name one file, not several"))
        print_lines(import_command(paths, rules, level, args.player, Records()))
        return 0
    if args.keep or args.player is not None:
        from game.records import Records
        from game.tavla.progress.command import keep_command

        if not (args.keep and args.player):
            raise UserError(_("--keep and --player NAME go together: whose history keeps the match"))
        print_lines(keep_command(paths[0], rules, args.json_path, level, args.player, Records()))
        return 0
    print_lines(analyse_command(paths[0], rules, args.json_path, level))
    return 0


def _run_progress(args: argparse.Namespace, config: "Config") -> int:
    from game.records import Records
    from game.tavla.progress.command import progress_command

    print_lines(progress_command(Records(), args.rules, args.opponent, args.json_path))
    return 0


def _run_practice(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.progress.command import practice_add_command, practice_list_command
    from game.tavla.progress.practice import Deck

    deck = Deck()
    if args.add is not None:
        print_lines(practice_add_command(deck, args.add, Rules.parse(args.rules or "standard")))
    if args.list or args.add is None:
        print_lines(practice_list_command(deck, args.json_path))
    return 0


def _run_tournament(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.players.child import DEFAULT_TIMEOUT
    from game.tavla.tournament import split_bot_list, tournament_command

    bots = split_bot_list(args.bots)
    timeout = DEFAULT_TIMEOUT if args.timeout is None else args.timeout
    return tournament_command(
        bots,
        args.games,
        args.seed,
        args.jobs,
        _rules(args, config),
        args.json_path,
        timeout,
        args.log_path,
        args.cube,
        args.match,
        args.jacoby,
    )


def _run_position(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.lab.position_command import position_command

    rules = _position_rules(args, config)
    print_lines(position_command(args.state, args.gnubg_id, args.xgid, rules, args.json_path))
    return 0


def _run_rollout(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.lab.rollout_command import rollout_command

    return rollout_command(
        args.state,
        args.gnubg_id,
        args.xgid,
        args.dice,
        _position_rules(args, config),
        games=args.games,
        truncate=args.truncate,
        level=args.level,
        seed=args.seed,
        jobs=args.jobs,
        json_path=args.json_path,
        luck=args.luck,
        plays=args.plays,
    )


def _run_tempmap(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.lab.tempmap_command import tempmap_command

    rules = _position_rules(args, config)
    level = args.level or config.tavla.judge
    return tempmap_command(args.state, args.gnubg_id, args.xgid, rules, level, args.json_path)


def _run_ubgi(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.players.ubgi_engine import ubgi_command

    # UBGI is a backgammon protocol: the config's game names no variant for it (issue 46), --rules does
    return ubgi_command(None if args.rules is None else Rules.parse(args.rules), args.level)


def _run_external(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.players.gnubg_external import IDLE_SECONDS, external_command

    return external_command(args.port, args.level, IDLE_SECONDS if args.idle is None else args.idle)


def _run_dice(args: argparse.Namespace, config: "Config") -> int:
    from game.tavla.progress.dice_command import dice_command

    return dice_command(args.match)


COMMANDS: dict[str | None, Callable[[argparse.Namespace, "Config"], int]] = {
    None: _run_window,
    "puzzle": _run_window,
    "tavla": _run_window,
    "solve": _run_solve,
    "stats": _run_stats,
    "moves": _run_moves,
    "bot": _run_bot,
    "cube": _run_cube,
    "tournament": _run_tournament,
    "analyse": _run_analyse,
    "progress": _run_progress,
    "practice": _run_practice,
    "position": _run_position,
    "rollout": _run_rollout,
    "tempmap": _run_tempmap,
    "ubgi": _run_ubgi,
    "external": _run_external,
    "dice": _run_dice,
}


def _report_crash() -> str:
    """Keep the traceback for a bug report in the data folder (never the current one); the user gets one
    line. The last-resort path: it never waits and never raises; a crash.log that is not a regular file
    (a FIFO, a link, a device) is left alone and the details are not saved."""
    try:
        from game.paths import data_dir

        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / CRASH_LOG
        _write_crash_log(log, traceback.format_exc().encode("utf-8", "replace")[-CRASH_LOG_BYTES:])
    except Exception:  # noqa: BLE001 - whatever fails here, the user still gets the one line
        return _("the details could not be saved")
    return _("details are in {path}").format(path=quoted(log, PATH_CHARS))


def _write_crash_log(path: Path, data: bytes) -> None:
    """Write `data` to `path` without following a link (O_NOFOLLOW) nor waiting on a FIFO (O_NONBLOCK),
    and only into a regular file (checked on the open file, so no swap can come between); OSError
    otherwise. Not game.files.write_atomically, which follows a link to write its target."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0), 0o600)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:  # a hard link is another file's name too
            raise OSError(errno.EINVAL, "crash.log is not a regular file of its own")
        os.ftruncate(handle, 0)
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view) :]
    finally:
        os.close(handle)


def _config_argument(argv: Sequence[str]) -> str | None:
    """`--config PATH` wherever it stands, read before the full parse so help can be in the config's
    language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--config")
    known, _rest = early.parse_known_args(argv)
    return known.config


def _config_failed(message: str) -> int:
    """The settings cannot be read: one line, exit 2, whatever the command (--help and --version too)."""
    _say(f"{PROG}: {one_line(message)}")
    return EXIT_USAGE


def _say(line: str) -> None:
    """One line on stderr, if there is a stderr that takes it (closed, it is silence, never stdout)."""
    if sys.stderr is None:
        return
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


class _Output:
    """Standard output while a command runs: a write or flush that fails raises OutputFailed, so a full
    disk or a closed output is told apart from the command's own errors (a broken pipe stays one)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _failed(error) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _failed(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _failed(error: BaseException | None) -> OutputFailed:
    reason = error.strerror if isinstance(error, OSError) and error.strerror else error
    if reason is None:
        # Translators: why the output cannot be written: the standard output was closed (cmd >&-)
        reason = _("standard output is closed")
    # Translators: {reason} is the system's reason, e.g. "No space left on device"
    return OutputFailed(_("cannot write the output: {reason}").format(reason=reason))


def _output_failed(error: OutputFailed) -> int:
    """Stdout refused the output: one line on stderr, exit 74, and no complaint from Python at exit
    about the data still in its buffer."""
    _say(f"{PROG}: {one_line(error)}")
    stream = sys.__stdout__
    if sys.stdout is not None and stream is not None and isinstance(sys.stdout, _Output):
        with contextlib.suppress(OSError, ValueError):
            if stream.fileno() == 1:
                os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # the buffer drains into nothing
    return EXIT_IO


def _fill_closed_descriptors() -> None:
    """A standard descriptor closed at start (`cmd >&-`) is opened on the null device, so no file the
    game opens later takes its number and receives what a library writes to "stdout"."""
    for number, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(number)
        except OSError:
            with contextlib.suppress(OSError):
                handle = os.open(os.devnull, mode)
                if handle != number:
                    os.dup2(handle, number)
                    os.close(handle)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: the exit status of the command (see docs/commands.md)."""
    _fill_closed_descriptors()
    real = sys.stdout
    if real is not None:
        sys.stdout = _Output(real)
    try:
        return _main(argv)
    except OutputFailed as error:
        return _output_failed(error)
    finally:
        if isinstance(sys.stdout, _Output):
            sys.stdout = real


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    i18n.set_language(i18n.AUTO)
    _speak_argparse()
    from game.config_file import load_config
    from game.user_config import config_to_load

    try:
        given = _config_argument(argv)
        loaded = config_to_load(given)
        config = load_config(loaded, remembered=given is None)
    except UserError as error:
        return _config_failed(str(error))
    except Exception as error:  # noqa: BLE001 - load_config answers UserError; this is the last guard
        return _config_failed(f"{type(error).__name__}: {error}"[:300])
    i18n.set_language(config.language)
    try:
        args = build_parser().parse_args(xgid_values_joined(argv))
    except SystemExit as exit_:
        if exit_.code in (0, None):  # --help or --version was printed: it must have reached stdout
            _flush()
        raise
    args.config_file = loaded
    if args.command not in WINDOW_COMMANDS and sys.stdout is None:
        raise _failed(None)
    try:
        if getattr(args, "json_path", None) is not None and args.command != "tournament":
            from game.files import report_target

            report_target(args.json_path)  # checked before any work, as the tournament checks its own
        with _stop_signals():
            status = COMMANDS[args.command](args, config)
        _flush()
        return status
    except OutputFailed:
        raise
    except BotFailed as error:
        _say(f"{PROG}: {one_line(error)}")
        return EXIT_BOT_FAILED
    except UserError as error:
        _say(f"{PROG}: {one_line(_from_config(error, args))}")
        return EXIT_USAGE
    except KeyboardInterrupt as stop:
        # Ctrl+C, SIGTERM or SIGHUP: the finally clauses and the exit handlers end every process the
        # command started (game/tavla/players/child.py); a second signal cannot cut that short.
        if isinstance(stop, _Stopped):
            _ignore_stop_signals()
        return EXIT_SIGNALLED + getattr(stop, "signum", signal.SIGINT)
    except BrokenPipeError:
        # The reader stopped reading (`| head -1`): what it wanted was written; say nothing more, and
        # keep Python from complaining about the closed stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # noqa: BLE001 - the last guard: no traceback reaches a user
        _say(
            _("{prog}: unexpected error: {error}; {details}").format(
                prog=PROG, error=quoted(error, ERROR_CHARS), details=_report_crash()
            )
        )
        return 1


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP asked the command to end: it ends as after Ctrl+C (a KeyboardInterrupt, so
    no `except Exception` of a bot or a command takes it for an error)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _on_stop(signum: int, frame: object) -> None:
    _ignore_stop_signals()  # once: the clean-up that follows is not cut short by the next one
    raise _Stopped(signum)


@contextlib.contextmanager
def _stop_signals() -> Iterator[None]:
    """While a command runs, SIGTERM and SIGHUP (a `kill`, `timeout`, a closed terminal) end it as
    Ctrl+C does, so the programs and child processes it started are ended too; left to their default,
    they ended Python at once and a `cmd:` program kept running. A signal ignored at the start (nohup)
    stays ignored; the tournament puts its own handler over these while it plays."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for name in STOP_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None or signal.getsignal(signum) in (signal.SIG_IGN, None):
            continue
        previous[signum] = signal.signal(signum, _on_stop)
    stopped = False
    try:
        yield
    except _Stopped:
        stopped = True  # the rest of the run is clean-up: `_ignore_stop_signals`
        raise
    finally:
        if not stopped:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def _ignore_stop_signals() -> None:
    """After a stop, the rest of the run is clean-up (finally clauses, exit handlers): further stop
    signals are ignored so they cannot leave a process behind or print a traceback."""
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGINT", *STOP_SIGNALS):
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is not None:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(signum, signal.SIG_IGN)


def _flush() -> None:
    """Flush stdout now, while a failure can still be reported (OutputFailed)."""
    if sys.stdout is not None:
        sys.stdout.flush()

"""Our engine as a UBGI v0.2 engine (`python main.py ubgi`, commands/ubgi.py): other programs' controllers
(bgci's duels and leagues, a GUI) ask it for plays and cube decisions on standard input and read the
answers on standard output, one line each, flushed at once. docs/engines.md is the contract; the wire
format is players/ubgi_lines.py, which our UBGI bot (players/ubgi_bot.py) speaks too.

`UbgiEngine.handle` answers one command line with the lines to write (no I/O, so every error path is
tested directly); `serve` is the loop around it. Every malformed or misplaced line is answered with
`error <code> <detail>` (bad_command, bad_value, bad_state, unsupported) and the engine goes on. The
detail is English words meant for a person reading a log, as the protocol's own are.

The position comes as GNU Backgammon's `POSITION_ID[:MATCH_ID]` or an XGID (engine/study_position.py reads
both, every field checked): the Match ID's cube, owner, score, Crawford game and Jacoby rule go into the cube
decisions as the built-in bots take them (players/judge_bot.py). `engine.ply` is root-inclusive, as Open
Sage and XG count (UBGI 1 = expert, the judge's 1-ply; 2 = master; 3 = grandmaster); `game.variant` is
tavla or backgammon (our standard rules). UBGI is a backgammon protocol: with no variant named (neither
`--rules` nor `set game.variant`) the engine plays backgammon, and its handshake says which variant it
plays (`info game.variant ...`). A refused `position` or `dice` leaves none: `go` is then `missing ...`
until a good one comes, never an answer for the position before.

The input is read by the shared bounded reader (players/line_reader.py): a line is at most 1 MiB (a
longer one is one `error` line, the rest of it up to its line feed thrown away), and a controller that
writes faster than it reads waits, the engine's memory does not grow. Outside text in an `error` line is
escaped (game/core/text/quoting.py) and the output is UTF-8 whatever the locale. Standard input closed, or its
end, ends the engine with status 0.

`quit` ends the engine at once: a reader thread takes the input while a decision is being worked out,
so a `quit` that arrives then ends the process without waiting for the answer.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from game import __version__
from game.core.errors import UserError
from game.core.text.quoting import escaped, quoted
from game.tavla.engine.position import GameOver, check_game_on, flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup, read_gnubg_id
from game.tavla.engine.xgid import read_xgid
from game.tavla.eval.judges import judge_for
from game.tavla.players.line_reader import MOST_LINE_BYTES, Line, LineQueue, closed_reader
from game.tavla.players.ubgi_lines import (
    BAD_COMMAND,
    BAD_STATE,
    BAD_VALUE,
    DOUBLE,
    GO_KINDS,
    NO_DOUBLE,
    OTHER_VARIANTS,
    PASS_ANSWERS,
    PROTOCOL,
    TAKE,
    UNSUPPORTED,
    VARIANTS,
    cube_of,
    payload,
    variant_name,
)

ENGINE_NAME = "Fifteen & Tavla"
AUTHOR = "Fifteen & Tavla developers"
LEVEL_PLIES = {"expert": 1, "master": 2, "grandmaster": 3}  # UBGI's root-inclusive plies of our levels
MOST_PLIES = 3
PLY_KEY, VARIANT_KEY = "engine.ply", "game.variant"
WORD_CHARS = 40  # the most of an outside word an error line shows


class Refused(Exception):
    """A command that is answered with an error line: its code and its detail."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code} {detail}")
        self.code = code
        self.detail = detail


@dataclass
class Settings:
    """The engine's keys: the rule set (`game.variant`) and the root-inclusive plies (`engine.ply`)."""

    rules: Rules
    plies: int


def build_bot(rules: Rules, plies: int) -> Any:
    """Our bot for UBGI's `plies` (root-inclusive): the judge's level of that depth."""
    from game.tavla.players.judge_bot import JudgeBot

    level = next(name for name, depth in LEVEL_PLIES.items() if depth == plies)
    return JudgeBot(rules, judge_for(rules, level))


class UbgiEngine:
    """The engine's state between commands: its settings, the position and the dice."""

    def __init__(self, rules: Rules = Rules.STANDARD, level: str = "expert") -> None:
        self.defaults = Settings(rules, LEVEL_PLIES[level])
        self.settings = Settings(rules, self.defaults.plies)
        self.setup: Setup | None = None
        self.dice: tuple[int, int] | None = None
        self.refused: str | None = None  # "position" or "dice" when the last one was refused
        self._bots: dict[tuple[Rules, int], Any] = {}
        self._commands: dict[str, Callable[[list[str]], list[str]]] = {
            "ubgi": self._hello,
            "isready": self._ready,
            "newgame": self._new_game,
            "position": self._position,
            "dice": self._dice,
            "go": self._go,
            "set": self._set,
            "get": self._get,
            "keys": self._keys,
            "setoption": self._setoption,
        }

    def handle(self, line: str) -> list[str] | None:
        """The lines answering one command line ([] for none); None for `quit`."""
        words = line.split()
        if not words:
            return []
        if words[0] == "quit":
            return None
        command = self._commands.get(words[0])
        try:
            if command is None:
                raise Refused(BAD_COMMAND, f"unknown command {_word(words[0])}")
            return command(words[1:])
        except Refused as refused:
            return [error_line(refused.code, refused.detail)]

    def handle_line(self, line: Line) -> list[str] | None:
        """`handle` of a line as the reader gives it: a line cut at the limit is one error, not run."""
        if line.cut:
            return [error_line(BAD_COMMAND, f"line longer than {MOST_LINE_BYTES} bytes, not read")]
        return self.handle(line.text())

    @property
    def bot(self) -> Any:
        """The bot of the current settings, built once (loading the network takes a moment)."""
        key = (self.settings.rules, self.settings.plies)
        if key not in self._bots:
            self._bots[key] = build_bot(*key)
        return self._bots[key]

    def _hello(self, words: list[str]) -> list[str]:
        _no_arguments("ubgi", words)
        variant = f"info {VARIANT_KEY} {variant_name(self.settings.rules)}"  # the rules it plays, said
        return [
            f"id name {ENGINE_NAME} {__version__}",
            f"id author {AUTHOR}",
            f"proto {PROTOCOL}",
            variant,
            "ubgiok",
        ]

    def _ready(self, words: list[str]) -> list[str]:
        _no_arguments("isready", words)
        _ = self.bot
        return ["readyok"]

    def _new_game(self, words: list[str]) -> list[str]:
        _no_arguments("newgame", words)
        self.setup, self.dice, self.refused = None, None, None
        return []

    def _position(self, words: list[str]) -> list[str]:
        self.setup, self.dice, self.refused = None, None, "position"  # until this one is read
        if len(words) != 2:
            expected = "expected: position gnubgid <POSITION_ID[:MATCH_ID]> | position xgid <XGID>"
            raise Refused(BAD_COMMAND, expected)
        kind, text = words
        readers = {"gnubgid": read_gnubg_id, "xgid": read_xgid}
        if kind not in readers:
            raise Refused(UNSUPPORTED, f"position {_word(kind)}")
        try:
            setup = readers[kind](text)
        except UserError as error:
            raise Refused(BAD_VALUE, str(error)) from None
        self.setup, self.dice, self.refused = setup, setup.dice, None
        return []

    def _dice(self, words: list[str]) -> list[str]:
        self.dice, self.refused = None, self.refused or "dice"  # until these are read
        if len(words) != 2:
            raise Refused(BAD_COMMAND, "expected: dice <d1> <d2>")
        if not all(word in ("1", "2", "3", "4", "5", "6") for word in words):
            raise Refused(BAD_VALUE, "dice must_be 1..6")
        self.dice = (int(words[0]), int(words[1]))
        self.refused = "position" if self.refused == "position" else None
        return []

    def _go(self, words: list[str]) -> list[str]:
        role = words[:1] == ["role"]  # v0.1's `go role chequer`, which controllers still send
        words = words[1:] if role else words
        if len(words) > 1 or (words and words[0] not in GO_KINDS) or (role and not words):
            raise Refused(BAD_COMMAND, "expected: go [chequer|cube|turn]")
        kind = words[0] if words else "chequer"
        setup = self._position_set()
        try:
            check_game_on(setup.state)
        except GameOver as error:
            raise Refused(BAD_STATE, str(error)) from None
        if setup.moment.resigned:
            raise Refused(BAD_STATE, "a resignation waits for its answer")
        if kind == "cube":
            return [f"bestcube {self._cube(setup)}"]
        if setup.moment.doubled:
            raise Refused(BAD_STATE, "a double waits for its answer: go cube")
        if kind == "chequer":
            return [f"bestmove {self._move(setup)}"]
        return [f"bestturn cube={self._cube(setup)} move={self._move(setup)}"]

    def _position_set(self) -> Setup:
        if self.setup is None:
            raise Refused(BAD_STATE, "missing position" + _after_refusal(self.refused, "position"))
        return self.setup

    def _move(self, setup: Setup) -> str:
        if self.dice is None:
            raise Refused(BAD_STATE, "missing dice" + _after_refusal(self.refused, "dice"))
        die1, die2 = self.dice
        tell = getattr(self.bot, "play_at", None)
        if callable(tell) and not setup.moment.beavered:
            tell(cube_of(setup.moment))  # the judge's bots play at the Match ID's cube and score
        return payload(self.bot.play(list(setup.state), die1, die2))

    def _cube(self, setup: Setup) -> str:
        moment = setup.moment
        if moment.beavered:
            raise Refused(UNSUPPORTED, "beavers")
        cube = cube_of(moment)
        if moment.doubled:  # the taker answers; the Position ID is the doubler's side
            takes = self.bot.take(list(flip(setup.state)), cube.flipped())
            return TAKE if takes else PASS_ANSWERS[0]
        doubles = cube.may_double() and self.bot.double(list(setup.state), cube)
        return DOUBLE if doubles else NO_DOUBLE

    def _set(self, words: list[str]) -> list[str]:
        if len(words) != 2:
            raise Refused(BAD_COMMAND, "expected: set <key> <value>")
        key, value = words
        if key == PLY_KEY:
            if value not in {str(plies) for plies in range(1, MOST_PLIES + 1)}:
                raise Refused(BAD_VALUE, f"{PLY_KEY} must_be 1..{MOST_PLIES}")
            self.settings.plies = int(value)
        elif key == VARIANT_KEY:
            if value in OTHER_VARIANTS:
                raise Refused(UNSUPPORTED, f"{VARIANT_KEY} {value}")
            if value not in VARIANTS:
                raise Refused(BAD_VALUE, f"{VARIANT_KEY} must_be {'|'.join(VARIANTS)}")
            self.settings.rules = VARIANTS[value]
        else:
            raise Refused(UNSUPPORTED, f"key {_word(key)}")
        return []

    def _get(self, words: list[str]) -> list[str]:
        if len(words) != 1:
            raise Refused(BAD_COMMAND, "expected: get <key>")
        values = self._values(self.settings)
        if words[0] not in values:
            raise Refused(UNSUPPORTED, f"key {_word(words[0])}")
        return [f"value {words[0]} {values[words[0]]}"]

    def _keys(self, words: list[str]) -> list[str]:
        _no_arguments("keys", words)
        defaults = self._values(self.defaults)
        return [
            f"key {PLY_KEY} int 1..{MOST_PLIES} {defaults[PLY_KEY]} root-inclusive checker-play depth",
            f"key {VARIANT_KEY} enum {'|'.join(VARIANTS)} {defaults[VARIANT_KEY]} rule set",
        ]

    def _setoption(self, words: list[str]) -> list[str]:
        """v0.1's `setoption name Variant value backgammon`, which controllers still send."""
        if len(words) != 4 or words[0] != "name" or words[2] != "value":
            raise Refused(BAD_COMMAND, "expected: setoption name <Name> value <Value>")
        if words[1].lower() != "variant":
            raise Refused(UNSUPPORTED, f"option {_word(words[1])}")
        return self._set([VARIANT_KEY, words[3]])

    @staticmethod
    def _values(settings: Settings) -> dict[str, str]:
        return {PLY_KEY: str(settings.plies), VARIANT_KEY: variant_name(settings.rules)}


def _no_arguments(command: str, words: list[str]) -> None:
    if words:
        raise Refused(BAD_COMMAND, f"expected: {command}")


def _word(word: str) -> str:
    """An outside word in an error line: escaped, cut to WORD_CHARS."""
    return quoted(word, WORD_CHARS)


def _after_refusal(refused: str | None, what: str) -> str:
    return f" (the last {what} was refused)" if refused == what else ""


def error_line(code: str, detail: str) -> str:
    """`error <code> <detail>` on one line of printable text: whatever outside text reached the detail
    (a word, a reader's message quoting an ID) shows its control characters escaped."""
    return f"error {code} {escaped(' '.join(detail.split()))}"


def serve(engine: UbgiEngine, read: Callable[[int], bytes], sink: IO[str]) -> int:
    """Answer the lines `read` gives (players/line_reader.py) on `sink` until `quit` or the end of the
    input; 0."""
    busy = threading.Event()

    def early(line: Line) -> None:
        if busy.is_set() and not line.cut and line.data.split() == [b"quit"]:
            with contextlib.suppress(OSError, ValueError):
                sink.flush()
            os._exit(0)  # a decision is being worked out: quit means now, not after it

    lines = LineQueue(read, early=early)
    while (line := lines.get()) is not None:
        busy.set()
        answer = engine.handle_line(line)
        busy.clear()
        if answer is None:
            break
        for reply in answer:
            sink.write(reply + "\n")
            sink.flush()
    lines.close()
    return 0


def standard_input() -> Callable[[int], bytes]:
    """`read` of standard input's descriptor; its end at once when standard input is closed."""
    try:
        descriptor = sys.stdin.fileno() if sys.stdin is not None else 0
        os.fstat(descriptor)
    except (AttributeError, OSError, ValueError):
        return closed_reader
    return lambda size: os.read(descriptor, size)


def utf8_output(stream: IO[str] | None) -> None:
    """Protocol output is UTF-8 whatever the locale (PYTHONIOENCODING=ascii, a Windows pipe): the
    stream is set to write it, and what cannot be encoded even so (a lone surrogate) escaped."""
    with contextlib.suppress(AttributeError, OSError, ValueError):
        stream.reconfigure(encoding="utf-8", errors="backslashreplace")  # type: ignore[union-attr]

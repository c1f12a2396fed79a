"""Our engine as a UBGI v0.2 engine (`python main.py ubgi`): other programs' controllers (bgci's duels and
leagues, a GUI) ask it for plays and cube decisions on standard input and read the answers on standard
output, one line each, flushed at once. docs/engines.md is the contract; the wire format is
players/ubgi_lines.py.

`UbgiEngine.handle` answers one command line with the lines to write (no I/O, so every error path is
tested directly); `serve` is the loop around it. Every malformed or misplaced line is answered with
`error <code> <detail>` (bad_command, bad_value, bad_state, unsupported) and the engine goes on. The
detail is English words meant for a person reading a log, as the protocol's own are.

The position comes as GNU Backgammon's `POSITION_ID[:MATCH_ID]` or an XGID (engine/setup.py reads both,
every field checked): the Match ID's cube, owner, score, Crawford game and Jacoby rule go into the cube
decisions as the built-in bots take them (players/judge_bot.py). `engine.ply` is root-inclusive, as Open
Sage and XG count (UBGI 1 = expert, the judge's 1-ply; 2 = master; 3 = grandmaster); `game.variant` is
tavla or backgammon (our standard rules).

`quit` ends the engine at once: a reader thread takes the input while a decision is being worked out,
so a `quit` that arrives then ends the process without waiting for the answer.
"""

from __future__ import annotations

import contextlib
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from game import __version__
from game.errors import UserError
from game.tavla.engine.position import flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.setup import Setup, read_gnubg_id
from game.tavla.engine.xgid import read_xgid
from game.tavla.eval.judge import judge_for
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
READ_CHUNK = 65536
MOST_LINE_BYTES = 1 << 20  # a longer line is cut (it is no command anyway)


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

    def __init__(self, rules: Rules = Rules.TAVLA, level: str = "expert") -> None:
        self.defaults = Settings(rules, LEVEL_PLIES[level])
        self.settings = Settings(rules, self.defaults.plies)
        self.setup: Setup | None = None
        self.dice: tuple[int, int] | None = None
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
                raise Refused(BAD_COMMAND, f"unknown command {words[0][:40]}")
            return command(words[1:])
        except Refused as refused:
            return [f"error {refused.code} {refused.detail}"]

    @property
    def bot(self) -> Any:
        """The bot of the current settings, built once (loading the network takes a moment)."""
        key = (self.settings.rules, self.settings.plies)
        if key not in self._bots:
            self._bots[key] = build_bot(*key)
        return self._bots[key]

    def _hello(self, words: list[str]) -> list[str]:
        _no_arguments("ubgi", words)
        return [f"id name {ENGINE_NAME} {__version__}", f"id author {AUTHOR}", f"proto {PROTOCOL}", "ubgiok"]

    def _ready(self, words: list[str]) -> list[str]:
        _no_arguments("isready", words)
        _ = self.bot
        return ["readyok"]

    def _new_game(self, words: list[str]) -> list[str]:
        _no_arguments("newgame", words)
        self.setup, self.dice = None, None
        return []

    def _position(self, words: list[str]) -> list[str]:
        if len(words) != 2:
            expected = "expected: position gnubgid <POSITION_ID[:MATCH_ID]> | position xgid <XGID>"
            raise Refused(BAD_COMMAND, expected)
        kind, text = words
        readers = {"gnubgid": read_gnubg_id, "xgid": read_xgid}
        if kind not in readers:
            raise Refused(UNSUPPORTED, f"position {kind[:40]}")
        try:
            setup = readers[kind](text)
        except UserError as error:
            raise Refused(BAD_VALUE, str(error)) from None
        self.setup, self.dice = setup, setup.dice
        return []

    def _dice(self, words: list[str]) -> list[str]:
        if len(words) != 2:
            raise Refused(BAD_COMMAND, "expected: dice <d1> <d2>")
        if not all(word in ("1", "2", "3", "4", "5", "6") for word in words):
            raise Refused(BAD_VALUE, "dice must_be 1..6")
        self.dice = (int(words[0]), int(words[1]))
        return []

    def _go(self, words: list[str]) -> list[str]:
        role = words[:1] == ["role"]  # v0.1's `go role chequer`, which controllers still send
        words = words[1:] if role else words
        if len(words) > 1 or (words and words[0] not in GO_KINDS) or (role and not words):
            raise Refused(BAD_COMMAND, "expected: go [chequer|cube|turn]")
        kind = words[0] if words else "chequer"
        setup = self._position_set()
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
            raise Refused(BAD_STATE, "missing position")
        return self.setup

    def _move(self, setup: Setup) -> str:
        if self.dice is None:
            raise Refused(BAD_STATE, "missing dice")
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
            raise Refused(UNSUPPORTED, f"key {key[:40]}")
        return []

    def _get(self, words: list[str]) -> list[str]:
        if len(words) != 1:
            raise Refused(BAD_COMMAND, "expected: get <key>")
        values = self._values(self.settings)
        if words[0] not in values:
            raise Refused(UNSUPPORTED, f"key {words[0][:40]}")
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
            raise Refused(UNSUPPORTED, f"option {words[1][:40]}")
        return self._set([VARIANT_KEY, words[3]])

    @staticmethod
    def _values(settings: Settings) -> dict[str, str]:
        return {PLY_KEY: str(settings.plies), VARIANT_KEY: variant_name(settings.rules)}


def _no_arguments(command: str, words: list[str]) -> None:
    if words:
        raise Refused(BAD_COMMAND, f"expected: {command}")


def serve(engine: UbgiEngine, source: IO[str], sink: IO[str]) -> int:
    """Answer `source`'s lines on `sink` until `quit` or the end of the input; 0."""
    lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
    busy = threading.Event()

    def take(line: str) -> None:
        if line.split() == ["quit"] and busy.is_set():
            with contextlib.suppress(OSError, ValueError):
                sink.flush()
            os._exit(0)  # a decision is being worked out: quit means now, not after it
        lines.put(line)

    def read() -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in _lines(source):
                take(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    while (line := lines.get()) is not None:
        busy.set()
        answer = engine.handle(line)
        busy.clear()
        if answer is None:
            break
        for reply in answer:
            sink.write(reply + "\n")
            sink.flush()
    return 0


def _lines(source: IO[str]) -> Iterator[str]:
    """The input's lines. From a file descriptor they are read as chunks: the lines a controller writes
    together (position, dice, go) come in one read, so this thread is back to sleep before the engine
    thinks, instead of taking the interpreter's lock from it line by line."""
    try:
        descriptor = source.fileno()
    except (AttributeError, OSError, ValueError):
        yield from source
        return
    pending = b""
    while chunk := os.read(descriptor, READ_CHUNK):
        *complete, pending = (pending + chunk).split(b"\n")
        yield from (raw.decode("utf-8", "replace") for raw in complete)
        if len(pending) > MOST_LINE_BYTES:  # no line ending in sight: a line of its own, refused
            yield pending[:MOST_LINE_BYTES].decode("utf-8", "replace")
            pending = b""
    if pending:
        yield pending.decode("utf-8", "replace")


def ubgi_command(rules: Rules, level: str) -> int:
    """`python main.py ubgi`: our engine on standard input and output (under tavla or standard rules: a
    config that plays another game of the board starts it at tavla)."""
    rules = rules if rules in VARIANTS.values() else Rules.TAVLA
    return serve(UbgiEngine(rules, level), sys.stdin, sys.stdout)

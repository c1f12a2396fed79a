"""`python main.py ubgi` as a controller sees it: a process on pipes. A controller of its own (not our
`ubgi:` wrapper) plays whole games against it, checks every `bestmove` legal, sends malformed lines
that are answered `error ...` with the engine still alive, and `quit` ends it within a second."""

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.moves import check_play
from game.tavla.engine.position import position_id
from game.tavla.engine.rules import Rules
from game.tavla.players import get_bot
from game.tavla.players.ubgi_lines import position_line

ROOT = Path(__file__).resolve().parents[3]
READ_SECONDS = 30.0


class Controller:
    """A minimal UBGI controller: one line out, the answer lines back."""

    def __init__(self, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "main.py", "ubgi", *options],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, f"the engine ended: {self.process.stderr.read() if self.process.stderr else ''}"
        return line.rstrip("\n")

    def ask(self, *lines: str) -> str:
        for line in lines:
            self.send(line)
        return self.read()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(5)


@pytest.fixture
def controller():
    engine = Controller("--rules", "standard")
    engine.send("ubgi")
    while engine.read() != "ubgiok":
        pass
    assert engine.ask("isready") == "readyok"
    yield engine
    engine.close()


def seed_moves(payload: str) -> str:
    """A payload in the seed's notation, read by this controller on its own."""
    if payload == "pass":
        return ""
    return " ".join(token.replace("bar", "25").replace("off", "0") for token in payload.split())


@pytest.mark.parametrize(("rules", "seed"), [(Rules.STANDARD, 1), (Rules.TAVLA, 2)])
def test_whole_games_with_the_cube_every_bestmove_legal(controller, rules, seed):
    controller.send(f"set game.variant {'tavla' if rules is Rules.TAVLA else 'backgammon'}")
    opponent = get_bot("greedy", rules=rules)
    cube = CubeTerms() if rules is Rules.STANDARD else None
    game = Game(rules, rng=random.Random(seed), cube=cube)
    game.start()
    controller.send("newgame")
    engine_seat, decisions, doubles = 1, 0, 0
    while game.result is None:
        state = list(game.state)
        if game.dice is None and not game.may_double():
            game.roll()
        elif game.dice is None:
            view = game.cube_for(game.turn)
            asked = game.turn == engine_seat and controller.ask(position_line(state, view), "go cube")
            if asked == "bestcube double":
                doubles += 1
                game.double()
                if opponent.take(game.state_for(1 - engine_seat), view.flipped()):
                    game.take()
                else:
                    game.pass_double()
                    break
            elif game.turn != engine_seat and game.may_double() and opponent.double(state, view):
                game.double()
                taker = position_line(game.state_for(engine_seat), view.flipped(), doubled=True)
                answer = controller.ask(taker, "go cube")
                assert answer in ("bestcube take", "bestcube pass")
                if answer == "bestcube take":
                    game.take()
                else:
                    game.pass_double()
                    break
            game.roll()
        die1, die2 = game.dice
        if game.turn == engine_seat:
            kind = "go turn" if decisions % 5 == 4 else "go"
            answer = controller.ask(f"position gnubgid {position_id(state)}", f"dice {die1} {die2}", kind)
            payload = answer.split("move=")[1] if kind == "go turn" else answer.removeprefix("bestmove ")
            assert answer.startswith("bestturn cube=" if kind == "go turn" else "bestmove ")
            game.play(check_play(state, die1, die2, seed_moves(payload), rules))
            decisions += 1
        else:
            game.play(opponent.play(state, die1, die2))
    assert game.result is not None and decisions > 5


def test_malformed_lines_are_answered_and_the_engine_stays(controller):
    for line in (
        "hello",
        "dice 9 9",
        "position gnubgid nonsense",
        "go sideways",
        "set engine.ply 99",
        "get nothing",
        "\x00\x01",
        "ü" * 300,
        "go",
    ):
        assert controller.ask(line).startswith("error ")
    assert controller.ask("position gnubgid 4HPwATDgc/ABMA", "dice 3 1", "go") == "bestmove 8/5 6/5"
    assert controller.ask("isready") == "readyok"


def test_quit_ends_the_engine(controller):
    """`quit` ends the engine with status 0 (within READ_SECONDS: how fast is the benchmarks' to say,
    not a test's on a loaded machine)."""
    controller.send("quit")
    assert controller.process.wait(READ_SECONDS) == 0


@pytest.mark.slow
def test_quit_during_a_search_ends_it_within_a_second():
    engine = Controller("--rules", "standard", "--level", "master")
    try:
        engine.send("ubgi")
        while engine.read() != "ubgiok":
            pass
        assert engine.ask("isready") == "readyok"
        engine.send("position gnubgid 4HPwATDgc/ABMA")
        engine.send("dice 6 6")
        engine.send("go")
        time.sleep(0.1)
        start = time.monotonic()
        engine.send("quit")
        assert engine.process.wait(READ_SECONDS) == 0
        assert time.monotonic() - start < 1.0
    finally:
        engine.close()


def test_the_end_of_the_input_ends_it_too(controller):
    assert controller.process.stdin is not None
    controller.process.stdin.close()
    assert controller.process.wait(READ_SECONDS) == 0

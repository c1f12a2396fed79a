"""GNU Backgammon's external player (`python main.py external`), driven by a scripted client of the
protocol: the gnubg package installed here is built without sockets ("does not implement external
players"), so the client writes the FIBS boards exactly as gnubg's play.c and drawboard.c `FIBSBoard`
write them, whichever seat our player has, and reads the answers as play.c does."""

import random
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.moves import check_play
from game.tavla.engine.position import OPENING, to_gnubg_board
from game.tavla.engine.rules import Rules
from game.tavla.players import get_bot
from game.tavla.serve.external import BadBoard, listen, read_fibs_board, reply, serve
from game.tavla.serve.ubgi import build_bot

ROOT = Path(__file__).resolve().parents[3]
STANDARD = Rules.STANDARD


def fibs_board(game: Game, deciding: int, doubled: bool = False) -> str:
    """The board gnubg's play.c sends to the external player in seat `deciding` (drawboard.c's FIBSBoard,
    the board seen by gnubg's player 1, the names and score of seat fTurn ^ fMove first)."""
    on_move = game.turn
    board = to_gnubg_board(game.state_for(1))  # (player 0, player 1), each from its own side
    terms = game.terms
    length = terms.length or 0 if terms else 0
    scores = terms.scores if terms else (0, 0)
    first = deciding ^ on_move
    owner = -1 if game.cube_owner is None else game.cube_owner
    dice = game.dice or (0, 0)
    # The last two fields, as FIBS writes them and gnubg's reader takes them: non-Crawford (3 when the
    # match has no Crawford rule) and post-Crawford (1 once the Crawford game was played).
    post_crawford = bool(length) and length - 1 in scores and not terms.crawford
    fields = [
        "board",
        f"seat{first}",
        f"seat{1 - first}",
        length,
        scores[first],
        scores[1 - first],
        -board[0][24],
    ]
    fields += [-board[0][23 - i] if board[0][23 - i] > 0 else board[1][i] for i in range(24)]
    fields += [
        board[1][24],
        1 if on_move == 1 else -1,
        *dice,
        *dice,
        game.cube_value,
        int(owner != 0),
        int(owner != 1),
        1 if doubled else 0,
        1,
        -1,
        0,
        25,
        15 - sum(board[1]),
        15 - sum(board[0]),
        0,
        0,
        0,
        0,
        0,
        int(post_crawford),
    ]
    return ":".join(map(str, fields))


def seed_moves(answer: str) -> str:
    return " ".join(token.replace("bar", "25").replace("off", "0") for token in answer.split())


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(
    "terms",
    [
        CubeTerms(),
        CubeTerms(length=5, scores=(1, 3)),
        CubeTerms(length=7, scores=(6, 2)),
        CubeTerms(length=7, scores=(2, 6), crawford=True),
    ],
)
def test_a_board_reads_as_the_deciders_state_and_cube(seat, terms):
    """Whatever seat our player has, gnubg's board comes back as our state and cube of that seat (a FIBS
    board does not say whether money play has the Jacoby rule: it is read as without)."""
    rng = random.Random(seat)
    greedy = get_bot("greedy", rules=STANDARD)
    game = Game(STANDARD, rng=rng, cube=terms)
    game.start()
    checked = 0
    while game.result is None and checked < 30:
        if game.turn == seat:
            read = read_fibs_board(fibs_board(game, seat))
            assert read.state == game.state_for(seat) and read.dice == game.dice
            assert read.cube == game.cube_for(seat) and not read.doubled
            checked += 1
        game.play(greedy.play(list(game.state), *game.dice))
        if game.result is None and game.turn != seat and game.may_double():
            view = game.cube_for(game.turn)
            game.double()
            read = read_fibs_board(fibs_board(game, seat, doubled=True))
            assert read.doubled and read.dice is None
            assert read.state == game.state_for(seat) and read.cube == view.flipped()
            game.take()
            checked += 1
        if game.result is None:
            game.roll()
    assert checked >= 10


@pytest.mark.parametrize("line", ["board:a:b:1", "hello", "board:" + ":".join(["x"] * 60)])
def test_what_is_no_board_is_an_error_line(line):
    assert reply(object(), line, STANDARD).startswith("Error: ")
    with pytest.raises(BadBoard):
        read_fibs_board(line)


def test_exit_closes_and_nul_bytes_are_dropped():
    bot = build_bot(STANDARD, 1)
    game = Game(STANDARD, rng=random.Random(1))
    game.start(dice=(1, 3))
    assert reply(bot, fibs_board(game, 1) + "\0", STANDARD) == "8/5 6/5"
    assert reply(bot, "exit", STANDARD) is None


class Client:
    """gnubg's side of the socket: a board line (with gnubg's NUL), one answer line back."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.file = self.sock.makefile("r", encoding="ascii")

    def ask(self, line: str) -> str:
        self.sock.sendall(line.encode("ascii") + b"\n\0")
        return self.file.readline().rstrip("\n")


@pytest.fixture
def server():
    listener = listen(0)
    assert listener.getsockname()[0] == "127.0.0.1"  # loopback only
    bot = build_bot(STANDARD, 1)
    bot.cube_plies = 0  # the protocol is under test, not the cube's look-ahead (a tenth of the time)
    thread = threading.Thread(target=serve, args=(bot, STANDARD, listener, lambda line: None), daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    listener.close()


@pytest.mark.parametrize(("seat", "terms"), [(1, CubeTerms(length=5, scores=(2, 1))), (0, CubeTerms())])
def test_a_whole_game_against_gnubgs_side_every_play_legal(server, seat, terms):
    client = Client(server)
    opponent = get_bot("beginner", seed=seat, rules=STANDARD)
    game = Game(STANDARD, rng=random.Random(seat + 5), cube=terms)
    game.start()
    plays = cube_questions = 0
    while game.result is None:
        if game.dice is None and game.may_double():
            if game.turn == seat:
                answer = client.ask(fibs_board(game, seat))
                assert answer in ("double", "roll")
                cube_questions += 1
                if answer == "double":
                    game.double()
                    game.take() if opponent.take(game.state_for(1 - seat), game.cube_for(1 - seat)) else None
            elif opponent.double(list(game.state), game.cube_for(game.turn)):
                game.double()
                answer = client.ask(fibs_board(game, seat, doubled=True))
                assert answer in ("take", "drop")
                game.take() if answer == "take" else game.pass_double()
            if game.result is not None:
                break
            if game.offered_by is not None:
                game.pass_double()
                break
        if game.dice is None:
            game.roll()
        state, (die1, die2) = list(game.state), game.dice
        if game.turn == seat:
            game.play(check_play(state, die1, die2, seed_moves(client.ask(fibs_board(game, seat))), STANDARD))
            plays += 1
        else:
            game.play(opponent.play(state, die1, die2))
    assert plays >= 1 and cube_questions >= 1 and game.result is not None
    client.sock.close()


def test_the_command_listens_and_answers():
    process = subprocess.Popen(
        [sys.executable, "main.py", "external", "--port", "0"], cwd=ROOT, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stderr is not None
        line = process.stderr.readline()
        port = int(re.search(r"localhost:(\d+)", line).group(1))
        assert f"set player 1 external localhost:{port}" in line
        game = Game(STANDARD, rng=random.Random(1))
        game.start(dice=(1, 3))
        assert game.state == OPENING
        client = Client(port)
        assert client.ask(fibs_board(game, 1)) == "8/5 6/5"
        assert client.ask("nonsense").startswith("Error: ")
        client.sock.close()
    finally:
        process.terminate()
        assert process.wait(10) == 143


def test_a_port_in_use_is_one_line_and_exit_2():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "main.py", "external", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 2 and "cannot listen on port" in result.stderr
    assert "Traceback" not in result.stderr

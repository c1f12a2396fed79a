"""Issue 46, item 15: `practice --add` of a card already in the deck says so; a UBGI engine that talks past
the 1,000-line limit is told which limit; a finished position (a side's 15 checkers all off) follows one
rule: shown by `position`, refused with the same reason wherever a decision is asked of it. Real
processes and sockets; the practice deck's and the finished position's commands run as main(ARGS) in
the test's process (game_in_process: what they say is checked, not the process)."""

import re
import socket
import subprocess

import pytest

from tests.faults.helpers import MAIN, OPENING, PYTHON, ROOT, game, game_in_process

OPENING_31 = "4HPwATDgc/ABMA:cIkFAAAAAAAE"  # the opening, money play, 3-1 to play (best 8/5 6/5)
MINE_ALL_OFF = "15 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -15 0 0 0 0 0 0 0 0"
THEIRS_ALL_OFF = "0 0 0 0 0 0 15 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 15"
OVER = "the game is over: {side} has borne off all 15 checkers, so there is no decision to make"
SIDES = {MINE_ALL_OFF: "the player on roll", THEIRS_ALL_OFF: "the opponent"}
# The opening, 3-1 to play, as gnubg writes it to the external player (FIBS boardstyle 3)
BOARD = (
    "board:seat0:seat1:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:"
    "1:-1:0:25:0:0:0:0:0:0:0:0"
)


def test_adding_a_card_already_in_the_deck_says_so(tmp_path, monkeypatch, capsys):
    env = {"FIFTEEN_TAVLA_DATA_DIR": str(tmp_path / "data"), "HOME": str(tmp_path)}
    first = game_in_process(monkeypatch, capsys, "practice", "--add", OPENING_31, **env)
    assert first.returncode == 0 and first.stdout.startswith("added "), first.stderr
    again = game_in_process(monkeypatch, capsys, "practice", "--add", OPENING_31, **env)
    assert again.returncode == 0, again.stderr
    assert "already in the practice deck" in again.stdout and "added" not in again.stdout
    listed = game_in_process(monkeypatch, capsys, "practice", "--list", **env)
    assert listed.stdout.splitlines()[-1] == "1 of 1 due now"


def test_an_engine_past_the_handshakes_line_limit_is_told_the_limit(tmp_path):
    chatty = tmp_path / "chatty.py"
    chatty.write_text(
        "import sys\n"
        "for line in sys.stdin:\n"
        "    if line.strip() == 'ubgi':\n"
        "        for n in range(1000):\n"
        "            print('id name chatty', n)\n"
        "        print('ubgiok', flush=True)\n",
        encoding="utf-8",
    )
    bot = f"ubgi:{PYTHON} {chatty}"
    result = game("bot", "--rules", "standard", "--bot", bot, "--state", OPENING, "--dice", "3", "1")
    assert result.returncode == 3
    assert "wrote 1,000 lines without ubgiok: at most 1,000 lines are read" in result.stderr, result.stderr


@pytest.mark.parametrize("state", [MINE_ALL_OFF, THEIRS_ALL_OFF])
def test_a_finished_position_is_shown_by_position_and_refused_where_a_decision_is_asked(
    state, monkeypatch, capsys
):
    reason = OVER.format(side=SIDES[state])
    shown = game_in_process(monkeypatch, capsys, "position", "--rules", "standard", "--state", state)
    assert shown.returncode == 0 and reason in shown.stdout, shown.stderr
    for command in (
        ["tempmap"],
        ["rollout", "--games", "36"],
        ["rollout", "--games", "36", "--dice", "3", "1"],
    ):
        refused = game_in_process(monkeypatch, capsys, *command, "--rules", "standard", "--state", state)
        assert refused.returncode == 2, (command, refused.stdout)
        assert reason in refused.stderr and "Traceback" not in refused.stderr, (command, refused.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("sign", [1, -1])
def test_the_external_player_refuses_a_finished_board_and_serves_on(sign):
    fields = BOARD.split(":")
    finished = [
        field if not 6 <= index < 32 or int(field) * sign <= 0 else "0" for index, field in enumerate(fields)
    ]
    process = subprocess.Popen(
        [PYTHON, str(MAIN), "external", "--port", "0"], cwd=ROOT, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stderr is not None
        port = int(re.search(r"localhost:(\d+)", process.stderr.readline()).group(1))
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            answers = sock.makefile("r", encoding="ascii")
            sock.sendall(":".join(finished).encode("ascii") + b"\n\0")
            answer = answers.readline()
            assert answer.startswith("Error: ") and "the game is over" in answer
            sock.sendall(BOARD.encode("ascii") + b"\n\0")
            assert answers.readline() == "8/5 6/5\n"
    finally:
        process.terminate()
        assert process.wait(30) == 143

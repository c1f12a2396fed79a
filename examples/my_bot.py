"""A tavla bot to copy and improve: the seed contest's `play(state, die1, die2)` in plain Python.

Enter it in a tournament in either of two ways:

    python main.py tournament --bots examples/my_bot.py,greedy --games 100
        (loaded as a Python file: the tournament calls play() directly, fastest)
    python main.py tournament --bots "cmd:python3 examples/my_bot.py",greedy --games 100
        (run as a program speaking the line protocol, see the bottom of this file)

The file needs nothing but the standard library, so it can live anywhere. It finds the legal plays
itself (`legal_plays` below follows the rules of docs/notation.md) and picks the one whose position
scores best in `evaluate`. Change `evaluate` first: that is where a bot gets strong.

The state is always seen from this bot's side (docs/position.md):
    state[0]      my checkers borne off          state[25]  my checkers on the bar
    state[1..24]  points: > 0 mine, < 0 theirs   state[26]  their checkers on the bar
                  (my 24 point is the farthest   state[27]  their checkers borne off
                  from my home, 1..6)
A play is "from/to" moves separated by spaces, one per die, from the higher number to the lower:
"24/18 13/11"; 25 is the bar, 0 is off; "" means no move is possible.

The doubling cube (standard rules, `--cube`): `double(state, cube)` is asked before my roll when I may
double, `take(state, cube)` when the opponent doubles; each answers True or False. `cube` is the cube
as I see it before the double: `cube.value` (1, 2, 4...), `cube.owner` ("centre", "me", "opponent"),
`cube.score` (None for money play, else `.length`, `.mine`, `.theirs`, `.crawford`) and `cube.jacoby`.
A bot without these two functions never doubles and always takes. Run as a program, this file declares
the cube with the line `cube on` when TAVLA_CUBE=1 and then reads `double ...` and `take ...` lines
too (docs/bot-protocol.md); `main` turns them into the same two calls.
"""

import os
import sys
from types import SimpleNamespace

BAR, OFF, THEIR_BAR = 25, 0, 26


def moves_for_die(board: list[int], die: int) -> list[tuple[int, int]]:
    """Every single move one die allows: enter from the bar first, else move or bear off."""
    if board[BAR] > 0:
        target = BAR - die
        return [(BAR, target)] if board[target] >= -1 else []
    highest = max((point for point in range(1, 25) if board[point] > 0), default=0)
    all_home = highest <= 6
    moves = []
    for point in range(1, 25):
        if board[point] <= 0:
            continue
        target = point - die
        if target >= 1:
            if board[target] >= -1:          # empty, mine, or a single opponent checker (a hit)
                moves.append((point, target))
        elif all_home and (target == 0 or point == highest):
            moves.append((point, OFF))       # exact bear-off, or a larger die from the highest point
    return moves


def apply_move(board: list[int], move: tuple[int, int]) -> list[int]:
    """The board after one move (a copy), hitting a lone opponent checker if there is one."""
    start, end = move
    after = board[:]
    after[start] -= 1
    if end == OFF:
        after[OFF] += 1
    elif after[end] == -1:
        after[end] = 1
        after[THEIR_BAR] += 1
    else:
        after[end] += 1
    return after


def legal_plays(state: list[int], die1: int, die2: int) -> list[tuple[list[tuple[int, int]], list[int]]]:
    """Every legal play as (moves, resulting board).

    The rules: use as many dice as possible (both, or four with doubles); when only one die can be
    played, the larger one if it can be (the standard rule; the seed's tavla rules allow either, so
    this choice is legal under both rule sets).
    """
    dice = [die1] * 4 if die1 == die2 else [die1, die2]
    found: list[tuple[list[tuple[int, int]], list[int], list[int]]] = []

    def extend(board: list[int], left: list[int], moves: list[tuple[int, int]], used: list[int]) -> None:
        progressed = False
        for index, die in enumerate(left):
            if die in left[:index]:
                continue                      # the same value twice (doubles): try it once
            for move in moves_for_die(board, die):
                if die1 == die2 and moves and move[0] > moves[-1][0]:
                    continue                  # doubles: any order gives the same positions; keep one
                progressed = True
                extend(apply_move(board, move), left[:index] + left[index + 1:], [*moves, move], [*used, die])
        if not progressed:
            found.append((moves, used, board))

    extend(list(state), dice, [], [])
    most = max(len(moves) for moves, _, _ in found)
    if most == 0:
        return []
    best = [item for item in found if len(item[0]) == most]
    if most == 1 and die1 != die2:
        larger = [item for item in best if item[1][0] == max(die1, die2)]
        best = larger or best
    return [(moves, board) for moves, _, board in best]


def evaluate(board: list[int]) -> float:
    """How good a position is for me after my play: higher is better. Improve me!"""
    score = 10.0 * board[OFF]                 # checkers borne off
    score += 4.0 * board[THEIR_BAR]           # opponent checkers I sent to the bar
    for point in range(1, 25):
        mine = board[point]
        if mine >= 2:
            score += 3.0 if point <= 6 else 1.5   # a made point, more in my home board
        elif mine == 1 and (board[THEIR_BAR] or any(board[p] < 0 for p in range(1, point))):
            score -= 2.0 + point / 12             # a blot that an opponent checker could still hit
        if mine > 0:
            score -= 0.05 * mine * point          # pips still to go
    return score


def play(state: list[int], die1: int, die2: int) -> str:
    """The seed's function: the chosen play for this position and these dice."""
    plays = legal_plays(state, die1, die2)
    if not plays:
        return ""
    moves, _ = max(plays, key=lambda item: evaluate(item[1]))
    return " ".join(f"{start}/{end}" for start, end in moves)


def pip_counts(state: list[int]) -> tuple[int, int]:
    """The pips I and the opponent still have to travel."""
    mine = sum(point * state[point] for point in range(1, 25) if state[point] > 0) + BAR * state[BAR]
    theirs = sum((25 - point) * -state[point] for point in range(1, 25) if state[point] < 0)
    return mine, theirs + BAR * state[THEIR_BAR]


def race_lead(state: list[int]) -> float | None:
    """In a race (no checker can hit any more), my lead as a share of my pip count; None in contact."""
    mine_points = [point for point in range(1, 25) if state[point] > 0]
    their_points = [point for point in range(1, 25) if state[point] < 0]
    if state[BAR] or state[THEIR_BAR] or max(mine_points, default=0) > min(their_points, default=25):
        return None
    mine, theirs = pip_counts(state)
    return (theirs - mine) / max(mine, 1)


def double(state: list[int], cube: object) -> bool:
    """Before my roll: double a race I lead by 8% of my count or more. Improve me!"""
    lead = race_lead(state)
    return lead is not None and lead >= 0.08


def take(state: list[int], cube: object) -> bool:
    """The opponent doubled (it is on roll): take unless it leads a race by more than 12%."""
    flipped = [state[27], *(-n for n in reversed(state[1:25])), state[26], state[25], state[0]]
    lead = race_lead(flipped)
    return lead is None or lead <= 0.12


def read_cube(fields: list[str]) -> SimpleNamespace:
    """The cube of a `double` or `take` line: value, owner, match length (0: money), my score, their
    score, Crawford (0/1), Jacoby (0/1); the same attributes as the cube a Python file bot gets."""
    value, owner, length, mine, theirs, crawford, jacoby = fields
    score = None
    if int(length):
        score = SimpleNamespace(
            length=int(length), mine=int(mine), theirs=int(theirs), crawford=crawford == "1"
        )
    return SimpleNamespace(value=int(value), owner=owner, score=score, jacoby=jacoby == "1")


def main() -> None:
    """The line protocol: one line of 30 integers in (state, then the dice), one line out, flushed;
    with the cube, first the declaration, then also `double`/`take` lines (28 integers, then the cube)."""
    if os.environ.get("TAVLA_CUBE") == "1":
        print("cube on", flush=True)
    for line in sys.stdin:
        words = line.split()
        if words[0] in ("double", "take"):
            state, cube = [int(n) for n in words[1:29]], read_cube(words[29:])
            if words[0] == "double":
                print("double" if double(state, cube) else "no double", flush=True)
            else:
                print("take" if take(state, cube) else "pass", flush=True)
        else:
            numbers = [int(token) for token in words]
            print(play(numbers[:28], numbers[28], numbers[29]), flush=True)


if __name__ == "__main__":
    main()

"""A deliberately naive rules engine, written from docs/notation.md alone, to check the fast one against.

It tries every order of the dice, copies the whole board at every step and applies each rule
literally; it is slow and shares no code with game.tavla.engine.moves.
"""

from itertools import permutations


def _single_moves(board: list[int], die: int) -> list[tuple[int, int]]:
    if board[25] > 0:
        target = 25 - die
        return [(25, target)] if board[target] >= -1 else []
    result = []
    all_home = all(board[p] <= 0 for p in range(7, 25))
    for start in range(1, 25):
        if board[start] <= 0:
            continue
        target = start - die
        if target >= 1:
            if board[target] >= -1:
                result.append((start, target))
        elif all_home:
            higher = any(board[p] > 0 for p in range(start + 1, 7))
            if target == 0 or not higher:
                result.append((start, 0))
    return result


def _after(board: list[int], move: tuple[int, int]) -> list[int]:
    start, target = move
    new = list(board)
    new[start] -= 1
    if target == 0:
        new[0] += 1
    elif new[target] == -1:
        new[target] = 1
        new[26] += 1
    else:
        new[target] += 1
    return new


def reference_plays(state, die1, die2, rules="tavla"):
    """{resulting state: canonical play} for every legal play, found by brute force."""
    orders = {(die1,) * 4} if die1 == die2 else set(permutations((die1, die2)))
    sequences = []  # (dice used, moves, final board, dice of the moves)

    def walk(board, dice_left, moves, used):
        options = _single_moves(board, dice_left[0]) if dice_left and board[0] < 15 else []
        if not options:
            sequences.append((moves, tuple(board), used))
            return
        for move in options:
            walk(_after(board, move), dice_left[1:], [*moves, move], [*used, dice_left[0]])

    for order in orders:
        walk(list(state), list(order), [], [])
    most = max(len(moves) for moves, _, _ in sequences)
    chosen = [s for s in sequences if len(s[0]) == most]
    if most == 0:
        return {}
    if most == 1 and die1 != die2 and rules == "standard":
        larger = [s for s in chosen if s[2][0] == max(die1, die2)]
        if larger:
            chosen = larger
    result = {}
    for moves, final, _ in chosen:
        play = tuple(sorted(moves, reverse=True))
        if final not in result or play < result[final]:
            result[final] = play
    return result

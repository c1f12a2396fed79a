"""Slow, plain references for the games without hitting, written apart from the engine's code.

Plakoto's board is modelled as stacks (each point a list of colours, bottom first), so a pin is simply
a checker under an opposing one; Fevga's and long nardy's prime rules are judged from the opponent's
side of the board, where a prime is six consecutive of their points; long nardy's head is counted by
the walk, checker by checker, as a player would. Every order of the dice is tried, move by move, with
no deduplication: the set of positions the legal plays reach must equal the engine's.
"""

from collections.abc import Callable, Sequence

OWN, THEIRS = 1, -1
Stacks = list[list[int]]


def plakoto_stacks(state: Sequence[int]) -> tuple[Stacks, int, int]:
    stacks: Stacks = [[] for _ in range(25)]
    for point in range(1, 25):
        count, pinned = state[point], state[27 + point]
        colour = OWN if count > 0 else THEIRS
        stacks[point] = ([-colour] if pinned else []) + [colour] * abs(count)
    return stacks, state[0], state[27]


def plakoto_state(stacks: Stacks, own_off: int, their_off: int) -> tuple[int, ...]:
    points, pins = [], []
    for point in range(1, 25):
        stack = stacks[point]
        top = [c for c in stack if c == (stack[-1] if stack else 0)]
        pinned = len(stack) > len(top)
        points.append(sum(top))
        pins.append(stack[0] if pinned else 0)
    return (own_off, *points, 0, 0, their_off, *pins)


def plakoto_moves(stacks: Stacks, die: int) -> list[tuple[int, int]]:
    every_own = [
        (point, index) for point in range(1, 25) for index, c in enumerate(stacks[point]) if c == OWN
    ]
    pinned = any(index < len(stacks[point]) - 1 and stacks[point][-1] == THEIRS for point, index in every_own)
    home = not pinned and all(point <= 6 for point, _ in every_own)
    found = []
    for point in range(1, 25):
        if not stacks[point] or stacks[point][-1] != OWN:
            continue
        target = point - die
        if target >= 1:
            stack = stacks[target]
            if not stack or stack[-1] == OWN or stack == [THEIRS]:
                found.append((point, target))
        elif home:
            higher = any(stacks[p] and stacks[p][-1] == OWN for p in range(point + 1, 7))
            if target == 0 or not higher:
                found.append((point, 0))
    return found


def plakoto_finals(state: Sequence[int], die1: int, die2: int) -> set[tuple[int, ...]]:
    def move(position: tuple[Stacks, int, int], step: tuple[int, int]) -> tuple[Stacks, int, int]:
        stacks, own_off, their_off = [list(s) for s in position[0]], position[1], position[2]
        start, end = step
        stacks[start].pop()
        if end == 0:
            own_off += 1
        else:
            stacks[end].append(OWN)
        return stacks, own_off, their_off

    return _finals(
        plakoto_stacks(state),
        die1,
        die2,
        lambda position, die: plakoto_moves(position[0], die),
        move,
        lambda position: plakoto_state(*position),
        lambda _state: True,
    )


def same_way_finals(state: Sequence[int], die1: int, die2: int, game: str) -> set[tuple[int, ...]]:
    """`game`: fevga, gulbara, moultezim or nardy."""
    first_away = game in ("fevga", "moultezim")
    heads = 1
    if game == "nardy" and state[24] == 15 and die1 == die2 and die1 in (3, 4, 6):
        heads = 2  # the first turn's 6-6, 4-4 and 3-3

    def moves(position: tuple[list[int], int], die: int) -> list[tuple[int, int]]:
        board, taken = position
        own = [point for point in range(1, 25) for _ in range(max(board[point], 0))]
        home = all(point <= 6 for point in own)
        left = [point for point in own if point != 24]
        first_rule = first_away and left and board[0] == 0 and all(12 <= point <= 23 for point in left)
        found = []
        for point in sorted(set(own)):
            if (first_rule or (game == "nardy" and taken == heads)) and point == 24:
                continue
            target = point - die
            if target >= 1 and board[target] >= 0:
                found.append((point, target))
            elif target < 1 and home and (target == 0 or not any(board[p] > 0 for p in range(point + 1, 7))):
                found.append((point, 0))
        return found

    def move(position: tuple[list[int], int], step: tuple[int, int]) -> tuple[list[int], int]:
        after = list(position[0])
        after[step[0]] -= 1
        after[step[1]] += 1
        return after, position[1] + (step[0] == 24)

    def allowed(final: tuple[int, ...]) -> bool:
        if game == "moultezim":
            return sum(final[point] > 0 for point in range(7, 13)) <= 4
        if game == "gulbara":
            return True
        theirs = [-final[(q + 11) % 24 + 1] for q in range(25)]  # their view: index q is their point q
        for top in range(24, 5, -1):
            block = range(top, top - 6, -1)
            if all(theirs[q] < 0 for q in block):
                if game == "fevga" and set(block) == set(range(7, 13)):
                    return False
                if final[27] == 0 and not any(theirs[q] > 0 for q in range(1, top - 5)):
                    return False
        return True

    return _finals((list(state), 0), die1, die2, moves, move, lambda position: tuple(position[0]), allowed)


def _finals(
    start, die1: int, die2: int, moves: Callable, move: Callable, as_state: Callable, allowed: Callable
):
    results: list[tuple[int, bool, tuple[int, ...]]] = []  # (dice used, larger die used, position)
    orders = [[die1] * 4] if die1 == die2 else [[die1, die2], [die2, die1]]

    def walk(position, dice: list[int], used: list[int]) -> None:
        final = as_state(position)
        if allowed(final):
            results.append((len(used), max(die1, die2) in used, final))
        if dice:
            for step in moves(position, dice[0]):
                walk(move(position, step), dice[1:], [*used, dice[0]])

    for order in orders:
        walk(start, order, [])
    most = max(used for used, _larger, _final in results)
    if most == 0:
        return set()
    best = [r for r in results if r[0] == most]
    if most == 1 and die1 != die2 and any(larger for _used, larger, _final in best):
        best = [r for r in best if r[1]]
    return {final for _used, _larger, final in best}

"""The evaluator's inputs for one position, written plainly from the definitions in
game/tavla/eval/features.py, to check the batched, bit-mask encoder against.

It loops over points and rolls with Python numbers and shares no code with the encoder.
"""

from game.tavla.engine.position import BAR, OFF, OPP_BAR, OPP_OFF


def units(n: int) -> list[float]:
    """TD-Gammon's four units for a point holding n checkers of one side."""
    return [float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 2.0]


def longest_run(made: list[bool]) -> int:
    best = run = 0
    for is_made in made:
        run = run + 1 if is_made else 0
        best = max(best, run)
    return best


def shots(hitters: set[int], on_bar: int, targets: set[int], open_points: set[int]) -> float:
    """The share of the 36 rolls with which some checker lands on a target, as shot_chances counts
    them; points are numbered along the hitter's travel (1..24), 0 is the bar it enters from."""
    starts = {0} if on_bar else hitters
    hits = 0.0
    for a in range(1, 7):
        for b in range(1, 7):
            reached: set[int] = set()
            if a != b:
                for start in starts:
                    reached |= {start + a, start + b}
                    if on_bar <= 1:
                        if start + a in open_points:
                            reached.add(start + a + b)
                        if start + b in open_points:
                            reached.add(start + a + b)
                if on_bar == 1:  # the entering checker uses one die, any other checker the other
                    if a in open_points:
                        reached |= {h + b for h in hitters}
                    if b in open_points:
                        reached |= {h + a for h in hitters}
            else:
                for start in starts:
                    point = start
                    for step in range(1, 5):
                        if step > 1 and point not in open_points:
                            break
                        point += a
                        if step <= 5 - on_bar:
                            reached.add(point)
                if on_bar and a in open_points:  # the bar is empty after on_bar steps
                    for hitter in hitters:
                        point = hitter
                        for step in range(1, 5 - on_bar):
                            if step > 1 and point not in open_points:
                                break
                            point += a
                            reached.add(point)
            hits += reached & targets != set()
    return hits / 36.0


def encode_one(state: tuple[int, ...]) -> list[float]:
    """The network inputs of one position seen by the player who has just moved."""
    own = {p: state[p] for p in range(1, 25) if state[p] > 0}
    opp = {p: -state[p] for p in range(1, 25) if state[p] < 0}
    x: list[float] = []
    for p in range(1, 25):
        x += units(own.get(p, 0))
    for p in range(1, 25):
        x += units(opp.get(p, 0))
    x += [state[BAR] / 2.0, state[OPP_BAR] / 2.0, state[OFF] / 15.0, state[OPP_OFF] / 15.0]
    own_pips = sum(p * n for p, n in own.items()) + 25 * state[BAR]
    opp_pips = sum((25 - p) * n for p, n in opp.items()) + 25 * state[OPP_BAR]
    own_made = [own.get(p, 0) >= 2 for p in range(1, 25)]
    opp_made = [opp.get(p, 0) >= 2 for p in range(1, 25)]
    own_back = max(own, default=0)
    opp_front = min(opp, default=25)
    race = own_back < opp_front and state[BAR] == 0 and state[OPP_BAR] == 0
    # The opponent travels from our 1-point to our 24-point; we travel from our 24 to our 1.
    their_shots = shots(
        set(opp),
        state[OPP_BAR],
        {p for p, n in own.items() if n == 1},
        {p for p in range(1, 25) if own.get(p, 0) < 2},
    )
    our_shots = shots(
        {25 - p for p in own},
        state[BAR],
        {25 - p for p, n in opp.items() if n == 1},
        {25 - p for p in range(1, 25) if opp.get(p, 0) < 2},
    )
    x += [
        own_pips / 100.0,
        opp_pips / 100.0,
        (opp_pips - own_pips) / 50.0,
        sum(n == 1 for n in own.values()) / 5.0,
        sum(n == 1 for n in opp.values()) / 5.0,
        longest_run(own_made) / 6.0,
        longest_run(opp_made) / 6.0,
        sum(own_made[:6]) / 6.0,
        sum(opp_made[18:]) / 6.0,
        (sum(own.get(p, 0) for p in range(1, 7)) + state[OFF]) / 15.0,
        (sum(opp.get(p, 0) for p in range(19, 25)) + state[OPP_OFF]) / 15.0,
        float(race),
        their_shots,
        our_shots,
        (25 if state[BAR] else own_back) / 25.0,
        (25 - (0 if state[OPP_BAR] else opp_front)) / 25.0,
        max((25 - p for p in range(19, 25) if own.get(p, 0) >= 2), default=0) / 6.0,
        max((p for p in range(1, 7) if opp.get(p, 0) >= 2), default=0) / 6.0,
    ]
    return x

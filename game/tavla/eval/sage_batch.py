"""Open Sage's batch evaluations with its networks loaded once per process.

`bgsage.batch_*` build their strategies (the networks, read from their files) anew on every call, a
fifteenth of a second each: more than the evaluation itself when a hint asks one cube decision or a
dance's chances. These call Open Sage's C++ batch functions (`bgbot_cpp`, its public extension module)
with strategies kept, in Open Sage's own formats: boards of 26 numbers (game/tavla/eval/sage_judge.py
`board_of`), the cube terms of `cube_terms`. Positions of a batch are spread over every core.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

FILTER_MOST, FILTER_MARGIN = 5, 0.08  # Open Sage's default move filter for its deeper plies


@functools.cache
def _bearoff():  # -> bgbot_cpp.BearoffDB | None
    """Open Sage's bear-off database, which its analyzers read exact home-board races from."""
    import bgbot_cpp
    from bgsage.weights import bearoff_db_path

    path = bearoff_db_path()
    database = bgbot_cpp.BearoffDB()
    return database if path and database.load(path) else None


@functools.cache
def strategy(plies: int):  # -> a bgbot_cpp strategy
    """Open Sage's production networks, searched `plies` deep (1: the networks themselves), with its
    bear-off database where both sides are home, as its analyzers have it."""
    import bgbot_cpp
    from bgsage import default_weights

    weights = default_weights()
    paths, hidden = weights.weight_paths_list, weights.hidden_sizes_list
    database = _bearoff()
    if plies == 1:
        networks = bgbot_cpp.create_strategy(weights.strategy_type, paths, hidden)
        return networks if database is None else bgbot_cpp.BearoffStrategy(networks, database)
    search = bgbot_cpp.create_multipy(
        weights.strategy_type, paths, hidden, n_plies=plies, filter_max_moves=FILTER_MOST,
        filter_threshold=FILTER_MARGIN, parallel_evaluate=False, parallel_threads=0,
    )  # fmt: skip
    if database is not None:
        bgbot_cpp.multipy_set_bearoff_db(search, database)
    return search


def _owner(name: object):  # -> bgbot_cpp.CubeOwner
    from bgsage.analyzer import resolve_owner

    return resolve_owner(name)


def _match(terms: dict) -> tuple:
    """The match fields of `terms` as the C++ tuples end with them (none in money play)."""
    if terms.get("away1"):
        return (terms["away1"], terms["away2"], terms.get("is_crawford", False))
    return ()


def pre_roll(boards: Sequence[list[int]], terms: Sequence[dict], plies: int) -> list[dict]:
    """Each position before its roll: its cubeless chances ("probs") and its cube decision
    ("equity_nd", "equity_dt", "equity_dp"), `plies` deep, at its cube terms (value, owner, score)."""
    import bgbot_cpp

    positions = [
        (list(board), term.get("cube_value", 1), _owner(term.get("cube_owner", "centered")), *_match(term))
        for board, term in zip(boards, terms, strict=True)
    ]
    money = not any(term.get("away1") for term in terms)
    jacoby = money and any(term.get("jacoby") for term in terms)
    return bgbot_cpp.batch_evaluate_positions(positions, strategy(plies), 0, jacoby=jacoby, beaver=False)


def post_move(boards: Sequence[list[int]], plies: int) -> list[list[float]]:
    """The cubeless chances after each move, for the player who moved, `plies` deep."""
    import bgbot_cpp

    positions = [(list(board), _owner("centered")) for board in boards]
    found = bgbot_cpp.batch_evaluate_post_move(positions, strategy(plies), 0, jacoby=False)
    return [list(answer["probs"]) for answer in found]


def checker_play(asks: Sequence[dict], plies: int) -> list[list[dict]]:
    """For each position and roll ({board, die1, die2} and the cube terms), Open Sage's plays best
    first, each {board, equity, probs, eval_level, ...}: the filter's survivors `plies` deep."""
    import bgbot_cpp

    inputs = []
    for ask in asks:
        entry = {key: ask[key] for key in ("board", "die1", "die2")}
        entry["cube_value"] = ask.get("cube_value", 1)
        entry["cube_owner"] = _owner(ask.get("cube_owner", "centered"))
        if ask.get("away1"):
            entry.update(away1=ask["away1"], away2=ask["away2"], is_crawford=ask.get("is_crawford", False))
        inputs.append(entry)
    jacoby = any(ask.get("jacoby") for ask in asks) and not any(ask.get("away1") for ask in asks)
    if plies == 1:
        found = bgbot_cpp.batch_checker_play(
            inputs, strategy(1), FILTER_MOST, FILTER_MARGIN, 0, jacoby=jacoby
        )
    else:
        found = bgbot_cpp.batch_checker_play(
            inputs, strategy(1), strategy(plies), FILTER_MOST, FILTER_MARGIN, 0, jacoby=jacoby
        )
    return [list(answer["moves"]) for answer in found]

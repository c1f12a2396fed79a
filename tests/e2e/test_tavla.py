"""End to end: the table in a real window, a checker dragged with a real mouse, the computer answering."""

import time

import pytest

from game.tavla import layout
from game.tavla.session import Phase, TableSession
from game.tavla.table.panel import MOVES_TOP, PANEL_WIDTH, PANEL_X
from tests.e2e.harness import difference

pytestmark = pytest.mark.e2e


def human_starts(seed: int) -> TableSession:
    session = TableSession("tavla", 5, "random", seed)
    return session


def first_seed_where_the_human_starts() -> int:
    return next(seed for seed in range(100) if human_starts(seed).phase is Phase.HUMAN)


def checker_at(session: TableSession, point: int) -> tuple[float, float]:
    board = session.board()
    count = board[point] if point != layout.BAR_POINT else board[25]
    return layout.checker_position(0, point, count - 1, count)


def finish_the_turn(game, seed: int, first: tuple[int, int]) -> None:
    """Drag the checkers of the rest of the first turn (after `first`) of the match of `seed`."""
    rest = TableSession("tavla", 5, "random", seed)
    rest.turn.apply(next(s for s in rest.turn.options() if s.move == first))
    while not rest.turn.done:
        follow = rest.turn.options()[0]
        count = rest.turn.state[follow.move[0]] if follow.move[0] != 25 else rest.turn.state[25]
        start = layout.checker_position(0, follow.move[0], count - 1, count)
        game.drag(start, layout.checker_position(0, follow.move[1], 0, 1))
        game.settle(0.8)
        rest.turn.apply(follow)


def test_drag_a_checker_finish_the_turn_and_watch_the_computer(launch, tmp_path):
    seed = first_seed_where_the_human_starts()
    session = human_starts(seed)
    turn = session.turn
    step = max(turn.options(), key=lambda s: s.move[0] - s.move[1])
    source, target = step.move
    game = launch("tavla", "--opponent", "random", "--seed", str(seed))
    game.settle(1.5)
    before = game.screenshot(tmp_path / "before.png")

    lifted = checker_at(session, source)
    game.drag(lifted, layout.checker_position(0, target, 0, 1))
    count = max(session.board()[target], 0) + 1
    landed = layout.checker_position(0, target, count - 1, count)
    spot = (landed[0] - 20, landed[1] - 20, landed[0] + 20, landed[1] + 20)
    game.wait_until(lambda shot: difference(before, shot, spot) > 20)
    game.settle(0.5)
    dragged = game.screenshot(tmp_path / "dragged.png")
    for x, y in (lifted, landed):
        assert difference(before, dragged, (x - 20, y - 20, x + 20, y + 20)) > 20, "the checker moved"

    finish_the_turn(game, seed, step.move)
    finished = game.screenshot(tmp_path / "finished.png")

    half = layout.RIGHT_HALF
    game.click((half[0] + half[1]) / 2, layout.MIDDLE_Y)
    board_box = (layout.BOARD_LEFT, layout.BOARD_BOTTOM, layout.BOARD_RIGHT, layout.BOARD_TOP)
    game.wait_until(lambda shot: difference(finished, shot, board_box) > 1.0)
    game.settle(3.0)
    answered = game.screenshot(tmp_path / "answered.png")
    assert difference(finished, answered, board_box) > 1.0, "the computer moved and new dice were rolled"
    status = (PANEL_X - PANEL_WIDTH / 2, 500, PANEL_X + PANEL_WIDTH / 2, 600)
    assert difference(finished, answered, status) > 1.0, "the status line changed"
    assert game.running


def test_the_computers_play_is_seen_and_written_before_the_status_changes(launch, tmp_path):
    """Its checkers move and its play shows in the move list while the status still waits; the status
    (and the player's next roll) change only after."""
    seed = first_seed_where_the_human_starts()
    session = human_starts(seed)
    step = session.turn.options()[0]
    game = launch("tavla", "--opponent", "random", "--seed", str(seed))
    game.settle(1.5)
    source, target = step.move
    count = session.board()[source]
    game.drag(layout.checker_position(0, source, count - 1, count), layout.checker_position(0, target, 0, 1))
    game.settle(0.8)
    finish_the_turn(game, seed, step.move)
    finished = game.screenshot()
    half = layout.RIGHT_HALF
    game.click((half[0] + half[1]) / 2, layout.MIDDLE_Y)
    shots = []
    deadline = time.monotonic() + 8.0
    while time.monotonic() < deadline:
        shots.append(game.screenshot())
    answered = game.screenshot(tmp_path / "answered.png")
    left, right = PANEL_X - PANEL_WIDTH / 2, PANEL_X + PANEL_WIDTH / 2
    status = (left, 500, right, 600)
    moves = (left, MOVES_TOP - 8 * 22 - 12, right - 100, MOVES_TOP - 11)
    checkers = (layout.BOARD_LEFT, layout.BOARD_BOTTOM, layout.BOARD_RIGHT, layout.BOARD_TOP)
    assert difference(finished, answered, status) > 1.0 and difference(finished, answered, moves) > 1.0
    written = [difference(shot, answered, moves) < 0.5 for shot in shots]
    final_status = [difference(shot, answered, status) < 0.5 for shot in shots]
    first_final = final_status.index(True)
    assert all(written[first_final:]), "the play is written by the time the status changes"
    before = [i for i in range(first_final) if written[i] and difference(finished, shots[i], checkers) > 0.3]
    assert before, "a moment shows the computer's checkers moved and its play written, the status not yet"

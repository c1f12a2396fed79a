"""End to end: the table in a real window, a checker dragged with a real mouse, the computer answering."""

import pytest

from game.tavla import layout
from game.tavla.session import Phase, TableSession
from game.tavla.table.panel import PANEL_WIDTH, PANEL_X
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

    rest = TableSession("tavla", 5, "random", seed)
    rest.turn.apply(next(s for s in rest.turn.options() if s.move == step.move))
    while not rest.turn.done:
        follow = rest.turn.options()[0]
        count = rest.turn.state[follow.move[0]] if follow.move[0] != 25 else rest.turn.state[25]
        start = layout.checker_position(0, follow.move[0], count - 1, count)
        game.drag(start, layout.checker_position(0, follow.move[1], 0, 1))
        game.settle(0.8)
        rest.turn.apply(follow)
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

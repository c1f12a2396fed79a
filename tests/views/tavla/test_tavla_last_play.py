"""The computer's last play stays marked on the board until the player moves, L (or Replay) shows it again,
and the move list stays in view beside the ranked hint, headless."""

import numpy as np
import pytest

from game.tavla.engine.game import Turn
from game.tavla.engine.position import OPENING, flip
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase
from game.tavla.screens import layout
from game.tavla.screens.table.drawing import LAST_PLAY
from game.tavla.screens.table.hint_panel import AREA_BOTTOM
from game.tavla.screens.table.last_play import last_play, play_marks
from tests.views.driver import click, press_key, screenshot
from tests.views.tavla.table import (
    THREE_ONE,
    CubeStub,
    cube_table,
    drag,
    open_table,
    play_first_turn,
    point_centre,
    set_up,
    settle,
    tick,
    top_checker,
    wait_for_hint,
)


def _after_the_computers_play(window, seed: int = 4):
    """The player's 3-1 (8/5 6/5) played against pubeval, its answer landed, the player's next turn on."""
    view = open_table(window, opponent="pubeval", seed=seed)
    set_up(view, OPENING, THREE_ONE, opponent="pubeval")
    for point in (8, 6):
        drag(view, top_checker(view, 0, point), point_centre(0, 5))
    settle(view)
    view.finish_turn()
    for _ in range(2000):
        tick(view)
        if view.session.seat == 0 and view.session.phase is Phase.HUMAN and not view.animating:
            break
    settle(view, 0.2)
    assert view.session.phase is Phase.HUMAN and not view.session.turn.steps
    return view


def _teal_near(image, x: float, y: float, reach: float = 32) -> int:
    """How many pixels around logical (x, y) are in the marks' colour."""
    rgb = np.asarray(image).astype(int)
    scale = rgb.shape[1] / 1280
    row, column = int(rgb.shape[0] - y * scale), int(x * scale)
    span = int(reach * scale)
    patch = rgb[row - span : row + span, column - span : column + span]
    return int((np.abs(patch - np.array(LAST_PLAY)).sum(axis=2) < 40).sum())


def test_the_last_play_is_the_computers_while_nothing_else_moved():
    computer = Turn(1, (6, 4), ((24, 18), (13, 9)), OPENING)
    dance = Turn(0, (6, 6), (), flip(OPENING))
    game = type("G", (), {"record": [Turn(0, (3, 1), ((8, 5), (6, 5)), OPENING), computer, dance]})()
    assert last_play(game, 1) is computer, "a dance of the player leaves the computer's play the last"
    game.record.append(Turn(0, (2, 1), ((13, 11), (6, 5)), flip(OPENING)))
    assert last_play(game, 1) is None, "once the player has played, nothing is marked"
    marks = play_marks(computer, Rules.TAVLA.variant)
    assert len(marks.arrows) == 2 and len(marks.origins) == 2 and len(marks.landings) == 2
    shown = {point: layout.to_display(1, point, Rules.TAVLA.variant) for point in (24, 13)}
    assert layout.checker_position(1, shown[24], 1, 2) in marks.origins, "24's top checker"
    assert layout.checker_position(1, shown[13], 4, 5) in marks.origins, "13's top checker"


def test_the_computers_play_stays_marked_until_the_player_moves(window):
    view = _after_the_computers_play(window)
    played = view.session.game.record[-1]
    assert played.player == 1 and played.play
    marks = view.last_play_marks
    assert marks is not None and marks.arrows
    shot = screenshot(window)
    for x, y in (*marks.origins, *marks.landings):
        assert _teal_near(shot, x, y) > 40, f"a mark at {(x, y)}"
    turn = view.session.turn
    step = turn.options()[0]
    turn.apply(step)
    assert view.last_play_marks is None, "the player moved: the marks are gone"
    turn.undo()
    assert view.last_play_marks is not None, "taken back: the position it left is on the table again"


def test_l_shows_the_computers_play_again_and_the_turn_goes_on(window):
    view = _after_the_computers_play(window, seed=5)
    played = view.session.game.record[-1]
    turn = view.session.turn
    step = turn.options()[0]
    turn.apply(step)
    view.checkers.glide_to(turn.state, 0)
    settle(view, 0.5)
    moved = {key: len(stack) for key, stack in view.checkers.stacks.items()}
    press_key(view, ord("l"))
    assert view.replay is not None and view.replay.again
    before = flip(played.state)  # the board before its play, from the player's side
    counts = {key: len(stack) for key, stack in view.checkers.stacks.items() if stack}
    start = played.play[0][0]
    assert counts[(1, layout.to_display(1, start, view.session.game.variant))] == max(played.state[start], 0)
    assert sum(n for (seat, _point), n in counts.items() if seat == 0) == 15 and before[25] == 0
    shown = []
    for _ in range(600):
        tick(view)
        shown.append(bool(view.checkers.glides))
        if view.replay is None and not view.checkers.animating:
            break
    assert any(shown), "its checkers glided once more"
    assert view.session.turn is turn and turn.steps == [step], "the player's turn is as it was"
    assert {key: len(stack) for key, stack in view.checkers.stacks.items()} == moved
    assert view.session.phase is Phase.HUMAN and view.rolling == 0, "no new roll"


@pytest.mark.slow
def test_the_replay_button_shows_it_too_and_waits_for_a_play(window):
    view = open_table(window, opponent="pubeval", seed=4)
    set_up(view, OPENING, THREE_ONE, opponent="pubeval")
    button = view.panel.replay_button
    assert button is not None and not button.enabled, "nothing to show before the computer has played"
    view = _after_the_computers_play(window)
    button = view.panel.replay_button
    assert button.enabled and button in view.buttons
    click(view, button.rect.x, button.rect.y)
    assert view.replay is not None and view.replay.again


def test_the_marks_and_l_wait_with_the_cube_question(window):
    view = cube_table(window, CubeStub())
    play_first_turn(view)
    assert view.overlays.top is view.roll_question
    assert view.last_play_marks is not None, "the computer's play is marked while the player decides"
    press_key(view, ord("l"))
    assert view.replay is not None and view.overlays.top is None, "the question waits for the play shown"
    settle(view, 3.0)
    assert view.replay is None and view.overlays.top is view.roll_question


def test_the_move_list_stays_in_view_beside_the_ranked_hint(window):
    view = _after_the_computers_play(window)
    view.show_hint()
    wait_for_hint(view)
    assert view.hint_panel.shown
    assert all(button in view.buttons for button in view.panel.moves.buttons)
    assert view.panel.replay_button in view.buttons
    rows = view.panel.moves
    assert rows.rows[-1].seat == 1 and rows.bottom > 0
    assert rows.top + rows.layout.height / 2 < AREA_BOTTOM, "the hint panel ends above the list"

"""The cube on the table, headless: Double / Roll before the roll, Take / Pass, the bot's answers, the
cube hint, the Crawford mark, and a tavla table without any of it."""

import time

import numpy as np
import pytest

from game.tavla.engine.game import GameResult
from game.tavla.engine.results import Outcome
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens import layout
from game.tavla.screens.table import cube
from game.tavla.screens.table.view import TableView
from tests.views.driver import FRAME, click, screenshot
from tests.views.tavla.table import CubeStub, centre, cube_table, play_first_turn, settle


def test_the_player_doubles_with_the_button_and_the_bot_takes(window):
    view = cube_table(window, CubeStub(takes=True))
    assert view.overlays.top is None, "no cube question on the opening roll"
    play_first_turn(view)
    assert view.session.phase is Phase.ROLL
    assert view.overlays.top is view.roll_question
    assert "2" in view.roll_question.texts[0].text
    assert "Double" in view.panel.texts["status"].text
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    game = view.session.game
    assert (game.cube_value, game.cube_owner) == (2, 1)
    assert "takes" in view.toast._text.text and view.toast.remaining > 0
    assert view.session.phase in (Phase.HUMAN, Phase.PASS)


def test_the_bot_passes_the_players_double_and_the_card_says_so(window):
    view = cube_table(window, CubeStub(takes=False))
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    result = view.session.result
    assert view.session.phase is Phase.GAME_OVER
    assert (result.winner, result.kind, result.points) == (0, Outcome.PASSED, 1)
    assert view.overlays.top is view.over
    assert "passed" in view.over.texts[1].text


def test_roll_rolls_without_doubling(window):
    view = cube_table(window, CubeStub())
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[1]))
    settle(view)
    assert view.session.game.cube_value == 1 and view.session.turn is not None


def test_the_bots_double_is_shown_with_take_and_pass(window):
    view = cube_table(window, CubeStub(doubles=True))
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 2.0)
    assert view.session.phase is Phase.ANSWER
    assert view.overlays.top is view.take_question
    title, line = (text.text for text in view.take_question.texts)
    assert "doubles to 2" in title and "Take" in line and "Pass" in line
    click(view, *centre(view.take_question.buttons[0]))
    settle(view)
    game = view.session.game
    assert (game.cube_value, game.cube_owner) == (2, 0), "taken: the cube is on the player's side"


def test_passing_the_bots_double_loses_the_game(window):
    view = cube_table(window, CubeStub(doubles=True))
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 2.0)
    click(view, *centre(view.take_question.buttons[1]))
    settle(view)
    assert view.session.result.winner == 1 and view.session.phase is Phase.GAME_OVER


def test_the_hint_before_the_roll_is_the_cube_decision(window):
    view = cube_table(window, CubeStub())
    play_first_turn(view)
    view.show_hint()
    deadline = time.monotonic() + 60
    while view.driver.hint_pending and time.monotonic() < deadline:
        view.on_update(FRAME)
        time.sleep(0.01)
    text = view.panel.texts["hint"].text
    assert "no double" in text and "ND" in text and "D/T" in text, text


def test_the_cube_is_drawn_in_the_tray_and_moves_to_its_owner(window):
    view = cube_table(window, CubeStub(takes=True))
    x, y = cube.cube_position(None)
    before = np.asarray(screenshot(window)).astype(int)
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    after = np.asarray(screenshot(window)).astype(int)
    height = before.shape[0]
    owner_x, owner_y = cube.cube_position(1)
    scale = before.shape[1] / 1280

    def patch(image, px, py):
        row, column = int(height - py * scale), int(px * scale)
        return image[row - 10 : row + 10, column - 10 : column + 10]

    assert patch(before, x, y).mean() > 150, "the centred cube's light face"
    assert abs(patch(after, owner_x, owner_y).mean() - patch(before, owner_x, owner_y).mean()) > 40
    assert view.cube_drawing.face.text == "2"


def test_the_crawford_game_is_marked(window):
    view = cube_table(window, CubeStub())
    session = TableSession(Rules.STANDARD, 5, "random", 2, cube=True)
    session.game.result = GameResult(1, 4, Outcome.SINGLE, 0)
    session.new_game()
    view.start_session(session)
    settle(view)
    assert "Crawford" in view.panel.texts["rules"].text
    screenshot(window)
    assert view.cube_drawing.note.text == "Crawford"


@pytest.mark.parametrize("rules", [Rules.TAVLA, Rules.STANDARD])
def test_no_cube_without_it(window, rules):
    window.show_view(TableView(opponent="random", rules=rules, seed=1, cube=False))
    view = window.current_view
    assert view.session.cube is None and not view.session.match.cube
    settle(view, 3.0)
    assert view.session.phase not in (Phase.ROLL, Phase.ANSWER)


def _wait_for_cube_hint(view) -> str:
    deadline = time.monotonic() + 60
    while view.driver.hint_pending and time.monotonic() < deadline:
        view.on_update(FRAME)
        time.sleep(0.01)
    return view.panel.texts["hint"].text


def test_the_hint_button_gives_the_cube_hint_while_double_or_roll_is_asked(window):
    """A player of the mouse alone: the panel's Hint button answers beside the question (H did already)."""
    view = cube_table(window, CubeStub())
    play_first_turn(view)
    assert view.overlays.top is view.roll_question and view.panel.hint_button.enabled
    click(view, *centre(view.panel.hint_button))
    assert view.driver.hint_pending, "the click reached the Hint button"
    text = _wait_for_cube_hint(view)
    assert "ND" in text and "D/T" in text, text
    assert view.overlays.top is view.roll_question, "the question stays"
    click(view, *centre(view.panel.done_button))
    assert view.session.phase is Phase.ROLL, "a disabled button beside the question does nothing"
    click(view, layout.BAR_X, layout.MIDDLE_Y - 200)
    assert view.session.phase is Phase.ROLL and view.overlays.top is view.roll_question


def test_the_hint_button_gives_the_answer_to_a_double(window):
    view = cube_table(window, CubeStub(doubles=True))
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 2.0)
    assert view.overlays.top is view.take_question
    click(view, *centre(view.panel.hint_button))
    text = _wait_for_cube_hint(view)
    assert "take" in text and "pass" in text, text

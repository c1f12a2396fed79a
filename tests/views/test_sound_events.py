"""Each moment of play sounds its effect (a recording player stands in for the speakers), and the
Settings screen switches the sound and sets its volume at once."""

import pytest
from arcade import key

from game.menu.settings import SETTINGS
from game.settings import load_config
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.ui.sound import RecordingPlayer
from tests.views.driver import click, press_key, step
from tests.views.menu.menus import open_settings
from tests.views.puzzle.screen import one_from_goal, open_puzzle
from tests.views.tavla.table import (
    THREE_ONE,
    CubeStub,
    centre,
    cube_table,
    drag,
    open_table,
    play_first_turn,
    point_centre,
    set_up,
    settle,
    top_checker,
)

SOUND_ROW = next(i for i, setting in enumerate(SETTINGS) if setting.key_path == ("sound", "enabled"))
VOLUME_ROW = next(i for i, setting in enumerate(SETTINGS) if setting.key_path == ("sound", "volume"))


@pytest.fixture
def heard(window):
    """The window's sounds go to a recording player for the test."""
    speakers = window.sounds.player
    window.sounds.player = RecordingPlayer()
    yield window.sounds.player
    window.sounds.player = speakers


def test_a_tile_slides_with_a_sound_and_the_solved_board_chimes(window, heard):
    view = open_puzzle(window, size="4x4", image="numbers", seed=5)
    press_key(view, key.LEFT)
    press_key(view, key.DOWN)
    assert heard.events.count("slide") == view.game.moves > 0
    step(view, 1.0)
    assert "solved" not in heard.events
    view = one_from_goal(window)
    heard.played.clear()
    press_key(view, key.LEFT)
    assert view.game.solved and heard.events == ["slide"], "the chime waits for the tile to land"
    step(view, 1.0)
    assert heard.events == ["slide", "solved"]


def test_the_dice_roll_and_a_checker_lands(window, heard):
    view = open_table(window)
    set_up(view, OPENING, THREE_ONE)
    assert "dice" in heard.events
    heard.played.clear()
    drag(view, top_checker(view, 0, 8), point_centre(0, 5))
    settle(view)
    assert heard.events == ["land"]


def test_a_hit_sounds_as_a_hit(window, heard):
    state = list(OPENING)
    state[19], state[5] = -4, -1  # a blot of the opponent's on the 5-point
    view = open_table(window)
    set_up(view, tuple(state), THREE_ONE)
    heard.played.clear()
    drag(view, top_checker(view, 0, 8), point_centre(0, 5))
    settle(view)
    assert heard.events == ["hit"]


def test_bearing_off_the_last_checker_and_winning(window, heard):
    state = [0] * 28
    state[0], state[1], state[24] = 14, 1, -15
    view = open_table(window, opponent="random")
    view.start_session(TableSession.from_position(tuple(state), (2, 1), Rules.TAVLA, "random", 3))
    settle(view, 3.0)
    assert view.session.phase is Phase.GAME_OVER
    assert heard.events[-2:] == ["bear_off", "win"]
    settle(view, 1.0)
    assert heard.events.count("win") == 1, "once, however long the card shows"


def test_a_game_lost(window, heard):
    # Seat 0 must enter on 23 and move on to 22; then the computer bears off its last two checkers.
    state = [0] * 28
    state[0], state[25] = 14, 1
    state[27], state[24] = 13, -2
    view = open_table(window, opponent="random")
    view.start_session(TableSession.from_position(tuple(state), (2, 1), Rules.TAVLA, "random", 3))
    settle(view, 6.0)
    assert view.session.phase is Phase.GAME_OVER and view.session.result.winner == 1
    assert heard.events[-1] == "lose"
    assert "win" not in heard.events


@pytest.mark.usefixtures("at_the_menu")
def test_settings_switch_the_sound_and_set_its_volume_at_once(window, heard):
    view = open_settings(window)
    volume = view.selectors[VOLUME_ROW]
    assert window.settings.sound.enabled and window.settings.sound.volume == 70
    click(view, volume.right.rect.x, volume.right.rect.y)
    assert window.settings.sound.volume == 80
    assert heard.played[-1] == ("land", 0.8), "the new volume is heard at once"
    assert load_config(window.config_file).sound.volume == 80
    view = window.current_view
    sound = view.selectors[SOUND_ROW]
    click(view, sound.right.rect.x, sound.right.rect.y)
    assert not window.settings.sound.enabled
    assert not load_config(window.config_file).sound.enabled
    heard.played.clear()
    window.sounds.play("dice")
    assert heard.played == []


def test_the_cube_sounds_when_a_double_is_offered_and_taken(window, heard):
    view = cube_table(window, CubeStub(takes=True))
    play_first_turn(view)
    heard.played.clear()
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    assert heard.events[:2] == ["double", "take"]
    view = cube_table(window, CubeStub(doubles=True))
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 2.0)
    assert view.session.phase is Phase.ANSWER and heard.events[-1] == "double"
    click(view, *centre(view.take_question.buttons[0]))
    assert heard.events[-2:] == ["take", "dice"], "taken, and the doubler rolls"

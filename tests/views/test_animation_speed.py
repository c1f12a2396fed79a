"""The animation speed (issue 47): a setting of the Settings screen, kept in the config as
window.animation_speed (slow, normal, fast, instant; anything else refused in words), that the table's
checker glides and dice tumble and Fifteen's tile slides follow."""

from pathlib import Path

import pytest

from game.core.settings.fields import with_value
from game.menu.settings import SETTINGS, SPEED, SettingsView, describe_choice
from game.puzzle.model.size import BoardSize
from game.puzzle.screens.view import PuzzleView
from game.settings import load_config
from game.tavla.engine.position import OPENING
from game.tavla.screens.table.turns import ROLL_SECONDS
from tests.test_config import refusal, write
from tests.views.driver import FRAME, click
from tests.views.menu.menus import open_settings
from tests.views.tavla.table import THREE_ONE, open_table, set_up


def frames_to_roll(view) -> int:
    """How many frames the dice of a fresh turn tumble."""
    view._start_turn()
    frames = 0
    while view.rolling > 0 and frames < 1000:
        view.on_update(FRAME)
        frames += 1
    return frames


@pytest.mark.usefixtures("at_the_menu")
def test_the_speed_is_chosen_on_the_settings_screen_and_kept(window):
    view = open_settings(window)
    index = next(i for i, setting in enumerate(SETTINGS) if setting.key_path == SPEED)
    selector = view.selectors[index]
    assert selector.value == "normal" and describe_choice("instant") == "Instant"
    click(view, selector.right.rect.x, selector.right.rect.y)
    assert window.settings.window.animation_speed == "fast"
    assert load_config(window.config_file).window.animation_speed == "fast", "kept for the next start"
    assert isinstance(window.current_view, SettingsView)


@pytest.mark.slow
def test_the_table_and_fifteen_follow_the_speed(window):
    normal = open_table(window)
    set_up(normal, OPENING, THREE_ONE)
    designed = window.settings.tavla.animation.duration
    assert normal.duration == designed and normal.checkers.duration == designed
    normal_roll = frames_to_roll(normal)
    assert normal_roll == pytest.approx(ROLL_SECONDS / FRAME, abs=1)
    window.settings = with_value(window.settings, SPEED, "fast")
    fast = open_table(window)
    set_up(fast, OPENING, THREE_ONE)
    assert fast.checkers.duration == pytest.approx(designed / 2)
    assert frames_to_roll(fast) == pytest.approx(normal_roll / 2, abs=1), "the dice tumble half as long"
    window.settings = with_value(window.settings, SPEED, "instant")
    instant = open_table(window)
    set_up(instant, OPENING, THREE_ONE)
    assert instant.checkers.duration == 0 and frames_to_roll(instant) == 1, "the dice land at once"
    window.settings = with_value(window.settings, SPEED, "slow")
    window.show_view(PuzzleView(size=BoardSize(4, 4), image="numbers", seed=3))
    puzzle = window.current_view
    assert puzzle.duration == pytest.approx(window.settings.puzzle.animation.duration / 0.6)


def test_a_speed_the_game_does_not_know_is_refused_in_words(tmp_path: Path):
    message = refusal(write(tmp_path, "window:\n  animation_speed: warp\n"))
    for fragment in ("line 2", "window.animation_speed", "'warp'", "'slow'", "'instant'"):
        assert fragment in message, f"{fragment!r} not in {message!r}"

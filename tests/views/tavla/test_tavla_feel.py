"""The table as a player reads it, headless: the computer's play shown before the status, the move list,
one move a double-click, refusals that say why, the dragged checker on top, the numbers at one desk."""

import arcade
import numpy as np
import pytest

from game.tavla.engine.notation import display_dice, display_play
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens import layout
from game.tavla.screens.table import hints, marks, opponent
from game.tavla.screens.table.captions import MoveRow
from game.tavla.screens.table.move_list import ROWS
from game.tavla.screens.table.view import TableView
from tests.tavla.builders import position as own_position
from tests.views.driver import screenshot, to_screen
from tests.views.tavla.table import (
    THREE_ONE,
    drag,
    open_table,
    point_centre,
    set_up,
    settle,
    tick,
    top_checker,
    wait_for_hint,
)


def test_the_computers_checkers_move_and_its_play_is_written_before_the_status_changes(window):
    view = open_table(window, opponent="pubeval", seed=4)
    set_up(view, OPENING, THREE_ONE, opponent="pubeval")
    for point in (8, 6):
        drag(view, top_checker(view, 0, point), point_centre(0, 5))
    settle(view)
    view.finish_turn()
    thinking = view.panel.texts["status"].text
    assert "plays" in thinking
    while view.replay is None:
        tick(view)
    rows = view.panel.moves.rows
    assert rows[-1].seat == 1 and rows[-1].number == "", "its play is written as its checkers start"
    played = view.session.game.record[-1]
    assert rows[-1].text == f"{display_dice(*played.dice)}: {display_play(played.state, played.play)}"
    seen_moving = False
    while view.replay is not None:
        assert view.panel.texts["status"].text == thinking, "the status waits for the checkers"
        assert view.session.phase is not Phase.HUMAN or view.animating
        seen_moving |= bool(view.checkers.glides)
        tick(view)
    assert seen_moving
    assert not view.checkers.animating
    assert view.panel.texts["status"].text != thinking
    assert view.rolling > 0, "the player's roll comes after the computer's play"


def test_a_click_during_the_computers_play_lands_it_and_keeps_it_written(window):
    view = open_table(window, opponent="pubeval", seed=5)
    set_up(view, OPENING, THREE_ONE, opponent="pubeval")
    for point in (8, 6):
        drag(view, top_checker(view, 0, point), point_centre(0, 5))
    settle(view)
    view.finish_turn()
    while view.replay is None:
        tick(view)
    view.on_scene_press(100, 100, arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.replay is None and not view.checkers.pending
    assert view.panel.moves.rows[-1].seat == 1
    assert view.drag is None, "the click that lands the play picks up nothing"


def test_the_move_list_follows_the_game_and_scrolls(window):
    view = open_table(window, opponent="pubeval", seed=6)
    moves = view.panel.moves
    rows = [MoveRow(str(i // 2 + 1) if i % 2 == 0 else "", i % 2, f"31: 8/5 6/5 #{i}") for i in range(20)]
    moves.set_rows(rows)
    assert moves.first == 20 - ROWS.count, "the newest turn is in view"
    x, y = to_screen(view, moves.left + 40, moves.row_y(3))
    view.on_mouse_scroll(int(x), int(y), 0, 3)
    assert moves.first == 20 - ROWS.count - 3
    moves.set_rows([*rows, MoveRow("11", 0, "64: 24/18* 13/9")])
    assert moves.first == 20 - ROWS.count - 3, "a new turn does not pull the list away from older ones"
    assert moves.up_button.enabled and moves.down_button.enabled
    for _ in range(30):
        moves.down_button.on_click()
    assert moves.first == 21 - ROWS.count and not moves.down_button.enabled
    moves.set_rows([])
    assert moves.first == 0 and not moves.up_button.enabled


def _click(view, position) -> None:
    sx, sy = to_screen(view, *position)
    view.on_mouse_press(int(sx), int(sy), arcade.MOUSE_BUTTON_LEFT, 0)
    view.on_mouse_release(int(sx), int(sy), arcade.MOUSE_BUTTON_LEFT, 0)


def test_a_double_click_bears_one_checker_off_and_no_more(window):
    view = open_table(window)
    set_up(view, own_position({5: 3, 3: 2}, {19: 15}), (5, 3))
    checker = top_checker(view, 0, 5)
    _click(view, checker)
    _click(view, checker)
    settle(view, 0.5)
    assert view.session.turn.moves == [(5, 0)], "one gesture, one move"
    set_up(view, own_position({5: 1, 3: 2, 1: 2}, {19: 15}), (3, 2))
    checker = top_checker(view, 0, 5)
    _click(view, checker)
    assert view.session.turn.moves == [(5, 2)], "a single click moves by the larger die"
    _click(view, checker)
    settle(view, 0.5)
    assert sorted(view.session.turn.moves) in ([(2, 0), (5, 2)], [(3, 0), (5, 3)])
    assert view.session.turn.state[0] == 11, "the double-click bore the 5-point checker off"


def test_a_refused_drop_and_a_refused_pick_up_say_why(window):
    view = open_table(window)
    set_up(view, OPENING, THREE_ONE)
    drag(view, top_checker(view, 0, 13), point_centre(0, 12))
    assert view.note.message == "Point 12 is blocked."
    on_bar = own_position({6: 14}, {24: 2, 1: 13}, own_bar=1)
    set_up(view, on_bar, (5, 4))
    view.note.show("", 0)
    six = top_checker(view, 0, 6)
    drag(view, six, point_centre(0, 2))
    assert view.note.message == "Enter from the bar first."
    assert abs(view.note.x - six[0]) < 200 and abs(view.note.y - six[1]) < 120, "said beside the checker"


def test_the_dragged_checker_is_drawn_over_the_dice(window):
    view = open_table(window)
    set_up(view, OPENING, THREE_ONE)
    die = next(sprite for sprite in view.dice.sprites if sprite.visible).position
    start = top_checker(view, 0, 8)
    sx, sy = to_screen(view, *start)
    view.on_mouse_press(int(sx), int(sy), arcade.MOUSE_BUTTON_LEFT, 0)
    ex, ey = to_screen(view, *die)
    view.on_mouse_drag(int(ex), int(ey), 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
    over = np.asarray(screenshot(window), dtype=np.int16)
    for sprite in view.dice.sprites:
        sprite.visible = False
    under = np.asarray(screenshot(window), dtype=np.int16)
    px, py = (round(v) for v in to_screen(view, *die))
    height = over.shape[0]
    box = (slice(height - py - 8, height - py + 8), slice(px - 8, px + 8))
    assert np.abs(over[box] - under[box]).mean() < 2, "the dice do not show through the checker"


def test_at_one_desk_the_point_numbers_turn_for_the_player_on_roll(window):
    view = open_table(window, opponent="human", seed=5)
    view.start_session(TableSession.from_position(OPENING, THREE_ONE, Rules.TAVLA, "human"))
    settle(view)
    screenshot(window)
    assert view.board.seat == 0
    for point in (8, 6):
        drag(view, top_checker(view, 0, point), point_centre(0, 5))
    settle(view)
    view.finish_turn()
    settle(view)
    assert view.session.seat == 1
    screenshot(window)
    assert view.board.seat == 1
    bot = open_table(window, opponent="random", seed=5)
    set_up(bot, OPENING, THREE_ONE)
    for point in (8, 6):
        drag(bot, top_checker(bot, 0, point), point_centre(0, 5))
    settle(bot)
    bot.finish_turn()
    assert bot.session.seat == 1
    screenshot(window)
    assert bot.board.seat == 0, "against a bot the numbers stay the player's"


def test_the_hint_stars_its_hits_and_its_arrows_start_at_the_moving_checkers(window, monkeypatch):
    hint = hints.RankedHint("6/4 8/4", (), None, "Master")
    monkeypatch.setattr(opponent, "ranked_hint", lambda *_arguments: ("Master", hint))
    view = open_table(window)
    blot = list(OPENING)
    blot[4], blot[19] = -1, -4
    set_up(view, tuple(blot), (4, 2))
    view.show_hint()
    wait_for_hint(view)
    assert view.panel.texts["hint"].text == "Hint (Master): 8/4* 6/4"
    first, second = view.hint_arrows
    assert first[0] == pytest.approx(top_checker(view, 0, 8))
    assert second[0] == pytest.approx(top_checker(view, 0, 6))
    assert first[1] == pytest.approx(layout.checker_position(0, 4, 0, 1))
    assert second[1] == pytest.approx(layout.checker_position(0, 4, 1, 2)), "it lands on the first"
    bar = marks.hint_arrows(0, own_position({6: 14}, {24: 2}, own_bar=1), [(25, 20)], Rules.TAVLA.variant)
    assert bar[0][0] == pytest.approx(layout.checker_position(0, layout.BAR_POINT, 0, 1))


def test_a_toast_never_hides_a_dialog_and_the_opening_waits_for_the_offer(window, tmp_path, monkeypatch):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path))
    view = open_table(window, opponent="random", seed=None)
    view.leave()
    window.show_view(TableView(opponent="random"))
    again = window.current_view
    assert again.saved is not None
    assert again.toast.message == "", "the new match's opening roll is not told over the offer"
    again.toast.show("a notice")
    screenshot(window)
    dialog = again.overlays.top.rect
    assert again.toast.y - 40 > dialog.y + dialog.height / 2, "the notice sits above the dialog"
    again.decline_saved()
    assert again.toast.message.startswith("Opening roll")

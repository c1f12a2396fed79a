"""The position lab's set-up screen, headless: clicks add and remove, a drag moves, Play is refused
with words and starts the table at the position, IDs pasted good and bad, E at the table and Esc back."""

import arcade
import pytest
from arcade import key

from game.tavla.engine.match_id import read_match_id
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase
from game.tavla.lab.setup_board import BAR_PLACE, OFF_PLACE, SetupBoard
from game.tavla.screens import layout
from game.tavla.screens.table.captions import gnubg_ids
from game.tavla.screens.table.setup_view import SetupView
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, draw_frame, press_key, screenshot, to_screen
from tests.views.tavla.table import centre, open_table, settle

XGID = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:52:0:0:0:0:10"  # the cube at 2 with the top side, 5-2 to play


def open_setup(window, board: SetupBoard | None = None) -> SetupView:
    backs = []
    view = SetupView(board or SetupBoard.opening(), lambda: backs.append(True))
    view.backs = backs
    window.show_view(view)
    return view


def point(place: int) -> tuple[float, float]:
    """The middle of a point's half-column, where a click lands on it."""
    x = layout.point_x(place)
    return x, layout.INNER_BOTTOM + 120 if place <= 12 else layout.INNER_TOP - 120


def drag(view, start, end, steps: int = 5) -> None:
    sx, sy = to_screen(view, *start)
    view.on_mouse_press(int(sx), int(sy), arcade.MOUSE_BUTTON_LEFT, 0)
    for index in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * index / steps
        y = start[1] + (end[1] - start[1]) * index / steps
        px, py = to_screen(view, x, y)
        view.on_mouse_drag(int(px), int(py), 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
    ex, ey = to_screen(view, *end)
    view.on_mouse_release(int(ex), int(ey), arcade.MOUSE_BUTTON_LEFT, 0)


@pytest.mark.slow
def test_left_click_adds_the_chosen_colour_and_right_click_removes(window):
    view = open_setup(window)
    click(view, *point(4))
    assert view.board.count(0, 4) == 1 and len(view.checkers.stacks[(0, 4)]) == 1
    click(view, *centre(view.colour.right))  # Black now
    click(view, *point(4))
    assert view.board.count(1, 4) == 1 and "point 4 holds checkers of both sides" in view.board.problems()
    assert view.status.text.startswith("White has 16 checkers") and view.status.text.endswith("…"), (
        "two problems said, and that there are more"
    )
    click(view, *point(4), button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.board.count(1, 4) == 0 and view.board.count(0, 4) == 1, "the chosen colour's goes first"
    click(view, *point(4), button=arcade.MOUSE_BUTTON_RIGHT)
    assert view.board.count(0, 4) == 0
    assert view.board.problems() == [] and view.status.text.startswith("A position")
    click(view, *point(6), button=arcade.MOUSE_BUTTON_RIGHT)
    assert "White has 14 checkers" in view.status.text, "said at once"


def test_a_drag_moves_a_checker_to_a_point_the_bar_and_the_tray(window):
    view = open_setup(window)
    drag(view, point(6), point(5))
    assert view.board.count(0, 6) == 4 and view.board.count(0, 5) == 1
    drag(view, point(5), (layout.BAR_X, layout.MIDDLE_Y - 100))
    assert view.board.count(0, BAR_PLACE) == 1, "a side's own bar, wherever it is dropped on the bar"
    drag(view, (layout.BAR_X, layout.MIDDLE_Y + 70), (layout.TRAY_X, layout.MIDDLE_Y + 100))
    assert view.board.count(0, BAR_PLACE) == 0 and view.board.count(0, OFF_PLACE) == 1
    drag(view, point(13), (1120, 700))  # over the panel: off the board
    assert view.board.count(0, 13) == 4 and view.board.total(0) == 14
    assert view.checkers.held is None and not view.dragging


def region(image, view, rect) -> bytes:
    """The pixels of a logical rectangle in a screenshot (top-down)."""
    left, bottom = to_screen(view, rect.x - rect.width / 2, rect.y - rect.height / 2)
    right, top = to_screen(view, rect.x + rect.width / 2, rect.y + rect.height / 2)
    height = image.height
    return image.crop((int(left), int(height - top), int(right), int(height - bottom))).tobytes()


def test_the_board_and_panel_are_painted_again_only_when_they_change(window):
    """They come from a cached layer: frames at rest do not paint it; a checker added shows at once, a
    selector stepped and a button lit paint it once each, and the screen shows what changed."""
    view = open_setup(window)
    first = screenshot(window)
    painted = view.layer.paints
    for _ in range(5):
        draw_frame(window)
    assert view.layer.paints == painted, "nothing changed"
    click(view, *point(4))
    added = screenshot(window)
    x, y = to_screen(view, layout.point_x(4), layout.INNER_BOTTOM + 30)
    spot = int(x), int(first.height - y)
    assert first.getpixel(spot) != added.getpixel(spot), "the checker on point 4 is drawn"
    painted = view.layer.paints
    on_roll = view.on_roll.rect
    before = region(added, view, on_roll)
    click(view, *centre(view.on_roll.right))
    stepped = screenshot(window)
    assert view.layer.paints == painted + 1 and view.on_roll.value == "1"
    assert region(stepped, view, on_roll) != before, "the new value is on the screen"
    painted = view.layer.paints
    x, y = to_screen(view, *centre(view.play_button))
    view.on_mouse_motion(int(x), int(y), 0, 0)
    lit = screenshot(window)
    assert view.layer.paints == painted + 1, "a hovered button is painted lit"
    assert region(lit, view, view.play_button.rect) != region(stepped, view, view.play_button.rect)


def test_play_is_refused_with_the_problems_in_words(window):
    view = open_setup(window)
    click(view, *point(6), button=arcade.MOUSE_BUTTON_RIGHT)
    click(view, *centre(view.play_button))
    assert window.current_view is view
    assert view.toast.message.startswith("Not a position yet: White has 14 checkers")


def test_play_starts_the_table_at_the_position(window):
    tavla = window.settings.tavla.model_copy(update={"opponent": "random"})
    window.settings = window.settings.model_copy(update={"tavla": tavla})  # the fixture restores it
    board = SetupBoard.opening(Rules.STANDARD)
    board.move(0, 6, 5)
    board.dice = (4, 4)
    view = open_setup(window, board)
    click(view, *centre(view.play_button))
    table = window.current_view
    assert isinstance(table, TableView)
    assert table.session.board() == board.state() and table.session.game.dice == (4, 4)
    assert table.session.phase is Phase.HUMAN and not table.session.keep
    table.leave()


def test_paste_a_good_and_a_bad_xgid(window, clipboard):
    view = open_setup(window)
    clipboard["text"] = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:77:0:0:0:0:10"
    click(view, *centre(view.paste_button))
    assert view.toast.message.startswith("Not pasted: XGID") and "dice (field 5)" in view.toast.message
    assert view.board.state() == OPENING, "the board as it was"
    clipboard["text"] = f"  {XGID}\n"
    click(view, *centre(view.paste_button))
    board = view.board
    assert board.rules is Rules.STANDARD and board.cube_value == 2 and board.cube_owner == 1
    assert board.dice == (5, 2) and view.die_selectors[0].value == "5" and view.cube_value.value == "2"
    click(view, *centre(view.copy_button))
    assert clipboard["text"].splitlines()[1] == XGID
    clipboard["text"] = "4HPwATDgc/ABMA"  # a Position ID alone: the opening, money, to roll
    press_key(view, key.V, key.MOD_CTRL)
    assert view.board.state() == OPENING and view.board.dice is None


def test_e_at_the_table_sets_up_its_position_and_esc_returns(window):
    table = open_table(window)
    settle(table, 0.5)
    press_key(table, key.E)
    view = window.current_view
    assert isinstance(view, SetupView)
    assert view.board.state() == table.session.board() and view.board.on_roll == table.session.seat
    # The table panel's IDs and the lab's say the same decision: the same Position ID (the player on
    # roll's view), the same dice, cube and score from the side of the player on roll. They number the
    # players differently: the table as its .mat export does (seat 0 is gnubg's player 0), the lab as
    # gnubg draws its board (the bottom player is gnubg's X, player 1).
    position, shown = gnubg_ids(table.session)
    lab = view.board.to_setup()
    table_moment, lab_moment = read_match_id(shown), lab.moment
    assert lab.position_id == position and lab_moment.dice == table_moment.dice
    assert lab_moment.cube == table_moment.cube and lab_moment.length == table_moment.length
    on_roll = (lab_moment.score[lab_moment.on_roll], lab_moment.score[1 - lab_moment.on_roll])
    assert on_roll == (table_moment.score[table_moment.on_roll], table_moment.score[1 - table_moment.on_roll])
    press_key(view, key.ESCAPE)
    assert window.current_view is table
    table.leave()


@pytest.mark.slow
def test_ctrl_c_at_the_table_copies_its_ids_and_ctrl_v_opens_the_lab_on_a_pasted_xgid(window):
    table = open_table(window)
    settle(table, 0.5)
    copied = []
    window.set_clipboard_text = copied.append
    press_key(table, key.C, key.MOD_CTRL)
    gnubg, xgid = copied[0].splitlines()
    assert gnubg == ":".join(gnubg_ids(table.session)) and xgid.startswith("XGID=")
    window.get_clipboard_text = lambda: XGID
    press_key(table, key.V, key.MOD_CTRL)
    view = window.current_view
    assert isinstance(view, SetupView) and view.board.dice == (5, 2), "the XGID's position, on the lab"
    press_key(view, key.ESCAPE)
    assert window.current_view is table
    table.leave()

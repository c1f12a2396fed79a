"""End to end, in a real window with the real mouse and the X clipboard: the menu's Position lab, an
XGID pasted from another program, the position changed with the mouse (a checker taken off one point
with a right click, one added to another with a left click), Copy IDs read back from the clipboard as
the board now is, then Roll out: the study card's table filling in, Stop, and its words copied and read
back (the games played and the equity with its interval)."""

import re
import shutil

import pytest

from game.menu.layout import FOOTER_BUTTON_Y, footer_x
from game.tavla.engine.rules import Rules
from game.tavla.engine.xgid import read_xgid, write_xgid
from game.tavla.lab.setup_board import SetupBoard
from game.tavla.screens import layout
from game.tavla.screens.table.setup_panel import BUTTON_ROWS, COLUMNS
from game.tavla.screens.table.study_card import BUTTON_STEP, BUTTON_Y, CLOSE_X

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

# A race (its games short, so a few come in soon on a busy machine), the cube at 2 with the top side, 5-2
# to play.
XGID = "XGID=----BBBCCC------cccbbb----:1:-1:1:52:0:0:0:0:10"
PASTE = (COLUMNS[1], BUTTON_ROWS[1])
COPY_IDS = (COLUMNS[0], BUTTON_ROWS[1])
ROLL_OUT = (COLUMNS[1], BUTTON_ROWS[2])
STOP = (CLOSE_X - BUTTON_STEP, BUTTON_Y)  # the card's Stop while a rollout runs, left of Close
COPY = (CLOSE_X - 2 * BUTTON_STEP, BUTTON_Y)  # and Copy left of it
COPY_AFTER = (CLOSE_X - BUTTON_STEP, BUTTON_Y)  # once it has ended, Copy beside Close


def point(place: int) -> tuple[float, float]:
    """The middle of a point's half-column, where a click lands on it."""
    return layout.point_x(place), layout.INNER_BOTTOM + 120 if place <= 12 else layout.INNER_TOP - 120


@pytest.fixture
def clipboard_tool():
    if shutil.which("xclip") is None:
        pytest.skip("the clipboard test needs xclip (Debian: apt-get install xclip)")


def test_paste_an_xgid_change_it_with_the_mouse_copy_it_and_roll_it_out(launch, tmp_path, clipboard_tool):
    game = launch()
    game.click(footer_x("lab"), FOOTER_BUTTON_Y)
    game.settle(1.0)
    game.set_clipboard(XGID)
    game.click(*PASTE)
    game.settle(0.8)
    board = SetupBoard.from_setup(read_xgid(XGID), Rules.TAVLA)
    taken = next(place for place in range(1, 25) if board.count(0, place) >= 2)
    added = next(place for place in range(1, 25) if not board.count(0, place) and not board.count(1, place))
    game.click(*point(taken), button=3)  # a right click takes the chosen colour's checker off
    game.settle(0.5)
    game.click(*point(added))  # a left click adds one of the chosen colour (White)
    game.settle(0.5)
    board.remove(0, taken)
    board.add(0, added)
    game.click(*COPY_IDS)
    expected = write_xgid(board.to_setup())
    assert game.wait_for(lambda: expected in game.clipboard(), timeout=10), (game.clipboard(), expected)
    game.screenshot(tmp_path / "set-up.png")

    game.click(*ROLL_OUT)
    game.settle(1.0)
    game.click(*COPY)
    assert game.wait_for(lambda: "Rollout" in game.clipboard(), timeout=10), game.clipboard()

    def some_games_played() -> bool:
        game.click(*COPY)
        game.settle(0.3)
        found = re.search(r"([\d,]+) of 1,296 games", game.clipboard())
        return found is not None and int(found.group(1).replace(",", "")) >= 36

    assert game.wait_for(some_games_played, timeout=90), game.clipboard()
    game.screenshot(tmp_path / "rolling-out.png")
    game.click(*STOP)
    game.settle(0.5)
    game.click(*COPY_AFTER)
    game.settle(0.5)
    text = game.clipboard()
    played = re.search(r"stopped after (\d+) of 1296 games", text)
    assert played and int(played.group(1)) >= 36 and int(played.group(1)) % 36 == 0, text
    equity = re.search(r"equity ([+-]\d\.\d{3}) ± (\d\.\d{3})", text)
    assert equity and -3 <= float(equity.group(1)) <= 3 and float(equity.group(2)) < 1, text
    assert game.running

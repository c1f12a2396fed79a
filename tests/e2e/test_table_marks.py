"""End to end, in a real window with the real mouse and keys: the computer's last play stays marked on the
board after its checkers land (the cube's question waiting), the Hint button gives the cube hint while
Double / Roll is asked, and L shows the computer's play again."""

import numpy as np
import pytest

from game.core.records import DB_NAME, Records
from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.record.save import save_table
from game.tavla.screens import layout
from game.tavla.screens.table.drawing import LAST_PLAY
from game.tavla.screens.table.last_play import play_marks
from game.tavla.screens.table.overlays import CUBE_X, OVERLAY_X
from game.tavla.screens.table.panel import PANEL_WIDTH, PANEL_X
from game.ui.theme import ACCENT, DESIGN_HEIGHT
from tests.e2e.harness import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

RESUME = (OVERLAY_X - 120, layout.MIDDLE_Y - 70)
COMPUTERS_PLAY = ((24, 18), (13, 9))  # its 6-4 after the player's opening 3-1, in its numbering


def _count(shot, box, colour, within: int = 40) -> int:
    """Pixels near `colour` in the logical box (left, bottom, right, top)."""
    left, bottom, right, top = box
    crop = shot.crop((round(left), round(DESIGN_HEIGHT - top), round(right), round(DESIGN_HEIGHT - bottom)))
    rgb = np.asarray(crop, dtype=np.int16)
    return int((np.abs(rgb - np.array(colour)).sum(axis=2) < within).sum())


def _around(x: float, y: float, reach: float = 30) -> tuple[float, float, float, float]:
    return x - reach, y - reach, x + reach, y + reach


def _saved_after_the_computers_play(data_dir) -> Turn:
    """A 5-point match with the cube saved where the table keeps one: the player's 3-1, then the
    computer's 6-4; the player is to roll (Double / Roll). The computer's turn of the record."""
    match = Match(5, Rules.STANDARD, seed=3, cube=True)
    game = match.next_game()
    game.start((3, 1))
    game.play(((8, 5), (6, 5)))
    game.roll((6, 4))
    game.play(COMPUTERS_PLAY)
    assert game.may_double()
    save_table(Records(data_dir / DB_NAME), match, "random", "white")
    return game.record[-1]


def _config(tmp_path) -> str:
    """The shipped config with slow slides, so that a play shown again can be seen on the way."""
    text = (ROOT / "config" / "game.yaml").read_text()
    assert "duration: 0.25" in text
    path = tmp_path / "config.yaml"
    path.write_text(text.replace("duration: 0.25", "duration: 0.8"))
    return str(path)


def question_shown(shot) -> bool:
    return _count(shot, (CUBE_X - 50, layout.MIDDLE_Y + 20, CUBE_X + 50, layout.MIDDLE_Y + 38), ACCENT) >= 10


def test_the_last_play_is_marked_the_hint_button_answers_the_cube_and_l_shows_it_again(launch, tmp_path):
    played = _saved_after_the_computers_play(tmp_path)
    marks = play_marks(played, Rules.STANDARD.variant)
    game = launch("--config", _config(tmp_path), "tavla", "--rules", "standard", "--cube")
    game.wait_until(
        lambda shot: (
            _count(shot, (RESUME[0] - 60, RESUME[1] - 15, RESUME[0] + 60, RESUME[1] + 15), ACCENT) > 200
        )
    )
    game.click(*RESUME)
    asked = game.wait_until(question_shown, timeout=20)
    assert question_shown(asked), "Double / Roll is asked"
    game.settle(0.5)
    marked = game.screenshot(tmp_path / "marked.png")
    for x, y in (*marks.origins, *marks.landings):
        assert _count(marked, _around(x, y), LAST_PLAY) > 40, f"the computer's play is marked at {(x, y)}"

    hint_lines = (PANEL_X - PANEL_WIDTH / 2, 456, PANEL_X + PANEL_WIDTH / 2, 508)
    second_line = (PANEL_X - PANEL_WIDTH / 2, 460, PANEL_X + PANEL_WIDTH / 2, 480)  # ND · D/T · D/P
    assert _count(marked, hint_lines, ACCENT) < 10, "no hint yet"
    hint_button = (PANEL_X - PANEL_WIDTH / 4 - 3, 344)
    game.click(*hint_button)
    hinted = game.wait_until(lambda shot: _count(shot, second_line, ACCENT) > 60, timeout=60)
    hinted.save(tmp_path / "cube-hint.png")
    assert _count(hinted, second_line, ACCENT) > 60, "the cube hint and its equities under the status"
    assert question_shown(hinted), "the question still waits"

    game.key("l")
    origin = marks.origins[0]
    again = game.wait_until(lambda shot: _count(shot, _around(*origin), LAST_PLAY) < 10, timeout=5)
    again.save(tmp_path / "shown-again.png")
    assert _count(again, _around(*origin), LAST_PLAY) < 10, "its checkers are back where they stood"
    back = game.wait_until(
        lambda shot: _count(shot, _around(*origin), LAST_PLAY) > 40 and question_shown(shot), timeout=15
    )
    back.save(tmp_path / "after-again.png")
    assert _count(back, _around(*origin), LAST_PLAY) > 40 and question_shown(back), (
        "marked again, asked again"
    )
    assert game.running

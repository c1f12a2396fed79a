"""End to end: the table in a real window, a checker dragged with a real mouse, the computer answering."""

import signal
import time

import numpy as np
import pytest

from game.core.records import Records
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.record.save import saved_table
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import CUBE_BUTTON_DX, CUBE_X, OVERLAY_X
from game.tavla.screens.table.panel import MOVES_TOP, PANEL_WIDTH, PANEL_X
from game.ui.theme import DESIGN_HEIGHT
from tests.e2e.cube_script import SCENES, Stop, keep_for_the_window, scene_events, scene_stops, timeline
from tests.e2e.harness import ROOT, difference
from tests.e2e.table_screen import player_dice_shown

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def human_starts(seed: int) -> TableSession:
    session = TableSession(Rules.TAVLA, 5, "random", seed)
    return session


def first_seed_where_the_human_starts() -> int:
    return next(seed for seed in range(100) if human_starts(seed).phase is Phase.HUMAN)


def checker_at(session: TableSession, point: int) -> tuple[float, float]:
    board = session.board()
    count = board[point] if point != layout.BAR_POINT else board[25]
    return layout.checker_position(0, point, count - 1, count)


def finish_the_turn(game, seed: int, first: tuple[int, int]) -> None:
    """Drag the checkers of the rest of the first turn (after `first`) of the match of `seed`."""
    rest = TableSession(Rules.TAVLA, 5, "random", seed)
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


# --- scenes of a 5-point match with the doubling cube, with the mouse alone ---

ACCENT = (244, 162, 89)


def _count(shot, box, test) -> int:
    """How many pixels in the logical box (left, bottom, right, top) pass `test` (an RGB array test)."""
    left, bottom, right, top = box
    crop = shot.crop((round(left), round(DESIGN_HEIGHT - top), round(right), round(DESIGN_HEIGHT - bottom)))
    return int(test(np.asarray(crop, dtype=np.int16)).sum())


def _accent(rgb):
    return (np.abs(rgb - np.array(ACCENT)).sum(axis=2)) < 40


def cube_question_shown(shot) -> bool:
    """Double / Roll or Take / Pass: the question's orange title in the band between the right half's
    rows of points, over the dark panel."""
    title = _count(shot, (CUBE_X - 50, layout.MIDDLE_Y + 20, CUBE_X + 50, layout.MIDDLE_Y + 38), _accent)
    dark = _count(
        shot,
        (CUBE_X + 155, layout.MIDDLE_Y - 56, CUBE_X + 165, layout.MIDDLE_Y - 52),
        lambda rgb: (rgb < 45).all(axis=2),
    )
    return title >= 10 and dark >= 30


def game_over_shown(shot) -> bool:
    """The card at the end of a game (or over a saved match, offering it): its big orange title left
    of the cube's band."""
    return (
        _count(shot, (OVERLAY_X - 120, layout.MIDDLE_Y + 45, OVERLAY_X + 20, layout.MIDDLE_Y + 75), _accent)
        >= 30
    )


def _config(tmp_path) -> str:
    """The shipped config (forced plays made by the table, no automatic bear-off) with quick slides."""
    text = (ROOT / "config" / "game.yaml").read_text()
    assert "auto_forced_moves: true" in text and "auto_bear_off: false" in text
    path = tmp_path / "config.yaml"
    path.write_text(text.replace("duration: 0.25", "duration: 0.05"))
    return str(path)


def _wait(game, condition, what: str, stop: Stop, timeout: float = 40.0):
    shot = game.wait_until(condition, timeout=timeout)
    if not condition(shot):
        shown = game.log.parent / "unexpected.png"
        shot.save(shown)
        where = f"stop {stop.index}, game {stop.game}, score {stop.scores}"
        raise AssertionError(f"the table never showed {what} ({where}; the screen: {shown})")
    return shot


RESUME = (OVERLAY_X - 120, layout.MIDDLE_Y - 70)  # the offer's Resume button


@pytest.mark.parametrize("scene", SCENES)
def test_a_scene_of_a_five_point_match_with_the_cube_against_expert(scene, launch, tmp_path):
    """A scene of the 5-point match of tests/e2e/cube_script.py with the cube against expert, in a real
    window with the real mouse alone: the table opened on the match saved where the scene starts (the
    offer to resume it, Resume clicked), then every question answered by its button (Double / Roll,
    Take / Pass), every checker dragged, Done and Next game clicked, each stop of the script waited for
    on the screen (the cube's question, the player's dice, the card at the end of a game), up to the
    scene's last stop or to the end of the match. Each scene shows its cube actions (SCENES); together
    they show a double offered and taken and one passed, both ways, the Crawford game and the match's
    end."""
    shows, bounds = SCENES[scene]
    end = bounds()[1]
    stops = scene_stops(scene)
    keep_for_the_window(stops[0], tmp_path)
    game = launch("--config", _config(tmp_path), "tavla", "--rules", "standard", "--cube")
    _wait(game, game_over_shown, "the offer to resume the saved match", stops[0])
    game.click(*RESUME)
    _wait(game, lambda shot: not game_over_shown(shot), "the saved match resumed", stops[0], 20.0)
    game.settle(0.6)
    half = layout.RIGHT_HALF
    dice = ((half[0] + half[1]) / 2, layout.MIDDLE_Y)
    band_y = layout.MIDDLE_Y - 30
    buttons = {
        "double": (CUBE_X - CUBE_BUTTON_DX, band_y),
        "roll": (CUBE_X + CUBE_BUTTON_DX, band_y),
        "take": (CUBE_X - CUBE_BUTTON_DX, band_y),
        "pass": (CUBE_X + CUBE_BUTTON_DX, band_y),
        "next": (OVERLAY_X - 160, layout.MIDDLE_Y - 70),  # inside Next game, however wide
    }
    for stop in stops:
        if stop.phase in (Phase.ROLL, Phase.ANSWER):
            _wait(game, cube_question_shown, f"the cube's question ({stop.phase.value})", stop)
        elif stop.phase is Phase.GAME_OVER:
            _wait(game, game_over_shown, "the end of a game", stop)
        else:
            # A roll the table plays alone (a pass, a forced play) shows the same dice: a scene has none
            # right before the player's turns (before its first stop, the save, it does not matter).
            assert stop is stops[0] or not stop.silent_rolls, "a scene without a silent roll before a turn"
            _wait(game, player_dice_shown, "the player's dice", stop)
            game.settle(0.8)  # the roll's tumble
        if stop.index == end:
            break
        for click in stop.clicks:
            if click.what == "move":
                game.drag(click.position(), click.drop())
                game.settle(0.35)
            elif click.what == "done":
                game.click(*dice)
                game.settle(0.5)
                # The turn is over once the dice leave the player's half: only then is the next
                # decision the script's next one.
                _wait(game, lambda shot: not player_dice_shown(shot), "the turn played", stop, 20.0)
            else:
                game.click(*buttons[click.what])
                game.settle(0.6)
    else:
        final = _wait(game, game_over_shown, "the end of the match", stops[-1])
        final.save(tmp_path / "match-over.png")
        assert end is None and timeline().winner is not None
    game.screenshot(tmp_path / "last.png")
    assert shows <= scene_events(stops), scene_events(stops)
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


def test_a_stop_signal_keeps_the_match_in_progress_as_closing_the_window_does(launch, tmp_path):
    """SIGTERM while the player is to move, after the computer's opening play: the game ends with
    128 + 15 and the table's match is kept, so the next visit offers to resume it (the loop's end used
    to skip the screen's leaving, and the match was lost)."""
    seed = next(seed for seed in range(100) if human_starts(seed).phase is not Phase.HUMAN)
    game = launch("tavla", "--opponent", "random", "--seed", str(seed))
    game.wait_until(player_dice_shown)
    game.settle(0.5)
    game.process.send_signal(signal.SIGTERM)
    assert game.process.wait(timeout=30) == 128 + signal.SIGTERM
    kept = saved_table(Records(tmp_path / "records.sqlite3"))
    assert kept is not None, "the match in progress was kept"
    match, opponent = kept
    assert opponent == "random" and match.scores == (0, 0) and not match.over
    assert "Traceback" not in game.log.read_text(encoding="utf-8")

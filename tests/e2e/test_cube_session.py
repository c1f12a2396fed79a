"""The whole 5-point match with the cube against expert (tests/e2e/cube_script.py), headless, on the
game's own table: the same TableView the real window shows, clicked and dragged at the same places the
real-window scenes of test_tavla.py click, in step with the script from the first roll to the match's
end.

The real window plays scenes of this match, each from a saved position, with a real mouse (the cube's
questions, answers and the game-end cards seen on screen); this test proves the rest: that the scenes
are one match, that its every stop is the one the script expects (the phase, the question or card on
the table, the position, the dice, the cube and the score), every cube action of the match among them,
the Crawford game, and the end of the match.
"""

import concurrent.futures

import pytest

from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import CUBE_BUTTON_DX, CUBE_X, OVERLAY_X
from game.tavla.screens.table.view import TableView
from tests.e2e.cube_script import (
    EVENTS,
    LENGTH,
    OPPONENT,
    SCENES,
    SEED,
    CubeScript,
    after_a_silent_roll,
    keep_for_the_window,
    scene_events,
    scene_stops,
    timeline,
)
from tests.views.driver import FRAME, click, to_screen

STOP_SECONDS = 120.0  # the table's time, at most, from one stop to the next (a pass takes 2 s)

BAND_Y = layout.MIDDLE_Y - 30
BUTTONS = {
    "double": (CUBE_X - CUBE_BUTTON_DX, BAND_Y),
    "roll": (CUBE_X + CUBE_BUTTON_DX, BAND_Y),
    "take": (CUBE_X - CUBE_BUTTON_DX, BAND_Y),
    "pass": (CUBE_X + CUBE_BUTTON_DX, BAND_Y),
    "next": (OVERLAY_X - 160, layout.MIDDLE_Y - 70),
    "done": ((layout.RIGHT_HALF[0] + layout.RIGHT_HALF[1]) / 2, layout.MIDDLE_Y),
}


def tick(view: TableView) -> None:
    if view.driver.thinking is not None:
        concurrent.futures.wait([view.driver.thinking], timeout=10)
    view.on_update(FRAME)


def drag(view: TableView, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
    """Press on `start`, move to `end` with the button held, release: as the real mouse does."""
    x, y = to_screen(view, *start)
    view.on_mouse_motion(int(x), int(y), 0, 0)
    view.on_mouse_press(int(x), int(y), 1, 0)
    for i in range(1, steps + 1):
        px, py = to_screen(view, *(a + (b - a) * i / steps for a, b in zip(start, end, strict=True)))
        view.on_mouse_drag(int(px), int(py), int(px - x), int(py - y), 1, 0)
        x, y = px, py
    view.on_mouse_release(int(x), int(y), 1, 0)


def at_rest(view: TableView, phase: Phase) -> bool:
    """The table waits for the person in `phase`: nothing moving, rolling or thinking."""
    return (
        view.session.phase is phase
        and not view.animating
        and view.driver.thinking is None
        and view.pass_wait <= 0
        and not (phase is Phase.HUMAN and view.auto_commit)  # a forced play the table makes alone
        and view.drag is None
    )


OVERLAY = {
    Phase.ROLL: "roll_question",
    Phase.ANSWER: "take_question",
    Phase.GAME_OVER: "over",
    Phase.MATCH_OVER: "over",
}


def wait_for(view: TableView, phase: Phase, where: str) -> None:
    """Time passes on the table until it waits for the person in `phase`, showing its question or
    card (none while the person plays)."""
    for _ in range(round(STOP_SECONDS / FRAME)):
        tick(view)
        if at_rest(view, phase):
            break
    where = f"{where}: the table in {view.session.phase}"
    assert at_rest(view, phase), where
    assert view.overlays.top is (getattr(view, OVERLAY[phase]) if phase in OVERLAY else None), where


def test_the_scenes_of_the_real_window_show_every_cube_action_of_the_match():
    """Each cube action, the Crawford game and the end of the match are in one of the scenes the real
    window plays, and the match has each of them where that scene plays it (else choose another SEED);
    within a scene no roll of the person is played by the table alone (the window could not tell its dice
    from the next roll's)."""
    assert set().union(*(shows for shows, _bounds in SCENES.values())) == set(EVENTS)
    assert any(bounds()[1] is None for _shows, bounds in SCENES.values()), "a scene ends the match"
    for scene, (shows, _bounds) in SCENES.items():
        stops = scene_stops(scene)
        assert shows <= scene_events(stops), (scene, scene_events(stops))
        assert not any(after_a_silent_roll(stop) for stop in stops[1:]), scene


@pytest.mark.parametrize("scene", SCENES)
def test_a_scene_resumed_from_its_save_goes_on_as_the_whole_match(scene, tmp_path):
    """The match kept where a scene starts and loaded back as the window loads it goes on as the whole
    match did, stop for stop, up to the scene's end: the real window's scenes are of one match."""
    _shows, bounds = SCENES[scene]
    start, end = bounds()
    stops = timeline().stops
    script = CubeScript(SEED, LENGTH)
    script.session = keep_for_the_window(stops[start], tmp_path)
    script.decision = start - 1
    while (phase := script.advance()) is not Phase.MATCH_OVER:
        stop, game = stops[script.decision], script.session.game
        assert (phase, tuple(game.state), game.dice, script.session.cube) == (
            stop.phase,
            stop.state,
            stop.dice,
            stop.cube,
        ), f"stop {stop.index}"
        if stop.index == end:
            break
        assert tuple(script.clicks()) == stop.clicks, f"stop {stop.index}"
    else:
        assert end is None and script.decision == len(stops)


@pytest.mark.slow
def test_the_whole_match_on_the_table_in_step_with_its_script(window):
    """Every stop of the match on the table, from the first roll to the end of the match: the question
    or card it shows, the position, the dice, the cube, the score and the Crawford game as the script's;
    the script's clicks and drags made at the places the real window's scenes make them."""
    view = TableView(opponent=OPPONENT, rules=Rules.STANDARD, seed=SEED, cube=True)
    window.show_view(view)
    assert view.session.match.length == LENGTH and view.cube
    match = timeline()
    for stop in match.stops:
        where = f"stop {stop.index} (game {stop.game}, {stop.phase.value})"
        wait_for(view, stop.phase, where)
        session = view.session
        assert (tuple(session.game.state), session.game.dice, session.cube) == (
            stop.state,
            stop.dice,
            stop.cube,
        ), where
        assert session.match.scores == stop.scores, where
        crawford = session.game.terms is not None and session.game.terms.crawford
        assert crawford == stop.crawford, where
        for step in stop.clicks:
            if step.what == "move":
                drag(view, step.position(), step.drop())
            else:
                click(view, *BUTTONS[step.what])
            tick(view)
    wait_for(view, Phase.MATCH_OVER, "the end of the match")
    assert view.session.match.winner == match.winner
    seen = set().union(*(stop.events for stop in match.stops))
    assert set(EVENTS) <= seen, f"the match of seed {SEED} lacks {set(EVENTS) - seen}"

"""End to end, in a real window with the real mouse: a whole Plakoto game against the greedy bot, from
its opening roll to the end card (tests/e2e/plakoto_script.py): every checker of the person dragged,
each turn ended by a click on the dice, a drag onto a lone opposing checker pinning it (its ring seen on
screen), the end card seen, and the match the table keeps when it is left (Esc) holding the game
finished with the plays the test made, the computer's between them. A game this short (at most
MOST_PLAYS rolls of the person) is one a pinned mother ends, the rule only Plakoto has.

The table is opened as `tavla --rules plakoto --seed N` with a config file of the test's own (the greedy
bot, a 3-point match, forced plays left to the person, no slides): the dice follow the seed and the bot
is deterministic, so the game is the script's, which test_plakoto_session.py follows stop by stop on
the same table headless."""

import pytest

from game.core.records import DB_NAME, Records
from game.tavla.engine.rules import Rules
from game.tavla.record.save import saved_table
from tests.e2e.plakoto_script import DONE, OPPONENT, Stop, Timeline, config_text, timeline
from tests.e2e.table_screen import card_shown, player_dice_shown, ring_pixels, wait_for_screen

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

DRAG_STEPS = 3  # the pointer's moves between the press and the release
DONE_TRIES = 3  # a click on the dice while the last checker still lands ends nothing: click again
RING = 60  # pixels of the pin's ring colour around a pinned checker (test_board_games.py's measure)


def ringed(point: int):
    """Whether a screenshot shows the pin's ring around the checker pinned on `point`."""
    return lambda shot: ring_pixels(shot, point) > RING


def end_the_turn(game, stop: Stop) -> None:
    """Click the dice until they leave the person's half (the turn played)."""
    for _try in range(DONE_TRIES):
        game.click(*DONE)
        if game.wait_for(lambda: not player_dice_shown(game.screenshot()), timeout=3.0):
            return
    shown = game.log.parent / "unexpected.png"
    game.screenshot(shown)
    raise AssertionError(f"the turn of stop {stop.index} did not end (the screen: {shown})")


def kept_game_is_the_script(tmp_path, script: Timeline) -> bool:
    """Whether the table keeps the match, its first game over with the script's record and result."""
    saved = saved_table(Records(tmp_path / DB_NAME))
    if saved is None:
        return False
    match, opponent = saved
    game = match.games[0]
    return (
        opponent == OPPONENT
        and len(match.games) == 1
        and game.variant.rules is Rules.PLAKOTO
        and game.result is not None
        and (game.result.winner, game.result.points) == (script.winner, script.points)
        and tuple(game.record) == script.record
    )


def test_a_whole_plakoto_game_with_a_pin_played_with_the_mouse(launch, tmp_path):
    script = timeline()
    config = tmp_path / "config.yaml"
    config.write_text(config_text())
    game = launch("--config", str(config), "tavla", "--rules", "plakoto", "--seed", str(script.seed))
    for stop in script.stops:
        shot = wait_for_screen(game, player_dice_shown, f"the player's dice at stop {stop.index}")
        for point in stop.pins:
            assert ring_pixels(shot, point) < 20, f"no pin on {point} before stop {stop.index}"
        for planned in stop.drags:
            game.drag(planned.position(), planned.drop(), steps=DRAG_STEPS)
        for point in stop.pins:
            pinned = wait_for_screen(game, ringed(point), f"the pin's ring on {point} at stop {stop.index}")
            pinned.save(tmp_path / f"pinned-{point}.png")
        end_the_turn(game, stop)
    card = wait_for_screen(game, card_shown, "the end card of the game")
    card.save(tmp_path / "over.png")
    game.key("Escape")
    assert game.wait_for(lambda: kept_game_is_the_script(tmp_path, script), timeout=15), "the game kept"
    assert script.pinning.pins and game.running

"""End to end, in a real window with the real mouse: a Plakoto checker dragged onto a lone opponent pins
it (drawn under its pinner, ringed) and the game is played to its end; the first game of a Tavli match
(Portes) won with the mouse, and Next game starts Plakoto with the winner on roll. Each scene starts
from a match saved where the table keeps one (the offer to resume it, Resume clicked); the save the table
keeps when it is left (Esc) says what the clicks did."""

import random

import pytest

from game.core.records import DB_NAME, Records
from game.tavla.engine.rules import TAVLI, Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.record.save import save_table, saved_table
from game.tavla.screens import layout
from tests.e2e.table_screen import RESUME, card_shown, offer_to_resume_shown, ring_pixels, wait_for_screen

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

OPPONENT = "expert"
PLAKOTO = Rules.PLAKOTO.variant


def played_until(session: TableSession, rng: random.Random, stop) -> TableSession:
    """Random plays for both seats until `stop(session)` holds with seat 0 to play its rolled dice."""
    while not (session.phase is Phase.HUMAN and stop(session)):
        assert session.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER), "the game ended first"
        if session.phase is Phase.PASS:
            session.pass_turn()
            continue
        game = session.game
        game.play(rng.choice(game.variant.legal_plays(game.state, *game.dice)))
        session._next()
    return session


def pinning_step(session: TableSession):
    """A single move of seat 0's turn that lands on a lone opposing checker, if there is one."""
    turn = session.turn
    return next((step for step in turn.options() if step.move[1] and turn.state[step.move[1]] == -1), None)


def kept(tmp_path):
    saved = saved_table(Records(tmp_path / DB_NAME))
    return None if saved is None else saved[0]


def resume(launch, tmp_path, session: TableSession, rules: str):
    save_table(Records(tmp_path / DB_NAME), session.match, OPPONENT, "white")
    config = tmp_path / "config.yaml"  # expert, who plays every game, is the player's opponent
    config.write_text("tavla:\n  opponent: expert\n")
    game = launch("--config", str(config), "tavla", "--rules", rules)
    wait_for_screen(game, offer_to_resume_shown, "the offer to resume the saved match")
    game.click(*RESUME)
    game.settle(1.5)
    return game


def test_a_plakoto_checker_dragged_onto_a_lone_one_pins_it_under_itself(launch, tmp_path):
    session = played_until(TableSession(Rules.PLAKOTO, 1, OPPONENT, seed=2), random.Random(5), pinning_step)
    turn = session.turn
    first = pinning_step(session)
    target = first.move[1]
    moves = [first.move]
    turn.apply(first)
    while not turn.done:  # the rest of the roll, as the model plays it
        step = turn.options()[0]
        moves.append(step.move)
        turn.apply(step)
    session.turn = None
    session._begin_turn()  # the saved turn: its dice rolled, nothing moved
    game = resume(launch, tmp_path, session, "plakoto")
    before = game.screenshot(tmp_path / "before.png")
    assert ring_pixels(before, target) < 20, "no pin there yet"
    counts = {point: max(session.game.state[point], 0) for point in range(1, 25)}
    for start, end in moves:
        height = counts[start]
        source = layout.checker_position(0, start, height - 1, height)
        game.drag(source, layout.checker_position(0, end, 0, 1))
        counts[start] -= 1
        counts[end] = counts.get(end, 0) + 1
        game.settle(0.8)
    shot = wait_for_screen(game, lambda s: ring_pixels(s, target) > 60, "the pin's ring", timeout=10)
    shot.save(tmp_path / "pinned.png")
    game.key("space")  # Done
    game.settle(2.0)
    game.key("Escape")
    assert game.wait_for(lambda: _pinned(kept(tmp_path), moves, target), timeout=15), "the pin was kept"
    assert game.running


def _pinned(match, moves, point: int) -> bool:
    """Whether the kept match has seat 0's play of `moves`, which pinned the checker on `point`."""
    if match is None:
        return False
    played = [turn for turn in match.current.record if turn.player == 0 and turn.play]
    if not played or sorted(played[-1].play) != sorted(moves):
        return False
    return PLAKOTO.pins(PLAKOTO.apply_play(played[-1].state, played[-1].play)).get(point) == -1


def all_plays_win(session: TableSession) -> bool:
    game = session.game
    plays = game.variant.legal_plays(game.state, *game.dice)
    return bool(plays) and all(game.variant.is_over(game.variant.apply_play(game.state, p)) for p in plays)


def test_the_first_game_of_a_tavli_match_won_with_the_mouse_and_plakoto_follows(launch, tmp_path):
    start = TableSession(TAVLI.first, 3, OPPONENT, seed=4, rotation=TAVLI.rotation)
    session = played_until(start, random.Random(3), all_plays_win)
    assert session.rules is Rules.PORTES
    game = resume(launch, tmp_path, session, "tavli")
    for _checker in range(4):  # a click on the tray bears a checker off, as long as one may
        game.click(layout.TRAY_X, layout.INNER_BOTTOM + 60)
        game.settle(0.6)
    game.key("space")  # Done, where the last checker off did not end the game at once
    shot = wait_for_screen(game, card_shown, "the end card of the Portes game")
    shot.save(tmp_path / "won.png")
    game.key("Return")  # Next game
    game.settle(2.0)
    game.key("Escape")
    assert game.wait_for(lambda: _plakoto_started(kept(tmp_path)), timeout=15), "Plakoto came next"
    assert game.running


def _plakoto_started(match) -> bool:
    """Whether the kept match is a Tavli match whose Portes game seat 0 won and whose second game,
    Plakoto, seat 0 started without an opening roll."""
    if match is None or match.rotation != TAVLI.rotation or len(match.games) != 2:
        return False
    portes, plakoto = match.games
    return (
        portes.result is not None
        and portes.result.winner == 0
        and plakoto.variant.rules is Rules.PLAKOTO
        and not plakoto.opening_rolls
        and (plakoto.record[0].player if plakoto.record else plakoto.turn) == 0
    )

"""End to end, in a real window with the real mouse: the player resigns a gammon with the Resign button
and the choice of level, and expert's answer is shown (its words, then the end card); expert, lost in a
race, offers to resign and the player declines with a click, and the game goes on. Each scene starts
from a match saved where the table keeps one (the offer to resume it, Resume clicked); the save the
table keeps when it is left (Esc) says what the clicks did."""

import functools

import pytest

from game.core.records import DB_NAME, Records
from game.tavla.engine.match import Match
from game.tavla.engine.notation import parse_play
from game.tavla.engine.resigning import bot_resigns
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession, steps_of
from game.tavla.players import get_bot
from game.tavla.record.save import dump_match, load_match, player_names, save_table, saved_table
from game.tavla.screens import layout
from game.tavla.screens.table.overlays import OVERLAY_X
from game.tavla.screens.table.panel import PANEL_WIDTH, PANEL_X
from game.tavla.screens.table.resigning import ANSWER_BANDS, CHOICE_FOOT, CHOICE_HEAD, CHOICE_STEP
from game.ui.theme import ACCENT, TEXT
from tests.e2e.table_screen import RESUME, card_shown, count, offer_to_resume_shown, wait_for_screen

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

RESIGN = (PANEL_X + PANEL_WIDTH / 4 + 3, 288)  # the panel's Resign, right of Export .mat
STANDARD = Rules.STANDARD
OPPONENT = "expert"


def choice_top(levels: int) -> float:
    return layout.MIDDLE_Y + (CHOICE_HEAD + CHOICE_STEP * levels + CHOICE_FOOT) / 2


def choice_shown(shot) -> bool:
    """The choice of level: its orange title at the top of its panel over the board."""
    top = choice_top(len(STANDARD.resignations))
    return count(shot, (OVERLAY_X - 150, top - 46, OVERLAY_X + 150, top - 22), ACCENT) > 150


def level_button(level: Resignation) -> tuple[float, float]:
    top = choice_top(len(STANDARD.resignations))
    return OVERLAY_X, top - CHOICE_HEAD - CHOICE_STEP * (STANDARD.resignations.index(level) + 0.5)


def words_above_the_card(shot) -> int:
    """The notice over the board above the end card: its words' pixels."""
    top = layout.MIDDLE_Y + 125  # the card's top
    y = (top + layout.INNER_TOP) / 2
    return count(shot, (OVERLAY_X - 170, y - 22, OVERLAY_X + 170, y + 22), TEXT, within=60)


BAND = ANSWER_BANDS[1]  # expert offers: the right half's band (its dice lie in the left half)


def answer_shown(shot) -> bool:
    """The offer to answer: its orange title and the lit Accept button (lighter under the pointer) in
    the right half's band."""
    title_y = layout.MIDDLE_Y + BAND.title_dy
    title = count(shot, (BAND.x - 120, title_y - 10, BAND.x + 120, title_y + 10), ACCENT)
    accept = (BAND.x - BAND.button_dx, layout.MIDDLE_Y + BAND.buttons_dy)
    lit = count(shot, (accept[0] - 50, accept[1] - 15, accept[0] + 50, accept[1] + 15), ACCENT, within=90)
    return title > 60 and lit > 1000


def kept(tmp_path) -> Match | None:
    """The match the table keeps in the records (the scene's save until the table is left)."""
    saved = saved_table(Records(tmp_path / DB_NAME))
    return saved[0] if saved is not None and saved[1] == OPPONENT else None


def test_the_player_resigns_a_gammon_and_experts_answer_is_shown(launch, tmp_path):
    match = Match(5, STANDARD, seed=3)
    match.next_game().start((3, 1))  # the player to play 3-1 at the opening
    save_table(Records(tmp_path / DB_NAME), match, OPPONENT, "white")
    game = launch("tavla", "--rules", "standard", "--no-cube")
    wait_for_screen(game, offer_to_resume_shown, "the offer to resume the saved match")
    game.click(*RESUME)
    game.settle(1.5)
    before = game.screenshot(tmp_path / "before.png")
    assert not choice_shown(before)
    game.click(*RESIGN)
    shot = wait_for_screen(game, choice_shown, "the choice of level", timeout=10)
    shot.save(tmp_path / "choice.png")
    game.click(*level_button(Resignation.GAMMON))
    shot = wait_for_screen(
        game, lambda s: card_shown(s) and words_above_the_card(s) > 150, "expert's answer and the card"
    )
    shot.save(tmp_path / "answered.png")
    assert words_above_the_card(before) < 40, "no words there before the answer"
    game.key("Escape")  # to the menu: the table keeps the match
    assert game.wait_for(lambda: kept_result(tmp_path) is not None, timeout=15)
    result = kept_result(tmp_path)
    assert (result.winner, result.points, result.kind, result.resigned) == (1, 2, Outcome.GAMMON, 2)
    assert game.running


def kept_result(tmp_path):
    match = kept(tmp_path)
    return None if match is None else match.games[0].result


@functools.cache
def computer_about_to_resign() -> str:
    """A standard match (no cube) played by expert on both sides until expert, on roll as seat 1 with
    its dice rolled, would offer to resign: saved there, as text (the table rolls the same dice again
    from the saved generator's state, so the window's expert offers the same)."""
    bot = get_bot(OPPONENT, rules=STANDARD)
    for seed in range(40):
        session = TableSession(STANDARD, 5, OPPONENT, seed)
        while session.phase is not Phase.MATCH_OVER:
            phase, game = session.phase, session.game
            if phase is Phase.GAME_OVER:
                session.new_game()
            elif phase is Phase.PASS:
                session.pass_turn()
            elif phase is Phase.COMPUTER:
                level = bot_resigns(bot, game.state, game.dice, session.stakes(1), 0, STANDARD)
                if level is not None:
                    return dump_match(session.match, player_names(OPPONENT, "white"))
                session.computer_play(bot.play(list(game.state), *game.dice))
            else:
                turn = session.turn
                play = parse_play(bot.play(list(turn.start), *turn.dice))
                for move, _before, _after in steps_of(turn.variant, turn.state, play):
                    turn.apply(next(step for step in turn.options() if step.move == move))
                session.commit_turn()
    raise AssertionError("no match of 40 in which expert resigns")


def test_expert_offers_to_resign_and_the_player_declines_with_a_click(launch, tmp_path):
    saved, _names = load_match(computer_about_to_resign())
    played = len(saved.current.record)
    save_table(Records(tmp_path / DB_NAME), saved, OPPONENT, "white")
    game = launch("tavla", "--rules", "standard", "--no-cube")
    wait_for_screen(game, offer_to_resume_shown, "the offer to resume the saved match")
    game.click(*RESUME)
    shot = wait_for_screen(game, answer_shown, "expert's offer to resign")
    shot.save(tmp_path / "offered.png")
    decline = (BAND.x + BAND.button_dx, layout.MIDDLE_Y + BAND.buttons_dy)
    game.click(*decline)
    gone = wait_for_screen(game, lambda s: not answer_shown(s), "the game going on", timeout=10)
    gone.save(tmp_path / "declined.png")
    game.settle(3.0)
    game.key("Escape")
    assert game.wait_for(lambda: _declined(tmp_path, played), timeout=15), "the table kept the game going on"
    assert game.running


def _declined(tmp_path, played: int) -> bool:
    match = kept(tmp_path)
    if match is None:
        return False
    offers = match.current.resign_record
    return (
        [offer.accepted for offer in offers] == [False]
        and offers[0].player == 1
        and len(match.current.record) > played  # expert played its roll after the offer
    )

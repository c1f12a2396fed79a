"""Resigning on the table, headless: the Resign button and G open the choice of level (only those the
rules score, with the points times the cube), the bot's answer said in words, the bot's own offer with
Accept and Decline (Esc declines and never leaves the table), and every word of it fitting in every
language, on a small window too."""

import pytest
from arcade import key

from game.tavla.engine.moves import legal_plays
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import OPENING, validate_state
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table.opponent import OpponentDriver
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, press_key
from tests.views.tavla.table import centre, settle, tick
from tests.views.text import assert_readable, assert_text_fits, small_window

HOPELESS = validate_state([12, 3, *([0] * 14), -5, -5, -5, *([0] * 6), 0, 0, 0])
"""Seat 0 to play 6-5 with three checkers on its 1 point and twelve off; seat 1 has borne off none and
all its checkers are on its 7, 8 and 9 points: whatever it rolls next, it loses a gammon."""


class ResignStub:
    """A bot that plays its first legal play, never doubles, offers to resign `offers` at every turn,
    and answers an offer as told (None: it has no answer of its own, the fair rule answers)."""

    def __init__(self, rules: Rules, accepts: bool | None = None, offers: Resignation | None = None) -> None:
        self.rules, self.offers, self.asked = rules, offers, []
        if accepts is not None:
            self.accepts_resignation = lambda state, dice, level, cube: self.asked.append(level) or accepts

    def play(self, state, die1, die2):
        plays = legal_plays(tuple(state), die1, die2, self.rules)
        return format_play(plays[0]) if plays else ""

    def double(self, state, cube):
        return False

    def resigns(self, state, dice, cube, declined):
        return self.offers


def table(window, rules: Rules, bot: ResignStub, state=OPENING, dice=(3, 1), cube: bool = False) -> TableView:
    window.show_view(TableView(opponent="expert", rules=rules, seed=1, offer_resume=False, cube=cube))
    view = window.current_view
    view.driver = OpponentDriver(bot, rules)
    view.start_session(TableSession.from_position(state, dice, rules, "expert", 5, cube=cube))
    settle(view)
    return view


def to_the_offer(view: TableView) -> None:
    """The player's 6-5 played (by hand, or by itself where the settings bear off alone) until the bot's
    offer waits for the answer."""
    for _ in range(600):
        session = view.session
        if session.phase is Phase.RESIGN_ANSWER and view.overlays.top is view.resign_answer:
            return
        turn = session.turn
        if session.phase is Phase.HUMAN and turn is not None and not view.animating:
            while not turn.done:
                turn.apply(turn.options()[0])
            view.finish_turn()
        tick(view)
    raise AssertionError(f"no offer to answer: {view.session.phase}")


def level_buttons(view: TableView) -> list[str]:
    return [button.label for button in view.resign_choice.buttons[:-1]]


@pytest.mark.parametrize(
    "rules, levels",
    [
        (Rules.TAVLA, ["Single game · 1 point", "Mars · 2 points"]),
        (Rules.STANDARD, ["Single game · 1 point", "Gammon · 2 points", "Backgammon · 3 points"]),
    ],
)
def test_the_choice_offers_the_levels_the_rules_score(window, rules, levels):
    view = table(window, rules, ResignStub(rules, accepts=True))
    assert view.panel.resign_button.enabled and view.overlays.top is None
    click(view, *centre(view.panel.resign_button))
    assert view.overlays.top is view.resign_choice
    assert level_buttons(view) == levels
    press_key(view, key.ESCAPE)  # closes the choice, does not leave for the menu
    assert view.overlays.top is None and view.window.current_view is view
    assert view.session.phase is Phase.HUMAN and not view.session.game.resign_record


def test_the_player_resigns_a_gammon_and_the_bot_accepts(window):
    bot = ResignStub(Rules.STANDARD, accepts=True)
    view = table(window, Rules.STANDARD, bot)
    turn = view.session.turn
    turn.apply(turn.options()[0])  # a checker moved: the offer stands on the position before the turn
    settle(view)
    press_key(view, key.G)
    click(view, *centre(view.resign_choice.buttons[1]))
    settle(view)
    assert bot.asked == [Resignation.GAMMON]
    result = view.session.result
    assert (result.winner, result.points, result.kind, result.resigned) == (1, 2, Outcome.GAMMON, 2)
    assert view.toast._text.text == "Expert accepts: you lose a gammon, 2 points."
    assert view.overlays.top is view.over and view.over.texts[1].text.startswith("gammon resigned, 2 points")
    assert [row.text for row in view.panel.moves.rows][-2:] == ["Resigns a gammon", "Accepts"]


def test_the_bot_declines_and_the_turn_goes_on_as_it_stood(window):
    view = table(window, Rules.STANDARD, ResignStub(Rules.STANDARD, accepts=False))
    turn = view.session.turn
    turn.apply(turn.options()[0])
    settle(view)
    view.open_resign()
    press_key(view, key.KEY_1)
    settle(view)
    assert view.toast._text.text == "Expert declines: play on."
    assert view.session.phase is Phase.HUMAN and view.session.turn is turn and len(turn.steps) == 1
    assert view.panel.resign_button.enabled, "the player may offer again"


def test_with_the_cube_the_points_are_times_its_value_and_g_works_before_the_roll(window):
    bot = ResignStub(Rules.STANDARD)  # no answer of its own: the fair rule (no checker off: a gammon)
    view = table(window, Rules.STANDARD, bot, cube=True)
    view.session.game.cube_value, view.session.game.cube_owner = 2, 0
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 3.0)
    assert view.session.phase is Phase.ROLL and view.overlays.top is view.roll_question
    press_key(view, key.G)  # the Double / Roll question lets G through
    assert level_buttons(view) == ["Single game · 2 points", "Gammon · 4 points", "Backgammon · 6 points"]
    assert "The cube is at 2." in view.resign_choice.texts[1].text
    press_key(view, key.KEY_1)
    settle(view)
    assert view.toast._text.text == "Expert declines: play on."  # a single game is less than it may win
    assert view.session.phase is Phase.ROLL
    view.open_resign()
    press_key(view, key.KEY_3)
    settle(view)
    assert (view.session.result.points, view.session.result.resigned) == (6, Resignation.BACKGAMMON)


def test_the_bots_offer_is_answered_with_accept_or_decline(window):
    bot = ResignStub(Rules.STANDARD, offers=Resignation.GAMMON)
    view = table(window, Rules.STANDARD, bot, HOPELESS, (6, 5))
    to_the_offer(view)
    assert view.session.phase is Phase.RESIGN_ANSWER and view.overlays.top is view.resign_answer
    title, line = (text.text for text in view.resign_answer.texts)
    assert (title, line) == ("Expert resigns a gammon", "Accept: you win 2 points · Decline: play on")
    assert view.panel.texts["status"].text == "Expert resigns a gammon. You: Accept or Decline?"
    press_key(view, key.ESCAPE)  # Esc declines: the game goes on, the table stays
    assert view.window.current_view is view and view.session.phase is Phase.COMPUTER
    assert view.session.game.declined_level(1) == 2
    played = len(view.session.game.record)
    settle(view, 1.0)
    game = view.session.game
    assert len(game.record) > played, "the bot plays its roll"
    assert [offer.accepted for offer in game.resign_record] == [False], "it does not offer the same again"


def test_accepting_the_bots_offer_wins_its_points(window):
    bot = ResignStub(Rules.TAVLA, offers=Resignation.GAMMON)
    view = table(window, Rules.TAVLA, bot, HOPELESS, (6, 5))
    to_the_offer(view)
    assert view.resign_answer.texts[0].text == "Expert resigns a mars"
    click(view, *centre(view.resign_answer.buttons[0]))
    settle(view)
    result = view.session.result
    assert (result.winner, result.points, result.kind) == (0, 2, Outcome.MARS)
    assert view.over.texts[0].text == "You win" and "mars resigned" in view.over.texts[1].text


@pytest.mark.slow
def test_resigning_fits_in_every_language(window, language):
    view = table(window, Rules.STANDARD, ResignStub(Rules.STANDARD, accepts=False), cube=True)
    view.session.game.cube_value, view.session.game.cube_owner = 64, 0
    view.open_resign()
    assert_text_fits(window, "the choice of level")
    with small_window(view):
        assert_readable(window, "the small choice of level")
    view.cancel_resign()
    bot = ResignStub(Rules.STANDARD, offers=Resignation.BACKGAMMON)
    view = table(window, Rules.STANDARD, bot, HOPELESS, (6, 5), cube=True)
    view.session.game.cube_value, view.session.game.cube_owner = 64, 1
    to_the_offer(view)
    assert view.session.phase is Phase.RESIGN_ANSWER
    assert_text_fits(window, "an offer to resign")
    with small_window(view):
        assert_readable(window, "a small offer to resign")
    view.players = type(view.players)("human")  # two people at one desk: the other one answers
    view._update_hud()
    if language == "en":
        assert view.resign_answer.texts[1].text == "White, Accept: win 192 points · Decline: play on"
    assert_text_fits(window, "an offer to resign at one desk")


def test_the_choice_follows_the_rules_of_the_match_on_the_table(window):
    """A table opened on one rule set plays a match of another (a saved match resumed, or declined
    for a new one): the choice offers that match's levels."""
    view = table(window, Rules.STANDARD, ResignStub(Rules.STANDARD, accepts=False))
    view.start_session(TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "expert", 5))
    settle(view)
    view.open_resign()
    assert view.overlays.top is view.resign_choice
    assert level_buttons(view) == ["Single game · 1 point", "Mars · 2 points"]

"""Money sessions on the screens, headless: the menu's Money choice with its Jacoby and Beavers toggles
(kept in the config), and the table's money session: its score line, Beaver both ways, the end card's
Stop, and the session kept once stopped."""

import pytest
from arcade import key

from game.core.records import Records
from game.settings import load_config
from game.tavla.engine.match import Match
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.record.archive import archive_dir
from game.tavla.record.mat import read_mat
from game.tavla.record.save import SAVE_KIND
from game.tavla.screens.analysis import captions as words
from game.tavla.screens.analysis.view import AnalysisView
from game.tavla.screens.table import cube_captions
from game.tavla.screens.table.opponent import OpponentDriver
from game.tavla.screens.table.view import TableView
from tests.views.driver import click, press_key, screenshot
from tests.views.menu.menus import choose, rect_centre
from tests.views.tavla.table import CubeStub, centre, play_first_turn, settle, wait_for_hint

STANDARD = Rules.STANDARD


class BeaverStub(CubeStub):
    """Plays its first legal play, doubles and takes as told, beavers and takes beavers as told."""

    def __init__(self, doubles=False, takes=True, beavers=False, takes_beaver=True) -> None:
        super().__init__(doubles, takes)
        self.beavers, self.takes_beaver = beavers, takes_beaver

    def beaver(self, state, cube):
        return self.beavers

    def accept_beaver(self, state, cube):
        return self.takes_beaver


def money_table(window, bot: CubeStub, jacoby: bool = True, beavers: bool = True) -> TableView:
    """A money session with the cube against `bot`, seat 0 to play 3-1 at the opening."""
    window.show_view(TableView(opponent="random", rules=STANDARD, seed=1, offer_resume=False))
    view = window.current_view
    view.driver = OpponentDriver(bot, STANDARD)
    match = Match(MONEY, STANDARD, seed=1, cube=True, jacoby=jacoby, beavers=beavers)
    match.next_game().start((3, 1))
    view.start_session(TableSession.resume(match, "random"))
    settle(view)
    return view


def _money_menu(window):
    menu = window.current_view
    choose(menu, menu.rules_selector, "standard")
    choose(menu, menu.length_selector, "money")
    return menu


@pytest.mark.usefixtures("at_the_menu")
def test_the_length_selector_ends_with_money_and_the_config_keeps_it(window):
    menu = window.current_view
    assert menu.length_selector.choices[-1] == "money"
    assert menu.length_selector.caption == "Match to"
    menu = _money_menu(window)
    assert menu.length_selector.caption == "Play for" and menu.length_selector._value.text == "Money"
    assert load_config(window.config_file).tavla.match_length == "money"
    assert window.settings.tavla.session_length == MONEY
    choose(menu, menu.length_selector, "5")
    assert menu.length_selector.caption == "Match to"
    assert load_config(window.config_file).tavla.match_length == 5


@pytest.mark.usefixtures("at_the_menu")
def test_jacoby_and_beavers_are_offered_for_money_with_the_cube_and_kept(window):
    menu = window.current_view
    choose(menu, menu.rules_selector, "standard")
    assert menu.jacoby_button not in menu.buttons, "a match: no money options"
    menu = _money_menu(window)
    assert (
        menu.money_options_shown
        and menu.jacoby_button in menu.buttons
        and menu.beavers_button in menu.buttons
    )
    assert (menu.jacoby_button.label, menu.beavers_button.label) == ("Jacoby: on", "Beavers: off")
    order = menu.focus_order
    at = order.index(menu.rules_selector)
    assert order[at + 1 : at + 4] == [menu.cube_button, menu.jacoby_button, menu.beavers_button]
    click(menu, *rect_centre(menu.beavers_button))
    menu.focus = menu.focus_order.index(menu.jacoby_button)
    press_key(menu, key.ENTER)
    assert (menu.jacoby_button.label, menu.beavers_button.label) == ("Jacoby: off", "Beavers: on")
    kept = load_config(window.config_file).tavla
    assert (kept.jacoby, kept.beavers) == (False, True)
    menu.toggle_cube()
    assert menu.jacoby_button not in menu.buttons, "without the cube there is nothing to beaver"
    menu.toggle_cube()
    choose(menu, menu.rules_selector, "tavla")
    assert menu.beavers_button not in menu.focus_order, "tavla has no cube"


@pytest.mark.slow
@pytest.mark.usefixtures("at_the_menu")
def test_play_tavla_opens_a_money_session_on_the_chosen_terms(window):
    Records().clear_game(SAVE_KIND)  # a match another test left unfinished would be offered instead
    menu = _money_menu(window)
    click(menu, *rect_centre(menu.beavers_button))
    click(menu, *rect_centre(menu.play_tavla))
    table = window.current_view
    assert isinstance(table, TableView)
    match = table.session.match
    assert (match.money, match.cube, match.jacoby, match.beavers) == (True, True, True, True)
    assert table.panel.texts["score"].text == "0 – 0   (money, Jacoby)"
    assert table.panel.texts["rules"].text == "standard · game 1 · beavers"  # a note: no "Rules:"
    press_key(table, key.ESCAPE)


def test_the_player_beavers_the_bots_double_and_the_bot_takes_it(window):
    view = money_table(window, BeaverStub(doubles=True, takes_beaver=True))
    turn = view.session.turn
    while not turn.done:
        turn.apply(turn.options()[0])
    view.finish_turn()
    settle(view, 2.0)
    assert view.session.phase is Phase.ANSWER and view.overlays.top is view.beaver_question
    title, line = (text.text for text in view.beaver_question.texts)
    assert "doubles to 2" in title and "Beaver: at 4" in line
    assert "Take, Beaver or Pass" in view.panel.texts["status"].text
    assert [button.label for button in view.beaver_question.buttons] == ["Take", "Beaver", "Pass"]
    click(view, *centre(view.beaver_question.buttons[1]))
    settle(view)
    game = view.session.game
    assert (game.cube_value, game.cube_owner) == (4, 0), "the bot took the beaver: 4, the player's cube"
    assert "takes the beaver" in view.toast._text.text
    rows = [row.text for row in view.panel.moves.rows]
    assert "Doubles => 2" in rows and "Beavers => 4" in rows and "Takes" in rows


def test_the_bot_beavers_the_players_double_and_the_player_passes(window):
    view = money_table(window, BeaverStub(beavers=True))
    play_first_turn(view)
    assert view.session.phase is Phase.ROLL
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    assert view.session.beavered and view.overlays.top is view.take_question
    title, line = (text.text for text in view.take_question.texts)
    assert title == "Random beavers to 4" and "Pass: lose 2 points" in line
    screenshot(window)
    assert view.cube_drawing.note.text == "Beaver", "the cube offered at 4 is marked"
    click(view, *centre(view.take_question.buttons[1]))
    settle(view)
    result = view.session.result
    assert (result.winner, result.points) == (1, 2)
    assert view.session.phase is Phase.GAME_OVER and view.overlays.top is view.over
    assert view.over.texts[1].text == "beaver passed, 2 points · session 0 – 2"
    assert [button.label for button in view.over.buttons] == ["Next game", "Stop", "Analyse"]


@pytest.mark.slow
def test_stop_ends_the_session_keeps_it_and_forgets_the_save(window):
    view = money_table(window, BeaverStub(takes=False))
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    assert view.session.phase is Phase.GAME_OVER
    before = set(archive_dir().glob("*.mat")) if archive_dir().is_dir() else set()
    click(view, *centre(view.over.buttons[1]))
    settle(view, 0.5)
    assert view.session.phase is Phase.MATCH_OVER
    assert view.over.texts[0].text == "Session over"
    assert view.over.texts[1].text == "You 1 – 0 Random after 1 game"
    assert [button.label for button in view.over.buttons] == ["Menu", "New session", "Analyse"]
    kept = set(archive_dir().glob("*.mat")) - before
    assert len(kept) == 1 and " 0 point match" in next(iter(kept)).read_text()
    record = read_mat(next(iter(kept)))
    assert words.kept_row(record, "x.mat", "", when=None) == "x.mat · You 1–0 Random · money session, Jacoby"
    click(view, *centre(view.over.buttons[2]))
    analysis = window.current_view
    assert isinstance(analysis, AnalysisView)
    assert analysis.title.text == "Analysis: You vs Random · money session, Jacoby"
    press_key(analysis, key.ESCAPE)
    assert window.current_view is view and view.session.phase is Phase.MATCH_OVER, "back at the card"
    press_key(view, key.ESCAPE)
    assert view.records.load_game(SAVE_KIND) is None, "a stopped session is not offered again"


def test_s_stops_the_session_on_the_card_and_nowhere_else(window):
    view = money_table(window, BeaverStub(takes=False))
    press_key(view, key.S)
    assert view.session.phase is Phase.HUMAN, "in the middle of a game S does nothing"
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    assert view.session.phase is Phase.GAME_OVER and view.over.buttons[1].label == "Stop"
    press_key(view, key.S)
    settle(view, 0.5)
    assert view.session.phase is Phase.MATCH_OVER and view.over.texts[0].text == "Session over"
    press_key(view, key.S)
    assert view.session.phase is Phase.MATCH_OVER, "stopped once"


@pytest.mark.slow
def test_a_money_session_left_after_a_game_is_offered_again_as_money(window):
    view = money_table(window, BeaverStub(takes=False))
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    press_key(view, key.ESCAPE)  # the table is left with the session going on
    window.show_view(TableView(opponent="random", rules=STANDARD))
    table = window.current_view
    assert table.saved is not None
    assert "money session" in table.offer.texts[1].text
    table.resume_saved()
    assert table.session.match.money and table.session.match.scores == (1, 0)
    assert table.panel.texts["score"].text == "1 – 0   (money, Jacoby)"
    press_key(table, key.ESCAPE)
    table.records.clear_game(SAVE_KIND)


@pytest.mark.slow
def test_the_choice_of_resignation_says_what_the_jacoby_rule_scores(window):
    view = money_table(window, BeaverStub())
    view.open_resign()
    assert view.resign_choice.buttons[2].label == "Backgammon · 1 point", "the cube in the centre"
    plain = money_table(window, BeaverStub(), jacoby=False)
    plain.open_resign()
    assert plain.resign_choice.buttons[2].label == "Backgammon · 3 points"


def test_the_cube_hint_answers_a_double_with_a_beaver_and_weighs_a_beaver(window):
    wrong = CubeDecision(no_double=-0.1, double_take=-0.4, double_pass=1.0)
    assert cube_captions.hint_text("Master", wrong, True, may_beaver=True).startswith("Hint (Master): beaver")
    assert cube_captions.hint_text("Master", wrong, True).startswith("Hint (Master): take")
    beavered = cube_captions.hint_text("Master", wrong, True, beavered=True)
    assert beavered == "Hint (Master): take\ntake -0.400 · pass -1.000"
    view = money_table(window, BeaverStub(beavers=True))
    play_first_turn(view)
    click(view, *centre(view.roll_question.buttons[0]))
    settle(view)
    assert view.session.beavered
    view.show_hint()
    wait_for_hint(view)
    text = view.panel.texts["hint"].text
    assert text.startswith("Hint (") and "pass -1.000" in text, text

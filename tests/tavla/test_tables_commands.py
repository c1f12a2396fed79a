"""The games without hitting from the command line and in tournaments: `moves`, `bot` and
`tournament --rules plakoto|fevga|gulbara|nardy|moultezim`, the built-in bots that play them and those
that refuse."""

import shlex
import shutil
from pathlib import Path

import pytest

from game.core.errors import UserError
from game.tavla.commands.bot import bot_command
from game.tavla.commands.moves import moves_command
from game.tavla.engine.position import format_state
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.players import get_bot
from game.tavla.tournament import run_tournament

TABLES = Rules.without_hitting()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def opening(rules: Rules) -> str:
    return format_state(rules.variant.opening)


def test_moves_lists_the_hand_checked_openings():
    assert moves_command(opening(Rules.PLAKOTO), ["6", "5"], Rules.PLAKOTO) == ["24/19 24/18", "24/18 18/13"]
    assert moves_command(opening(Rules.FEVGA), ["6", "5"], Rules.FEVGA) == ["24/18 18/13"]
    assert moves_command(opening(Rules.GUL_BARA), ["6", "6"], Rules.GUL_BARA) == ["24/18 24/18 24/18 24/18"]
    assert moves_command(opening(Rules.NARDY), ["6", "6"], Rules.NARDY) == ["24/18 24/18"]
    assert moves_command(opening(Rules.MOULTEZIM), ["6", "6"], Rules.MOULTEZIM) == ["24/18"]


def test_a_plakoto_position_has_52_integers_and_a_backgammon_one_is_refused():
    with pytest.raises(UserError, match="52 integers"):
        moves_command(format_state(Rules.TAVLA.variant.opening), ["6", "5"], Rules.PLAKOTO)
    with pytest.raises(UserError, match="no bar"):
        moves_command("0 0 0 0 0 0 0 0 0 0 0 0 -15 0 0 0 0 0 0 0 0 0 0 0 14 1 0 0", ["6", "5"], Rules.FEVGA)


@pytest.mark.parametrize("rules", TABLES)
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_the_bot_command_answers_a_legal_play(rules, name):
    answer = bot_command(name, opening(rules), ["5", "3"], rules)
    assert answer in moves_command(opening(rules), ["5", "3"], rules)


@pytest.mark.parametrize("name", ["pubeval", "gnubg", "intermediate"])
def test_a_backgammon_only_bot_says_so(name):
    with pytest.raises(UserError, match="backgammon only"):
        get_bot(name, rules=Rules.PLAKOTO)


@pytest.mark.slow
@pytest.mark.parametrize("rules", TABLES)
def test_a_tournament_of_the_other_games_is_played_and_greedy_beats_random(rules):
    report = run_tournament(["random", "greedy"], 10, seed=4, terms=MatchRules(rules))
    assert report.complete
    tallies = report.standings.per_bot
    assert tallies["greedy"].ppg > 0.5 > tallies["random"].ppg


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_the_javascript_gul_bara_example_plays_legally_through_the_protocol():
    bot = f"cmd:node {shlex.quote(str(EXAMPLES / 'js' / 'gulbara_bot.js'))}"
    report = run_tournament([bot, "random"], 4, seed=5, terms=MatchRules(Rules.GUL_BARA))
    assert report.complete
    assert report.standings.per_bot[bot].disqualifications == 0


def test_portes_moves_as_standard_backgammon_scores_no_backgammon_and_rerolls_the_opening():
    from game.tavla.engine.game import Game
    from game.tavla.engine.position import winner_gammon_level
    from tests.tavla.builders import position, random_game_positions

    portes = Rules.PORTES.variant
    for state, die1, die2 in random_game_positions(60, seed=8, rules=Rules.STANDARD):
        text = format_state(state)
        assert moves_command(text, [str(die1), str(die2)], Rules.PORTES) == moves_command(
            text, [str(die1), str(die2)], Rules.STANDARD
        )
    backgammoned = position({}, {1: 1, 20: 14})  # we have borne off all; theirs left in our home
    assert winner_gammon_level(backgammoned) == 3 and portes.win_points(backgammoned) == 2
    game = Game(Rules.PORTES, seed=2)
    game.start(dice=(6, 1))
    assert game.dice is None and game.turn == 0


@pytest.mark.parametrize("name", ["random", "greedy", "pubeval", "expert"])
def test_the_backgammon_bots_play_portes(name):
    text = format_state(Rules.PORTES.variant.opening)
    assert bot_command(name, text, ["6", "5"], Rules.PORTES) in moves_command(text, ["6", "5"], Rules.PORTES)

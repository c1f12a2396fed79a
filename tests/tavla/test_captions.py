"""The table's words without a window: names, the status line, the side panel, the end-of-game card."""

import subprocess
import sys

from game.tavla.game import Match
from game.tavla.position import OPENING
from game.tavla.rules import Rules
from game.tavla.session import HUMAN, Phase, TableSession
from game.tavla.table import captions
from game.tavla.table.captions import Players

WON_WITH_MARS = (14, 1, *([0] * 22), -15, 0, 0, 0)


def test_players_are_you_and_the_bot_or_two_colours():
    bot = Players("pubeval")
    assert (bot.name(0), bot.is_you(0), bot.is_you(1)) == ("You", True, False)
    assert bot.name(1) != "You"
    assert Players(HUMAN, "white").name(0) == "White" and Players(HUMAN, "black").name(0) == "Black"
    assert not Players(HUMAN).is_you(0)


def test_a_program_of_the_players_is_named_by_its_words_without_folders():
    name = "cmd:python /home/someone/bots/my_bot.py"
    assert captions.runs_code(name) and not captions.runs_code("pubeval") and not captions.runs_code(HUMAN)
    assert Players(name).name(1) == "cmd:python my_bot.py"
    long = "cmd:/a/really/long/folder/name/for/the/bots/of/this/player/bot.py --depth 3"
    shown = captions.shown_command(long, 40)
    assert len(shown) <= 40 and shown.startswith("cmd:…") and "bot.py" in shown


def test_the_status_says_whose_roll_it_is():
    session = TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "pubeval")
    assert session.phase is Phase.HUMAN
    assert captions.status_text(session, Players("pubeval")) == (
        "You to play 3-1 (dice left: 3 1). Drag a checker."
    )
    friend = captions.status_text(session, Players(HUMAN))
    assert friend.startswith("White to play 3-1")


def test_the_panel_names_the_match_and_the_position():
    session = TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "pubeval", match_length=5)
    texts = captions.panel_texts(session, session.board(), Rules.TAVLA, Players("pubeval"))
    assert texts["score"] == "0 – 0   (to 5)"
    assert texts["pips"].startswith("Pips: You 167 · ")
    assert texts["rules"] == "Rules: tavla · game 1"
    assert texts["position"] == "Position ID 4HPwATDgc/ABMA"


def test_the_card_after_a_mars_and_the_offer_of_a_saved_match():
    session = TableSession.from_position(WON_WITH_MARS, (2, 1), Rules.TAVLA, "pubeval", match_length=3)
    session.turn.apply(next(s for s in session.turn.options() if s.move[1] == 0))
    session.commit_turn()
    title, line = captions.result_texts(session, Players("pubeval"))
    assert title == "You win" and line == "mars, 2 points · match 2 – 0"
    match = Match(5, Rules.TAVLA, seed=1)
    program = "cmd:python /tmp/prog.py"
    offer = captions.offer_text(match, Players(program))
    assert offer.startswith("You 0 – 0 cmd:python prog.py, match to 5, tavla rules")
    assert "Resuming runs cmd:python /tmp/prog.py" in offer
    assert "Resuming runs" not in captions.offer_text(match, Players("pubeval"))


def test_hints_and_failures():
    assert captions.hint_text("Master", "8/5 6/5") == "Hint (Master): 8/5 6/5"
    assert captions.hint_text("Master", "") == "Hint (Master): no move"
    assert captions.exception_text(ValueError("my bug")) == "ValueError: my bug"
    assert captions.exception_text(KeyboardInterrupt()) == "KeyboardInterrupt"


def test_the_words_need_no_arcade():
    code = "import sys, game.tavla.table.captions; sys.exit('arcade' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0

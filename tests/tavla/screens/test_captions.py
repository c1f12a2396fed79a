"""The table's words without a window: names, the status line, the side panel, the end-of-game card."""

import subprocess
import sys
from types import SimpleNamespace

from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import HUMAN, Phase, TableSession
from game.tavla.engine.turn import Refusal, Refused, TurnInProgress
from game.tavla.screens.table import captions
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.refusal_captions import refusal_text

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


def test_the_status_says_whose_roll_it_is():
    session = TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "pubeval")
    assert session.phase is Phase.HUMAN
    assert captions.status_text(session, Players("pubeval")) == (
        "You to play 3-1 (dice left: 3 1). Drag a checker."
    )
    friend = captions.status_text(session, Players(HUMAN))
    assert friend.startswith("White to play 3-1")
    assert captions.status_text(session, Players("pubeval"), compact=True) == "You: 3-1, dice left 3 1"


def test_the_panel_names_the_match_and_the_position():
    session = TableSession.from_position(OPENING, (3, 1), Rules.TAVLA, "pubeval", match_length=5)
    texts = captions.panel_texts(session, session.board(), Rules.TAVLA, Players("pubeval"))
    assert texts["score"] == "0 – 0   (to 5)"
    assert texts["pips"].startswith("Pips: You 167 · ")
    assert texts["rules"] == "Rules: tavla · game 1"
    assert texts["position"] == "Position ID 4HPwATDgc/ABMA"
    short = captions.panel_texts(session, session.board(), Rules.TAVLA, Players("pubeval"), compact=True)
    assert (short["rules"], short["pips"], short["score"]) == (
        "tavla · game 1",
        "Pips 167 – 167",
        texts["score"],
    )


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
    command = captions.offer_command_text(program).replace(captions.WRAP, "")
    assert command == "Resuming runs cmd:python /tmp/prog.py", "the command in full"
    assert captions.offer_command_text("pubeval") == ""


def test_hints_and_failures():
    assert captions.hint_text("Master", "8/5 6/5") == "Hint (Master): 8/5 6/5"
    assert captions.hint_text("Master", "") == "Hint (Master): no move"
    assert captions.exception_text(ValueError("my bug")) == "ValueError: my bug"
    assert captions.exception_text(KeyboardInterrupt()) == "KeyboardInterrupt"


def test_the_move_list_stars_hits_and_numbers_pairs_of_turns():
    state = list(OPENING)
    state[4] = -1
    state[19] += 1
    session = TableSession.from_position(tuple(state), (3, 1), Rules.TAVLA, "pubeval")
    for move in ((8, 5), (5, 4)):
        session.turn.apply(next(s for s in session.turn.options() if s.move == move))
    session.commit_turn()
    record = [*session.game.record, Turn(1, (6, 6), (), session.game.state)]
    rows = captions.move_rows(SimpleNamespace(record=record, cube_record=[], resign_record=[]))
    assert rows[0] == captions.MoveRow("1", 0, "31: 8/4*")
    assert rows[1].number == "" and rows[1].seat == 1 and rows[1].text.endswith(": no move")


def test_refusals_say_why_in_a_few_words():
    turn = TurnInProgress(OPENING, 3, 1)
    assert refusal_text(turn.drop_refusal(13, 12), turn.remaining_dice) == "Point 12 is blocked."
    assert refusal_text(turn.drop_refusal(8, 6), [3, 1]) == "No die of 3-1 takes 8 to 6."
    assert refusal_text(Refused(Refusal.BAR_FIRST, 6), [5, 4]) == "Enter from the bar first."
    stuck = refusal_text(Refused(Refusal.STUCK, 25), [6, 6])
    assert stuck == "The checker on the bar cannot move with 6-6."
    for reason in Refusal:
        assert refusal_text(Refused(reason, 6, 0), [3, 1])


def test_the_rules_of_long_nardy_and_moultezim_are_said_when_a_checker_is_refused():
    head = refusal_text(Refused(Refusal.HEAD, 24), [5], Rules.NARDY)
    assert head.startswith("One checker a turn leaves the head")
    nardy = refusal_text(Refused(Refusal.LIMIT, 13, 11), [2], Rules.NARDY)
    moultezim = refusal_text(Refused(Refusal.LIMIT, 13, 11), [2], Rules.MOULTEZIM)
    assert "six points in a row" in nardy and "four points" in moultezim


def test_an_exported_path_is_broken_at_its_folders():
    path = "/home/someone/.local/share/fifteen-tavla/exports/match-2026-12-01-130501.mat"
    text = captions.export_text(path, home="/home/someone")
    lines = text.split("\n")
    assert lines[0] == "Match exported to " and "".join(lines[1:]) == "~" + path[len("/home/someone") :]
    assert all(len(line) <= captions.PATH_LINE_CHARS for line in lines[1:])
    short = captions.export_text(path, home="/home/someone", compact=True).split("\n")
    assert len(short) > len(lines) and all(
        len(line) <= captions.COMPACT_PATH_LINE_CHARS for line in short[1:]
    )
    assert captions.wrapped_path("x" * 40, 16).split("\n") == ["x" * 16, "x" * 16, "x" * 8]


def test_the_words_need_no_arcade():
    code = "import sys, game.tavla.screens.table.captions; sys.exit('arcade' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_move_list_writes_the_cube_where_it_was_turned():
    from game.tavla.engine.game import CubeTerms, Game
    from game.tavla.engine.rules import Rules

    game = Game(Rules.STANDARD, seed=3, cube=CubeTerms())
    game.start((6, 1))
    game.play(game.legal_plays()[0])
    game.double()
    game.take()
    game.roll((3, 1))
    game.play(game.legal_plays()[0])
    texts = [row.text for row in captions.move_rows(game)]
    assert texts[1:3] == ["Doubles => 2", "Takes"]
    assert texts[0].startswith("61: ") and texts[3].startswith("31: ")


def test_the_table_writes_plays_and_rolls_as_players_read_them():
    """GNU Backgammon's form for players, the higher die first: never the per-die form of the files."""
    entering = list(OPENING)
    entering[24], entering[25], entering[20] = 1, 1, -1
    home = (0, 3, 3, 3, 3, 2, 1, *([0] * 18), -15, 0, 0)
    record = [
        Turn(0, (1, 4), ((13, 9), (9, 8)), OPENING),
        Turn(1, (2, 2), ((13, 11), (13, 11), (6, 4), (6, 4)), OPENING),
        Turn(0, (3, 5), ((25, 20), (6, 3)), tuple(entering)),
        Turn(1, (5, 6), ((6, 0), (5, 0)), home),
        Turn(0, (2, 6), ((24, 18), (18, 16)), tuple(entering)),
    ]
    rows = captions.move_rows(SimpleNamespace(record=record, cube_record=[], resign_record=[]))
    assert [row.text for row in rows] == [
        "41: 13/8",
        "22: 13/11(2) 6/4(2)",
        "53: bar/20* 6/3",
        "65: 6/off 5/off",
        "62: 24/16",
    ]
    session = TableSession.from_position(OPENING, (4, 1), Rules.TAVLA, "pubeval")
    session.game.dice = (1, 4)
    session.turn = TurnInProgress(OPENING, 1, 4)
    assert captions.status_text(session, Players("pubeval")) == (
        "You to play 4-1 (dice left: 4 1). Drag a checker."
    )
    assert captions.status_text(session, Players("pubeval"), compact=True) == "You: 4-1, dice left 4 1"
    assert captions.pass_text(session, Players("pubeval")) == "You: no legal move with 4-1"
    assert refusal_text(Refused(Refusal.STUCK, 8), [1, 4]).endswith("with 4-1.")


def test_the_ranked_hint_and_the_tutor_write_plays_as_players_read_them():
    from game.tavla.analysis.decisions import JudgedPlay
    from game.tavla.engine.moves import apply_play
    from game.tavla.screens.table.hint_captions import hint_rows
    from game.tavla.screens.table.tutor import judge

    doubles = ((13, 11), (13, 11), (6, 4), (6, 4))
    ranked = (JudgedPlay(doubles, apply_play(OPENING, doubles), 0.1, (0.5, 0.1, 0.0, 0.1, 0.0), 2),)
    assert hint_rows(OPENING, ranked, Rules.STANDARD)[0].play == "1. 13/11(2) 6/4(2)"
    turn = TurnInProgress(OPENING, 6, 5)
    for move in ((8, 3), (8, 2)):
        turn.apply(next(step for step in turn.options() if step.move == move))
    warning = judge(turn, Rules.TAVLA)
    assert warning is not None and warning.best == "24/13", "the best 6-5 as one checker's run"

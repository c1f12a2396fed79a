"""The practice deck (not Fifteen's practice solves): the player's marked decisions, one card a position,
judged as the analysis judges, rescheduled by FSRS on a fake clock, listed by `practice --list`."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from fsrs import Rating

from game import cli
from game.core.errors import UserError
from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.progress.history import keep_analysis
from game.tavla.progress.practice import Deck, judge_cube, judge_move, ranked_answers
from game.tavla.record.mat import read_mat

ONE_POINT = Path(__file__).parents[1] / "data" / "gnubg-1pt-seed5.mat"
DAY = 86_400.0
START = 1.8e9


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def analysis():
    return analyse_match(read_mat(str(ONE_POINT)))


@pytest.fixture
def deck(tmp_path, analysis):
    records = Records(tmp_path / "records.sqlite3")
    keep_analysis(records, analysis, 1, ONE_POINT.read_text(), "test", START)
    return Deck(records, Clock())


def test_the_deck_holds_the_players_marked_decisions_once_each(deck, analysis):
    marked = [d for d in analysis.decisions if d.player == 1 and d.mark.value and not d.forced]
    cards = deck.cards()
    assert len(cards) == len({(":".join(d.gnubg_ids), d.kind) for d in marked}) > 0
    assert all(card.due == START for card in cards)
    assert deck.due_count() == len(cards)
    keep_analysis(deck.records, analysis, 1, ONE_POINT.read_text() + "\n", "again", START + 5)
    assert len(deck.cards()) == len(cards), "a position seen again is the same card"


def test_a_right_answer_waits_longer_than_a_wrong_one_on_a_fake_clock(deck):
    card = next(card for card in deck.cards() if card.kind == "move")
    ranked = ranked_answers(card)
    assert ranked[0].text == card.best_play
    right = judge_move(card, ranked[0].text, ranked)
    assert right.right and right.rating is Rating.Good and right.loss == 0
    wrong = judge_move(card, card.your_play, ranked)
    # the card's loss was kept from the analysis, the answer's is judged again: float32 rounds apart
    assert wrong.loss == pytest.approx(card.loss, abs=1e-3) and wrong.rating is Rating.Again
    with pytest.raises(UserError, match="not a legal play"):
        judge_move(card, "1/0 1/0", ranked)
    again = deck.answer(card, wrong)
    other = next(c for c in deck.cards() if c.gnubg_id != card.gnubg_id and c.kind == "move")
    good = deck.answer(other, judge_move(other, other.best_play, ranked_answers(other)))
    assert START < again.due < good.due
    deck.clock.now = good.due + 1  # both due again: a Good twice waits days
    later = deck.answer(good, judge_move(good, good.best_play, ranked_answers(good)))
    assert later.due - deck.clock.now > DAY
    assert later.reviews == 2
    assert {c.gnubg_id: c.reviews for c in deck.cards()}[good.gnubg_id] == 2, "written at once"


def test_a_cube_card_is_judged_by_its_equities(deck):
    equities = json.dumps([0.5, 0.8, 1.0])  # the doubler's no double, double/take, double/pass
    doubler = replace(deck.cards()[0], kind="cube", your_play="no double", cube_equities=equities)
    assert judge_cube(doubler, "no double").loss == pytest.approx(300.0)
    assert judge_cube(doubler, "double").right
    taker = replace(doubler, your_play="drop")
    assert judge_cube(taker, "take").right
    assert judge_cube(taker, "drop").loss == pytest.approx(200.0)
    assert judge_cube(taker, "drop").ranked == (("take", -0.8), ("drop", -1.0))
    with pytest.raises(UserError, match="not an answer"):
        judge_cube(taker, "double")


def test_practice_list_writes_the_json_and_add_by_id(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("FIFTEEN_TAVLA_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["practice", "--list"]) == 0
    assert "empty" in capsys.readouterr().out
    assert cli.main(["practice", "--add", "4HPwATDgc/ABMA:cIkFAAAAAAAE"]) == 0
    assert "added 4HPwATDgc/ABMA:cIkFAAAAAAAE" in capsys.readouterr().out
    out = tmp_path / "deck.json"
    assert cli.main(["practice", "--list", "--json", str(out)]) == 0
    positions = json.loads(out.read_text())["positions"]
    assert [set(p) >= {"id", "dice", "your_play", "best_play", "loss", "due"} for p in positions] == [True]
    assert positions[0]["dice"] == [3, 1] and positions[0]["best_play"] == "8/5 6/5"
    assert cli.main(["practice", "--add", "4HPwATDgc/ABMA"]) == 2
    assert "no dice" in capsys.readouterr().err

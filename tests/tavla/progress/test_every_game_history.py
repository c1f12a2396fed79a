"""Issue 49, item 3: the history records which game each match was (a Tavli match as one), and progress
and practice are filtered by game: the `progress` and `practice` commands, the cards of each game's
positions (Plakoto's have no GNU Backgammon ID), a history job of a `.tgr` match."""

import pytest

from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.commands.practice import practice_list_command
from game.tavla.commands.progress import progress_command
from game.tavla.engine.rules import TAVLI, Rules
from game.tavla.progress.analysis_jobs import do_job, write_job
from game.tavla.progress.history import History, keep_analysis
from game.tavla.progress.practice import Deck
from game.tavla.record.formats import export_record
from game.tavla.record.match_record import MatchRecord
from tests.tavla.record.test_tgr import played

NAMES = ("You", "Expert")


def kept(records: Records, games: tuple[Rules, ...], seed: int, when: float) -> MatchRecord:
    record = MatchRecord.from_match(played(games, seed, length=1 if len(games) == 1 else 3), NAMES)
    text, _suffix = export_record(record)
    keep_analysis(records, analyse_match(record, level="expert"), 0, text, "table", when)
    return record


@pytest.mark.slow
def test_the_history_and_the_deck_are_filtered_by_game(tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    kept(records, (Rules.PLAKOTO,), 1, 1_000_000.0)
    kept(records, TAVLI.rotation, 2, 2_000_000.0)
    history = History(records)
    assert [entry.rules for entry in history.matches()] == ["plakoto", "tavli"]
    assert len(history.matches("plakoto")) == 1 and len(history.matches("tavli")) == 1
    deck = Deck(records, clock=lambda: 3_000_000.0)
    games = {card.rules for card in deck.cards()}
    assert "plakoto" in games and games <= {"portes", "plakoto", "fevga"}
    assert {card.rules for card in deck.cards("fevga")} <= {"fevga"}
    assert {card.rules for card in deck.cards("tavli")} == games & {"portes", "plakoto", "fevga"}
    for card in deck.cards("plakoto"):
        assert len(card.position) == 52 and len(card.gnubg_id) == 16  # a key of its own, no gnubg ID
    lines = progress_command(records, "plakoto", None, None)
    assert len([line for line in lines if "(plakoto" in line]) == 1
    listed = practice_list_command(deck, None, "plakoto")
    assert deck.cards("plakoto") and listed[-1].endswith(f"of {len(deck.cards('plakoto'))} due now")


@pytest.mark.slow
def test_a_history_job_of_a_tavli_match_is_analysed_game_by_game(tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    record = MatchRecord.from_match(played(TAVLI.rotation, 5, 200), NAMES)
    text, suffix = export_record(record)
    assert suffix == ".tgr"
    job = write_job(tmp_path / "jobs", text, 0, Rules.PORTES, False, 1_000_000.0)
    assert do_job(job, records) is not None
    assert History(records).matches()[0].rules == "tavli"

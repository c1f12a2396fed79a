"""A finished match at the table is kept in the history by a worker process: the table only writes a job
file and starts it; a job that fails stays for the next worker."""

import json
import time

import pytest

from game.core.records import Records
from game.tavla.analysis.match import analyse_match
from game.tavla.analysis.report import analysis_json
from game.tavla.commands.progress import match_json
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.progress.analysis_jobs import HistoryKeeper, resume_pending, work_through, write_job
from game.tavla.progress.history import History
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import player_names
from tests.tavla.matches import resigned_early

NAMES = player_names("expert", "white")
# The worker runs at the lowest priority (nice 19): beside two test runs on two cores it took over a
# minute to start and analyse one match. It is waited for, not timed.
WORKER_WAIT = 600


def finished_match() -> Match:
    """A 1-point match of 21 plays and a resignation: each analysis (the worker's, at the level `analyse`
    judges by, and this test's) a quarter of a whole random game's, errors, luck and the rating all the
    same."""
    return resigned_early(Match(1, Rules.STANDARD, seed=4, cube=True), bot_seed=9)


@pytest.mark.slow
def test_the_worker_process_keeps_the_match_with_the_figures_of_analyse(tmp_path):
    match = finished_match()
    assert match.over
    folder, path = tmp_path / "pending", tmp_path / "records.sqlite3"
    keeper = HistoryKeeper(folder, path)
    keeper.keep(match, NAMES)
    keeper.keep(match, NAMES)  # the end card asks at every redraw
    keeper.last.join(10)
    assert keeper.worker is not None and keeper.worker.wait(WORKER_WAIT) == 0
    assert list(folder.iterdir()) == []
    kept = History(Records(path)).matches()
    assert len(kept) == 1
    text = export_mat(MatchRecord.from_match(match, NAMES))
    report = analysis_json(analyse_match(parse_mat(text, Rules.STANDARD), Rules.STANDARD, cube=True))
    figures = match_json(kept[0])
    mine = report["players"]["You"]
    for name in ("error_rate", "checker_error_rate", "cube_error_rate", "rating", "luck", "luck_rate"):
        # Both keep three decimals; another process's float32 sums may round the last one apart.
        assert figures[name] == pytest.approx(mine[name], abs=0.0011), name
    assert (figures["opponent"], figures["length"], figures["source"]) == ("expert", 1, "table")


def test_a_job_that_fails_waits_for_the_next_worker(tmp_path):
    folder = tmp_path / "pending"
    job = write_job(folder, "not a match file", 0, Rules.STANDARD, True, time.time())
    assert work_through(folder, Records(tmp_path / "records.sqlite3")) == []
    assert list(folder.iterdir()) == [job]
    assert json.loads(job.read_text())["mat"] == "not a match file"


@pytest.mark.slow
def test_a_job_left_waiting_is_taken_up_by_a_worker_started_later(tmp_path):
    match = finished_match()
    folder, path = tmp_path / "pending", tmp_path / "records.sqlite3"
    assert resume_pending(folder, path) is None, "no job, no worker"
    write_job(folder, export_mat(MatchRecord.from_match(match, NAMES)), 0, Rules.STANDARD, True, time.time())
    worker = resume_pending(folder, path)
    assert worker is not None and worker.wait(WORKER_WAIT) == 0
    assert len(History(Records(path)).matches()) == 1 and list(folder.iterdir()) == []

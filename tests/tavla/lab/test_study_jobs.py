"""The window's rollout and temperature map in worker processes: the finished rollout gives the command
line's figures for the same plan, a stopped one keeps the games finished in order and ends its workers,
and the map is the one the `tempmap` command works out."""

import os
import time

import numpy as np
import pytest

from game.tavla.engine.position import OPENING
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup, money_moment
from game.tavla.lab import study_jobs
from game.tavla.lab.rollout_runner import run_rollout
from game.tavla.lab.study_jobs import AnswerJob, RolloutJob
from game.tavla.lab.tempmap import temperature_map
from tests.tavla.builders import position
from tests.tavla.lab.workers import gone

RULES = Rules.STANDARD
HOME_RACE = position({1: 2, 2: 2, 3: 1, 5: 1}, {24: 2, 23: 1, 22: 2, 19: 1})


@pytest.fixture(autouse=True)
def workers_beside_the_tests(monkeypatch):
    """The lab's workers at the tests' own priority: at nice 19 they would wait for every other busy test
    process (the default is tested in tests/tavla/lab/test_study_jobs.py)."""
    monkeypatch.setattr(study_jobs, "WORKER_NICENESS", 0)


def finished(job, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while not job.finished:
        assert time.monotonic() < deadline, "the job did not finish"
        job.poll()
        time.sleep(0.02)
    return job


def test_the_workers_run_behind_the_window(monkeypatch):
    monkeypatch.setattr(study_jobs, "WORKER_NICENESS", study_jobs.WORKER_NICENESS)  # restored after
    given = os.nice(0)
    for wanted in (19, 7):
        study_jobs.WORKER_NICENESS = wanted
        job = finished(AnswerJob(os.nice, 0))
        assert job.result == min(19, given + wanted), "the worker's niceness is the module's when it starts"


def test_a_finished_rollout_has_the_command_lines_figures():
    job = finished(RolloutJob(Setup(HOME_RACE, money_moment()), RULES, games=72, seed=9, workers=1))
    assert job.games_done == 72 and job.pool is None
    alone = run_rollout(job.plan, 1)
    np.testing.assert_allclose(job.report().rolled.results, alone.results, rtol=1e-6, atol=1e-7)
    assert job.report().lines()[0].startswith("Rollout: 72 games")


@pytest.mark.slow
def test_with_dice_the_best_plays_are_rolled_out_on_the_same_dice():
    setup = Setup(OPENING, money_moment()).with_dice((3, 1))
    job = finished(RolloutJob(setup, RULES, games=36, seed=2, workers=1, plays=3))
    report = job.report()
    assert len(report.candidates) == 3 and report.rolled.results.shape[:2] == (3, 36)
    assert "8/5 6/5" in report.lines()[1], "3-1 makes the 5 point"


def test_a_stopped_rollout_keeps_the_games_finished_in_order_and_ends_its_workers():
    job = RolloutJob(Setup(OPENING, money_moment()), RULES, games=1296, seed=4, workers=1)
    deadline = time.monotonic() + 60
    while job.games_done == 0:
        assert time.monotonic() < deadline
        job.poll()
        time.sleep(0.02)
    processes = list(job.pool._processes.values())
    job.stop()
    assert job.finished and job.pool is None
    gone(processes)
    report = job.report()
    assert 0 < report.rolled.games < 1296 and not report.rolled.complete
    assert report.rolled.games % 36 == 0


def test_the_temperature_map_is_the_commands():
    job = finished(AnswerJob(temperature_map, HOME_RACE, RULES))
    assert job.result == temperature_map(HOME_RACE, RULES) and job.pool is None

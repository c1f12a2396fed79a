"""`solve`'s first run: it says what it builds, about how long, and that a stop keeps what it built; Ctrl+C
keeps the big table's build part-way, says so, ends as any Ctrl+C does (130), and the next run goes on
from it to the same table.

Small 4x4 patterns stand for the real ones (a 3-tile quick table, a 4-tile "strong" one built ranked as
the 7-tile one is), so a build takes a fraction of a second."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.files.folders import CACHE_DIR_ENV
from game.puzzle import solver
from game.puzzle.commands import solve
from game.puzzle.solver import build_checkpoint, distance_tables, pdb, ranked, regions, table_file
from game.puzzle.solver.pattern import Pattern
from tests.faults.helpers import LIMIT, ROOT, wait_for

STRONG = Pattern(4, 4, (0, 1, 2, 3))
ONE_MOVE = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
SMALL = """
def partition(width, height, strong=False):
    groups = [[0, 1, 2, 3] if strong else [0, 1, 2]] + [[c] for c in range(4 if strong else 3, 15)]
    return groups, groups
"""
CHILD = f"""
import os, sys, time
from pathlib import Path
from game.puzzle.solver import build_checkpoint, distance_tables, pdb
{SMALL}
distance_tables._partition = partition
pdb.DENSE_MAX_BITS = 17  # the 4-tile table built ranked, kept at every layer's end
build_checkpoint.EVERY, build_checkpoint.SHARE = 0, 1e9
hold = os.environ.get("HOLD")
if hold:
    save = build_checkpoint.Checkpoint.save
    def held(self, state, work):
        save(self, state, work)
        if state.depth == 6:
            Path(hold).touch()
            time.sleep({LIMIT})  # until the test's Ctrl+C
    build_checkpoint.Checkpoint.save = held
from game.cli import main
sys.exit(main(["solve", "--size", "4x4", "--optimal", "--board", {ONE_MOVE!r}]))
"""
NOTICE = (
    "building the 4x4 solver's tables, once for this computer: about 5 s; "
    "stopped (Ctrl+C), it keeps what it built and the next run goes on from there"
)


@pytest.fixture
def small_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private cache folder, the small patterns in place of the real ones, nothing in memory."""
    namespace: dict = {}
    exec(SMALL, namespace)
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(distance_tables.QUICK_ENV, raising=False)
    monkeypatch.setattr(distance_tables, "_partition", namespace["partition"])
    monkeypatch.setattr(pdb, "DENSE_MAX_BITS", 17)
    monkeypatch.setattr(solver, "_HEURISTICS", {})
    pdb.forget()
    yield tmp_path / table_file.CACHE_SUBDIR
    pdb.forget()


def solve_command(optimal: bool) -> int:
    arguments = argparse.Namespace(size="4x4", board=ONE_MOVE, optimal=optimal, method="solver")
    return solve.run(arguments, None)


def test_the_first_run_says_what_it_builds_how_long_and_that_a_stop_keeps_it(small_tables, capsys):
    assert solve_command(optimal=False) == 0
    out, err = capsys.readouterr()
    assert out == "15\n"
    assert err.splitlines() == [
        "building the 4x4 solver's tables, once for this computer: about 5 s",
        "1 tile to slide",
    ], "the quick tables alone: nothing to go on from"
    assert solve_command(optimal=True) == 0
    assert capsys.readouterr().err.splitlines() == [NOTICE, "1 tile to slide, the fewest there are"]
    pdb.forget()
    assert solve_command(optimal=True) == 0
    assert capsys.readouterr().err == "1 tile to slide, the fewest there are\n", "built once"


def test_a_kept_build_is_said_to_go_on_and_its_time_is_what_is_left(small_tables, capsys, monkeypatch):
    assert solve_command(optimal=False) == 0  # the quick tables: built
    capsys.readouterr()
    monkeypatch.setattr(solve, "BUILD_RATE", regions.work(STRONG) / 90)  # the strong table: 90 s
    monkeypatch.setattr(build_checkpoint, "kept_share", lambda pattern: 0.5 if pattern == STRONG else None)
    monkeypatch.setattr(distance_tables, "prepare", lambda *arguments, **options: None)
    solve._prepare_with_bar(4, 4, strong=True)
    assert "once for this computer: about 45 s; stopped (Ctrl+C)" in capsys.readouterr().err


def test_ctrl_c_keeps_the_build_says_so_and_the_next_run_goes_on_from_it(small_tables, tmp_path, capsys):
    held = tmp_path / "held"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOLD": str(held)}
    out = subprocess.PIPE
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD], cwd=ROOT, env=env, stdout=out, stderr=out, text=True
    )
    try:
        assert wait_for(held.exists, LIMIT), "the build kept its sixth layer"
        child.send_signal(signal.SIGINT)
        printed, err = child.communicate(timeout=LIMIT)
    finally:
        child.kill()
    assert child.returncode == 128 + signal.SIGINT, err
    lines = err.splitlines()
    assert lines[0] == NOTICE and len(lines) == 2, err
    assert lines[1].startswith("stopped: ") and lines[1].endswith(
        "% of the 4x4 tables' build is kept, and the next run goes on from there"
    )
    assert printed == "" and "Traceback" not in err
    path, share = build_checkpoint.checkpoint_path(STRONG), build_checkpoint.kept_share(STRONG)
    assert path.is_file() and share is not None and share > 0
    kept = f"{max(1, int(100 * share))}%"
    said = f"stopped: {kept} of the 4x4 tables' build is kept, and the next run goes on from there"
    assert lines[1] == said, "the share the next run goes on from"
    assert solve_command(optimal=True) == 0  # the next run, here
    assert capsys.readouterr().err.splitlines() == [
        NOTICE,
        f"the 4x4 table's build goes on from {kept}",
        "1 tile to slide, the fewest there are",
    ]
    assert not path.exists(), "removed once the table is finished"
    assert table_file.read(STRONG) == ranked.build(STRONG), "the table of an uninterrupted build"

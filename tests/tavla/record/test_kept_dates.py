"""The menu's Matches lists the kept matches by the date they were played, newest first: the date and time
a kept file's name carries, else the file's own time (an imported gnubg file named as its author chose)."""

import os
import time
from pathlib import Path

from game.tavla.record.kept_loading import kept_paths, match_date, read_kept

DATA = Path(__file__).parents[1] / "data"


def stamp(text: str) -> float:
    return time.mktime(time.strptime(text, "%Y%m%d-%H%M%S"))


def test_a_kept_name_gives_its_date_and_another_file_its_own_time(tmp_path):
    kept = tmp_path / "match-20261201-190311.mat"
    again = tmp_path / "match-20261201-190311-2.mat"
    other = tmp_path / "from gnubg.mat"
    for path in (kept, again, other):
        path.write_text((DATA / "gnubg-1pt-seed5.mat").read_text())
    os.utime(other, (stamp("20261130-080000"), stamp("20261130-080000")))
    assert match_date(kept) == match_date(again) == stamp("20261201-190311")
    assert match_date(other) == stamp("20261130-080000")
    assert match_date(tmp_path / "match-20261399-000000.mat") is None, "no such date, no such file"
    assert read_kept(kept).when == stamp("20261201-190311")


def test_the_list_is_newest_first_by_date_not_by_name(tmp_path):
    old = tmp_path / "match-20250101-000000.mat"
    new = tmp_path / "match-20261201-190311.mat"
    imported = tmp_path / "a match of last summer.mat"
    for path in (old, new, imported):
        path.write_text("x")
    os.utime(imported, (stamp("20260701-120000"), stamp("20260701-120000")))
    assert kept_paths(tmp_path) == [new, imported, old]


def test_a_file_that_cannot_be_read_says_why_without_its_path_twice(tmp_path):
    bad = tmp_path / "match-20261101-000000.mat"
    bad.write_text("not a match")
    kept = read_kept(bad)
    assert kept.record is None and kept.error.startswith("line 1: ") and str(tmp_path) not in kept.error

"""A whole archive into the history: files of every format read, analysed in worker processes and kept,
the same match from two files kept once, a bad file reported by name and line without stopping the rest,
the player found as the name every match has, a stop keeping what is done."""

import shutil
import sqlite3
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from game.cli import main
from game.core.errors import UserError
from game.core.records import Records
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.progress.archive_import import ArchiveImport, archive_player, common_player
from game.tavla.progress.history import History, content_key
from game.tavla.record.formats import MATCH_SUFFIXES, match_files, read_match
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord, date_text, day_at_noon
from game.tavla.record.sgf import export_sgf, parse_sgf
from tests.tavla.matches import resigned_early

DATA = Path(__file__).parents[1] / "data"
NAMES = ("Ayla", "Deniz")


def played(seed: int, opponent: str = "Deniz") -> MatchRecord:
    """A 1-point match of 21 plays and a resignation: each file is analysed twice or three times over,
    and a whole random game's analysis was most of this module's time."""
    match = resigned_early(Match(1, Rules.STANDARD, seed=seed, cube=True), bot_seed=seed)
    return MatchRecord.from_match(match, ("Ayla", opponent))


@pytest.fixture
def archive(tmp_path) -> Path:
    """Ayla's matches: two .mat, one .sgf, one of them again as .sgf in a folder below, and a broken one."""
    folder = tmp_path / "archive"
    (folder / "2025").mkdir(parents=True)
    first, second, third = played(3), played(4, "Kerem"), played(5)
    (folder / "a.mat").write_text(export_mat(first))
    (folder / "b.mat").write_text(export_mat(second))
    (folder / "c.sgf").write_text(export_sgf(third))
    (folder / "2025" / "a-again.sgf").write_text(export_sgf(first))
    broken = " 1 point match\n\n Game 1\n Ayla : 0   Deniz : 0\n  1) 31: 8/5 6/6\n"  # line 5 breaks
    (folder / "2025" / "broken.mat").write_text(broken)
    (folder / "notes.doc").write_text("not a match")
    (folder / ".hidden.mat").write_text("not read")
    return folder


def test_the_files_of_a_folder_in_every_format_and_only_those(archive):
    found = match_files([archive])
    assert [path.relative_to(archive).as_posix() for path in found] == [
        "a.mat", "b.mat", "c.sgf", "2025/a-again.sgf", "2025/broken.mat",
    ]  # fmt: skip
    assert match_files([archive / "a.mat", archive])[0] == archive / "a.mat"
    assert len(match_files([archive / "a.mat", archive])) == 5, "each file once"
    with pytest.raises(UserError, match="no such file or folder"):
        match_files([archive / "missing"])
    with pytest.raises(UserError, match="not a match file this game reads"):
        read_match(archive / "notes.doc")
    assert set(MATCH_SUFFIXES) >= {".mat", ".txt", ".sgf", ".xg", ".xgp"}


def test_the_same_match_from_two_formats_has_one_key_whoever_sits_where(archive):
    from_mat = read_match(archive / "a.mat")
    from_sgf = read_match(archive / "2025" / "a-again.sgf")
    assert content_key(from_mat, 0) == content_key(from_sgf, 0)
    assert content_key(from_mat, 0) != content_key(from_mat, 1), "whose history it is counts"
    swapped = MatchRecord(
        from_mat.names[::-1], from_mat.length, from_mat.rules,
        tuple(_swapped(game) for game in from_mat.games),
    )  # fmt: skip
    assert content_key(swapped, 1) == content_key(from_mat, 0)
    assert content_key(read_match(archive / "b.mat"), 0) != content_key(from_mat, 0)


def _swapped(game):
    from dataclasses import replace

    from game.tavla.engine.game import CubeTurn, Turn

    turns = [Turn(1 - turn.player, turn.dice, turn.play, turn.state) for turn in game.turns]
    cube = tuple(CubeTurn(1 - a.player, a.event, a.value, a.before_turn) for a in game.cube)
    winner = None if game.winner is None else 1 - game.winner
    return replace(game, turns=turns, cube=cube, winner=winner, score=game.score[::-1])


@pytest.mark.slow
def test_an_archive_is_kept_once_a_match_and_a_bad_file_is_named_with_its_line(archive, tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    files = match_files([archive])
    assert archive_player(files) == "Ayla", "the one name every match has"
    tally = ArchiveImport(files, "Ayla", records, "expert", workers=2).run()
    assert (tally.done, tally.kept, tally.again, tally.stopped) == (5, 3, 1, False)
    (failure,) = tally.failed
    assert failure.path.name == "broken.mat" and "broken.mat" in failure.message
    assert failure.reason.startswith("line 5: ")
    kept = History(records).matches()
    assert sorted(entry.opponent for entry in kept) == ["Deniz", "Deniz", "Kerem"]
    assert all(entry.player == "Ayla" and entry.level == "expert" for entry in kept)
    sgf_kept = next(entry for entry in kept if entry.source.endswith("c.sgf"))
    text = History(records).mat_text(sgf_kept.id)
    assert text is not None and parse_mat(text).games == read_match(archive / "c.sgf").games
    again = ArchiveImport(files, "Ayla", records, "expert", workers=1).run()
    assert (again.kept, again.again) == (0, 4), "an archive imported twice keeps nothing twice"


def test_a_stop_keeps_what_is_done(archive, tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    job = ArchiveImport(match_files([archive]), "Ayla", records, "expert", workers=1)
    while not job.poll():
        job.pending and next(iter(job.pending)).exception(timeout=120)
    job.stop()
    assert job.finished and job.tally.stopped and job.pool is None
    assert 1 <= job.tally.done < 5
    assert len(History(records).matches()) == job.tally.kept


def test_the_player_is_asked_for_when_the_matches_have_none_or_two_in_common(tmp_path):
    assert common_player([played(3), played(4, "Kerem")]) == "Ayla"
    assert common_player([played(3), played(5)]) is None, "Ayla and Deniz both"
    assert common_player([]) is None
    folder = tmp_path / "two"
    folder.mkdir()
    shutil.copy(DATA / "gnubg-1pt-seed5.mat", folder)
    shutil.copy(DATA / "gnubg-3pt-seed7.mat", folder)
    with pytest.raises(UserError, match=r"--player.*'gnubg', 'root'"):
        archive_player(match_files([folder]))


@pytest.mark.slow
def test_analyse_of_a_folder_keeps_it_and_reports_each_failure(archive, capsys):
    assert main(["analyse", str(archive), "--level", "expert"]) == 0
    out = capsys.readouterr().out
    assert "5 match files, kept as Ayla's" in out
    assert "3 kept, 1 kept before, 1 not read" in out
    assert "broken.mat" in out
    assert main(["analyse", str(archive), "--json", "x.json"]) == 2
    assert "--json" in capsys.readouterr().err


@pytest.mark.slow
def test_matches_kept_before_content_keys_get_theirs_and_are_not_kept_again(archive, tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    ArchiveImport([archive / "a.mat"], "Ayla", records, "expert", workers=1).run()
    with closing(sqlite3.connect(tmp_path / "records.sqlite3")) as db, db:
        db.execute("UPDATE tavla_matches SET content_key = NULL")  # as a file of schema 4 has it
    tally = ArchiveImport([archive / "2025" / "a-again.sgf"], "Ayla", records, "expert", workers=1).run()
    assert (tally.kept, tally.again) == (0, 1)


@pytest.mark.slow
def test_each_file_s_date_is_the_match_s_and_the_history_keeps_it(tmp_path):
    day = day_at_noon(2019, 4, 23)
    record = replace(played(3), played_at=day)
    mat, sgf = export_mat(record), export_sgf(record)
    assert '; [EventDate "2019.04.23"]' in mat and "DT[2019-04-23]" in sgf
    assert parse_mat(mat).played_at == parse_sgf(sgf).played_at == day
    assert parse_mat(export_mat(played(3))).played_at is None, "no date written, none read"
    folder = tmp_path / "years"
    folder.mkdir()
    (folder / "old.sgf").write_text(sgf)
    newer = replace(played(4, "Kerem"), played_at=day_at_noon(2026, 1, 2))
    (folder / "new.mat").write_text(export_mat(newer))
    records = Records(tmp_path / "records.sqlite3")
    ArchiveImport(match_files([folder]), "Ayla", records, "expert", workers=1).run()
    kept = History(records).matches()
    assert [date_text(entry.played_at, "-") for entry in kept] == ["2019-04-23", "2026-01-02"], "oldest first"


def test_a_match_the_player_does_not_play_is_reported_with_its_players(tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    tally = ArchiveImport([DATA / "gnubg-1pt-seed5.mat"], "Ayla", records, "expert").run()
    (failure,) = tally.failed
    assert failure.reason == "'Ayla' is not a player of this match (its players: 'gnubg', 'root')"
    assert (tally.kept, tally.again) == (0, 0)

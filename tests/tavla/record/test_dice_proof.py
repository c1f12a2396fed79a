"""`dice verify MATCH`: a finished committed match's .mat proves its rolls; a roll changed by hand, a
seed that is not the committed one, an unfinished match and a match with no commitment are refused."""

import re

import pytest

from game.cli import main
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.progress.history import History
from game.tavla.record.dice_proof import DiceRefused, prove
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.matches import advance

SEED = bytes(range(32))
NAMES = ("You", "random")


def finished_mat(length=3, rules=Rules.TAVLA, bot_seed=4):
    match = advance(Match(length, rules, 9, dice_seed=SEED), bot_seed)
    assert match.over
    return match, export_mat(MatchRecord.from_match(match, NAMES))


def test_the_exported_match_carries_the_commitment_and_then_the_seed():
    unfinished = advance(Match(3, Rules.TAVLA, 9, dice_seed=SEED), 4, steps=20)
    text = export_mat(MatchRecord.from_match(unfinished, NAMES))
    assert f'; [DiceCommitment "{unfinished.commitment}"]' in text
    assert "DiceSeed" not in text and SEED.hex() not in text
    match, text = finished_mat()
    assert f'; [DiceSeed "{SEED.hex()}"]' in text
    record = parse_mat(text)
    assert (record.dice_commitment, record.dice_seed) == (match.commitment, SEED.hex())
    assert export_mat(record) == text  # a kept match written again keeps them


@pytest.mark.parametrize("rules", [Rules.TAVLA, Rules.STANDARD])
def test_a_finished_match_proves_every_roll(rules):
    match, text = finished_mat(rules=rules)
    proof = prove(text)
    turns = sum(len(game.record) for game in match.games)
    assert proof.games == len(match.games) and turns - len(match.games) <= proof.rolls <= turns + len(
        match.games
    )
    assert proof.seed == SEED.hex() and proof.commitment == match.commitment


def _changed_roll(text):
    """The file with one roll of the second game changed by hand, the play beside it kept: its dice
    written the other way round (53 for 35), or, for a double, one pip more on one die."""
    lines = text.splitlines()
    start = lines.index(" Game 2") if " Game 2" in lines else lines.index(" Game 1")
    for number in range(start + 4, len(lines)):
        found = re.search(r"\b([1-6])([1-6]):", lines[number])
        if found and found.group(1) != found.group(2):
            swapped = f"{found.group(2)}{found.group(1)}:"
            lines[number] = lines[number][: found.start()] + swapped + lines[number][found.end() :]
            return "\n".join(lines) + "\n", number + 1
    raise AssertionError("no roll to change")


def test_a_roll_changed_by_hand_is_refused_naming_it(tmp_path, capsys):
    _match, text = finished_mat()
    changed, line = _changed_roll(text)
    with pytest.raises(DiceRefused, match=rf"game \d+, roll \d+ \(line {line}\).*not the one committed"):
        prove(changed)
    path = tmp_path / "changed.mat"
    path.write_text(changed)
    assert main(["dice", "verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"(line {line})" in err and "not proven" in err


def test_a_changed_seed_or_an_unfinished_or_uncommitted_match_is_refused():
    _match, text = finished_mat()
    other = bytes(32).hex()
    with pytest.raises(DiceRefused, match="does not match the commitment"):
        prove(text.replace(SEED.hex(), other))
    unfinished = advance(Match(3, Rules.TAVLA, 9, dice_seed=SEED), 4, steps=20)
    with pytest.raises(DiceRefused, match="not revealed"):
        prove(export_mat(MatchRecord.from_match(unfinished, NAMES)))
    plain = advance(Match(1, Rules.TAVLA, 9), 4)
    with pytest.raises(DiceRefused, match="no dice commitment"):
        prove(export_mat(MatchRecord.from_match(plain, NAMES)))


def test_the_command_proves_a_file_and_a_kept_match_by_its_id(tmp_path, capsys, monkeypatch):
    _match, text = finished_mat()
    path = tmp_path / "match.mat"
    path.write_text(text)
    assert main(["dice", "verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The commitment matches" in out and "all equal" in out and SEED.hex() in out
    monkeypatch.setattr(History, "mat_text", lambda self, match: text if match == 7 else None)
    assert main(["dice", "verify", "7"]) == 0
    assert "all equal" in capsys.readouterr().out
    assert main(["dice", "verify", "8"]) == 2
    assert "no kept match has the id 8" in capsys.readouterr().err
    assert main(["dice", "verify", str(tmp_path / "missing.mat")]) == 2

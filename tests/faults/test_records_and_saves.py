"""The records and the table's save under faults: a save that claims impossible numbers is refused with
a short message (never played, never a text that runs off the dialog), and one that cannot be restored
is set aside before anything may take its place."""

import json

import pytest

from game.errors import UserError
from game.tavla.engine.match import Match
from game.tavla.record.save import dump_match, load_match, longest_match, set_aside
from tests.tavla.matches import advance

NAMES = ("You", "random")
MESSAGE_CHARS = 300  # a refusal the toast can show


def edited(**fields: object) -> str:
    """The save of a match in progress with `fields` replaced, as text."""
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data.update(fields)
    return json.dumps(data)


def refusal(text: str) -> str:
    with pytest.raises(UserError, match="cannot restore the saved match") as error:
        load_match(text)
    message = str(error.value)
    assert len(message) < MESSAGE_CHARS, message[:MESSAGE_CHARS]
    return message


@pytest.mark.parametrize("length", [10**18, int("9" * 4000), longest_match() + 1, 0, -3, True, 5.0, "5"])
def test_a_save_claiming_a_match_the_table_never_plays_is_refused(length):
    message = refusal(edited(length=length))
    assert f"'length' must be a match of 1 to {longest_match()} points" in message


def test_the_longest_match_the_settings_allow_is_restored():
    assert longest_match() == 25
    match, _ = load_match(edited(length=25))
    assert match.length == 25


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"version": int("7" * 4000)}, "newer version"),
        ({"version": True}, "unknown save version"),
        ({"version": 1.0}, "unknown save version"),
        ({"seed": -1}, "seed must be a whole number of 0 or more"),
        ({"seed": "x" * 100_000}, "seed must be a whole number"),
        ({"rules": "r" * 100_000}, "unknown rule set"),
        ({"cube": "c" * 100_000}, "'cube' must be true or false"),
    ],
)
def test_every_number_and_word_of_a_save_is_checked_and_quoted_short(fields, says):
    assert says in refusal(edited(**fields))


def test_a_long_play_or_reason_in_a_save_gives_a_short_refusal():
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data["games"][0]["turns"][0]["play"] = "24/18 " * 50_000
    refusal(json.dumps(data))
    data = json.loads(dump_match(advance(Match(5, seed=5), 5, 30), NAMES))
    data["games"][0]["disqualified"] = "r" * 100_000
    assert "at most" in refusal(json.dumps(data))


def test_a_save_set_aside_is_a_new_file_each_time_never_over_another(tmp_path):
    first = set_aside("one", tmp_path / "saves", now=0)
    second = set_aside("two", tmp_path / "saves", now=0)
    assert first != second and first.parent == second.parent == tmp_path / "saves"
    assert (first.read_text(), second.read_text()) == ("one", "two")
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        set_aside("three", tmp_path / "file")


@pytest.mark.parametrize("gauss", ["NaN", "Infinity", "1e999"])
def test_a_save_whose_dice_generator_holds_no_number_is_refused(gauss):
    text = edited().replace("], null]}", f"], {gauss}]}}")
    assert gauss in text
    assert "dice generator" in refusal(text)

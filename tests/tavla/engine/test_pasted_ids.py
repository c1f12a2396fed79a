"""IDs as players paste them: an XGID without its `XGID=` on the real command line (it starts with '-'),
and a Position ID and Match ID written back as the very text that was read when nothing changed."""

import base64
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.core.errors import UserError
from game.tavla.engine.match_id import match_id, read_match_id
from game.tavla.engine.position import position_id, state_from_position_id
from game.tavla.engine.study_position import read_gnubg_id
from game.tavla.engine.xgid import read_xgid, write_xgid
from tests.tavla.builders import states

ROOT = Path(__file__).parents[3]
BARE_XGID = "-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"  # the opening, 52 to play: starts with '-'


@pytest.mark.slow
def test_an_xgid_without_its_prefix_is_read_on_the_real_command_line():
    command = [sys.executable, "main.py", "position", "--xgid", BARE_XGID, "--rules", "standard"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "XGID=" + BARE_XGID in done.stdout and "dice 52" in done.stdout


def test_every_way_of_writing_the_xgid_gives_the_same_lines(capsys):
    outputs = []
    for argv in (["--xgid", BARE_XGID], [f"--xgid={BARE_XGID}"], ["--xgid", "XGID=" + BARE_XGID]):
        assert cli.main(["position", *argv]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]


def test_a_bad_bare_xgid_is_named_by_its_reader_and_a_missing_one_by_argparse(capsys):
    assert cli.main(["position", "--xgid", BARE_XGID.replace("B-:", "B:", 1)]) == 2
    assert "the board (field 1) has 25 characters" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        cli.main(["tempmap", "--xgid", "--rules", "standard"])
    assert caught.value.code == 2 and "--xgid: expected one argument" in capsys.readouterr().err


def test_only_an_xgid_after_xgid_is_joined():
    argv = ["position", "--xgid", BARE_XGID, "--rules", "standard", "--", "--xgid", BARE_XGID]
    assert cli.xgid_values_joined(argv) == [
        "position",
        f"--xgid={BARE_XGID}",
        "--rules",
        "standard",
        "--",
        "--xgid",
        BARE_XGID,
    ]
    assert cli.xgid_values_joined(["--xgid", "--json", "out.json"]) == ["--xgid", "--json", "out.json"]


def test_the_match_id_of_the_issue_comes_back_as_pasted(capsys):
    """Another program's Match ID of a match leaves the Jacoby bit clear (`...AAAA`; gnubg writes
    `...AAAE`): read and written again, it is the text pasted, on the command line too."""
    pasted = "4HPwATDgc/ABMA:MAGrAAAAAAAA"
    setup = read_gnubg_id(pasted)
    assert setup.moment.length == 5 and setup.gnubg_id == pasted
    assert cli.main(["position", "--id", pasted]) == 0
    assert any(
        line.split() == ["Match", "ID", "MAGrAAAAAAAA"] for line in capsys.readouterr().out.splitlines()
    )
    assert read_xgid(write_xgid(setup)).match_id == "MAGrAAAAAAAE", "an XGID holds no such bit: gnubg's"


def test_dice_written_low_first_keep_their_order():
    low_first = "cAm5AAAAAAAE"  # gnubg writes the dice as rolled: 2 then 6
    assert read_match_id(low_first).dice == (2, 6) and match_id(read_match_id(low_first)) == low_first


_WIDTHS = (4, 2, 1, 1, 3, 1, 1, 2, 3, 3, 15, 15, 15, 1)  # the Match ID's 66 bits, lowest field first


@st.composite
def match_id_texts(draw: st.DrawFn) -> str:
    """A Match ID of any field values that may make sense (a game in play, a short match or money)."""
    values = [draw(st.integers(0, (1 << width) - 1)) for width in _WIDTHS]
    values[0] = draw(st.integers(0, 6))
    values[4] = 1  # a game in play
    values[10] = draw(st.sampled_from([0, 1, 3, 5, 7, 25]))
    values[11:13] = [draw(st.integers(0, max(values[10] - 1, 0) or 40)) for _ in range(2)]
    dice = draw(st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)))
    values[8:10] = dice or (0, 0)
    bits = width = 0
    for value, size in zip(values, _WIDTHS, strict=True):
        bits |= value << width
        width += size
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(match_id_texts())
def test_every_match_id_read_is_written_back_as_it_was(text):
    try:
        moment = read_match_id(text)
    except UserError:
        return
    assert match_id(moment) == text


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(states())
def test_every_position_id_read_is_written_back_as_it_was(state):
    text = position_id(state)
    assert position_id(state_from_position_id(text)) == text

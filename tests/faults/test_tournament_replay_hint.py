"""The disqualification log's replay hint replays the decision exactly: the command it gives, with the
entry's state and dice put in, lists the plays legal under the tournament's rule set, whatever the
config's rule set (issue 46, item 13: a Plakoto tournament's hint failed on its 52-integer state)."""

import re
import shlex

import pytest

from game.tavla.commands.moves import moves_command
from game.tavla.engine.rules import Rules
from tests.faults.helpers import MAIN, cmd, game

pytestmark = pytest.mark.slow  # each test here takes over 5 s


@pytest.mark.parametrize("rules", ["plakoto", "fevga"])
def test_the_logs_replay_hint_lists_the_plays_of_the_tournaments_rules(tmp_path, rules):
    bad = tmp_path / "bad.py"
    bad.write_text('import sys\nfor line in sys.stdin:\n    print("garbage", flush=True)\n', encoding="utf-8")
    arguments = ["--rules", rules, "--bots", f"{cmd(bad)},random", "--games", "2", "--seed", "3"]
    result = game("tournament", *arguments, cwd=tmp_path, HOME=str(tmp_path))
    assert result.returncode == 0, result.stderr
    log = (tmp_path / "tavla-disqualifications.log").read_text(encoding="utf-8")
    hint = re.search(r": (python main\.py moves .*?) lists the legal plays", log)
    assert hint, log
    state = re.search(r"^  state: +(.+)$", log, re.MULTILINE).group(1)
    dice = re.search(r"^  dice: +(\d) (\d)$", log, re.MULTILINE).groups()
    command = hint.group(1).replace("STATE", state).replace("D1 D2", " ".join(dice))
    words = shlex.split(command)
    assert words[:2] == ["python", "main.py"]
    replayed = game(*words[2:], cwd=MAIN.parent, HOME=str(tmp_path))  # the config's rules: tavla
    assert replayed.returncode == 0, replayed.stderr
    expected = moves_command(state, list(dice), Rules.parse(rules))
    assert replayed.stdout.splitlines() == expected

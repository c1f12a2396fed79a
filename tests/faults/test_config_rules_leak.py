"""Issue 47, item 1: the game the menu played last (kept as `tavla.rules` in the player's config file) does
not leak into the commands that read a backgammon position (a 28-integer state, a Position ID, an
XGID): after Plakoto, Fevga, Gul bara, Portes or a Tavli match they read it under backgammon rules, as
README's own commands show; --rules still chooses; and a refusal caused by the config's rule set names
the config file it came from. Each command runs as `main(ARGS)` in the test's process, with a config folder
of its own (what `python main.py ARGS` does but for the interpreter's start, a second of imports a run);
one real `python main.py` run shows the same through the process boundary."""

import functools
from pathlib import Path

import pytest

from game.core.files.shipped import config_path
from tests.faults.helpers import OPENING, game_in_process
from tests.faults.helpers import game as real_game

OTHER_GAMES = ("plakoto", "fevga", "gulbara", "portes", "tavli")
XGID = "XGID=-BBCBA--------------abbbb-:0:0:1:00:0:0:0:0:10"  # docs/commands.md's rollout
POSITION_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
RACE = "13 0 0 0 0 0 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 0 0 14"  # docs/commands.md's tempmap


def configured(tmp_path: Path, rules: str | None) -> dict[str, str]:
    """The environment of a player whose config file holds `tavla.rules: rules` (none: no file)."""
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    if rules is not None:
        (folder / "config.yaml").write_text(f"tavla:\n  rules: {rules}\n", encoding="utf-8")
    return {"FIFTEEN_TAVLA_CONFIG_DIR": str(folder), "FIFTEEN_TAVLA_DATA_DIR": str(tmp_path / "data")}


@pytest.fixture
def game(monkeypatch, capsys):
    """`main(ARGS)` with the environment `env`, answered as `python main.py ARGS` is."""
    return functools.partial(game_in_process, monkeypatch, capsys)


def test_a_real_run_reads_the_opening_as_backgammon_after_another_game(tmp_path):
    moves = real_game("moves", "--state", OPENING, "--dice", "3", "1", **configured(tmp_path, "plakoto"))
    assert (moves.returncode, moves.stderr) == (0, "") and "8/5 6/5" in moves.stdout.splitlines()


def no_crash(run) -> None:
    assert "unexpected error" not in run.stderr and "Traceback" not in run.stderr, run.stderr


@pytest.mark.parametrize("rules", OTHER_GAMES)
def test_readme_moves_and_bot_read_the_opening_as_backgammon_after_another_game(tmp_path, rules, game):
    env = configured(tmp_path, rules)
    expected = game("moves", "--state", OPENING, "--dice", "3", "1", "--rules", "tavla", **env)
    assert expected.returncode == 0 and expected.stdout
    moves = game("moves", "--state", OPENING, "--dice", "3", "1", **env)
    assert (moves.returncode, moves.stderr, moves.stdout) == (0, "", expected.stdout)
    bot = game("bot", "--bot", "greedy", "--state", OPENING, "--dice", "3", "1", **env)
    assert (bot.returncode, bot.stderr, bot.stdout.strip()) == (0, "", "8/5 6/5")


@pytest.mark.parametrize("rules", OTHER_GAMES)
def test_position_reads_an_xgid_under_tavla_after_another_game(tmp_path, rules, game):
    run = game("position", "--xgid", POSITION_XGID, **configured(tmp_path, rules))
    no_crash(run)
    assert run.returncode == 0, run.stderr
    assert "tavla rules" in run.stdout


@pytest.mark.parametrize("rules", ["plakoto", "tavli"])
def test_rollout_and_tempmap_after_another_game(tmp_path, rules, game):
    env = configured(tmp_path, rules)
    rollout = game("rollout", "--xgid", XGID, "--seed", "1", "--games", "36", "--truncate", "1", **env)
    no_crash(rollout)
    assert rollout.returncode == 0, rollout.stderr
    assert "tavla" in rollout.stdout.splitlines()[0]
    tempmap = game("tempmap", "--state", RACE, "--level", "expert", **env)
    no_crash(tempmap)
    assert tempmap.returncode == 0, tempmap.stderr
    assert "tavla rules" in tempmap.stdout


def test_the_cube_command_after_plakoto_uses_standard(tmp_path, game):
    run = game("cube", "--state", OPENING, "--bot", "expert", **configured(tmp_path, "plakoto"))
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0] in (
        "no double, take",
        "double, take",
        "double, pass",
        "no double, pass",
    )


def test_rules_named_on_the_command_line_still_choose(tmp_path, game):
    run = game(
        "moves", "--state", OPENING, "--dice", "3", "1", "--rules", "plakoto", **configured(tmp_path, "tavla")
    )
    assert run.returncode == 2
    assert "52 integers" in run.stderr and "config" not in run.stderr


def test_a_refusal_caused_by_the_config_names_the_file(tmp_path, game):
    env = configured(tmp_path, "tavla")
    own = Path(env["FIFTEEN_TAVLA_CONFIG_DIR"]) / "config.yaml"
    run = game("cube", "--state", OPENING, "--bot", "expert", **env)
    assert run.returncode == 2 and run.stderr.count("\n") == 1
    assert "no doubling cube" in run.stderr
    assert "tavla.rules: tavla" in run.stderr and str(own) in run.stderr


def test_a_refusal_caused_by_the_shipped_defaults_names_that_file(tmp_path, game):
    run = game("cube", "--state", OPENING, "--bot", "expert", **configured(tmp_path, None))
    assert run.returncode == 2
    assert "tavla.rules: tavla" in run.stderr and str(config_path()) in run.stderr


def test_a_tournament_refused_for_the_config_s_game_names_the_file(tmp_path, game):
    env = configured(tmp_path, "plakoto")
    run = game("tournament", "--bots", "greedy,random", "--games", "2", "--cube", **env)
    assert run.returncode == 2
    assert "plakoto rule set has no doubling cube" in run.stderr
    assert "tavla.rules: plakoto" in run.stderr and env["FIFTEEN_TAVLA_CONFIG_DIR"] in run.stderr
    explicit = game(
        "tournament", "--bots", "greedy,random", "--games", "2", "--cube", "--rules", "tavla", **env
    )
    assert explicit.returncode == 2 and "config" not in explicit.stderr


@pytest.mark.parametrize("command", ["position", "rollout", "tempmap"])
def test_the_lab_refuses_another_game_in_words_not_a_key_error(command):
    from game.core.errors import UserError
    from game.tavla.commands.position import position_command
    from game.tavla.commands.rollout import rollout_command
    from game.tavla.commands.tempmap import tempmap_command
    from game.tavla.engine.rules import Rules

    call = {
        "position": lambda: position_command(None, None, XGID, Rules.PLAKOTO),
        "rollout": lambda: rollout_command(None, None, XGID, None, Rules.PLAKOTO, games=1, seed=1),
        "tempmap": lambda: tempmap_command(None, None, XGID, Rules.FEVGA),
    }[command]
    with pytest.raises(UserError, match="backgammon's: use --rules tavla or --rules standard"):
        call()

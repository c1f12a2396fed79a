"""The two TD trainers' command lines (td.py for backgammon, no_hitting_td.py for the games without hitting)
share their arguments: each hands train() its own defaults, what was asked, and refuses a budget that is
not positive with exit 2. train() is replaced, so nothing is trained."""

import pytest

from game.tavla.engine.rules import Rules
from game.tavla.training import no_hitting_td, td


def _called(monkeypatch, module) -> list[tuple]:
    calls: list[tuple] = []
    monkeypatch.setattr(module, "train", lambda *args: calls.append(args))
    return calls


def test_td_hands_train_its_defaults_and_what_was_asked(monkeypatch, tmp_path):
    calls = _called(monkeypatch, td)
    assert td.main(["--games", "10", "--checkpoint", str(tmp_path / "c.npz")]) == 0
    checkpoint, minutes, games, resume, rate, lam, every, eval_games, export, seed, _console, widen = calls[0]
    assert (checkpoint, minutes, games, resume, export, widen) == (
        tmp_path / "c.npz",
        None,
        10,
        False,
        None,
        None,
    )
    assert (rate, lam, every, eval_games, seed) == (
        td.LEARNING_RATE,
        td.LAMBDA,
        td.EVAL_EVERY,
        td.EVAL_GAMES,
        1,
    )
    asked = ["--minutes", "2.5", "--resume", "--lr", "0.5", "--lambda", "0.3", "--eval-every", "7"]
    assert td.main([*asked, "--eval-games", "4", "--seed", "9"]) == 0
    assert calls[1][1:8] + calls[1][9:10] == (2.5, None, True, 0.5, 0.3, 7, 4, 9)


def test_tables_td_hands_train_its_defaults_and_what_was_asked(monkeypatch, tmp_path):
    calls = _called(monkeypatch, no_hitting_td)
    out = tmp_path / "fevga.npz"
    assert no_hitting_td.main(["--game", "fevga", "--games", "10", "--out", str(out)]) == 0
    game, path, minutes, games, resume, rate, lam, every, eval_games, seed, _console, start = calls[0]
    assert (game, path, minutes, games, resume, start) == (Rules.FEVGA, out, None, 10, False, None)
    defaults = (
        no_hitting_td.LEARNING_RATE,
        no_hitting_td.LAMBDA,
        no_hitting_td.EVAL_EVERY,
        no_hitting_td.EVAL_GAMES,
        1,
    )
    assert (rate, lam, every, eval_games, seed) == defaults
    asked = ["--game", "plakoto", "--minutes", "1", "--out", str(out), "--resume", "--lr", "0.2"]
    assert (
        no_hitting_td.main(
            [*asked, "--lambda", "0.5", "--eval-every", "3", "--eval-games", "6", "--seed", "4"]
        )
        == 0
    )
    assert calls[1][2:10] == (1.0, None, True, 0.2, 0.5, 3, 6, 4)


@pytest.mark.parametrize(
    ("module", "required"),
    [(td, ["--checkpoint", "c.npz"]), (no_hitting_td, ["--game", "gulbara", "--out", "g.npz"])],
)
@pytest.mark.parametrize(
    "budget", [["--games", "0"], ["--minutes", "-1"], ["--games", "1", "--minutes", "1"], []]
)
def test_a_budget_that_is_not_one_positive_number_exits_2(monkeypatch, capsys, module, required, budget):
    calls = _called(monkeypatch, module)
    with pytest.raises(SystemExit) as exit_:
        module.main([*required, *budget])
    assert exit_.value.code == 2 and calls == []
    assert "--minutes" in capsys.readouterr().err


def test_both_list_the_shared_arguments(capsys):
    for module in (td, no_hitting_td):
        with pytest.raises(SystemExit):
            module.main(["--help"])
        shown = capsys.readouterr().out
        for option in (
            "--minutes",
            "--games",
            "--resume",
            "--eval-every",
            "--eval-games",
            "--lr",
            "--lambda",
        ):
            assert option in shown, (module.__name__, option)


def test_a_network_may_start_from_another_games_weights(tmp_path):
    fevga = no_hitting_td.NoHittingEvaluator.fresh(Rules.FEVGA.variant, seed=3)
    fevga.save(tmp_path / "fevga.npz")
    nardy = no_hitting_td.started_from(Rules.NARDY, tmp_path / "fevga.npz")
    assert nardy.game is Rules.NARDY.variant and (nardy.network.w1 == fevga.network.w1).all()
    with pytest.raises(no_hitting_td.UserError, match="cannot read"):
        no_hitting_td.started_from(Rules.NARDY, tmp_path / "none.npz")

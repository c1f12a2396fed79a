"""The supervised training commands: generate labelled positions, train on them, evaluate; resume."""

import numpy as np
import pytest

from game.tavla.engine.rules import Rules
from game.tavla.eval.features import races
from game.tavla.eval.neural import Evaluator, equities
from game.tavla.eval.search import probabilities
from game.tavla.training.learn import Dataset, deepest_labels, main
from game.tavla.training.relabel import contact_rows, disagreement_order


@pytest.fixture(scope="module")
def weights(tmp_path_factory):
    path = tmp_path_factory.mktemp("weights") / "start.npz"
    Evaluator.fresh(seed=7).save(path)
    return path


@pytest.fixture(scope="module")
def generated(tmp_path_factory, weights):
    """Positions generated and labelled at 1-ply once for the module, read by the tests of what is done
    with them (train, relabel) and of how their games ended: each made its own, and labelling was most of
    its time. (test_generate_labels_positions_by_look_ahead_and_resumes makes its own, to resume it.)"""
    data = tmp_path_factory.mktemp("generated") / "data.npz"
    made = ["generate", "--positions", "60", "--out", str(data), "--weights", str(weights), "--sample", "0.3"]
    assert main(made) == 0
    return data


@pytest.mark.slow
def test_generate_labels_positions_by_look_ahead_and_resumes(tmp_path, weights, capsys):
    out = tmp_path / "data.npz"
    small = ["--sample", "0.1"]
    assert main(["generate", "--positions", "40", "--out", str(out), "--weights", str(weights), *small]) == 0
    first = Dataset.load(out)
    assert len(first.positions) >= 40 and first.games >= 1 and first.plies == 1
    assert (first.positions[:, 0] != 15).all()  # finished games teach nothing
    net = Evaluator.load(weights)
    sample = first.positions[:5]
    assert first.labels[:5] == pytest.approx(probabilities(net, sample, Rules.TAVLA, 1), abs=1e-6)
    assert main(["generate", "--positions", "10", "--out", str(out), "--weights", str(weights)]) == 2
    assert "--resume" in capsys.readouterr().out
    more = ["generate", "--positions", "10", "--out", str(out), "--weights", str(weights), "--resume", *small]
    assert main(more) == 0
    again = Dataset.load(out)
    assert len(again.positions) >= len(first.positions) + 10 and again.games > first.games
    assert np.array_equal(again.positions[: len(first.positions)], first.positions)
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.slow
def test_train_moves_the_networks_towards_the_labels_and_resumes(tmp_path, weights, generated):
    data = generated
    out = tmp_path / "net.npz"
    common = ["--data", str(data), "--weights", str(weights), "--out", str(out)]
    assert main(["train", "--epochs", "3", "--lr", "0.01", *common]) == 0
    trained = Evaluator.load(out)
    assert trained.meta["supervised_epochs"] == 3
    d = Dataset.load(data)
    before = np.abs(Evaluator.load(weights).probabilities(d.positions) - d.labels).mean()
    after = np.abs(trained.probabilities(d.positions) - d.labels).mean()
    assert after < before
    assert main(["train", "--epochs", "1", *common]) == 2  # the output exists: --resume or another name
    assert main(["train", "--epochs", "1", "--resume", *common]) == 0
    assert Evaluator.load(out).meta["supervised_epochs"] == 4
    wide = tmp_path / "wide.npz"
    assert (
        main(
            [
                "train",
                "--epochs",
                "1",
                "--hidden",
                "160",
                "--data",
                str(data),
                "--weights",
                str(out),
                "--out",
                str(wide),
            ]
        )
        == 0
    )
    grown = Evaluator.load(wide)
    assert grown.contact.w1.shape == (trained.contact.w1.shape[0], 160) and grown.race.b1.shape == (160,)


@pytest.mark.slow
def test_generate_keeps_how_each_game_ended_and_train_can_ground_outputs_in_it(
    tmp_path, weights, generated, capsys
):
    data = generated
    d = Dataset.load(data)
    assert d.outcomes.shape == d.labels.shape
    win, win_gammon, win_bg, lose_gammon, lose_bg = d.outcomes.T
    assert set(np.unique(d.outcomes)) <= {0.0, 1.0}, "a game ends one way"
    assert ((win_gammon <= win) & (win_bg <= win_gammon) & (lose_bg <= lose_gammon)).all()
    assert ((lose_gammon == 0) | (win == 0)).all()
    contact = races(d.positions) == 0
    assert contact.any()
    trained = ["train", "--epochs", "8", "--lr", "0.01", "--data", str(data), "--weights", str(weights)]
    nets = {}
    for outputs in (None, "gammon,backgammon"):
        out = tmp_path / f"net{bool(outputs)}.npz"
        grounded = ["--outcome-outputs", outputs] if outputs else []
        assert main([*trained, "--out", str(out), *grounded]) == 0
        nets[outputs] = Evaluator.load(out).probabilities(d.positions[contact])
    columns = [1, 2, 3, 4]
    towards = {key: np.abs(p[:, columns] - d.outcomes[contact][:, columns]).mean() for key, p in nets.items()}
    assert towards["gammon,backgammon"] < towards[None], "grounded outputs learn how their games ended"
    with pytest.raises(SystemExit):
        main([*trained, "--out", str(tmp_path / "x.npz"), "--outcome-outputs", "wins"])
    assert "gammon, backgammon or both" in capsys.readouterr().err


@pytest.mark.slow
def test_evaluate_reports_points_a_game(tmp_path, weights, capsys):
    assert main(["evaluate", "--weights", str(weights), "--games", "4", "--opponent", "random"]) == 0
    assert "points a game over 4 games" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["evaluate", "--weights", str(weights), "--games", "3"])
    assert "even" in capsys.readouterr().err


@pytest.mark.parametrize("content", [b"", b"not a zip", None])
def test_bad_data_files_are_one_line_errors(tmp_path, weights, capsys, content):
    data = tmp_path / "data.npz"
    if content is not None:
        data.write_bytes(content)
    code = main(
        [
            "train",
            "--epochs",
            "1",
            "--data",
            str(data),
            "--weights",
            str(weights),
            "--out",
            str(tmp_path / "o.npz"),
        ]
    )
    assert code == 2
    assert str(data) in capsys.readouterr().out


@pytest.mark.slow
def test_relabel_labels_again_the_most_disagreeing_positions_and_resumes(tmp_path, weights, generated):
    data, out = generated, tmp_path / "deeper.npz"
    source, net = Dataset.load(data), Evaluator.load(weights)
    order = disagreement_order(net, source, Rules.TAVLA)
    gaps = np.abs(
        equities(net.probabilities(source.positions[order]), Rules.TAVLA)
        - equities(source.labels[order].astype(np.float64), Rules.TAVLA)
    )
    assert len(order) and (np.diff(gaps) <= 1e-12).all(), "most disagreeing first"
    common = ["--data", str(data), "--out", str(out), "--weights", str(weights), "--plies", "1"]
    assert main(["relabel", "--positions", "4", *common]) == 0
    first = Dataset.load(out)
    assert np.array_equal(first.positions, source.positions[order[:4]]) and first.plies == 1
    assert first.labels == pytest.approx(probabilities(net, first.positions, Rules.TAVLA, 1), abs=1e-6)
    assert main(["relabel", "--positions", "4", *common]) == 2  # the output exists: --resume
    assert main(["relabel", "--positions", "7", "--resume", *common]) == 0
    assert np.array_equal(Dataset.load(out).positions, source.positions[order[:7]])
    pooled = tmp_path / "pooled.npz"
    two = [*common[:2], "--out", str(pooled), *common[4:], "--workers", "2"]
    assert main(["relabel", "--positions", "7", *two]) == 0
    assert np.array_equal(Dataset.load(pooled).positions, source.positions[order[:7]])
    assert Dataset.load(pooled).labels == pytest.approx(Dataset.load(out).labels, abs=1e-6), "as one worker"


@pytest.mark.slow
def test_relabel_in_random_order_takes_a_seeded_sample_and_keeps_the_outcomes(tmp_path, weights, generated):
    data = generated
    source = Dataset.load(data)
    contact = set(contact_rows(source).tolist())
    runs = {}
    for name, seed in (("a", "1"), ("b", "1"), ("c", "2")):
        out = tmp_path / f"{name}.npz"
        common = ["--data", str(data), "--out", str(out), "--weights", str(weights), "--plies", "1"]
        assert main(["relabel", "--positions", "6", "--order", "random", "--seed", seed, *common]) == 0
        runs[name] = Dataset.load(out)
    rows = [
        next(i for i in contact if np.array_equal(source.positions[i], position))
        for position in runs["a"].positions
    ]
    assert len(set(rows)) == 6, "six different positions with contact"
    assert np.array_equal(runs["a"].outcomes, source.outcomes[rows]), "each keeps how its game ended"
    assert not np.isnan(runs["a"].outcomes).any()
    assert np.array_equal(runs["a"].positions, runs["b"].positions), "the same seed, the same sample"
    assert not np.array_equal(runs["a"].positions, runs["c"].positions), "another seed, another sample"
    assert rows != sorted(rows, key=lambda i: disagreement_order_rank(source, weights)[i])


def disagreement_order_rank(source: Dataset, weights) -> dict[int, int]:
    order = disagreement_order(Evaluator.load(weights), source, Rules.TAVLA)
    return {int(row): rank for rank, row in enumerate(order)}


def test_a_deeper_label_replaces_the_shallower_ones_of_its_position():
    a, b, c = (np.full(28, value, dtype=np.int8) for value in (1, 2, 3))
    states = np.array([a, b, a, c, a])
    labels = np.arange(25, dtype=np.float32).reshape(5, 5)
    outcomes = labels[::-1].copy()
    kept_states, kept_labels, kept_outcomes = deepest_labels(
        states, labels, outcomes, np.array([1, 1, 1, 1, 2])
    )
    assert np.array_equal(kept_outcomes, outcomes[[1, 3, 4]]), "each row keeps its own outcome"
    assert [row[0] for row in kept_states] == [2, 3, 1], "both 1-ply copies of a give way to its 2-ply one"
    assert kept_labels[:, 0].tolist() == [5, 15, 20]

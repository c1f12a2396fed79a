"""The training command (TD self-play): it writes a checkpoint and its curve, and resumes only when asked."""

import pytest

from game.tavla.eval.neural import Evaluator
from game.tavla.training.td import main as train_main

pytestmark = pytest.mark.slow  # each test here takes over 5 s


def test_training_writes_a_checkpoint_and_resumes(tmp_path, capsys):
    checkpoint = tmp_path / "run" / "checkpoint.npz"
    common = ["--checkpoint", str(checkpoint), "--eval-every", "2", "--eval-games", "2"]
    assert train_main(["--games", "2", *common]) == 0
    assert Evaluator.load(checkpoint).meta["games"] == 2
    assert train_main(["--games", "2", *common]) == 2
    assert "--resume" in capsys.readouterr().out
    assert train_main(["--games", "2", "--resume", *common]) == 0
    assert Evaluator.load(checkpoint).meta["games"] == 4
    curve = (checkpoint.parent / "curve.csv").read_text().splitlines()
    assert curve[0].startswith("games,") and len(curve) == 3

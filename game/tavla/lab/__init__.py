"""The position lab: a position given as a state, GNU Backgammon's IDs or an XGID, shown (`position`)
and rolled out (`rollout`), in worker processes when asked. The notations themselves are the engine's
(game/tavla/engine/study_position.py, match_id.py, xgid.py); the games are played by the evaluator's
levels."""

import os

# Before numpy is imported, here and in the workers (which inherit it): one core for each process. The
# evaluator's batches are small, and BLAS threads only wait on one another, more so on a busy machine.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

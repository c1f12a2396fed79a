"""Benchmark: our cube decisions against GNU Backgammon's `hint` before the roll, money and match play.

Positions before a roll come from games of the shipped evaluator against itself under the standard rules
(each side plays the 0-ply play the evaluator likes best, as `expert` does), the same whatever
`--weights` decides, so that two evaluators compare on the same positions. Each sampled position is asked
with every cube setting below where the player on roll may double: money with a centred cube and with
a cube of 2 the player owns (no Jacoby rule, no beavers), and a 7-point match at several scores with a
centred cube, including post-Crawford (the Crawford game has no cube action and is left out).

gnubg answers with its cube hint (`hint` with no dice, 2-ply cube decisions by default), read from its
printed cubeful equities: no double (ND), double/take (DT), double/pass (DP), normalised to the cube.
Our `expert` (1 roll ahead) and `master` (2 rolls ahead) decide the same position with the same cube;
the `model` level feeds our cube model (game/tavla/engine/cube.py) gnubg's own cubeless chances from the hint,
so its disagreements are the cube model's alone, not the evaluator's.
Counted apart for money and match: the share where the doubler's action (double / no double / too
good) agrees, the share where the answer (take / pass) agrees, and the mean equity lost by our choice
where it differs, in gnubg's equities: the doubler's best of ND and min(DT, DP) minus what our action
gets, the taker's |DT - DP| when we answer otherwise. "close" rows keep the positions where gnubg's
doubling or taking decision is within 0.2 of the alternative, where the cube is a real question.

    python benchmarks/tavla_cube.py [--positions 300] [--seed 1] [--plies 2] [--worst 8] [--weights W]
        [--judges expert,master]

`--judges` measures the judge's cube instead of our networks' levels: each level named is
`judge_for(Rules.STANDARD, level).cube_decision(state, cube)` (Open Sage's cubeful decision where it
is installed, game/tavla/eval/judge.py), shown as `judge:LEVEL`; the `model` level stays beside them.

--worst lists the costliest disagreements with their gnubg IDs (paste them into gnubg) to look into.

Needs the optional gnubg package (`pip install gnubg`), driven through the game's adapter
(game/tavla/players/gnubg_adapter.py: CubeHints, match_id).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from rich.console import Console
from rich.table import Table

from game.core.errors import UserError
from game.tavla.engine.cube import Cube, CubeAction, CubeOwner, MatchScore
from game.tavla.engine.moves import legal_results
from game.tavla.engine.position import OPENING, State, all_borne_off, flip, position_id
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision, cube_efficiency, decide, opponent_finishes_next
from game.tavla.eval.doubling import pre_roll_chances
from game.tavla.eval.judge import JudgeLevel
from game.tavla.eval.judges import judge_for
from game.tavla.eval.neural import Evaluator, rank_results, shipped_evaluator
from game.tavla.players.gnubg_adapter import CubeHints, match_id

RULES = Rules.STANDARD
LEVELS = {"expert": 1, "master": 2}
MATCH = 7
MATCH_SCORES = ((0, 0), (2, 4), (4, 2), (3, 5), (5, 5), (1, 6), (4, 6))  # (mine, theirs), all 7-point
CLOSE = 0.2
GNUBG_CHANCES = "model"  # our cube model fed gnubg's own cubeless chances: the cube model alone


def cube_settings() -> list[tuple[str, Cube]]:
    """The cube settings asked of every position: (money|match, cube seen by the player on roll)."""
    settings = [("money", Cube()), ("money", Cube(2, CubeOwner.ME))]
    settings += [("match", Cube(score=MatchScore(MATCH, mine, theirs))) for mine, theirs in MATCH_SCORES]
    return settings


def doubler_kind(action: CubeAction) -> str:
    """The doubler's part of an action: double, no double or too good."""
    return action.value.split(",")[0]


def doubler_loss(ours: CubeAction, reference: CubeDecision) -> float:
    """What our doubler's action loses in the reference's equities (0 when it is as good)."""
    best = max(reference.no_double, min(reference.double_take, reference.double_pass))
    got = min(reference.double_take, reference.double_pass) if ours.doubles else reference.no_double
    return max(best - got, 0.0)


def taker_loss(ours: CubeAction, reference: CubeDecision) -> float:
    """What our answer to a double loses, for the taker, in the reference's equities."""
    take_right = reference.double_take <= reference.double_pass
    if ours.takes == take_right:
        return 0.0
    return abs(reference.double_take - reference.double_pass)


def is_close(reference: CubeDecision) -> bool:
    """Whether the doubling or the taking decision is within CLOSE of its alternative."""
    double = min(reference.double_take, reference.double_pass)
    take = abs(reference.double_take - reference.double_pass)
    return abs(reference.no_double - double) < CLOSE or take < CLOSE


def game_positions(rng: random.Random, net) -> list[State]:
    """The positions before each roll of one game of the evaluator against itself (0-ply plays)."""
    state = OPENING
    seen = []
    while True:
        seen.append(state)
        results = legal_results(state, rng.randint(1, 6), rng.randint(1, 6), RULES)
        if results:
            values = rank_results(net, results, RULES)
            after = results[max(range(len(results)), key=values.__getitem__)][1]
        else:
            after = state
        if all_borne_off(after):
            return seen
        state = flip(after)


def sample_positions(count: int, seed: int, net) -> list[State]:
    """`count` distinct positions before a roll, drawn from self-play games (the opening once)."""
    rng = random.Random(seed)
    pool: set[State] = set()
    while len(pool) < 4 * count:
        pool.update(game_positions(rng, net))
    ordered = sorted(pool - {OPENING})
    return [OPENING, *rng.sample(ordered, count - 1)]


@dataclass
class Tally:
    """Agreement counts and equity losses of one level on one kind of play."""

    asked: int = 0
    doubler_agree: int = 0
    taker_agree: int = 0
    doubler_lost: float = 0.0
    taker_lost: float = 0.0
    doubler_differ: int = 0
    taker_differ: int = 0

    def add(self, ours: CubeAction, reference: CubeDecision) -> None:
        """Count one decision against the reference."""
        theirs = reference.action
        self.asked += 1
        if doubler_kind(ours) == doubler_kind(theirs):
            self.doubler_agree += 1
        else:
            self.doubler_differ += 1
            self.doubler_lost += doubler_loss(ours, reference)
        if ours.takes == theirs.takes:
            self.taker_agree += 1
        else:
            self.taker_differ += 1
            self.taker_lost += taker_loss(ours, reference)

    def row(self) -> list[str]:
        """The table cells: counts, agreement shares, mean losses where different, loss per decision."""

        def mean(total: float, count: int) -> str:
            return f"{total / count:.3f}" if count else "-"

        return [
            str(self.asked),
            f"{100 * self.doubler_agree / max(self.asked, 1):.1f}%",
            mean(self.doubler_lost, self.doubler_differ),
            f"{100 * self.taker_agree / max(self.asked, 1):.1f}%",
            mean(self.taker_lost, self.taker_differ),
            mean(self.doubler_lost + self.taker_lost, self.asked),
        ]


def main(argv: list[str] | None = None) -> int:
    """Sample positions, ask gnubg and both levels, print the table and the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="positions sampled from self-play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=2, help="gnubg's plies for cube decisions")
    parser.add_argument("--worst", type=int, default=8, help="costliest disagreements to list")
    parser.add_argument(
        "--weights",
        type=Path,
        help="the evaluator that decides (default shipped; the positions stay the shipped one's)",
    )
    parser.add_argument(
        "--judges", default="", help="judge levels whose cube_decision is measured instead (expert,master)"
    )
    args = parser.parse_args(argv)
    judges = {
        f"judge:{level}": judge_for(RULES, JudgeLevel.parse(level))
        for level in filter(None, args.judges.split(","))
    }
    levels = {} if judges else LEVELS
    try:
        reference = CubeHints(args.plies)
    except UserError:
        print("the gnubg package is not installed (pip install gnubg)", file=sys.stderr)
        return 2
    started = time.perf_counter()
    positions = sample_positions(args.positions, args.seed, shipped_evaluator(RULES))
    net = Evaluator.load(args.weights, RULES) if args.weights else shipped_evaluator(RULES)
    settings = cube_settings()
    tallies: dict[tuple[str, str, str], Tally] = {}
    costly: list[tuple[float, str, str, str, CubeAction, CubeAction]] = []
    for state in positions:
        efficiency = cube_efficiency(state, opponent_finishes_next(state))
        chances = {level: pre_roll_chances(net, state, RULES, plies) for level, plies in levels.items()}
        for kind, cube in settings:
            answer = reference.hint(state, cube)
            hint = answer.decision
            where = f"{position_id(state)}:{match_id(cube)}"
            subsets = ("all", "close") if is_close(hint) else ("all",)
            chances[GNUBG_CHANCES] = answer.chances
            for level in (*levels, GNUBG_CHANCES):
                ours = decide(chances[level], cube, efficiency).action
                lost = doubler_loss(ours, hint) + taker_loss(ours, hint)
                if lost > 0:
                    costly.append((lost, kind, level, where, ours, hint.action))
                for subset in subsets:
                    tallies.setdefault((kind, subset, level), Tally()).add(ours, hint)
            for level, judge in judges.items():
                ours = judge.cube_decision(state, cube).action
                lost = doubler_loss(ours, hint) + taker_loss(ours, hint)
                if lost > 0:
                    costly.append((lost, kind, level, where, ours, hint.action))
                for subset in subsets:
                    tallies.setdefault((kind, subset, level), Tally()).add(ours, hint)
    elapsed = time.perf_counter() - started
    table = Table(
        title=f"Cube decisions against gnubg's {args.plies}-ply hint ({len(positions)} positions, "
        f"{elapsed:.0f} s)"
    )
    for column in (
        "play",
        "subset",
        "level",
        "asked",
        "doubler agrees",
        "loss if not",
        "answer agrees",
        "loss if not",
        "loss/decision",
    ):
        table.add_column(column, justify="left" if column in ("play", "subset", "level") else "right")
    for (kind, subset, level), tally in sorted(tallies.items()):
        table.add_row(kind, subset, level, *tally.row())
    console = Console(width=max(Console().width, 120))
    console.print(table)
    for lost, kind, level, where, ours, theirs in sorted(costly, reverse=True)[: args.worst]:
        console.print(f"{lost:.3f} {kind} {level}: {where} ours {ours.value!r}, gnubg {theirs.value!r}")
    console.print(
        "money: centred cube and a cube of 2 owned by the player on roll; match: 7 points at "
        f"(mine, theirs) {', '.join(map(str, MATCH_SCORES))}; losses in gnubg's cubeful equity; "
        f"level {GNUBG_CHANCES}: our cube model on gnubg's cubeless chances"
    )
    console.print(
        f"python benchmarks/tavla_cube.py --positions {args.positions} --seed {args.seed} "
        f"--plies {args.plies} --worst {args.worst}"
        + (f" --weights {args.weights}" if args.weights else "")
        + (f" --judges {args.judges}" if args.judges else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

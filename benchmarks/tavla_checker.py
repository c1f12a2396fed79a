"""Benchmark: checker plays judged by GNU Backgammon 2-ply on positions from its own self-play.

    python benchmarks/tavla_checker.py [--positions 600] [--seed 1] [--rules standard]
        [--bots expert,master,grandmaster,networks:expert,networks:master]

The positions: games of the `gnubg` bot (gnubg's 0-ply) against itself under the rule set, seeded; every
roll with a choice is a decision, and `--positions` of them are taken evenly over the games. The judge:
gnubg's cubeless 2-ply equity of the position each candidate play leads to (the opponent on roll,
deterministic, no noise). For each decision the candidates are the eight plays gnubg's 0-ply likes best
and the plays of every bot measured; the best of them at 2-ply is the reference, and a bot's loss is
that equity minus its play's, in millipoints (money points x 1000). Reported per bot: the mean loss per
decision with a 95% interval (normal, over decisions), the share of decisions where it chose the
reference play, and its median and worst time a decision, wall and CPU (on a shared machine the CPU
time is the steadier figure); gnubg's 0-ply is measured the same way. This
judge favours gnubg's own 0-ply, whose errors its 2-ply partly shares: the games against it
(benchmarks/tavla_levels.py) are the fairer measure. GNU Backgammon is a yardstick only: nothing here
trains anything.

A bot is a built-in name (`expert`, `master`, `grandmaster`: the judge's levels, Open Sage where it is
installed) or `networks:LEVEL`, the same level judged by our own networks (NetworkJudge), to compare
the two in one run.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.tavla.engine.moves import check_play, legal_results
from game.tavla.engine.notation import format_play
from game.tavla.engine.play import play_bots
from game.tavla.engine.position import State, all_borne_off, flip, winner_gammon_level
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import JudgeLevel
from game.tavla.eval.network_judge import NetworkJudge
from game.tavla.players import get_bot
from game.tavla.players.gnubg_adapter import Chances, available
from game.tavla.players.judge_bot import JudgeBot

CANDIDATES = 8  # gnubg 0-ply's best plays judged at 2-ply beside the bots' own
JUDGE_PLIES = 2
NETWORKS = "networks:"  # a bot spec's prefix: the level judged by our own networks
CUBELESS = "cubeless:"  # ... and Open Sage's level ranking by cubeless equity


def build_bot(name: str, seed: int, rules: Rules):
    """A built-in bot by name, or `networks:LEVEL`: the judge's level on our networks (NetworkJudge)."""
    if name.startswith(NETWORKS):
        return JudgeBot(rules, NetworkJudge(rules, JudgeLevel.parse(name.removeprefix(NETWORKS))))
    if name.startswith(CUBELESS):
        from game.tavla.eval.sage_judge import SageJudge

        return JudgeBot(rules, SageJudge(rules, JudgeLevel.parse(name.removeprefix(CUBELESS)), cubeful=False))
    return get_bot(name, seed=seed, rules=rules)


def positions(count: int, seed: int, rules: Rules) -> list[tuple[State, int, int]]:
    """Decisions (a roll with more than one legal result) from gnubg 0-ply self-play, spread evenly."""
    bot = get_bot("gnubg", rules=rules)
    rng = random.Random(seed)
    found: list[tuple[State, int, int]] = []
    while len(found) < count * 3:
        _, record = play_bots(bot.play, bot.play, rules, rng=rng, keep_record=True)
        for turn in record:
            if len(legal_results(turn.state, *turn.dice, rules)) > 1:
                found.append((turn.state, *turn.dice))
    step = len(found) / count
    return [found[int(index * step)] for index in range(count)]


class Judge:
    """gnubg's equity of a resulting position for the player who just moved, at 0-ply or 2-ply."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.weights = rules.equity_weights
        self.zero, self.deep = Chances(0), Chances(JUDGE_PLIES)
        self.cache: dict[State, float] = {}

    def equity(self, after: State, deep: bool) -> float:
        if all_borne_off(after):
            return float(self.rules.points(winner_gammon_level(after)))
        if deep and after in self.cache:
            return self.cache[after]
        chances = (self.deep if deep else self.zero).chances(flip(after))
        value = 1.0 - sum(w * p for w, p in zip(self.weights, chances, strict=True))
        if deep:
            self.cache[after] = value
        return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", type=Rules, choices=list(Rules.backgammon()), default=Rules.STANDARD)
    parser.add_argument("--bots", default="expert,master", help="comma-separated bot names or networks:LEVEL")
    args = parser.parse_args(argv)
    if not available():
        print("GNU Backgammon's module is not installed: pip install gnubg")
        return 2
    rules = args.rules
    names = [name for name in args.bots.split(",") if name]
    bots = {name: build_bot(name, args.seed, rules) for name in names}
    start = time.perf_counter()
    decisions = positions(args.positions, args.seed, rules)
    judge = Judge(rules)
    losses: dict[str, list[float]] = {name: [] for name in ["gnubg 0-ply", *names]}
    best_found = {name: 0 for name in losses}
    times: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, list[float]] = {name: [] for name in names}
    for state, die1, die2 in decisions:
        results = {format_play(play): after for play, after in legal_results(state, die1, die2, rules)}
        by_zero = sorted(results, key=lambda play: -judge.equity(results[play], deep=False))
        chosen = {"gnubg 0-ply": by_zero[0]}
        for name, bot in bots.items():
            begin, begin_cpu = time.perf_counter(), time.process_time()
            answer = bot.play(list(state), die1, die2)
            times[name].append(time.perf_counter() - begin)
            cpu[name].append(time.process_time() - begin_cpu)
            chosen[name] = format_play(check_play(state, die1, die2, answer, rules))
        candidates = set(by_zero[:CANDIDATES]) | set(chosen.values())
        deep = {play: judge.equity(results[play], deep=True) for play in candidates}
        best = max(deep.values())
        for name, play in chosen.items():
            losses[name].append((best - deep[play]) * 1000.0)
            best_found[name] += deep[play] >= best - 1e-9
    seconds = time.perf_counter() - start
    print(
        f"checker plays: {len(decisions)} decisions from gnubg 0-ply self-play, {rules} rules, seed "
        f"{args.seed}, judged by gnubg {JUDGE_PLIES}-ply (cubeless), {seconds:.0f} s"
    )
    reference = statistics.fmean(losses["gnubg 0-ply"])
    width = max(map(len, losses))
    for name, values in losses.items():
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        line = (
            f"  {name:<{width}} mean loss {mean:6.2f} mp (95% CI {mean - half:.2f} to {mean + half:.2f}), "
            f"{mean / reference if reference else math.inf:.2f}x gnubg 0-ply, best play "
            f"{100 * best_found[name] / len(values):.0f}%"
        )
        if name in times:
            line += (
                f", median {1000 * statistics.median(times[name]):.0f} ms, "
                f"worst {1000 * max(times[name]):.0f} ms a decision (CPU median "
                f"{1000 * statistics.median(cpu[name]):.0f} ms, worst {1000 * max(cpu[name]):.0f} ms)"
            )
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

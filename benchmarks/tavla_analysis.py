"""The `analyse` command measured: its speed, and its marks beside GNU Backgammon's on gnubg's matches.

Run (the gnubg module is the optional extra `pip install -e '.[gnubg]'`):
- `python benchmarks/tavla_analysis.py speed [--length 5] [--seed 1] [--level expert --level master]`:
  time to analyse a tavla match the expert bot played against itself (goal: a 5-point match under 5 s
  with `expert`'s evaluator). The CPU time is printed too: on a shared machine it is the steadier figure.
- `python benchmarks/tavla_analysis.py agreement [--matches 10] [--length 5] [--seed 1]`: gnubg plays
  matches against itself with some noise, analyses them (`analyse match` at `--gnubg-plies`, 0 unless
  given; `export match text`),
  and we analyse the same `.mat` files; prints the share of checker plays where our mark agrees with
  gnubg's, each player's checker-play error rate beside gnubg's (mean loss per unforced play), the
  share of cube decisions before a roll where we and gnubg agree on doubling or not and of answers where
  we agree on take or pass (for the games whose cube decisions line up one for one), and per player our
  figures beside those of gnubg's match statistics: the checker, cube and overall error rates, the cube
  decisions judged and counted (close or acted on), missed doubles, wrong doubles, takes and passes.
  gnubg's players double at 0-ply without noise, so by gnubg's own account they make no cube error.
- `python benchmarks/tavla_analysis.py fixtures DIR`: the gnubg `.mat` files the tests import
  (tests/tavla/data/), made the same way with fixed seeds.

Measured on 2026-12-01 (2 shared cores under heavy load, so wall times are high; CPU time in brackets):
expert analysed a 5-point tavla match of 8 games and 483 turns in 3.7 s (3.0 s CPU), gnubg's 5-point
standard match of 218 turns (tests/tavla/data) in 1.6 s; the same as before the match play was judged
at the score (3.6 s, 1.5 s): the cube decisions before each roll reuse the rolls' chances the luck needs.
`master` looks two rolls ahead for each of them: the first game of gnubg's 3-point match (36 turns, 21
cube decisions instead of the 2 recorded) took 14.7 s CPU against 11.2 s before.

Agreement, before (cubeless money points in every match, only the recorded cube actions judged) and after
(EMG at the score, every roll's cube decision), the same weights; ours / gnubg's:
- `agreement --matches 10 --length 5 --seed 1`: same mark on 721 of 1071 unforced checker plays (67.3%)
  before, 745 (69.6%) after; checker error rates 72.7 and 76.6 before, 62.3 and 64.2 after, gnubg's
  51.3 and 55.6 (from the plays' losses). Cube decisions before a roll: 552 line up, we agree on doubling
  or not on 525 (95.1%; we double alone on 21, gnubg on 6), on the answer to 24 of 32 doubles. Match
  statistics after, per player: checker 64.2 / 56.1 and 62.3 / 51.3, cube 22.9 / 0 and 31.4 / 0,
  overall 58.6 / 49.5 and 58.8 / 46.4 (before: 74.1 and 71.2), cube decisions 328 / 328 and 256 / 256
  (before only the 32 and 32 recorded), counted 82 / 69 and 70 / 58, missed doubles 12 and 9 / 0.
- `agreement --matches 10 --length 3 --seed 2`: same mark on 590 of 896 (65.8%) before, 639 (71.3%)
  after; checker error rates 91.7 and 83.3 before, 74.5 and 69.7 after, gnubg's 57.5 and 55.9; cube
  decisions 315 line up, we agree on 304 (96.5%; we double alone on 4, gnubg on 7), on 15 of 18 answers;
  judged 167 / 167 and 166 / 166, counted 45 / 43 and 42 / 43; overall 69.7 / 52.4 and 66.5 / 51.2
  (before 90.2 and 82.6).
Our checker play stays harsher than gnubg's: it is judged cubeless (gnubg's 0-ply is cubeful), by
another network.

Against gnubg's 2-ply analysis, the shipped `sl4` weights (2026-12-03, `agreement --matches 10 --length
5 --seed 1 --gnubg-plies 2`, our analysis at expert): same mark on 745 of 1071 (69.6%; ours harsher on
105, milder on 221); checker error rates ours / gnubg's 50.9 / 53.9 and 58.8 / 58.9, overall 48.0 / 49.1
and 53.9 / 52.2 (all within 6%); cube error rates 24.9 / 9.5 and 21.0 / 5.6 (we call 21 doubles gnubg
does not, 14 and 6 missed doubles against its 5 and 1); answers agree on 27 of 32. Two plays gnubg 2-ply
rates best are very bad by ours, both with the opponent on the bar against our home board: with five
there, 12/7 5/1 (we rate it 200 mp below 21/16 12/8); with one against five points made, gnubg's 2-2
that slots the 6-point (we would keep the checkers on the 10- and 12-points, 172 mp).

gnubg is driven through the game's adapter (game/tavla/players/gnubg_adapter.py: self_play_mat,
analyse_mat): it runs in a child process per match (its Python module prints boards on stdout and keeps
one global match), with one thread and a fixed seed, so the files are the same on every run.
"""

import argparse
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.analysis.decisions import Mark
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match import Match
from game.tavla.engine.play import play_match
from game.tavla.engine.rules import Rules
from game.tavla.players.gnubg_adapter import analyse_mat, self_play_mat
from game.tavla.players.levels import NeuralBot
from game.tavla.record.mat import read_mat
from game.tavla.record.match_record import MatchRecord

NOISE = 0.06  # gnubg's chequer-play noise: enough mistakes of every size to compare marks on
FIXTURES = ((3, 7), (5, 11), (1, 5))  # (match length, seed) of the test files

_SEVERITY = (Mark.NONE, Mark.DOUBTFUL, Mark.BAD, Mark.VERY_BAD)
_SECTION = re.compile(r"^Move number \d+:\s+(.+?) to play (\d)(\d)\s*$")
_ALERT = re.compile(r"^Alert: (doubtful|bad|very bad) move")
_CHOSEN = re.compile(r"^\*\s+\d+\..*Eq\.:\s*[-+]?\d+\.\d+(?:\s*\(([-+]\d+\.\d+)\))?")
_ACTED = re.compile(r"^\* (.+?) (moves|cannot move|doubles|accepts|rejects)\b")
_ACTS = {"doubles": "double", "accepts": "take", "rejects": "pass"}
_PROPER = re.compile(r"^Proper cube action: ([^(]+?)\s*(?:\(.*)?$")


def play_gnubg_match(length: int, seed: int, path: Path, noise: float = NOISE) -> Path:
    """A match gnubg plays against itself, exported as `.mat`."""
    return self_play_mat(length, seed, path, noise)


@dataclass
class GnubgReport:
    """gnubg's analysis of a match: per game its checker plays (player, dice, mark, loss in
    millipoints) and its cube decisions (player, what was done: roll, double, take or pass, and gnubg's
    proper action), and the match's statistics per player (`figures`)."""

    moves: list[list[tuple[str, tuple[int, int], Mark, float]]]
    cubes: list[list[tuple[str, str, str]]]
    figures: dict[str, dict[str, float]]


def gnubg_report(path: Path, folder: Path, plies: int = 0) -> GnubgReport:
    """Analyse `path` with gnubg at `plies` and read its text export."""
    out = folder / f"{path.stem}.txt"
    analyse_mat(path, out, plies)
    files = sorted(folder.glob(f"{path.stem}*.txt"), key=lambda p: (len(p.name), p.name))
    report = GnubgReport([], [], {})
    for file in files:
        moves: list[list] = []
        cubes: list[tuple[str, str, str]] = []
        acted = ("", "roll")
        lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
        for line in lines:
            if (found := _SECTION.match(line)) is not None:
                moves.append([found.group(1), (int(found.group(2)), int(found.group(3))), Mark.NONE, 0.0])
            elif (found := _ACTED.match(line)) is not None:
                acted = (found.group(1), _ACTS.get(found.group(2), "roll"))
            elif (found := _PROPER.match(line)) is not None:
                cubes.append((*acted, found.group(1)))
            elif moves and (found := _ALERT.match(line)) is not None:
                moves[-1][2] = Mark(found.group(1))
            elif moves and (found := _CHOSEN.match(line)) is not None:
                moves[-1][3] = -1000.0 * float(found.group(1) or 0.0)
        report.moves.append([tuple(move) for move in moves])
        report.cubes.append(cubes)
        if "Match statistics" in lines:
            report.figures = _statistics(lines[lines.index("Match statistics") :])
        elif len(files) == 1:
            report.figures = _statistics(lines)
    return report


def _statistics(lines: list[str]) -> dict[str, dict[str, float]]:
    """A statistics section of gnubg's text export (`%-40s %-23s %-23s` rows) as {player: {row: value}},
    the rows named by their section and label; a value is the first number of its cell."""
    names: list[str] = []
    figures: dict[str, dict[str, float]] = {}
    section = ""
    for line in lines:
        label, cells = line[:40].strip(), [line[41:64], line[65:]]
        if label == "Player" and not names:
            names = [cell.strip() for cell in cells]
            figures = {name: {} for name in names}
        elif label.endswith("statistics"):
            section = label.split()[0].lower()
        elif names and label:
            for name, cell in zip(names, cells, strict=True):
                number = re.match(r"\s*([-+]?\d+(?:\.\d+)?)", cell)
                if number is not None:
                    figures[name][f"{section}: {label}"] = float(number.group(1))
    return figures


def speed(length: int, seed: int, levels: list[str]) -> None:
    bot = NeuralBot(Rules.TAVLA)
    match = play_match(Match(length, Rules.TAVLA, seed), (bot.play, bot.play))
    record = MatchRecord.from_match(match, ("expert", "expert"))
    turns = sum(len(game.turns) for game in record.games)
    analyse_match(MatchRecord(record.names, record.length, record.rules, record.games[:1]))  # warm up
    for level in levels:
        start, cpu = time.perf_counter(), time.process_time()
        analyse_match(record, level=level)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        figures = f"{len(record.games)} games, {turns} turns: {level} {seconds:.2f} s ({cpu:.2f} s CPU)"
        print(f"{length}-point tavla match, {figures}")


def agreement(matches: int, length: int, seed: int, plies: int, level: str) -> None:
    rng = random.Random(seed)
    agree = total = harsher = 0
    best_marked: list[str] = []
    rates: dict[str, list[float]] = {}
    ours: dict[str, dict[str, float]] = {}
    theirs: dict[str, dict[str, float]] = {}
    luck: list[tuple[str, float, float]] = []  # per match and player: ours, gnubg's luck per roll
    cube = {"doubler": [0, 0], "answer": [0, 0], "gnubg doubles alone": [0], "we double alone": [0]}
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for number in range(matches):
            path = play_gnubg_match(length, rng.randrange(1, 10**6), folder / f"m{number}.mat")
            report = gnubg_report(path, folder, plies)
            analysis = analyse_match(read_mat(path), level=level)
            names = analysis.record.names
            for game, marks, cubes in zip(analysis.games, report.moves, report.cubes, strict=False):
                _compare_cube(game.decisions, cubes, names, cube, f"match {number} game {game.number}")
                mine = [d for d in game.decisions if d.kind == "move"]
                if len(mine) != len(marks) or any(d.dice != m[1] for d, m in zip(mine, marks, strict=True)):
                    print(f"match {number} game {game.number}: gnubg's moves do not line up; skipped")
                    continue
                for decision, (_name, _dice, mark, loss) in zip(mine, marks, strict=True):
                    if decision.forced:
                        continue
                    total += 1
                    agree += decision.mark is mark
                    harsher += _SEVERITY.index(decision.mark) > _SEVERITY.index(mark)
                    if loss == 0.0 and decision.mark in (Mark.BAD, Mark.VERY_BAD):
                        best_marked.append(
                            f"match {number} game {game.number} turn {decision.turn}: {decision.dice} "
                            f"{decision.action} (ours {decision.best}, {decision.loss:.0f} mp; "
                            f"{':'.join(decision.gnubg_ids)})"
                        )
                    name = names[decision.player]
                    ours_loss, theirs_loss, count = rates.setdefault(name, [0.0, 0.0, 0])
                    rates[name] = [ours_loss + decision.loss, theirs_loss + loss, count + 1]
            for seat, name in enumerate(names):
                theirs_luck = report.figures.get(name, {}).get("luck: Luck rate mEMG (MWC)")
                if theirs_luck is not None:
                    luck.append((f"match {number} {name}", analysis.players[seat].luck_rate, theirs_luck))
                _add(ours.setdefault(name, {}), _our_figures(analysis.decisions, seat))
                _add(theirs.setdefault(name, {}), _gnubg_figures(report.figures.get(name, {})))
    print(f"{matches} {length}-point matches (noise {NOISE}); gnubg judges at {plies}-ply, we at {level}")
    print(f"checker plays compared: {total}; same mark: {agree} ({100.0 * agree / max(total, 1):.1f}%)")
    print(f"ours harsher: {harsher}, milder: {total - agree - harsher}")
    print(f"plays gnubg rates best that we mark bad or very bad: {len(best_marked)}")
    for line in best_marked:
        print(f"  {line}")
    for name, (ours_loss, theirs_loss, count) in rates.items():
        ours_rate, theirs_rate = ours_loss / count, theirs_loss / count
        print(f"{name}: error rate ours {ours_rate:.1f}, gnubg {theirs_rate:.1f} ({count} plays)")
    (same, compared), (answered, answers) = cube["doubler"], cube["answer"]
    print(
        f"cube decisions before a roll compared: {compared}; same action (double or not): {same} "
        f"({100.0 * same / max(compared, 1):.1f}%); gnubg doubles where we do not: "
        f"{cube['gnubg doubles alone'][0]}, we double where gnubg does not: {cube['we double alone'][0]}"
    )
    print(f"answers compared: {answers}; same answer: {answered}")
    if luck:
        gaps = [abs(mine - gnubg) for _, mine, gnubg in luck]
        print(f"luck per roll (mEMG), ours / gnubg's, per match and player; the largest gap {max(gaps):.1f}:")
        for where, mine, gnubg in luck:
            print(f"  {where}: {mine:+.1f} / {gnubg:+.1f}")
    print("per player, ours / gnubg's (match statistics; error rates in millipoints per decision):")
    for name in ours:
        mine, gnubg = _rates(ours[name]), _rates(theirs[name])
        print(f"  {name}: " + ", ".join(f"{key} {mine[key]:g} / {gnubg[key]:g}" for key in mine))


_COUNTS = ("cube total", "cube counted", "missed doubles", "wrong doubles", "wrong takes", "wrong passes")


def _our_figures(decisions: list, seat: int) -> dict[str, float]:
    """One player's figures from our decisions (read from the decisions, so older analyses do too)."""
    mine = [d for d in decisions if d.player == seat]
    checker = [d for d in mine if d.kind == "move" and not d.forced]
    cube = [d for d in mine if d.kind == "cube"]
    counted = [d for d in cube if getattr(d, "counted", True)]
    wrong = [d.action for d in cube if d.loss > 0.0]
    return {
        "unforced": len(checker),
        "checker loss": sum(d.loss for d in checker),
        "cube total": len(cube),
        "cube counted": len(counted),
        "cube loss": sum(d.loss for d in counted),
        "missed doubles": wrong.count("no double"),
        "wrong doubles": wrong.count("double"),
        "wrong takes": wrong.count("take"),
        "wrong passes": wrong.count("drop"),
    }


def _gnubg_figures(figures: dict[str, float]) -> dict[str, float]:
    """The same figures from gnubg's match statistics (its errors are negative EMG)."""

    def total(*prefixes: str) -> float:
        return sum(value for key, value in figures.items() if key.startswith(prefixes))

    return {
        "unforced": total("chequerplay: Unforced moves"),
        "checker loss": -1000.0 * total("chequerplay: Error total"),
        "cube total": total("cube: Total cube decisions"),
        "cube counted": total("cube: Close or actual"),
        "cube loss": -1000.0 * total("cube: Error total"),
        "missed doubles": total("cube: Missed doubles"),
        "wrong doubles": total("cube: Wrong doubles"),
        "wrong takes": total("cube: Wrong takes"),
        "wrong passes": total("cube: Wrong passes"),
    }


def _add(into: dict[str, float], figures: dict[str, float]) -> None:
    for key, value in figures.items():
        into[key] = into.get(key, 0.0) + value


def _rates(figures: dict[str, float]) -> dict[str, float]:
    """The error rates (checker, cube, overall) and the cube's counts of summed figures."""
    unforced, counted = figures["unforced"], figures["cube counted"]
    overall = figures["checker loss"] + figures["cube loss"]
    rates = {
        "checker": round(figures["checker loss"] / max(unforced, 1), 1),
        "cube": round(figures["cube loss"] / max(counted, 1), 1),
        "overall": round(overall / max(unforced + counted, 1), 1),
    }
    return rates | {key: int(figures[key]) for key in _COUNTS}


def _compare_cube(decisions: list, cubes: list[tuple[str, str, str]], names, tally: dict, where: str) -> None:
    """Our cube decisions of a game beside gnubg's, when the two lists line up (same players and acts)."""
    acts = {"no double": "roll", "double": "double", "take": "take", "drop": "pass"}
    mine = [(names[d.player], acts[d.action], d.best) for d in decisions if d.kind == "cube"]
    if [m[:2] for m in mine] != [c[:2] for c in cubes]:
        print(
            f"{where}: gnubg's cube decisions do not line up ({len(cubes)} against our {len(mine)}); skipped"
        )
        return
    for (_name, act, best), (_, _, proper) in zip(mine, cubes, strict=True):
        if act in ("roll", "double"):
            gnubg_doubles, we_double = proper.startswith(("Double", "Redouble")), best == "double"
            tally["doubler"][1] += 1
            tally["doubler"][0] += gnubg_doubles == we_double
            tally["gnubg doubles alone"][0] += gnubg_doubles and not we_double
            tally["we double alone"][0] += we_double and not gnubg_doubles
        else:
            gnubg_takes = not proper.endswith("pass")
            tally["answer"][1] += 1
            tally["answer"][0] += gnubg_takes == (best == "take")


def fixtures(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for length, seed in FIXTURES:
        path = play_gnubg_match(length, seed, folder / f"gnubg-{length}pt-seed{seed}.mat")
        print(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "agreement", "fixtures"))
    parser.add_argument("folder", nargs="?", default="tests/tavla/data")
    parser.add_argument("--length", type=int, default=5)
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--level",
        action="append",
        choices=("expert", "master"),
        help="speed: the levels timed; agreement: the level of our analysis (the first given, else expert)",
    )
    parser.add_argument(
        "--gnubg-plies", type=int, choices=(0, 1, 2), default=0, help="agreement: gnubg's plies"
    )
    args = parser.parse_args()
    levels = args.level or ["expert"]
    if args.what == "speed":
        speed(args.length, args.seed, levels)
    elif args.what == "agreement":
        agreement(args.matches, args.length, args.seed, args.gnubg_plies, levels[0])
    else:
        fixtures(Path(args.folder))


if __name__ == "__main__":
    main()

"""The `analyse` command measured: its speed, and its marks beside GNU Backgammon's on gnubg's matches.

Run (the gnubg module is the optional extra `pip install -e '.[gnubg]'`):
- `python benchmarks/tavla_analysis.py speed [--length 5] [--seed 1] [--level expert --level master]`:
  time to analyse a tavla match the expert bot played against itself (goal: a 5-point match under 5 s
  with `expert`'s evaluator). The CPU time is printed too: on a shared machine it is the steadier figure.
- `python benchmarks/tavla_analysis.py agreement [--matches 10] [--length 5] [--seed 1]`: gnubg plays
  matches against itself with some noise, analyses them (`analyse match` at 0-ply, `export match text`),
  and we analyse the same `.mat` files; prints the share of checker plays where our mark agrees with
  gnubg's, and each player's checker-play error rate beside gnubg's (mean loss per unforced play).
- `python benchmarks/tavla_analysis.py fixtures DIR`: the gnubg `.mat` files the tests import
  (tests/tavla/data/), made the same way with fixed seeds.

Measured on 2026-12-01 (2 shared cores under heavy load, so wall times are high; CPU time in brackets):
expert analysed a 5-point tavla match of 8 games and 483 turns in 4.1-7.5 s (1.6 s CPU), one of 4 games
and 237 turns in 3.4 s (0.7 s CPU), gnubg's 5-point standard match of 218 turns (tests/tavla/data) in
5.2 s (1.0 s CPU); master took 255 s for the 483 turns. On 10 gnubg 5-point matches (seed 1), 1071
unforced checker plays: our mark equals gnubg's on 721 (67.3%; harsher on 178, milder on 172); the
players' error rates, ours against gnubg's, 72.7 / 51.3 and 76.6 / 55.6: ours are higher (cubeless
points against gnubg's match-normalised equity).

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.tavla.analysis.decisions import Mark
from game.tavla.analysis.match import analyse_match
from game.tavla.engine.match import Match
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


def play_gnubg_match(length: int, seed: int, path: Path, noise: float = NOISE) -> Path:
    """A match gnubg plays against itself, exported as `.mat`."""
    return self_play_mat(length, seed, path, noise)


def gnubg_marks(path: Path, folder: Path) -> list[list[tuple[str, tuple[int, int], Mark, float]]]:
    """gnubg's analysis of a `.mat` file: per game, each checker play as (player, dice, mark, loss)."""
    out = folder / f"{path.stem}.txt"
    analyse_mat(path, out)
    files = sorted(folder.glob(f"{path.stem}*.txt"), key=lambda p: (len(p.name), p.name))
    games = []
    for file in files:
        moves: list[list] = []
        for line in file.read_text(encoding="utf-8", errors="replace").splitlines():
            if (found := _SECTION.match(line)) is not None:
                moves.append([found.group(1), (int(found.group(2)), int(found.group(3))), Mark.NONE, 0.0])
            elif moves and (found := _ALERT.match(line)) is not None:
                moves[-1][2] = Mark(found.group(1))
            elif moves and (found := _CHOSEN.match(line)) is not None:
                moves[-1][3] = -1000.0 * float(found.group(1) or 0.0)
        games.append([tuple(move) for move in moves])
    return games


def speed(length: int, seed: int, levels: list[str]) -> None:
    bot = NeuralBot(Rules.TAVLA)
    match = Match(length, Rules.TAVLA, seed)
    while match.winner is None:
        game = match.next_game()
        game.start()
        while not game.over:
            if game.dice is None:
                game.roll()
            game.play(bot.play(game.state, *game.dice))
    record = MatchRecord.from_match(match, ("expert", "expert"))
    turns = sum(len(game.turns) for game in record.games)
    analyse_match(MatchRecord(record.names, record.length, record.rules, record.games[:1]))  # warm up
    for level in levels:
        start, cpu = time.perf_counter(), time.process_time()
        analyse_match(record, level=level)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        figures = f"{len(record.games)} games, {turns} turns: {level} {seconds:.2f} s ({cpu:.2f} s CPU)"
        print(f"{length}-point tavla match, {figures}")


def agreement(matches: int, length: int, seed: int) -> None:
    rng = random.Random(seed)
    agree = total = harsher = 0
    rates: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        for number in range(matches):
            path = play_gnubg_match(length, rng.randrange(1, 10**6), folder / f"m{number}.mat")
            theirs = gnubg_marks(path, folder)
            analysis = analyse_match(read_mat(path))
            names = analysis.record.names
            for game, marks in zip(analysis.games, theirs, strict=False):
                ours = [d for d in game.decisions if d.kind == "move"]
                if len(ours) != len(marks) or any(d.dice != m[1] for d, m in zip(ours, marks, strict=True)):
                    print(f"match {number} game {game.number}: gnubg's moves do not line up; skipped")
                    continue
                for decision, (_name, _dice, mark, loss) in zip(ours, marks, strict=True):
                    if decision.forced:
                        continue
                    total += 1
                    agree += decision.mark is mark
                    harsher += _SEVERITY.index(decision.mark) > _SEVERITY.index(mark)
                    name = names[decision.player]
                    ours_loss, theirs_loss, count = rates.setdefault(name, [0.0, 0.0, 0])
                    rates[name] = [ours_loss + decision.loss, theirs_loss + loss, count + 1]
    print(f"{matches} {length}-point matches played and analysed by gnubg (0-ply, noise {NOISE})")
    print(f"checker plays compared: {total}; same mark: {agree} ({100.0 * agree / max(total, 1):.1f}%)")
    print(f"ours harsher: {harsher}, milder: {total - agree - harsher}")
    for name, (ours_loss, theirs_loss, count) in rates.items():
        ours_rate, theirs_rate = ours_loss / count, theirs_loss / count
        print(f"{name}: error rate ours {ours_rate:.1f}, gnubg {theirs_rate:.1f} ({count} plays)")


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
    parser.add_argument("--level", action="append", choices=("expert", "master"), help="speed: levels timed")
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.length, args.seed, args.level or ["expert"])
    elif args.what == "agreement":
        agreement(args.matches, args.length, args.seed)
    else:
        fixtures(Path(args.folder))


if __name__ == "__main__":
    main()

"""A fingerprint of the command line: what `python main.py ...` prints, the files it writes and the exit
status, for the help of every command and a set of commands with fixed seeds, in fresh data and config
folders. Structure work records one before and one after, and the two must be the same:

    python tools/fingerprint.py before.txt
    ... the change ...
    python tools/fingerprint.py after.txt && diff before.txt after.txt

Timings, the temporary folders and the checkout's folder are written as <t>, <tmp> and <root>, so two
runs are the same wherever the trees are.
The cache folder is the user's (built tables are only read faster); `--jobs` runs commands side by side.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENING = "0 -2 0 0 0 0 5 0 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0 0 0"
RACE = "0 3 3 3 3 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -3 -3 -3 -3 -3 0 0 0"
OPENING_ID = "4HPwATDgc/ABMA"
MATCH = "tests/tavla/data/gnubg-1pt-seed5.mat"
UBGI_SCRIPT = (
    "ubgi\nisready\nkeys\nposition gnubgid {OPENING_ID}:cAkAAAAAAAAA\ngo role chequer\nbogus\n"
    "position gnubgid {OPENING_ID}:cIkFAAAAAAAE\ngo role chequer\nquit\n"
)
TIMING = re.compile(r"\d+(\.\d+)? ?(s|ms|seconds?|/s)\b|(?<=\"seconds\": )[\d.]+")
COMMANDS = ("puzzle", "tavla", "solve", "stats", "moves", "bot", "cube", "analyse", "progress", "practice")
COMMANDS += ("position", "rollout", "tempmap", "tournament", "ubgi", "external", "dice")
CUBE_MATCH = (
    "cube --state '{OPENING}' --rules standard --bot expert --match 5 --score 1 3 --cube 2 --owner me"
)
TOURNAMENT = "tournament --bots random,greedy"
CUBE_TOURNAMENT = (
    "tournament --bots greedy,pubeval --games 2 --seed 1 --rules standard --cube --match 3 --log {out}/c"
)
WIDE = {"COLUMNS": "120"}
# A finished match whose dice were committed, for `dice verify` (written by the game's own classes).
DICE_MATCH = """
import sys
from game.tavla.engine.match import Match
from game.tavla.engine.rules import Rules
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.matches import advance
match = advance(Match(3, Rules.TAVLA, 9, dice_seed=bytes(range(32))), 4)
open(sys.argv[1], "w").write(export_mat(MatchRecord.from_match(match, ("You", "random"))))
"""


# (name, the command's arguments as a shell writes them, standard input, extra environment); {out} is the
# folder of the files written, {tmp} the temporary folder, and the names above stand for their values.
CASES: list[tuple[str, str, str | None, dict[str, str]]] = [
    ("help", "--help", None, {}),
    ("version", "--version", None, {}),
    ("help-tr", "--help", None, {"LANGUAGE": "tr"}),
    ("moves-help-uk", "moves --help", None, {"LANGUAGE": "uk"}),
    ("no-command-error-ko", "chess", None, {"LANGUAGE": "ko"}),
    *((f"{name}-help", f"{name} --help", None, {}) for name in COMMANDS),
    ("moves", "moves --state '{OPENING}' --dice 3 1", None, {}),
    ("moves-standard-double", "moves --state '{OPENING}' --dice 6 6 --rules standard", None, {}),
    ("moves-bad-die", "moves --state '{OPENING}' --dice 7 1", None, {}),
    ("moves-one-die", "moves --state '{OPENING}' --dice 3", None, {}),
    ("moves-bad-state", "moves --state '1 2 3' --dice 3 1", None, {}),
    ("moves-plakoto-opening", "moves --state '{OPENING}' --dice 3 1 --rules plakoto", None, {}),
    ("bot-greedy", "bot --bot greedy --state '{OPENING}' --dice 6 5", None, {}),
    ("bot-pubeval", "bot --bot pubeval --state '{OPENING}' --dice 4 2 --rules standard", None, {}),
    ("bot-expert", "bot --bot expert --state '{RACE}' --dice 6 1", None, {}),
    ("bot-unknown", "bot --bot nosuchbot --state '{OPENING}' --dice 6 5", None, {}),
    ("bot-timeout", "bot --bot greedy --state '{OPENING}' --dice 6 5 --timeout 0", None, {}),
    ("cube", "cube --state '{OPENING}' --rules standard --bot expert", None, {}),
    ("cube-match", CUBE_MATCH, None, {}),
    (
        "cube-crawford",
        CUBE_MATCH.replace("--score 1 3 --cube 2 --owner me", "--score 4 3 --crawford"),
        None,
        {},
    ),
    ("cube-tavla", "cube --state '{OPENING}' --rules tavla", None, {}),
    ("cube-score-alone", "cube --state '{OPENING}' --score 1 2", None, {}),
    ("cube-bad-bot", "cube --state '{OPENING}' --bot pubeval", None, {}),
    ("position", "position --state '{OPENING}' --json {out}/position.json", None, {}),
    ("position-id", "position --id {OPENING_ID}:cAkAAAAAAAAA", None, {}),
    ("position-xgid", "position --xgid -b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", None, {}),
    ("position-two", "position --state '{OPENING}' --id {OPENING_ID}", None, {}),
    ("position-standard", "position --state '{OPENING}' --rules standard", None, {}),
    ("tempmap", "tempmap --state '{RACE}' --level expert --json {out}/tempmap.json", None, WIDE),
    (
        "rollout",
        "rollout --state '{RACE}' --games 36 --seed 3 --truncate 4 --json {out}/rollout.json",
        None,
        WIDE,
    ),
    (
        "rollout-dice",
        "rollout --id {OPENING_ID} --dice 3 1 --games 12 --seed 5 --truncate 2 --plays 3",
        None,
        WIDE,
    ),
    (
        "rollout-sage",
        "rollout --state '{OPENING}' --level grandmaster --rules tavla --games 2 --seed 9",
        None,
        WIDE,
    ),
    ("rollout-bad-level", "rollout --state '{OPENING}' --level nosuchlevel --rules standard", None, {}),
    (
        "tournament",
        TOURNAMENT + " --games 4 --seed 7 --json {out}/tournament.json --log {out}/t.log",
        None,
        {},
    ),
    ("tournament-cube", CUBE_TOURNAMENT, None, {}),
    ("tournament-odd", TOURNAMENT + " --games 3", None, {}),
    ("tournament-one-bot", "tournament --bots random --games 2", None, {}),
    ("stats-empty", "stats", None, {}),
    ("stats-json", "stats --size 4x4 --json {out}/stats.json", None, {}),
    ("stats-bad-size", "stats --size 44", None, {}),
    ("solve", "solve --size 3x3 --board '1 2 3 4 5 6 0 7 8'", None, {}),
    ("solve-optimal", "solve --size 3x3 --board '8 6 7 2 5 4 3 0 1' --optimal", None, {}),
    ("solve-human", "solve --size 3x3 --board '8 6 7 2 5 4 3 0 1' --method human", None, {}),
    (
        "solve-human-optimal",
        "solve --size 3x3 --board '1 2 3 4 5 6 0 7 8' --method human --optimal",
        None,
        {},
    ),
    ("solve-solved", "solve --size 2x2 --board '1 2 3 0'", None, {}),
    ("solve-unsolvable", "solve --size 3x3 --board '1 2 3 4 5 6 8 7 0'", None, {}),
    ("solve-big-optimal", "solve --size 5x5 --board 1 --optimal", None, {}),
    ("progress-empty", "progress", None, {}),
    ("progress-json", "progress --rules standard --json {out}/progress.json", None, {}),
    ("practice-list-empty", "practice --list", None, {}),
    ("practice-json-empty", "practice --list --json {out}/practice.json", None, {}),
    ("practice-bad-id", "practice --add {OPENING_ID}", None, {}),
    ("analyse", "analyse {MATCH} --level expert --json {out}/analyse.json", None, {}),
    ("analyse-keep", "analyse {MATCH} --level expert --keep --player gnubg", None, {}),
    ("analyse-keep-again", "analyse {MATCH} --level expert --keep --player gnubg", None, {}),
    ("analyse-keep-alone", "analyse {MATCH} --keep", None, {}),
    ("analyse-two-json", "analyse {MATCH} {MATCH} --json {out}/two.json", None, {}),
    ("analyse-missing", "analyse {tmp}/missing.mat", None, {}),
    ("progress-after", "progress", None, {}),
    ("practice-list-after", "practice --list", None, {}),
    ("practice-add-no-dice", "practice --add {OPENING_ID}:cAkAAAAAAAAA", None, {}),
    ("practice-add", "practice --add {OPENING_ID}:cIkFAAAAAAAE", None, {}),
    ("practice-add-again", "practice --add {OPENING_ID}:cIkFAAAAAAAE", None, {}),
    ("ubgi", "ubgi --rules standard", UBGI_SCRIPT, {}),
    ("ubgi-tavla-master", "ubgi --rules tavla --level master", UBGI_SCRIPT, {}),
    ("external-bad-port", "external --port 99999", None, {}),
    ("dice-verify", "dice verify {tmp}/dice.mat", None, {}),
    ("dice-verify-missing", "dice verify {tmp}/missing.mat", None, {}),
    ("dice-verify-id", "dice verify 8", None, {}),
    ("puzzle-bad-size", "puzzle --size 0x4", None, {}),
    ("puzzle-bad-id", "puzzle --id banana", None, {}),
    ("puzzle-bad-image", "puzzle --image no-such-picture", None, {}),
    ("puzzle-bad-seed", "puzzle --seed -3", None, {}),
    ("puzzle-no-display", "puzzle --size 3x3", None, {}),
    ("tavla-bad-bot", "tavla --opponent nosuchbot", None, {}),
    ("tavla-bad-rules", "tavla --rules chess", None, {}),
    ("no-command-no-display", "", None, {}),
    ("config-missing", "--config {tmp}/none.yaml moves --help", None, {}),
    ("config-plakoto-position", "position --state '{OPENING}' --config {tmp}/plakoto.yaml", None, {}),
    ("config-plakoto-moves", "moves --state '{OPENING}' --dice 3 1 --config {tmp}/plakoto.yaml", None, {}),
    ("config-plakoto-tournament", TOURNAMENT + " --games 2 --cube --config {tmp}/plakoto.yaml", None, {}),
]
STATEFUL = ("analyse", "progress", "practice")  # share the data folder: each reads what the one before kept


def run_case(case: tuple[str, str, str | None, dict[str, str]], env: dict[str, str], tmp: Path) -> str:
    """One command's part of the fingerprint: its arguments, exit status, stdout and stderr."""
    name, line, stdin, extra = case
    names = {"OPENING": OPENING, "RACE": RACE, "OPENING_ID": OPENING_ID, "MATCH": MATCH}
    argv = shlex.split(line.format(out=tmp / "out", tmp=tmp, **names))
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        input=None if stdin is None else stdin.format(**names),
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**env, **extra},
        check=False,
    )
    heading = f"### {name}\n$ {' '.join(argv)}\n--- exit {result.returncode}\n"
    return f"{heading}--- stdout\n{result.stdout}--- stderr\n{result.stderr}"


def normalised(text: str, tmp: Path) -> str:
    return TIMING.sub("<t>", text.replace(str(tmp), "<tmp>").replace(str(ROOT), "<root>"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the file the fingerprint is written to")
    parser.add_argument("--jobs", type=int, default=2, help="commands run side by side (default 2)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fingerprint-") as folder:
        tmp = Path(folder)
        for name in ("data", "config", "out"):
            (tmp / name).mkdir()
        (tmp / "plakoto.yaml").write_text("tavla:\n  rules: plakoto\n", encoding="utf-8")
        env = {
            key: value for key, value in os.environ.items() if not key.startswith(("LANG", "LC_", "DISPLAY"))
        }
        env.update(
            FIFTEEN_TAVLA_DATA_DIR=str(tmp / "data"),
            FIFTEEN_TAVLA_CONFIG_DIR=str(tmp / "config"),
            COLUMNS="100",
            LANGUAGE="en",
            PYTHONPATH=str(ROOT),
        )
        dice = [sys.executable, "-c", DICE_MATCH, str(tmp / "dice.mat")]
        subprocess.run(dice, cwd=ROOT, env=env, check=True)
        apart = [case for case in CASES if case[1].split(" ")[0] not in STATEFUL]
        parts: dict[str, str] = {}
        with ThreadPoolExecutor(args.jobs) as pool:
            for case, part in zip(apart, pool.map(lambda case: run_case(case, env, tmp), apart), strict=True):
                parts[case[0]] = part
        for case in CASES:
            if case[0] not in parts:
                parts[case[0]] = run_case(case, env, tmp)
        files = [
            f"### file {path.name}\n{path.read_text(encoding='utf-8')}"
            for path in sorted((tmp / "out").iterdir())
        ]
        text = "".join(parts[case[0]] for case in CASES) + "".join(files)
        Path(args.output).write_text(normalised(text, tmp), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

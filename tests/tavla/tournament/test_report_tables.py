"""The tournament's tables on terminals of 120, 80, 60 and 30 columns, in every language: each line fits,
no word and no figure is broken (`pubeva|l`, `Disqua|lified`, `+0.62|5` were), and to a file or a pipe
the tables fit COLUMNS, else 80 columns."""

import io
import random

import pytest
from rich.console import Console

from game.core.text import i18n
from game.core.text.terminal_table import legend
from game.tavla.engine.game import FORFEIT_POINTS, GameResult
from game.tavla.engine.results import Fault, Outcome
from game.tavla.engine.rules import MatchRules, Rules
from game.tavla.tournament.figures import Report, Standings
from game.tavla.tournament.report import bot_columns, pair_columns, print_report
from game.tavla.tournament.schedule import CubeCounts, schedule
from tests.terminal_checks import assert_fits, assert_unbroken, assert_whole, on_terminal, plain, words

BOTS = ["pubeval", "cmd:python3 mybot.py", "greedy", "examples/my_bot.py"]
MONEY = MatchRules(Rules.TAVLA)
MATCHES = MatchRules(Rules.STANDARD, length=5, cube=True)


def made_report(played: MatchRules, games: int = 200) -> Report:
    """A round robin's figures as the referee would give them, without playing: `cmd:` loses games by
    crashes, timeouts and illegal plays; with the cube every game has doubles, takes and passes."""
    chance = random.Random(5)
    specs = schedule(BOTS, games, seed=5)
    standings = Standings(BOTS)
    faults = (Fault.CRASH, Fault.TIMEOUT, Fault.ILLEGAL)
    for spec in specs:
        seat = next((seat for seat, name in enumerate(spec.seats) if name.startswith("cmd:")), None)
        if seat is not None and chance.random() < 0.3:
            result = GameResult(
                1 - seat,
                FORFEIT_POINTS[played.rules],
                Outcome.SINGLE,
                9,
                disqualified=seat,
                fault=chance.choice(faults),
                reason="exited with status 2",
            )
        else:
            kind = chance.choice((Outcome.SINGLE, Outcome.SINGLE, Outcome.GAMMON))
            result = GameResult(chance.randrange(2), 2 if kind is Outcome.GAMMON else 1, kind, 40)
        cube = (CubeCounts(1, 0, 1), CubeCounts(0, 1, 0)) if played.cube else (CubeCounts(), CubeCounts())
        scores = (5, 2) if result.winner == 0 else (2, 5)
        standings.add(spec, result, cube=cube, scores=scores if played.length else None)
    return Report(BOTS, games, 5, 1, played, 1.0, len(specs), standings, 12.3)


@pytest.fixture(params=list(i18n.LANGUAGES))
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def vocabulary(report: Report) -> tuple[list[str], list[str]]:
    """What the tables must show whole (every cell: names, figures, intervals, faults), and every word
    they may show besides (the full and short headings, the legend, the titles and notes as a wide
    terminal shows them)."""
    tables = bot_columns(report), pair_columns(report)
    columns = tables[0] + tables[1]
    shown = [cell for column in columns for cell in column.cells]
    wide = io.StringIO()
    print_report(report, None, Console(file=wide, width=1000))
    headings = [column.heading for column in columns] + [column.short for column in columns if column.short]
    return shown, shown + headings + [legend(table) for table in tables] + [wide.getvalue()]


@pytest.mark.parametrize("width", [120, 80, 60, 30])
@pytest.mark.parametrize("played", [MONEY, MATCHES], ids=["money", "matches-with-cube"])
def test_every_line_fits_and_no_word_is_broken(monkeypatch, capsys, language, width, played):
    report = made_report(played)
    shown, known = vocabulary(report)
    on_terminal(monkeypatch, width)
    print_report(report, None)
    out = capsys.readouterr().out
    assert_fits(out, width)
    assert_unbroken(out, known)
    if width >= 60:  # names shortened with an ellipsis only on a very narrow terminal
        assert_whole(out, shown)


def test_at_80_columns_the_headings_are_short_and_a_legend_says_what_they_stand_for(monkeypatch, capsys):
    report = made_report(MATCHES)
    on_terminal(monkeypatch, 80)
    print_report(report, None)
    out = plain(capsys.readouterr().out)
    assert "Disqualified" not in out and "DQ" in words(out) and "D/T/P" in words(out)
    assert "PPG: points per game, won minus lost;" in " ".join(out.split())
    assert "DQ: games lost by disqualification;" in " ".join(out.split())
    # the columns that do not fit move to further blocks, each repeating the rank and the names
    assert sum(line.split()[:2] == ["#", "Bot"] for line in out.splitlines()) >= 2


def test_on_a_very_narrow_terminal_a_name_is_shortened_on_one_line_never_split(monkeypatch, capsys):
    on_terminal(monkeypatch, 24)
    print_report(made_report(MONEY), None)
    out = plain(capsys.readouterr().out)
    assert_fits(out, 24)
    found = words(out)
    assert "examples/my_bot.py" not in found and any(word.endswith("…") for word in found)
    for word in found:
        if word.endswith("…"):
            assert any(name.startswith(word[:-1]) for bot in BOTS for name in bot.split()), word
    assert not [word for word in found if word in ("mybot.py", "my_bot.py")]  # no name's second line


@pytest.mark.parametrize(("columns", "width"), [("60", 60), ("", 80), (None, 80)])
def test_to_a_pipe_the_tables_fit_columns_or_80(monkeypatch, capsys, columns, width):
    """Issue 47: to a file or a pipe the tables were laid out 117 or 160 columns wide whatever COLUMNS
    said; now COLUMNS, else 80, as on a terminal every word whole."""
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    report = made_report(MATCHES)
    shown, known = vocabulary(report)
    print_report(report, None)
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert_fits(out, width)
    assert_unbroken(out, known)
    assert_whole(out, shown)

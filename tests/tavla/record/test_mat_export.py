"""The `.mat` export writes a MatchRecord: matches the engine played (the cube, beavers taken and dropped,
resignations before the roll and with the dice rolled, offers declined, disqualifications, tavla's mars,
money sessions with and without the cube, games left unfinished at every kind of moment) written from
`MatchRecord.from_match` read back with `parse_mat` as the same record and written again as the same
text; and written as the export wrote them from the match itself before it took a record
(tests/tavla/data/exports/, letter for letter)."""

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import Game, Turn
from game.tavla.engine.match import Match
from game.tavla.engine.position import winner_gammon_level
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.players.random_bot import RandomBot
from game.tavla.record.mat import parse_mat
from game.tavla.record.mat_export import export_mat
from game.tavla.record.match_record import MatchRecord
from tests.tavla.matches import ContraryBot, advance, scripted_match
from tests.tavla.money import money_session

EXPORTS = Path(__file__).parents[1] / "data" / "exports"
NAMES = ("Ayla", "Deniz")
STANDARD, TAVLA = Rules.STANDARD, Rules.TAVLA


def played(
    seed: int,
    rules: Rules,
    length: int,
    cube: bool = False,
    beavers: bool = False,
    jacoby: bool = False,
    stop: int | None = None,
    until: Callable[[Game], bool] | None = None,
) -> Match:
    """A match of two random bots that now and then double, beaver, drop, offer to resign (accepted or
    declined, before the roll or with the dice rolled) and get disqualified; a money session stops after
    six games. `stop`: the match left after that many actions, wherever it stands; `until`: left once
    its game stands so."""
    match = Match(length, rules, seed, cube=cube, jacoby=jacoby, beavers=beavers)
    rng = random.Random(seed)
    bots = (RandomBot(seed, rules), RandomBot(seed + 1, rules))
    for _action in range(stop if stop is not None else 1_000_000):
        game = match.current
        if until is not None and game is not None and until(game):
            break
        if game is None or game.over:
            if match.winner is not None or (match.money and len(match.games) == 6):
                break
            match.next_game().start()
        else:
            _act(game, rng, bots)
    return match


def _act(game: Game, rng: random.Random, bots: tuple[RandomBot, RandomBot]) -> None:
    """One thing done in `game`, at random."""
    if game.offered_by is not None:
        if game.may_beaver() and rng.random() < 0.4:
            game.beaver()
        elif rng.random() < 0.7:
            game.take()
        else:
            game.pass_double()
    elif game.resign_offer is not None:
        if rng.random() < 0.5:
            game.accept_resignation()
        else:
            game.decline_resignation()
    elif game.may_resign() and rng.random() < 0.02:
        game.resign(rng.choice(game.rules.resignations))
    elif rng.random() < 0.002:
        game.disqualify("left the table")
    elif game.dice is None:
        if game.may_double() and rng.random() < 0.08:
            game.double()
        else:
            game.roll()
    else:
        assert game.turn is not None
        game.play(bots[game.turn].play(list(game.state), *game.dice))


def _cases() -> list[Match]:
    """Matches and money sessions in both rule sets, finished and left at every kind of moment."""
    cases = []
    for seed in range(8):
        stop = None if seed % 3 == 0 else 40 + 57 * seed
        cases += [
            played(seed, STANDARD, 5, cube=True, stop=stop),
            played(seed, STANDARD, 3, stop=stop),
            played(seed, TAVLA, 5, stop=stop),
            played(seed, STANDARD, MONEY, cube=True, beavers=True, jacoby=seed % 2 == 0, stop=stop),
            played(seed, STANDARD, MONEY, cube=True, jacoby=seed % 2 == 1, stop=stop),
            played(seed, STANDARD, MONEY, stop=stop),
            played(seed, TAVLA, MONEY, stop=stop),
        ]
    cases += [advance(Match(5, TAVLA, seed), seed, bot=ContraryBot) for seed in (2, 9)]  # mars at home
    for seed, rules in ((1, STANDARD), (4, TAVLA)):
        cases += [
            played(seed, STANDARD, MONEY, cube=True, beavers=True, until=lambda game: game.beavered),
            played(seed, STANDARD, 7, cube=True, until=lambda game: game.offered_by is not None),
            played(seed, rules, 7, until=lambda game: game.resign_offer is not None),
        ]
    cases += [money_session(seed, jacoby=seed % 2 == 0) for seed in (3, 5, 8)]
    cases.append(scripted_match())
    return cases


CASES = _cases()


def _double_waiting(match: Match) -> bool:
    """Whether the match was left with a double (or a beaver) waiting for its answer: its file ends on
    the double, which no reader takes for a whole game (gnubg's stands there; ours refuses it)."""
    game = match.current
    return game is not None and game.offered_by is not None


def test_the_cases_hold_every_kind_of_game():
    games = [game for match in CASES for game in match.games if game.turn is not None]
    results = [game.result for game in games if game.result is not None]
    assert {action.event for game in games for action in game.cube_record} == set(CubeEvent)
    assert {result.kind for result in results} >= {Outcome.PASSED, Outcome.DISQUALIFICATION}
    resigned = [game for game in games if game.result is not None and game.result.resigned]
    assert {game.dice is not None for game in resigned} == {True, False}, "resigned with and without dice"
    assert any(offer.accepted is False for game in games for offer in game.resign_record)
    assert any(_mars_at_home(game) for game in games), "a tavla mars GNU Backgammon would score higher"
    unfinished = [game for game in games if game.result is None]
    assert {game.dice is not None for game in unfinished} == {True, False}
    assert any(game.resign_offer is not None for game in unfinished)
    assert any(game.beavered for game in unfinished) and any(map(_double_waiting, CASES))
    assert {(match.length == MONEY, match.cube, match.rules) for match in CASES} == {
        (money, cube, rules)
        for money in (True, False)
        for cube in (True, False)
        for rules in (STANDARD, TAVLA)
    } - {(money, True, TAVLA) for money in (True, False)}


def _mars_at_home(game: Game) -> bool:
    """A tavla game won on the board at a level GNU Backgammon scores higher (a backgammon, tavla's mars)."""
    result = game.result
    if result is None or result.kind in (Outcome.DISQUALIFICATION, Outcome.PASSED) or result.resigned:
        return False
    level = winner_gammon_level(game.state)
    return game.rules.points(level) != level


def _forced_resign_roll(game: Game) -> bool:
    """Whether the loser resigned with dice rolled that allow one play or none: their dice written alone
    read back as that play (as gnubg reads them), then the resignation."""
    result = game.result
    return (
        result is not None and bool(result.resigned) and game.dice is not None and len(game.legal_plays()) < 2
    )


def as_read(match: Match, record: MatchRecord) -> MatchRecord:
    """`record` (of `match`) as its `.mat` reads back: a game won off the board (resigned, disqualified),
    or by a mars that gnubg would score higher (its last roll left out), resigned at the level its points
    give over the cube (gnubg's reading; a gammon resigned under the Jacoby rule with the cube in the
    centre reads as a single game), dice resigned with that allow one play or none played; and a match,
    not a money session, as played with the cube where the rules have one (the file does not say)."""
    games = []
    started = [game for game in match.games if game.turn is not None]
    for game, written in zip(started, record.games, strict=True):
        result = game.result
        mars = _mars_at_home(game)
        if result is not None and (result.resigned or result.kind is Outcome.DISQUALIFICATION or mars):
            points, cube = result.points, result.cube
            level = 1 if points <= cube else 2 if points <= 2 * cube else 3
            resigned = min(Resignation(level), max(game.rules.resignations))
            turns = written.turns[:-1] if mars else written.turns
            written = replace(written, turns=turns, resigned=resigned)
        if _forced_resign_roll(game):
            assert game.turn is not None and game.dice is not None
            plays = game.legal_plays()
            turn = Turn(game.turn, game.dice, plays[0] if plays else (), game.state)
            written = replace(written, turns=(*written.turns, turn), resigned_roll=None)
        games.append(written)
    cube = record.cube or (record.length != MONEY and record.rules.has_cube)
    return replace(record, games=tuple(games), cube=cube)


@pytest.mark.parametrize("index", [index for index, match in enumerate(CASES) if not _double_waiting(match)])
def test_a_record_written_reads_back_as_itself_and_writes_the_same_text(index):
    match = CASES[index]
    record = MatchRecord.from_match(match, NAMES)
    text = export_mat(record)
    read = parse_mat(text)
    assert read == as_read(match, record)
    again = export_mat(read)
    assert parse_mat(again) == read
    forced = [game for game in match.games if _forced_resign_roll(game) and game.legal_plays()]
    assert (again == text) == (not forced), "the same text, but for a forced play resigned with: now written"


def test_a_double_waiting_ends_the_file():
    for match in filter(_double_waiting, CASES):
        last = export_mat(MatchRecord.from_match(match, NAMES)).rstrip().splitlines()[-1]
        assert last.endswith(f" Doubles => {match.games[-1].cube_record[-1].value}")


FIXTURES: dict[str, Callable[[], Match]] = {
    "match-cube-resigned-dropped": lambda: played(0, STANDARD, 5, cube=True),
    "money-beavers-resigned-disqualified": lambda: played(0, STANDARD, MONEY, cube=True, beavers=True),
    "money-without-cube": lambda: played(0, STANDARD, MONEY),
    "tavla-money": lambda: played(0, TAVLA, MONEY),
    "tavla-mars-at-home": lambda: advance(Match(1, TAVLA, 9), 9, bot=ContraryBot),
    "double-waiting": lambda: played(
        4, STANDARD, 7, cube=True, until=lambda game: game.offered_by is not None
    ),
}


@pytest.mark.parametrize("name", FIXTURES)
def test_the_export_writes_the_fixtures_of_the_export_from_a_match(name):
    """Each fixture was written by `export_mat(match, names)` before the export took a record."""
    expected = (EXPORTS / f"{name}.mat").read_text()
    assert export_mat(MatchRecord.from_match(FIXTURES[name](), NAMES)) == expected

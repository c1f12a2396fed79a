"""The analysis of a whole game or match: every decision judged, per game and per player, with luck and
the first player's chances move by move; the scale and the records are game/tavla/analysis/decisions.py's,
the units (money points, or EMG at each game's score and each turn's cube) game/tavla/eval/stakes.py's.

One judge (game/tavla/eval/judge.py, at the analysis's level) ranks every play, gives the luck of every
roll (the equity after each roll's best play, all the game's turns in one batch) and decides the cube
before every roll, so the analysis, the hint and the tutor at the same setting never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.analysis.cube import DOUBLE, DROP, NO_DOUBLE, TAKE, cube_decisions, cube_states, gnubg_ids
from game.tavla.analysis.decisions import (
    MILLI,
    TOP_PLAYS,
    Decision,
    GameAnalysis,
    Mark,
    MatchAnalysis,
    PlayerSummary,
    WinPoint,
    check_level,
    mark,
)
from game.tavla.analysis.explain import explain
from game.tavla.analysis.stakes import match_score
from game.tavla.engine.cube import CubeOwner
from game.tavla.engine.game import Turn
from game.tavla.engine.notation import format_play
from game.tavla.engine.rules import Rules
from game.tavla.eval.judge import Judge, JudgedPlay, luck
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL
from game.tavla.eval.neural import equities, other_side
from game.tavla.eval.stakes import Stakes
from game.tavla.record.match_record import GameRecord, MatchRecord


def analyses(rules: Rules) -> bool:
    """Whether the analysis judges a match of `rules`: every game a judge knows (`Rules.analysable`)."""
    return rules.analysable


def coverage_text() -> str:
    """What the analysis covers, for a list that shows a match it cannot judge (`analyses`)."""
    games = ", ".join(_(rules.display_name) for rules in Rules if rules.analysable)
    # Translators: said of a listed match of a game the analysis does not judge; {games} lists those it
    # judges (Tavla, Standard backgammon, Portes...)
    return _("the analysis covers {games}").format(games=games)


def check_analysed(rules: Rules) -> None:
    """UserError saying what the analysis covers when a match of `rules` cannot be analysed."""
    if not analyses(rules):
        # Translators: {game} is a game of the board (Plakoto); {covered} says which games are analysed
        message = _("a {game} match cannot be analysed yet: {covered}")
        raise UserError(message.format(game=_(rules.display_name), covered=coverage_text()))


def analyse_match(
    record: MatchRecord,
    rules: Rules | None = None,
    level: str = DEFAULT_LEVEL,
    judge: Judge | None = None,
    progress: Callable[[int, int], None] | None = None,
    cube: bool | None = None,
) -> MatchAnalysis:
    """Every decision of `record` judged under `rules` (default: each game's own, a Tavli match's game
    by game) by the judge of `level` (or `judge`); `progress(done, total)` is called after each game.
    `cube`: whether the match was played with the doubling cube (None: when the rules have one, as for
    every `.mat` file of standard backgammon), so that each roll the player could have doubled before is
    judged as a cube decision."""
    level = check_level(level)
    games_rules = [record.rules_of(index) if rules is None else rules for index in range(len(record.games))]
    for each in dict.fromkeys(games_rules or [record.rules]):
        check_analysed(each)
    judges = {each: judge if judge is not None else judge_for(each, level) for each in set(games_rules)}
    games = []
    for number, (game, each) in enumerate(zip(record.games, games_rules, strict=True), 1):
        games.append(analyse_game(game, judges[each], number, record, cube))
        if progress is not None:
            progress(number, len(record.games))
    players = _summaries(record, [decision for game in games for decision in game.decisions], record.games)
    first = record.rules if rules is None else rules
    played_with_cube = first.has_cube if cube is None else cube
    used = [judges[each] for each in dict.fromkeys(games_rules)] or [judge or judge_for(first, level)]
    title = "; ".join(dict.fromkeys(one.title() for one in used))  # a Tavli match's judges, in turn
    return MatchAnalysis(record, level, games, players, played_with_cube, title)


def analyse_game(
    game: GameRecord, judge: Judge, number: int, record: MatchRecord, cube: bool | None = None
) -> GameAnalysis:
    """One game's decisions and win-chance series; the luck of all its rolls goes to the judge in one
    batch."""
    rules = judge.rules
    variant = rules.variant  # the opening roll is a game's first play in backgammon, not in Portes
    openings = [
        index == 0 and variant.opening_roll_played and turn.state == variant.opening
        for index, turn in enumerate(game.turns)
    ]
    cubes = cube_states(game)
    stakes = [
        _stakes(record, number, turn.player, cubes[index], rules) for index, turn in enumerate(game.turns)
    ]
    rolls = judge.roll_equities([turn.state for turn in game.turns], stakes, openings)
    decisions: list[Decision] = []
    series: list[WinPoint] = []
    for index, turn in enumerate(game.turns):
        first_seat = Stakes(rules, match_score(record, number, 0), cubes[index][0])
        luck_value = luck(rolls[index], turn.dice, openings[index]) * MILLI
        decision = _move_decision(turn, index, number, judge, luck_value, stakes[index])
        if rules.hits:  # GNU Backgammon's IDs hold backgammon's positions (and Portes')
            ids = gnubg_ids(record, number, turn.state, turn.player, cubes[index], turn.dice)
            decision = replace(decision, gnubg_ids=ids)
        decisions.append(decision)
        chosen = next(p for p in decision.ranked if p.play == turn.play)
        mine = np.array(chosen.chances)
        seat0 = mine if turn.player == 0 else other_side(mine)
        mwc = first_seat.mwc(float(first_seat.equities(seat0))) if first_seat.match else None
        series.append(
            WinPoint(number, index, turn.player, float(seat0[0]), float(equities(seat0, rules)), mwc)
        )
    decisions.extend(cube_decisions(game, number, record, judge, cube))
    decisions.sort(key=lambda decision: (decision.turn, decision.kind != "cube"))
    analysis = GameAnalysis(number, decisions, series)
    analysis.players = _summaries(record, decisions, [game])
    return analysis


def _stakes(
    record: MatchRecord, number: int, seat: int, cube: tuple[int, int | None], rules: Rules
) -> Stakes:
    """What the results of the turn are worth to `seat`: the score, the cube's value and holder."""
    value, owner = cube
    holder = CubeOwner.CENTRE if owner is None else CubeOwner.ME if owner == seat else CubeOwner.OPPONENT
    score = match_score(record, number, seat)
    return Stakes(rules, score, value, holder, record.jacoby and score is None)


def _move_decision(
    turn: Turn, index: int, number: int, judge: Judge, luck_value: float, stakes: Stakes
) -> Decision:
    results = judge.rules.variant.legal_results(turn.state, *turn.dice) or [((), turn.state)]
    if not any(play == turn.play for play, _after in results):
        # Translators: {play} is a play such as 24/18 13/11; {rules} the rule set's name
        message = _("game {game}, turn {turn}: the play {play} is not legal under the {rules} rules")
        raise UserError(
            message.format(game=number, turn=index + 1, play=format_play(turn.play) or "-", rules=judge.rules)
        )
    if results[0][0]:
        made = next(after for play, after in results if play == turn.play)
        ranked = judge.rank_results(turn.state, turn.dice, results, stakes, keep=[made])
    else:  # the roll cannot be played: the position stays as it is
        chances = judge.chances_after([turn.state])[0]
        ranked = [JudgedPlay((), turn.state, float(stakes.equities(chances)), tuple(map(float, chances)), 0)]
    played = next(p for p in ranked if p.play == turn.play)
    best = ranked[0]
    loss = max(best.equity - played.equity, 0.0) * MILLI
    shown = ranked[:TOP_PLAYS] if played in ranked[:TOP_PLAYS] else [*ranked[:TOP_PLAYS], played]
    why = tuple(explain(best, played, judge.rules, judge)) if mark(loss) is not Mark.NONE else ()
    return Decision(
        kind="move",
        game=number,
        turn=index,
        player=turn.player,
        state=turn.state,
        dice=turn.dice,
        action=format_play(turn.play),
        best=best.text,
        equity=played.equity,
        best_equity=best.equity,
        loss=loss,
        mark=mark(loss),
        luck=luck_value,
        forced=len(results) <= 1,
        ranked=tuple(shown),
        stakes=stakes,
        why=why,
    )


def _summaries(
    record: MatchRecord, decisions: Sequence[Decision], games: Sequence[GameRecord]
) -> tuple[PlayerSummary, PlayerSummary]:
    result = [0, 0]
    for game in games:
        if game.winner is not None:
            result[game.winner] += game.points
            result[1 - game.winner] -= game.points
    luck = [sum(d.luck or 0.0 for d in decisions if d.player == seat) for seat in (0, 1)]
    summaries = []
    for seat in (0, 1):
        mine = [d for d in decisions if d.player == seat and d.counted]
        marks = [d.mark for d in mine]
        checker = [d for d in mine if d.kind == "move"]
        cube = [d for d in decisions if d.player == seat and d.kind == "cube"]
        counted = [d for d in cube if d.counted]
        actions = [d.action for d in cube]
        wrong = [d.action for d in cube if d.loss > 0.0]
        summaries.append(
            PlayerSummary(
                name=record.names[seat],
                decisions=len(mine),
                total_loss=sum(d.loss for d in mine),
                doubtful=marks.count(Mark.DOUBTFUL),
                bad=marks.count(Mark.BAD),
                very_bad=marks.count(Mark.VERY_BAD),
                luck=luck[seat],
                result=result[seat],
                luck_adjusted=result[seat] - (luck[seat] - luck[1 - seat]) / MILLI,
                checker_decisions=len(checker),
                checker_loss=sum(d.loss for d in checker),
                cube_decisions=len(counted),
                cube_loss=sum(d.loss for d in counted),
                cube_total=len(cube),
                doubles=actions.count(DOUBLE),
                takes=actions.count(TAKE),
                passes=actions.count(DROP),
                missed_doubles=wrong.count(NO_DOUBLE),
                wrong_doubles=wrong.count(DOUBLE),
                wrong_takes=wrong.count(TAKE),
                wrong_passes=wrong.count(DROP),
                rolls=sum(1 for d in decisions if d.player == seat and d.kind == "move"),
                mwc_loss=sum(d.mwc_loss for d in mine),
                checker_mwc_loss=sum(d.mwc_loss for d in checker),
                cube_mwc_loss=sum(d.mwc_loss for d in counted),
                mwc_luck=sum(d.mwc_luck for d in decisions if d.player == seat),
            )
        )
    return summaries[0], summaries[1]

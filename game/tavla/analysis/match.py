"""The analysis of a whole game or match: every decision judged, per game and per player, with luck and
the first player's chances move by move; the scale and the records are game/tavla/analysis/decisions.py's,
the units (money points, or EMG at each game's score and each turn's cube) game/tavla/analysis/stakes.py's.

All the positions a game's rolls can lead to (the 21 rolls of every turn, for the luck) go through
the evaluator in one batch, which is where the speed comes from; the same chances give the cube
decisions before each roll (one roll ahead, the best play of each roll chosen by its money equity as
game/tavla/eval/doubling.py `pre_roll_chances` chooses it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from game.errors import UserError
from game.i18n import _
from game.tavla.analysis.cube import DOUBLE, DROP, NO_DOUBLE, TAKE, cube_decisions, cube_states, gnubg_ids
from game.tavla.analysis.decisions import (
    MILLI,
    TOP_PLAYS,
    Decision,
    GameAnalysis,
    Mark,
    MatchAnalysis,
    PlayerSummary,
    RankedPlay,
    WinPoint,
    check_level,
    mark,
    rank_all,
)
from game.tavla.analysis.stakes import Stakes, match_score
from game.tavla.engine.game import Turn
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import Play, format_play
from game.tavla.engine.position import OPENING, State
from game.tavla.engine.rolls import ROLL_WEIGHTS, ROLLS
from game.tavla.engine.rules import Rules
from game.tavla.eval.neural import Evaluator, equities, other_side, shipped_evaluator
from game.tavla.eval.search import probabilities
from game.tavla.record.match_record import GameRecord, MatchRecord

_OPENING_ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7) if d1 != d2]


class _Rolls:
    """Every roll's legal results for a position, judged in one batch with other positions'."""

    def __init__(self, state: State, rules: Rules, opening: bool) -> None:
        rolls = _OPENING_ROLLS if opening else [(d1, d2) for d1, d2, _ in ROLLS]
        self.weights = [1.0] * len(rolls) if opening else [weight for _, _, weight in ROLLS]
        self.rolls = rolls
        self.results = [legal_results(state, d1, d2, rules) or [((), state)] for d1, d2 in rolls]

    def afters(self) -> list[State]:
        return [after for results in self.results for _, after in results]


def analyse_match(
    record: MatchRecord,
    rules: Rules | None = None,
    level: str = "expert",
    evaluator: Evaluator | None = None,
    progress: Callable[[int, int], None] | None = None,
    cube: bool | None = None,
) -> MatchAnalysis:
    """Every decision of `record` judged under `rules` (default: the record's); `progress(done, total)`
    is called after each game. `cube`: whether the match was played with the doubling cube (None:
    when the rules have one, as for every `.mat` file of standard backgammon), so that each roll the
    player could have doubled before is judged as a cube decision."""
    plies = check_level(level)
    rules = record.rules if rules is None else rules
    net = evaluator if evaluator is not None else shipped_evaluator(rules)
    games = []
    for number, game in enumerate(record.games, 1):
        games.append(analyse_game(game, rules, net, plies, number, record, cube))
        if progress is not None:
            progress(number, len(record.games))
    players = _summaries(record, [decision for game in games for decision in game.decisions], record.games)
    return MatchAnalysis(record, level, games, players, rules.has_cube if cube is None else cube)


def analyse_game(
    game: GameRecord,
    rules: Rules,
    net: Evaluator,
    plies: int,
    number: int,
    record: MatchRecord,
    cube: bool | None = None,
) -> GameAnalysis:
    """One game's decisions and win-chance series; the positions of all its rolls go in one batch."""
    openings = [index == 0 and turn.state == OPENING for index, turn in enumerate(game.turns)]
    rolls = [_Rolls(turn.state, rules, opening) for turn, opening in zip(game.turns, openings, strict=True)]
    flat = [after for roll in rolls for after in roll.afters()]
    chances = net.probabilities(flat) if flat else np.empty((0, 5))
    money = equities(chances, rules) if flat else np.empty(0)
    cubes = cube_states(game)
    values = [value for value, _owner in cubes]
    decisions: list[Decision] = []
    series: list[WinPoint] = []
    pre_roll: dict[int, np.ndarray] = {}
    offset = 0
    for index, (turn, roll) in enumerate(zip(game.turns, rolls, strict=True)):
        stakes = Stakes(rules, match_score(record, number, turn.player), values[index])
        first_seat = Stakes(rules, match_score(record, number, 0), values[index])
        size = sum(len(results) for results in roll.results)
        value = stakes.equities(chances[offset : offset + size])
        chosen = []
        best_values = []
        played = None
        start = 0
        for roll_dice, results in zip(roll.rolls, roll.results, strict=True):
            end = start + len(results)
            best_values.append(float(value[start:end].max()))
            chosen.append(offset + start + int(np.argmax(money[offset + start : offset + end])))
            if played is None and sorted(roll_dice) == sorted(turn.dice):
                played = (offset + start, offset + end, results, best_values[-1])
            start = end
        offset += size
        if not openings[index]:
            pre_roll[index] = np.einsum("rc,r->c", chances[chosen], ROLL_WEIGHTS) / 36.0
        assert played is not None
        first, last, results, best_value = played
        luck = (best_value - float(np.dot(best_values, roll.weights) / sum(roll.weights))) * MILLI
        decision = _move_decision(
            turn, index, number, results, chances[first:last], rules, net, plies, luck, stakes
        )
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
    decisions.extend(cube_decisions(game, number, record, rules, net, plies, cube, pre_roll.get))
    decisions.sort(key=lambda decision: (decision.turn, decision.kind != "cube"))
    analysis = GameAnalysis(number, decisions, series)
    analysis.players = _summaries(record, decisions, [game])
    return analysis


def _move_decision(
    turn: Turn,
    index: int,
    number: int,
    results: list[tuple[Play, State]],
    chances: np.ndarray,
    rules: Rules,
    net: Evaluator,
    plies: int,
    luck: float,
    stakes: Stakes,
) -> Decision:
    made = [after for play, after in results if play == turn.play]
    if not made:
        # Translators: {play} is a play such as 24/18 13/11; {rules} the rule set's name
        message = _("game {game}, turn {turn}: the play {play} is not legal under the {rules} rules")
        raise UserError(
            message.format(game=number, turn=index + 1, play=format_play(turn.play) or "-", rules=rules)
        )
    ranked = rank_all(results, chances, rules, net, plies, stakes)
    played = next((p for p in ranked if p.play == turn.play), None)
    if played is None:  # the play made was cut by the filter: judge it as deep as the best
        after = made[0]
        deep = probabilities(net, [after], rules, ranked[0].plies)[0]
        played = RankedPlay(
            turn.play, after, float(stakes.equities(deep)), tuple(map(float, deep)), ranked[0].plies
        )
        ranked = [*ranked, played]
    best = ranked[0]
    loss = max(best.equity - played.equity, 0.0) * MILLI
    shown = ranked[:TOP_PLAYS] if played in ranked[:TOP_PLAYS] else [*ranked[:TOP_PLAYS], played]
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
        luck=luck,
        forced=len(results) <= 1,
        ranked=tuple(shown),
        stakes=stakes,
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

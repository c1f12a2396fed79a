"""The cube actions of a recorded game judged like checker plays: each double, take and drop against
the decision of game/tavla/engine/cube.py from the evaluator's chances before the roll.

A double loses what the better of no double and double (at the opponent's best answer) is worth
beyond the double's value; a take or drop loses what the other answer would have saved. Equities are
normalised to the cube before the double, as gnubg's are. Only the actions the record holds are judged:
a record that says nothing about a turn (every `.mat` file) cannot tell a missed double from a
position where nobody thought of doubling, so missed doubles are left out (the table's own games will
be able to record "no double" and add them here).
"""

from __future__ import annotations

from game.i18n import N_
from game.tavla.analysis.decisions import MILLI, Decision, mark
from game.tavla.engine.cube import Cube, CubeEvent, CubeOwner, MatchScore
from game.tavla.engine.game import CubeTurn
from game.tavla.engine.match_equity import shipped_table
from game.tavla.engine.moves import apply_play
from game.tavla.engine.position import OPENING, State, flip
from game.tavla.engine.rules import Rules, crawford_game
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.doubling import network_decision
from game.tavla.eval.neural import Evaluator
from game.tavla.record.match_record import GameRecord, MatchRecord

# The actions as decisions name them (English, translate with `_` where shown)
DOUBLE, NO_DOUBLE, TAKE, DROP = N_("double"), N_("no double"), N_("take"), N_("drop")


def cube_decisions(
    game: GameRecord, number: int, record: MatchRecord, rules: Rules, net: Evaluator, plies: int
) -> list[Decision]:
    """A Decision for every double, take and drop of `game` (the `number`th of `record`)."""
    found: list[Decision] = []
    value, owner = 1, None
    decision: CubeDecision | None = None
    for event in game.cube:
        state = _before_roll(game, event)
        if event.event is CubeEvent.DOUBLE:
            cube = Cube(value, _owner(owner, event.player), _score(record, number, game, event.player))
            decision = network_decision(net, state, cube, rules, max(1, plies))
            doubled = min(decision.double_take, decision.double_pass)
            best = max(decision.no_double, doubled)
            action, best_action, equity = DOUBLE, DOUBLE if doubled >= best else NO_DOUBLE, doubled
            decider_state = state
        else:
            assert decision is not None
            take, drop = -decision.double_take, -decision.double_pass
            best = max(take, drop)
            taking = event.event is CubeEvent.TAKE
            action, equity = (TAKE, take) if taking else (DROP, drop)
            best_action = TAKE if take >= drop else DROP
            decider_state = flip(state)
            if taking:
                value, owner = event.value, event.player
        loss = max(best - equity, 0.0) * MILLI
        found.append(
            Decision(
                kind="cube",
                game=number,
                turn=event.before_turn,
                player=event.player,
                state=decider_state,
                dice=None,
                action=action,
                best=best_action,
                equity=equity,
                best_equity=best,
                loss=loss,
                mark=mark(loss),
                luck=None,
                forced=False,
            )
        )
    return found


def _before_roll(game: GameRecord, event: CubeTurn) -> State:
    """The position before the roll the cube action came before, seen by the player on roll."""
    if event.before_turn < len(game.turns):
        return game.turns[event.before_turn].state
    if not game.turns:
        return OPENING
    last = game.turns[-1]
    return flip(apply_play(last.state, last.play))


def _owner(owner: int | None, seat: int) -> CubeOwner:
    if owner is None:
        return CubeOwner.CENTRE
    return CubeOwner.ME if owner == seat else CubeOwner.OPPONENT


def _score(record: MatchRecord, number: int, game: GameRecord, seat: int) -> MatchScore | None:
    """The match score from `seat`'s side (None: money play, or a match longer than the table)."""
    length = record.length
    if not 0 < length <= shipped_table().length:
        return None
    mine, theirs = game.score[seat], game.score[1 - seat]
    if max(mine, theirs) >= length:
        return None
    crawford = crawford_game(length, [g.score for g in record.games[:number]])
    return MatchScore(length, mine, theirs, crawford)

"""The cube decisions of a recorded game, judged as GNU Backgammon judges them (analysis.c
`AnalyzeMove`, `updateStatcontext`): before every roll at which the player on roll could double, whether
the record says so or not, and every double, take and drop the record holds.

The player on roll could double (gnubg's eval.c `GetDPEq`) when the game is played with the cube, it
is not the game's first roll, the cube is in the centre or the player's, below 64, and in a match
when it is not the Crawford game, the cube's value does not already win the match for the player, and
the player is not the leader after the Crawford game, one point away. Each such roll is a decision
between no double and double (at the opponent's best answer), from the judge's three equities before
the roll (game/tavla/eval/judge.py, at the analysis's level), normalised to the cube before the
double: points per cube in money play, EMG at the score in a match (the units of
game/tavla/eval/stakes.py, so checker plays and cube decisions add up).

- A roll without a double loses what doubling was worth beyond no double: a missed double when that
  is more than nothing (gnubg counts every one).
- A double loses what no double was worth beyond the double at the opponent's best answer: a wrong
  double; a take loses what the drop would have kept (a wrong take), a drop what the take would have
  (a wrong pass).
- As gnubg, a decision counts in the cube's error rate (and the overall one) when it was acted on (a
  double, take or drop) or close: a no double counts when doubling would have lost less than CLOSE
  (0.160, gnubg's `isCloseCubedecision`, the very bad threshold) against the best action, so a
  clearly right no double, the most common decision of all, neither counts nor dilutes the rate; a
  missed double is always close. Every decision judged is kept (JSON, the totals' `cube_total`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.core.text.i18n import N_, _
from game.tavla.analysis.decisions import MILLI, Decision, mark
from game.tavla.analysis.stakes import match_score
from game.tavla.engine.cube import Cube, CubeEvent, CubeOwner
from game.tavla.engine.game import CubeTurn, cube_after
from game.tavla.engine.match_id import MatchMoment, match_id
from game.tavla.engine.moves import apply_play
from game.tavla.engine.position import OPENING, State, flip, position_id
from game.tavla.engine.rules import crawford_game
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.judge import Judge
from game.tavla.eval.stakes import Stakes
from game.tavla.record.match_record import GameRecord, MatchRecord

# The actions as decisions (and the JSON) name them
DOUBLE, NO_DOUBLE, TAKE, DROP = "double", "no double", "take", "drop"
SHOWN_ACTIONS = {  # as players read them, the button's word for a drop (translate with `_` where shown)
    DOUBLE: N_("double"),
    NO_DOUBLE: N_("no double"),
    TAKE: N_("take"),
    DROP: N_("pass"),
}
CLOSE = 0.16  # a no double within this of doubling (normalised equity) counts, as in gnubg


def cube_decisions(
    game: GameRecord, number: int, record: MatchRecord, judge: Judge, cube_play: bool | None = None
) -> list[Decision]:
    """A Decision for every roll of `game` (the `number`th of `record`) before which its player could
    double, and for every double, take and drop it records, as `judge` decides them. `cube_play` None:
    the game was played with the cube when the rules have one."""
    rules = judge.rules
    cube_play = rules.has_cube if cube_play is None else cube_play
    found: list[Decision] = []
    by_slot: dict[int, list[CubeTurn]] = {}
    for event in game.cube:
        by_slot.setdefault(event.before_turn, []).append(event)
    value, owner = 1, None
    asked = []  # (slot, player, state, cube, value, owner, events) of every decision, judged in one batch
    for slot in range(len(game.turns) + 1):
        events = by_slot.get(slot, [])
        if slot < len(game.turns):
            player, state = game.turns[slot].player, game.turns[slot].state
        elif events:
            player, state = events[0].player, _before_roll(game, slot)
        else:
            break
        score = match_score(record, number, player)
        cube = Cube(value, _owner(owner, player), score, record.jacoby and score is None)
        doubled = bool(events) and events[0].event is CubeEvent.DOUBLE
        if doubled or (cube_play and slot > 0 and could_double(cube)):
            asked.append((slot, player, state, cube, value, owner, events if doubled else []))
        value, owner = cube_after(events, value, owner)
    decisions = judge.cube_decisions([ask[2] for ask in asked], [ask[3] for ask in asked]) if asked else []
    for (slot, player, state, _cube, value, owner, events), decision in zip(asked, decisions, strict=True):
        stakes = [Stakes(rules, match_score(record, number, seat), value) for seat in (player, 1 - player)]
        moment = (value, owner)
        ids = [gnubg_ids(record, number, state, player, moment, None, offer) for offer in (False, True)]
        judged = _judged(decision, events, number, slot, player, state, stakes)
        found.extend(replace(one, gnubg_ids=ids[index]) for index, one in enumerate(judged))
    return found


def could_double(cube: Cube) -> bool:
    """Whether the player on roll could gain by doubling (gnubg's `GetDPEq`): may double, and in a match
    the cube is not dead for them."""
    if not cube.may_double():
        return False
    score = cube.score
    if score is None:
        return True
    return cube.value < score.away and not (score.post_crawford and score.away == 1)


def _judged(
    decision: CubeDecision,
    events: Sequence[CubeTurn],
    number: int,
    slot: int,
    player: int,
    state: State,
    stakes: Sequence[Stakes],
) -> list[Decision]:
    """The doubler's decision (a double when `events` holds one, then its answer), else a no double;
    `stakes` the doubler's and the taker's."""
    no_double, take, drop = decision.no_double, decision.double_take, decision.double_pass
    equities = (no_double, take, drop)
    doubled = min(take, drop)
    best = max(no_double, doubled)
    best_action = DOUBLE if doubled > no_double else NO_DOUBLE
    mine = (number, slot, player, state)
    if not events:
        close = best - min(take, drop) < CLOSE
        return [_decision(*mine, NO_DOUBLE, best_action, no_double, best, equities, stakes[0], close)]
    found = [_decision(*mine, DOUBLE, best_action, doubled, best, equities, stakes[0])]
    answered = (CubeEvent.TAKE, CubeEvent.PASS, CubeEvent.BEAVER)  # a beaver is judged as the take it is
    answers = [event for event in events[1:] if event.event in answered]
    if answers:
        answer = answers[0]
        taking, dropping = -take, -drop
        action, equity = (DROP, dropping) if answer.event is CubeEvent.PASS else (TAKE, taking)
        best_answer = TAKE if taking >= dropping else DROP
        answered = max(taking, dropping)
        theirs = (number, slot, answer.player, flip(state))
        found.append(_decision(*theirs, action, best_answer, equity, answered, equities, stakes[1]))
    return found


def _decision(
    number: int,
    slot: int,
    player: int,
    state: State,
    action: str,
    best_action: str,
    equity: float,
    best: float,
    equities: tuple[float, float, float],
    stakes: Stakes,
    close: bool = True,
) -> Decision:
    loss = max(best - equity, 0.0) * MILLI
    return Decision(
        kind="cube",
        game=number,
        turn=slot,
        player=player,
        state=state,
        dice=None,
        action=action,
        best=best_action,
        equity=equity,
        best_equity=best,
        loss=loss,
        mark=mark(loss),
        luck=None,
        forced=False,
        close=close or loss > 0.0,
        cube_equities=equities,
        stakes=stakes,
    )


def shown_action(action: str) -> str:
    """A cube action in the player's words (a drop is a pass, as the table's button says)."""
    return _(SHOWN_ACTIONS[action])


def proper_action(equities: tuple[float, float, float], redouble: bool = False) -> str:
    """The right cube action for both players, as GNU Backgammon words it ("No double, take", "Double,
    pass", "Too good to double, pass"...), from the doubler's no double, double/take and double/pass;
    `redouble`: the cube is the doubler's already."""
    no_double, take, drop = equities
    passes = drop <= take  # the taker keeps more by passing
    if min(take, drop) > no_double:
        if redouble:
            # Translators: the right cube action: redouble (the cube is the doubler's), the right answer
            return _("Redouble, pass") if passes else _("Redouble, take")
        # Translators: the right cube action: double, and the opponent's right answer
        return _("Double, pass") if passes else _("Double, take")
    if no_double >= drop:
        if redouble:
            # Translators: the right cube action: playing on wins more than the opponent's pass would give
            return _("Too good to redouble, pass") if passes else _("Too good to redouble, take")
        # Translators: the right cube action: playing on wins more than the opponent's pass would give
        return _("Too good to double, pass") if passes else _("Too good to double, take")
    # Translators: the right cube action: no double yet, and a double would be taken
    return _("No redouble, take") if redouble else _("No double, take")


def _before_roll(game: GameRecord, slot: int) -> State:
    """The position before the roll of turn `slot`, seen by the player on roll."""
    if slot < len(game.turns):
        return game.turns[slot].state
    if not game.turns:
        return OPENING
    last = game.turns[-1]
    return flip(apply_play(last.state, last.play))


def _owner(owner: int | None, seat: int) -> CubeOwner:
    if owner is None:
        return CubeOwner.CENTRE
    return CubeOwner.ME if owner == seat else CubeOwner.OPPONENT


def cube_values(game: GameRecord) -> list[int]:
    """The cube's value during each turn's play (after the cube actions before it)."""
    return [value for value, _owner in cube_states(game)]


def cube_states(game: GameRecord) -> list[tuple[int, int | None]]:
    """The cube's value and owner (a seat, None in the centre) during each turn's play."""
    states = []
    value, owner = 1, None
    events = sorted(game.cube, key=lambda event: event.before_turn)
    index = 0
    for slot in range(len(game.turns)):
        start = index
        while index < len(events) and events[index].before_turn <= slot:
            index += 1
        value, owner = cube_after(events[start:index], value, owner)
        states.append((value, owner))
    return states


def gnubg_ids(
    record: MatchRecord,
    number: int,
    state: State,
    on_roll: int,
    cube: tuple[int, int | None],
    dice: tuple[int, int] | None = None,
    doubled: bool = False,
) -> tuple[str, str]:
    """GNU Backgammon's Position ID and Match ID of a moment of game `number`: `state` from the side of
    `on_roll`, the cube's value and owner, the dice (None before the roll), a double waiting."""
    game = record.games[number - 1]
    length = record.length
    crawford = length > 0 and crawford_game(length, [g.score for g in record.games[:number]])
    value, owner = cube
    high_first = None if dice is None else (max(dice), min(dice))  # as gnubg's export writes a roll
    moment = MatchMoment(length, game.score, on_roll, value, owner, crawford, high_first, doubled)
    return position_id(state), match_id(moment)

"""The judge on Open Sage (`bgsage`, MPL-2.0, used as a library and never copied or changed here).

Open Sage counts plies as eXtreme Gammon does: its 1-ply is the raw network (gnubg's 0-ply), each ply more
looks one roll further. `expert` judges at 1-ply, `master` at 2-ply, `grandmaster` at 3-ply; deeper plies
search only the plays Open Sage's filter keeps (by cubeless equity), the rest keep their 1-ply chances, as
in gnubg's and XG's lists.

The plays come from our rules engine: Open Sage ranks its own list of the roll's plays, and each of ours is
matched to its row by the position it leaves; a play of ours that Open Sage does not list (tavla lets a
player choose which die to play when only one can be, where backgammon forces the larger) is judged on its
own at the same depth.

Under the standard rules a play's equity is cubeful at the score: its cubeless chances, searched to the
level's depth, turned into a cubeful equity by Janowski's model as Open Sage does it (money play: the Jacoby
rule as the cube says), normalised to the cube. Open Sage's own cubeful search of every play to the full
depth (its cubeful checker play) was measured first: judged by GNU Backgammon 2-ply on 150 positions it lost
5.55 mp a decision at 2-ply against 2.13 for the cubeless search, and took many times longer
(benchmarks/tavla_checker.py, the `cubeless:` bots). Under tavla and portes (no cube; tavla counts a
backgammon as a mars) the plays are ranked by the rule set's cubeless equity of Open Sage's chances at the
score (game/tavla/eval/stakes.py). Before the last roll of a race (the opponent bears off next whatever it
rolls) the cube decision is made exactly from the chances, with a dead cube: Open Sage's 1-ply treats the
cube as live there and misses the doubles. The luck of a roll is measured one ply below the judge's depth
(at 1-ply at least), as Open Sage measures it (bgsage.luck: an N-ply analysis gives (N-1)-ply luck): at the
judge's own depth every roll of every turn would cost a 3-ply match analysis hours on two cores.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from game.core.text.i18n import _
from game.tavla.engine.cube import Cube, CubeOwner
from game.tavla.engine.moves import legal_results
from game.tavla.engine.notation import Play
from game.tavla.engine.position import BAR, OPP_BAR, State
from game.tavla.engine.rules import Rules
from game.tavla.eval import sage_batch
from game.tavla.eval.cube_decision import CubeDecision, decide_position, opponent_finishes_next
from game.tavla.eval.judge import Judge, JudgedPlay, roll_table
from game.tavla.eval.levels import JudgeLevel
from game.tavla.eval.stakes import Stakes

LEVEL_PLIES = {JudgeLevel.EXPERT: 1, JudgeLevel.MASTER: 2, JudgeLevel.GRANDMASTER: 3, JudgeLevel.ROLLER: 1}
LUCK_CANDIDATES = 5  # the luck's roll: the best of Open Sage's first plays by our valuation
ROLLED_OUT = 9  # a rolled-out play ranks above every play judged by plies alone
# Open Sage's levels: the roller is its "1T", XG Roller's kind (72 games a play, 5 rolls deep, 1-ply)
_SAGE_LEVELS = {JudgeLevel.ROLLER: "truncated1"}
_OWNERS = {CubeOwner.CENTRE: "centered", CubeOwner.ME: "player", CubeOwner.OPPONENT: "opponent"}
ENGINE = "Open Sage"


def board_of(state: Sequence[int]) -> list[int]:
    """Open Sage's 26 numbers for our 28: the points as they are, the opponent's checkers on the bar at
    0 and ours at 25 (both counted positive); the checkers borne off are what is missing."""
    board = [int(count) for count in state[:25]]
    board[0] = int(state[OPP_BAR])
    board.append(int(state[BAR]))
    return board


def cube_terms(stakes: Stakes | Cube) -> dict[str, object]:
    """Open Sage's keyword arguments for a cube: value, owner, the score (away), Crawford, Jacoby."""
    value = stakes.cube if isinstance(stakes, Stakes) else stakes.value
    terms: dict[str, object] = {"cube_value": value, "cube_owner": _OWNERS[stakes.owner]}
    if stakes.score is not None:
        score = stakes.score
        terms.update(away1=score.away, away2=score.their_away, is_crawford=score.crawford)
    else:
        terms.update(jacoby=stakes.jacoby)
    return terms


def _plies(eval_level: str) -> int:
    """1 from "1-ply"; ROLLED_OUT from "Rollout"."""
    if eval_level.lower().startswith("rollout"):
        return ROLLED_OUT
    digits = eval_level.split("-")[0]
    return int(digits) if digits.isdigit() else 1


@functools.cache
def analyzer(plies: int, cubeful: bool, level: str = ""):  # -> bgsage.BgBotAnalyzer
    """One Open Sage analyzer a depth (or a named level of its own), loaded once per process (its weights
    take a tenth of a second)."""
    import bgsage

    return bgsage.BgBotAnalyzer(eval_level=level or f"{plies}ply", cubeful=cubeful)


class SageJudge(Judge):
    """Open Sage behind the judge's interface."""

    def __init__(self, rules: Rules, level: JudgeLevel, cubeful: bool | None = None) -> None:
        self.rules = rules
        self.level = level
        self.depth = LEVEL_PLIES[level]
        self._cubeful = rules.has_cube if cubeful is None else cubeful and rules.has_cube

    @property
    def engine(self) -> str:
        return ENGINE

    @property
    def plies(self) -> int:
        return self.depth

    def title(self) -> str:
        if self.level is JudgeLevel.ROLLER:
            # Translators: the judge of the roller analysis level: truncated rollouts as XG Roller makes them
            return _("Open Sage truncated rollouts (XG Roller kind), cubeful at the score")
        return super().title()

    def _sage(self, cubeful: bool):  # -> bgsage.BgBotAnalyzer
        return analyzer(self.depth, cubeful, _SAGE_LEVELS.get(self.level, ""))

    @property
    def cubeful(self) -> bool:
        return self._cubeful

    @property
    def luck_plies(self) -> int:
        """The depth the luck's rolls are judged at: one ply less than the plays, 1-ply at least."""
        return max(1, self.depth - 1)

    def _janowski(self, board: list[int], chances: list[float], stakes: Stakes) -> float:
        """The mover's cubeful equity at `stakes` after a play, from its cubeless chances by Janowski's
        model, as Open Sage makes it at 1-ply: normalised to the cube, EMG in a match."""
        import bgbot_cpp
        from bgsage.analyzer import resolve_owner

        owner = resolve_owner(_OWNERS[stakes.owner])
        pips = bgbot_cpp.pip_counts(board)
        efficiency = bgbot_cpp.cube_efficiency(chances, bgbot_cpp.is_race(board), *pips)
        if stakes.score is None:
            jacoby = stakes.jacoby and stakes.owner is CubeOwner.CENTRE
            return float(bgbot_cpp.cl2cf_money(chances, owner, efficiency, jacoby_active=jacoby))
        score = stakes.score
        return float(bgbot_cpp.cl2cf(chances, stakes.cube, owner, efficiency, score.away, score.their_away,
                                     score.crawford, jacoby=False))  # fmt: skip

    def _ranked(
        self,
        state: State,
        dice: tuple[int, int],
        results: Sequence[tuple[Play, State]],
        stakes: Stakes,
        forced: Sequence[State] = (),
    ) -> list[JudgedPlay]:
        sage = self._sage(False)
        force = [board_of(after) for after in forced] or None
        listed = sage.checker_play(board_of(state), dice[0], dice[1], force_boards=force).moves
        rows = {tuple(move.board): move for move in listed}
        judged = []
        for play, after in results:
            board = board_of(after)
            move = rows.get(tuple(board))
            if move is None:  # a play backgammon's rules do not allow: judged on its own
                move = sage.post_move_analytics(board)
            chances = [float(p) for p in move.probs.to_list()]
            if self.cubeful:
                equity = self._janowski(board, chances, stakes)
            else:
                equity = float(stakes.equities(np.array(chances)))
            judged.append(JudgedPlay(play, after, equity, tuple(chances), _plies(move.eval_level)))
        return sorted(judged, key=lambda row: (-row.plies, -row.equity))

    def _deepened(
        self, state: State, dice: tuple[int, int], plays: Sequence[JudgedPlay], stakes: Stakes
    ) -> list[JudgedPlay]:
        """Open Sage's list again, these plays forced through its filter to the full depth."""
        again = self._ranked(state, dice, [(play.play, play.after) for play in plays], stakes,
                             [play.after for play in plays])  # fmt: skip
        return [play for play in again if play.after in {wanted.after for wanted in plays}]

    def roll_equities(
        self, states: Sequence[State], stakes: Sequence[Stakes], openings: Sequence[bool]
    ) -> list[list[float]]:
        asks = []
        for state, worth, opening in zip(states, stakes, openings, strict=True):
            terms = cube_terms(worth) if self.cubeful else {}
            board = board_of(state)
            for d1, d2 in roll_table(opening):
                asks.append({"board": board, "die1": d1, "die2": d2, **terms})
        answers = iter(sage_batch.checker_play(asks, self.luck_plies) if asks else [])
        stays = iter(self.chances_after([state for state in states]))
        out: list[list[float]] = []
        for state, worth, opening in zip(states, stakes, openings, strict=True):
            unchanged = next(stays)
            best = []
            for d1, d2 in roll_table(opening):
                moves = next(answers)
                if not moves:  # the roll cannot be played: the position stays, the opponent on roll
                    best.append(self._value(board_of(state), list(unchanged), worth))
                    continue
                deepest = max(_plies(level) for level in {move["eval_level"] for move in moves})
                top = [move for move in moves if _plies(move["eval_level"]) == deepest][:LUCK_CANDIDATES]
                values = [self._value(list(move["board"]), list(move["probs"]), worth) for move in top]
                best.append(max(values + self._missing(state, (d1, d2), moves, worth)))
            out.append(best)
        return out

    def _value(self, board: list[int], chances: list[float], stakes: Stakes) -> float:
        """The mover's equity after a play, as `rank_results` values it."""
        if self.cubeful:
            return self._janowski(board, chances, stakes)
        return float(stakes.equities(np.array(chances)))

    def _missing(
        self, state: State, dice: tuple[int, int], moves: Sequence[dict], stakes: Stakes
    ) -> list[float]:
        """The equities of our legal plays of `dice` that Open Sage did not list (tavla's choice of die)."""
        if self.rules is Rules.STANDARD:
            return []
        listed = {tuple(move["board"]) for move in moves}
        extra = [board_of(after) for _, after in legal_results(state, *dice, self.rules)]
        extra = [board for board in extra if tuple(board) not in listed]
        found = sage_batch.post_move(extra, self.luck_plies) if extra else []
        return [self._value(board, chances, stakes) for board, chances in zip(extra, found, strict=True)]

    def chances_after(self, afters: Sequence[State]) -> np.ndarray:
        if not afters:
            return np.empty((0, 5))
        return np.array(sage_batch.post_move([board_of(after) for after in afters], self.depth), dtype=float)

    @property
    def _cube_plies(self) -> int:
        """The depth of cube decisions: the level's (the roller's: 2-ply, its rollouts are for plays)."""
        return 2 if self.level is JudgeLevel.ROLLER else self.depth

    def pre_roll(self, state: State) -> np.ndarray:
        answer = sage_batch.pre_roll([board_of(state)], [{}], self._cube_plies)[0]
        return np.array(answer["probs"], dtype=float)

    def cube_decision(self, state: State, cube: Cube) -> CubeDecision:
        return self.cube_decisions([state], [cube])[0]

    def cube_decisions(self, states: Sequence[State], cubes: Sequence[Cube]) -> list[CubeDecision]:
        """Each position's decision, all in one batch; before the last roll of a race (no cube turn
        follows) exactly, from the chances with a dead cube."""
        found = sage_batch.pre_roll(
            [board_of(state) for state in states], [cube_terms(cube) for cube in cubes], self._cube_plies
        )
        decisions = []
        for state, cube, answer in zip(states, cubes, found, strict=True):
            if opponent_finishes_next(state):
                decisions.append(decide_position(np.array(answer["probs"], dtype=float), state, cube))
            else:
                equities = (answer["equity_nd"], answer["equity_dt"], answer["equity_dp"])
                decisions.append(CubeDecision(*equities, cube.may_double()))
        return decisions

    def game_plans(self, after: State) -> tuple[str, str] | None:
        import bgsage

        plans = bgsage.classify_game_plans(board_of(after))
        return plans.player, plans.opponent

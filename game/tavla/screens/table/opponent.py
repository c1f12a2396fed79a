"""The table's bots off the frame loop: seat 1's answers (plays, cube decisions, resignations) and the
hints, each in a thread, the view polls.

Pure Python (no Arcade). Each bot call runs in a daemon thread of its own, so a bot that never answers
is waited for neither by the table (which polls) nor at exit. A hint is tied to the turn it was asked
for: one that arrives after the player has moved on is dropped instead of shown for the wrong board.
"""

import concurrent.futures
import functools
import threading
from collections.abc import Callable
from typing import Any

from game.core.errors import UserError
from game.core.text.i18n import _
from game.core.text.quoting import quoted
from game.tavla.engine.cube import (
    Cube,
    CubeEvent,
    accepts_beaver,
    accepts_double,
    wants_beaver,
    wants_double,
)
from game.tavla.engine.game import BotFault
from game.tavla.engine.position import State
from game.tavla.engine.resigning import bot_accepts, bot_resigns
from game.tavla.engine.results import Fault, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.judges import judge_for
from game.tavla.eval.levels import DEFAULT_LEVEL, LEVEL_TITLES, JudgeLevel
from game.tavla.eval.stakes import Stakes
from game.tavla.players.isolated import close_bot
from game.tavla.screens.table.captions import REASON_CHARS
from game.tavla.screens.table.hints import RankedHint, rank_hint

Dice = tuple[int, int]
OfferTerms = tuple[Cube, int]
"""What a bot on roll weighs an offer to resign against: the stakes it sees and the level declined."""


def run_in_thread(name: str, function: Callable[..., Any], *arguments: object) -> concurrent.futures.Future:
    """`function(*arguments)` in a new daemon thread; its result or exception lands in the future."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(function(*arguments))
        except BaseException as error:  # noqa: BLE001 - handed to the table as the bot's failure
            future.set_exception(error)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future


def _answer_of(function: Callable[..., Any], *arguments: object) -> Any:
    """The bot's answer; its failure with the reason cut to REASON_CHARS, so a bot that fails with a
    5 MB message still fits the table's rows (the status, the notice, the card over the board)."""
    try:
        return function(*arguments)
    except BotFault as fault:
        raise BotFault(fault.kind, quoted(str(fault), REASON_CHARS), fault.answer) from None
    except UserError as error:
        raise UserError(quoted(str(error), REASON_CHARS)) from None
    except Exception as error:  # noqa: BLE001 - any failure of the bot is its crash, as the table says
        reason = quoted(
            f"{type(error).__name__}: {error}" if str(error) else type(error).__name__, REASON_CHARS
        )
        raise BotFault(Fault.CRASH, reason) from None


def _resign_or(
    bot: Any,
    rules: Rules,
    state: State,
    dice: Dice | None,
    terms: OfferTerms | None,
    otherwise: Callable[[], Any],
) -> Any:
    """The bot's offer to resign (a Resignation) when it makes one at this turn, else `otherwise()`: its
    play or its cube decision. A bot that does not weigh resignations is never asked."""
    if terms is not None:
        level = bot_resigns(bot, state, dice, terms[0], terms[1], rules)
        if level is not None:
            return level
    return otherwise()


def _take_or_beaver(bot: Any, state: State, cube: Cube, may_beaver: bool) -> bool | CubeEvent:
    """The bot's answer to a double: CubeEvent.BEAVER when it may and does beaver, else whether it takes."""
    if may_beaver and wants_beaver(bot, state, cube):
        return CubeEvent.BEAVER
    return accepts_double(bot, state, cube)


def ranked_hint(
    rules: Rules, state: State, dice: Dice, stakes: Stakes | None = None, level: JudgeLevel = DEFAULT_LEVEL
) -> tuple[str, RankedHint]:
    """The judge's level title and its best plays ranked (the ranked hint, its first row the hint's
    play), at `stakes` (the match's score; None: money) and at `level`, the one setting every verdict
    is given at, in every game of the board (judge_for answers for each)."""
    return _(LEVEL_TITLES[level]), rank_hint(rules, state, dice, stakes, level)


def _cube_hint(rules: Rules, state: State, cube: Cube, level: JudgeLevel) -> tuple[str, CubeDecision]:
    """The judge's level title and cube decision for the player on roll in `state`, before the roll."""
    return _(LEVEL_TITLES[level]), judge_for(rules, level).cube_decision(state, cube)


class OpponentDriver:
    """Seat 1's bot (None when a second person plays it) and the bot that gives the player hints."""

    def __init__(self, bot: Any, rules: Rules) -> None:
        self.bot = bot
        self.rules = rules
        self.thinking: concurrent.futures.Future | None = None
        self._hint: tuple[object, concurrent.futures.Future] | None = None
        self.judge_level = DEFAULT_LEVEL  # the Settings' judge, which the hints give their verdicts at

    def ask(self, state: State, dice: Dice, resign: OfferTerms | None = None) -> None:
        """Seat 1 starts thinking about its play of `dice` from `state` (its own side); with `resign`,
        it may offer to resign instead (the answer is then a Resignation)."""
        if self.thinking is None and self.bot is not None:
            play = functools.partial(self.bot.play, list(state), *dice)
            arguments = (self.bot, self.rules, state, dice, resign, play)
            self.thinking = run_in_thread("tavla-bot", _answer_of, _resign_or, *arguments)

    def ask_double(self, state: State, cube: Cube, resign: OfferTerms | None = None) -> None:
        """Seat 1, on roll in `state` (its own side), decides whether to double `cube` (True: it does);
        with `resign`, it may offer to resign before its roll instead (a Resignation)."""
        if self.thinking is None and self.bot is not None:
            double = functools.partial(wants_double, self.bot, list(state), cube)
            arguments = (self.bot, self.rules, state, None, resign, double)
            self.thinking = run_in_thread("tavla-bot", _answer_of, _resign_or, *arguments)

    def ask_resign_answer(self, state: State, dice: Dice | None, level: Resignation, cube: Cube) -> None:
        """Seat 1 weighs the person's offer to resign `level` (True: it accepts), from `state` and
        `cube` as it sees them, the offerer on roll with `dice` if rolled."""
        if self.thinking is None and self.bot is not None:
            arguments = (self.bot, list(state), dice, level, cube, self.rules)
            self.thinking = run_in_thread("tavla-bot", _answer_of, bot_accepts, *arguments)

    def ask_take(self, state: State, cube: Cube, may_beaver: bool = False) -> None:
        """Seat 1, doubled, decides whether to take (True) from `state` and `cube` as it sees them; when
        it `may_beaver`, it may beaver instead (the answer is then CubeEvent.BEAVER)."""
        if self.thinking is None and self.bot is not None:
            arguments = (self.bot, list(state), cube, may_beaver)
            self.thinking = run_in_thread("tavla-bot", _answer_of, _take_or_beaver, *arguments)

    def ask_beaver_answer(self, state: State, cube: Cube) -> None:
        """Seat 1, whose double was beavered, decides whether to take the beaver (True) from `state` and
        `cube` as it sees them on roll (the cube at twice its double, the opponent's)."""
        if self.thinking is None and self.bot is not None:
            self.thinking = run_in_thread(
                "tavla-bot", _answer_of, accepts_beaver, self.bot, list(state), cube
            )

    def answer(self) -> concurrent.futures.Future | None:
        """The bot's finished answer (its result, or its failure as the exception), once; else None."""
        future = self.thinking
        if future is None or not future.done():
            return None
        self.thinking = None
        return future

    def forget(self) -> None:
        """A new position is on the table: an answer still on its way is for another one."""
        self.thinking = None

    def request_hint(self, turn: object, state: State, dice: Dice, stakes: Stakes | None = None) -> None:
        """Look for the best play of `dice` from `state` for `turn` (any object naming the turn), with
        the best plays ranked (a RankedHint) at `stakes` (the match's score; None: money)."""
        if self._hint is None or self._hint[0] is not turn:
            thread = run_in_thread(
                "tavla-hint", ranked_hint, self.rules, state, dice, stakes, self.judge_level
            )
            self._hint = (turn, thread)

    def request_cube_hint(self, moment: object, state: State, cube: Cube) -> None:
        """Weigh the cube for the player on roll in `state` before the roll, for `moment` (an object
        naming the decision); the hint found is (bot title, CubeDecision)."""
        if self._hint is None or self._hint[0] is not moment:
            self._hint = (
                moment,
                run_in_thread("tavla-hint", _cube_hint, self.rules, state, cube, self.judge_level),
            )

    @property
    def hint_pending(self) -> bool:
        return self._hint is not None

    def hint_for(self, turn: object) -> tuple[str, Any] | None:
        """The hint for `turn` as (bot title, RankedHint) or, for a cube hint, (bot title, CubeDecision), once
        found; raises the UserError that prevented it."""
        if self._hint is None or self._hint[0] is not turn or not self._hint[1].done():
            return None
        future = self._hint[1]
        self._hint = None
        return future.result()

    def drop_hint(self) -> None:
        self._hint = None

    def close(self) -> None:
        """End the bot's process, if it has one (a program or a Python file); a thread still waiting
        on it gets its answer as a failure and is forgotten."""
        self.thinking = None
        self._hint = None
        close_bot(self.bot)

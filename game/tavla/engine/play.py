"""A whole game (or match) between two bots, driven through `Game`: the referee's, self-play's and
benchmarks' loop.

The bots are `play(state, die1, die2)` functions (docs/position.md, docs/notation.md). A bot that answers
an illegal play, or raises, is disqualified for this game and the position, dice and answer are kept in
the result; a BotFault keeps its kind, any other exception counts as a crash. With cube terms, before
each roll after the first the player on turn may double: `deciders` are the two bots' objects, asked
through their `double` and `take` (game/tavla/engine/cube.py; with beavers, `beaver` and
`accept_beaver` too), which count as answers as well: a fault there disqualifies like one in a play.
Cube decisions draw no dice, so a seed rolls the same dice with the cube as without it.
"""

import random
from collections.abc import Callable

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.cube import accepts_beaver, accepts_double, wants_beaver, wants_double
from game.tavla.engine.game import BotFault, CubeTerms, Game, GameResult, Turn, shown_answer
from game.tavla.engine.match import Match
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.notation import check_move, parse_play
from game.tavla.engine.position import flip
from game.tavla.engine.results import Fault
from game.tavla.engine.rules import Rules

BotPlay = Callable[[list[int], int, int], str | None]


def play_bots(
    bot0: BotPlay,
    bot1: BotPlay,
    rules: Rules = Rules.TAVLA,
    rng: random.Random | None = None,
    seed: int | None = None,
    keep_record: bool = False,
    cube: CubeTerms | None = None,
    deciders: tuple[object, object] | None = None,
) -> tuple[GameResult, list[Turn]]:
    """A new game between `bot0` (seat 0) and `bot1`, played to its end; the record when asked for."""
    game = Game(rules, rng=rng if rng is not None else random.Random(seed), cube=cube)
    result = drive(game, (bot0, bot1), deciders if cube is not None else None)
    return result, list(game.record) if keep_record else []


def play_match(
    match: Match, bots: tuple[BotPlay, BotPlay], deciders: tuple[object, object] | None = None
) -> Match:
    """Every game left of `match` played by `bots` (seat 0's first) from its opening roll, with the cube
    asked of `deciders` where the match has one; the match, finished."""
    while match.winner is None:
        drive(match.next_game(), bots, deciders if match.cube else None)
    return match


def drive(
    game: Game, bots: tuple[BotPlay, BotPlay], deciders: tuple[object, object] | None = None
) -> GameResult:
    """Play `game` from its opening roll (made here if not yet) to its end with `bots`."""
    if game.turn is None:
        game.start()
    while game.result is None:
        if game.dice is None:
            if deciders is not None and game.may_double() and _cube_turn(game, deciders):
                break
            game.roll()
        if deciders is not None:
            _tell_stakes(game, deciders)
        _bot_turn(game, bots)
    return game.result


def _tell_stakes(game: Game, deciders: tuple[object, object]) -> None:
    """The cube and score the mover plays at, for a bot that judges its plays by them (`play_at`)."""
    mover = game.turn
    tell = getattr(deciders[mover], "play_at", None) if mover is not None else None
    view = game.cube_for(mover) if callable(tell) and mover is not None else None
    if view is not None:
        tell(view)


def _bot_turn(game: Game, bots: tuple[BotPlay, BotPlay]) -> None:
    """The player on turn's bot plays the rolled dice, or is disqualified for its answer."""
    mover, state, (die1, die2) = game.turn, game.state, game.dice
    assert mover is not None
    answer = None
    try:
        answer = bots[mover](list(state), die1, die2)
        game.play(answer)
    except IllegalPlay as error:
        kind = Fault.ILLEGAL if _is_notation(answer) else Fault.GARBAGE
        if kind is Fault.ILLEGAL:
            # Translators: {answer} is the bot's answer, quoted as it was; {reason} says what is wrong
            message = _("illegal play {answer}: {reason}")
        else:
            # Translators: {answer} is the bot's answer, quoted as it was; {reason} says what is wrong
            message = _("unreadable answer {answer}: {reason}")
        game.disqualify(message.format(answer=shown_answer(answer), reason=error), fault=kind, answer=answer)
    except BotFault as fault:
        game.disqualify(str(fault), fault=fault.kind, answer=fault.answer)
    except Exception as error:  # noqa: BLE001 - any crash of a bot's code disqualifies that bot
        game.disqualify(f"{type(error).__name__}: {error}", fault=Fault.CRASH, answer=answer)


def _cube_turn(game: Game, deciders: tuple[object, object]) -> bool:
    """Before the player on turn rolls: its double and the answer. True when that ended the game."""
    mover = game.turn
    assert mover is not None
    view = game.cube_for(mover)
    assert view is not None
    asked = mover
    try:
        if not wants_double(deciders[mover], game.state, view):
            return False
        asked = 1 - mover
        game.double()
        taker = deciders[asked]
        if game.may_beaver() and wants_beaver(taker, flip(game.state), view.flipped()):
            game.beaver()
            asked = mover
            takes = accepts_beaver(deciders[mover], game.state, game.cube_for(mover))
        else:
            takes = accepts_double(taker, flip(game.state), view.flipped())
    except BotFault as fault:
        _disqualify_at_cube(game, asked, str(fault), fault.kind, fault.answer)
        return True
    except Exception as error:  # noqa: BLE001 - a crash in a cube decision disqualifies like one in a play
        _disqualify_at_cube(game, asked, f"{type(error).__name__}: {error}", Fault.CRASH, None)
        return True
    if takes:
        game.take()
        return False
    game.pass_double()
    return True


def _disqualify_at_cube(game: Game, seat: int, reason: str, fault: Fault, answer: object) -> None:
    """A fault in a cube question: the doubler's before its double is recorded (or, answering a beaver,
    after it), the taker's after it."""
    game.disqualify(reason, seat, fault, answer)


def _is_notation(answer: object) -> bool:
    """Whether an answer is written as moves at all, so a rules breach is told apart from garbage."""
    try:
        if answer is None or isinstance(answer, str):
            parse_play(answer)
        else:
            for move in answer:  # type: ignore[attr-defined]
                check_move(tuple(move))
    except (UserError, TypeError, ValueError):
        return False
    return True

"""One game and a match of tavla: opening roll, turns, passes, the end, scoring, and the move record.

`Game` is driven one step at a time (a table scene: roll, show the legal plays, apply the chosen one)
and `play_bots` runs a whole game between two bots in a tight loop (a tournament). Dice come from a
`random.Random`, so a seed replays a game exactly. Player 0 and player 1 are fixed seats; the state is
always kept from the point of view of the player on roll, as the seed's bots see it.
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.errors import UserError
from game.i18n import _, ngettext
from game.tavla.moves import (
    IllegalPlay,
    Play,
    apply_play,
    check_dice,
    check_play,
    legal_plays,
)
from game.tavla.notation import check_move, format_play, parse_play
from game.tavla.position import OPENING, State, all_borne_off, flip, validate_state, winner_gammon_level
from game.tavla.results import Fault, Outcome
from game.tavla.rules import Rules

FORFEIT_POINTS = {rules: rules.max_points for rules in Rules}  # what a disqualification gives the opponent

SHOWN_ANSWER_CHARS = 200  # a longer answer is cut in reasons and results

BotPlay = Callable[[list[int], int, int], str | None]


class BotFault(Exception):
    """A bot failed to give an answer at all (timeout, crash, unreadable output), as opposed to an
    illegal one; `kind` is a Fault so reports can count failures by cause."""

    def __init__(self, kind: Fault, message: str, answer: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.answer = answer


@dataclass(frozen=True)
class Turn:
    """One entry of the move record: who moved, the dice, the play (empty = pass), the position before."""

    player: int
    dice: tuple[int, int]
    play: Play
    state: State

    @property
    def text(self) -> str:
        """`64: 24/18 13/9` style, as in match records; a pass shows no moves."""
        return f"{self.dice[0]}{self.dice[1]}: {format_play(self.play)}".rstrip()


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the winner, the points it scored, and a disqualification if there was one.

    For a disqualification, `fault` says why (a Fault), and `state`, `dice` and `answer` are the
    position, the roll and what the bot answered, so its author can replay the decision.
    """

    winner: int
    points: int
    kind: Outcome
    turns: int
    disqualified: int | None = None
    reason: str = ""
    state: State | None = None
    fault: Fault | None = None
    dice: tuple[int, int] | None = None
    answer: str | None = None


def score(state: Sequence[int], rules: Rules) -> int:
    """Points won by the player who has just borne off the last checker, seen from that player.

    tavla: 1, or 2 for mars (the loser bore off nothing). standard: also 3 for a backgammon.
    """
    return rules.points(winner_gammon_level(state))


class Game:
    """A game of tavla between seats 0 and 1, step by step.

    Typical use: `start()` (the opening roll), then while not `over`: `roll()` if `dice` is None,
    `legal_plays()` (the table builds a turn move by move with game.tavla.turn), and
    `play(choice)`; the empty play `()` or `""` passes when nothing is legal. Every refused call
    raises UserError (IllegalPlay for a bad play) and leaves the game unchanged.
    """

    def __init__(
        self,
        rules: Rules = Rules.TAVLA,
        seed: int | None = None,
        rng: random.Random | None = None,
        start_state: Sequence[int] = OPENING,
    ) -> None:
        self.rules = rules
        self.rng = rng if rng is not None else random.Random(seed)
        self.state: State = validate_state(start_state)
        self.turn: int | None = None
        self.dice: tuple[int, int] | None = None
        self.opening_rolls: list[tuple[int, int]] = []
        self.record: list[Turn] = []
        self.result: GameResult | None = None
        self._legal: list[Play] | None = None

    @property
    def over(self) -> bool:
        """True once a player has borne off all 15 checkers (or was disqualified)."""
        return self.result is not None

    def start(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """The opening roll: each seat rolls one die until they differ; the higher plays both dice.

        Returns (seat 0's die, seat 1's die) of the deciding roll; `opening_rolls` keeps any ties too.
        `dice` sets that roll instead (replays, tests). The starting position is seat 0's view of it.
        """
        if self.turn is not None:
            raise UserError(_("the game has already started"))
        if dice is not None:
            mine, theirs = check_dice(*dice)
            if mine == theirs:
                raise UserError(_("the opening roll cannot be a tie: both sides roll again"))
            self.opening_rolls.append((mine, theirs))
        else:
            while True:
                mine, theirs = self.rng.randint(1, 6), self.rng.randint(1, 6)
                self.opening_rolls.append((mine, theirs))
                if mine != theirs:
                    break
        self.turn = 0 if mine > theirs else 1
        self.dice = (mine, theirs) if self.turn == 0 else (theirs, mine)
        if self.turn == 1:
            self.state = flip(self.state)
        return mine, theirs

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll for the player on turn (or set `dice`, for replays and tests)."""
        if self.turn is None:
            raise UserError(_("start the game with the opening roll first"))
        if self.over:
            raise UserError(_("the game is over"))
        if self.dice is not None:
            raise UserError(_("the dice are already rolled; play them first"))
        if dice is None:
            dice = (self.rng.randint(1, 6), self.rng.randint(1, 6))
        self.dice = check_dice(*dice)
        self._legal = None
        return self.dice

    def legal_plays(self) -> list[Play]:
        """The legal plays for the rolled dice, one per distinct resulting position; [] means pass."""
        if self.dice is None:
            raise UserError(_("roll the dice first"))
        if self._legal is None:
            self._legal = legal_plays(self.state, self.dice[0], self.dice[1], self.rules)
        return list(self._legal)

    def play(self, play: str | Play | None) -> Play:
        """Apply a play (text or moves) for the player on turn; raises IllegalPlay and changes nothing.

        Returns the canonical play that was recorded.
        """
        if self.over:
            raise UserError(_("the game is over"))
        if self.dice is None or self.turn is None:
            raise UserError(_("roll the dice first"))
        legal = self._legal if self._legal is not None else self.legal_plays()
        if isinstance(play, tuple) and play in legal:
            chosen = play
        else:
            chosen = check_play(self.state, self.dice[0], self.dice[1], play, self.rules, legal)
        self._advance(chosen)
        return chosen

    def disqualify(self, reason: str) -> GameResult:
        """End the game because the player on turn broke the rules; the opponent scores FORFEIT_POINTS.

        The position is kept in the result for inspection (SPEC §3).
        """
        if self.turn is None or self.over:
            raise UserError(_("no game in progress"))
        loser = self.turn
        self.result = forfeit(loser, self.rules, len(self.record), reason, self.state, dice=self.dice)
        return self.result

    def state_for(self, player: int) -> State:
        """The position from `player`'s side, whoever is on turn (for drawing the board)."""
        on_roll = self.turn if self.turn is not None else 0
        return self.state if player == on_roll else flip(self.state)

    def _advance(self, chosen: Play) -> None:
        mover = self.turn
        assert mover is not None and self.dice is not None
        self.record.append(Turn(mover, self.dice, chosen, self.state))
        after = apply_play(self.state, chosen) if chosen else self.state
        self.dice = None
        self._legal = None
        if all_borne_off(after):
            points = score(after, self.rules)
            self.state = after
            kind = self.rules.result_kind(points)
            self.result = GameResult(winner=mover, points=points, kind=kind, turns=len(self.record))
            return
        self.state = flip(after)
        self.turn = 1 - mover


def play_bots(
    bot0: BotPlay,
    bot1: BotPlay,
    rules: Rules = Rules.TAVLA,
    rng: random.Random | None = None,
    seed: int | None = None,
    keep_record: bool = False,
) -> tuple[GameResult, list[Turn]]:
    """A whole game between two `play(state, die1, die2)` functions, as fast as the engine allows.

    A bot that answers an illegal play, or raises, is disqualified for this game (SPEC §3, §5) and the
    position, dice and answer are kept in the result; a BotFault keeps its kind, any other exception
    counts as a crash. The record is only collected when asked for.
    """
    rng = rng if rng is not None else random.Random(seed)
    randint = rng.randint
    bots = (bot0, bot1)
    while True:
        first, second = randint(1, 6), randint(1, 6)
        if first != second:
            break
    mover = 0 if first > second else 1
    dice = (first, second) if mover == 0 else (second, first)
    state = OPENING
    record: list[Turn] = []
    turns = 0
    while True:
        die1, die2 = dice
        answer = None
        try:
            answer = bots[mover](list(state), die1, die2)
            chosen = check_play(state, die1, die2, answer, rules)
        except IllegalPlay as error:
            kind = Fault.ILLEGAL if _is_notation(answer) else Fault.GARBAGE
            if kind is Fault.ILLEGAL:
                # Translators: {answer} is the bot's answer, quoted as it was; {reason} says what is wrong
                message = _("illegal play {answer}: {reason}")
            else:
                # Translators: {answer} is the bot's answer, quoted as it was; {reason} says what is wrong
                message = _("unreadable answer {answer}: {reason}")
            reason = message.format(answer=shown_answer(answer), reason=error)
            return forfeit(mover, rules, turns, reason, state, kind, dice, answer), record
        except BotFault as fault:
            return forfeit(mover, rules, turns, str(fault), state, fault.kind, dice, fault.answer), record
        except Exception as error:  # noqa: BLE001 - any crash of a bot's code disqualifies that bot
            reason = f"{type(error).__name__}: {error}"
            return forfeit(mover, rules, turns, reason, state, Fault.CRASH, dice, answer), record
        turns += 1
        if keep_record:
            record.append(Turn(mover, dice, chosen, state))
        if chosen:
            state = apply_play(state, chosen)
            if all_borne_off(state):
                points = score(state, rules)
                kind = rules.result_kind(points)
                return GameResult(winner=mover, points=points, kind=kind, turns=turns), record
        state = flip(state)
        mover = 1 - mover
        dice = (randint(1, 6), randint(1, 6))


def forfeit(
    loser: int,
    rules: Rules,
    turns: int,
    reason: str,
    state: State | None,
    fault: Fault = Fault.ILLEGAL,
    dice: tuple[int, int] | None = None,
    answer: object = None,
) -> GameResult:
    """The result of a game lost by disqualification: the opponent scores the rule set's maximum."""
    text = None if answer is None else _cut(answer if isinstance(answer, str) else repr(answer))
    return GameResult(
        winner=1 - loser,
        points=FORFEIT_POINTS[rules],
        kind=Outcome.DISQUALIFICATION,
        turns=turns,
        disqualified=loser,
        reason=reason,
        state=state,
        fault=fault,
        dice=dice,
        answer=text,
    )


def shown_answer(answer: object) -> str:
    """A bot's answer for a message: its repr, cut to a readable length (a bot may answer megabytes)."""
    text = repr(answer)
    if len(text) <= SHOWN_ANSWER_CHARS:
        return text
    # Translators: {start} is the beginning of a bot's overlong answer, kept as it was
    message = ngettext("{start}… ({count} character)", "{start}… ({count} characters)", len(text))
    return message.format(start=text[:SHOWN_ANSWER_CHARS], count=len(text))


def _cut(text: str) -> str:
    """An answer cut for GameResult.answer, which reports and saves keep: the same in every language."""
    if len(text) <= SHOWN_ANSWER_CHARS:
        return text
    return f"{text[:SHOWN_ANSWER_CHARS]}… ({len(text)} characters)"


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


def check_match_length(length: object) -> int:
    """`length` if it is a positive whole number of points, else UserError."""
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        message = _("a match is played to a positive number of points, not {length}")
        raise UserError(message.format(length=repr(length)))
    return length


@dataclass
class Match:
    """A match to `length` points: games are added one after another until a seat reaches the length."""

    length: int
    rules: Rules = Rules.TAVLA
    seed: int | None = None
    games: list[Game] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_match_length(self.length)
        self.rng = random.Random(self.seed)

    @property
    def scores(self) -> tuple[int, int]:
        """Points of seat 0 and seat 1 from the finished games."""
        points = [0, 0]
        for game in self.games:
            if game.result is not None:
                points[game.result.winner] += game.result.points
        return points[0], points[1]

    @property
    def winner(self) -> int | None:
        """The seat that reached the match length, if any."""
        for seat, points in enumerate(self.scores):
            if points >= self.length:
                return seat
        return None

    @property
    def current(self) -> Game | None:
        """The game being played, or the last one."""
        return self.games[-1] if self.games else None

    def next_game(self) -> Game:
        """Start the next game of the match (its opening roll is still to be made with `start()`)."""
        if self.winner is not None:
            raise UserError(_("the match is over"))
        if self.games and not self.games[-1].over:
            raise UserError(_("finish the current game first"))
        game = Game(self.rules, rng=self.rng)
        self.games.append(game)
        return game

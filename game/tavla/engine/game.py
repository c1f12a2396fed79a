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
from game.tavla.engine.cube import Cube, CubeEvent, CubeOwner, MatchScore, accepts_double, wants_double
from game.tavla.engine.moves import (
    IllegalPlay,
    Play,
    apply_play,
    check_dice,
    check_play,
    legal_plays,
)
from game.tavla.engine.notation import check_move, format_play, parse_play
from game.tavla.engine.position import (
    OPENING,
    State,
    all_borne_off,
    flip,
    validate_state,
    winner_gammon_level,
)
from game.tavla.engine.results import Fault, Outcome
from game.tavla.engine.rules import MatchRules, Rules

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
class CubeTurn:
    """A cube action in the record: who acted, what (double, take, pass), the cube's value after it, and
    how many turns had been played before it (where it stands among the game's `Turn`s)."""

    player: int
    event: CubeEvent
    value: int
    before_turn: int


@dataclass(frozen=True)
class CubeTerms:
    """The doubling cube's terms for one game: the Jacoby rule (money play), or the match's length, the
    score by seat before this game, and whether it is the Crawford game."""

    jacoby: bool = False
    length: int | None = None
    scores: tuple[int, int] = (0, 0)
    crawford: bool = False

    def cube_for(self, seat: int, value: int, owner: int | None) -> Cube:
        """The cube as `seat` sees it."""
        relative = CubeOwner.CENTRE
        if owner is not None:
            relative = CubeOwner.ME if owner == seat else CubeOwner.OPPONENT
        score = None
        if self.length is not None:
            score = MatchScore(self.length, self.scores[seat], self.scores[1 - seat], self.crawford)
        return Cube(value, relative, score, self.jacoby)


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
    cube: int = 1
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


def finished(
    winner: int, state: Sequence[int], rules: Rules, turns: int, cube: int = 1, jacoby: bool = False
) -> GameResult:
    """The result of a game the winner has just borne off: the board's points times the cube; under the
    Jacoby rule a game whose cube was never turned counts as a single game."""
    points = score(state, rules)
    kind = rules.result_kind(points)
    if jacoby and cube == 1:
        points = 1
    return GameResult(winner=winner, points=points * cube, kind=kind, turns=turns, cube=cube)


class Game:
    """A game of tavla between seats 0 and 1, step by step.

    Typical use: `start()` (the opening roll), then while not `over`: `roll()` if `dice` is None,
    `legal_plays()` (the table builds a turn move by move with game.tavla.engine.turn), and
    `play(choice)`; the empty play `()` or `""` passes when nothing is legal. Every refused call
    raises UserError (IllegalPlay for a bad play) and leaves the game unchanged.

    With the doubling cube (`cube` terms given), the player on turn may `double()` before rolling
    while `may_double()`; the opponent then must `take()` (owning the cube at twice the value) or
    `pass_double()` (losing the game at the cube's value) before anything else happens.
    """

    def __init__(
        self,
        rules: Rules = Rules.TAVLA,
        seed: int | None = None,
        rng: random.Random | None = None,
        start_state: Sequence[int] = OPENING,
        cube: CubeTerms | None = None,
    ) -> None:
        if cube is not None:
            rules.check_cube()
        self.rules = rules
        self.rng = rng if rng is not None else random.Random(seed)
        self.state: State = validate_state(start_state)
        self.turn: int | None = None
        self.dice: tuple[int, int] | None = None
        self.opening_rolls: list[tuple[int, int]] = []
        self.record: list[Turn] = []
        self.result: GameResult | None = None
        self._legal: list[Play] | None = None
        self.terms = cube
        self.cube_value = 1
        self.cube_owner: int | None = None
        self.offered_by: int | None = None  # the seat whose double waits for an answer
        self.cube_record: list[CubeTurn] = []

    def cube_for(self, seat: int) -> Cube | None:
        """The cube as `seat` sees it, or None in a game without the cube."""
        if self.terms is None:
            return None
        return self.terms.cube_for(seat, self.cube_value, self.cube_owner)

    def may_double(self) -> bool:
        """Whether the player on turn may offer the cube now: before rolling, holding or sharing it."""
        cube = self.cube_for(self.turn) if self.turn is not None else None
        return (
            cube is not None
            and not self.over
            and self.dice is None
            and self.offered_by is None
            and bool(self.record)
            and cube.may_double()
        )

    def double(self) -> None:
        """The player on turn offers the cube; the opponent must answer before the roll."""
        if not self.may_double():
            raise UserError(_("you cannot double now"))
        assert self.turn is not None
        self.offered_by = self.turn
        self.cube_record.append(CubeTurn(self.turn, CubeEvent.DOUBLE, self.cube_value * 2, len(self.record)))

    def take(self) -> None:
        """The opponent takes the double: it owns the cube at twice the value, and the doubler rolls."""
        taker = self._answering()
        self.cube_value *= 2
        self.cube_owner = taker
        self.offered_by = None
        self.cube_record.append(CubeTurn(taker, CubeEvent.TAKE, self.cube_value, len(self.record)))

    def pass_double(self) -> GameResult:
        """The opponent passes: the doubler wins the game at the cube's present value."""
        passer = self._answering()
        self.offered_by = None
        self.cube_record.append(CubeTurn(passer, CubeEvent.PASS, self.cube_value, len(self.record)))
        value = self.cube_value
        self.result = GameResult(1 - passer, value, Outcome.PASSED, len(self.record), cube=value)
        return self.result

    def _answering(self) -> int:
        if self.offered_by is None or self.over:
            raise UserError(_("there is no double to answer"))
        return 1 - self.offered_by

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
        if self.offered_by is not None:
            raise UserError(_("answer the double first: take or pass"))
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
            self.state = after
            jacoby = self.terms is not None and self.terms.jacoby
            self.result = finished(mover, after, self.rules, len(self.record), self.cube_value, jacoby)
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
    cube: CubeTerms | None = None,
    deciders: tuple[object, object] | None = None,
) -> tuple[GameResult, list[Turn]]:
    """A whole game between two `play(state, die1, die2)` functions, as fast as the engine allows.

    A bot that answers an illegal play, or raises, is disqualified for this game (SPEC §3, §5) and the
    position, dice and answer are kept in the result; a BotFault keeps its kind, any other exception
    counts as a crash. The record is only collected when asked for.

    With `cube` terms, before each roll after the first the player on turn may double: `deciders` are
    the two bots' objects, asked through their `double` and `take` (game/tavla/engine/cube.py), which count
    as answers as well: a fault there disqualifies like one in a play. Cube decisions draw no dice, so
    a seed rolls the same dice with the cube as without it.
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
    value, owner = 1, None
    jacoby = cube is not None and cube.jacoby
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
            return forfeit(mover, rules, turns, reason, state, kind, dice, answer, value), record
        except BotFault as fault:
            reason = str(fault)
            return forfeit(mover, rules, turns, reason, state, fault.kind, dice, fault.answer, value), record
        except Exception as error:  # noqa: BLE001 - any crash of a bot's code disqualifies that bot
            reason = f"{type(error).__name__}: {error}"
            return forfeit(mover, rules, turns, reason, state, Fault.CRASH, dice, answer, value), record
        turns += 1
        if keep_record:
            record.append(Turn(mover, dice, chosen, state))
        if chosen:
            state = apply_play(state, chosen)
            if all_borne_off(state):
                return finished(mover, state, rules, turns, value, jacoby), record
        state = flip(state)
        mover = 1 - mover
        if cube is not None and deciders is not None:
            outcome = _cube_turn(cube, deciders, mover, state, value, owner, rules, turns)
            if isinstance(outcome, GameResult):
                return outcome, record
            value, owner = outcome
        dice = (randint(1, 6), randint(1, 6))


def _cube_turn(
    terms: CubeTerms,
    deciders: tuple[object, object],
    mover: int,
    state: State,
    value: int,
    owner: int | None,
    rules: Rules,
    turns: int,
) -> tuple[int, int | None] | GameResult:
    """Before `mover` rolls: its double and the answer, as the new (value, owner) or the game's end."""
    view = terms.cube_for(mover, value, owner)
    if not view.may_double():
        return value, owner
    asked = mover
    try:
        if not wants_double(deciders[mover], state, view):
            return value, owner
        asked = 1 - mover
        if accepts_double(deciders[asked], flip(state), view.flipped()):
            return value * 2, asked
    except BotFault as fault:
        seen = state if asked == mover else flip(state)  # the position as the failing bot saw it
        return forfeit(asked, rules, turns, str(fault), seen, fault.kind, None, fault.answer, value)
    except Exception as error:  # noqa: BLE001 - a crash in a cube decision disqualifies like one in a play
        reason = f"{type(error).__name__}: {error}"
        seen = state if asked == mover else flip(state)
        return forfeit(asked, rules, turns, reason, seen, Fault.CRASH, None, None, value)
    return GameResult(winner=mover, points=value, kind=Outcome.PASSED, turns=turns, cube=value)


def forfeit(
    loser: int,
    rules: Rules,
    turns: int,
    reason: str,
    state: State | None,
    fault: Fault = Fault.ILLEGAL,
    dice: tuple[int, int] | None = None,
    answer: object = None,
    cube: int = 1,
) -> GameResult:
    """The result of a game lost by disqualification: the opponent scores the rule set's maximum, times
    the cube."""
    text = None if answer is None else _cut(answer if isinstance(answer, str) else repr(answer))
    return GameResult(
        winner=1 - loser,
        points=FORFEIT_POINTS[rules] * cube,
        kind=Outcome.DISQUALIFICATION,
        turns=turns,
        cube=cube,
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
    """A match to `length` points: games are added one after another until a seat reaches the length.

    With the cube (`cube=True`, standard rules) each game's points are multiplied by its cube, and the
    Crawford rule holds: no doubling in the game after a player first needs one point.
    """

    length: int
    rules: Rules = Rules.TAVLA
    seed: int | None = None
    games: list[Game] = field(default_factory=list)
    cube: bool = False

    def __post_init__(self) -> None:
        check_match_length(self.length)
        self.terms = MatchRules(self.rules, self.length, self.cube)
        self.rng = random.Random(self.seed)

    @property
    def scores(self) -> tuple[int, int]:
        """Points of seat 0 and seat 1 from the finished games."""
        return _scores(self.games)

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

    def is_crawford(self, finished_games: int) -> bool:
        """Whether the game after `finished_games` games is the Crawford game: the first one in which a
        player needs exactly one point."""
        if not self.terms.crawford:
            return False
        needs_one = [self.length - 1 in _scores(self.games[:done]) for done in range(finished_games + 1)]
        return needs_one[-1] and not any(needs_one[:-1])

    def next_game(self) -> Game:
        """Start the next game of the match (its opening roll is still to be made with `start()`)."""
        if self.winner is not None:
            raise UserError(_("the match is over"))
        if self.games and not self.games[-1].over:
            raise UserError(_("finish the current game first"))
        terms = None
        if self.cube:
            crawford = self.is_crawford(len(self.games))
            terms = CubeTerms(length=self.length, scores=self.scores, crawford=crawford)
        game = Game(self.rules, rng=self.rng, cube=terms)
        self.games.append(game)
        return game


def _scores(games: Sequence[Game]) -> tuple[int, int]:
    """Points of seat 0 and seat 1 from the finished ones of `games`."""
    points = [0, 0]
    for game in games:
        if game.result is not None:
            points[game.result.winner] += game.result.points
    return points[0], points[1]

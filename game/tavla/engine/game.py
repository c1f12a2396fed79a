"""One game of tavla: opening roll, turns, passes, the cube, resignations, the end, scoring, and the move
record.

`Game` is the one game flow: the table drives it a step at a time (roll, show the legal plays, apply
the chosen one), bots' games are driven through it by game/tavla/engine/play.py (the tournament's
referee, self-play, benchmarks), and game/tavla/engine/match.py strings games into a match. Dice come
from a `random.Random`, so a seed replays a game exactly. Player 0 and player 1 are fixed seats; the
state is always kept from the point of view of the player on roll, as the seed's bots see it.
"""

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from game.core.errors import UserError
from game.core.text.i18n import _, ngettext
from game.tavla.engine.committed_dice import CommittedRolls
from game.tavla.engine.cube import MAX_CUBE, Cube, CubeEvent, CubeOwner, MatchScore
from game.tavla.engine.moves import (
    Play,
    check_dice,
)
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import (
    State,
    winner_gammon_level,
)
from game.tavla.engine.results import Fault, Outcome, Resignation
from game.tavla.engine.rules import Rules

FORFEIT_POINTS = {rules: rules.max_points for rules in Rules}  # what a disqualification gives the opponent

SHOWN_ANSWER_CHARS = 200  # a longer answer is cut in reasons and results


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
    """A cube action in the record: who acted, what (double, take, pass, beaver), the cube's value after
    it (a double and a beaver: the value offered), and how many turns had been played before it (where
    it stands among the game's `Turn`s)."""

    player: int
    event: CubeEvent
    value: int
    before_turn: int


def cube_after(
    actions: Iterable[CubeTurn], value: int = 1, owner: int | None = None
) -> tuple[int, int | None]:
    """The cube's value and owner (a seat, None in the centre) after `actions`, in order, from `value`
    and `owner`: a take gives the cube to the taker at the value offered, except the take of a beaver,
    which leaves it with the player who beavered; a beaver is itself a take (its player owns the cube
    at half the value it offers). A double waiting and a pass change nothing."""
    beavered = False
    for action in actions:
        if action.event is CubeEvent.TAKE:
            value, owner = action.value, owner if beavered else action.player
        elif action.event is CubeEvent.BEAVER:
            value, owner = action.value // 2, action.player
        beavered = action.event is CubeEvent.BEAVER
    return value, owner


@dataclass(frozen=True)
class ResignOffer:
    """A resignation offered in the record: who offered (always the player on turn), the level, where
    it stands (before which turn, after how many of the game's cube actions, and whether the dice of
    that turn were already rolled), and the answer (None while it waits for one)."""

    player: int
    level: Resignation
    before_turn: int
    cube_actions: int
    rolled: bool
    accepted: bool | None = None


@dataclass(frozen=True)
class CubeTerms:
    """The doubling cube's terms for one game: the Jacoby rule and beavers (money play), or the match's
    length, the score by seat before this game, and whether it is the Crawford game."""

    jacoby: bool = False
    length: int | None = None
    scores: tuple[int, int] = (0, 0)
    crawford: bool = False
    beavers: bool = False

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
    position, the roll and what the bot answered, so its author can replay the decision. A game the
    loser resigned names the level in `resigned` (its `kind` is that level's result, its points that
    level's times the cube). A drawn game (Plakoto's two pinned mothers) has `kind` DRAW, no points,
    and names as `winner` the player whose play drew it.
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
    resigned: Resignation | None = None

    @property
    def drawn(self) -> bool:
        """Whether nobody won (a drawn Plakoto): neither side counts it as a win."""
        return self.kind is Outcome.DRAW

    def won_by(self, seat: int) -> bool:
        """Whether `seat` won this game (a drawn game is nobody's)."""
        return self.winner == seat and not self.drawn


def score(state: Sequence[int], rules: Rules) -> int:
    """Points won by the player who has just borne off the last checker, seen from that player.

    tavla: 1, or 2 for mars (the loser bore off nothing). standard: also 3 for a backgammon.
    """
    return rules.points(winner_gammon_level(state))


def finished(
    winner: int, points: int, rules: Rules, turns: int, cube: int = 1, jacoby: bool = False
) -> GameResult:
    """The result of a game the winner has just won with `points` on the board: those points times the
    cube; under the Jacoby rule a game whose cube was never turned counts as a single game."""
    kind = rules.result_kind(points)
    return GameResult(winner=winner, points=scored(points, cube, jacoby), kind=kind, turns=turns, cube=cube)


def scored(points: int, cube: int = 1, jacoby: bool = False) -> int:
    """What a win worth `points` on the board scores: those points times the cube; under the Jacoby
    rule, while the cube was never turned, a single game's."""
    return (1 if jacoby and cube == 1 else points) * cube


class Game:
    """A game of tavla between seats 0 and 1, step by step.

    Typical use: `start()` (the opening roll), then while not `over`: `roll()` if `dice` is None,
    `legal_plays()` (the table builds a turn move by move with game.tavla.engine.turn), and
    `play(choice)`; the empty play `()` or `""` passes when nothing is legal. Every refused call
    raises UserError (IllegalPlay for a bad play) and leaves the game unchanged.

    With the doubling cube (`cube` terms given), the player on turn may `double()` before rolling
    while `may_double()`; the opponent then must `take()` (owning the cube at twice the value) or
    `pass_double()` (losing the game at the cube's value) before anything else happens. In money play
    with beavers the opponent may instead `beaver()` while `may_beaver()`: take and at once redouble,
    keeping the cube (at four times the value); the doubler then takes (the cube stays with the
    beaver's player) or passes (losing twice the value), as GNU Backgammon plays them (its manual's
    "Optional Rules", its play.c `CommandRedouble`); one beaver to a double, no raccoons.

    The player on turn may also offer to resign (`resign(level)`, before rolling or with the dice
    rolled, while `may_resign()`); the opponent then must `accept_resignation()` (the game ends, the
    offerer losing that level's points times the cube) or `decline_resignation()` (play goes on as it
    stood) before anything else happens. Every offer stays in `resign_record`.
    """

    def __init__(
        self,
        rules: Rules = Rules.TAVLA,
        seed: int | None = None,
        rng: random.Random | CommittedRolls | None = None,
        start_state: Sequence[int] | None = None,
        cube: CubeTerms | None = None,
    ) -> None:
        self.rules = rules
        self.variant = rules.variant
        if cube is not None:
            self.rules.check_cube()
        self.rng: random.Random | CommittedRolls = rng if rng is not None else random.Random(seed)
        opening = self.variant.opening if start_state is None else start_state
        self.state: State = self.variant.validate(opening)
        self.turn: int | None = None
        self.dice: tuple[int, int] | None = None
        self.opening_rolls: list[tuple[int, int]] = []
        self.rolls = [0, 0]  # each seat's rolls so far (a cascade's doubles are not rolls)
        self.record: list[Turn] = []
        self.result: GameResult | None = None
        self._legal: list[Play] | None = None
        self.terms = cube
        self.cube_value = 1
        self.cube_owner: int | None = None
        self.offered_by: int | None = None  # the seat whose double (or beaver) waits for an answer
        self.beavered = False  # the double waiting is a beaver, answered by the first doubler
        self.cube_record: list[CubeTurn] = []
        self.resign_record: list[ResignOffer] = []
        self.set_up = False  # a position set up (the position lab): its first turn may double

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
            and self.resign_offer is None
            and (bool(self.record) or self.set_up)
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
        """The opponent takes the double: it owns the cube at twice the value, and the doubler rolls.
        The doubler who takes a beaver plays on at twice the value, the cube the beaver's player's."""
        taker = self._answering()
        self.cube_value *= 2
        self.cube_owner = 1 - taker if self.beavered else taker
        self.offered_by = None
        self.beavered = False
        self.cube_record.append(CubeTurn(taker, CubeEvent.TAKE, self.cube_value, len(self.record)))

    def may_beaver(self) -> bool:
        """Whether the player doubled may beaver now: money play with beavers, a double (not a beaver)
        waiting, and the cube not beyond 64 after it."""
        terms = self.terms
        return (
            terms is not None
            and terms.beavers
            and terms.length is None
            and self.offered_by is not None
            and not self.beavered
            and not self.over
            and self.cube_value * 4 <= MAX_CUBE
        )

    def beaver(self) -> None:
        """The player doubled takes and at once redoubles, keeping the cube: it owns it at twice the
        value, and the doubler must take (four times the value) or pass (losing twice) before rolling."""
        if not self.may_beaver():
            raise UserError(_("you cannot beaver now"))
        taker = self._answering()
        self.cube_value *= 2
        self.cube_owner = taker
        self.offered_by = taker
        self.beavered = True
        self.cube_record.append(CubeTurn(taker, CubeEvent.BEAVER, self.cube_value * 2, len(self.record)))

    def pass_double(self) -> GameResult:
        """The opponent passes: the doubler wins the game at the cube's present value (the doubler who
        passes a beaver loses twice the value it doubled)."""
        passer = self._answering()
        self.offered_by = None
        self.beavered = False
        self.cube_record.append(CubeTurn(passer, CubeEvent.PASS, self.cube_value, len(self.record)))
        value = self.cube_value
        self.result = GameResult(1 - passer, value, Outcome.PASSED, len(self.record), cube=value)
        return self.result

    def _answering(self) -> int:
        if self.offered_by is None or self.over:
            raise UserError(_("there is no double to answer"))
        return 1 - self.offered_by

    @property
    def resign_offer(self) -> ResignOffer | None:
        """The resignation that waits for its answer, if any."""
        last = self.resign_record[-1] if self.resign_record else None
        return last if last is not None and last.accepted is None and not self.over else None

    def may_resign(self) -> bool:
        """Whether the player on turn may offer to resign now: the game started and not over, no double
        and no other offer waiting for an answer."""
        return (
            self.turn is not None and not self.over and self.offered_by is None and self.resign_offer is None
        )

    def resign(self, level: object) -> ResignOffer:
        """The player on turn offers to lose the game at `level` (a Resignation, or its number); the
        opponent must accept or decline before anything else happens."""
        if not self.may_resign():
            raise UserError(_("you cannot resign now"))
        assert self.turn is not None
        chosen = resignation_level(level, self.rules)
        offer = ResignOffer(self.turn, chosen, len(self.record), len(self.cube_record), self.dice is not None)
        self.resign_record.append(offer)
        return offer

    def points_for(self, level: int) -> int:
        """What a win at gammon `level` (a resignation of it accepted) scores now, the cube and the
        Jacoby rule included."""
        return scored(self.rules.points(level), self.cube_value, self.terms is not None and self.terms.jacoby)

    def accept_resignation(self) -> GameResult:
        """The opponent accepts: the offerer loses the game at the offered level, times the cube."""
        offer = self._waiting_offer()
        self.resign_record[-1] = replace(offer, accepted=True)
        jacoby = self.terms is not None and self.terms.jacoby
        points = self.rules.points(offer.level)
        result = finished(1 - offer.player, points, self.rules, len(self.record), self.cube_value, jacoby)
        self.result = replace(result, resigned=offer.level)
        self._legal = None
        return self.result

    def decline_resignation(self) -> None:
        """The opponent declines: play goes on where it stood (the dice, if rolled, still to be played)."""
        offer = self._waiting_offer()
        self.resign_record[-1] = replace(offer, accepted=False)

    def declined_level(self, seat: int) -> int:
        """The highest level at which `seat`'s offers were declined in this game (0: none), so a bot
        does not offer the same again."""
        declined = (o.level for o in self.resign_record if o.player == seat and o.accepted is False)
        return max(declined, default=0)

    def _waiting_offer(self) -> ResignOffer:
        offer = self.resign_offer
        if offer is None:
            raise UserError(_("there is no resignation to answer"))
        return offer

    @property
    def over(self) -> bool:
        """True once a player has borne off all 15 checkers (or was disqualified)."""
        return self.result is not None

    def start(self, dice: tuple[int, int] | None = None, first: int | None = None) -> tuple[int, int]:
        """The opening roll: each seat rolls one die until they differ; the higher plays both dice.

        Returns (seat 0's die, seat 1's die) of the deciding roll; `opening_rolls` keeps any ties too.
        `dice` sets that roll instead (replays, tests). The starting position is seat 0's view of it.
        `first` names the seat that starts without an opening roll (in a Tavli match the winner of the
        last game starts the next), to roll its own dice; it returns (0, 0) then.
        """
        if self.turn is not None:
            raise UserError(_("the game has already started"))
        if first is not None:
            if first not in (0, 1):
                raise UserError(_("the seat that starts is 0 or 1, not {seat}").format(seat=first))
            self.turn = first
            if first == 1:
                self.state = self.variant.flip(self.state)
            return 0, 0
        if dice is not None:
            mine, theirs = check_dice(*dice)
            if mine == theirs:
                raise UserError(_("the opening roll cannot be a tie: both sides roll again"))
            self.opening_rolls.append((mine, theirs))
        else:
            while True:
                mine, theirs = self._draw()
                self.opening_rolls.append((mine, theirs))
                if mine != theirs:
                    break
        self.turn = 0 if mine > theirs else 1
        if self.variant.opening_roll_played:
            self.dice = (mine, theirs) if self.turn == 0 else (theirs, mine)
            self.rolls[self.turn] += 1
        if self.turn == 1:
            self.state = self.variant.flip(self.state)
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
        self._check_no_offer()
        self.dice = self._draw() if dice is None else check_dice(*dice)  # drawn dice are 1-6 already
        self._legal = None
        self.rolls[self.turn] += 1
        return self.dice

    def _draw(self) -> tuple[int, int]:
        """Two dice from the game's dice: a committed match's next roll, else two from the generator."""
        if isinstance(self.rng, CommittedRolls):
            return self.rng.next_roll()
        return self.rng.randint(1, 6), self.rng.randint(1, 6)

    def legal_plays(self) -> list[Play]:
        """The legal plays for the rolled dice, one per distinct resulting position; [] means pass."""
        if self.dice is None:
            raise UserError(_("roll the dice first"))
        if self._legal is None:
            self._legal = self.variant.legal_plays(self.state, self.dice[0], self.dice[1])
        return list(self._legal)

    def legal_results(self) -> list[tuple[Play, State]]:
        """Each legal play with the position it leads to, still seen by the player on turn."""
        return [(play, self.variant.apply_play(self.state, play)) for play in self.legal_plays()]

    def play(self, play: str | Play | None) -> Play:
        """Apply a play (text or moves) for the player on turn; raises IllegalPlay and changes nothing.

        Returns the canonical play that was recorded.
        """
        if self.over:
            raise UserError(_("the game is over"))
        if self.dice is None or self.turn is None:
            raise UserError(_("roll the dice first"))
        self._check_no_offer()
        legal = self._legal if self._legal is not None else self.legal_plays()
        if isinstance(play, tuple) and play in legal:
            chosen = play
        else:
            chosen = self.variant.check_play(self.state, self.dice[0], self.dice[1], play, legal)
        self._advance(chosen)
        return chosen

    def _check_no_offer(self) -> None:
        if self.resign_offer is not None:
            raise UserError(_("answer the resignation first: accept or decline"))

    def disqualify(
        self,
        reason: str,
        seat: int | None = None,
        fault: Fault = Fault.ILLEGAL,
        answer: object = None,
    ) -> GameResult:
        """End the game because `seat` (default: the player on turn) broke the rules or gave no answer:
        the opponent scores FORFEIT_POINTS times the cube.

        `seat` may be the player asked to answer a double or a resignation. The position as that seat
        sees it, the dice of the turn (None for a question to the other seat) and the answer are kept in
        the result for inspection (docs/position.md).
        """
        loser = self.turn if seat is None else seat
        answering = self.offered_by == 1 - loser or self.resign_offer is not None
        if self.turn is None or self.over or (loser != self.turn and not answering):
            raise UserError(_("no game in progress"))
        dice = self.dice if loser == self.turn else None
        self.offered_by = None
        self.beavered = False
        state = self.state_for(loser)
        turns = len(self.record)
        self.result = forfeit(loser, self.rules, turns, reason, state, fault, dice, answer, self.cube_value)
        return self.result

    def cube_actions_by_turn(self) -> list[list[CubeTurn]]:
        """The cube actions by the turn they come before (the last entry: after every turn)."""
        actions: list[list[CubeTurn]] = [[] for _ in range(len(self.record) + 1)]
        for action in self.cube_record:
            actions[action.before_turn].append(action)
        return actions

    def state_for(self, player: int) -> State:
        """The position from `player`'s side, whoever is on turn (for drawing the board)."""
        on_roll = self.turn if self.turn is not None else 0
        return self.state if player == on_roll else self.variant.flip(self.state)

    def _advance(self, chosen: Play) -> None:
        mover = self.turn
        assert mover is not None and self.dice is not None
        self.record.append(Turn(mover, self.dice, chosen, self.state))
        after = self.variant.apply_play(self.state, chosen) if chosen else self.state
        dice, self.dice = self.dice, None
        self._legal = None
        if self.variant.is_drawn(after):
            self.state = after
            self.result = GameResult(mover, 0, Outcome.DRAW, len(self.record))
            return
        if self.variant.is_over(after):
            self.state = after
            jacoby = self.terms is not None and self.terms.jacoby
            points = self.variant.win_points(after)
            self.result = finished(mover, points, self.rules, len(self.record), self.cube_value, jacoby)
            return
        following = self.variant.cascade(dice, self.rolls[mover], len(chosen))
        if following is not None:  # Gul bara: the same player plays the next double
            self.state, self.dice = after, following
            return
        self.state = self.variant.flip(after)
        self.turn = 1 - mover


def resignation_level(level: object, rules: Rules) -> Resignation:
    """`level` as one of the resignations `rules` score (a Resignation or its number 1-3); else UserError
    naming those that do."""
    levels = [resignation.value for resignation in rules.resignations]
    if not isinstance(level, bool) and isinstance(level, int) and level in levels:
        return Resignation(level)
    # Translators: {level} is what was asked for; {known} the levels this rule set scores (1, 2, 3)
    message = _("a resignation under the {rules} rules is at one of the levels {known}, not {level}")
    known = ", ".join(map(str, levels))
    shown = int(level) if isinstance(level, int) and not isinstance(level, bool) else repr(level)
    raise UserError(message.format(rules=rules, known=known, level=shown))


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

"""A match of tavla: games one after another until a seat reaches the length, with the Crawford rule;
or a money session: games one after another until the player stops, each game's points won alone.

The table, the save file, the .mat reader and the tournament's referee all string games together here.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.committed_dice import CommittedRolls, commitment
from game.tavla.engine.game import CubeTerms, Game
from game.tavla.engine.rules import MONEY, MatchRules, Rules, crawford_game


def check_match_length(length: object) -> int:
    """`length` if it is a positive whole number of points, else UserError."""
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        message = _("a match is played to a positive number of points, not {length}")
        raise UserError(message.format(length=repr(length)))
    return length


@dataclass
class Match:
    """A match to `length` points: games are added one after another until a seat reaches the length.
    A `length` of MONEY (0) is a money session: games go on until the player `stop`s, the scores are
    the points each seat won, and nobody wins it; `jacoby` (gammons count only once the cube was
    turned) and `beavers` are its options with the cube.

    With the cube (`cube=True`, standard rules) each game's points are multiplied by its cube, and in
    a match the Crawford rule holds: no doubling in the game after a player first needs one point.
    """

    length: int
    rules: Rules = Rules.TAVLA
    seed: int | None = None
    games: list[Game] = field(default_factory=list)
    cube: bool = False
    jacoby: bool = False
    beavers: bool = False
    rotation: tuple[Rules, ...] = ()
    """The games played in turn (a Tavli match: Portes, Plakoto, Fevga), `rules` the first of them; the
    winner of a game starts the next without an opening roll. Empty: every game is `rules`'."""
    start_score: tuple[int, int] = (0, 0)
    """The score by seat before the first game: a match set up at a score (the position lab)."""
    crawford_played: bool = False
    """At a `start_score` where a player needs one point: the Crawford game was played before the first
    game (which is then post-Crawford)."""
    dice_seed: bytes | None = None
    """The secret seed of committed dice (engine/committed_dice.py): every roll is fixed by it, its hash
    shown before the match, the seed itself only once the match is over. None: the dice come from `rng`
    (the `seed`), as in tournaments, benchmarks and tests."""

    def __post_init__(self) -> None:
        if self.length != MONEY:
            check_match_length(self.length)
        if any(points < 0 or (self.length != MONEY and points >= self.length) for points in self.start_score):
            # Translators: {score} is a score such as 3-2; {length} the match's length in points
            message = _("a match set up at {score} cannot be played to {length}: each score is below it")
            score = f"{self.start_score[0]}-{self.start_score[1]}"
            raise UserError(message.format(score=score, length=self.length))
        if self.rotation:
            self.rules = self.rotation[0]
        self.terms = MatchRules(self.rules, self.length or None, self.cube, self.jacoby, self.beavers)
        self.rng = random.Random(self.seed)
        self.stopped = False  # a money session the player ended

    @property
    def commitment(self) -> str | None:
        """The hash of the dice's secret seed, shown from the start (None: no committed dice)."""
        return None if self.dice_seed is None else commitment(self.dice_seed)

    @property
    def revealed_seed(self) -> str | None:
        """The dice's secret seed in hex once the match is over (the money session stopped), so anyone
        can replay its rolls; None before then, and without committed dice."""
        return self.dice_seed.hex() if self.dice_seed is not None and self.over else None

    @property
    def money(self) -> bool:
        """Whether this is a money session (no length, no winner, played until stopped)."""
        return self.length == MONEY

    @property
    def scores(self) -> tuple[int, int]:
        """Points of seat 0 and seat 1 from the finished games."""
        return _scores(self.games, self.start_score)

    @property
    def winner(self) -> int | None:
        """The seat that reached the match length, if any (never in a money session)."""
        if self.money:
            return None
        for seat, points in enumerate(self.scores):
            if points >= self.length:
                return seat
        return None

    @property
    def over(self) -> bool:
        """Whether no game follows: the match is won, or the money session stopped."""
        return self.winner is not None or self.stopped

    def stop(self) -> None:
        """End the money session after its last game (the player leaves the table's session)."""
        if not self.money:
            raise UserError(_("only a money session is stopped; a match ends when it is won"))
        if self.games and not self.games[-1].over:
            raise UserError(_("finish the current game first"))
        self.stopped = True

    @property
    def current_rules(self) -> Rules:
        """The rule set of the game being played (the last one), or of the first game to come."""
        return self.games[-1].rules if self.games else self.rules

    @property
    def current(self) -> Game | None:
        """The game being played, or the last one."""
        return self.games[-1] if self.games else None

    def score_history(self, finished_games: int) -> list[tuple[int, int]]:
        """The score before each game up to the one after `finished_games` games, in order (after its
        Crawford game, a match set up at a score starts with that score twice, as if a game were played
        at it: what `crawford_game` reads)."""
        earlier = [self.start_score] if self.crawford_played else []
        return earlier + [_scores(self.games[:done], self.start_score) for done in range(finished_games + 1)]

    def is_crawford(self, finished_games: int) -> bool:
        """Whether the game after `finished_games` games is the Crawford game."""
        return self.terms.crawford and crawford_game(self.length, self.score_history(finished_games))

    def next_game(self, rng: random.Random | None = None, start_state: Sequence[int] | None = None) -> Game:
        """Start the next game of the match (its opening roll is still to be made with `start()`); its
        dice come from the match's generator, or from `rng` (a tournament seeds each game apart); it
        starts at `start_state` (seat 0's side) instead of the opening for a position set up. A match
        with committed dice (`dice_seed`) rolls each game's from the seed and the game's number."""
        if self.over:
            raise UserError(_("the match is over"))
        if self.games and not self.games[-1].over:
            raise UserError(_("finish the current game first"))
        terms = None
        if self.cube and self.money:
            terms = CubeTerms(jacoby=self.jacoby, beavers=self.beavers)
        elif self.cube:
            crawford = self.is_crawford(len(self.games))
            terms = CubeTerms(length=self.length, scores=self.scores, crawford=crawford)
        rules = self.rotation[len(self.games) % len(self.rotation)] if self.rotation else self.rules
        dice: random.Random | CommittedRolls = self.rng if rng is None else rng
        if rng is None and self.dice_seed is not None:
            dice = CommittedRolls(self.dice_seed, len(self.games))
        game = Game(rules, rng=dice, start_state=start_state, cube=terms)
        self.games.append(game)
        return game

    def starter(self, index: int) -> int | None:
        """The seat that starts game number `index` (0 the first) without an opening roll: in a match of
        games in turn, the winner of the game before (none after a draw); else None."""
        if not self.rotation or index == 0:
            return None
        before = self.games[index - 1].result
        return None if before is None or before.drawn else before.winner


def _scores(games: Sequence[Game], start: tuple[int, int] = (0, 0)) -> tuple[int, int]:
    """Points of seat 0 and seat 1 from the finished ones of `games`, after `start`."""
    points = list(start)
    for game in games:
        if game.result is not None:
            points[game.result.winner] += game.result.points
    return points[0], points[1]

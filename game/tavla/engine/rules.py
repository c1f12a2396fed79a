"""The rule sets: what `tavla` and `standard` mean, defined once.

A rule set is a `Rules` value. It is parsed once where a name comes in from outside (the command line,
the config, a save file, a tournament's arguments, an external bot's environment) with `Rules.parse`,
and passed on as it is; nothing below the edge compares names. A `Rules` is a `str` whose value is its
name as written in config, command line, save files, reports and the line protocol, so it prints,
serialises and compares as that name.

What a rule set fixes today: the points of a single game, a mars/gammon and a backgammon (`points`),
what each result is called (`result_kind`), whether a player who can play only one die of a roll must
play the larger one (`larger_die_forced`), its names for the player (`display_name`, `short_name`, to
translate with `_` where shown) and the evaluator's equity weights (`equity_weights`). What a match adds
to it (its length, and for the cube Crawford and Jacoby) belongs to the match, next to its `Rules`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.errors import RulesRefused, UserError
from game.i18n import N_, _
from game.tavla.engine.results import Outcome, Resignation


class Rules(StrEnum):
    """A rule set. Members: `Rules.TAVLA` (the seed's, the default) and `Rules.STANDARD` (backgammon),
    `Rules.PORTES`, `Rules.PLAKOTO`, `Rules.FEVGA` and `Rules.GUL_BARA` (the other games of the board)."""

    # value, display_name (the menu), short_name (the table's captions), result kinds by points
    # (the last one is also what a disqualification is worth), larger_die_forced
    TAVLA = (
        "tavla",
        # Translators: the Turkish rule set (no backgammon, no doubling cube), as a choice in the menu
        N_("Tavla"),
        # Translators: the name of a rule set: Turkish tavla (no doubling cube, mars is worth 2 points)
        N_("tavla"),
        (Outcome.SINGLE, Outcome.MARS),
        False,
    )
    STANDARD = (
        "standard",
        # Translators: the international backgammon rule set, as a choice in the menu
        N_("Standard backgammon"),
        # Translators: the name of a rule set: standard (international) backgammon
        N_("standard"),
        (Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON),
        True,
    )
    # The other games of the board (docs/tavla-games.md); game/tavla/engine/board_games.py holds how
    # each is played. Portes: backgammon as the Greeks play it in a Tavli match (no backgammon, no cube,
    # the larger die forced, the opening's winner rolls again). The rest have no hitting: 1 point, or 2
    # when the loser bore off none, the larger die forced.
    PORTES = (
        "portes",
        # Translators: Portes, backgammon as played in Greece (no backgammon, no cube), in the menu
        N_("Portes"),
        # Translators: the name of the Greek game Portes (backgammon without backgammons or the cube)
        N_("portes"),
        (Outcome.SINGLE, Outcome.GAMMON),
        True,
    )
    PLAKOTO = (
        "plakoto",
        # Translators: the Greek game Plakoto (checkers are pinned, not hit), as a choice in the menu
        N_("Plakoto"),
        # Translators: the name of the Greek game Plakoto
        N_("plakoto"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
    )
    FEVGA = (
        "fevga",
        # Translators: the Greek game Fevga (both sides run the same way round), as a choice in the menu
        N_("Fevga"),
        # Translators: the name of the Greek game Fevga
        N_("fevga"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
    )
    GUL_BARA = (
        "gulbara",
        # Translators: the game Gul bara ("rosespring": Fevga's board, doubles cascade), in the menu
        N_("Gul bara"),
        # Translators: the name of the game Gul bara
        N_("gul bara"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
    )

    display_name: str
    short_name: str
    result_kinds: tuple[Outcome, ...]
    larger_die_forced: bool

    def __new__(
        cls, value: str, display_name: str, short_name: str, result_kinds: tuple[Outcome, ...], forced: bool
    ) -> "Rules":
        member = str.__new__(cls, value)
        member._value_ = value
        member.display_name = display_name
        member.short_name = short_name
        member.result_kinds = result_kinds
        member.larger_die_forced = forced
        return member

    @classmethod
    def parse(cls, value: object) -> "Rules":
        """The rule set named `value` (a name from outside, or a Rules); else UserError naming them all."""
        if isinstance(value, cls):
            return value
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        # Translators: {rules} is what was asked for; {known} lists the rule sets' names (tavla, standard)
        message = _("unknown rule set {rules}; use one of: {known}")
        raise UserError(message.format(rules=repr(value), known=", ".join(cls.names())))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The rule sets' names, the default first (for `choices=`, the config schema and messages)."""
        return tuple(member.value for member in cls)

    @classmethod
    def backgammon(cls) -> tuple["Rules", ...]:
        """The rule sets of backgammon itself (tavla, standard): what the table, the cube, the analysis
        and the backgammon networks play; the other games of the board are played by bots for now."""
        return (cls.TAVLA, cls.STANDARD)

    @classmethod
    def backgammon_names(cls) -> tuple[str, ...]:
        """The names of `backgammon()`, for the commands and settings that take only those."""
        return tuple(member.value for member in cls.backgammon())

    @property
    def is_backgammon(self) -> bool:
        """Whether this is backgammon (tavla or standard), as opposed to another game of the board."""
        return self in Rules.backgammon()

    @property
    def hits(self) -> bool:
        """Whether checkers are hit and enter from the bar (backgammon and Portes): the backgammon bots,
        moves and networks play it."""
        return self.is_backgammon or self is Rules.PORTES

    @property
    def max_points(self) -> int:
        """The most one game can score: a backgammon under standard rules, a mars under tavla's; what a
        disqualified player's opponent scores."""
        return len(self.result_kinds)

    def points(self, gammon_level: int) -> int:
        """Points for a win of `gammon_level` (1 single, 2 mars/gammon, 3 backgammon, as position.py
        counts them): tavla has no backgammon, so it scores 2 there."""
        return min(gammon_level, self.max_points)

    def result_kind(self, points: int) -> Outcome:
        """What a win worth `points` is called in results and records."""
        return self.result_kinds[points - 1]

    @property
    def resignations(self) -> tuple[Resignation, ...]:
        """The levels a player may resign at: those that score apart (a single game, a mars or gammon,
        and under standard rules a backgammon)."""
        return tuple(Resignation(level) for level in range(1, self.max_points + 1))

    @property
    def has_cube(self) -> bool:
        """Whether the doubling cube is played: standard backgammon; Turkish tavla has none."""
        return self is Rules.STANDARD

    def check_cube(self) -> None:
        """UserError, saying which rules have one, when this rule set has no doubling cube."""
        if not self.has_cube:
            # Translators: {rules} is the rule set's name (tavla)
            message = _("the {rules} rule set has no doubling cube; use --rules standard")
            raise RulesRefused(message.format(rules=self), self)

    @property
    def equity_weights(self) -> tuple[float, float, float, float, float]:
        """Weights that turn an evaluator's outputs (win, win gammon, win backgammon, lose gammon, lose
        backgammon) into the expected points: `outputs @ weights - 1`."""
        gammon, backgammon = self.points(2), self.points(3)
        extra, more = float(gammon - 1), float(backgammon - gammon)
        return (2.0, extra, more, 0.0 - extra, 0.0 - more)


MAX_CUBE_MATCH = 25  # the longest match the shipped match equity table covers
MONEY = 0  # the length of a money session (no length), as GNU Backgammon and .mat files write it


@dataclass(frozen=True)
class MatchRules:
    """What is played: a rule set, a match length (None: money play, each game scored alone), whether
    the doubling cube is used, and for money play the Jacoby rule (gammons count only after a double)
    and beavers (a player doubled may take and at once redouble, keeping the cube). Matches with the
    cube follow the Crawford rule. Checked once where it is made."""

    rules: Rules = Rules.TAVLA
    length: int | None = None
    cube: bool = False
    jacoby: bool = False
    beavers: bool = False

    def __post_init__(self) -> None:
        if self.cube:
            self.rules.check_cube()
        if self.jacoby and (not self.cube or self.length is not None):
            raise UserError(_("the Jacoby rule is for money play with the cube"))
        if self.beavers and (not self.cube or self.length is not None):
            raise UserError(_("beavers are for money play with the cube"))
        if self.cube and self.length is not None and not 1 <= self.length <= MAX_CUBE_MATCH:
            message = _("a match with the cube is played to 1 to {most} points, not {length}")
            raise UserError(message.format(most=MAX_CUBE_MATCH, length=self.length))

    @property
    def crawford(self) -> bool:
        """Whether the Crawford rule applies: in every match played with the cube."""
        return self.cube and self.length is not None


def crawford_game(length: int, scores: Sequence[tuple[int, int]]) -> bool:
    """The Crawford rule: whether the game played at the last of `scores` (the score before each game
    of a match to `length`, in order) is the Crawford game, the first in which a player needs exactly
    one point; in it nobody may double."""
    needs_one = [length - 1 in score for score in scores]
    return bool(needs_one) and needs_one[-1] and not any(needs_one[:-1])

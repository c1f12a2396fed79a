"""The registry of the games of the tavla board: one `Rules` member per game, everything it is, defined once.

python-chess's `variant.py` is the model. A member carries what the rest of the program asks of a game:
- its names: its value (how config, command line, save files, reports and the line protocol write it:
  a `Rules` is a `str`, so it prints, serialises and compares as that name), `display_name` for the
  menu and `short_name` for the table's captions (to translate with `_` where shown);
- how it is played: `variant`, the `Variant` that says where the checkers start, which plays a roll
  allows and when the game ends (game/tavla/engine/variant.py, plakoto.py, fevga.py), and
  `larger_die_forced`, whether a player who can play only one die must play the larger;
- its scoring: the result kinds by points (`points`, `result_kind`, `resignations`), whether the
  doubling cube is played (`has_cube`) and the evaluator's equity weights;
- what serves it beyond the table: `analysable` (a judge knows it: the analysis, the hint's ranking and
  the tutor) and `records`, the `.mat`-like files it is read back from (every other game of the board is
  kept in our table-games record, game/tavla/record/tgr.py).

`TableGames` adds what a match at the table plays: one game throughout, or the Greek Tavli match's
three in turn (`TAVLI`).

A game is parsed once where its name comes in from outside (the command line, the config, a save or
match file, an external bot's protocol) with `Rules.parse` or `TableGames.parse`, and passed on as it is;
nothing below the edge compares names or looks a game up. What a match adds to its game (its length,
and for the cube Crawford and Jacoby) belongs to the match, next to its `Rules` (`MatchRules` below).
A new game of the board is a Variant subclass and a member here.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.core.errors import RulesRefused, UserError
from game.core.text.i18n import N_, _
from game.tavla.engine.fevga import Fevga, GulBara, Moultezim
from game.tavla.engine.nardy import LongNardy
from game.tavla.engine.plakoto import Plakoto
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.variant import Portes, Variant

BACKGAMMON_RECORDS = (".mat", ".sgf")  # GNU Backgammon's match files, which hold backgammon only


class Rules(StrEnum):
    """A game of the tavla board. Members: `Rules.TAVLA` (the seed's, the default) and `Rules.STANDARD`
    (backgammon), `Rules.PORTES`, `Rules.PLAKOTO`, `Rules.FEVGA`, `Rules.GUL_BARA`, `Rules.NARDY` (long
    nardy) and `Rules.MOULTEZIM` (the other games of the board, docs/tavla-games.md)."""

    # value, display_name (the menu), short_name (the table's captions), result kinds by points
    # (the last one is also what a disqualification is worth), larger_die_forced, the doubling cube,
    # analysable, records, and the Variant class that plays it
    TAVLA = (
        "tavla",
        # Translators: the Turkish rule set (no backgammon, no doubling cube), as a choice in the menu
        N_("Tavla"),
        # Translators: the name of a rule set: Turkish tavla (no doubling cube, mars is worth 2 points)
        N_("tavla"),
        (Outcome.SINGLE, Outcome.MARS),
        False,
        False,
        True,
        BACKGAMMON_RECORDS,
        Variant,
    )
    STANDARD = (
        "standard",
        # Translators: the international backgammon rule set, as a choice in the menu
        N_("Standard backgammon"),
        # Translators: the name of a rule set: standard (international) backgammon
        N_("standard"),
        (Outcome.SINGLE, Outcome.GAMMON, Outcome.BACKGAMMON),
        True,
        True,
        True,
        BACKGAMMON_RECORDS,
        Variant,
    )
    # The other games of the board (docs/tavla-games.md). Portes: backgammon as the Greeks play it in a
    # Tavli match (no backgammon, no cube, the larger die forced, the opening's winner rolls again). The
    # rest have no hitting: 1 point, or 2 when the loser bore off none, the larger die forced. Portes is
    # judged by backgammon's judge with its own scoring, the rest by their own networks; a match of them
    # is kept in our table-games record (game/tavla/record/tgr.py), Portes also in our .mat export.
    PORTES = (
        "portes",
        # Translators: Portes, backgammon as played in Greece (no backgammon, no cube), in the menu
        N_("Portes"),
        # Translators: the name of the Greek game Portes (backgammon without backgammons or the cube)
        N_("portes"),
        (Outcome.SINGLE, Outcome.GAMMON),
        True,
        False,
        True,
        (".mat",),
        Portes,
    )
    PLAKOTO = (
        "plakoto",
        # Translators: the Greek game Plakoto (checkers are pinned, not hit), as a choice in the menu
        N_("Plakoto"),
        # Translators: the name of the Greek game Plakoto
        N_("plakoto"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
        False,
        True,
        (),
        Plakoto,
    )
    FEVGA = (
        "fevga",
        # Translators: the Greek game Fevga (both sides run the same way round), as a choice in the menu
        N_("Fevga"),
        # Translators: the name of the Greek game Fevga
        N_("fevga"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
        False,
        True,
        (),
        Fevga,
    )
    GUL_BARA = (
        "gulbara",
        # Translators: the game Gul bara ("rosespring": Fevga's board, doubles cascade), in the menu
        N_("Gul bara"),
        # Translators: the name of the game Gul bara
        N_("gul bara"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
        False,
        True,
        (),
        GulBara,
    )
    NARDY = (
        "nardy",
        # Translators: long nardy, the game of Ukraine and Russia (both sides run the same way, one
        # checker holds a point), as a choice in the menu; Ukrainian players call it "довгі нарди"
        N_("Long nardy"),
        # Translators: the name of the game long nardy
        N_("long nardy"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
        False,
        True,
        (),
        LongNardy,
    )
    MOULTEZIM = (
        "moultezim",
        # Translators: the Turkish game Moultezim (Fevga's cousin: both sides run the same way), in the menu
        N_("Moultezim"),
        # Translators: the name of the Turkish game Moultezim
        N_("moultezim"),
        (Outcome.SINGLE, Outcome.MARS),
        True,
        False,
        True,
        (),
        Moultezim,
    )

    display_name: str
    short_name: str
    result_kinds: tuple[Outcome, ...]
    larger_die_forced: bool
    has_cube: bool
    """Whether the doubling cube is played: standard backgammon; Turkish tavla and the Greek games have
    none."""
    analysable: bool
    """Whether a judge knows the game (game/tavla/eval/judges.py): the analysis, the hint and the tutor;
    every game of the board. GNU Backgammon's Position and Match IDs and the position lab are
    backgammon's (`is_backgammon`)."""
    records: tuple[str, ...]
    """The GNU Backgammon match files the game is read back from (.mat and .sgf: backgammon's; our
    .mat export of Portes); the other games are kept in our table-games record (`.tgr`)."""
    variant: Variant
    """How the game is played (game/tavla/engine/variant.py): what the game flow asks of it."""

    def __new__(
        cls,
        value: str,
        display_name: str,
        short_name: str,
        result_kinds: tuple[Outcome, ...],
        forced: bool,
        cube: bool,
        analysable: bool,
        records: tuple[str, ...],
        variant: type[Variant],
    ) -> "Rules":
        member = str.__new__(cls, value)
        member._value_ = value
        member.display_name = display_name
        member.short_name = short_name
        member.result_kinds = result_kinds
        member.larger_die_forced = forced
        member.has_cube = cube
        member.analysable = analysable
        member.records = records
        member.variant = variant(member)
        return member

    @classmethod
    def parse(cls, value: object) -> "Rules":
        """The game named `value` (a name from outside); else UserError naming them all."""
        if isinstance(value, str) and value in cls._value2member_map_:
            return cls(value)
        # Translators: {rules} is what was asked for; {known} lists the rule sets' names (tavla, standard)
        message = _("unknown rule set {rules}; use one of: {known}")
        raise UserError(message.format(rules=repr(value), known=", ".join(cls.names())))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The games' names, the default first (for `choices=`, the config schema and messages)."""
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

    @classmethod
    def without_hitting(cls) -> tuple["Rules", ...]:
        """The games in which nothing is hit (Plakoto, Fevga, Gul bara, long nardy, Moultezim): their own
        bots and networks."""
        return tuple(member for member in cls if not member.hits)

    @property
    def is_backgammon(self) -> bool:
        """Whether this is backgammon (tavla or standard), as opposed to another game of the board."""
        return self in Rules.backgammon()

    @property
    def hits(self) -> bool:
        """Whether checkers are hit and enter from the bar (backgammon and Portes): the backgammon bots,
        moves and networks play it."""
        return self.variant.hits

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


@dataclass(frozen=True)
class TableGames:
    """The games of a match at the table in the order they are played, over and over: one game alone, or
    a Tavli match's three. `name` is how the config, the menu and the command line write it."""

    name: str
    rotation: tuple[Rules, ...]
    display_name: str

    def __str__(self) -> str:
        return self.name

    @property
    def first(self) -> Rules:
        """The first game (the only one unless this is a Tavli match)."""
        return self.rotation[0]

    def rules_of(self, index: int) -> Rules:
        """The game of the match's game number `index` (0 the first)."""
        return self.rotation[index % len(self.rotation)]

    @classmethod
    def of(cls, rules: Rules) -> "TableGames":
        """One game alone, match after match."""
        return cls(rules.value, (rules,), rules.display_name)

    @classmethod
    def parse(cls, value: object) -> "TableGames":
        """The games a name from outside stands for (a game's, or `tavli`); else UserError naming them all."""
        if value == TAVLI.name:
            return TAVLI
        if isinstance(value, str) and value in Rules.names():
            return cls.of(Rules(value))
        # Translators: {rules} is what was asked for; {known} lists the games' names (tavla, ..., tavli)
        message = _("unknown game {rules}; use one of: {known}")
        raise UserError(message.format(rules=repr(value), known=", ".join(table_choices())))


TAVLI = TableGames(
    "tavli",
    (Rules.PORTES, Rules.PLAKOTO, Rules.FEVGA),
    # Translators: the Greek match of three games in turn (Portes, Plakoto, Fevga), as a menu choice
    N_("Tavli match"),
)


def table_choices() -> tuple[str, ...]:
    """What the table offers by name: every game, then the Tavli match."""
    return (*Rules.names(), TAVLI.name)


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

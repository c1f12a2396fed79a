"""How a game of tavla ends: the kind of win (`Outcome`), why a bot was disqualified (`Fault`), and
what a player gives up by resigning (`Resignation`).

Both are `str` values: each is written in results, records, reports (`--json`, the disqualification
log) as its English word, and compares equal to it; `label` is what a player reads, to translate with
`_` where shown.
"""

from enum import IntEnum, StrEnum

from game.core.text.i18n import N_


class _Labelled(StrEnum):
    """A str value with the (untranslated) `label` a player reads."""

    label: str

    def __new__(cls, value: str, label: str) -> "_Labelled":
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member


class Outcome(_Labelled):
    """How a game was won (`GameResult.kind`)."""

    # Translators: how a game was won: a single game, worth 1 point (neither mars nor backgammon)
    SINGLE = "single", N_("single")
    # Translators: how a game was won in tavla rules: the loser bore off no checker (2 points)
    MARS = "mars", N_("mars")
    # Translators: how a game was won in standard rules: the loser bore off no checker (2 points)
    GAMMON = "gammon", N_("gammon")
    # Translators: how a game was won: the loser bore off nothing and has a checker on the bar or in the
    # winner's home board (3 points)
    BACKGAMMON = "backgammon", N_("backgammon")
    # Translators: how a game ended: a player passed (declined) the opponent's double, losing the cube's value
    PASSED = "passed", N_("double passed")
    # Translators: how a game ended: the bot made an illegal play or gave no answer, and lost
    DISQUALIFICATION = "disqualification", N_("disqualification")
    # Translators: how a game ended: nobody won (Plakoto, both players' last checkers on their starting
    # points pinned); it scores no point
    DRAW = "draw", N_("draw")

    @property
    def gammon(self) -> bool:
        """A win worth more than a single game on the board: a mars, a gammon or a backgammon."""
        return self in (Outcome.MARS, Outcome.GAMMON, Outcome.BACKGAMMON)


class Fault(_Labelled):
    """Why a bot lost a game by disqualification (`GameResult.fault`); the tournament counts them by kind."""

    # Translators: a kind of bot fault in a tournament's table and log: it played against the rules
    ILLEGAL = "illegal", N_("illegal")  # a well-formed play that breaks the rules
    # Translators: a kind of bot fault in a tournament's table and log: its answer was not a play at all
    GARBAGE = "garbage", N_("garbage")  # an answer that is not a play in the notation at all
    # Translators: a kind of bot fault in a tournament's table and log: it crashed or its program exited
    CRASH = "crash", N_("crash")  # the bot raised, or its program exited or could not start
    # Translators: a kind of bot fault in a tournament's table and log: it did not answer in time
    TIMEOUT = "timeout", N_("timeout")  # no answer within the time limit
    # Translators: a kind of bot fault in a tournament's table and log: its answer was far too long
    OVERSIZED = "oversized", N_("oversized")  # an answer longer than the protocol allows
    # Translators: a kind of bot fault in a tournament's table and log: it forfeited after too many faults
    ABANDONED = "abandoned", N_("abandoned")  # the rest of its games, after too many faults in a row


class Resignation(IntEnum):
    """What a player offers to lose by resigning: the game as a single game, a gammon (mars under the
    tavla rules) or a backgammon. The value is the gammon level (position.py's 1, 2, 3); what it scores
    is `Rules.points(level)` times the cube, and `Rules.resignations` are the levels a rule set scores
    (tavla has no backgammon). Saves write its lower-case name."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @property
    def word(self) -> str:
        """The level as the save file writes it: single, gammon, backgammon."""
        return self.name.lower()

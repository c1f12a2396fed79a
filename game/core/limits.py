"""The numbers a user may type (on the command line, or passed to the commands' functions), each with
its range, and the one check that holds them: a number is read once, where it comes in, and a value
out of its range is refused there with a message that quotes it cut (game/core/text/quoting.py) and says what
is allowed, so no 5,000-digit seed or `1e308` time limit travels on to fail deep inside as a crash. The
commands' options read theirs through the argparse types at the end (`whole_argument`...).
"""

import argparse
import math
from collections.abc import Callable

from game.core.errors import UserError
from game.core.text.i18n import N_, _
from game.core.text.quoting import in_quotes, quoted

MAX_SEED = 2**63 - 1  # every seed: a puzzle's game ID `WxH#seed` carries one (game/puzzle/model/board.py)
MAX_GAMES = 1_000_000_000  # games (or matches) per pair in a tournament
MAX_JOBS = 256  # worker processes asked for; a tournament uses no more than the CPUs and the games
MAX_TIMEOUT = 3600.0  # seconds per answer: an hour; beyond, the clocks of the system overflow
MAX_ROLLOUT_GAMES = 10_000_000  # games of a rollout (a million take hours)
MAX_ROLLOUT_PLIES = 1000  # a rollout's --truncate: rolls before a game is judged
MAX_ROLLOUT_PLAYS = 1000  # a rollout's --plays: more than any roll has
MAX_DIGITS = 40  # text longer than this is not read as a number at all

# Translators: {low} and {high} are whole numbers; said after a number that was refused
WHOLE_RANGE = N_("give a whole number from {low} to {high}")
# Translators: {max} is the largest seed, a 19-digit number.
SEED_RANGE = N_("a seed is a whole number from 0 to {max}")


class OutOfRange(UserError, ValueError):
    """A number typed by a user is not one, or is outside its range. A UserError for the command line
    (one line, exit 2) and a ValueError for argparse's type functions."""


def whole_number(value: object, low: int, high: int, allowed: str | None = None) -> int:
    """`value` (an int, or the text typed) as a whole number from `low` to `high`; OutOfRange
    otherwise. `allowed` says what the number may be (default: "give a whole number from low to high")."""
    allowed = allowed if allowed is not None else _(WHOLE_RANGE).format(low=low, high=high)
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()):
            # Translators: {text} is what was typed, quoted
            problem = _("'{text}' is not a whole number").format(text=quoted(value.strip()))
            raise OutOfRange(_problem(problem, allowed))
        number: object = int(text) if len(digits) <= MAX_DIGITS else high + 1  # never read: too long
    else:
        number = value
    if isinstance(number, bool) or not isinstance(number, int):
        problem = _("'{text}' is not a whole number").format(text=quoted(value))
        raise OutOfRange(_problem(problem, allowed))
    if not low <= number <= high:
        # Translators: {value} is the number given, quoted
        problem = _("{value} is out of range").format(value=_shown(value))
        raise OutOfRange(_problem(problem, allowed))
    return number


def seed_number(value: object) -> int:
    """A seed: a whole number from 0 to MAX_SEED (OutOfRange otherwise)."""
    return whole_number(value, 0, MAX_SEED, _(SEED_RANGE).format(max=MAX_SEED))


def answer_seconds(value: object) -> float:
    """A time limit per answer in seconds, above 0 and at most MAX_TIMEOUT, from a number or the text
    typed; OutOfRange otherwise."""
    number: object = value
    if isinstance(value, str):
        try:
            number = float(value) if len(value) <= MAX_DIGITS else math.nan
        except ValueError:
            number = math.nan
    if (
        isinstance(number, bool)
        or not isinstance(number, int | float)
        or not math.isfinite(number)
        or not 0 < number <= MAX_TIMEOUT
    ):
        # Translators: {most} is a number of seconds (3600); {seconds} is what was given, quoted
        message = _(
            "the time limit per answer must be a positive number of seconds, at most {most}, not {seconds}"
        )
        raise OutOfRange(message.format(most=f"{MAX_TIMEOUT:g}", seconds=_shown(value)))
    return float(number)


def _shown(value: object) -> str:
    """The value as the user gave it, cut: text as typed, a number as Python writes it."""
    return in_quotes(value.strip()) if isinstance(value, str) else in_quotes(value)


def _problem(problem: str, allowed: str) -> str:
    # Translators: {problem} says what is wrong with a number ("'abc' is not a whole number"); {allowed}
    # says what is allowed ("give a whole number from 1 to 256")
    return _("{problem}; {allowed}").format(problem=problem, allowed=allowed)


def idle_seconds(value: object) -> float:
    """An idle limit in seconds (a socket's quiet time), above 0 and at most MAX_TIMEOUT; OutOfRange
    otherwise."""
    try:
        return answer_seconds(value)
    except OutOfRange:
        # Translators: {most} is a number of seconds (3600); {seconds} is what was given, quoted
        message = _("the idle limit must be a positive number of seconds, at most {most}, not {seconds}")
        raise OutOfRange(message.format(most=f"{MAX_TIMEOUT:g}", seconds=_shown(value))) from None


def argument_type(check: Callable[[str], object], name: str) -> Callable[[str], object]:
    """An argparse type from a check of this module: a refused number is argparse's one-line error,
    which quotes it cut and says the range."""

    def convert(text: str) -> object:
        try:
            return check(text)
        except OutOfRange as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    convert.__name__ = name
    return convert


def whole_argument(low: int, high: int) -> Callable[[str], object]:
    """The argparse type of a whole number from `low` to `high`."""
    return argument_type(lambda text: whole_number(text, low, high), "int")


seed_argument = argument_type(seed_number, "seed")
seconds_argument = argument_type(answer_seconds, "seconds")
idle_argument = argument_type(idle_seconds, "seconds")

"""The exceptions that carry a message meant for the user, not a traceback (and a failed output)."""


class UserError(Exception):
    """Bad input from a user or a bot author: the message says what was wrong and what is allowed.

    The command line prints the message on one line and exits with status 2; the window shows it.
    """


class RulesRefused(UserError):
    """What was asked is not in the rule set `rules` (the cube under tavla, a backgammon bot in Plakoto):
    where that rule set came from the config file, the command line says so (game/cli.py)."""

    def __init__(self, message: str, rules: object) -> None:
        super().__init__(message)
        self.rules = rules


class BotFailed(UserError):
    """A bot itself failed (it crashed, gave no answer in time, or answered an illegal play), as opposed
    to bad input from the user: the command line prints the bot's message and exits with status 3."""


class OutputFailed(OSError):
    """Writing to standard output failed (it is closed, the disk is full, the device refuses): the
    command line says so on stderr and exits with status 74 (EX_IOERR), with no crash log. A reader
    that stops reading (a broken pipe) is not this: that is a quiet end."""

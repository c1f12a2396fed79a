"""The one exception type that carries a message meant for the user, not a traceback."""


class UserError(Exception):
    """Bad input from a user or a bot author: the message says what was wrong and what is allowed.

    The command line prints the message on one line and exits with status 2; the window shows it.
    """


class BotFailed(UserError):
    """A bot itself failed (it crashed, gave no answer in time, or answered an illegal play), as opposed
    to bad input from the user: the command line prints the bot's message and exits with status 3."""

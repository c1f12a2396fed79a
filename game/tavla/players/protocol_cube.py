"""The doubling cube in the line protocol: the declaration, the two questions and their answers.

A program learns from `TAVLA_CUBE=1` in its environment that its games are played with the cube. It
declares that it answers cube questions by writing the line `cube on` before its first answer (best at
once, before it reads anything); the referee reads the declaration with the first answer after each
start of the program. Until then, and for a program that never declares, nothing changes: it is sent
no cube question, never doubles and always takes. So a cube question is never sent before the program
has answered once since its start: the only one that can come that early is a double at a player's
very first turn, answered "no double" for it (a double there is never right in practice). The rule is
the same whatever the timing, so the same seed gives the same games.

Questions, one line each, from the side of the player asked, with the cube as it stands before the
double (docs/bot-protocol.md):

    double <28 ints> <cube value> <owner> <match length or 0> <my score> <their score> \
        <crawford 0|1> <jacoby 0|1>
    take <the same fields>

`owner` is centre, me or opponent. `double` is asked before the program's roll when it may double and
is answered `double` or `no double`; `take` is asked when the opponent doubles, answered `take` or
`pass`. Any other answer is garbage.
"""

from collections.abc import Sequence

from game.core.text.i18n import _
from game.tavla.engine.cube import Cube
from game.tavla.engine.position import format_state

CUBE_ENV = "TAVLA_CUBE"  # "1" in the environment of a program whose games have the cube
DECLARATION = "cube on"
DECLARED = DECLARATION.encode("ascii")
DOUBLE, TAKE = "double", "take"
ANSWERS = {DOUBLE: {"double": True, "no double": False}, TAKE: {"take": True, "pass": False}}


def cube_question(question: str, state: Sequence[int], cube: Cube) -> str:
    """The request line of a cube question (`double` or `take`), without its line feed."""
    score = cube.score
    match = (score.length, score.mine, score.theirs, int(score.crawford)) if score else (0, 0, 0, 0)
    fields = (cube.value, cube.owner.value, *match, int(cube.jacoby))
    return f"{question} {format_state(state)} {' '.join(map(str, fields))}"


def reply_to(question: str, answer: str) -> bool:
    """What an answer line says to a cube question: True (double, take) or False (no double, pass);
    ValueError saying what the answers are when it is neither."""
    reply = ANSWERS[question].get(answer.strip())
    if reply is None:
        yes, no = ANSWERS[question]
        # Translators: {question} is double or take (a line of the bot protocol); {yes} and {no} are the
        # two answers the bot could give (double / no double, take / pass), kept as they are
        message = _("the answer to a {question} question is {yes} or {no}")
        raise ValueError(message.format(question=question, yes=repr(yes), no=repr(no)))
    return reply


def is_declaration(line: bytes) -> bool:
    """Whether an output line is the program's declaration that it answers cube questions."""
    return line.rstrip(b"\r\n") == DECLARED


def may_be_declaration(data: bytes) -> bool:
    """Whether output read so far is the declaration with its line ending, or a beginning of it."""
    return any((DECLARED + end).startswith(data) for end in (b"\n", b"\r\n"))

"""Window-free bodies of the `moves`, `bot` and `cube` commands (docs/commands.md); game/cli.py parses
the arguments.

They take the raw text the user typed and raise UserError naming the problem, which the command line
prints before exiting with status 2. No Arcade here: these run in scripts and CI.
"""

from collections.abc import Sequence

from game.errors import BotFailed, UserError
from game.i18n import N_, _
from game.quoting import in_quotes, quoted
from game.tavla.engine.cube import Cube, CubeOwner, MatchScore
from game.tavla.engine.moves import IllegalPlay
from game.tavla.engine.notation import format_play
from game.tavla.engine.position import parse_integer, parse_integers, parse_state
from game.tavla.engine.rules import Rules

# Translators: --dice is the command-line option; keep it as it is
DICE_HELP = N_("give two dice, each an integer from 1 to 6, e.g. --dice 6 4")
_NOT_INTEGER = (
    # Translators: {text} is what was typed, quoted; {help} is the sentence "give two dice, ..."
    N_("the first die is not an integer: {text}; {help}"),
    # Translators: {text} is what was typed, quoted; {help} is the sentence "give two dice, ..."
    N_("the second die is not an integer: {text}; {help}"),
)
_OUT_OF_RANGE = (
    # Translators: {die} is the number typed; {help} is the sentence "give two dice, ..."
    N_("the first die must be from 1 to 6, got {die}; {help}"),
    # Translators: {die} is the number typed; {help} is the sentence "give two dice, ..."
    N_("the second die must be from 1 to 6, got {die}; {help}"),
)


def parse_dice(values: Sequence[str]) -> tuple[int, int]:
    """Two dice from command-line words; UserError when not exactly two integers 1-6."""
    if isinstance(values, str):
        values = values.split()
    if len(values) != 2:
        # Translators: {count} is how many numbers were given; {help} is the sentence "give two dice, ..."
        message = _("expected 2 dice, got {count}; {help}")
        raise UserError(message.format(count=len(values), help=_(DICE_HELP)))
    dice = []
    for index, value in enumerate(values):
        text = str(value).strip()
        die = parse_integer(text)
        if die is None:
            message = _(_NOT_INTEGER[index])
            raise UserError(message.format(text=in_quotes(text), help=_(DICE_HELP)))
        if not 1 <= die <= 6:
            raise UserError(_(_OUT_OF_RANGE[index]).format(die=die, help=_(DICE_HELP)))
        dice.append(die)
    return dice[0], dice[1]


def moves_command(state_text: str, dice: list[str], rules: Rules = Rules.TAVLA) -> list[str]:
    """Every legal play, one line per distinct resulting position, highest moves first; [] if none."""
    variant = rules.variant
    state = variant.validate(parse_integers(state_text))
    die1, die2 = parse_dice(dice)
    return [format_play(play) for play in sorted(variant.legal_plays(state, die1, die2), reverse=True)]


def bot_command(
    bot_name: str,
    state_text: str,
    dice: list[str],
    rules: Rules = Rules.TAVLA,
    timeout: float | None = None,
) -> str:
    """The named bot's play for the position and dice, checked for legality and written canonically.

    The bot answers under the tournament's time limit (`timeout`, default 1 s; a `cmd:` program gets
    its start-up allowance too); a Python bot runs in a process of its own, so a loop, a crash or
    `os._exit` is the bot's failure (BotFailed), never the command's.
    """
    from game.tavla.engine.game import BotFault, shown_answer
    from game.tavla.players.child import DEFAULT_TIMEOUT, REASON_CHARS, check_timeout
    from game.tavla.players.isolated import close_bot, guarded_bot

    variant = rules.variant
    limit = DEFAULT_TIMEOUT if timeout is None else check_timeout(timeout)
    state = variant.validate(parse_integers(state_text))
    die1, die2 = parse_dice(dice)
    shown = in_quotes(bot_name)
    bot = guarded_bot(bot_name, rules=rules, timeout=limit)
    try:
        answer = bot.play(list(state), die1, die2)
    except BotFault as fault:
        reason = quoted(str(fault), REASON_CHARS)
        # Translators: {bot} is the bot's name, quoted; {reason} says how it failed (a crash, a timeout...)
        raise BotFailed(_("bot {bot} failed: {reason}").format(bot=shown, reason=reason)) from None
    except UserError:
        raise
    except Exception as error:  # noqa: BLE001 - a built-in bot's bug is still the bot's failure
        reason = quoted(f"{type(error).__name__}: {error}", REASON_CHARS)
        raise BotFailed(_("bot {bot} failed: {reason}").format(bot=shown, reason=reason)) from None
    finally:
        close_bot(bot)
    try:
        return format_play(variant.check_play(state, die1, die2, answer))
    except IllegalPlay as error:
        # Translators: {bot} is the bot's name and {answer} its answer, both quoted; {reason} says what is
        # wrong with the play
        message = _("bot {bot} answered an illegal play {answer}: {reason}")
        raise BotFailed(message.format(bot=shown, answer=shown_answer(answer), reason=error)) from None


NO_DOUBLE_POSSIBLE = "no double possible"  # the `cube` command's first line when the cube may not be offered
CUBE_BOTS = ("expert", "master", "grandmaster")  # the judge's levels, whose cube decisions these are


def _no_double_reason(cube: Cube) -> str:
    """Why the player on roll may not double now, for the `cube` command's second line."""
    if cube.crawford:
        return _("the Crawford game: neither player may double")
    if cube.owner is CubeOwner.OPPONENT:
        return _("the opponent owns the cube: only they may double")
    return _("the cube is at {value}, the highest it goes").format(value=cube.value)


def cube_command(
    state_text: str,
    rules: Rules,
    cube_value: int = 1,
    owner: str = "centre",
    match: int | None = None,
    score: Sequence[int] | None = None,
    crawford: bool = False,
    jacoby: bool = False,
    bot_name: str = "master",
) -> list[str]:
    """The cube decision before the roll: the action line, the equities, and the cubeless chances."""
    from game.tavla.eval.judge import judge_for

    rules.check_cube()
    if bot_name not in CUBE_BOTS:
        message = _("bot {bot} gives no cube equities; use one of: {known}")
        raise UserError(message.format(bot=in_quotes(bot_name), known=", ".join(CUBE_BOTS)))
    if match is None and (score is not None or crawford):
        raise UserError(_("--score and --crawford need --match N"))
    if owner not in CubeOwner._value2member_map_:
        message = _("the cube's owner is one of: {known}, not {owner}")
        raise UserError(message.format(known=", ".join(CubeOwner), owner=in_quotes(owner)))
    match_score = None
    if match is not None:
        mine, theirs = score if score is not None else (0, 0)
        match_score = MatchScore(match, mine, theirs, crawford)
    cube = Cube(cube_value, CubeOwner(owner), match_score, jacoby)
    state = parse_state(state_text)
    judge = judge_for(rules, bot_name)
    chances = judge.pre_roll(state)
    decision = judge.cube_decision(state, cube)
    if cube.may_double():
        action = decision.action.value
        equities = _("no double {nd:+.3f}, double/take {dt:+.3f}, double/pass {dp:+.3f}").format(
            nd=decision.no_double, dt=decision.double_take, dp=decision.double_pass
        )
    else:
        action = NO_DOUBLE_POSSIBLE
        # Translators: {reason} says why the player on roll may not double; {equity} is a signed number
        equities = _("{reason}; equity {equity:+.3f}").format(
            reason=_no_double_reason(cube), equity=decision.no_double
        )
    names = ("win", "gammon", "backgammon", "lose_gammon", "lose_backgammon")
    # Translators: the cubeless chances of the player on roll, in per cent
    shares = _(
        "win {win:.1f}% (gammon {gammon:.1f}%, backgammon {backgammon:.1f}%), "
        "lose gammon {lose_gammon:.1f}%, backgammon {lose_backgammon:.1f}%"
    )
    return [action, equities, shares.format(**dict(zip(names, 100.0 * chances, strict=True)))]

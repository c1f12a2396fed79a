"""The table's words about the doubling cube (pure text, no Arcade): the status before a roll, the
double's dialogs (and a beaver's), the computer's answer, the cube hint and the Crawford game's mark."""

from game.core.text.i18n import _, ngettext
from game.tavla.engine.cube import CubeAction
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.eval.cube_decision import CubeDecision
from game.tavla.eval.doubling import BEAVER_EDGE
from game.tavla.screens.table.captions import Players


def crawford_mark() -> str:
    # Translators: beside the cube in the Crawford game (no doubling in it); a backgammon term
    return _("Crawford")


def beaver_mark() -> str:
    # Translators: under the cube while a beaver waits for its answer; a backgammon term
    return _("Beaver")


def rules_note(session: TableSession, compact: bool = False) -> str:
    """What the panel's rules line adds in the Crawford game, or in a money session with beavers (""
    otherwise)."""
    terms = session.game.terms
    if terms is not None and terms.beavers:
        # Translators: added to the panel's line "Rules: standard · game 4" in a money session played
        # with beavers (a player doubled may take and redouble at once, keeping the cube)
        return _(" · beavers")
    if terms is None or not terms.crawford:
        return ""
    if compact:
        # Translators: a small window's short " · Crawford game"
        return _(" · Crawford")
    # Translators: added to the panel's line "Rules: standard · game 4"; nobody may double in this game
    return _(" · Crawford game")


def offered_value(session: TableSession) -> int:
    """The value the cube would have after a double now."""
    return session.game.cube_value * 2


def status_text(session: TableSession, players: Players) -> str | None:
    """The status line before a roll with the cube (None in the other phases)."""
    phase = session.phase
    name = players.name(session.seat)
    value = offered_value(session)
    if phase is Phase.ROLL:
        if players.is_you(session.seat):
            # Translators: before the roll; "Double" and "Roll" are the buttons; {value} the cube's next value
            return _("Your turn: Double (to {value}) or Roll.").format(value=value)
        # Translators: {name} is the player on roll ("White" or "Black"); {value} the cube's next value
        return _("{name}: Double (to {value}) or Roll.").format(name=name, value=value)
    if phase is Phase.COMPUTER_DOUBLE:
        # Translators: {name} is a bot deciding whether to double before its roll
        return _("{name} thinks about the cube…").format(name=name)
    if phase is Phase.ANSWER and session.beavered:
        beaverer, answerer = players.name(1 - session.seat), name
        # Translators: {name} beavered (took and redoubled at once, keeping the cube); {answerer}, who
        # doubled, must take or pass (possibly "You"); {value} the cube's new value
        message = _("{name} beavers to {value}. {answerer}: Take or Pass?")
        return message.format(name=beaverer, value=value, answerer=answerer)
    if phase is Phase.ANSWER:
        answerer = players.name(1 - session.seat)
        if session.may_beaver:
            # Translators: {name} doubled; {answerer} may take, beaver or pass (possibly "You"); {value}
            # the new value
            message = _("{name} doubles to {value}. {answerer}: Take, Beaver or Pass?")
        else:
            # Translators: {name} doubled; {answerer} must take or pass (possibly "You"); {value} the new
            # value
            message = _("{name} doubles to {value}. {answerer}: Take or Pass?")
        return message.format(name=name, value=value, answerer=answerer)
    if phase is Phase.COMPUTER_ANSWER and session.beavered:
        # Translators: {name} is a bot deciding whether to take the player's beaver of its double
        return _("{name} thinks about the beaver…").format(name=name)
    if phase is Phase.COMPUTER_ANSWER:
        # Translators: {name} is a bot deciding whether to take the player's double
        return _("{name} thinks about the double…").format(name=players.name(1 - session.seat))
    return None


def roll_title(session: TableSession) -> str:
    # Translators: the question before the roll when the player may double; {value} the cube's next value
    return _("Double to {value}, or roll?").format(value=offered_value(session))


def take_texts(session: TableSession, players: Players) -> tuple[str, str]:
    """The title and the line of the dialog that asks for an answer to a double (or to a beaver, or
    a double that may be beavered)."""
    value = offered_value(session)
    now = session.game.cube_value
    if session.beavered:
        # Translators: {name} beavered the double: took it and redoubled at once, keeping the cube;
        # {value} the cube's new value
        title = _("{name} beavers to {value}").format(name=players.name(1 - session.seat), value=value)
    else:
        # Translators: {name} is the player who doubles (a bot, "White" or "Black"); {value} the new value
        title = _("{name} doubles to {value}").format(name=players.name(session.seat), value=value)
    if session.may_beaver:
        # Translators: what the three answers mean; {value} is the cube's new value, {beaver} twice it
        # (the beaver's), {points} what a pass loses
        line = ngettext(
            "Take: play on at {value} · Beaver: at {beaver}, your cube · Pass: lose {points} point",
            "Take: play on at {value} · Beaver: at {beaver}, your cube · Pass: lose {points} points",
            now,
        )
        return title, line.format(value=value, beaver=2 * value, points=now)
    # Translators: what the answers mean; {value} is the cube's new value, {points} what a pass loses
    line = ngettext(
        "Take: play on at {value} · Pass: lose {points} point",
        "Take: play on at {value} · Pass: lose {points} points",
        now,
    )
    return title, line.format(value=value, points=now)


def answer_text(name: str, takes: bool, value: int, beaver: bool = False) -> str:
    """The notice of the computer's answer to the player's double (or to the player's beaver)."""
    if takes and beaver:
        # Translators: {name} is a bot that took the player's beaver; {value} is the cube's new value
        return _("{name} takes the beaver: the cube is at {value}, yours.").format(name=name, value=value)
    if takes:
        # Translators: {name} is a bot that took the player's double; {value} is the cube's new value
        return _("{name} takes: the cube is at {value}.").format(name=name, value=value)
    if beaver:
        # Translators: {name} is a bot that passed the player's beaver, which wins the game
        return _("{name} passes the beaver.").format(name=name)
    # Translators: {name} is a bot that passed the player's double, which wins the game
    return _("{name} passes.").format(name=name)


def beaver_text(name: str) -> str:
    """The notice of the computer's beaver of the player's double."""
    # Translators: {name} is a bot that beavered the player's double: took it and redoubled at once,
    # keeping the cube; the player must take or pass next
    return _("{name} beavers!").format(name=name)


def action_text(action: CubeAction) -> str:
    """A cube decision in the player's language (the `cube` command prints the English ones)."""
    texts = {
        # Translators: a cube decision: the player on roll should not double; a double would be taken
        CubeAction.NO_DOUBLE_TAKE: _("no double, take"),
        # Translators: a cube decision: no double yet, though a double would have to be passed
        CubeAction.NO_DOUBLE_PASS: _("no double, pass"),
        # Translators: a cube decision: double, and the opponent should take
        CubeAction.DOUBLE_TAKE: _("double, take"),
        # Translators: a cube decision: double, and the opponent should pass
        CubeAction.DOUBLE_PASS: _("double, pass"),
        # Translators: a cube decision: too good to double (play on for a gammon); a double would be taken
        CubeAction.TOO_GOOD_TAKE: _("too good, take"),
        # Translators: a cube decision: too good to double (play on for a gammon); a double would be passed
        CubeAction.TOO_GOOD_PASS: _("too good, pass"),
    }
    return texts[action]


def hint_text(
    bot: str, decision: CubeDecision, answering: bool, may_beaver: bool = False, beavered: bool = False
) -> str:
    """The hint before a roll: the decision and its equities; when `answering` a double, the answer
    (a beaver where the player `may_beaver` and taking leaves them ahead) and what taking and passing
    are worth to the one answering. Answering a beaver (`beavered`), `decision` is the doubler's own
    double of the cube the beaver turned: taking is its double/take, passing loses that cube (-1)."""
    # Translators: {bot} gives the hint; {answer} is take, pass or beaver; then what taking and passing
    # are worth (equities)
    message = _("Hint ({bot}): {answer}\ntake {take:+.3f} · pass {drop:+.3f}")
    if beavered:
        takes = decision.double_take > -1.0
        # Translators: the hint's answer to a beaver: take it (play on at 4) or pass (lose 2)
        answer = _("take") if takes else _("pass")
        return message.format(bot=bot, answer=answer, take=decision.double_take, drop=-1.0)
    if answering:
        # Translators: the hint's answer to a double
        answer = _("take") if decision.action.takes else _("pass")
        if may_beaver and -decision.double_take > BEAVER_EDGE:
            # Translators: the hint's answer to a double: beaver it (take and redouble at once)
            answer = _("beaver")
        return message.format(bot=bot, answer=answer, take=-decision.double_take, drop=-decision.double_pass)
    # Translators: {bot} gives the hint; {action} e.g. "double, take"; then the equities of no double (ND),
    # double/take (D/T) and double/pass (D/P), the usual backgammon abbreviations
    message = _("Hint ({bot}): {action}\nND {nd:+.3f} · D/T {dt:+.3f} · D/P {dp:+.3f}")
    return message.format(
        bot=bot,
        action=action_text(decision.action),
        nd=decision.no_double,
        dt=decision.double_take,
        dp=decision.double_pass,
    )

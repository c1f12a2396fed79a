"""The table's words about resigning (pure text, no Arcade): the choice of level, the offer to answer,
the computer's answer and the status while an offer waits (the move list's rows and the end card's
line are captions.py's, with `level_phrase`).

A level is named as its rule set scores it (a mars under the tavla rules, a gammon under the standard
rules), with its points times the cube: what the player gives up, or wins, said in full.
"""

from game.core.text.i18n import _, ngettext
from game.tavla.engine.game import ResignOffer
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import Phase, TableSession
from game.tavla.screens.table.captions import Players, level_phrase


def level_title(level: Resignation, rules: Rules) -> str:
    """A level as a button names it: Single game, Gammon (Mars), Backgammon."""
    if level is Resignation.SINGLE:
        # Translators: a choice of how much to resign: the game as a single game (1 point)
        return _("Single game")
    if level is Resignation.GAMMON:
        if rules is Rules.TAVLA:
            # Translators: a choice of how much to resign under tavla rules: a mars (2 points)
            return _("Mars")
        # Translators: a choice of how much to resign: a gammon (2 points)
        return _("Gammon")
    # Translators: a choice of how much to resign: a backgammon (3 points)
    return _("Backgammon")


def points_at(level: Resignation, session: TableSession) -> int:
    """What an accepted resignation of `level` scores now: the level's points times the cube (a single
    game's under the Jacoby rule with the cube in the centre)."""
    return session.game.points_for(level)


def choice_title() -> str:
    # Translators: the title of the panel where the player chooses how much to resign
    return _("Resign: how much do you give up?")


def choice_line(session: TableSession, players: Players) -> str:
    """Under the choice's title: who answers, and the cube when it multiplies the points."""
    opponent = players.name(1 - session.seat)
    value = session.game.cube_value
    if value > 1:
        # Translators: {name} is the opponent who answers the offer to resign; {value} the cube's value
        return _("{name} accepts or declines. The cube is at {value}.").format(name=opponent, value=value)
    # Translators: {name} is the opponent who answers the offer to resign
    return _("{name} accepts or declines.").format(name=opponent)


def level_label(level: Resignation, session: TableSession) -> str:
    """A button of the choice: "Gammon · 2 points"."""
    points = points_at(level, session)
    # Translators: a button of the choice of how much to resign: {level} is Single game, Gammon, Mars or
    # Backgammon, {points} what the opponent wins (the cube included)
    label = ngettext("{level} · {points} point", "{level} · {points} points", points)
    return label.format(level=level_title(level, session.rules), points=points)


def cancel_label() -> str:
    # Translators: button: close the choice of how much to resign, and play on
    return _("Cancel")


def offer_texts(session: TableSession, players: Players) -> tuple[str, str]:
    """The title and the line of the panel that asks a person to accept or decline an offer."""
    offer = session.game.resign_offer
    assert offer is not None
    what = level_phrase(offer.level, session.rules)
    points = points_at(offer.level, session)
    # Translators: {name} offers to resign (a bot, "White" or "Black"); {what} is e.g. "a gammon"
    title = _("{name} resigns {what}").format(name=players.name(offer.player), what=what)
    answerer = 1 - offer.player
    if players.is_you(answerer):
        # Translators: what the answers to an offer to resign mean; {points} what accepting wins
        line = ngettext(
            "Accept: you win {points} point · Decline: play on",
            "Accept: you win {points} points · Decline: play on",
            points,
        )
        return title, line.format(points=points)
    # Translators: what the answers to an offer to resign mean, for {name}, the player who answers
    # ("White" or "Black"); {points} what accepting wins
    line = ngettext(
        "{name}, Accept: win {points} point · Decline: play on",
        "{name}, Accept: win {points} points · Decline: play on",
        points,
    )
    return title, line.format(name=players.name(answerer), points=points)


def accept_label() -> str:
    # Translators: button: accept the opponent's offer to resign (the game ends, you win its points)
    return _("Accept")


def decline_label() -> str:
    # Translators: button: decline the opponent's offer to resign (the game goes on)
    return _("Decline")


def status_text(session: TableSession, players: Players, compact: bool = False) -> str | None:
    """The status line while an offer to resign waits (None in the other phases); a small window's is
    shorter (the panel over the board asks the question)."""
    phase = session.phase
    offer = session.game.resign_offer
    if offer is None:
        return None
    what = level_phrase(offer.level, session.rules)
    name, answerer = players.name(offer.player), players.name(1 - offer.player)
    if phase is Phase.RESIGN_ANSWER and compact:
        # Translators: a small window's short status: {name} offers to resign {what} (e.g. "a gammon")
        return _("{name} resigns {what}.").format(name=name, what=what)
    if phase is Phase.RESIGN_ANSWER:
        # Translators: {name} offers to resign {what} (e.g. "a gammon"); {answerer} answers (possibly "You")
        message = _("{name} resigns {what}. {answerer}: Accept or Decline?")
        return message.format(name=name, what=what, answerer=answerer)
    if phase is Phase.COMPUTER_RESIGN_ANSWER:
        # Translators: {name} is a bot weighing the player's offer to resign
        return _("{name} thinks about your offer…").format(name=answerer)
    return None


def answer_text(session: TableSession, players: Players, offer: ResignOffer, accepted: bool) -> str:
    """The notice of the computer's answer to the person's offer, in words: what was lost, or that the
    game goes on."""
    name = players.name(1 - offer.player)
    if not accepted:
        # Translators: {name} is a bot that declined the player's offer to resign
        return _("{name} declines: play on.").format(name=name)
    result = session.result
    points = result.points if result is not None else points_at(offer.level, session)
    what = level_phrase(offer.level, session.rules)
    # Translators: {name} is a bot that accepted the player's offer to resign; {what} e.g. "a gammon";
    # {points} the points it wins (the cube included)
    message = ngettext(
        "{name} accepts: you lose {what}, {points} point.",
        "{name} accepts: you lose {what}, {points} points.",
        points,
    )
    return message.format(name=name, what=what, points=points)

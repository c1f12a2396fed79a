"""A position in words, as the `position` command shows it (game/tavla/commands/position.py): a text
board with both pip counts, who is on roll, the cube and the score, and the position written in all three
notations; and the same as JSON.
"""

from __future__ import annotations

from typing import Any

from game.core.text.i18n import _
from game.tavla.engine.match_id import MatchMoment
from game.tavla.engine.position import GameOver, check_game_on, format_state, pip_counts
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import BOTTOM, Setup
from game.tavla.engine.xgid import write_xgid
from game.tavla.lab.board_text import MINE, THEIRS, board_lines


def position_lines(setup: Setup, rules: Rules) -> list[str]:
    """The board, who is on roll and the dice, pips and borne-off checkers, the cube and score, the IDs."""
    mine, theirs = pip_counts(setup.state)
    lines = board_lines(setup.state, roll_text(setup.moment))
    seat = _("the bottom player") if setup.on_roll == BOTTOM else _("the top player")
    # Translators: {x} is the letter of the player on roll on the board (X); {seat} is "the bottom
    # player" or "the top player", as an XGID names them
    lines.append(_("{x} is on roll: {seat} of the XGID").format(x=MINE, seat=seat))
    # Translators: {x} and {o} are the letters of the two players on the board (X, O), each with a number
    lines.append(
        _("pips {x} {mine}, {o} {theirs}; borne off {x} {mine_off}, {o} {theirs_off}").format(
            x=MINE, o=THEIRS, mine=mine, theirs=theirs, mine_off=setup.state[0], theirs_off=setup.state[27]
        )
    )
    # Translators: {terms} is e.g. "money play, cube 1 in the centre"; {rules} the rule set (tavla, standard)
    terms = _("{terms}; {rules} rules").format(terms=terms_text(setup.moment), rules=_(rules.short_name))
    lines.append(terms)
    try:
        check_game_on(setup.state)
    except GameOver as over:  # shown all the same; the commands that ask a decision of it refuse it
        lines.append(str(over))
    width = max(len(_("Position ID")), len(_("Match ID")), len("XGID"), len(_("state")))
    for name, value in (
        (_("Position ID"), setup.position_id),
        (_("Match ID"), setup.match_id),
        ("XGID", write_xgid(setup)),
        (_("state"), format_state(setup.state)),
    ):
        lines.append(f"{name:<{width}}  {value}")
    return lines


def roll_text(moment: MatchMoment) -> str:
    """The dice, or what waits before them (the middle line of the board)."""
    if moment.doubled:
        # Translators: {x} has doubled (the cube now offered at {cube}); {o} must take or pass
        return _("{x} doubles to {cube}, {o} to take or pass").format(x=MINE, o=THEIRS, cube=2 * moment.cube)
    if moment.resigned:
        levels = {1: _("a single game"), 2: _("a gammon"), 3: _("a backgammon")}
        # Translators: {x} offers to resign; {level} is "a single game", "a gammon" or "a backgammon"
        return _("{x} offers to resign {level}, {o} to accept or decline").format(
            x=MINE, o=THEIRS, level=levels[moment.resigned]
        )
    if moment.dice is None:
        return _("to roll")
    return _("dice {dice}").format(dice=f"{moment.dice[0]}{moment.dice[1]}")


def terms_text(moment: MatchMoment) -> str:
    """Money play or the match and its score, then the cube: `match to 7, X 2 O 3, cube 2 with X`."""
    if moment.owner is None:
        # Translators: the doubling cube in the middle of the board, at 1
        cube = _("cube 1 in the centre")
    else:
        owner = MINE if moment.owner == moment.on_roll else THEIRS
        # Translators: {value} is the cube's value, {x} the letter of the player who owns it
        cube = _("cube {value} with {x}").format(value=moment.cube, x=owner)
    if not moment.length:
        play = _("money play, Jacoby rule") if moment.jacoby else _("money play")
        return f"{play}, {cube}"
    mine, theirs = moment.score[moment.on_roll], moment.score[1 - moment.on_roll]
    # Translators: {length} is the match length; {x} and {o} the players' letters, each with its score
    match = _("match to {length}, {x} {mine} {o} {theirs}").format(
        length=moment.length, x=MINE, o=THEIRS, mine=mine, theirs=theirs
    )
    if moment.crawford:
        match += ", " + _("Crawford game")
    return f"{match}, {cube}"


def position_json(setup: Setup, rules: Rules) -> dict[str, Any]:
    """The JSON the `position` command writes: `state` (the player on roll's view), `id`, `xgid`, `pips`
    (on roll, other), and what the IDs hold besides."""
    moment = setup.moment
    owner = None if moment.owner is None else ("on roll" if moment.owner == moment.on_roll else "opponent")
    return {
        "state": list(setup.state),
        "id": setup.gnubg_id,
        "xgid": write_xgid(setup),
        "pips": list(pip_counts(setup.state)),
        "position_id": setup.position_id,
        "match_id": setup.match_id,
        "rules": str(rules),
        "on_roll": "bottom" if setup.on_roll == BOTTOM else "top",
        "dice": list(moment.dice) if moment.dice else None,
        "cube": moment.cube,
        "cube_owner": owner,
        "doubled": moment.doubled,
        "match_length": moment.length,
        "score": [moment.score[moment.on_roll], moment.score[1 - moment.on_roll]],
        "crawford": moment.crawford,
        "jacoby": moment.jacoby and not moment.length,
    }

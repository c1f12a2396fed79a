"""The table's words: the side panel, the status line, the panels over the board and the notices.

Pure text, no Arcade: the view sets these strings on its labels and toasts, and tests read them
without a window. Every player is named through `Players`, so "You", a bot's title, a program of the
player's and the two colours at one desk are decided in one place.
"""

import os
import sys
from dataclasses import dataclass

from game.core.text.i18n import _, ngettext
from game.core.text.quoting import PATH_CHARS, quoted
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import CubeTurn, Game, GameResult, ResignOffer
from game.tavla.engine.match import Match
from game.tavla.engine.match_id import match_id, match_moment
from game.tavla.engine.notation import display_dice, display_play
from game.tavla.engine.position import State, position_id
from game.tavla.engine.results import Outcome, Resignation
from game.tavla.engine.rules import Rules
from game.tavla.engine.table_session import HUMAN, Phase, TableSession
from game.tavla.players import PROGRAM_PREFIXES, bot_names, bot_title, is_program

WRAP = "\u200b"  # a zero-width space: a place where a label may wrap a long word, drawn as nothing
WRAP_AFTER = "/\\"  # a command's long word wraps after a folder's separator ...
WRAP_RUN = 24  # ... or after this many characters without a place to wrap
REASON_CHARS = 120  # why a game was disqualified, on the card over the board (a bot's answer in it)
NAME_CHARS = 20  # an opponent of the player's own (a program, a file) as the table names it


@dataclass(frozen=True)
class Players:
    """Who sits at the table: seat 1's opponent (a bot's name, or HUMAN) and the colour seat 0 plays."""

    opponent: str
    human_side: str = "white"

    def name(self, seat: int) -> str:
        """A player as the table shows it: "You" and the bot, or the colours of two people at one desk."""
        if self.opponent == HUMAN:
            if (seat == 0) == (self.human_side == "white"):
                # Translators: the player of the light checkers, when two people play at one desk
                return _("White")
            # Translators: the player of the dark checkers, when two people play at one desk
            return _("Black")
        if seat == 0:
            # Translators: the person playing against a bot, as a name ("You 3 – 1 pubeval")
            return _("You")
        if runs_code(self.opponent):
            return short_name(self.opponent)
        return bot_title(self.opponent)

    def is_you(self, seat: int) -> bool:
        """Whether `seat` is the person playing a bot (who is spoken to, not named)."""
        return seat == 0 and self.opponent != HUMAN


def runs_code(opponent: str) -> bool:
    """Whether playing `opponent` starts code of the player's: a program (cmd:) or a Python file/module."""
    return opponent != HUMAN and (is_program(opponent) or opponent not in bot_names())


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_name(name: str) -> str:
    """A program or a Python file of the player's as the table names it: its words without their
    folders (cmd:python my_bot.py), cut to NAME_CHARS."""
    prefix = next((prefix for prefix in PROGRAM_PREFIXES if name.startswith(prefix)), "")
    words = [word.rsplit("/", 1)[-1] or word for word in name[len(prefix) :].split(" ")]
    return _shorten(prefix + " ".join(words), NAME_CHARS)


def exception_text(error: BaseException) -> str:
    """An unexpected failure of a bot, named by its type so an empty message still says something."""
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def offer_text(match: Match, players: Players) -> str:
    """The saved match the table offers to resume (`offer_command_text` says what it would start)."""
    scores = match.scores
    if match.money:
        # Translators: the saved money session: "You 7 – 3 expert, money session, standard rules";
        # {first} and {second} are the players with the points each won, {rules} the rule set's name
        offer = _("{first} {mine} – {theirs} {second}, money session, {rules} rules")
    else:
        # Translators: the saved match: "You 2 – 1 pubeval, match to 5, tavla rules"; {first} and
        # {second} are the players, {length} the points that win the match, {rules} the rule set's name
        offer = _("{first} {mine} – {theirs} {second}, match to {length}, {rules} rules")
    text = offer.format(
        first=players.name(0),
        mine=scores[0],
        theirs=scores[1],
        second=players.name(1),
        length=match.length,
        rules=_(match.rules.short_name),
    )
    return text


def offer_command_text(opponent: str) -> str:
    """What Resume would start when the saved match's opponent is a program or a Python file of the
    player's: the command in full (control characters shown escaped), with places to wrap its long
    words, since the player decides on what it runs; "" for a built-in bot or a person."""
    if not runs_code(opponent):
        return ""
    # Translators: under the saved match when its opponent is a program or a Python file of the
    # player's: {program} is its command line or file, shown as it is; Resume starts it
    warning = _("Resuming runs {program}")
    return warning.format(program=wrappable(quoted(opponent, sys.maxsize)))


def wrappable(text: str) -> str:
    """`text` with a zero-width space after each folder separator and in each run of WRAP_RUN
    characters without a space: a label wraps only at spaces, so a long path would run out of it."""
    out, run = [], 0
    for char in text:
        out.append(char)
        run = 0 if char.isspace() else run + 1
        if char in WRAP_AFTER or run >= WRAP_RUN:
            out.append(WRAP)
            run = 0
    return "".join(out)


def run_it_label() -> str:
    # Translators: button: start the opponent's program (shown above it) and carry on the match
    return _("Run it")


def unresumable_text(opponent: str, error: object) -> str:
    """Why the saved match stays closed; a new match is on the table instead."""
    # Translators: {name} is the saved match's opponent as the match file names it; {error} says why
    # it cannot be played; a new match is on the table instead
    message = _("The saved match cannot be resumed: {name}: {error}. Here is a new match.")
    return message.format(name=short_name(opponent), error=error)


def unread_save_text(error: object) -> str:
    """The records could not be read on opening (another program holds them): the saved match, if
    there is one, is kept as it is and the match played now is not saved over it."""
    # Translators: {error} says why the records cannot be read now
    message = _(
        "The saved match cannot be read now: {error}. It stays saved and is offered next time; "
        "this match will not be saved over it."
    )
    return message.format(error=error)


def unrestorable_text(reason: str) -> str:
    """The first sentence when the saved match was read but cannot be restored."""
    # Translators: {reason} says what is wrong with the saved match (damaged, from a newer version...)
    return _("The saved match could not be restored: {reason}.").format(reason=reason)


def set_aside_text(path: str) -> str:
    """After a saved match that cannot be played: where it is kept, and that the new one replaces it."""
    # Translators: after "The saved match could not be restored: ..."; {path} is the file it was
    # copied to, in the game's data folder
    message = _("It is kept in {path}; the new match is saved in its place.")
    return message.format(path=quoted(path, PATH_CHARS))


def not_set_aside_text(error: OSError) -> str:
    """... or, when it could not even be copied aside, that it stays and nothing is saved over it."""
    # Translators: after "The saved match could not be restored: ..."; {reason} is the system's error
    message = _(
        "It could not be copied aside ({reason}), so it stays saved and this match will not be saved over it."
    )
    return message.format(reason=error.strerror or error)


def opening_text(game: Game, players: Players) -> str | None:
    """Who won the opening roll (it decides who plays first with which dice); None once play began."""
    if len(game.record) or not game.opening_rolls:
        return None
    mine, theirs = game.opening_rolls[-1]
    ties = len(game.opening_rolls) - 1
    names = {"first": players.name(0), "mine": mine, "second": players.name(1), "theirs": theirs}
    if ties:
        # Translators: both players rolled one die each and tied {count} times before this roll;
        # {first} rolled {mine}, {second} rolled {theirs}
        roll = ngettext(
            "Opening roll after {count} tie: {first} {mine}, {second} {theirs}.",
            "Opening roll after {count} ties: {first} {mine}, {second} {theirs}.",
            ties,
        ).format(count=ties, **names)
    else:
        # Translators: each player rolled one die to decide who starts; {first} rolled {mine},
        # {second} rolled {theirs}
        roll = _("Opening roll: {first} {mine}, {second} {theirs}.").format(**names)
    starter = game.turn or 0
    if players.is_you(starter):
        # Translators: the person playing the bot won the opening roll and plays first
        start = _("You start.")
    else:
        # Translators: {name} won the opening roll and plays first: a bot, or "White" or "Black"
        start = _("{name} starts.").format(name=players.name(starter))
    return f"{roll} {start}"


def _rules_line(line: str, rules: Rules, number: int, note: str, compact: bool) -> str:
    """The panel's rules line with its `note`; a small window's has room for the note alone."""
    if compact and note:
        return note.removeprefix(" · ")
    return line.format(rules=_(rules.short_name), number=number) + note


def panel_texts(
    session: TableSession, shown: State, rules: Rules, players: Players, compact: bool = False, note: str = ""
) -> dict[str, str]:
    """The side panel's lines by label name, for the position `shown` (seat 0's side) under `rules`;
    `compact`: the short lines of a small window; `note`: what the rules line adds (the Crawford game,
    beavers), which leaves out its "Rules:" (on a small window, all but the note) to keep the line
    within the panel at the readable size in every language."""
    scores = session.match.scores
    own, other = session.game.variant.pip_counts(shown)
    first, second = players.name(0), players.name(1)
    score = score_format(session.match)
    # Translators: a small window's short pip counts, the player's first as on the line "You vs
    # pubeval" above: "Pips 167 – 150"
    short_pips = _("Pips {mine} – {theirs}")
    # Translators: a small window's short "Rules: tavla · game 3", at most 18 characters
    short_rules = _("{rules} · game {number}")
    if compact:
        rules_line = short_rules
        pips = short_pips
    else:
        # Translators: {rules} is the rule set's name ("tavla" or "standard"); {number} counts the games
        # of the match so far
        rules_line = short_rules if note else _("Rules: {rules} · game {number}")
        # Translators: the pip counts (the pips each side still has to move): "Pips: You 167 · pubeval 150"
        pips = _("Pips: {first} {mine} · {second} {theirs}")
        if runs_code(players.opponent):
            pips = short_pips  # a program's name is too long to say twice
    return {
        # Translators: the title of the table's side panel: the game's name (Turkish backgammon)
        "title": _("Tavla") if rules.is_backgammon else _(rules.display_name),
        # Translators: the two players, e.g. "You vs pubeval" or "White vs Black"
        "players": _("{first} vs {second}").format(first=first, second=second),
        "score": score.format(mine=scores[0], theirs=scores[1], length=session.match.length),
        "rules": _rules_line(rules_line, rules, len(session.match.games), note, compact),
        "pips": pips.format(first=first, mine=own, second=second, theirs=other),
        "status": status_text(session, players, compact),
        **(id_texts(session) if rules.is_backgammon else {"position": "", "match": ""}),
    }


def gnubg_ids(session: TableSession) -> tuple[str, str]:
    """GNU Backgammon's Position ID and Match ID of the decision on the table, to paste together into
    gnubg: the position at the start of the turn (or before the roll), from the side of the player on
    roll, with the match's score, the cube and the dice as the Match ID holds them."""
    return position_id(session.game.state), match_id(match_moment(session.match))


def id_texts(session: TableSession) -> dict[str, str]:
    """The panel's Position ID and Match ID lines."""
    position, match = gnubg_ids(session)
    return {
        # Translators: {id} is a GNU Backgammon Position ID (letters and digits, not translated)
        "position": _("Position ID {id}").format(id=position),
        # Translators: {id} is a GNU Backgammon Match ID (letters and digits, not translated)
        "match": _("Match ID {id}").format(id=match),
    }


def roll_text(dice: tuple[int, int]) -> str:
    """A roll in a sentence, the higher die first as players write it: `4-1`, `6-6`."""
    return "-".join(display_dice(*dice))


def status_text(session: TableSession, players: Players, compact: bool = False) -> str:
    """What the table waits for, in one or two lines (shorter on a small window)."""
    phase = session.phase
    seat = session.seat
    name = players.name(seat)
    you = players.is_you(seat)
    dice = session.game.dice
    roll = roll_text(dice) if dice else ""
    if phase is Phase.HUMAN:
        turn = session.turn
        assert turn is not None
        if turn.done:
            # Translators: {name} is the player on roll (possibly "You"), {roll} the dice, e.g. 3-1;
            # "Done" is the button that ends the turn
            return _("{name}: {roll} played. Click the dice or Done.").format(name=name, roll=roll)
        left = " ".join(map(str, sorted(turn.remaining_dice, reverse=True)))
        if compact:
            # Translators: a small window's short "You to play 3-1 (dice left: 3 1). Drag a checker.";
            # {name} is the player on roll (possibly "You"), {roll} the roll, {dice} the dice not used yet
            return _("{name}: {roll}, dice left {dice}").format(name=name, roll=roll, dice=left)
        if you:
            # Translators: {roll} is the roll, e.g. 3-1; {dice} the dice not used yet, e.g. "3 1"
            message = _("You to play {roll} (dice left: {dice}). Drag a checker.")
        else:
            # Translators: {name} is a player ("White" or "Black"); {roll} is the roll, e.g. 3-1;
            # {dice} the dice not used yet, e.g. "3 1"
            message = _("{name} to play {roll} (dice left: {dice}). Drag a checker.")
        return message.format(name=name, roll=roll, dice=left)
    if phase is Phase.COMPUTER:
        # Translators: {name} is a bot thinking about its play; {roll} is the roll, e.g. 3-1
        return _("{name} plays {roll}…").format(name=name, roll=roll)
    if phase is Phase.PASS:
        if you:
            # Translators: {roll} is the roll, e.g. 6-6, with which no checker can move
            return _("You cannot move with {roll}.").format(roll=roll)
        # Translators: {name} is the player on roll; {roll} is the roll, e.g. 6-6
        return _("{name} cannot move with {roll}.").format(name=name, roll=roll)
    return _("Game over")


def score_format(match: Match) -> str:
    """The panel's score line, {mine} and {theirs} to fill: the match's length, or a money session's
    terms ("7 – 3   (money, Jacoby)"; beavers are on the rules line, `cube_captions.rules_note`)."""
    if not match.money:
        # Translators: the match score, e.g. "2 – 1   (to 5)"; {length} is the number of points that wins
        return _("{mine} – {theirs}   (to {length})")
    if match.jacoby:
        # Translators: a money session's score, the points each won, played under the Jacoby rule (gammons
        # count once the cube was turned)
        return _("{mine} – {theirs}   (money, Jacoby)")
    # Translators: a money session's score: the points each player won so far
    return _("{mine} – {theirs}   (money)")


def forced_text(session: TableSession, players: Players, play: str) -> str:
    """The notice when the roll allows one play only, which the table makes for the player."""
    dice = session.game.dice
    assert dice is not None
    # Translators: {name} is the player on roll (You), {roll} the dice, e.g. 6-5, {play} the only legal
    # play, made by the table, e.g. bar/20 6/1
    message = _("{name}: the only play with {roll} is {play}")
    return message.format(name=players.name(session.seat), roll=roll_text(dice), play=play)


def pass_text(session: TableSession, players: Players) -> str:
    """The notice when the player on roll cannot move."""
    dice = session.game.dice
    assert dice is not None
    # Translators: {name} is the player on roll (possibly "You"), {roll} the dice, e.g. 6-5
    message = _("{name}: no legal move with {roll}")
    return message.format(name=players.name(session.seat), roll=roll_text(dice))


def result_texts(session: TableSession, players: Players) -> tuple[str, str]:
    """The title and the line of the panel over the board once a game is over."""
    result = session.result
    assert result is not None
    if session.match.money:
        return _money_result_texts(session, players)
    scores = session.match.scores
    you = players.is_you(result.winner)
    winner = players.name(result.winner)
    if session.phase is Phase.MATCH_OVER:
        # Translators: {name} is the winner of the match: a bot, or "White" or "Black"
        title = _("You win the match!") if you else _("{name} wins the match").format(name=winner)
    else:
        # Translators: {name} is the winner of the game: a bot, or "White" or "Black"
        title = _("You win") if you else _("{name} wins").format(name=winner)
    # Translators: how the game ended: {kind} is "single", "mars", "gammon" or "backgammon" (or
    # the disqualification), {points} the points won; then the match score
    line = ngettext(
        "{kind}, {points} point · match {mine} – {theirs}",
        "{kind}, {points} points · match {mine} – {theirs}",
        result.points,
    )
    return title, line.format(kind=_kind_text(result), points=result.points, mine=scores[0], theirs=scores[1])


def _kind_text(result: GameResult) -> str:
    """How a game was won, on the end card: its kind, resigned, or the disqualification and why."""
    if result.kind is Outcome.DISQUALIFICATION and result.reason:
        # Translators: {reason} says what the bot did wrong
        return _("disqualification: {reason}").format(reason=quoted(result.reason, REASON_CHARS))
    if result.resigned is not None:
        # Translators: how a game ended on the end card: {kind} is single, mars, gammon or backgammon,
        # which the loser resigned ("gammon resigned, 2 points")
        return _("{kind} resigned").format(kind=_(result.kind.label))
    return _(result.kind.label)


def _money_result_texts(session: TableSession, players: Players) -> tuple[str, str]:
    """The end card of a money session: after a game who won it and the session's points, once stopped
    the session's points after its games."""
    result = session.result
    assert result is not None
    mine, theirs = session.match.scores
    if session.phase is Phase.MATCH_OVER:
        games = len(session.match.games)
        # Translators: the title of the card once the player stopped a money session
        title = _("Session over")
        # Translators: the line under "Session over": the players with the points each won, after
        # {games} games ("You 7 – 3 expert after 5 games")
        line = ngettext(
            "{first} {mine} – {theirs} {second} after {games} game",
            "{first} {mine} – {theirs} {second} after {games} games",
            games,
        )
        first, second = players.name(0), players.name(1)
        return title, line.format(first=first, mine=mine, theirs=theirs, second=second, games=games)
    you = players.is_you(result.winner)
    # Translators: {name} is the winner of the game: a bot, or "White" or "Black"
    title = _("You win") if you else _("{name} wins").format(name=players.name(result.winner))
    # Translators: how a game of a money session ended: {kind} is "single", "gammon", "backgammon" or
    # "double passed" (or the disqualification), {points} the points won; then the session's points
    line = ngettext(
        "{kind}, {points} point · session {mine} – {theirs}",
        "{kind}, {points} points · session {mine} – {theirs}",
        result.points,
    )
    kind = _kind_text(result)
    actions = [action.event for action in session.game.cube_record]
    if result.kind is Outcome.PASSED and actions[-2:] == [CubeEvent.BEAVER, CubeEvent.PASS]:
        # Translators: how a game of a money session ended: the doubler passed the opponent's beaver
        kind = _("beaver passed")
    return title, line.format(kind=kind, points=result.points, mine=mine, theirs=theirs)


def level_phrase(level: Resignation, rules: Rules) -> str:
    """A level inside a sentence: "a single game", "a gammon" ("a mars"), "a backgammon"."""
    if level is Resignation.SINGLE:
        # Translators: inside "You lose a single game, 1 point" and "Expert resigns a single game"
        return _("a single game")
    if level is Resignation.GAMMON:
        if rules is Rules.TAVLA:
            # Translators: inside "You lose a mars, 2 points" (tavla rules)
            return _("a mars")
        # Translators: inside "You lose a gammon, 2 points"
        return _("a gammon")
    # Translators: inside "You lose a backgammon, 3 points"
    return _("a backgammon")


def failure_text(reason: str) -> str:
    # Translators: the computer opponent crashed or gave no answer in time; {reason} says which;
    # the player wins the game
    return _("The opponent failed: {reason}").format(reason=reason)


def disqualified_text(name: str, reason: str) -> str:
    # Translators: {name} is a bot; {reason} says what it did wrong
    return _("{name} is disqualified: {reason}").format(name=name, reason=reason)


def hint_text(bot: str, answer: str) -> str:
    """The hint line for the play `answer` of the bot titled `bot` ("" when the roll cannot be played)."""
    if answer:
        # Translators: {bot} is the bot giving the hint; {play} is a play in notation (24/18 13/11)
        return _("Hint ({bot}): {play}").format(bot=bot, play=answer)
    # Translators: {bot} is the bot giving the hint; the roll cannot be played
    return _("Hint ({bot}): no move").format(bot=bot)


def hint_thinking_text() -> str:
    # Translators: the hint was asked for and the strongest bot is still looking for its play
    return _("Hint: thinking…")


@dataclass(frozen=True)
class MoveRow:
    """One turn of the move list: its number (on the first turn of each pair only), who moved, and the
    roll and play as GNU Backgammon writes them for players ("64: 24/18* 13/9", "41: bar/21 13/9")."""

    number: str
    seat: int
    text: str


def move_rows(game: Game) -> list[MoveRow]:
    """The game's turns so far, oldest first, as players read them (the higher die first, one checker's
    moves joined, hits starred, the bar and off by name, repeated moves counted), a pass written as such;
    the cube's actions and the offers to resign (with their answers) where they were made, before the
    turn that followed them."""
    cube_rows: dict[int, list[MoveRow]] = {}
    for action in game.cube_record:
        cube_rows.setdefault(action.before_turn, []).append(MoveRow("", action.player, _cube_text(action)))
    for offer in game.resign_record:
        cube_rows.setdefault(offer.before_turn, []).extend(_offer_rows(offer, game.rules))
    rows = []
    for index, turn in enumerate(game.record):
        rows.extend(cube_rows.pop(index, []))
        # Translators: in the move list, a turn where the roll could not be played
        play = display_play(turn.state, turn.play) or _("no move")
        number = str(index // 2 + 1) if index % 2 == 0 else ""
        rows.append(MoveRow(number, turn.player, f"{display_dice(*turn.dice)}: {play}"))
    for later in cube_rows.values():
        rows.extend(later)
    return rows


def _cube_text(action: CubeTurn) -> str:
    """A cube action in the move list, as match files write them."""
    if action.event is CubeEvent.DOUBLE:
        # Translators: in the move list: the player offered the doubling cube at {value} (2, 4, 8...)
        return _("Doubles => {value}").format(value=action.value)
    if action.event is CubeEvent.TAKE:
        # Translators: in the move list: the player took the opponent's double
        return _("Takes")
    if action.event is CubeEvent.BEAVER:
        # Translators: in the move list: the player took the double and at once redoubled to {value},
        # keeping the cube (a beaver), as XG's match files write it
        return _("Beavers => {value}").format(value=action.value)
    # Translators: in the move list: the player passed (declined) the opponent's double
    return _("Passes")


def _offer_rows(offer: ResignOffer, rules: Rules) -> list[MoveRow]:
    """An offer to resign in the move list, as gnubg's game record writes it: the offer, its answer."""
    # Translators: in the move list: the player offered to resign {what} (e.g. "a gammon")
    text = _("Resigns {what}").format(what=level_phrase(offer.level, rules))
    rows = [MoveRow("", offer.player, text)]
    if offer.accepted is not None:
        # Translators: in the move list: the player accepted (or declined) the opponent's offer to resign
        rows.append(MoveRow("", 1 - offer.player, _("Accepts") if offer.accepted else _("Declines")))
    return rows


PATH_LINE_CHARS = 34  # a file's path in a notice is broken at its folders into lines this long
COMPACT_PATH_LINE_CHARS = 26  # on a small window, where the notice's text is larger


def wrapped_path(path: str, chars: int = PATH_LINE_CHARS) -> str:
    """`path` in lines of at most `chars` characters, broken after a folder's "/" (a word longer than
    a line is cut), since a path has no spaces for the label to wrap at."""
    parts = [part + "/" for part in path.split("/")[:-1]] + [path.split("/")[-1]]
    lines = [""]
    for part in (p for p in parts if p):
        while len(part) > chars:
            if lines[-1]:
                lines.append("")
            lines[-1], part = part[:chars], part[chars:]
            lines.append("")
        if lines[-1] and len(lines[-1]) + len(part) > chars:
            lines.append("")
        lines[-1] += part
    return "\n".join(line for line in lines if line)


def export_text(path: str, home: str = os.path.expanduser("~"), compact: bool = False) -> str:
    """The notice once the match is written as a .mat file: where it is (the home folder as ~),
    wrapped to fit the notice (in shorter lines on a small window)."""
    if home not in ("", "/") and path.startswith(home + "/"):
        path = "~" + path[len(home) :]
    chars = COMPACT_PATH_LINE_CHARS if compact else PATH_LINE_CHARS
    # Translators: {path} is the file the match was written to (shown on lines of its own)
    return _("Match exported to {path}").format(path="\n" + wrapped_path(path, chars))

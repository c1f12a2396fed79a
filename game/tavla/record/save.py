"""The table's save file: an unfinished match as text, so a player can quit and resume it.

The table keeps its unfinished match in the records under SAVE_KIND (`save_table`, `saved_table`), its
players named in English by `player_names`.

The save is JSON: the rules, the match length, the players' names, every game's opening rolls and turns
(dice and play), the dice of a turn rolled but not yet played (so quitting cannot re-roll bad dice), and
the state of the match's random generator (so a resumed match rolls exactly the dice it would have
rolled without the interruption). Loading replays every play through `Game`, so a damaged or edited
save is refused with a message naming the first problem, and a match is never half restored.
A match with the doubling cube says `"cube": true` and has its cube actions among the turns (`{"cube":
"double"}`, `"take"`, `"pass"`, `"beaver"`), a double not yet answered last; a save without them (older
saves) is a match without the cube. A money session has the length 0 and says whether the Jacoby rule
and beavers are played (`"jacoby": true`, `"beavers": false`). Offers to resign stand among the turns
where they were made (`{"resign": "gammon", "answer": "decline"}`; "single", "gammon" or "backgammon",
"accept" or "decline"), one made with the dice rolled after a `{"dice": [6, 5]}` of that roll; an offer
not yet answered has no "answer" and comes last. A save that holds a resignation is version 2 (a program
that reads version 1 only says it is from a newer version), one of a money session or with a beaver
version 3 (an older program says the same); the others are written as version 1, as before.
The other games of the board (Portes, Plakoto, Fevga, Gul bara, long nardy, Moultezim) are saved as
backgammon is, their rule set named in "rules"; a Tavli match lists its games in turn (`"rotation":
["portes", "plakoto", "fevga"]`, "rules" the first), and a game its last game's winner started has no
opening roll. Those saves are version 4.
A disqualified game names its loser's seat (`"loser"`), which is not always the player on roll: the
computer may fail to answer a double or an offer to resign.
A match with committed dice (engine/committed_dice.py) keeps its secret seed (`"dice_seed"`, 64 hex
digits) and how many rolls the game in play has drawn from it (`"dice_drawn"`), so a resumed match rolls
the dice committed to; the save is the player's own file, and the table shows the seed only once the
match is over. A program that does not know them rolls from "rng" instead.

Every number of a save is checked when it is read, within what the table itself plays: a match of 1 to
the longest length the settings allow, a seed the command line takes (0 to 2^63 - 1). A save that was
read but cannot be restored (damaged, edited, written by a newer version) is never lost: `set_aside`
copies it into the data folder's `saves/` before anything may take its place.
"""

import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.errors import UserError
from game.core.files.folders import data_dir
from game.core.files.writing import write_atomically
from game.core.limits import MAX_SEED
from game.core.records import Records
from game.core.text.i18n import _
from game.core.text.quoting import in_quotes, quoted
from game.tavla.engine.committed_dice import CommittedRolls, seed_from_hex
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import Game, ResignOffer
from game.tavla.engine.match import Match, check_match_length
from game.tavla.engine.notation import format_play
from game.tavla.engine.results import Resignation
from game.tavla.engine.rules import MONEY, Rules
from game.tavla.engine.table_session import HUMAN
from game.tavla.settings import LONGEST_MATCH

SAVE_FORMAT = "fifteen-tavla match"
SAVE_VERSION = 4  # the newest this program reads and writes: 4 adds the other games and Tavli to 3
MONEY_VERSION = 3  # ... which added money sessions and beavers to 2
RESIGN_VERSION = 2  # ... which added resignations to version 1
FIRST_VERSION = 1
MAX_SAVE_CHARS = 2_000_000  # far beyond any real match; refuses a runaway file
MAX_NAME_CHARS = 1_000  # a bot may be named by a file path or a command line
MAX_PLAY_CHARS = 100  # the longest play, four moves with hits, is 30 or so
MAX_REASON_CHARS = 2_000  # why a game was disqualified: the game's own words, with a bot's answer quoted
RNG_STATE_SIZE = 625  # random.Random.getstate(): 624 words and a position
RNG_WORD = 2**32
MAX_DRAWN = 10**9  # the rolls of one game drawn from committed dice: far beyond any game
RESIGN_LEVELS = {level.word: level for level in Resignation}
ACCEPT, DECLINE = "accept", "decline"

SAVE_KIND = "tavla"  # the records' slot for the table's unfinished match
ASIDE_FOLDER = "saves"  # in the data folder: saves that could not be restored, kept as they were
MAX_ASIDE_PER_SECOND = 99
YOU = "You"  # how the match file and the .mat export name the person playing a bot (never translated)
SIDES = ("White", "Black")  # ... and the two people at one desk, by the colour of their checkers


def longest_match() -> int:
    """The longest match the table starts (the settings' limit on `tavla.match_length`): a save that
    claims a longer one was not written by this game."""
    return LONGEST_MATCH


class DamagedSave(UserError):
    """A save that cannot be restored: "cannot restore the saved match: `reason`"."""

    def __init__(self, reason: str) -> None:
        # Translators: {reason} says what is wrong with the save file
        super().__init__(_("cannot restore the saved match: {reason}").format(reason=reason))
        self.reason = reason


class UnrestorableSave(DamagedSave):
    """A save was read from the records but cannot be restored; `text` is what they hold, to keep it
    aside."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(reason)
        self.text = text


def dump_match(match: Match, names: tuple[str, str]) -> str:
    """The match as save text; `names` are seat 0's and seat 1's (e.g. "You" and the bot's name)."""
    if not _valid_names(names):
        message = _("the names must be two texts of at most {limit} characters, not {names}")
        raise UserError(message.format(limit=MAX_NAME_CHARS, names=quoted(names)))
    data = {
        "format": SAVE_FORMAT,
        "version": _version(match),
        "rules": str(match.rules),
        "length": match.length,
        "cube": match.cube,
        "seed": match.seed,
        "names": list(names),
        "games": [_dump_game(game) for game in match.games],
        "rng": _dump_rng(match.rng.getstate()),
    }
    if match.rotation:
        data["rotation"] = [str(rules) for rules in match.rotation]
    if match.money:
        data.update(jacoby=match.jacoby, beavers=match.beavers)
    current = match.current
    if match.dice_seed is not None:
        data["dice_seed"] = match.dice_seed.hex()
        data["dice_drawn"] = current.rng.drawn if current and isinstance(current.rng, CommittedRolls) else 0
    return json.dumps(data, separators=(",", ":"))


def _version(match: Match) -> int:
    """The oldest version that holds what `match` has, so older programs read what they can."""
    if match.rotation or not match.rules.is_backgammon:
        return SAVE_VERSION
    beavered = any(action.event is CubeEvent.BEAVER for game in match.games for action in game.cube_record)
    if match.money or beavered:
        return MONEY_VERSION
    return RESIGN_VERSION if any(game.resign_record for game in match.games) else FIRST_VERSION


def _dump_game(game: Game) -> dict[str, Any]:
    turns: list[dict[str, Any]] = []
    cube_actions = 0
    for index, actions in enumerate(game.cube_actions_by_turn()):
        offers = [offer for offer in game.resign_record if offer.before_turn == index]
        # Before the roll, cube actions and offers in the order they came (offers know how many cube
        # actions came before them); with the dice rolled, the roll and then the offers.
        before: list[tuple[tuple[int, int], dict[str, Any]]] = [
            ((cube_actions + k, 1), {"cube": str(action.event)}) for k, action in enumerate(actions)
        ]
        before += [((offer.cube_actions, 0), _dump_offer(offer)) for offer in offers if not offer.rolled]
        turns.extend(entry for _key, entry in sorted(before, key=lambda item: item[0]))
        cube_actions += len(actions)
        played = game.record[index] if index < len(game.record) else None
        dice = played.dice if played is not None else game.dice
        rolled = [_dump_offer(offer) for offer in offers if offer.rolled]
        if rolled and dice is not None:
            turns.append({"dice": list(dice)})
            turns.extend(rolled)
        if played is not None:
            turns.append({"dice": list(played.dice), "play": format_play(played.play)})
        elif game.dice is not None and not rolled:
            turns.append({"dice": list(game.dice)})
    entry: dict[str, Any] = {"opening": [list(roll) for roll in game.opening_rolls], "turns": turns}
    if game.result is not None and game.result.disqualified is not None:
        entry["disqualified"] = game.result.reason
        entry["loser"] = game.result.disqualified
    return entry


def _dump_offer(offer: ResignOffer) -> dict[str, Any]:
    entry = {"resign": offer.level.word}
    if offer.accepted is not None:
        entry["answer"] = ACCEPT if offer.accepted else DECLINE
    return entry


def _dump_rng(state: tuple) -> list:
    version, words, gauss = state
    return [version, list(words), gauss]


def load_match(text: str) -> tuple[Match, tuple[str, str]]:
    """The match and names of a save, rebuilt by replaying every play; UserError says what is wrong."""
    if not isinstance(text, str):
        # Translators: {type} is a Python type name such as bytes
        raise _damaged(_("a save is text, not {type}").format(type=type(text).__name__))
    if len(text) > MAX_SAVE_CHARS:
        raise _damaged(_("it is longer than {limit} characters").format(limit=MAX_SAVE_CHARS))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        # Translators: {error} is the JSON reader's reason, in English
        message = _("it is not valid JSON ({error}, line {line} column {column})")
        raise _damaged(message.format(error=error.msg, line=error.lineno, column=error.colno)) from None
    except (ValueError, RecursionError):
        raise _damaged(_("it is not valid JSON")) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _damaged(_("it is not a saved tavla match"))
    version = data.get("version")
    if type(version) is int and version > SAVE_VERSION:
        # Translators: {version} is the save's format version, {known} the one this program reads
        message = _(
            "it was saved by a newer version of the game (save version {version}; this one reads {known})"
        )
        raise _damaged(message.format(version=quoted(version), known=SAVE_VERSION))
    if type(version) is not int or not FIRST_VERSION <= version <= SAVE_VERSION:
        message = _("unknown save version {version}; this program reads {known}")
        raise _damaged(message.format(version=quoted(version), known=SAVE_VERSION))
    names = data.get("names")
    if not _valid_names(names):
        # Translators: 'names' is a field of the save file; keep it as it is
        message = _("'names' must be two texts of at most {limit} characters")
        raise _damaged(message.format(limit=MAX_NAME_CHARS))
    seed = data.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        # Translators: 'null' is the save file's word for no seed; keep it as it is; {max} is a 19-digit
        # number
        message = _("the seed must be a whole number from 0 to {max}, or null, not {seed}")
        raise _damaged(message.format(max=MAX_SEED, seed=quoted(seed)))
    rng_state = _load_rng(data.get("rng"))
    dice_seed, dice_drawn = _load_dice(data)
    cube = data.get("cube", False)
    if not isinstance(cube, bool):
        # Translators: 'cube' is a field of the save file; keep it as it is
        raise _damaged(_("'cube' must be true or false, not {cube}").format(cube=quoted(cube)))
    options = {name: data.get(name, False) for name in ("jacoby", "beavers")}
    for name, value in options.items():
        if not isinstance(value, bool):
            # Translators: {name} is a field of the save file ('jacoby' or 'beavers'); keep it as it is
            message = _("'{name}' must be true or false, not {value}")
            raise _damaged(message.format(name=name, value=quoted(value)))
    length, longest = data.get("length"), longest_match()
    money = version >= MONEY_VERSION and length == MONEY
    if type(length) is not int or not (money or 1 <= length <= longest):
        # Translators: 'length' is a field of the save file; keep it as it is; {most} is e.g. 25
        message = _("'length' must be a match of 1 to {most} points, not {length}")
        raise _damaged(message.format(most=longest, length=quoted(length)))
    known = Rules.names() if version >= SAVE_VERSION else Rules.backgammon_names()
    rules = data.get("rules")
    rotation = data.get("rotation", [rules])
    for name in (rules, *rotation) if isinstance(rotation, list) and rotation else (None,):
        if not isinstance(name, str) or name not in known:
            # Translators: {rules} is what was asked for; {known} lists the rule sets' names (tavla, standard)
            message = _("unknown rule set {rules}; use one of: {known}")
            raise _damaged(message.format(rules=in_quotes(name), known=", ".join(known)))
    try:
        length = length if money else check_match_length(length)
        in_turn = tuple(map(Rules, rotation)) if "rotation" in data else ()
        match = Match(length, Rules(rules), seed, cube=cube, rotation=in_turn, dice_seed=dice_seed, **options)
    except UserError as error:
        raise _damaged(str(error)) from None
    games = data.get("games")
    if not isinstance(games, list):
        # Translators: 'games' is a field of the save file; keep it as it is
        raise _damaged(_("'games' must be a list"))
    for number, entry in enumerate(games, 1):
        _replay_game(match, entry, number)
    match.rng.setstate(rng_state)
    if match.current is not None and isinstance(match.current.rng, CommittedRolls):
        match.current.rng.drawn = dice_drawn
    return match, (names[0], names[1])


def _load_dice(data: dict[str, Any]) -> tuple[bytes | None, int]:
    """The committed dice's seed and the rolls the game in play drew from it (None, 0: none)."""
    if data.get("dice_seed") is None:
        return None, 0
    seed, drawn = seed_from_hex(data["dice_seed"]), data.get("dice_drawn", 0)
    if seed is None or type(drawn) is not int or not 0 <= drawn <= MAX_DRAWN:
        # Translators: 'dice_seed' and 'dice_drawn' are fields of the save file; keep them as they are
        raise _damaged(_("'dice_seed' must be 64 hexadecimal digits and 'dice_drawn' a count of rolls"))
    return seed, drawn


def _replay_game(match: Match, entry: object, number: int) -> None:
    # Translators: where a save is wrong; {where} in other messages about saves
    where = _("game {number}").format(number=number)
    if match.winner is not None:
        # Translators: {where} is e.g. "game 3"
        raise _damaged(_("{where} follows the end of the match").format(where=where))
    if match.current is not None and not match.current.over:
        # Translators: {where} is e.g. "game 3"; {number} is the game before it
        message = _("{where} follows game {number}, which is unfinished")
        raise _damaged(message.format(where=where, number=number - 1))
    if not isinstance(entry, dict):
        # Translators: {where} is e.g. "game 3"; 'opening' and 'turns' are fields of the save file
        raise _damaged(_("{where} must be an object with 'opening' and 'turns'").format(where=where))
    opening, turns = entry.get("opening"), entry.get("turns")
    if not isinstance(opening, list) or not isinstance(turns, list):
        # Translators: {where} is e.g. "game 3"; 'opening' and 'turns' are fields of the save file
        raise _damaged(_("{where} must have lists 'opening' and 'turns'").format(where=where))
    game = match.next_game()
    starter = match.starter(number - 1)
    if not opening and starter is not None:  # the last game's winner started this one
        _step(lambda seat: game.start(first=seat), starter, where)
    elif not opening:
        if turns or "disqualified" in entry:
            # Translators: {where} is e.g. "game 3"
            raise _damaged(_("{where} has turns but no opening roll").format(where=where))
        return
    else:
        rolls = [
            # Translators: where a save is wrong
            _dice(roll, _("game {number} opening roll {index}").format(number=number, index=index))
            for index, roll in enumerate(opening, 1)
        ]
        if any(first != second for first, second in rolls[:-1]):
            # Translators: {where} is e.g. "game 3"
            message = _("{where}: every opening roll before the last must be a tie")
            raise _damaged(message.format(where=where))
        game.opening_rolls.extend(rolls[:-1])
        _step(game.start, rolls[-1], where)
    for index, turn in enumerate(turns, 1):
        following = turns[index] if index < len(turns) else None
        _replay_turn(game, turn, following, number, index)
    if "disqualified" in entry:
        reason = entry["disqualified"]
        if not isinstance(reason, str) or len(reason) > MAX_REASON_CHARS:
            # Translators: {where} is e.g. "game 3"; {limit} is a number of characters
            message = _(
                "{where}: the reason for the disqualification must be text of at most {limit} characters"
            )
            raise _damaged(message.format(where=where, limit=MAX_REASON_CHARS))
        loser = entry.get("loser", game.turn)
        if loser not in (0, 1) or type(loser) is not int:
            # Translators: {where} is e.g. "game 3"; 'loser' is a field of the save file
            raise _damaged(_("{where}: 'loser' must be the seat 0 or 1").format(where=where))
        _step(lambda why: game.disqualify(why, loser), reason, where)


def _replay_turn(game: Game, turn: object, following: object, number: int, index: int) -> None:
    """One entry of a game's turns; `following` is the next one (None: this is the last)."""
    # Translators: where a save is wrong; {where} in other messages about saves
    where = _("game {number} turn {index}").format(number=number, index=index)
    if not isinstance(turn, dict):
        # Translators: {where} is e.g. "game 3 turn 7"; 'dice' and 'play' are fields of the save file
        raise _damaged(_("{where} must be an object with 'dice' and 'play'").format(where=where))
    last = following is None
    if "cube" in turn:
        _replay_cube(game, turn["cube"], where)
        return
    if "resign" in turn:
        _replay_resign(game, turn, last, where)
        return
    # Translators: where a save is wrong
    dice = _dice(turn.get("dice"), _("game {number} turn {index} dice").format(number=number, index=index))
    if game.over:
        # Translators: {where} is e.g. "game 3 turn 7"
        raise _damaged(_("{where} comes after the end of the game").format(where=where))
    if game.dice is None:
        _step(game.roll, dice, where)
    elif game.dice != dice:
        # Translators: {where} is e.g. "game 3 turn 7"; {dice} and {opening} are two dice, e.g. 64
        message = _("{where}: dice {dice} differ from the opening roll {opening}")
        raise _damaged(
            message.format(where=where, dice=f"{dice[0]}{dice[1]}", opening=f"{game.dice[0]}{game.dice[1]}")
        )
    if "play" not in turn:
        if not last and not (isinstance(following, dict) and "resign" in following):
            # Translators: {where} is e.g. "game 3 turn 7"
            raise _damaged(_("{where} has no play but is not the last turn").format(where=where))
        return
    play = turn["play"]
    if not isinstance(play, str) or len(play) > MAX_PLAY_CHARS:
        # Translators: {where} is e.g. "game 3 turn 7"; {play} is what the save holds instead
        message = _("{where}: the play must be text such as '24/18 13/11', not {play}")
        raise _damaged(message.format(where=where, play=quoted(play)))
    _step(game.play, play, where)


def _replay_cube(game: Game, event: object, where: str) -> None:
    """A double, take, pass or beaver of the save, through the game's own checks."""
    actions = {
        CubeEvent.DOUBLE: game.double,
        CubeEvent.TAKE: game.take,
        CubeEvent.PASS: game.pass_double,
        CubeEvent.BEAVER: game.beaver,
    }
    if event not in actions:
        # Translators: {where} is e.g. "game 3 turn 7"; keep 'double', 'take', 'pass' and 'beaver' as
        # they are
        message = _("{where}: a cube action is 'double', 'take', 'pass' or 'beaver', not {event}")
        raise _damaged(message.format(where=where, event=in_quotes(event)))
    if game.over:
        # Translators: {where} is e.g. "game 3 turn 7"
        raise _damaged(_("{where} comes after the end of the game").format(where=where))
    _step(lambda _none: actions[CubeEvent(event)](), None, where)


def _replay_resign(game: Game, turn: dict[str, Any], last: bool, where: str) -> None:
    """An offer to resign of the save and its answer, through the game's own checks."""
    level, answer = turn["resign"], turn.get("answer")
    if not isinstance(level, str) or level not in RESIGN_LEVELS:
        # Translators: {where} is e.g. "game 3 turn 7"; keep 'single', 'gammon' and 'backgammon' as they are
        message = _("{where}: a resignation is 'single', 'gammon' or 'backgammon', not {level}")
        raise _damaged(message.format(where=where, level=in_quotes(level)))
    if answer not in (None, ACCEPT, DECLINE):
        # Translators: {where} is e.g. "game 3 turn 7"; keep 'accept' and 'decline' as they are
        message = _("{where}: the answer to a resignation is 'accept' or 'decline', not {answer}")
        raise _damaged(message.format(where=where, answer=in_quotes(answer)))
    if answer is None and not last:
        # Translators: {where} is e.g. "game 3 turn 7"
        raise _damaged(_("{where}: a resignation with no answer must come last").format(where=where))
    if game.over:
        # Translators: {where} is e.g. "game 3 turn 7"
        raise _damaged(_("{where} comes after the end of the game").format(where=where))
    _step(lambda _none: game.resign(RESIGN_LEVELS[level]), None, where)
    if answer is not None:
        respond = game.accept_resignation if answer == ACCEPT else game.decline_resignation
        _step(lambda _none: respond(), None, where)


def _step(action: Callable[[Any], object], argument: object, where: str) -> None:
    """Run one engine step, turning its refusal into a message that says where the save is wrong."""
    try:
        action(argument)
    except UserError as error:
        # Translators: {where} is e.g. "game 3 turn 7"; {error} says what the game refused
        raise _damaged(_("{where}: {error}").format(where=where, error=error)) from None


def _dice(value: object, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(die) is int and 1 <= die <= 6 for die in value)
    ):
        # Translators: {where} is e.g. "game 3 turn 7 dice" or "game 3 opening roll 1"
        message = _("{where} must be two dice from 1 to 6, not {value}")
        raise _damaged(message.format(where=where, value=quoted(value)))
    return value[0], value[1]


def _load_rng(value: object) -> tuple:
    """The random generator's state from `random.Random.getstate()`, checked before it is used."""
    if not isinstance(value, list) or len(value) != 3:
        raise _damaged(_("the dice generator's state is missing or malformed"))
    version, words, gauss = value
    if (
        not isinstance(words, list)
        or len(words) != RNG_STATE_SIZE
        or not all(type(word) is int and 0 <= word < RNG_WORD for word in words)
        or not 0 <= words[-1] <= RNG_STATE_SIZE - 1
        or not (gauss is None or (isinstance(gauss, float) and math.isfinite(gauss)))
    ):
        raise _damaged(_("the dice generator's state is malformed"))
    state = (version, tuple(words), gauss)
    try:
        random.Random().setstate(state)
    except (ValueError, TypeError):
        raise _damaged(_("the dice generator's state is malformed")) from None
    return state


def _valid_names(names: object) -> bool:
    return (
        isinstance(names, list | tuple)
        and len(names) == 2
        and all(isinstance(name, str) and len(name) <= MAX_NAME_CHARS for name in names)
    )


def _damaged(message: str) -> DamagedSave:
    return DamagedSave(message)


def player_names(opponent: str, human_side: str) -> tuple[str, str]:
    """The table's players as the match file and the .mat export name them: in English, whatever the
    language (`opponent` is a bot's name or HUMAN; `human_side` the colour seat 0 plays)."""
    if opponent == HUMAN:
        return SIDES if human_side == "white" else (SIDES[1], SIDES[0])
    return (YOU, opponent)


def save_table(records: Records, match: Match, opponent: str, human_side: str) -> None:
    """Keep the table's match for the next visit, or forget it once it is decided (or the money session
    stopped); RecordsUnavailable when the records cannot be written."""
    if match.over:
        records.clear_game(SAVE_KIND)
    else:
        records.save_game(SAVE_KIND, dump_match(match, player_names(opponent, human_side)))


def saved_table(records: Records) -> tuple[Match, str] | None:
    """The table's unfinished match and its opponent (a bot's name or HUMAN), if one is kept;
    RecordsUnavailable when the records cannot be read now (the save, if any, is still there),
    UnrestorableSave when the save was read but cannot be restored."""
    text = records.load_game(SAVE_KIND)
    if text is None:
        return None
    try:
        match, names = load_match(text)
    except DamagedSave as error:
        raise UnrestorableSave(error.reason, text) from None
    if match.winner is not None:
        return None
    return match, HUMAN if names[0] != YOU else names[1]


def set_aside(text: str, folder: Path | None = None, now: float | None = None) -> Path:
    """Keep a save that cannot be restored as a new file `tavla-match-<date>-<time>.json` in `folder`
    (default: the data folder's `saves/`), written atomically and never over another: the match is
    not lost when a new one takes its slot. Returns its path; OSError when it cannot be written."""
    where = folder if folder is not None else data_dir() / ASIDE_FOLDER
    stem = time.strftime("tavla-match-%Y%m%d-%H%M%S", time.localtime(now))
    for number in range(1, MAX_ASIDE_PER_SECOND + 1):
        path = where / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        try:
            return write_atomically(path, text, exclusive=True)
        except FileExistsError:
            continue
    raise FileExistsError(str(where / f"{stem}.json"))

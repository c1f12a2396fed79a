"""Writing a MatchRecord as GNU Backgammon's `.sgf` (the format: game/tavla/record/sgf.py), one game
tree per game as gnubg's `SaveGame` writes them, so that any match read from any file can be loaded
into gnubg and read back here move for move."""

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.game import CubeTurn, Turn
from game.tavla.engine.position import winner_gammon_level
from game.tavla.engine.rules import MONEY, Rules, crawford_game
from game.tavla.record.match_record import GameRecord, MatchRecord, Turns, date_text
from game.tavla.record.sgf_syntax import SEATS, escaped, letter_of

PROGRAM = "Fifteen & Tavla"
NAME_CHARS = 31  # GNU Backgammon keeps no more of a name
DEFAULT_NAMES = ("Player 1", "Player 2")
TAVLA_RULE = "Tavla"  # our own word in RU: the match was played under tavla's rules (gnubg reads past it)
CUBE_WORDS = {
    CubeEvent.DOUBLE: "double",
    CubeEvent.BEAVER: "double",
    CubeEvent.TAKE: "take",
    CubeEvent.PASS: "drop",
}


def game_tree_text(record: MatchRecord, index: int) -> str:
    """Game `index` of `record` as a game tree: its root node (the match, the score, the names, the rules
    and the result), then a node per cube action and roll, each on a line of its own. A match of no
    game yet is its first game's root alone."""
    game = record.games[index] if record.games else GameRecord(Turns())
    _check_opening(record.rules, game, index)
    names = [sgf_name(name, default) for name, default in zip(record.names, DEFAULT_NAMES, strict=True)]
    root = [
        f"(;FF[4]GM[6]CA[UTF-8]AP[{escaped(PROGRAM)}]",
        f"MI[length:{record.length}][game:{index}][ws:{game.score[0]}][bs:{game.score[1]}]",
        f"PW[{escaped(names[0])}]PB[{escaped(names[1])}]",
    ]
    if record.played_at is not None:
        root.append(f"DT[{date_text(record.played_at, '-')}]")
    rules = _rule_words(record, index)
    if rules:
        root.append(f"RU[{':'.join(rules)}]")
    turns, resigned = _written_turns(record.rules, game)
    if game.winner is not None:
        root.append(f"RE[{SEATS[game.winner]}+{game.points}{'R' if resigned else ''}]")
    nodes = []
    actions: list[list[CubeTurn]] = [[] for _ in range(len(game.turns) + 1)]
    for action in game.cube:
        actions[action.before_turn].append(action)
    for turn, before in zip(turns, actions, strict=False):
        nodes.extend(_cube_node(action) for action in before)
        nodes.append(_move_node(turn))
    if len(turns) == len(game.turns):
        nodes.extend(_cube_node(action) for action in actions[-1])
    return "".join(root) + "".join(f"\n;{node}" for node in nodes) + ")\n"


def sgf_name(name: str, default: str) -> str:
    """A name as gnubg keeps one: printable, on one line, at most 31 characters, not empty."""
    cleaned = "".join(char if char.isprintable() else " " for char in name)
    cleaned = " ".join(cleaned.split())[:NAME_CHARS].strip()
    return cleaned or default


def _check_opening(rules: Rules, game: GameRecord, index: int) -> None:
    """UserError for a game that starts from a position set up (the position lab): the file's moves are
    replayed from the opening."""
    if not game.turns:
        return
    first = game.turns[0]
    variant = rules.variant
    opening = variant.opening if first.player == 0 else variant.flip(variant.opening)
    if tuple(first.state) != tuple(opening):
        # Translators: {number} is a game's number in a match (1 the first)
        message = _("game {number} starts from a position set up, not the opening: .sgf matches start there")
        raise UserError(message.format(number=index + 1))


def _rule_words(record: MatchRecord, index: int) -> list[str]:
    """RU's words for game `index`: tavla's (no cube), or the Crawford rule in a match and the Crawford
    game, or the Jacoby rule in a money session."""
    if record.rules is Rules.TAVLA:
        return ["NoCube", TAVLA_RULE]
    if record.length == MONEY:
        return ["Jacoby"] if record.jacoby else []
    if record.length < 2:
        return []
    history = [game.score for game in record.games[: index + 1]]
    return ["Crawford", "CrawfordGame"] if crawford_game(record.length, history) else ["Crawford"]


def _written_turns(rules: Rules, game: GameRecord) -> tuple[Turns, bool]:
    """The turns to write and whether RE says resigned: a game won before its end on the board, not by a
    drop (a resignation, a disqualification) is; and a tavla game whose last bear-off gnubg would score
    higher than tavla does (a backgammon, tavla's mars) is written without it, resigned at its points."""
    turns = game.turns
    if game.winner is None:
        return turns, False
    if game.cube and game.cube[-1].event is CubeEvent.PASS:
        return turns, False
    if not turns:
        return turns, True
    last = turns[-1]
    variant = rules.variant
    after = variant.apply_play(last.state, last.play) if last.play else last.state
    if not variant.is_over(after):
        return turns, True
    level = winner_gammon_level(after)
    if rules.points(level) != level:
        return turns[:-1], True
    return turns, False


def _move_node(turn: Turn) -> str:
    """`W[62agln]`: the dice, then each move's two letters, the higher points first (gnubg plays them in
    the order written, so a checker moved twice is moved from its first point first)."""
    moves = sorted(turn.play, reverse=True)
    letters = "".join(letter_of(start, turn.player) + letter_of(end, turn.player) for start, end in moves)
    return f"{SEATS[turn.player]}[{turn.dice[0]}{turn.dice[1]}{letters}]"


def _cube_node(action: CubeTurn) -> str:
    """`B[double]`, `W[take]`, `W[drop]`; a beaver is the doubled player's double, as gnubg writes it."""
    return f"{SEATS[action.player]}[{CUBE_WORDS[action.event]}]"

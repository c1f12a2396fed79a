"""The analysis screen's words (pure text, no Arcade): the match's title, the progress, each player's
figures, the mistakes' rows and the chosen mistake's lines."""

from game.i18n import _, ngettext
from game.tavla.analysis import MILLI, Decision, Mark, PlayerSummary
from game.tavla.bots import bot_title
from game.tavla.match_file import SIDES, YOU
from game.tavla.match_record import MatchRecord
from game.tavla.notation import format_play_hits, parse_play
from game.tavla.table.hint_captions import signed


def shown_name(name: str) -> str:
    """A player's name as the file keeps it, in the player's words: You, White, Black, a bot's title."""
    if name == YOU:
        # Translators: the person at the table, as the analysis names them
        return _("You")
    if name == SIDES[0]:
        # Translators: the player of the light checkers at one desk
        return _("White")
    if name == SIDES[1]:
        # Translators: the player of the dark checkers at one desk
        return _("Black")
    return bot_title(name)


def title_text(record: MatchRecord) -> str:
    """ "You vs Master · 5-point match" (or "money game")."""
    first, second = (shown_name(name) for name in record.names)
    if record.length:
        # Translators: the analysis screen's title; {length} is the match length in points
        length = ngettext("{length}-point match", "{length}-point match", record.length)
        kind = length.format(length=record.length)
    else:
        # Translators: the analysis screen's title for games without a match length
        kind = _("money game")
    # Translators: the analysis screen's title: the two players and the kind of match
    return _("Analysis: {first} vs {second} · {kind}").format(first=first, second=second, kind=kind)


def progress_text(done: int, total: int) -> str:
    # Translators: while the analysis runs; {done} games of {total} are judged so far
    return _("Analysing… {done} of {total} games").format(done=done, total=total)


def player_text(summary: PlayerSummary) -> str:
    """One player's line: error rate and rating, the marks counted, luck."""
    name = shown_name(summary.name)
    if not summary.decisions:
        # Translators: a player who had no decision to make (every play forced)
        return _("{name}: no decisions").format(name=name)
    # Translators: {rate} is the mean loss per decision in millipoints; {rating} a word such as Expert;
    # {doubtful}, {bad}, {very_bad} count the marked decisions; {luck} is in points, signed
    text = _(
        "{name}: {rate} per decision ({rating}) · doubtful {doubtful}, bad {bad}, very bad {very_bad} · "
        "luck {luck}"
    )
    return text.format(
        name=name,
        rate=f"{summary.error_rate:.1f}",
        rating=_(summary.rating),
        doubtful=summary.doubtful,
        bad=summary.bad,
        very_bad=summary.very_bad,
        luck=signed(summary.luck / MILLI),
    )


def mistakes_heading(count: int) -> str:
    if not count:
        # Translators: the analysis found no doubtful, bad or very bad decision
        return _("No mistakes: every decision was within 0.040 of the best")
    # Translators: the heading of the list of mistakes, worst first; each row starts with game·turn
    text = ngettext(
        "{count} mistake, worst first (game·turn)", "{count} mistakes, worst first (game·turn)", count
    )
    return text.format(count=count)


def where_text(decision: Decision) -> str:
    """ "Game 1, turn 12" (the turn counted from 1)."""
    # Translators: where a decision was made in the match
    return _("Game {game}, turn {turn}").format(game=decision.game, turn=decision.turn + 1)


def action_text(decision: Decision) -> str:
    """The decision as made: "64: 13/7 6/2" for a play, the cube action's word for a cube decision."""
    if decision.kind == "cube":
        return _(decision.action)
    dice = decision.dice or (0, 0)
    # Translators: a play that moved nothing (the roll could not be played)
    play = format_play_hits(decision.state, parse_play(decision.action))
    return f"{dice[0]}{dice[1]}: {play or _('no move')}"


def loss_text(decision: Decision) -> str:
    """The equity lost and the mark: "-0.123 bad"."""
    return f"{signed(-decision.loss / MILLI)} {_(decision.mark)}" if decision.mark is not Mark.NONE else ""


def mistake_row(decision: Decision, record: MatchRecord) -> str:
    """A row of the mistakes list: where, who, what, and how much it lost."""
    name = shown_name(record.names[decision.player])
    return f"{decision.game}·{decision.turn + 1}  {name}  {action_text(decision)}  {loss_text(decision)}"


def played_text(decision: Decision) -> str:
    # Translators: above the board of the play made; {play} is in notation, {equity} signed points
    return _("Played: {play}\n{equity}").format(play=action_text(decision), equity=signed(decision.equity))


def best_text(decision: Decision) -> str:
    if decision.kind == "cube":
        best = _(decision.best)
    else:
        best = format_play_hits(decision.state, parse_play(decision.best)) or _("no move")
    # Translators: above the board of the best play; {play} is in notation, {equity} signed points
    return _("Best: {play}\n{equity}").format(play=best, equity=signed(decision.best_equity))


def graph_heading() -> str:
    # Translators: the analysis graph's heading: each player's chance of winning the game after each turn
    return _("Chance of winning, turn by turn")


def back_label() -> str:
    # Translators: button: leave the analysis screen
    return _("Back")


def previous_label() -> str:
    # Translators: button: the mistake before the one shown (in the list, worst first)
    return _("Previous")


def next_label() -> str:
    # Translators: button: the mistake after the one shown
    return _("Next")


def failed_text(error: str) -> str:
    # Translators: the analysis could not be made; {error} says why
    return _("The analysis failed: {error}").format(error=error)


def matches_title() -> str:
    # Translators: the title of the screen listing the matches that can be analysed
    return _("Matches to analyse")


def matches_note(folder: str) -> str:
    # Translators: under the list of matches; {folder} is where finished matches are kept as .mat files
    return _("Finished matches are kept in {folder}. Choose one to analyse it.").format(folder=folder)


def no_matches_text() -> str:
    # Translators: the list of matches to analyse is empty
    return _("No match yet: finish a match at the table and it shows here.")


def kept_row(record: MatchRecord | None, file_name: str, error: str) -> str:
    """A row of the matches list: the saved match or a file, its players, length and score."""
    if record is None:
        return f"{file_name}: {error}"
    first, second = (shown_name(name) for name in record.names)
    score = [0, 0]
    for game in record.games:
        if game.winner is not None:
            score[game.winner] += game.points
    length = record.length or "-"
    # Translators: a match in the list: the players, the score and the match length in points
    text = _("{first} vs {second} · {one}–{two} (to {length})").format(
        first=first, second=second, one=score[0], two=score[1], length=length
    )
    if not file_name:
        # Translators: the match saved unfinished at the table, in the list of matches to analyse
        return _("Unfinished: {match}").format(match=text)
    return f"{file_name.removesuffix('.mat').removeprefix('match-')} · {text}"

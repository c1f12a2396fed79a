"""The analysis screen's words (pure text, no Arcade): the match's title, the progress, each player's
figures, the mistakes' rows and the chosen mistake's lines."""

import os

from game.i18n import _, ngettext
from game.tavla.analysis.decisions import MILLI, Decision, Mark, PlayerSummary
from game.tavla.engine.notation import format_play_hits, parse_play
from game.tavla.players import bot_title
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import SIDES, YOU
from game.tavla.screens.table.hint_captions import signed


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


def player_text(summary: PlayerSummary, compact: bool = False, emg: bool = False, cube: bool = False) -> str:
    """One player's line: error rate and rating, the marks counted, luck; `compact` (a small window's
    larger text): the rate and rating, then the marks counted, on two lines, and no luck. On a large
    window, `emg` names the unit of a match's rate and `cube` adds a line of the cube's figures."""
    name = shown_name(summary.name)
    if not summary.decisions:
        # Translators: a player who had no decision to make (every play forced)
        return _("{name}: no decisions").format(name=name)
    line = _player_line(summary, name, compact, emg)
    return f"{line}\n{cube_text(summary)}" if cube and not compact else line


def cube_text(summary: PlayerSummary) -> str:
    """The cube's figures of a player: its error rate over the decisions counted, the doubles missed,
    the wrong doubles, takes and passes."""
    # Translators: the second line of a player's figures in a match played with the cube; {rate} is the
    # mean loss per cube decision counted (close or acted on), {decisions} how many; then how many
    # doubles were missed, and how many doubles, takes and passes were wrong
    text = _(
        "cube {rate} in {decisions} · missed doubles {missed} · wrong: doubles {doubles}, takes {takes}, "
        "passes {passes}"
    )
    return text.format(
        rate=f"{summary.cube_error_rate:.1f}",
        decisions=summary.cube_decisions,
        missed=summary.missed_doubles,
        doubles=summary.wrong_doubles,
        takes=summary.wrong_takes,
        passes=summary.wrong_passes,
    )


def _player_line(summary: PlayerSummary, name: str, compact: bool, emg: bool) -> str:
    if compact:
        # Translators: a player's figures on a small window, on two lines as short as can be (each has
        # room for about 40 letters); {rate} is the mean loss per decision in millipoints, {rating} a word
        # such as Expert; {doubtful}, {bad}, {very_bad} count the marked decisions
        text = _("{name}: {rate} ({rating})\ndoubtful {doubtful} · bad {bad} · very bad {very_bad}")
    elif emg:
        # Translators: a player's figures in a match; {rate} is the mean loss per decision in millipoints
        # of EMG (GNU Backgammon's equivalent to money game: the match-winning chances at the score, keep
        # mEMG as it is); {rating} a word such as Expert; {doubtful}, {bad}, {very_bad} count the marked
        # decisions; {luck} is in EMG, signed
        text = _(
            "{name}: {rate} mEMG per decision ({rating}) · doubtful {doubtful}, bad {bad}, "
            "very bad {very_bad} · luck {luck}"
        )
    else:
        # Translators: {rate} is the mean loss per decision in millipoints; {rating} a word such as
        # Expert; {doubtful}, {bad}, {very_bad} count the marked decisions; {luck} is in points, signed
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


def mistakes_heading(count: int, compact: bool = False) -> str:
    """Over the list of mistakes: how many, or none (in fewer words on a small window)."""
    if not count and compact:
        # Translators: the analysis found no doubtful, bad or very bad decision (on a small window,
        # as short as can be)
        return _("No mistakes: all within 0.040")
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


def chosen_text(decision: Decision, record: MatchRecord, compact: bool = False) -> str:
    """The line over the chosen mistake's boards: where and who; `compact` writes where as the rows do
    (game·turn) and adds the mark, which a small window's rows leave to their colour."""
    name = shown_name(record.names[decision.player])
    if compact:
        return f"{decision.game}·{decision.turn + 1} · {name} · {_(decision.mark)}"
    return f"{where_text(decision)} · {name}"


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


def mistake_row(decision: Decision, record: MatchRecord, compact: bool = False) -> str:
    """A row of the mistakes list: where, who, what, and how much it lost; `compact` (a small window's
    larger text) leaves out the player, whom the row's dot shows, and the mark, which its colour shows."""
    where = f"{decision.game}·{decision.turn + 1}"
    if compact:
        return f"{where}  {action_text(decision)}  {signed(-decision.loss / MILLI)}"
    name = shown_name(record.names[decision.player])
    return f"{where}  {name}  {action_text(decision)}  {loss_text(decision)}"


def played_text(decision: Decision, compact: bool = False, ranked: bool = False) -> str:
    """Above the board of the play made; `compact` (a small window): its equity, and under it the play
    unless it is `ranked` (shown in the ranked plays beneath the boards)."""
    play = action_text(decision)
    if compact:
        # Translators: above the board of the play made, on a small window; {equity} is in signed points
        line = _("Played · {equity}").format(equity=signed(decision.equity))
        return line if ranked else f"{line}\n{play}"
    # Translators: above the board of the play made; {play} is in notation, {equity} signed points
    return _("Played: {play}\n{equity}").format(play=play, equity=signed(decision.equity))


def best_text(decision: Decision, compact: bool = False) -> str:
    """Above the board of the best play; `compact` as for `played_text`, the best play of a move always
    ranked first."""
    if decision.kind == "cube":
        best = _(decision.best)
    else:
        best = format_play_hits(decision.state, parse_play(decision.best)) or _("no move")
    if compact:
        # Translators: above the board of the best play, on a small window; {equity} is in signed points
        line = _("Best · {equity}").format(equity=signed(decision.best_equity))
        return line if decision.ranked and decision.kind != "cube" else f"{line}\n{best}"
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


def matches_note(folder: str, home: str | None = None) -> str:
    """Where the matches are kept, the `home` folder (the player's, unless told) written as ~, as people
    write it."""
    home = os.path.expanduser("~") if home is None else home
    if home not in ("", "/") and folder.startswith(home + os.sep):
        folder = "~" + folder[len(home) :]
    # Translators: under the list of matches; {folder} is where finished matches are kept as .mat files
    return _("Finished matches are kept in {folder}. Choose one to analyse it.").format(folder=folder)


def no_matches_text() -> str:
    # Translators: the list of matches to analyse is empty
    return _("No match yet: finish a match at the table and it shows here.")


def kept_row(record: MatchRecord | None, file_name: str, error: str, compact: bool = False) -> str:
    """A row of the matches list: the saved match or a file, its players, length and score; a file that
    cannot be read with why, which `compact` (a small window's larger text) leaves to a larger window."""
    if record is None and compact:
        # Translators: a file in the list of matches that is no match the game can read (on a small
        # window, where the reason has no room)
        return _("{file}: cannot be read").format(file=file_name)
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

"""The analysis screen's words (pure text, no Arcade): the match's title, the progress, the graph's heading
and game labels, the players' figures (in the units and words of the `analyse` report,
game/tavla/analysis/figures.py), the list's rows, the chosen decision's lines (plays in GNU Backgammon's
form, moves numbered as the table's move list numbers them), the cube's three equities, the level judged
at, gnubg's IDs, and the matches list."""

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.core.text.i18n import N_, _, ngettext, percent_text
from game.tavla.analysis import figures
from game.tavla.analysis.cube import proper_action
from game.tavla.analysis.decisions import MILLI, Decision, Mark, PlayerSummary
from game.tavla.engine.cube import CubeEvent
from game.tavla.engine.notation import display_dice
from game.tavla.engine.rules import Rules
from game.tavla.players import bot_title
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import SIDES, YOU
from game.tavla.screens.table.hint_captions import chances_text, signed
from game.tavla.screens.table.verdict import verdict_word

MARK_SIGNS = "?! · ? · ??"
"""GNU Backgammon's signs for doubtful, bad and very bad, the marks' row on a small window."""
MONTHS = (
    # Translators: the short names of the months, in the list of matches ("1 Dec 2026, 19:03")
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


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


def length_text(record: MatchRecord) -> str:
    """ "5-point match", or "money session" (with its Jacoby rule)."""
    if record.length:
        # Translators: the analysis screen's title; {length} is the match length in points
        length = ngettext("{length}-point match", "{length}-point match", record.length)
        return length.format(length=record.length)
    if record.jacoby:
        # Translators: the analysis screen's title and the list of matches, for games played for
        # money (no match length) under the Jacoby rule
        return _("money session, Jacoby")
    # Translators: the analysis screen's title and the list of matches, for games played for money
    # (no match length): each game's points count
    return _("money session")


def title_text(record: MatchRecord) -> str:
    """ "You vs Master · 5-point match" (or "money session")."""
    first, second = (shown_name(name) for name in record.names)
    # Translators: the analysis screen's title: the two players and the kind of match
    text = _("Analysis: {first} vs {second} · {kind}")
    return text.format(first=first, second=second, kind=length_text(record))


def progress_text(done: int, total: int) -> str:
    # Translators: while the analysis runs; {done} games of {total} are judged so far
    return _("Analysing… {done} of {total} games").format(done=done, total=total)


# --- the graph ---


def graph_heading(emg: bool = False) -> str:
    """Over the graph: what it plots, the match-winning chance in a match."""
    if emg:
        # Translators: the analysis graph's heading in a match: each player's chance of winning the
        # match after each move (the axis numbers the moves)
        return _("Match-winning chance")
    # Translators: the analysis graph's heading: each player's chance of winning the game after each move
    return _("Chance of winning the game")


def game_label(number: int, score: tuple[int, int] | None, short: bool = False) -> str:
    """A game's label on the graph: "Game 2 · 2–0" (the score before it; None in money play), `short`
    the number alone."""
    if short:
        return str(number)
    if score is None:
        # Translators: a game's label on the analysis graph of games played for money
        return _("Game {number}").format(number=number)
    # Translators: a game's label on the analysis graph; {first}–{second} is the score before it
    return _("Game {number} · {first}–{second}").format(number=number, first=score[0], second=score[1])


def games_run_label(first: int, last: int) -> str:
    """The label of games too short to be labelled one by one on the graph: "2–3"."""
    # Translators: the label over games {first} to {last} on the analysis graph, each too short (a move or
    # two) for a label of its own
    return _("{first}–{last}").format(first=first, last=last)


@dataclass(frozen=True)
class RankedRow:
    """A row of the ranking (a play, or a cube decision's option): "1. 8/5 6/5", its equity "+0.151", the
    difference to the best "-0.160" (blank for the best), and the line under it (the chances, or the
    match-winning chance)."""

    play: str
    equity: str
    difference: str
    chances: str


# --- the players' figures ---


@dataclass(frozen=True)
class FigureRow:
    """A row of the players' table: what it counts (with its unit) and each player's figure."""

    label: str
    cells: tuple[str, str]


def figures_unit(emg: bool, compact: bool = False) -> str:
    """The first cell of the players' table's header: the unit of its figures (a small window leaves
    out the MWC)."""
    if emg and not compact:
        # Translators: the unit of the players' figures in a match; keep mEMG and MWC as they are
        return _("mEMG (MWC)")
    return figures.milli_unit(emg)


def figure_rows(
    players: tuple[PlayerSummary, PlayerSummary], emg: bool, cube: bool, compact: bool = False
) -> list[FigureRow]:
    """The players' figures as gnubg's statistics give them, in the units of the table's header
    (`figures_unit`): the error rate per decision and the rating, the checker play and the cube apart,
    the cube's errors, the luck per roll in the same units, the marks; `compact` (a small window's
    larger text) the error rate with the rating, the luck and the marks."""

    def row(label: str, cell: Callable[[PlayerSummary], str]) -> FigureRow:
        return FigureRow(label, (cell(players[0]), cell(players[1])))

    rate = row(
        # Translators: a row of the players' figures: the mean loss per decision (the unit heads the table)
        _("Error rate, per decision"),
        lambda p: _rated(figures.bare_amount(p.error_rate, p.mwc_error_rate, emg and not compact), p),
    )
    luck = row(
        # Translators: a row of the players' figures: the mean luck per roll, in the errors' unit
        _("Luck, per roll"),
        lambda p: figures.bare_amount(p.luck_rate, p.mwc_luck_rate, emg and not compact, sign=True),
    )
    marks = row(_marks_label(), _marks)
    if compact:
        # Translators: a row of the players' figures on a small window, as short as can be (about 12
        # letters): the mean loss per decision
        rate = FigureRow(_("Error rate"), rate.cells)
        # Translators: a row of the players' figures on a small window, as short as can be (about 12
        # letters): the mean luck per roll
        luck = FigureRow(_("Luck a roll"), luck.cells)
        return [rate, luck, FigureRow(MARK_SIGNS, marks.cells)]
    rows = [
        FigureRow(
            rate.label, tuple(figures.bare_amount(p.error_rate, p.mwc_error_rate, emg) for p in players)
        ),
        # Translators: a row of the players' figures: GNU Backgammon's rating word (Expert, Beginner...)
        row(_("Rating"), lambda p: _(p.rating) if p.rating else "-"),
        row(
            # Translators: a row of the players' figures: the error rate of the plays that were not forced
            _("Checker play, per move"),
            lambda p: _counted(p.checker_error_rate, p.checker_mwc_rate, p.checker_decisions, emg),
        ),
    ]
    if cube:
        rows += [
            row(
                # Translators: a row of the players' figures: the error rate of the cube decisions counted
                _("Cube, per decision"),
                lambda p: _counted(p.cube_error_rate, p.cube_mwc_rate, p.cube_decisions, emg),
            ),
            # Translators: a row of the players' figures: how many doubles were missed
            row(_("Missed doubles"), lambda p: str(p.missed_doubles)),
            # Translators: a row of the players' figures: how many doubles, takes and passes were wrong
            row(_("Wrong doubles · takes · passes"), _wrong_cube),
        ]
    return [*rows, luck, marks]


def _rated(rate: str, summary: PlayerSummary) -> str:
    return f"{rate} · {_(summary.rating)}" if summary.rating else rate


def _counted(rate: float, mwc: float, count: int, emg: bool) -> str:
    """ "72.8 (1.232%) in 87": a rate and how many decisions it is over."""
    # Translators: a cell of the players' figures: {rate} over {count} decisions
    return _("{rate} in {count}").format(rate=figures.bare_amount(rate, mwc, emg), count=count)


def _wrong_cube(summary: PlayerSummary) -> str:
    return f"{summary.wrong_doubles} · {summary.wrong_takes} · {summary.wrong_passes}"


def _marks_label() -> str:
    # Translators: a row of the players' figures: how many decisions were doubtful, bad, very bad
    return _("Doubtful · bad · very bad")


def _marks(summary: PlayerSummary) -> str:
    return f"{summary.doubtful} · {summary.bad} · {summary.very_bad}"


def no_decisions_text() -> str:
    # Translators: a player who had no decision to make (every play forced), in the players' figures
    return _("no decisions")


# --- the list ---


def mistakes_tab(count: int) -> str:
    # Translators: a tab over the list: the doubtful, bad and very bad decisions, worst first
    return _("Mistakes ({count})").format(count=count)


def every_tab(count: int) -> str:
    # Translators: a tab over the list: every move and cube decision of the match, in order
    return _("All moves ({count})").format(count=count)


def no_mistakes_text(compact: bool = False) -> str:
    """Over the list when the analysis found no mistake (the list shows every move instead)."""
    if compact:
        # Translators: the analysis found no doubtful, bad or very bad decision (on a small window, short)
        return _("No mistakes: all within 0.040")
    # Translators: the analysis found no doubtful, bad or very bad decision
    return _("No mistakes: every decision was within 0.040 of the best")


def where_short(decision: Decision) -> str:
    """ "3·12": the game and the move, as the list's rows start."""
    return f"{decision.game}·{decision.move}"


def loss_text(decision: Decision) -> str:
    """The equity lost and the mark: "-0.123 bad" ("" for a decision that lost nothing)."""
    if decision.loss <= 0.0:
        return ""
    lost = signed(-decision.loss / MILLI)
    return f"{lost} {_(decision.mark)}" if decision.mark is not Mark.NONE else lost


def list_row(decision: Decision, record: MatchRecord, compact: bool = False) -> str:
    """A row of the list: where (game·move), who, what, and what it lost; `compact` (a small window's
    larger text) leaves out the player, whom the row's dot shows, and the mark, which its colour shows."""
    what = figures.play_text(decision)
    if compact:
        lost = signed(-decision.loss / MILLI) if decision.loss > 0.0 else ""
        return f"{where_short(decision)}  {what}  {lost}".rstrip()
    name = shown_name(record.names[decision.player])
    return f"{where_short(decision)}  {name}  {what}  {loss_text(decision)}".rstrip()


# --- the chosen decision ---


def where_text(decision: Decision) -> str:
    """ "Game 1, move 12" (numbered as the move list numbers its lines)."""
    # Translators: where a decision was made in the match; {move} numbers the move list's line
    return _("Game {game}, move {move}").format(game=decision.game, move=decision.move)


def chosen_text(decision: Decision, record: MatchRecord, compact: bool = False) -> str:
    """The line over the chosen decision: where, who, and what was decided on; `compact` writes where
    as the rows do (game·move) and adds the mark, which a small window's rows leave to their colour."""
    name = shown_name(record.names[decision.player])
    if decision.kind == "cube" and compact:
        # Translators: the doubling cube, as short as can be: a cube decision on a small window
        cube = _("cube")
        what = f"{name} · {cube}"
    elif decision.kind == "cube" and decision.action in ("take", "drop"):
        # Translators: over a decision: the player answered a double
        what = _("{name}: answer to the double").format(name=name)
    elif decision.kind == "cube":
        # Translators: over a decision: the player on roll could double, before rolling
        what = _("{name} before the roll").format(name=name)
    elif compact:
        what = f"{name} · {display_dice(*(decision.dice or (0, 0)))}"
    else:
        dice = display_dice(*(decision.dice or (0, 0)))
        # Translators: over a decision: the player's roll, e.g. "root to play 43"
        what = _("{name} to play {dice}").format(name=name, dice=dice)
    if compact:
        mark = f" · {_(decision.mark)}" if decision.mark is not Mark.NONE else ""
        return f"{where_short(decision)} · {what}{mark}"
    return f"{where_text(decision)} · {what}"


def played_text(decision: Decision, compact: bool = False, ranked: bool = False) -> str:
    """Above the board of the play made: the play, its equity and its verdict (the colour of its arrows);
    `compact` (a small window): its equity, and under it the play unless it is `ranked` (shown in the
    ranked plays beneath the boards)."""
    play = figures.play_text(decision)
    if compact:
        # Translators: above the board of the play made, on a small window; {equity} is signed
        line = _("Played · {equity}").format(equity=signed(decision.equity))
        return line if ranked else f"{line}\n{play}"
    # Translators: above the board of the play made, whose arrows are in the verdict's colour; {play} in
    # notation, {equity} signed, {verdict} good, doubtful, bad or very bad
    text = _("Played: {play}\n{equity} · {verdict}")
    return text.format(play=play, equity=signed(decision.equity), verdict=verdict_word(decision.mark))


def best_text(decision: Decision, compact: bool = False) -> str:
    """Above the board of the best play; `compact` as for `played_text`, the best play always ranked
    first."""
    best = figures.best_text(decision)
    if compact:
        # Translators: above the board of the best play, on a small window; {equity} is signed
        line = _("Best · {equity}").format(equity=signed(decision.best_equity))
        return line if decision.ranked else f"{line}\n{best}"
    # Translators: above the board of the best play; {play} in notation, {equity} signed
    return _("Best: {play}\n{equity}").format(play=best, equity=signed(decision.best_equity))


def ranked_rows(decision: Decision, rules: Rules) -> list[RankedRow]:
    """The ranked plays of a move, best first, in GNU Backgammon's form."""
    if not decision.ranked:
        return []
    best = decision.ranked[0].equity
    rows = []
    for number, play in enumerate(decision.ranked, 1):
        moves = figures.shown_play(decision, play.text)
        difference = "" if number == 1 else signed(play.equity - best)
        chances = chances_text(play.chances, rules)
        rows.append(RankedRow(f"{number}. {moves}", signed(play.equity), difference, chances))
    return rows


def ranking_heading(judged_by: str, emg: bool) -> str:
    """Over the ranked plays: the judge that ranked them and the unit of their equities."""
    if emg:
        # Translators: over the ranked plays; {level} e.g. "Expert, 0-ply"; EMG the equity at the score
        return _("{level} · EMG at the score").format(level=judged_by)
    # Translators: over the ranked plays; {level} e.g. "Expert, 0-ply"; the equity in points
    return _("{level} · equity in points").format(level=judged_by)


def cube_heading(judged_by: str, emg: bool) -> str:
    """Over a cube decision's equities: the judge that gave them and their unit."""
    # Translators: the unit of a cube decision's equities in money play
    unit = "EMG" if emg else _("points")
    # Translators: over a cube decision's three equities; {level} e.g. "Expert, 0-ply"; {unit} is EMG
    # or points
    return _("Cube decision · {level} · {unit}").format(level=judged_by, unit=unit)


CUBE_OPTIONS = (
    # Translators: a cube decision's options, as GNU Backgammon lists them
    N_("No double"),
    N_("Double, take"),
    N_("Double, pass"),
)
REDOUBLE_OPTIONS = (
    # Translators: a cube decision's options when the cube is the doubler's already
    N_("No redouble"),
    N_("Redouble, take"),
    N_("Redouble, pass"),
)


def cube_rows(decision: Decision) -> list[RankedRow]:
    """A cube decision's three options as GNU Backgammon lists them, unnumbered (they are not a
    ranking): the doubler's equity and the difference to the best option (`cube_best`), which says
    "best" instead."""
    equities = decision.cube_equities or (0.0, 0.0, 0.0)
    names = REDOUBLE_OPTIONS if _redouble(decision) else CUBE_OPTIONS
    best = cube_best(decision)
    rows = []
    for index, (name, equity) in enumerate(zip(names, equities, strict=True)):
        # Translators: beside the right one of a cube decision's three options on the analysis screen
        difference = _("best") if index == best else signed(equity - equities[best])
        chances = _mwc_text(equity, decision)
        rows.append(RankedRow(_(name), signed(equity), difference, chances))
    return rows


def cube_best(decision: Decision) -> int:
    """Which of `cube_rows` is right for the player deciding: for the doubler, no double (0) unless a
    double gains, then the answer the opponent should give; for the answerer, take (1) or pass (2),
    whichever leaves the doubler less."""
    no_double, take, drop = decision.cube_equities or (0.0, 0.0, 0.0)
    answer = 1 if take <= drop else 2
    if decision.action in ("take", "drop"):
        return answer
    return 0 if no_double >= min(take, drop) else answer


def _mwc_text(equity: float, decision: Decision) -> str:
    """The doubler's match-winning chance after an option ("" in money play); the decision's stakes are
    the answerer's for a take or a pass."""
    stakes = decision.stakes
    if stakes is None or not stakes.match:
        return ""
    answer = decision.action in ("take", "drop")
    chance = 1.0 - stakes.mwc(-equity) if answer else stakes.mwc(equity)
    # Translators: under a cube option: the doubler's match-winning chance after it; keep MWC
    return _("MWC {chance}").format(chance=percent_text(f"{100 * chance:.1f}"))


def cube_taken(decision: Decision, record: MatchRecord | None = None) -> int:
    """Which of `cube_rows` was played: 0 no double, 1 double and take, 2 double and pass; for a double,
    the answer that came (in `record`), double and take when it is not known."""
    if decision.action == "double" and record is not None and 0 < decision.game <= len(record.games):
        answers = (
            action.event
            for action in record.games[decision.game - 1].cube
            if action.before_turn == decision.turn and action.player != decision.player
        )
        if next(answers, None) is CubeEvent.PASS:
            return 2
    return {"no double": 0, "double": 1, "take": 1, "drop": 2}[decision.action]


def _redouble(decision: Decision) -> bool:
    return decision.stakes is not None and decision.stakes.cube > 1


def proper_text(decision: Decision) -> str:
    """ "Proper cube action: No double, take"."""
    action = proper_action(decision.cube_equities or (0.0, 0.0, 0.0), _redouble(decision))
    # Translators: under a cube decision's equities; {action} e.g. "No double, take"
    return _("Proper cube action: {action}").format(action=action)


def cube_played_text(decision: Decision, emg: bool, compact: bool = False) -> str:
    """What the player did and what it cost: "Played: double · loses 35.0 mEMG (0.512% MWC) · doubtful";
    `compact` (a small window) the loss as the rows write it."""
    action = figures.play_text(decision)
    if decision.loss <= 0.0:
        # Translators: under a cube decision: the action the player took was the right one
        return _("Played: {action} · right").format(action=action)
    if compact:
        # Translators: under a cube decision on a small window: the action taken and what it lost, e.g.
        # "Played: no double -0.120 bad"
        return _("Played: {action} {loss}").format(action=action, loss=loss_text(decision))
    # Translators: under a cube decision: the action taken, what it lost (e.g. "35.0 mEMG (0.512%
    # MWC)") and the mark
    text = _("Played: {action} · loses {loss} · {mark}")
    mark = _(decision.mark) if decision.mark is not Mark.NONE else "-"
    return text.format(action=action, loss=figures.loss_amount(decision, emg), mark=mark)


def ids_text(decision: Decision, compact: bool = False) -> str:
    """GNU Backgammon's IDs of the moment, to paste into gnubg; `compact` (a small window) on two lines."""
    position, match = decision.gnubg_ids
    if not position:
        return ""
    # Translators: {id} is a GNU Backgammon Position ID (letters and digits, not translated)
    first = _("Position ID {id}").format(id=position)
    # Translators: {id} is a GNU Backgammon Match ID (letters and digits, not translated)
    second = _("Match ID {id}").format(id=match)
    return f"{first}\n{second}" if compact else f"{first} · {second}"


# --- buttons and states ---


def back_label() -> str:
    # Translators: button: leave the analysis screen
    return _("Back")


def previous_label() -> str:
    # Translators: button: the decision before the one shown (in the list shown)
    return _("Previous")


def next_label() -> str:
    # Translators: button: the decision after the one shown
    return _("Next")


def failed_text(error: str) -> str:
    # Translators: the analysis could not be made; {error} says why
    return _("The analysis failed: {error}").format(error=error)


# --- the matches list ---


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


def date_text(when: float | None) -> str:
    """ "1 Dec 2026, 19:03" (local time), or "" when not known."""
    if when is None:
        return ""
    moment = time.localtime(when)
    # Translators: a match's date in the list; {day} 1-31, {month} a month's short name, {year}, {time}
    # the hour and minute (19:03); reorder as your language writes dates
    text = _("{day} {month} {year}, {time}")
    month = _(MONTHS[moment.tm_mon - 1])
    return text.format(
        day=moment.tm_mday, month=month, year=moment.tm_year, time=time.strftime("%H:%M", moment)
    )


def score_text(record: MatchRecord) -> str:
    """ "You 5–3 Expert (5-point match)": both players with their points, as a score is read."""
    first, second = (shown_name(name) for name in record.names)
    score = [0, 0]
    for game in record.games:
        if game.winner is not None:
            score[game.winner] += game.points
    # Translators: a match in the list: the players with their points and the kind of match, e.g.
    # "You 5–3 Expert · 5-point match"
    text = _("{first} {one}–{two} {second} · {kind}")
    return text.format(first=first, one=score[0], two=score[1], second=second, kind=length_text(record))


def kept_row(
    record: MatchRecord | None, file_name: str, error: str, compact: bool = False, when: float | None = None
) -> str:
    """A row of the matches list: when it was played, the players with their score, the length; a file
    that cannot be read with why, which `compact` (a small window's larger text) leaves to a larger
    window."""
    if record is None and compact:
        # Translators: a file in the list of matches that is no match the game can read (on a small
        # window, where the reason has no room)
        return _("{file}: cannot be read").format(file=file_name)
    if record is None:
        return f"{file_name}: {error}"
    text = score_text(record)
    if not file_name:
        # Translators: the match saved unfinished at the table, in the list of matches to analyse
        return _("Unfinished: {match}").format(match=text)
    date = date_text(when)
    return f"{date} · {text}" if date else f"{file_name} · {text}"

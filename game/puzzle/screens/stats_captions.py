"""The words of the statistics and replay screens, pure text to test alone."""

from __future__ import annotations

import time

from game.core.text.i18n import _, ngettext
from game.puzzle.model.settings import picture_title
from game.puzzle.model.size import BoardSize
from game.puzzle.model.stats import PLOT_AVERAGE, WINDOWS, Solve, Stats
from game.puzzle.model.stats_report import NONE, format_time

NOTE_PRACTICE = "practice"
NOTE_HELP = "help"
TITLE_ID_CHARS = 28
COMPACT_TITLE_ID_CHARS = 16


def board(size: BoardSize, picture: str) -> str:
    # Translators: a group of solves: {size} is a board size like 4x4, {picture} the picture's name.
    return _("{size} · {picture}").format(size=size, picture=picture_title(picture))


def counted(stats: Stats, compact: bool = False) -> str:
    """How many solves count, and how many more are kept without counting (on a small window, shortly:
    the list's notes say why)."""
    # Translators: how many solves enter the statistics, e.g. "12 solves counted"
    text = ngettext("{count} solve counted", "{count} solves counted", stats.solves).format(
        count=stats.solves
    )
    if stats.not_counted and compact:
        # Translators: on a small window, the solves kept and listed that never count; short (the list's
        # notes say why)
        more = ngettext("{count} not counted", "{count} not counted", stats.not_counted)
        text += " · " + more.format(count=stats.not_counted)
    elif stats.not_counted:
        # Translators: the solves kept and listed that never count (a board given by game ID, or a
        # hint or the auto-solve used)
        more = ngettext(
            "{count} more listed, not counted (practice or help)",
            "{count} more listed, not counted (practice or help)",
            stats.not_counted,
        )
        text += " · " + more.format(count=stats.not_counted)
    return text


def no_solves(compact: bool = False) -> str:
    """What the screen says before the first solve; on a small window, shortly."""
    if compact:
        # Translators: the statistics screen of a small window before any solve; at most 36 characters
        return _("No solves yet: solve a puzzle first.")
    return _("No solves yet: solve a puzzle and its statistics show here.")


def table(stats: Stats, last: Solve | None) -> list[tuple[str, str, str]]:
    """The rows of the statistics table: a name, the current value, the best value."""

    def tps(value: float | None) -> str:
        return NONE if value is None else f"{value:.2f}"

    rows = [
        # Translators: a row of the statistics table: the time of one solve (speedsolvers: "single")
        (_("Single"), format_time(None if last is None else last.seconds), format_time(stats.best_time)),
        # Translators: a row of the statistics table: the moves of one solve
        (
            _("Moves"),
            NONE if last is None else str(last.moves),
            NONE if stats.best_moves is None else str(stats.best_moves),
        ),
        # Translators: a row of the statistics table: tiles moved per second (keep TPS if usual)
        (_("TPS"), tps(None if last is None else last.tps), tps(stats.best_tps)),
    ]
    for window in WINDOWS:
        average = stats.averages[window.name]
        rows.append((window.name, format_time(average.current), format_time(average.best)))
    return rows


def columns() -> tuple[str, str]:
    # Translators: headings of the statistics table's columns: the latest solve or average, the best
    return _("Current"), _("Best")


def plot_title(count: int, compact: bool = False) -> str:
    """Over the plot; on a small window shorter, as its words are larger."""
    if compact:
        # Translators: the plot's title on a small window, at most 30 characters; {count} how many solves
        # it shows, {average} the running average drawn with them (ao12)
        text = ngettext("Latest {count} time · {average}", "Latest {count} times · {average}", count)
        return text.format(count=count, average=PLOT_AVERAGE)
    # Translators: the title of the plot of recent times; {count} is how many solves it shows, {average}
    # the running average drawn with them (ao12)
    text = ngettext(
        "The latest {count} time, with the running {average}",
        "The latest {count} times, with the running {average}",
        count,
    )
    return text.format(count=count, average=PLOT_AVERAGE)


def note(solve: Solve) -> str:
    """Why a listed solve does not count: ``practice`` (board given by ID), ``help``, or nothing."""
    if solve.practice:
        # Translators: in the list of solves: the board was given by game ID, so the solve does not count
        return _("practice")
    if solve.assisted:
        # Translators: in the list of solves: a hint or the auto-solve was used, so it does not count
        return _("help")
    return ""


def solve_row(number: int, solve: Solve) -> tuple[str, ...]:
    """One line of the list of solves: number, when, time, moves, TPS, optimal length, note."""
    when = NONE
    if solve.finished_at is not None:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(solve.finished_at))
    tps = NONE if solve.tps is None else f"{solve.tps:.2f}"
    optimal = NONE if solve.optimal_moves is None else str(solve.optimal_moves)
    if solve.optimal_moves is not None and not solve.optimal_proven:
        optimal = "≤" + optimal
    return (str(number), when, format_time(solve.seconds), str(solve.moves), tps, optimal, note(solve))


def list_headings() -> tuple[str, ...]:
    """The headings of the list of solves' columns."""
    return (
        "#",
        # Translators: heading of a column of the list of solves: when it was solved
        _("When"),
        # Translators: heading of a column of the list of solves: its time
        _("Time"),
        _("Moves"),
        _("TPS"),
        # Translators: heading of a column of the list of solves: the fewest moves for its board
        _("Optimal"),
        "",
    )


def list_title(count: int) -> str:
    # Translators: the heading of the list of every kept solve, latest first; {count} how many
    return ngettext("{count} solve, latest first", "{count} solves, latest first", count).format(count=count)


def stats_keys(compact: bool = False) -> str:
    """The keys under the buttons; on a small window three short lines, the arrows named in words (their
    signs are too thin to read at that size)."""
    if compact:
        # Translators: the keys of the statistics screen on a small window: three lines of at most 28
        # characters each; the keys are fixed: name them as the keyboard does
        return _("Up/Down solve · Enter watch\nC copy · V paste\nLeft/Right board · Esc menu")
    # Translators: the keys of the statistics screen; keep the key names as they are
    return _("↑/↓ choose a solve · Enter watch · C copy · V paste · ←/→ board · Esc menu")


def copied(text: str) -> str:
    # Translators: {replay} is the replay as text (maybe shortened with "…")
    return _("Replay copied: {replay}").format(replay=text if len(text) <= 60 else text[:59] + "…")


def not_copied(error: object) -> str:
    # Translators: {error} is the system's reason, in English or the system's language.
    return _("could not copy the replay: {error}").format(error=error)


def not_pasted(error: object) -> str:
    # Translators: {error} says why the clipboard's text is not a replay, or the system's reason.
    return _("could not paste a replay: {error}").format(error=error)


def replay_title(game_id: str, compact: bool = False) -> str:
    """The heading, with the game ID cut shorter on a small window (its heading size stays)."""
    chars = COMPACT_TITLE_ID_CHARS if compact else TITLE_ID_CHARS
    # Translators: the heading of the replay screen; {id} is the board's game ID, e.g. 4x4#123
    return _("Replay {id}").format(id=game_id if len(game_id) <= chars else game_id[: chars - 1] + "…")


def replay_clock(clock_ms: float, total_ms: int) -> str:
    """Where the replay is in the solve's time, of the whole: ``3.120 / 12.345``."""
    return f"{format_time(min(clock_ms, total_ms) / 1000)} / {format_time(total_ms / 1000)}"


def replay_moves(played: int, total: int) -> str:
    # Translators: how far a replay is: {played} moves made of {total}
    return _("Move {played} of {total}").format(played=played, total=total)


def replay_speed(speed: float) -> str:
    shown = f"{speed:g}" if speed >= 1 else f"1/{round(1 / speed)}"
    # Translators: the replay's speed: ×2 is twice as fast as the solve was, ×1/4 four times slower
    return _("Speed ×{speed}").format(speed=shown)


def replay_state(playing: bool, finished: bool) -> str:
    if finished:
        # Translators: the replay has reached its last move
        return _("Finished")
    # Translators: the replay plays / is paused
    return _("Playing") if playing else _("Paused")


def replay_keys(compact: bool = False) -> str:
    """The keys under the buttons; on a small window four short lines, the arrows named in words (their
    signs are too thin to read at that size)."""
    if compact:
        # Translators: the keys of the replay screen on a small window: four lines of at most 25
        # characters each; the keys are fixed: name them as the keyboard does
        return _("Space play/pause · C copy\nLeft/Right step\nUp/Down faster/slower\nHome start · Esc back")
    # Translators: the keys of the replay screen; keep the key names as they are
    return _("Space play/pause · ←/→ step · ↑/↓ faster/slower\nHome from the start · C copy · Esc back")

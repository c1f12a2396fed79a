"""The Fifteen screen's words: the HUD, the solved panel and the game ID line, pure text to test alone."""

from collections.abc import Sequence

from game.core.text.i18n import _, ngettext
from game.puzzle.model.settings import picture_title
from game.puzzle.model.size import BoardSize
from game.puzzle.model.solve_records import Best
from game.puzzle.model.stats_report import format_time
from game.puzzle.solver.background_solver import Shortest

ID_CHARS = 28
COMPACT_ID_CHARS = 12
"""A small window's game ID line is read at a larger size, so less of a long ID fits."""


def title(size: BoardSize) -> str:
    # Translators: the heading of the puzzle screen; {size} is the board size, e.g. 4x4.
    return _("Fifteen {size}").format(size=size)


def picture(name: str) -> str:
    # Translators: {name} is the picture's name, or "Numbers" for number tiles
    return _("Picture: {name}").format(name=picture_title(name))


def keys_help(compact: bool = False) -> str:
    """The keys under the buttons; on a small window the two lines that matter most, said shortly."""
    if compact:
        # Translators: the keys help of a small window, two short lines of at most 26 characters each;
        # the keys are fixed (arrows, WASD, H, U, R, Esc): keep their letters.
        return _("Arrows / WASD slide · H hint\nU undo · R redo · Esc menu")
    # Translators: the keys are fixed (U, R, H, N, Esc, arrows, WASD): keep their letters.
    return _("Click a tile or use arrows / WASD to slide.\nU undo · R redo · H hint · N new · Esc menu")


def auto_solve_help(speed: int, searching: bool, compact: bool = False) -> str:
    """The keys help while the auto-solve runs (Solve shows it): what it does, its speed, and the keys that
    change it (any other key or click stops it); on a small window in two short lines."""
    # Translators: the keys help's first line while the solution plays itself; {speed} is 1, 2, 4 or 8
    first = _("Auto-solve ×{speed}").format(speed=speed)
    if searching:
        # Translators: the keys help's first line while the solver looks for a solution
        first = _("Solving…")
    if compact:
        # Translators: a small window's short line (at most 26 characters): + and - or 1 to 4 set the
        # auto-solve's speed, any other key stops it; keep the keys
        return f"{first}\n{_('+/- 1–4 speed · keys stop')}"
    # Translators: while the solution plays itself: + and - or 1 to 4 set its speed; keep the keys
    return f"{first}\n{_('+ / - or 1–4 speed · any other key stops it')}"


def auto_solve_speed(speed: int) -> str:
    # Translators: a message when the player sets the auto-solve's speed; {speed} is 1, 2, 4 or 8
    return _("Solve speed ×{speed}").format(speed=speed)


def game_id(text: str, compact: bool = False) -> str:
    # Translators: {id} is the game ID, maybe shortened with "…"; C is the key that copies it.
    return _("Game {id} · C copies").format(id=shorten(text, COMPACT_ID_CHARS if compact else ID_CHARS))


def move_counter(count: int) -> str:
    # Translators: the move counter in the HUD; {count} is a number.
    return _("Moves {count}").format(count=count)


def goal() -> str:
    # Translators: the caption above the picture of the solved board.
    return _("Goal")


def timer(seconds: float) -> str:
    # Translators: the clock in the HUD; {clock} is minutes:seconds, e.g. 3:07.
    return _("Time {clock}").format(clock=clock(seconds))


def best(result: Best | None) -> str:
    if result:
        # Translators: the best result for this board; {moves} is e.g. "12 moves", {clock} e.g. 3:07.
        return _("Best: {moves} · {clock}").format(moves=moves(result.moves), clock=clock(result.seconds))
    return _("Best: not solved yet")


def preparing(progress: float, compact: bool = False) -> str:
    """While the solver builds its tables; nothing once it is ready."""
    if progress >= 1:
        return ""
    if compact:
        # Translators: a small window's short form of "Preparing the solver… 42%"; {percent} is 0 to 99
        return _("Solver… {percent}%").format(percent=round(progress * 100))
    # Translators: the solver's tables are being built; {percent} is a whole number from 0 to 99.
    return _("Preparing the solver… {percent}%").format(percent=round(progress * 100))


def well_done() -> str:
    # Translators: the heading of the panel shown when the puzzle is solved.
    return _("Well done!")


def summary(count: int, seconds: float) -> str:
    # Translators: the solved game; {moves} is e.g. "12 moves", {clock} the time taken, e.g. 3:07 or
    # 38.788 s.
    return _("{moves} in {clock}").format(moves=moves(count), clock=clock(seconds))


def solved_summary(count: int, seconds: float, compact: bool = False) -> str:
    """The solve in one line of the solved panel: the moves and the time, on a full window to the
    millisecond with the tiles per second, as speedsolvers read a solve (one line, not a second one
    that said the time again)."""
    if compact:
        return summary(count, seconds)
    solve = _("{moves} in {clock}").format(moves=moves(count), clock=precise_time(seconds))
    if seconds <= 0:
        return solve
    # Translators: a solve and its speed: {solve} is e.g. "40 moves in 12.345 s", {tps} e.g. 3.24;
    # TPS means tiles (moved) per second, keep it if players of your language say so.
    return _("{solve} · {tps} TPS").format(solve=solve, tps=f"{count / seconds:.2f}")


def precise_time(seconds: float) -> str:
    """A time to the millisecond with its unit, so it is not read as a count: ``38.788 s`` below a
    minute; from one on ``1:02.345`` reads as minutes and seconds, as the HUD's clock does."""
    shown = format_time(seconds)
    if seconds >= 60:
        return shown
    # Translators: a time in seconds, e.g. "38.788 s"; write your language's symbol for seconds
    return _("{seconds} s").format(seconds=shown)


def verdict(practice: bool, assisted: bool, new_best: bool, compact: bool = False) -> str:
    """Why a solved game is or is not a record (shortly, on a small window)."""
    if compact and (practice or assisted):
        if practice:
            # Translators: a small window's short "Practice (game ID): not a record", at most 24 characters
            return _("Practice: not a record")
        # Translators: a small window's short "Solved with help: not a record", at most 24 characters
        return _("With help: not a record")
    if practice:
        # Translators: the board was opened from a game ID, so the result is not kept as a best.
        return _("Practice (game ID): not a record")
    if assisted:
        # Translators: a hint or the auto-solve was used, so the result is not kept as a best.
        return _("Solved with help: not a record")
    return _("A new best!") if new_best else ""


def optimal(shortest: Shortest | None, measuring: bool, count: int, compact: bool = False) -> str:
    """The fewest moves for the scramble and how the solve compares, while it is measured and after
    (shortly, on a small window)."""
    if shortest is None:
        if measuring:
            # Translators: the solver is finding the fewest moves for the board just solved.
            return _("Optimal: measuring…")
        if compact:
            # Translators: a small window's short "Optimal: not found in time"
            return _("Optimal: not found")
        # Translators: the solver could not find the fewest moves for the board in its time.
        return _("Optimal: not found in time")
    ratio = f"{count / shortest.moves:.2f}" if shortest.moves else "–"
    if compact:
        # Translators: a small window's short line: {moves} is e.g. "40 moves", the fewest known (proven on
        # small boards, the solver's shortest on large ones); {ratio} your moves over those, e.g. 1.25
        return _("Shortest {moves} · ×{ratio}").format(moves=moves(shortest.moves), ratio=ratio)
    if shortest.proven:
        # Translators: {moves} is e.g. "40 moves" (the fewest possible); {ratio} your moves over those,
        # e.g. 1.25
        return _("Optimal {moves} · yours ×{ratio}").format(moves=moves(shortest.moves), ratio=ratio)
    # Translators: on large boards the fewest moves are unknown: {moves} is e.g. "120 moves", the
    # solver's shortest; {ratio} your moves over those, e.g. 1.25
    return _("Solver's best {moves} · yours ×{ratio}").format(moves=moves(shortest.moves), ratio=ratio)


def best_name(name: str) -> str:
    """A statistic that a solve can improve: ``time``, ``moves``, ``tps`` or an average's name."""
    if name == "time":
        # Translators: a new best of one solve's time (speedsolvers say "single")
        return _("single solve")
    if name == "moves":
        # Translators: a new best: fewest moves in one solve
        return _("fewest moves")
    return "TPS" if name == "tps" else name


CALLED_OUT = 3
COMPACT_CALLED_OUT = 1
BEST_ORDER = ("time", "ao100", "ao12", "ao5", "mo3", "moves", "tps")
"""What a speedsolver cares about first: the single, then the longest average."""


def call_out(practice: bool, assisted: bool, bests: Sequence[str], compact: bool = False) -> str:
    """The verdict, with the (at most three, one on a small window) foremost things a counted solve
    improved named: ``A new best! single solve · ao5``."""
    text = verdict(practice, assisted, bool(bests), compact)
    if practice or assisted or not bests:
        return text
    return f"{text} {named_bests(bests, COMPACT_CALLED_OUT if compact else CALLED_OUT)}"


def named_bests(bests: Sequence[str], limit: int = CALLED_OUT) -> str:
    """The foremost (at most ``limit``) things a solve improved: ``single solve · ao5 · fewest moves``."""
    named = sorted(bests, key=lambda name: BEST_ORDER.index(name) if name in BEST_ORDER else len(BEST_ORDER))
    return " · ".join(best_name(name) for name in named[:limit])


def panel_verdict(
    practice: bool, assisted: bool, bests: Sequence[str], compact: bool = False
) -> tuple[str, str]:
    """The solved panel's verdict and the records it names, as two lines: a line holding both ran past
    the panel. A small window names one record on the verdict's line (its words are larger)."""
    if compact:
        return call_out(practice, assisted, bests, compact=True), ""
    named = "" if practice or assisted else named_bests(bests)
    return verdict(practice, assisted, bool(bests)), named


def moves(count: int) -> str:
    """A number of moves, e.g. "12 moves", in the player's language."""
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"

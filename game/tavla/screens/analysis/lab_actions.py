"""The analysis screen's way into the position lab: the chosen moment's GNU Backgammon IDs and XGID to
the clipboard (C), and the moment on the set-up screen (E, as at the table), where it can be changed,
hinted, rolled out and played on; Back there returns to the analysis where it was."""

from __future__ import annotations

from collections.abc import Callable

from game.errors import UserError
from game.i18n import _
from game.tavla.analysis.decisions import Decision
from game.tavla.engine.rules import Rules
from game.tavla.engine.setup import Setup, read_gnubg_id
from game.tavla.engine.xgid import write_xgid
from game.tavla.lab.setup_board import SetupBoard
from game.ui.shell import Shell
from game.ui.widgets import Toast


def moment_setup(decision: Decision) -> Setup:
    """The position, dice, cube and score of the decision's moment, read back from its IDs."""
    position, match = decision.gnubg_ids
    return read_gnubg_id(f"{position}:{match}")


def copy_ids(shell: Shell, decision: Decision | None, toast: Toast) -> None:
    """The moment's Position ID:Match ID and XGID, one a line, on the clipboard; said in `toast`."""
    if decision is None or not decision.gnubg_ids[0]:
        # Translators: the analysis screen has no position chosen whose IDs could be copied
        toast.show(_("Choose a move first"))
        return
    setup = moment_setup(decision)
    text = f"{setup.gnubg_id}\n{write_xgid(setup)}"
    try:
        shell.set_clipboard_text(text)
    except Exception as error:  # noqa: BLE001 - a missing clipboard must not end the game
        toast.show(_("could not copy the IDs: {error}").format(error=error))
        return
    toast.show(_("Copied:\n{ids}").format(ids=text))


def open_setup(
    shell: Shell, decision: Decision | None, rules: Rules, toast: Toast, back: Callable[[], None]
) -> None:
    """The moment on the set-up screen under the match's `rules`; `back` returns from there."""
    from game.tavla.screens.table.setup_view import SetupView  # the lab's screen, opened on demand

    if decision is None or not decision.gnubg_ids[0]:
        toast.show(_("Choose a move first"))
        return
    try:
        board = SetupBoard.from_setup(moment_setup(decision), rules, rules.has_cube)
    except UserError as error:
        toast.show(str(error))
        return
    shell.show_view(SetupView(board, back))

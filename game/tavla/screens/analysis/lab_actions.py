"""The analysis screen's way into the position lab: the chosen moment's GNU Backgammon IDs and XGID to
the clipboard (C), and the moment on the set-up screen (E, as at the table), where it can be changed,
hinted, rolled out and played on; Back there returns to the analysis where it was."""

from __future__ import annotations

from collections.abc import Callable

from game.core.errors import UserError
from game.core.text.i18n import _
from game.tavla.analysis.decisions import Decision
from game.tavla.engine.rules import Rules
from game.tavla.engine.study_position import Setup, read_gnubg_id
from game.tavla.lab.setup_board import SetupBoard
from game.tavla.screens.table.setup_view import SetupView, copy_ids_of
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
    copy_ids_of(shell, moment_setup(decision), toast)


def open_setup(
    shell: Shell, decision: Decision | None, rules: Rules, toast: Toast, back: Callable[[], None]
) -> None:
    """The moment on the set-up screen under the match's `rules`; `back` returns from there."""
    if decision is None or not decision.gnubg_ids[0]:
        toast.show(_("Choose a move first"))
        return
    try:
        board = SetupBoard.from_setup(moment_setup(decision), rules, rules.has_cube)
    except UserError as error:
        toast.show(str(error))
        return
    shell.show_view(SetupView(board, back))


def add_to_practice(decision: Decision | None, rules: Rules, toast: Toast) -> None:
    """The chosen decision into the practice deck (P), said in `toast`; a forced play has nothing to
    practise."""
    from game.core.records import RecordsUnavailable
    from game.tavla.progress.practice import Deck, cards_of

    if decision is None or not decision.gnubg_ids[0]:
        toast.show(_("Choose a move first"))
        return
    deck = Deck()
    cards = cards_of([decision], rules, deck.clock(), marked_only=False)
    if not cards:
        # Translators: the analysis screen: a play that was the only legal one cannot be practised
        toast.show(_("A forced play: nothing to practise"))
        return
    try:
        deck.add(cards)
    except RecordsUnavailable as error:
        toast.show(str(error))
        return
    # Translators: the analysis screen: the chosen position is now in the practice deck (menu: Progress)
    toast.show(_("Added to the practice deck"))

"""The table's match kept: the saved match offered on opening and resumed (or declined), the match in
progress saved when the table is left, and the match exported as a .mat file.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the records, the
opponent's driver, the offer dialog and the toast this uses.
"""

from game.errors import UserError
from game.i18n import _
from game.paths import data_dir
from game.records import RecordsUnavailable
from game.tavla.engine.match import Match
from game.tavla.engine.session import HUMAN, TableSession
from game.tavla.players.isolated import guarded_bot
from game.tavla.record.mat import export_mat, new_export_path
from game.tavla.record.save import player_names, save_table, saved_table
from game.tavla.screens.table import captions
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.opponent import OpponentDriver


class SavedMatch:
    """The saved match of the table: offered, resumed, kept and exported."""

    def _offer_saved(self, offer_resume: bool) -> None:
        """On opening: the match left unfinished last time offered over the new one (not with a seed or
        when told not to)."""
        if self.seed is None and offer_resume:
            self.saved = self._saved_match()
        if self.saved is not None:
            match, opponent = self.saved
            saved_players = Players(opponent, self.settings.human_side)
            if captions.runs_code(opponent):
                self.offer.buttons[0].label = captions.run_it_label()
            self.offer.texts[1].text = captions.offer_text(match, saved_players)
            self.toast.remaining = 0.0  # the opening roll is told once the offer is answered

    def _saved_match(self) -> tuple[Match, str] | None:
        """The match left unfinished last time, if there is one that can be restored."""
        try:
            return saved_table(self.records)
        except UserError as error:
            self.toast.show(_("The saved match could not be restored: {error}").format(error=error))
            return None

    def resume_saved(self) -> None:
        """Carry on the saved match; if its opponent cannot be loaded any more, say so and keep the new
        match that is already on the table."""
        if self.saved is None:
            return
        match, opponent = self.saved
        self.saved = None
        try:
            bot = None if opponent == HUMAN else guarded_bot(opponent, rules=match.rules)
            session = TableSession.resume(match, opponent)
        except UserError as error:
            self.toast.show(captions.unresumable_text(opponent, error), 6.0)
            self._update_hud()
            return
        self.driver.close()
        self.opponent, self.rules, self.cube = opponent, match.rules, match.cube
        self.driver = OpponentDriver(bot, match.rules)
        self.players = Players(opponent, self.settings.human_side)
        self.start_session(session)

    def decline_saved(self) -> None:
        self.saved = None
        self._update_hud()
        self._announce_opening()

    def export(self) -> None:
        names = player_names(self.opponent, self.settings.human_side)
        try:
            path = new_export_path(data_dir() / "exports", export_mat(self.session.match, names))
        except OSError as error:
            self.toast.show(_("could not export the match: {error}").format(error=error))
            return
        self.toast.show(captions.export_text(str(path), compact=self.compact))

    def leave(self) -> None:
        """Keep a match in progress so the menu can offer to resume it."""
        try:
            save_table(self.records, self.session.match, self.opponent, self.settings.human_side)
        except RecordsUnavailable as error:
            self.toast.show(str(error))
        self.driver.close()

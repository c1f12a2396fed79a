"""The table's match kept: the saved match offered on opening and resumed (or declined), the match in
progress saved when the table is left, and the match exported as a .mat file.

A saved match is never replaced before it was restored or the player chose New match over it: while it
is offered (Esc on the offer is "not now": it stays saved and is offered next time) the table behind
shows that match, untouched, and nothing is saved; when the records cannot be read now (another program
holds them) the match played instead is not saved over it; and one that was read but cannot be restored
(damaged, from a newer version, its opponent gone) is first copied aside into the data folder's `saves/`.

A mixin of `TableView` (game/tavla/screens/table/view.py), which holds the session, the records, the
opponent's driver, the offer dialog and the toast this uses.
"""

from game.core.errors import UserError
from game.core.files.folders import data_dir
from game.core.records import RecordsUnavailable
from game.core.text.i18n import _
from game.tavla.engine.rules import TAVLI, TableGames
from game.tavla.engine.table_session import HUMAN, TableSession
from game.tavla.players.isolated import guarded_bot
from game.tavla.record.formats import export_record
from game.tavla.record.mat_export import new_export_path
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import (
    UnrestorableSave,
    dump_match,
    player_names,
    save_table,
    saved_table,
    set_aside,
)
from game.tavla.screens.table import captions
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.opponent import OpponentDriver


class SavedMatch:
    """The saved match of the table: offered, resumed, kept and exported."""

    def _saved_session(self, offer_resume: bool) -> TableSession | None:
        """On opening: the match left unfinished last time, to offer (not with a seed or when told not
        to), as the session behind the offer, its players named on the panel as the offer names them
        (the table plays the opponent it was opened for until Resume). None when there is none to
        offer (a notice says why if one could not be restored)."""
        if self.seed is not None or not offer_resume:
            return None
        try:
            saved = saved_table(self.records)
        except RecordsUnavailable as error:
            self.keep_save = True
            self.notice = captions.unread_save_text(error)
            return None
        except UnrestorableSave as error:
            self.notice = self._set_aside(error.text, captions.unrestorable_text(error.reason))
            return None
        if saved is None:
            return None
        match, opponent = saved
        self.saved = saved
        self.players = Players(opponent, self.settings.human_side)
        return TableSession.resume(match, opponent)

    def _set_aside(self, text: str, why: str) -> str:
        """Copy a save that cannot be restored into the data folder before a new match may take its
        slot; if even that fails, the slot is left as it is and this table saves nothing over it.
        Returns the notice that says so, after `why`."""
        try:
            path = set_aside(text)
        except OSError as error:
            self.keep_save = True
            return why + " " + captions.not_set_aside_text(error)
        return why + " " + captions.set_aside_text(str(path))

    @property
    def holding(self) -> bool:
        """Whether the table waits, still, for the player to answer the offer or read the notice."""
        return self.saved is not None or bool(self.notice)

    def _hold(self, session: TableSession) -> None:
        """`session` on the table as it stands, nothing moving until the dialog over it is answered."""
        self.session = session
        self.drag = None
        self.checkers.sync(session.board(), session.game.variant)
        self._update_hud()

    def _write_notice(self) -> None:
        """The notice's words on its dialog, its paths free to wrap."""
        self.notice_box.texts[1].text = captions.wrappable(self.notice)

    def close_notice(self) -> None:
        """OK on the notice: the new match held behind it begins."""
        if self.notice:
            self.notice = ""
            self.start_session(self.session)

    def resume_saved(self) -> None:
        """Carry on the saved match shown behind the offer; if its opponent cannot be loaded any more,
        it is set aside (say where) and a new match starts."""
        if self.saved is None:
            return
        match, opponent = self.saved
        self.saved = None
        try:
            bot = None if opponent == HUMAN else guarded_bot(opponent, rules=match.current_rules)
        except UserError as error:
            text = dump_match(match, player_names(opponent, self.settings.human_side))
            self.notice = self._set_aside(text, captions.unresumable_text(opponent, error))
            self._write_notice()
            self._new_match_instead()
            return
        self.driver.close()
        self.opponent, self.rules, self.cube = opponent, match.rules, match.cube
        self.games = TAVLI if match.rotation == TAVLI.rotation else TableGames.of(match.rules)
        self.length, self.money_terms = match.length, (match.jacoby, match.beavers)
        self.driver = OpponentDriver(bot, match.current_rules)
        self.driver.judge_level = self.settings.judge
        self.start_session(self.session)

    def decline_saved(self) -> None:
        """New match on the offer: the player chose to play a new match in its place."""
        self.saved = None
        self._new_match_instead()

    def _new_match_instead(self) -> None:
        """A new match against the opponent and under the rules the table was opened for (held until
        the notice about the saved match is read, if there is one)."""
        self.players = Players(self.opponent, self.settings.human_side)
        session = self.fresh_session(self.seed)
        if self.notice:
            self._hold(session)
        else:
            self.start_session(session)

    def export(self) -> None:
        names = player_names(self.opponent, self.settings.human_side)
        text, suffix = export_record(MatchRecord.from_match(self.session.match, names))
        try:
            path = new_export_path(data_dir() / "exports", text, suffix=suffix)
        except OSError as error:
            self.toast.show(_("could not export the match: {error}").format(error=error))
            return
        self.toast.show(captions.export_text(str(path), compact=self.compact))

    def leave(self) -> None:
        """Keep a match in progress so the menu can offer to resume it, unless a saved match is still
        offered (Esc: not now) or could not be read: that one stays as it is; nor a position set up in
        the position lab (a save holds games from the opening): the match saved before stays."""
        if self.saved is None and not self.keep_save and self.session.keep:
            try:
                save_table(self.records, self.session.match, self.opponent, self.settings.human_side)
            except UserError as error:
                self.toast.show(str(error))
        self.driver.close()

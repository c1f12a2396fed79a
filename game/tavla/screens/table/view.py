"""The backgammon table: drag and drop checkers against a bot (or a friend), with eased slides.

The view only draws the session and turns mouse and keys into calls on it. The checkers' sprites
and glides are `CheckerStacks`', the words `captions`', the panels over the board the overlay layer's,
and the bots (seat 1's play, the hints) think in threads of `OpponentDriver`, so frames keep coming.
What happens next, turn by turn, is `TurnFlow`'s (turns.py); resignations `Resigning`'s (resigning.py); the
saved match offered, resumed, kept and exported `SavedMatch`'s (saving.py); the pointer on the checkers
`CheckerInput`'s (pointer.py); the hints and the computer's last play `TableHints`' (hinting.py); the panel
kept up to date and the frame drawn `TableDrawing`'s (drawing.py).
"""

import random
from collections.abc import Callable

from arcade import key

from game.core.errors import UserError
from game.core.records import Records
from game.core.settings.fields import rgb
from game.core.text.i18n import _
from game.tavla.engine.game import Turn
from game.tavla.engine.match import Match
from game.tavla.engine.moves import Move
from game.tavla.engine.rules import MONEY, Rules, TableGames
from game.tavla.engine.table_session import HUMAN, Phase, TableSession
from game.tavla.engine.turn import Step
from game.tavla.players.isolated import close_bot, guarded_bot
from game.tavla.progress.analysis_jobs import HistoryKeeper
from game.tavla.record.archive import MatchArchive
from game.tavla.record.formats import export_suffix
from game.tavla.record.match_record import MatchRecord
from game.tavla.record.save import player_names
from game.tavla.screens import layout
from game.tavla.screens.analysis.view import AnalysisView
from game.tavla.screens.board_art import Palette
from game.tavla.screens.table import captions, marks
from game.tavla.screens.table.board import BoardPicture
from game.tavla.screens.table.captions import Players
from game.tavla.screens.table.checkers import CheckerStacks
from game.tavla.screens.table.cube import CubeDrawing
from game.tavla.screens.table.dice import DiceSprites
from game.tavla.screens.table.dice_panel import DicePanel
from game.tavla.screens.table.drawing import TableDrawing
from game.tavla.screens.table.hint_panel import HintPanel
from game.tavla.screens.table.hinting import TableHints
from game.tavla.screens.table.last_play import PlayMarks
from game.tavla.screens.table.opponent import OpponentDriver
from game.tavla.screens.table.overlays import (
    beaver_dialog,
    notice_dialog,
    offer_dialog,
    over_dialog,
    roll_dialog,
    take_dialog,
)
from game.tavla.screens.table.panel import SidePanel
from game.tavla.screens.table.pointer import NOTE_WIDTH, CheckerInput, Drag
from game.tavla.screens.table.resigning import KEY_RESIGN, Resigning
from game.tavla.screens.table.rules_card import rules_dialog, rules_text
from game.tavla.screens.table.saving import SavedMatch
from game.tavla.screens.table.turns import WAITING, ShownPlay, TurnFlow
from game.tavla.screens.table.tutor import Tutor
from game.ui.easing import easing_by_name
from game.ui.keys import matches
from game.ui.overlay import Dialog, OverlayLayer
from game.ui.scene import CachedLayer, SceneView
from game.ui.text import Label
from game.ui.widgets import Toast

TOAST_WIDTHS = {False: layout.HALF_WIDTH - 20, True: layout.HALF_WIDTH + 52}
"""The notices' width over the half of the board without the dice; a small window's reach over the
frame, so that a file name stays on one line at the larger text."""

KEY_UNDO = [(key.Z, key.MOD_CTRL), key.BACKSPACE]
KEY_DONE = [key.SPACE, key.ENTER, key.RETURN]
KEY_HINT = [key.H]
KEY_NEW = [key.N]
KEY_DOUBLE = [key.D]
KEY_ROLL = [key.SPACE, key.ENTER, key.RETURN, key.R]
KEY_TAKE = [key.T, key.ENTER, key.RETURN]
KEY_PASS = [key.P]
KEY_BEAVER = [key.B]
KEY_LAST = [key.L]
KEY_STOP = [key.S]  # the end card's Stop, after a game of a money session
KEY_EDIT = [key.E]  # the position lab: set up (edit) the position on the table
KEY_COPY_IDS = [(key.C, key.MOD_CTRL)]  # the decision's IDs to the clipboard
KEY_PASTE_ID = [(key.V, key.MOD_CTRL)]  # an ID from the clipboard, opened in the position lab
KEY_RULES = [key.F1]  # the rules of the game on the table


class TableView(Resigning, TurnFlow, TableHints, TableDrawing, SavedMatch, CheckerInput, SceneView):
    """A match (or a money session) at the table; when a game ends Next game, New match (Stop in a
    money session) and Analyse, then Menu once the match is decided or the session stopped."""

    def __init__(
        self,
        opponent: str | None = None,
        rules: Rules | TableGames | None = None,
        seed: int | None = None,
        offer_resume: bool = True,
        cube: bool | None = None,
    ) -> None:
        """`offer_resume=False` starts a new match without offering the saved one (an opponent named
        on the command line); `rules` is one game of the board or a Tavli match (default: the config's);
        `cube` plays with the doubling cube where the rules have one (default: the config's)."""
        super().__init__()
        settings = self.shell.settings.tavla
        self.settings = settings
        self.opponent = opponent or settings.opponent
        games = rules or settings.rules
        self.games = TableGames.of(games) if isinstance(games, Rules) else games
        self.rules = self.games.first
        self.cube = (settings.cube if cube is None else cube) and self.rules.has_cube
        self.length = settings.session_length  # MONEY: a money session
        self.money_terms = (settings.jacoby, settings.beavers)  # its Jacoby rule and beavers, with the cube
        self.seed = seed
        self.rng = random.Random(seed)
        bot = None if self.opponent == HUMAN else guarded_bot(self.opponent, rules=self.rules, seed=seed)
        for later in self.games.rotation[1:]:  # a Tavli match: a bot that cannot play them all is refused now
            if bot is not None:
                close_bot(guarded_bot(self.opponent, rules=later))
        self.driver = OpponentDriver(bot, self.rules)
        self.driver.judge_level = self.settings.judge
        self.players = Players(self.opponent, settings.human_side)
        colours = settings.colours
        self.palette = Palette(*(rgb(getattr(colours, name)) for name in Palette.__dataclass_fields__))
        self.duration = self.shell.settings.window.animation_seconds(settings.animation.duration)
        light_seat = 0 if settings.human_side == "white" else 1
        self.checkers = CheckerStacks(self.duration, easing_by_name(settings.animation.easing), light_seat)
        self.checkers.sound = self.shell.sounds.play
        self.records = Records()
        self.board = BoardPicture()
        self.layer = CachedLayer(self.window.ctx)
        self.dice = DiceSprites()
        self._drag: Drag | None = None
        self.targets: dict[int, list[Step]] = {}
        self.hint: list[Move] = []
        self.hint_arrows: list[marks.Segment] = []
        self.replay: ShownPlay | None = None
        self._marks: tuple[Turn, PlayMarks] | None = None  # the computer's last play's, once worked out
        self.rolling = 0.0
        self.pass_wait = 0.0
        self.last_click: tuple[float, int, object, int] = (0.0, -1, None, 0)  # time, point, turn, steps
        self.auto_commit = False
        self.toast = Toast(layout.BAR_X, layout.MIDDLE_Y, TOAST_WIDTHS[False])
        self.note = Toast(layout.BAR_X, layout.MIDDLE_Y, NOTE_WIDTH)  # a refusal, beside the checker
        self.cube_drawing = CubeDrawing()
        self.archive = MatchArchive()
        self.history = HistoryKeeper()  # a finished match analysed into the history, by a worker
        self.moment = object()  # names the decision before a roll, for its hint
        self.saved: tuple[Match, str] | None = None  # the saved match offered, until it is answered
        self.keep_save = False  # the records hold a save that could not be read: never saved over
        self.notice = ""  # what became of a saved match that is not offered; the table waits for OK
        behind = self._saved_session(offer_resume)
        self.session = behind or self.fresh_session(seed)
        self._build_widgets()
        self._build_textures()
        if self.holding:
            self._hold(self.session)  # the saved match offered, or the new one behind the notice
        else:
            self.start_session(self.session)

    def fresh_session(self, seed: int | None) -> TableSession:
        """A new match, or money session, on the terms the table plays (the Jacoby rule and beavers only
        for money with the cube)."""
        jacoby, beavers = self.money_terms if self.length == MONEY and self.cube else (False, False)
        rotation = self.games.rotation if len(self.games.rotation) > 1 else ()
        terms = (self.cube, jacoby, beavers, rotation)
        # Dice committed to before the match where `dice verify` can prove them: a table not given a
        # seed (a seed replays its dice instead), playing backgammon.
        committed = self.seed is None and all(rules.is_backgammon for rules in self.games.rotation)
        return TableSession(self.rules, self.length, self.opponent, seed, *terms, committed=committed)

    @property
    def drag(self) -> Drag | None:
        """The checker being dragged, if any; the stacks leave it where the mouse is."""
        return self._drag

    @drag.setter
    def drag(self, drag: Drag | None) -> None:
        self._drag = drag
        self.checkers.held = None if drag is None else drag.sprite

    def start_session(self, session: TableSession) -> None:
        """Play `session` from where it stands (a new match, a resumed one, a set-up position)."""
        self.session = session
        self.drag = None
        self.replay = None
        self.choosing_resign = False
        self.driver.forget()
        self.seat_opponent()
        self.checkers.sync(self.session.board(), self.session.game.variant)
        self._start_turn()
        self._announce_opening()

    def seat_opponent(self) -> None:
        """The computer plays the game on the table: in a Tavli match each game's bot of its rules."""
        rules = self.session.rules
        if self.driver.rules is rules:
            return
        bot = self.driver.bot
        self.driver.close()
        if bot is not None:
            bot = guarded_bot(self.opponent, rules=rules, seed=self.seed)
        self.driver = OpponentDriver(bot, rules)
        self.driver.judge_level = self.settings.judge

    def _announce_opening(self) -> None:
        """Say who won the opening roll, since it decides who plays first with which dice."""
        text = captions.opening_text(self.session.game, self.players)
        if text is not None:
            self.toast.show(text, 3.0)

    # --- set-up ---

    def _build_widgets(self) -> None:
        seat_colours = (self.palette.white_checker, self.palette.black_checker)
        if self.settings.human_side != "white":
            seat_colours = seat_colours[::-1]
        self.seat_colours = seat_colours
        self.panel = self._side_panel()
        self.buttons = list(self.panel.buttons)
        self.hint_panel = HintPanel(
            self.make_hinted, self._point_hint, self._clear_hint, seat_colours, self.roll_out_hint
        )
        self.offer = self._offer_dialog()
        notice_keys = [(KEY_DONE, self.close_notice)]
        self.notice_box = notice_dialog(lambda: bool(self.notice), self.close_notice, notice_keys)
        self.over = over_dialog(self._game_over_shown, self.next_game, self.new_match, self.analyse)
        self.dice_panel = DicePanel()
        self.rules_shown = False
        rules_keys = [(KEY_DONE + KEY_RULES, self.close_rules)]
        self.rules_card = rules_dialog(lambda: self.rules_shown, self.close_rules, rules_keys)
        self.tutor = Tutor(self.settings.tutor, self.finish_turn, self._take_back_turn)
        self.tutor.level = self.settings.judge
        self._build_questions()

    def _offer_dialog(self) -> Dialog:
        """The offer of the saved match, sized for the command resuming it would run (shown whole) at
        the text size this window reads."""
        offer_keys = [(KEY_DONE, self.resume_saved), (KEY_NEW, self.decline_saved)]
        opponent = self.saved[1] if self.saved is not None else HUMAN
        command = captions.offer_command_text(opponent)
        shown = lambda: self.saved is not None  # noqa: E731 - read at each frame
        dialog = offer_dialog(
            shown, self.resume_saved, self.decline_saved, offer_keys, command, self.smallest_text
        )
        if self.saved is not None:
            if captions.runs_code(opponent):
                dialog.buttons[0].label = captions.run_it_label()
            dialog.texts[1].text = captions.offer_text(self.saved[0], self.players)
        return dialog

    def _build_questions(self) -> None:
        """The cube's and the tutor's questions, in the band this window's size gives them."""
        compact = self.compact
        roll_keys = [
            (KEY_DOUBLE, self.double),
            (KEY_ROLL, self.roll),
            (KEY_HINT, self.show_hint),
            (KEY_LAST, self.show_last_play),
            (KEY_RESIGN, self.open_resign),
        ]
        shown = self._waits_for(Phase.ROLL)
        self.roll_question = roll_dialog(shown, self.double, self.roll, roll_keys, compact)
        take_keys = [
            (KEY_TAKE, self.take),
            (KEY_PASS, self.pass_double),
            (KEY_HINT, self.show_hint),
            (KEY_LAST, self.show_last_play),
        ]
        answer_shown = self._waits_for(Phase.ANSWER)
        may_beaver = lambda: self.session.may_beaver  # noqa: E731 - read at each frame
        take_shown = lambda: answer_shown() and not may_beaver()  # noqa: E731
        beaver_shown = lambda: answer_shown() and may_beaver()  # noqa: E731
        self.take_question = take_dialog(take_shown, self.take, self.pass_double, take_keys, compact)
        beaver_keys = [*take_keys, (KEY_BEAVER, self.beaver)]
        self.beaver_question = beaver_dialog(
            beaver_shown, self.take, self.beaver, self.pass_double, beaver_keys, compact
        )
        tutor = self.tutor.build_dialog(compact)
        resign = self.build_resign_dialogs(compact)
        self._write_notice()
        questions = [*resign, self.roll_question, self.take_question, self.beaver_question, tutor]
        dialogs = [self.offer, self.notice_box, self.rules_card, self.over, *questions]
        self.overlays = OverlayLayer(dialogs)

    def _side_panel(self) -> SidePanel:
        return SidePanel(
            self.finish_turn,
            self.undo,
            self.show_hint,
            self.to_menu,
            self.export,
            self.seat_colours,
            self.compact,
            self.show_last_play,
            self.open_resign,
            export_suffix(self.games.rotation),
        )

    def _waits_for(self, phase: Phase) -> Callable[[], bool]:
        """Whether a cube question is on the table: in `phase`, once every checker has landed."""
        return lambda: not self.holding and self.session.phase is phase and not self.animating

    def _dice_panel_shown(self) -> bool:
        """The dice panel under the end card once the match is over (not over a saved match's offer)."""
        return self.session.phase is Phase.MATCH_OVER and self.overlays.top is self.over

    def _game_over_shown(self) -> bool:
        """The card over the board once a game is over and every checker has landed."""
        return self.session.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and not self.animating

    def _build_textures(self) -> None:
        """Board, checkers and dice as textures at screen resolution; rebuilt after a resize."""
        scale = self.built_scale = self.pixel_scale
        self.board.build(self.palette, scale, self.settings.point_numbers)
        self.checkers.build_textures(self.palette, scale)
        self.dice.build_textures(scale)
        self._update_dice()

    def on_compact_changed(self, compact: bool) -> None:
        """Across the small-window line, the side panel laid out again with what it showed (a small
        window has no room for the ranked hint: its line stays), and the questions in their band."""
        old, self.panel = self.panel, self._side_panel()
        self.panel.set_texts({name: label.text for name, label in old.texts.items()})
        self.panel.moves.set_rows(old.moves.rows)
        for new, kept in zip(self.panel.upper_buttons, old.upper_buttons, strict=True):
            new.enabled = kept.enabled
        if compact:
            self.hint_panel.clear()
        self.buttons = self.hint_panel.covering(self.panel.buttons, self.panel.upper_buttons)
        self._build_questions()
        self._update_hud()

    def on_scale_changed(self) -> None:
        """Textures at the new resolution; the notices a little wider on a small window, for their larger
        text; the offer's command measured again at the text size this window reads."""
        self._build_textures()
        self.toast.set_width(TOAST_WIDTHS[self.compact])
        if self.saved is not None:
            self.offer = self.overlays.dialogs[0] = self._offer_dialog()

    def on_show_view(self) -> None:
        """Shown again (Back from the analysis): laid out for the window as it is now, which may have
        changed size meanwhile."""
        super().on_show_view()
        if self.pixel_scale != self.built_scale:
            self.rescale()

    def readable_labels(self) -> list[Label]:
        dialogs = [label for dialog in self.overlays.dialogs for label in dialog.labels]
        ranked = () if self.compact else self.hint_panel.labels
        cube = (self.cube_drawing.face, self.cube_drawing.note)
        notices = (*self.toast.labels, *self.note.labels, *self.tutor.caption.labels)
        shown = [*self.panel.labels, *ranked, *cube, *self.checkers.count_labels, *notices, *dialogs]
        return [*shown, *self.dice_panel.labels]

    @property
    def animating(self) -> bool:
        """Checkers gliding, dice rolling, the computer's play still on show, or a forced play waiting
        under its caption."""
        moving = self.checkers.animating or self.rolling > 0 or self.replay is not None
        return moving or self.forced_wait > 0

    @property
    def in_motion(self) -> bool:
        """At rest only while the table waits for a person, with nothing gliding, rolling or fading."""
        phase = self.session.phase
        waits = self.holding or phase in WAITING
        notices = self.toast.remaining > 0 or self.note.remaining > 0
        busy = self.animating or self.drag is not None or notices or self.auto_commit
        return busy or not waits or self.driver.hint_pending

    # --- other screens ---

    def show_rules(self) -> None:
        """F1: the rules of the game on the table, on a card the table waits behind."""
        rules = self.session.game.rules
        self.rules_card.texts[0].text = _(rules.display_name)
        self.rules_card.texts[1].text = rules_text(rules)
        self.rules_shown = True

    def close_rules(self) -> None:
        self.rules_shown = False

    def to_menu(self) -> None:
        self.shell.show_menu()

    def analyse(self) -> None:
        """The end card's Analyse: the match so far judged on the analysis screen; its Back (and Esc)
        lead to this table again, the end card as it was (the match was saved on the way, in case the
        game is closed there)."""
        names = player_names(self.opponent, self.settings.human_side)
        record = MatchRecord.from_match(self.session.match, names)
        window = self.shell
        window.show_view(AnalysisView(record, lambda: window.show_view(self)))

    # --- input ---

    def on_scene_key(self, symbol: int, modifiers: int) -> None:
        if self.overlays.on_key(symbol, modifiers):
            return
        if matches(KEY_UNDO, symbol, modifiers):
            self.undo()
        elif matches(KEY_DONE, symbol, modifiers):
            if self.session.phase is Phase.GAME_OVER:
                self.next_game()
            else:
                self.finish_turn()
        elif matches(KEY_HINT, symbol, modifiers):
            self.show_hint()
        elif matches(KEY_LAST, symbol, modifiers):
            self.show_last_play()
        elif matches(KEY_RESIGN, symbol, modifiers):
            self.open_resign()
        elif matches(KEY_NEW, symbol, modifiers) and self.session.phase is Phase.MATCH_OVER:
            self.new_match()
        elif matches(KEY_STOP, symbol, modifiers):
            self.stop_session()  # only on the card after a game of a money session
        elif matches(KEY_EDIT, symbol, modifiers) and not self.holding and self.drag is None:
            from game.tavla.screens.table.setup_view import open_setup  # it opens this table again

            open_setup(self)
        elif matches(KEY_COPY_IDS, symbol, modifiers):
            self.copy_ids()
        elif matches(KEY_RULES, symbol, modifiers):
            self.show_rules()
        elif matches(KEY_PASTE_ID, symbol, modifiers) and not self.holding and self.drag is None:
            self.paste_id()

    def copy_ids(self) -> None:
        """Ctrl+C: the Position ID:Match ID the panel shows and the XGID of the decision, one a line."""
        from game.tavla.lab.setup_board import SetupBoard
        from game.tavla.screens.table.setup_view import copy_ids_of

        if not self.session.rules.is_backgammon:
            return  # the other games have no IDs
        try:
            setup = SetupBoard.from_session(self.session).to_setup()
        except UserError as error:
            self.toast.show(str(error))
            return
        position, match = captions.gnubg_ids(self.session)
        copy_ids_of(self.shell, setup, self.toast, f"{position}:{match}")

    def paste_id(self) -> None:
        """Ctrl+V: the ID on the clipboard set up in the position lab (Esc there comes back here)."""
        from game.tavla.screens.table.setup_view import open_setup  # it opens this table again

        lab = open_setup(self)
        if lab is not None:
            lab.paste_id()

    def roll_out_hint(self) -> None:
        """The hint's Roll out: the position and its dice in the position lab, its best plays rolled out
        there (Back returns to the table as it was)."""
        from game.tavla.screens.table.setup_view import open_setup  # it opens this table again

        lab = open_setup(self)
        if lab is not None:
            lab.roll_out()

    def _beside_question(self, x: float, y: float) -> bool:
        """A click beside a cube question (Double / Roll, Take / Pass) or the game's end card: the card
        waits, while the panel's buttons still answer (Hint above all, the cube hint; Export .mat and
        Menu at the end, which look enabled there and so must work)."""
        top = self.overlays.top
        return (
            top in (self.roll_question, self.take_question, self.beaver_question, self.over)
            and top is not None
            and not top.rect.contains(x, y)
        )

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        world = self.to_world(x, y)
        if self._beside_question(*world) or not self.overlays.on_mouse_press(*world):
            super().on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        world = self.to_world(x, y)
        if self._beside_question(*world) or not self.overlays.on_mouse_release(*world):
            super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel over the move list scrolls it: up for older turns."""
        if self.panel.moves.contains(*self.to_world(x, y)):
            self.panel.moves.scroll(-round(scroll_y))

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        self.overlays.on_mouse_motion(*self.to_world(x, y))

    # --- time ---

    def on_update(self, delta_time: float) -> None:
        self.toast.update(delta_time)
        if self.holding:
            return
        if self.rolling > 0:
            self.rolling = max(0.0, self.rolling - delta_time * self.shell.settings.window.animation_pace)
            self._update_dice()
        self.checkers.update(delta_time, rolling=self.rolling > 0)
        self.note.update(delta_time)
        if self.replay is not None:
            self._update_dice()
            if not self.checkers.animating:
                self.replay.wait -= delta_time
                if self.replay.wait <= 0:
                    self._end_replay()
        self._collect_hint()
        if self.pass_wait > 0:
            self.pass_wait -= delta_time
            if self.pass_wait <= 0 and self.session.phase is Phase.PASS:
                self.session.pass_turn()
                if not self.session.game.over:
                    self._start_turn()
            return
        if self.forced_wait > 0:
            self.forced_wait -= delta_time
        self._collect_bot_answer()
        if not self.animating and self.drag is None:
            self._after_animation()
